// The host's side of a lesson-script realm, shared by the page (worker-run.js: a module Worker)
// and node (tools/script/runner.mjs: a worker thread): runs one at a time, each with a wall-clock
// budget past which the whole realm is ended (a script in an endless loop cannot stop itself, and
// the page never waits on it); a fresh realm after `recycleAfter` runs and after any failed run,
// so a run never sees what a failed one left.
//
// The realm's messages: it posts {ready: true} once guarded; then for each request {id, folder,
// section, params, script} it posts {id, text, stderr, heap} or {id, error, stderr}, `error` being
// a ScriptError's toJSON() (errors.js).
import { ScriptError } from "./errors.js";

export class Host {
  #open;
  #budgetMs;
  #recycleAfter;
  #realm = null; // {channel, ready, runs, pending}
  #queue = Promise.resolve();
  #ids = 0;

  /** `open(events)` starts a realm and returns its channel {send(message), end(): Promise}; it
   * calls events.message(data) for each message and events.failure(code, detail) once if the
   * realm dies (code "memory" or "crashed"). */
  constructor({ open, budgetMs, recycleAfter }) {
    this.#open = open;
    this.#budgetMs = budgetMs;
    this.#recycleAfter = recycleAfter;
  }

  /** Runs `job` ({folder, section, params, script}: capture.js's evaluate() arguments) in the
   * realm; resolves to {text, stderr, heap} or rejects with a ScriptError. Runs queue. */
  run(job) {
    const answer = this.#queue.then(() => this.#run(job));
    this.#queue = answer.catch(() => {});
    return answer;
  }

  /** Ends the realm once the queued runs are done; a later run starts a new one. */
  async close() {
    await this.#queue;
    await this.#end();
  }

  async #run(job) {
    const where = { script: job.script, params: job.params ?? null };
    if (this.#realm && this.#realm.runs >= this.#recycleAfter) await this.#end();
    const realm = this.#realm ?? this.#start();
    try {
      await this.#within(realm, where, realm.ready, `its runner did not start within ${this.#budgetMs} ms`);
      realm.runs += 1;
      const id = ++this.#ids;
      const answer = new Promise((done) => (realm.pending = { id, done }));
      realm.channel.send({ id, ...job });
      const m = await this.#within(realm, where, answer, `ran past its budget of ${this.#budgetMs} ms and was stopped (an endless loop, or a top-level await that never settles)`);
      if (!m.error) return { text: m.text, stderr: m.stderr, heap: m.heap };
      throw Object.assign(ScriptError.from(m.error), { stderr: m.stderr });
    } catch (err) {
      await this.#end();
      throw err;
    }
  }

  /** `promise`, unless the realm dies first (its failure) or the budget ends (a "budget" error
   * saying `late`), each said for `where`. */
  #within(realm, where, promise, late) {
    let timer;
    return Promise.race([
      promise,
      realm.died.then(({ code, detail }) => Promise.reject(new ScriptError(code, detail, where))),
      new Promise((_, fail) => (timer = setTimeout(() => fail(new ScriptError("budget", late, where)), this.#budgetMs))),
    ]).finally(() => clearTimeout(timer));
  }

  #start() {
    const realm = { runs: 0, pending: null };
    let ready;
    let died;
    realm.ready = new Promise((done) => (ready = done));
    realm.died = new Promise((done) => (died = done));
    realm.channel = this.#open({
      message(m) {
        if (m?.ready) return ready();
        if (realm.pending && m?.id === realm.pending.id) realm.pending.done(m);
      },
      failure: (code, detail) => died({ code, detail }),
    });
    this.#realm = realm;
    return realm;
  }

  async #end() {
    const realm = this.#realm;
    this.#realm = null;
    if (realm) await realm.channel.end();
  }
}
