#!/usr/bin/env node
// Runs many section scripts of one lesson folder for the CLI, one process for a whole sweep: the
// same contract as run.mjs (a worker thread with a wall-clock budget and a memory cap), without
// a node start per run (tools/script/bench.mjs measures both ways).
//
//   node tools/script/serve.mjs [--budget-ms=N] [--memory-mb=N] <lesson dir>
//
// Each line on stdin is a request, a JSON object {"section": "olc.mjs", "params": {...} or null};
// each answer is one line of JSON on stdout, in the requests' order: {"text": "..."} (the script's
// text, byte for byte) or {"code": "...", "message": "..."} (run.mjs's `<code>: <message>`). What a
// script writes with console.error/warn is dropped, as run.mjs's caller drops it. The process ends
// when stdin closes.
import { createInterface } from "node:readline";
import { ScriptError } from "../../www/script/errors.js";
import { Runner, runnerOptions } from "./runner.mjs";

const USAGE = "usage: node tools/script/serve.mjs [--budget-ms=N] [--memory-mb=N] <lesson dir>";
const { options, rest } = runnerOptions(process.argv.slice(2));
if (rest.length !== 1 || rest[0].startsWith("--")) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const [dir] = rest;
const runner = new Runner(options);

/** The answer to one request line. */
async function answer(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (err) {
    return { code: "name", message: `a request is not JSON: ${err.message}` };
  }
  const { section, params } = request ?? {};
  if (typeof section !== "string" || (params !== null && (typeof params !== "object" || Array.isArray(params))))
    return { code: "name", message: `a request needs a section (a file name) and params (an object or null), got ${line.slice(0, 200)}` };
  try {
    const { text } = await runner.run({ dir, section, params: params ?? undefined });
    return { text };
  } catch (err) {
    if (!(err instanceof ScriptError)) throw err;
    return { code: err.code, message: err.message };
  }
}

// One request at a time, answered in order (the runner queues its runs one after another).
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const reply = JSON.stringify(await answer(line));
  if (!process.stdout.write(`${reply}\n`)) await new Promise((done) => process.stdout.once("drain", done));
}
await runner.close();
