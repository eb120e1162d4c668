// The page inside an LMS (issue 22): loaded only when the page was launched from a SCORM 1.2
// package (scorm=1 in the link, src/scorm.rs). It finds the LMS's API as the SCORM 1.2 runtime
// specifies (window.API in a parent, up to 7 levels, else in the opener's), and reports what the
// learner does: each prediction, "why" answer and challenge as an interaction, the lesson's status
// (completed once the view was seen and its prompt answered) and a score where answers are right
// or wrong. Without an API (the package opened from disk, a plain host) it does nothing: the page
// is the page. Values are the core's (a prediction's `computed`); nothing is computed here.

import { findAnswer, findId, findVerdict } from "../state/guess.js";

/** How far up the frames the API is looked for (the spec's findAPI). */
const LEVELS = 7;

/** window.API in `win` or one of its parents, up to 7 levels; null if none or out of reach (a
 * frame of another origin). */
export function findAPI(win) {
  try {
    for (let tries = 0; win; tries++) {
      if (win.API) return win.API;
      if (tries >= LEVELS || !win.parent || win.parent === win) return null;
      win = win.parent;
    }
  } catch {
    // A parent of another origin: not an LMS frame of this content.
  }
  return null;
}

/** The LMS's API for `win`: in its frames, else in its opener's (a package launched in a window). */
export function getAPI(win = window) {
  let api = findAPI(win);
  try {
    if (!api && win.opener) api = findAPI(win.opener);
    if (!api && win.top?.opener) api = findAPI(win.top.opener);
  } catch {
    api = null;
  }
  return api;
}

/** A choice's SCORM 1.2 response: one character (more, same, less → m, s, l). */
const CHOICE = { more: "m", same: "s", less: "l" };

/** A guessed number as a SCORM decimal ("3,5" → "3.5", "×2" → "2", "40%" → "40"), or null. */
export function decimal(text) {
  const n = Number(String(text).replace(/[×x%\s]/g, "").replace(",", "."));
  return Number.isFinite(n) ? String(n) : null;
}

/** HH:MM:SS of `ms` milliseconds (cmi.core.session_time), hours up to 9999. */
export function timespan(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.min(9999, Math.floor(s / 3600)))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** Starts reporting `store`'s actions to the LMS; null (and nothing done) outside an LMS. */
export function start(store, win = window) {
  const api = getAPI(win);
  if (!api || String(api.LMSInitialize("")) !== "true") return null;
  const set = (key, value) => api.LMSSetValue(key, String(value));
  const began = Date.now();
  let status = String(api.LMSGetValue("cmi.core.lesson_status") ?? "");
  if (status === "" || status === "not attempted") set("cmi.core.lesson_status", (status = "incomplete"));
  let count = Number(api.LMSGetValue("cmi.interactions._count")) || 0;
  let right = 0;
  let scored = 0;
  // A prompt asked with the view (a claim with predict=1, or a search asked as a question:
  // predict=1 with find=) must be answered for completion.
  let asked = store.state.awaiting !== null || (store.state.predict === true && store.state.view?.find !== undefined);
  let answered = false;

  const clock = () => new Date().toTimeString().slice(0, 8);
  function interaction({ id, type, response, correct, result }) {
    const n = count++;
    const base = `cmi.interactions.${n}`;
    set(`${base}.id`, id.replace(/[^\x21-\x7e]/g, "_").slice(0, 255));
    set(`${base}.time`, clock());
    set(`${base}.type`, type);
    if (response !== null) set(`${base}.student_response`, String(response).slice(0, 255));
    if (correct !== null) set(`${base}.correct_responses.0.pattern`, String(correct).slice(0, 255));
    set(`${base}.result`, result);
    if (result === "correct" || result === "wrong") {
      scored++;
      if (result === "correct") right++;
      set("cmi.core.score.min", 0);
      set("cmi.core.score.max", 100);
      set("cmi.core.score.raw", Math.round((100 * right) / scored));
    }
  }

  const complete = () => {
    const s = store.state;
    if (status === "completed" || !s.doc || s.awaiting !== null || (asked && !answered)) return;
    set("cmi.core.lesson_status", (status = "completed"));
    api.LMSCommit("");
  };

  const actions = {
    /** A prediction: numeric (recorded beside the core's value; a guess is neither right nor
     * wrong) or a choice (right when it is the core's). */
    predicted({ claim, guess, computed }) {
      answered = true;
      if (typeof computed === "number") {
        interaction({ id: claim, type: "numeric", response: decimal(guess), correct: decimal(computed), result: "neutral" });
      } else {
        const mine = CHOICE[guess] ?? String(guess);
        const core = CHOICE[computed] ?? String(computed);
        interaction({ id: claim, type: "choice", response: mine, correct: core, result: mine === core ? "correct" : "wrong" });
      }
    },
    /** A search's question answered ("does such a run exist?", views/find.js): true-false, right
     * when the search's count says so; neutral when a sample met none (it cannot say that no run
     * exists). Shown without a guess ("skip"): no answer, as a claim's. */
    findGuessed({ guess }) {
      const s = store.state;
      const said = s.find?.doc ? findVerdict(guess, s.find.doc) : null;
      if (!said) return;
      answered = true;
      interaction({
        // The search's own id, as the page's journal and the course page's message name it
        // (find= may be empty: the first property), a condition's text percent-encoded: SCORM 1.2
        // identifiers hold no spaces.
        id: `find.${s.lesson}.${encodeURIComponent(findId(s.find.doc) ?? "")}`,
        type: "true-false",
        response: guess === "yes" ? "t" : "f",
        correct: { yes: "t", no: "f" }[findAnswer(s.find.doc)] ?? null,
        result: { right: "correct", wrong: "wrong", open: "neutral" }[said],
      });
    },
    /** A "why" answered: right or wrong, as the page judged it. */
    explained({ claim, choice, right: ok }) {
      interaction({ id: `${claim}.why`, type: "choice", response: String(choice), correct: null, result: ok ? "correct" : "wrong" });
    },
    /** A challenge met. */
    solved({ challenge, query }) {
      interaction({ id: `challenge.${challenge}`, type: "performance", response: query ?? "", correct: null, result: "correct" });
    },
    notAsking() {
      asked = false;
    },
    choosePreset() {
      asked = store.state.awaiting !== null;
      answered = false;
    },
  };
  const stop = store.observe((action) => {
    actions[action.type]?.(action);
    complete();
  });
  complete();

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    set("cmi.core.session_time", timespan(Date.now() - began));
    api.LMSCommit("");
    api.LMSFinish("");
  };
  win.addEventListener("pagehide", finish);
  return { api, finish };
}
