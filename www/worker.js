// The model's own thread: loads the WebAssembly core once and answers the page's requests, so a
// long run never freezes the page (the page can cancel it by ending this worker). Each lesson has
// its own module (pkg/<id>.wasm, see build.sh); the page names the lesson as the worker's name.
import init, * as core from "./pkg/tatbikat.js";

const lesson = /^[a-z][a-z0-9_]*$/.test(self.name) ? self.name : "none";
let ready = null;
/** Instantiates the lesson's module: `compiled` (a WebAssembly.Module the page compiled, sent as
 * this worker's first message), else fetched from its file next to this one. */
function load(compiled) {
  ready = init({ module_or_path: compiled ?? new URL(`./pkg/${lesson}.wasm`, import.meta.url) }).catch((err) => {
    // Said as what failed (the page names it), not as a browser without WebAssembly.
    throw Object.assign(new Error(`pkg/${lesson}.wasm: ${err?.message ?? err}`), { code: "module_failed", param: null, value: `pkg/${lesson}.wasm`, allowed: null });
  });
  ready.catch(() => {}); // reported with the first request
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
  page: (query, id) => {
    const resolved = core.resolve(query);
    if (resolved.elsewhere) return resolved;
    self.postMessage({ id, partial: resolved });
    return { resolved, doc: ops.run(resolved.query, id) };
  },
  lessonText: (query) => core.lessonText(query),
  resolve: (query) => core.resolve(query),
  randomSeed: (lesson) => core.randomSeed(lesson),
  presets: () => core.presets(),
  run: (query, id) => core.run(query, progressTo(id)),
  trace: (query) => core.trace(query),
  traceControls: (query) => core.traceControls(query),
  sweep: (query, id) => core.sweep(query, progressTo(id)),
  sweepOptions: (lesson) => core.sweepOptions(lesson),
  // A sweep on the pool (pool.js): the core's plan, a part's points (compact bytes), the join.
  sweepPlan: (query, parts) => core.sweepPlan(query, parts),
  sweepPart: (query, from, to, id) => core.sweepPart(query, from, to, progressTo(id)),
  sweepJoin: (query, parts) => core.sweepJoin(query, parts),
  // Exports: the CSV of a table, a sweep or a trace, as the CLI's --format csv prints it.
  exportCsv: (query, table) => core.exportCsv(query, table),
  compareCsv: (query, table) => core.compareCsv(query, table),
  sweepCsv: (query) => core.sweepCsv(query),
  traceCsv: (query) => core.traceCsv(query),
};

const PROGRESS = new Set(["run", "page", "sweep", "sweepPart"]);

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  if (op === "init") {
    if (!ready) load(event.data.module);
    return;
  }
  if (!ready) load(null);
  try {
    await ready;
    // Long operations take the request's id last, for their progress messages.
    const value = PROGRESS.has(op) ? ops[op](...args, id) : ops[op](...args);
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
