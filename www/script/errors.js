// Why a lesson script's run failed, said the same way in node and in the page: a code, the file
// and line when known, and the parameters, in one message. Plain data, so it crosses postMessage
// and a worker thread's channel and reads back as the same error.

/** Codes: "threw" (the script threw), "silent" (printed nothing), "clock" (read Date, Date.now,
 * performance.now, a console timer), "random" (Math.random, crypto's random values), "timer"
 * (setTimeout and kin), "host" (postMessage, fetch and the worker's other channels), "output" (printed what only node can lay out), "params" (a shared module
 * read process.argv while it loaded), "load" (the script or an import cannot be loaded), "budget"
 * (ran past its time), "memory" (past its memory cap), "name" (a refused lesson id or file name),
 * "crashed" (the runner's worker died). */
export class ScriptError extends Error {
  /** `detail`: what happened; `where`: {script (lesson/section), file (where it happened, relative
   * to the lesson folder), line, params (null: the run had none)}, each optional. */
  constructor(code, detail, where = {}) {
    const { script, file, line, params } = where;
    const at = file ? `${script ? script.replace(/[^/]*$/, "") : ""}${file}${line ? `:${line}` : ""}` : script;
    const section = script && file && !script.endsWith(`/${file}`) ? ` (running ${script})` : "";
    const shown = params === undefined ? "" : params === null ? " — no parameters (the script's defaults)" : ` — parameters ${JSON.stringify(params)}`;
    super(`${at ? `${at}${section}: ` : ""}${detail}${shown}`);
    this.name = "ScriptError";
    Object.assign(this, { code, detail, script, file, line, params });
  }

  /** What crosses a channel: the fields the constructor takes. */
  toJSON() {
    const { code, detail, script, file, line, params } = this;
    return { code, detail, where: { script, file, line, params } };
  }

  /** The error a toJSON() object describes. */
  static from({ code, detail, where }) {
    return new ScriptError(code, detail, where);
  }
}

/** A stack frame's URL, line and column: V8's `at f (URL:L:C)` and `at URL:L:C`, Firefox's
 * `f@URL:L:C`, node's `URL:L` heading a SyntaxError. The port of an http URL is not a line. */
const FRAME = /((?:file|https?):\/\/[^\s()@]*?):(\d+)(?::(\d+))?(?=\)|\s|$)/g;

/** The first place in `stack` inside `folder` (a URL ending in "/"): {file, line, column}, `file`
 * relative to the folder without the run's query or fragment, `column` absent where the stack gives
 * none (node's heading of a SyntaxError); undefined when no frame is there. */
export function locate(stack, folder) {
  for (const [, url, line, column] of String(stack ?? "").matchAll(FRAME)) {
    if (!url.startsWith(folder)) continue;
    const file = decodeURIComponent(url.slice(folder.length).replace(/[?#].*$/, ""));
    return column ? { file, line: Number(line), column: Number(column) } : { file, line: Number(line) };
  }
  return undefined;
}
