// The page's side of the model worker: requests as promises, progress callbacks, and a restart
// that cancels whatever is running (a superseded or cancelled run simply ends with the worker).

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

  constructor({ onPanic } = {}) {
    this.onPanic = onPanic;
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

  /** Calls an operation of the core in the worker. */
  call(op, args = [], { onProgress, onPartial } = {}) {
    const id = ++this.#seq;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress, onPartial });
      this.#worker.postMessage({ id, op, args });
    });
  }

  /** Whether a request is still being worked on. */
  get busy() {
    return this.#pending.size > 0;
  }

  /** Ends the worker (and with it any long run) and starts a fresh one. */
  restart(reason = "cancelled") {
    this.#worker.terminate();
    this.#failAll(new Cancelled(reason));
    this.#start();
  }
}
