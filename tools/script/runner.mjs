// Node's host for lesson scripts: runs a lesson folder's section script in a worker thread
// (thread.mjs) with a wall-clock budget and a memory cap (resourceLimits), and answers {text,
// stderr} or a ScriptError (www/script/errors.js) — the contract of www/script/capture.js, the
// page's too (www/script/worker-run.js). A Runner keeps its thread for many runs (a sweep), each
// run re-evaluating the section script (www/script/host.js: a fresh thread after `recycleAfter`
// runs and after any failed run). A thread, not a child process: measured per run, a thread
// kept for many runs costs a small part of a process or a thread started for each (bench.mjs).
import { spawnSync } from "node:child_process";
import { readdirSync, realpathSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ScriptError } from "../../www/script/errors.js";
import { Host } from "../../www/script/host.js";
import { sectionFile } from "../../www/script/names.js";

const THREAD = new URL("./thread.mjs", import.meta.url);

/** Defaults: 5 s of wall clock per run, 256 MB of old-generation heap, a fresh thread every 200
 * runs (each run's module instance stays in the thread's module map). */
export const DEFAULTS = Object.freeze({ budgetMs: 5000, memoryMb: 256, recycleAfter: 200 });

/** A command line's runner options (`--budget-ms=N`, `--memory-mb=N`) and its other arguments,
 * for run.mjs and serve.mjs: {options, rest}. */
export function runnerOptions(args) {
  const options = {};
  const rest = [];
  for (const arg of args) {
    const m = /^--(budget-ms|memory-mb)=(\d+)$/.exec(arg);
    if (m) options[m[1] === "budget-ms" ? "budgetMs" : "memoryMb"] = Number(m[2]);
    else rest.push(arg);
  }
  return { options, rest };
}

export class Runner {
  #host;

  constructor(options = {}) {
    const { budgetMs, memoryMb, recycleAfter } = { ...DEFAULTS, ...options };
    this.#host = new Host({ budgetMs, recycleAfter, open: (events) => open(events, memoryMb) });
  }

  /** Runs `section` (a file name) of the lesson folder `dir` (a path) with `params` (an object, or
   * undefined: none, as `node script.mjs` without an argument); resolves to {text, stderr, heap}
   * (`heap`: the thread's heap after the run, in bytes) or rejects with a ScriptError. Runs queue
   * one after another. */
  async run({ dir, section, params }) {
    const file = sectionFile(section);
    const where = { script: `${basename(resolve(dir))}/${file}`, params: params ?? null };
    const folder = folderUrl(dir, where);
    try {
      return await this.#host.run({ folder, section: file, params, script: where.script });
    } catch (err) {
      throw err instanceof ScriptError ? located(err, dir, file) : err;
    }
  }

  /** Ends the thread; the runner starts a new one if asked to run again. */
  close() {
    return this.#host.close();
  }
}

/** A thread for the host (www/script/host.js): its channel, its death reported as a failure. */
function open(events, memoryMb) {
  const worker = new Worker(THREAD, {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, memoryMb / 4) },
    stdout: true,
    stderr: true,
  });
  // Node's own messages on the thread's stderr, for a crash's message; its stdout is unused.
  const said = [];
  worker.stdout.resume();
  worker.stderr.setEncoding("utf8").on("data", (s) => said.push(s));
  const tail = () => {
    const text = said.join("").trim();
    return text ? `: ${text.split("\n").slice(-3).join(" / ")}` : "";
  };
  worker.on("message", events.message);
  worker.on("error", (err) => {
    if (err?.code === "ERR_WORKER_OUT_OF_MEMORY") events.failure("memory", `ran past its memory cap of ${memoryMb} MB and was stopped`);
    else events.failure("crashed", `stopped its runner: ${err?.message ?? err}${tail()}`);
  });
  worker.on("exit", (code) => events.failure("crashed", `stopped its runner (exit code ${code})${tail()}`));
  return { send: (m) => worker.postMessage(m), end: () => worker.terminate() };
}

/** Lesson folder `dir`'s file URL, ending in "/". Node names a module by its real path (symbolic
 * links resolved), and so do its stack traces, which the runner reads places from. */
function folderUrl(dir, where) {
  try {
    return pathToFileURL(realpathSync(dir)).href.replace(/\/?$/, "/");
  } catch (err) {
    throw new ScriptError("load", `the lesson folder ${dir} cannot be read (${err.code ?? err.message})`, where);
  }
}

/** `error`, with its file and line when it is a script that does not parse: import() reports that
 * without a place; node's own check (`node --check`, the section first, then the folder's other
 * scripts) finds them, which the page cannot. */
function located(error, dir, section) {
  const { code, detail, where } = error.toJSON();
  if (code !== "load" || where.file || !detail.startsWith("cannot be loaded: SyntaxError")) return error;
  const files = readdirSync(dir).filter((f) => /\.m?js$/.test(f) && f !== section);
  for (const file of [section, ...files.sort()]) {
    const check = spawnSync(process.execPath, ["--check", join(dir, file)], { encoding: "utf8" });
    const at = check.status !== 0 && /^[^\n]*:(\d+)\n/.exec(check.stderr);
    if (at) return Object.assign(new ScriptError(code, detail, { ...where, file, line: Number(at[1]) }), { stderr: error.stderr });
  }
  return error;
}

/** One run in a thread of its own, ended afterwards. */
export async function run({ dir, section, params, ...options }) {
  const runner = new Runner(options);
  try {
    return await runner.run({ dir, section, params });
  } finally {
    await runner.close();
  }
}
