#!/usr/bin/env node
// Runs one section script of a lesson folder as the page would, for the CLI and the tests:
//
//   node tools/script/run.mjs [--budget-ms=N] [--memory-mb=N] <lesson dir> <section> [<params json>]
//
// <lesson dir> is a folder on disk (the lesson's id is its name), <section> a file name in it
// (olc.mjs; no folder), <params json> a JSON object given to the script as process.argv[2], as in
// `node <lesson dir>/<section> '<json>'` (none: no argv[2], the script's defaults). The run keeps
// www/script/capture.js's contract (no clock, no unseeded random, console.log output only) in a
// worker thread with a wall-clock budget (default 5000 ms) and a memory cap (default 256 MB).
//
// The protocol (what a caller such as the Rust CLI reads):
// - exit 0: stdout is the script's text, byte for byte; stderr is what it wrote with
//   console.error/warn (usually nothing).
// - exit 1: the script failed. stdout is empty; stderr ends with one line `<code>: <message>`, the
//   code one of capture.js's (threw, silent, clock, random, timer, host, output, params, load,
//   budget, memory, crashed) and the message naming the file, the line when known and the
//   parameters; any lines before it are what the script wrote with console.error/warn.
// - exit 2: the call was wrong (a missing argument, a section name with a folder or a scheme,
//   parameters that are not a JSON object, an unknown option): one line `usage: …` or
//   `name: …` on stderr.
import { Runner, runnerOptions } from "./runner.mjs";
import { ScriptError } from "../../www/script/errors.js";

const USAGE = "usage: node tools/script/run.mjs [--budget-ms=N] [--memory-mb=N] <lesson dir> <section> [<params json>]";

/** The options and positional arguments, or a usage error. */
function parse(args) {
  const { options, rest } = runnerOptions(args);
  const unknown = rest.find((arg) => arg.startsWith("--"));
  if (unknown) throw new Error(`unknown option ${unknown}`);
  if (rest.length < 2 || rest.length > 3) throw new Error(`expected a lesson folder, a section and optionally a JSON object, got ${rest.length} arguments`);
  const [dir, section, json] = rest;
  let params;
  if (json !== undefined) {
    try {
      params = JSON.parse(json);
    } catch (err) {
      throw new Error(`the parameters are not JSON: ${err.message}`);
    }
    if (typeof params !== "object" || params === null || Array.isArray(params)) throw new Error(`the parameters must be a JSON object, got ${json}`);
  }
  return { options, dir, section, params };
}

let call;
try {
  call = parse(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`usage: ${err.message}\n${USAGE}\n`);
  process.exit(2);
}
const runner = new Runner({ ...call.options, recycleAfter: 1 });
try {
  const { text, stderr } = await runner.run(call);
  process.stderr.write(stderr);
  process.stdout.write(text);
} catch (err) {
  if (!(err instanceof ScriptError)) throw err;
  process.exitCode = err.code === "name" ? 2 : 1;
  process.stderr.write(`${err.stderr ?? ""}${err.code}: ${err.message}\n`);
} finally {
  await runner.close();
}
