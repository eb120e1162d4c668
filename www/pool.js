// The pool of model workers a sweep's points (issue 11) and a search's blocks (issue 36) are
// shared among. Loaded when the sweep's form or the search's panel opens, never on page load;
// its workers start with the first sweep or search too long for the page's own worker
// (engine.js, Engine#hereFirst). The core plans the sweep (budgets, parts of about equal work), each
// pool worker runs whole parts as they free up, and the core joins the parts into the sweep
// document its serial sweep gives: this file only hands out parts and adds up progress shares.
// The plan and the join run on the page's own engine worker (the host), so a sweep's answer
// still comes after every request sent before it, as when one worker did everything.
import LESSONS from "./lessons.js";

/** The operations shared among the workers: the core's plan, part and join of each, whether
 * its parts are handed out last first, and how many parts a worker it is cut into (small enough
 * to even out the work, large enough that planning and messages stay cheap). A search's are
 * handed out last first: a scope's later points are its larger values (more nights, runs,
 * bursts), the costlier runs, and the longest parts first leave the shortest for the end, when
 * one worker may wait for the other (the longer quotas search in tests/bench/find.mjs: pool of 2
 * 1.55x -> 1.67x one worker). Its parts are its blocks of 1024 runs (search.rs), up to 16 a
 * worker: each part of that search is then about 0.05 s, so the workers end within about that of
 * each other (with 4 a worker they ended 0.1-0.2 s apart). A part of a search fails only as its
 * plan does, as every part does, so the error is the same. A sweep's keep their order: its first
 * error is the first in point order. */
export const SHARED = {
  sweep: { plan: "sweepPlan", part: "sweepPart", join: "sweepJoin", lastFirst: false, perWorker: 4 },
  find: { plan: "findPlan", part: "findPart", join: "findJoin", lastFirst: true, perWorker: 16 },
};

const speed = new Map(); // lesson → the promise of its compiled speed module (null: none)

/** Starts fetching and compiling lesson `id`'s speed module (pkg/speed/<id>.wasm: its module
 * built for speed, not size, by xtask; the same bindings): a long search or sweep runs about 1.4
 * times as fast on it, and it is about 200 KB gzip where the page's is 140, so it is fetched when
 * the search's panel or the sweep's form opens (Engine#readyShared), never on a page's load; not
 * for a script lesson (none is built), nor when the browser asks to save data. A SCORM package
 * holds its lesson's (src/scorm.rs). */
export function fetchSpeed(id) {
  if (speed.has(id)) return;
  const lesson = LESSONS.find((l) => l.id === id);
  // Not from disk either (a SCORM package opened from file://: fetch cannot read it, and there
  // the model runs on the page's thread, with no pool: tools/disk.mjs).
  const wanted = lesson && !lesson.script && !globalThis.navigator?.connection?.saveData && /^https?:$/.test(location.protocol);
  const url = new URL(`./pkg/speed/${id}.wasm`, import.meta.url);
  // Compiled once downloaded: a module the page loads later, not the first table's.
  const loading = wanted ? fetch(url).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${url}: ${r.status}`)))).then((b) => WebAssembly.compile(b)) : Promise.resolve(null);
  loading.catch(() => {});
  speed.set(id, loading);
}

/** The module a pool's worker of `lesson` runs: its speed module when fetchSpeed began it (a pool
 * started without it does not wait for a download), else, and when it fails, the page's
 * (`page(lesson)`: the promise of it, or null). */
export function poolModule(lesson, page) {
  const own = () => page?.(lesson) ?? null;
  return speed.has(lesson) ? speed.get(lesson).then((m) => m ?? own(), own) : own();
}

/** The pool's size a test forced by setting `window.__tatbikatPoolSize` (a test hook, read at
 * each sweep or search; never a link key), or null. */
function forcedSize() {
  const forced = Number(globalThis.__tatbikatPoolSize);
  return Number.isInteger(forced) && forced >= 1 ? Math.min(forced, 8) : null;
}

/** Whether a test forced the pool's size: the pool is then used as it is, from the first search
 * (engine.js starts a search on the page's worker otherwise). */
export const poolForced = () => forcedSize() !== null;

/** Whether the benchmark asked for a pool of one worker (`window.__tatbikatPoolOfOne`, a test
 * hook beside a size of 1): its "one worker" then runs the pool's module, as its two do, where a
 * size of 1 alone runs the page's worker. */
export const poolOfOne = () => globalThis.__tatbikatPoolOfOne === true;

/** The pool's size: the browser's cores, at most 8, at least 1, or the size a test forced. */
export function poolSize() {
  return forcedSize() ?? Math.max(1, Math.min(globalThis.navigator?.hardwareConcurrency || 1, 8));
}

export class Pool {
  #sweeps = 0;

  /** `size` model workers, each made by `engine()` (an Engine of its own: engine.js gives the
   * maker, so the pool imports no engine back), beside `host`, the page's engine worker
   * (`call(op, args)`) that plans and joins. */
  constructor(size, { host, engine }) {
    this.host = host;
    this.engines = Array.from({ length: size }, engine);
  }

  get size() {
    return this.engines.length;
  }

  /** Whether a sweep is running on the pool. */
  get busy() {
    return this.#sweeps > 0 || this.engines.some((e) => e.busy);
  }

  /** Runs a query's sweep on every worker: the sweep document, as `sweep` gives it on one. */
  sweep(query, onProgress) {
    return this.#share(SHARED.sweep, query, onProgress);
  }

  /** Runs a query's search (find=, issue 36) on every worker: the answer `find` gives on one. */
  find(query, onProgress) {
    return this.#share(SHARED.find, query, onProgress);
  }

  /** The parts of a sweep or search (`op`) from unit `from` on (the units before it run
   * elsewhere: engine.js), shared as `sweep` and `find` share them, not joined: their answers,
   * in order. */
  parts(op, query, from, onProgress) {
    return this.#share(SHARED[op], query, onProgress, { from, join: false });
  }

  /** The core's plan of `query` (parts `[from, to)` of its units; with `from`, those from that
   * unit on), each part run by the next free worker, and the core's join of them (without
   * `join`, the parts' answers in order). */
  async #share({ plan: planOp, part: partOp, join: joinOp, lastFirst, perWorker }, query, onProgress, { from = 0, join = true } = {}) {
    this.#sweeps += 1;
    try {
      const plan = await this.host.call(planOp, [query, this.size * perWorker]);
      // Only the units from `from` on (the parts are cut again there).
      if (from > 0) plan.parts = plan.parts.map(([a, b]) => [Math.max(a, from), b]).filter(([a, b]) => a < b);
      const total = plan.parts.reduce((n, [from, to]) => n + (to - from), 0) || 1;
      const results = new Array(plan.parts.length);
      const errors = new Map(); // part index → its error
      const running = new Map(); // part index → share of it done
      let finished = 0; // units of the parts done
      let next = 0;
      const tell = () => {
        let done = finished;
        for (const [k, share] of running) done += share * (plan.parts[k][1] - plan.parts[k][0]);
        onProgress?.(done / total);
      };
      // Each worker takes the next part until none is left or a part failed: the parts before a
      // failed one still run, so the error reported is the first in point order, as serially.
      const work = async (engine) => {
        while (next < plan.parts.length && !errors.size) {
          const k = lastFirst ? plan.parts.length - 1 - next++ : next++;
          const [from, to] = plan.parts[k];
          running.set(k, 0);
          try {
            results[k] = await engine.call(partOp, [query, from, to], {
              onProgress: (share) => (running.set(k, share), tell()),
            });
            finished += to - from;
          } catch (err) {
            errors.set(k, err);
          }
          running.delete(k);
          tell();
        }
      };
      await Promise.all(this.engines.map(work));
      if (errors.size) {
        const all = [...errors.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
        throw all.find((e) => e.cancelled) ?? all[0];
      }
      return join ? await this.host.call(joinOp, [query, results]) : results;
    } finally {
      this.#sweeps -= 1;
    }
  }

  /** Ends every worker (and the sweep running on them) and starts fresh ones. */
  restart(reason = "cancelled") {
    for (const e of this.engines) e.restart(reason);
  }

  /** Ends every worker for good (the pool is being replaced). */
  close(reason = "cancelled") {
    for (const e of this.engines) e.close(reason);
  }
}
