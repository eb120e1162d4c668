// The model's own thread: loads the WebAssembly core once and answers the page's requests, so a
// long run never freezes the page (the page can cancel it by ending this worker). Each lesson has
// its own module (pkg/<id>.wasm, by cargo xtask pages); the page names the lesson as the worker's name.
// A script lesson (issue 34) has no module of its own: the script module (pkg/script.wasm, the
// core without any lesson's model) reads its manifest, and its section scripts run in a script
// worker of this one (script/worker-run.js) before the core reads what they printed.
import init, * as core from "./pkg/tatbikat.js";
import LESSONS from "./lessons.js";

const lesson = /^[a-z][a-z0-9_]*$/.test(self.name) ? self.name : "none";
const SCRIPTS = LESSONS.filter((l) => l.script).map((l) => l.id);
const scripted = SCRIPTS.includes(lesson);
const file = scripted ? "pkg/script.wasm" : `pkg/${lesson}.wasm`;
let ready = null;
/** Instantiates the lesson's module: `compiled` (a WebAssembly.Module the page compiled, sent as
 * this worker's first message), else fetched from its file next to this one; a script lesson's
 * manifest and defaults are read into it. */
function load(compiled) {
  ready = init({ module_or_path: compiled ?? new URL(`./${file}`, import.meta.url) })
    .catch((err) => {
      // Said as what failed (the page names it), not as a browser without WebAssembly.
      throw Object.assign(new Error(`${file}: ${err?.message ?? err}`), { code: "module_failed", param: null, value: file, allowed: null });
    })
    .then(async () => {
      core.knowScripts(SCRIPTS);
      if (!scripted) return;
      const read = async (name) => {
        const url = new URL(`./lessons/${lesson}/${name}`, import.meta.url);
        const response = await fetch(url);
        if (!response.ok) throw Object.assign(new Error(`lessons/${lesson}/${name}: ${response.status} ${response.statusText}`), { code: "module_failed", value: `lessons/${lesson}/${name}` });
        return response.text();
      };
      // Its manifest as the core read it at build time (script/declaration.rs): no JSON reader here.
      core.loadScript(await read("lesson.txt"));
    });
  ready.catch(() => {}); // reported with the first request
}

let runner = null;
/** Runs the section scripts an operation on `query` reads (its run, its vs= run, the sweep points
 * `from..to`) that the core has not been given yet, and gives it their texts. Nothing for a
 * lesson of the registry. */
async function provide(query, from = 0, to = 0) {
  if (!scripted) return;
  const needs = core.scriptNeeds(query, from, to);
  if (!needs.length) return;
  if (!runner) {
    const { ScriptRunner } = await import("./script/worker-run.js");
    runner = new ScriptRunner();
  }
  for (const n of needs) {
    const params = n.params == null ? undefined : JSON.parse(n.params);
    const { text } = await runner.run({ lesson, section: n.script, params });
    core.provideText(n.lesson, n.script, n.params ?? null, text);
  }
}

/** A query's sweep, its points' texts provided first. */
async function swept(query) {
  if (scripted) await provide(query, 0, core.sweepPlan(query, 1).points);
}

function progressTo(id) {
  let last = 0;
  return (share) => {
    const now = performance.now();
    if (now - last > 50) {
      last = now;
      self.postMessage({ id, progress: share });
    }
  };
}

const ops = {
  // Everything the page needs before its first render, in one message: this module's lessons'
  // schemas and claims and the resolved link. A link of another lesson resolves to
  // {elsewhere: id}, which the page's engine sends on to that lesson's module.
  boot: (query) => {
    const resolved = core.resolve(query);
    if (resolved.elsewhere) return resolved;
    const specs = Object.fromEntries(core.lessons().map((l) => [l.id, core.params(l.id)]));
    return { specs, resolved, presets: core.presets() };
  },
  // What the page needs after a change: the resolved link (sent at once, so the URL and the
  // errors update before a long run ends) and then the report.
  page: async (query, id) => {
    const resolved = core.resolve(query);
    if (resolved.elsewhere) return resolved;
    self.postMessage({ id, partial: resolved });
    return { resolved, doc: await ops.run(resolved.query, id) };
  },
  lessonText: async (query) => (await provide(query), core.lessonText(query)),
  resolve: (query) => core.resolve(query),
  randomSeed: (lesson) => core.randomSeed(lesson),
  presets: () => core.presets(),
  challenges: () => core.challenges(),
  run: async (query, id) => (await provide(query), core.run(query, progressTo(id))),
  trace: (query) => core.trace(query),
  traceControls: (query) => core.traceControls(query),
  sweep: async (query, id) => (await swept(query), core.sweep(query, progressTo(id))),
  sweepOptions: async (at) => (await provide(at.includes("=") ? at : `lesson=${at}`), core.sweepOptions(at)),
  // A sweep on the pool (pool.js): the core's plan, a part's points (compact bytes), the join.
  sweepPlan: (query, parts) => core.sweepPlan(query, parts),
  sweepPart: async (query, from, to, id) => (await provide(query, from, to), core.sweepPart(query, from, to, progressTo(id))),
  sweepJoin: (query, parts) => core.sweepJoin(query, parts),
  // Find a run (issue 36): on this worker, or shared out by the pool as a sweep is.
  find: (query, id) => core.find(query, progressTo(id)),
  findOptions: (lesson) => core.findOptions(lesson),
  findPlan: (query, parts) => core.findPlan(query, parts),
  findPart: (query, from, to, id) => core.findPart(query, from, to, progressTo(id)),
  findJoin: (query, parts) => core.findJoin(query, parts),
  // Exports: the CSV of a table, a sweep or a trace, as the CLI's --format csv prints it.
  exportCsv: async (query, table) => (await provide(query), core.exportCsv(query, table)),
  compareCsv: async (query, table) => (await provide(query), core.compareCsv(query, table)),
  sweepCsv: async (query) => (await swept(query), core.sweepCsv(query)),
  traceCsv: (query) => core.traceCsv(query),
};

const PROGRESS = new Set(["run", "page", "sweep", "sweepPart", "find", "findPart"]);

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  if (op === "init") {
    if (!ready) load(event.data.module);
    return;
  }
  if (!ready) load(null);
  try {
    await ready;
    // A script lesson's tables at its values: what a link's sweep metrics are checked against.
    if (scripted) await provide(`lesson=${lesson}`);
    // Long operations take the request's id last, for their progress messages.
    const value = await (PROGRESS.has(op) ? ops[op](...args, id) : ops[op](...args));
    self.postMessage({ id, ok: true, value });
  } catch (err) {
    const panic = safe(() => core.lastPanic());
    if (panic) {
      // The instance is unusable after a panic: report it and let the page start a new worker.
      self.postMessage({ id, ok: false, panic });
      self.close();
      return;
    }
    self.postMessage({
      id,
      ok: false,
      error: {
        message: String(err?.message ?? err),
        code: err?.code ?? null,
        param: err?.param ?? null,
        value: err?.value ?? null,
        allowed: err?.allowed ?? null,
        // How the page words it in its languages (the core's message key and values), if said.
        key: err?.key ?? null,
        vars: err?.vars ?? null,
      },
    });
  }
};

function safe(f) {
  try {
    return f();
  } catch {
    return undefined;
  }
}
