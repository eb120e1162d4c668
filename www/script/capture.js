// Runs a lesson's section script inside this realm (a page's module worker or a node worker
// thread) and captures what it prints, the same way in both: a fresh URL per run (`olc.mjs#run=N`;
// modules are cached by URL, a fragment is enough for a new one and no new HTTP resource)
// re-evaluates the section script, `process.argv` carries the parameters as
// `node script.mjs '<json>'` would, and console.log is captured with node's formatting.
//
// A script is untrusted for the page's sake. After guard(), this realm keeps these rules for
// every script it runs (the contract, identical in node and in the browser):
// - anything that reads the clock throws a ScriptError at its first use: Date (calling it,
//   constructing it, any of its properties), performance, Intl.DateTimeFormat (the reader's time
//   zone too), console.time*; so does anything that draws unseeded random numbers: Math.random,
//   crypto. Timers (setTimeout, setInterval, setImmediate) and the page's channels (postMessage,
//   fetch, addEventListener, close...) too.
//   The run fails with that error even when the script catches it.
// - the script sees `process` as {argv, stdout: {write}} only: argv is ["node", "<section file>",
//   "<params as JSON>"] (no third item when the run has no parameters); Buffer and global are gone.
// - its output is what it prints with console.log/info/debug and process.stdout.write while it
//   evaluates (with the promise jobs it leaves); console.error/warn/trace/assert go to `stderr`.
//   Printing an object or a function (node's util.inspect layout), console.table, dir and group
//   are refused. Printing nothing is an error.
// - the modules a section imports (akis.mjs) load once per realm and serve every later run, as a
//   library: they must not read process.argv while they load (refused) nor keep state between
//   calls (not detected). Globals a run adds are deleted after it.
// The host (tools/script/runner.mjs, www/script/worker-run.js) owns the time budget and the
// memory cap: it ends the whole realm.
import { ScriptError, locate } from "./errors.js";
import { format } from "./format.js";
import { sectionUrl } from "./names.js";

/** The run in progress: {url, folder, script, params, argv, out, err, violation}. */
let current = null;
let runs = 0;
/** This realm's own globals, kept across runs (guard() records them). */
let baseline = null;

/** Fails the current run with `code` at the caller's place in the lesson's files: recorded, so the
 * run fails even if the script catches the error, and thrown. */
function violate(code, detail) {
  const run = current;
  const { column, ...at } = (run && locate(new Error().stack, run.folder)) ?? {};
  const err = new ScriptError(code, detail, run ? { script: run.script, ...at, params: run.params } : {});
  if (run && !run.violation) run.violation = err;
  throw err;
}

/** A function that refuses to run: `label` (what the script called) and why, in the error. */
function refuse(label, code, why) {
  const fn = function () {
    violate(code, `${label} ${why}`);
  };
  return Object.defineProperty(fn, "name", { value: label.replace(/^.*\./, "") });
}

const CLOCK = "reads the clock: a lesson script's output depends on its parameters only";
const RANDOM = "draws unseeded random numbers: draw from a seeded generator (as the lessons' minstd), so the same parameters print the same text";
const TIMER = "schedules by the clock: a lesson script prints its tables while it runs, without timers";
const HOST = "reaches outside the script: a lesson script computes from its parameters and prints with console.log";

/** An object every use of which (call, construction, any property) refuses: Date, performance. */
function refusedObject(name, code, why) {
  const fail = () => violate(code, `${name} ${why}`);
  return new Proxy(function () {}, { apply: fail, construct: fail, get: fail, set: fail, has: fail, ownKeys: fail, getOwnPropertyDescriptor: fail, getPrototypeOf: fail, defineProperty: fail });
}

/** Defines global `name` in place of whatever was there. */
function define(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

/** Appends a printed line to the run's text (`err`: to its stderr). */
function printer(how, err = false) {
  return (...args) => {
    const run = current;
    let line;
    try {
      line = format(args);
    } catch (e) {
      if (e instanceof ScriptError) violate(e.code, e.detail.replace(/^console\.log/, how));
      throw e;
    }
    if (run) (err ? run.err : run.out).push(`${line}\n`);
  };
}

/** The `process` a script sees. */
const PROCESS = Object.freeze({
  get argv() {
    const run = current;
    if (!run) return violate("params", "process.argv was read after its run ended");
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    const stack = new Error().stack;
    Error.stackTraceLimit = limit;
    // The section's frame names its URL with the run's fragment, or without it once Chromium
    // compiles the file from its code cache (seen after a few hundred runs of a sweep).
    const file = run.url.split("#")[0];
    if (!String(stack).includes(run.url) && !String(stack).includes(`${file}:`))
      violate("params", "process.argv was read while a module the section imports was loading: shared modules load once and serve many runs, so only the section script reads the parameters (as parametreler(process.argv) does there)");
    return [...run.argv];
  },
  stdout: Object.freeze({
    write(chunk) {
      if (typeof chunk !== "string") violate("output", "process.stdout.write was given bytes: write strings");
      current?.out.push(chunk);
      return true;
    },
  }),
});

/** Installs the contract above in this realm; once, before the first run. The host keeps what it
 * needs of the replaced globals (postMessage, its own timers) before calling it. */
export function guard() {
  if (baseline) return;
  Math.random = refuse("Math.random", "random", RANDOM);
  define("Date", refusedObject("Date", "clock", CLOCK));
  define("performance", refusedObject("performance", "clock", CLOCK));
  // Without a date it formats now; with one, in the reader's time zone.
  Object.defineProperty(Intl, "DateTimeFormat", { value: refusedObject("Intl.DateTimeFormat", "clock", CLOCK), writable: true, configurable: true });
  define("crypto", refusedObject("crypto", "random", RANDOM));
  for (const name of ["setTimeout", "setInterval", "setImmediate", "requestAnimationFrame"]) define(name, refuse(name, "timer", TIMER));
  for (const name of ["postMessage", "close", "addEventListener", "removeEventListener", "dispatchEvent", "onmessage", "importScripts", "fetch", "XMLHttpRequest", "WebSocket", "EventSource", "Worker", "BroadcastChannel"])
    define(name, refuse(name, "host", HOST));
  define("process", PROCESS);
  for (const name of ["Buffer", "global", "clearImmediate"]) delete globalThis[name];
  for (const name of ["log", "info", "debug"]) console[name] = printer(`console.${name}`);
  for (const name of ["error", "warn"]) console[name] = printer(`console.${name}`, true);
  console.trace = (...args) => current?.err.push(`Trace: ${format(args)}\n`);
  console.assert = (ok, ...args) => ok || current?.err.push(`Assertion failed${args.length ? `: ${format(args)}` : ""}\n`);
  for (const name of ["table", "dir", "dirxml", "group", "groupCollapsed", "groupEnd", "count", "countReset"])
    console[name] = refuse(`console.${name}`, "output", "prints what only node lays out: print lines with console.log");
  for (const name of ["time", "timeEnd", "timeLog", "timeStamp", "profile", "profileEnd"]) console[name] = refuse(`console.${name}`, "clock", CLOCK);
  baseline = new Set(Reflect.ownKeys(globalThis));
}

/** How an error the script's evaluation ended with reads: a module that cannot load or parse is
 * "load", anything else "threw". */
function failure(err, run) {
  const { column, ...at } = locate(err?.stack, run.folder) ?? {};
  const where = { script: run.script, ...at, params: run.params };
  const message = err instanceof Error ? err.message : String(err);
  const what = err instanceof Error ? `${err.name}: ${err.message}` : typeof err === "string" ? JSON.stringify(err) : String(err);
  // A SyntaxError the script raised while running (JSON.parse) has a frame with a column there.
  const load = (err instanceof SyntaxError && !column) || /^ERR_(MODULE|UNSUPPORTED|IMPORT)/.test(err?.code ?? "") || /dynamically imported module|module specifier|Cannot find module|imports only its lesson's files/.test(message);
  return new ScriptError(load ? "load" : "threw", load ? `cannot be loaded: ${err instanceof SyntaxError ? what : message}` : `threw ${what}`, where);
}

/** Lets the promise jobs the script left run to their end (as node does before it exits), on a
 * channel the script cannot reach: the realm's timers are refused. */
const settle = (() => {
  const Channel = globalThis.MessageChannel;
  return () =>
    new Promise((resolve) => {
      const { port1, port2 } = new Channel();
      port1.onmessage = () => {
        port1.close();
        port2.close();
        resolve();
      };
      port2.postMessage(null);
    });
})();

/** Runs section script `section` of the lesson folder `folder` (a URL ending in "/") with
 * `params` (an object, or undefined for none) and resolves to {text, stderr}: what it printed,
 * byte for byte as node would. Rejects with a ScriptError, its `stderr` what the script wrote
 * there. `script` names the script in messages ("quotas/olc.mjs"). One run at a time. */
export async function evaluate({ folder, section, params, script = section }) {
  if (!baseline) throw new Error("capture.js: guard() the realm before the first run");
  if (current) throw new Error(`capture.js: ${current.script} is still running`);
  const base = String(folder);
  const url = `${sectionUrl(base, section).href}#run=${++runs}`;
  const argv = params === undefined ? ["node", section] : ["node", section, JSON.stringify(params)];
  const run = { url, folder: base, script, params: params ?? null, argv, out: [], err: [], violation: null };
  current = run;
  let error = null;
  try {
    await import(url);
    await settle();
  } catch (err) {
    error = failure(err, run);
  } finally {
    current = null;
    for (const key of Reflect.ownKeys(globalThis)) if (!baseline.has(key)) delete globalThis[key];
  }
  const text = run.out.join("");
  const stderr = run.err.join("");
  error = run.violation ?? error ?? (text ? null : new ScriptError("silent", "printed nothing: a section script prints its tables with console.log", { script, params: run.params }));
  // What the script wrote on stderr before it failed stays with the error (the CLI prints it).
  if (error) throw Object.assign(error, { stderr });
  return { text, stderr };
}

/** The realm's answer to one of its host's requests (host.js's messages): {id, text, stderr,
 * heap} or {id, error, stderr}. `heap()`: the realm's heap in bytes, where it can say. */
export async function respond({ id, ...job }, heap) {
  try {
    const { text, stderr } = await evaluate(job);
    return { id, text, stderr, heap: heap() };
  } catch (err) {
    const error = err instanceof ScriptError ? err.toJSON() : { code: "crashed", detail: `the runner failed: ${err?.message ?? err}`, where: { script: job.script, params: job.params ?? null } };
    return { id, error, stderr: err?.stderr ?? "" };
  }
}
