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

/** The defaults of lesson folder `dir`: its `module`'s VARSAYILAN, checked; or an Error whose
 * message names the module and what is wrong (tools/script/site.mjs reads them too). */
export async function readDefaults(dir, module) {
  const fail = (why) => {
    throw new Error(`${module}: ${why}`);
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
  return d;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [dir, module] = process.argv.slice(2);
  if (!dir || !module || /[\\/]/.test(module)) {
    process.stderr.write("usage: node tools/script/defaults.mjs <lesson dir> <module (a file of the folder)>\n");
    process.exit(2);
  }
  try {
    process.stdout.write(`${JSON.stringify(await readDefaults(dir, module))}\n`);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
