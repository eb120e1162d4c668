// The page's side of the model worker: requests as promises, progress callbacks, and a restart
// that cancels whatever is running (a superseded or cancelled run simply ends with the worker).
// A sweep goes to a pool of workers (pool.js, loaded and started with the first sweep) when the
// browser has more than one core; the same restart ends it too.

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

export class Engine {
  #worker;
  #pending = new Map();
  #seq = 0;
  #solo;
  #pool = null; // the sweep pool, made with the first sweep that uses it
  #sweeps = 0; // sweeps handed to the pool and not yet answered
  #epoch = 0; // counts restarts, so a sweep waiting for the pool's module is cancelled too

  /** `solo`: a worker of the pool itself, which never makes a pool of its own. */
  constructor({ onPanic, solo = false } = {}) {
    this.onPanic = onPanic;
    this.#solo = solo;
    this.#start();
  }

  #start() {
    this.#worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
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

  /** Calls an operation of the core in the worker (a sweep: on the pool, when there is one). */
  call(op, args = [], { onProgress, onPartial } = {}) {
    if (op === "sweep" && !this.#solo) return this.#sweep(args[0], onProgress);
    return this.#post(op, args, { onProgress, onPartial });
  }

  #post(op, args, { onProgress, onPartial }) {
    const id = ++this.#seq;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress, onPartial });
      this.#worker.postMessage({ id, op, args });
    });
  }

  /** A sweep on the pool of workers; on this worker alone when the pool would have one. */
  async #sweep(query, onProgress) {
    const epoch = this.#epoch;
    this.#sweeps += 1;
    try {
      const { poolSize, Pool } = await import("./pool.js");
      if (epoch !== this.#epoch) throw new Cancelled("cancelled");
      const size = poolSize();
      if (size <= 1) return await this.#post("sweep", [query], { onProgress });
      if (this.#pool?.size !== size) {
        this.#pool?.close("superseded");
        const host = { call: (op, args) => this.#post(op, args, {}) };
        this.#pool = new Pool(size, { host, onPanic: (m) => this.onPanic?.(m) });
      }
      return await this.#pool.sweep(query, onProgress);
    } finally {
      this.#sweeps -= 1;
    }
  }

  /** Whether a request is still being worked on (here or on the sweep pool). */
  get busy() {
    return this.#pending.size > 0 || this.#sweeps > 0;
  }

  /** Ends the worker (and with it any long run) and starts a fresh one; the sweep pool too. */
  restart(reason = "cancelled") {
    this.#epoch += 1;
    this.#worker.terminate();
    this.#failAll(new Cancelled(reason));
    this.#start();
    this.#pool?.restart(reason);
  }

  /** Ends the worker for good. */
  close(reason = "cancelled") {
    this.#worker.terminate();
    this.#failAll(new Cancelled(reason));
  }
}
