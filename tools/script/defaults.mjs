#!/usr/bin/env node
// Prints a lesson script's defaults, its exported `VARSAYILAN` object, as JSON: what the core reads
// a script lesson's manifest against (the CLI's src/cli/scripts.rs, the build's lesson folders).
//
//   node tools/script/defaults.mjs <lesson dir> <module>
//
// exit 0: stdout is the JSON object. exit 1: stderr's last line says what is wrong with the
// module (it does not load, exports no VARSAYILAN object, or a value that is not a number, a
// string or a boolean), naming the file. The module loads as a library (it must not read
// process.argv or print while it loads), as the page loads it.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, module] = process.argv.slice(2);
if (!dir || !module || /[\\/]/.test(module)) {
  process.stderr.write("usage: node tools/script/defaults.mjs <lesson dir> <module (a file of the folder)>\n");
  process.exit(2);
}
const fail = (why) => {
  process.stderr.write(`${module}: ${why}\n`);
  process.exit(1);
};
let exported;
try {
  exported = await import(pathToFileURL(join(resolve(dir), module)).href);
} catch (err) {
  fail(`cannot be loaded: ${String(err?.message ?? err).split("\n")[0]}`);
}
const d = exported.VARSAYILAN;
if (typeof d !== "object" || d === null || Array.isArray(d)) fail("exports no VARSAYILAN object (export const VARSAYILAN = { ... }: every constant of the lesson, with its default)");
for (const [k, v] of Object.entries(d)) {
  if (!["number", "string", "boolean"].includes(typeof v) || (typeof v === "number" && !Number.isFinite(v)))
    fail(`VARSAYILAN.${k} is ${typeof v === "number" ? v : typeof v}; a default is a finite number, a string or a boolean`);
}
process.stdout.write(`${JSON.stringify(d)}\n`);
