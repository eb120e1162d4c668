// The page's side of lesson scripts: runs a lesson's section script in a module worker
// (runner-worker.js) under capture.js's contract, one run at a time, each within a wall-clock
// budget past which the worker is ended (the page never waits on a script). The same contract and
// host as node's (tools/script/runner.mjs), so a run prints what `node <script> '<json>'` prints.
// Scripts come only from the site's own lesson folders: a lesson id and a file name, checked by
// name (names.js) and resolved against a base the page's code sets, never a link's.
import { Host } from "./host.js";
import { lessonFolder, sectionFile } from "./names.js";

/** Defaults: the site's lesson folders (www/lessons/<id>/), 5 s per run, a fresh worker every 200
 * runs (each run's module instance stays in the worker's module map). */
export const DEFAULTS = Object.freeze({ base: new URL("../lessons/", import.meta.url).href, budgetMs: 5000, recycleAfter: 200 });

export class ScriptRunner {
  #base;
  #host;

  constructor(options = {}) {
    const { base, budgetMs, recycleAfter } = { ...DEFAULTS, ...options };
    this.#base = base;
    this.#host = new Host({ budgetMs, recycleAfter, open });
  }

  /** Runs `section` (a file name such as "olc.mjs") of lesson `lesson` (an id) with `params` (an
   * object, or undefined: none); resolves to {text, stderr, heap} or rejects with a ScriptError
   * (www/script/errors.js). Runs queue one after another. */
  async run({ lesson, section, params }) {
    const folder = lessonFolder(this.#base, lesson).href;
    const file = sectionFile(section);
    return this.#host.run({ folder, section: file, params, script: `${lesson}/${file}` });
  }

  /** Ends the worker; a later run starts a new one. */
  close() {
    return this.#host.close();
  }
}

/** A module worker for the host (host.js): its channel, its death reported as a failure. */
function open(events) {
  const worker = new Worker(new URL("./runner-worker.js", import.meta.url), { type: "module", name: "tatbikat-script" });
  worker.addEventListener("message", (e) => events.message(e.data));
  worker.addEventListener("error", (e) => {
    e.preventDefault();
    events.failure("crashed", `stopped its runner: ${e.message || "the worker failed to start"}`);
  });
  worker.addEventListener("messageerror", () => events.failure("crashed", "sent a message the page cannot read"));
  return {
    send: (m) => worker.postMessage(m),
    end: async () => worker.terminate(),
  };
}
