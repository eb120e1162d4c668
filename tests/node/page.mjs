// Helpers for the node suites of the page's own modules (www/state, www/views, www/engine.js):
// the core as the node package (every lesson, target/pkg-node), a module's boot answer for a
// link, the state the page holds after it, and an engine that answers as the worker would.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import LESSONS from "../../www/lessons.js";
import { initialState, update } from "../../www/state/actions.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** The worker's boot answer for `query` (www/worker.js `boot`), from the node package. */
export function bootOf(query) {
  const specs = Object.fromEntries(core.lessons().map((l) => [l.id, core.params(l.id)]));
  return { specs, resolved: core.resolve(query), presets: core.presets() };
}

/** The page's state once the module has answered the link `query` (before any report). */
export function booted(query) {
  return update(initialState(LESSONS), { type: "booted", boot: bootOf(query) });
}

/** Applies `actions` in turn. */
export function apply(state, ...actions) {
  return actions.reduce(update, state);
}

/** A deep copy of `value` frozen all the way down, so an update that writes to it throws. */
export function frozen(value) {
  const copy = structuredClone(value);
  const freeze = (v) => {
    if (v && typeof v === "object" && !Object.isFrozen(v)) {
      Object.freeze(v);
      for (const x of Object.values(v)) freeze(x);
    }
    return v;
  };
  return freeze(copy);
}

/** An engine that answers as the model worker does (www/worker.js), from the node package, and
 * records every call. `hold(op)` makes that operation's next answer wait until released. */
export function fakeEngine() {
  const ops = {
    page: (q, h) => {
      const resolved = core.resolve(q);
      h.onPartial?.(resolved);
      return { resolved, doc: core.run(resolved.query) };
    },
    resolve: (q) => core.resolve(q),
    trace: (q) => core.trace(q),
    traceControls: (q) => core.traceControls(q),
    sweep: (q, h) => core.sweep(q, (share) => h.onProgress?.(share)),
    sweepOptions: (key) => core.sweepOptions(key),
    find: (q, h) => core.find(q, (share) => h.onProgress?.(share)),
    findOptions: (lesson) => core.findOptions(lesson),
    lessonText: (q) => core.lessonText(q),
    randomSeed: (lesson) => core.randomSeed(lesson),
  };
  const held = new Map();
  const engine = {
    calls: [],
    restarts: [],
    pending: 0,
    get busy() {
      return this.pending > 0;
    },
    restart(reason) {
      this.restarts.push(reason);
    },
    hold(op) {
      let release;
      held.set(op, new Promise((r) => (release = r)));
      return () => release();
    },
    async call(op, args, handlers = {}) {
      this.calls.push([op, ...args]);
      this.pending += 1;
      try {
        const gate = held.get(op);
        held.delete(op);
        await gate;
        await null; // an answer is never synchronous
        return ops[op](...args, handlers);
      } finally {
        this.pending -= 1;
      }
    },
  };
  return engine;
}
