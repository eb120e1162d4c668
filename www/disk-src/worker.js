// The model worker's stand-in for a page opened from disk (file://), where browsers refuse
// workers (and the page's policy, worker-src 'self', refuses blob: ones): the worker's own code
// (www/worker.js with the WebAssembly glue, one fresh copy per stand-in, tools/disk.mjs) runs on
// the page's thread behind a Worker's interface, so engine.js and pool.js are unchanged.
// tools/disk.mjs gives it to the page's bundle in place of the global Worker. A long run holds
// the page until it ends, and ending a stand-in drops its answers but cannot stop a run.
import scope from "tatbikat-disk:worker";

const queue = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => queue.shift()();

/** Runs `f` in a task of its own, after those queued before it (messages are never handled
 * within the task that sent them, as a worker's are not). */
function later(f) {
  queue.push(f);
  channel.port2.postMessage(null);
}

export class InThreadWorker {
  #closed = false;
  #self;

  /** `options.name`: the worker's name (the lesson, engine.js); the script is the bundled one. */
  constructor(_script, { name = "" } = {}) {
    this.onmessage = null;
    this.onerror = null;
    const self = {
      name,
      onmessage: null,
      postMessage: (data) => later(() => this.#closed || this.onmessage?.({ data })),
      close: () => (this.#closed = true),
    };
    this.#self = self;
    try {
      scope(self);
    } catch (err) {
      later(() => this.onerror?.({ message: String(err?.message ?? err), preventDefault() {} }));
    }
  }

  postMessage(data) {
    later(() => this.#closed || this.#self.onmessage?.({ data }));
  }

  terminate() {
    this.#closed = true;
  }
}

// tools/disk.mjs injects this module: the bundle's `new Worker(...)` makes a stand-in.
export { InThreadWorker as Worker };
