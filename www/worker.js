// The model's own thread: loads the WebAssembly core once and answers the page's requests, so a
// long run never freezes the page (the page can cancel it by ending this worker).
import init, * as core from "./pkg/tatbikat.js";

const ready = init({ module_or_path: new URL("./pkg/tatbikat_bg.wasm", import.meta.url) });

// The module with traces and sweeps: a second download, made on the first trace or sweep only,
// so the first table never waits for it.
let deepModule = null;
function deep() {
  deepModule ??= import("./pkg/tatbikat_deep.js").then(async (m) => {
    await m.default({ module_or_path: new URL("./pkg/tatbikat_deep_bg.wasm", import.meta.url) });
    return m;
  }).catch((err) => {
    deepModule = null; // a failed download is tried again on the next request
    throw err;
  });
  return deepModule;
}
let deepLoaded = null;

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

/** The module for a query: the full one once loaded, or when the link names a claim (the
 * first-load module leaves the claims out); the first-load one otherwise. */
async function moduleFor(query) {
  if (!deepLoaded && /(?:^|[?&])preset=/.test(query)) deepLoaded = await deep();
  return deepLoaded ?? core;
}

const ops = {
  // Everything the page needs before its first render, in one message.
  boot: async (query) => {
    const m = await moduleFor(query);
    const lessons = m.lessons();
    const specs = Object.fromEntries(lessons.map((l) => [l.id, m.params(l.id)]));
    return { lessons, specs, resolved: m.resolve(query), presets: deepLoaded ? deepLoaded.presets() : null };
  },
  // What the page needs after a change: the resolved link (sent at once, so the URL and the
  // errors update before a long run ends) and then the report.
  page: async (query, id) => {
    const resolved = (await moduleFor(query)).resolve(query);
    self.postMessage({ id, partial: resolved });
    return { resolved, doc: await ops.run(resolved.query, id) };
  },
  lessonText: async (query) => (await moduleFor(query)).lessonText(query),
  resolve: async (query) => (await moduleFor(query)).resolve(query),
  randomSeed: (lesson) => core.randomSeed(lesson),
  presets: async () => (deepLoaded = await deep()).presets(),
  // The first-load module computes the lesson's tables; what it leaves out (the real-systems
  // extensions, the claims) it refuses by name, and the full module computes instead. Both give
  // the same report for every query the first one accepts.
  run: async (query, id) => {
    const m = await moduleFor(query);
    try {
      return m.run(query, progressTo(id));
    } catch (err) {
      if (err?.code !== "needs_full_module" || m !== core) throw err;
      deepLoaded = await deep();
      return deepLoaded.run(query, progressTo(id));
    }
  },
  trace: async (query) => (deepLoaded = await deep()).trace(query),
  sweep: async (query, id) => (deepLoaded = await deep()).sweep(query, progressTo(id)),
  sweepOptions: async (lesson) => (deepLoaded = await deep()).sweepOptions(lesson),
  // Exports: the CSV of a table, a sweep or a trace, as the CLI's --format csv prints it.
  exportCsv: async (query, table) => (deepLoaded = await deep()).exportCsv(query, table),
  sweepCsv: async (query) => (deepLoaded = await deep()).sweepCsv(query),
  traceCsv: async (query) => (deepLoaded = await deep()).traceCsv(query),
  bench: (runs, attempts) => {
    const start = performance.now();
    const hung = core.benchMonteCarlo(runs, attempts);
    return { seconds: (performance.now() - start) / 1000, hung };
  },
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    const value = await (["run", "page", "sweep"].includes(op) ? ops[op](args[0], id) : ops[op](...args));
    self.postMessage({ id, ok: true, value });
  } catch (err) {
    const panic =
      (typeof core.lastPanic === "function" ? safe(() => core.lastPanic()) : undefined) ??
      (deepLoaded ? safe(() => deepLoaded.lastPanic()) : undefined);
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
