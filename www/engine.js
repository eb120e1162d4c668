// The page's side of the model worker: requests as promises, progress callbacks, and a restart
// that cancels whatever is running (a superseded or cancelled run simply ends with the worker).
// A sweep goes to a pool of workers (pool.js, loaded and started with the first sweep) when the
// browser has more than one core; the same restart ends it too.
// Each lesson has its own WebAssembly module (xtask pages): the worker holds the module of the lesson
// a request is for, and a request for another lesson moves it there (ending what ran before, as a
// lesson switch supersedes it anyway). Which lesson a link is for is the core's to say: its router
// (route.js: query::home alone, a few KB) names it, and a module that does not hold the lesson
// answers {elsewhere: id}, which sends the request on to that lesson's module.
import LESSONS from "./lessons.js";

export class Cancelled extends Error {
  constructor(reason) {
    super(reason);
    this.cancelled = true;
  }
}

export class ModelError extends Error {
  constructor(detail) {
    super(detail.message);
    Object.assign(this, detail);
  }
}

/** The registry's lesson named `id`, or undefined. */
const known = (id) => LESSONS.find((l) => l.id === id)?.id;
/** The operations shared among the pool's workers: a sweep's points, a search's blocks. */
const SHARED = new Set(["sweep", "find"]);
/** A sweep or search whose rest would take at most this long (ms) on the page's worker is not
 * shared: the pool's workers would take longer to start (see Engine#hereFirst). */
const COLD_MS = 1000;

/** The lesson a request is for: its first argument is a lesson's id or a query (a link), whose
 * lesson the core's router names (`route`: query → id). Without a router (it failed to load),
 * the lesson held or the first: that module's {elsewhere} answer corrects it. */
export function lessonOf(args, current, route = null) {
  const first = args[0];
  const fallback = current ?? LESSONS[0].id;
  if (typeof first !== "string") return fallback;
  if (/^[a-z][a-z0-9_]*$/.test(first)) return known(first) ?? fallback;
  return route ? route(first) : fallback;
}

export class Engine {
  #worker;
  #lesson;
  #pending = new Map();
  #seq = 0;
  #solo;
  #pool = null; // the sweep pool, made with the first sweep that uses it
  #sweeps = 0; // sweeps handed to the pool and not yet answered
  #epoch = 0; // counts restarts, so a sweep waiting for the pool's module is cancelled too
  #routing = null; // the core's router as it loads (a promise, once given: useRouter), then
  #route = null; // the router: query → lesson id
  #routeLater; // () → the promise of the router, loaded for the first sweep when none was given
  #modules; // lesson → the promise of its compiled module, or null (the worker fetches it)
  #gate = null; // the worker's first message (its compiled module) sent: requests follow it
  #script; // the worker's script: the bundled one of the built site (min/worker.js), or worker.js

  /** `solo`: a worker of the pool itself, which holds `lesson`'s module and makes no pool.
   * `route`: the promise of the core's router (route.js), which names a link's lesson;
   * `routeLater()`: the same, asked for at the first sweep when no `route` was given (a view's page).
   * `modules(lesson)`: the promise of that lesson's WebAssembly.Module compiled by the page
   * (start.js starts it as soon as the view is on screen), or null: each worker gets it
   * compiled instead of fetching it itself after its own scripts.
   * `script`: the worker's script (the site's map names the bundled one: one request, not two). */
  constructor({ onPanic, solo = false, lesson = null, route = null, routeLater = null, modules = null, script = null } = {}) {
    this.onPanic = onPanic;
    this.#script = script ?? new URL("./worker.js", import.meta.url);
    this.#solo = solo;
    this.#lesson = lesson;
    this.#modules = modules;
    if (route) this.useRouter(route);
    this.#routeLater = routeLater;
  }

  /** `route`: the promise of the core's router (query → lesson id). Until one is given, a request
   * goes to the lesson held, whose module's {elsewhere} answer corrects it; once given, requests
   * wait for it. */
  useRouter(route) {
    this.#routing = Promise.resolve(route).then(
      (r) => (this.#route = r),
      () => null,
    );
  }

  /** The lesson whose module the worker holds (null before the first request). */
  get lesson() {
    return this.#lesson;
  }

  #start() {
    const worker = new Worker(this.#script, { type: "module", name: this.#lesson });
    this.#worker = worker;
    // Its first message: the compiled module, or null (the worker fetches its module itself, at
    // once, and says what failed); requests wait for it.
    const compiled = this.#modules?.(this.#lesson);
    const init = (module) => worker.postMessage({ op: "init", module });
    this.#gate = compiled ? compiled.then(init, () => init(null)) : (init(null), null);
    this.#worker.onmessage = (event) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault?.();
      this.#failAll(new ModelError({ message: event.message || "the model worker failed to start" }));
    };
  }

  #receive(msg) {
    const entry = this.#pending.get(msg.id);
    if (!entry) return;
    if ("progress" in msg) {
      entry.onProgress?.(msg.progress);
      return;
    }
    if ("partial" in msg) {
      entry.onPartial?.(msg.partial);
      return;
    }
    this.#pending.delete(msg.id);
    if (msg.ok) entry.resolve(msg.value);
    else if (msg.panic) {
      entry.reject(new ModelError({ message: msg.panic, panic: true }));
      this.onPanic?.(msg.panic);
      this.restart("panic");
    } else entry.reject(new ModelError(msg.error));
  }

  #failAll(error) {
    for (const entry of this.#pending.values()) entry.reject(error);
    this.#pending.clear();
  }

  /** Calls an operation of the core in the worker of the lesson it is for (a sweep: on the pool,
   * when there is one). */
  async call(op, args = [], handlers = {}) {
    if (this.#solo) return this.#post(op, args, handlers);
    // A sweep is shared out before any answer could say {elsewhere}: it needs the router.
    if (SHARED.has(op) && !this.#routing && this.#routeLater) this.useRouter(this.#routeLater());
    if (!this.#route && this.#routing) await this.#routing;
    this.#moveTo(lessonOf(args, this.#lesson, this.#route));
    const value = await this.#answer(op, args, handlers);
    const elsewhere = value?.elsewhere;
    if (!elsewhere) return value;
    // The core's lesson for this link: its module answers; it never sends a request on again.
    // A module that sends its own lesson's request on holds another lesson: a damaged deploy.
    if (!known(elsewhere) || elsewhere === this.#lesson) throw new ModelError({ message: `pkg/${this.#lesson}.wasm holds another lesson (it sent a request for ${elsewhere} on)`, code: "module_failed", value: `pkg/${this.#lesson}.wasm` });
    this.#moveTo(elsewhere);
    return this.#answer(op, args, handlers);
  }

  #answer(op, args, { onProgress, onPartial }) {
    if (SHARED.has(op)) return this.#shared(op, args[0], onProgress);
    return this.#post(op, args, { onProgress, onPartial });
  }

  /** Holds `lesson`'s module: another lesson's worker and pool end (a superseded request fails as
   * cancelled) and a worker of `lesson` starts. */
  #moveTo(lesson) {
    if (this.#worker && lesson === this.#lesson) return;
    if (this.#worker) {
      this.#epoch += 1;
      this.#worker.terminate();
      this.#failAll(new Cancelled("superseded"));
      this.#pool?.close("superseded");
      this.#pool = null;
    }
    this.#lesson = lesson;
    this.#start();
  }

  #post(op, args, { onProgress, onPartial }) {
    if (!this.#worker) this.#start();
    const id = ++this.#seq;
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress, onPartial });
      if (this.#gate) this.#gate.then(() => worker.postMessage({ id, op, args }));
      else worker.postMessage({ id, op, args });
    });
  }

  /** A sweep or a search on the pool of workers; on this worker alone when the pool would have
   * one. */
  async #shared(op, query, onProgress) {
    const epoch = this.#epoch;
    this.#sweeps += 1;
    try {
      const { poolForced, poolOfOne, poolSize, Pool, SHARED: ops, poolModule } = await import("./pool.js");
      if (epoch !== this.#epoch) throw new Cancelled("cancelled");
      const size = poolSize();
      if (size <= 1 && !poolOfOne()) return await this.#post(op, [query], { onProgress });
      const pool = () => {
        if (this.#pool?.size !== size) {
          this.#pool?.close("superseded");
          const host = { call: (op, args) => this.#post(op, args, {}) };
          const engine = () => new Engine({ onPanic: (m) => this.onPanic?.(m), solo: true, lesson: this.#lesson, modules: (l) => poolModule(l, this.#modules), script: this.#script });
          this.#pool = new Pool(size, { host, engine });
        }
        return this.#pool;
      };
      // Before any pool is started: begun here, shared only when it is long (a size forced by a
      // test uses the pool as it is).
      if (!this.#pool && !poolForced()) return await this.#hereFirst(op, ops[op], query, onProgress, (from, tell) => pool().parts(op, query, from, tell));
      return await (op === "find" ? pool().find(query, onProgress) : pool().sweep(query, onProgress));
    } finally {
      this.#sweeps -= 1;
    }
  }

  /** A sweep or search (`op`) on this worker while no pool is started: the first of its plan's
   * eight parts of about equal work here, timed; when the other seven would take at most
   * COLD_MS here, they run here too, else `share(from, tell)` hands them to the pool (parts from
   * unit `from`). Starting the pool's workers costs about a second on a phone
   * (tests/bench/find.mjs, phone column: 0.97 s for supervisor's search of 2401 runs), more than
   * every lesson's default search takes on one worker. The parts join as any split does (the
   * core's join), in order: the same answer, and a sweep's first error still the first. */
  async #hereFirst(op, { plan: planOp, part: partOp, join: joinOp }, query, onProgress, share) {
    const epoch = this.#epoch;
    const plan = await this.#post(planOp, [query, 8], {});
    const [head, ...others] = plan.parts;
    if (!others.length) return this.#post(op, [query], { onProgress });
    const total = plan.parts.at(-1)[1];
    const tell = (from, to) => (share) => onProgress?.((from + share * (to - from)) / total);
    const t0 = performance.now();
    const parts = [await this.#post(partOp, [query, ...head], { onProgress: tell(...head) })];
    const rest = (performance.now() - t0) * others.length;
    if (epoch !== this.#epoch) throw new Cancelled("cancelled");
    if (rest <= COLD_MS) parts.push(await this.#post(partOp, [query, head[1], total], { onProgress: tell(head[1], total) }));
    else parts.push(...(await share(head[1], tell(head[1], total))));
    return this.#post(joinOp, [query, parts], {});
  }

  /** Loads what a sweep or a search needs before one is asked: the core's router, the pool's
   * script and the lesson's speed module (pool.js). The sweep's form and the search's panel call
   * it when they open, so a phone's first search does not wait for them after the tap (about 0.9 s
   * under the phone's profile, tests/bench/find.mjs). */
  readyShared() {
    if (this.#solo) return;
    if (!this.#routing && this.#routeLater) this.useRouter(this.#routeLater());
    const lesson = this.#lesson;
    import("./pool.js").then((p) => lesson && p.fetchSpeed(lesson), () => {});
  }

  /** Starts the worker of `lesson` now, so its module loads before the first request (a worker
   * of another lesson ends, as a request for `lesson` would end it). */
  prepare(lesson) {
    if (!this.#solo && known(lesson)) this.#moveTo(lesson);
  }

  /** Whether a request is still being worked on (here or on the sweep pool). */
  get busy() {
    return this.#pending.size > 0 || this.#sweeps > 0;
  }

  /** Ends the worker (and with it any long run) and starts a fresh one; the sweep pool too. */
  restart(reason = "cancelled") {
    this.#epoch += 1;
    this.#worker?.terminate();
    this.#failAll(new Cancelled(reason));
    if (this.#worker) this.#start();
    this.#pool?.restart(reason);
  }

  /** Ends the worker for good. */
  close(reason = "cancelled") {
    this.#worker?.terminate();
    this.#failAll(new Cancelled(reason));
  }
}
