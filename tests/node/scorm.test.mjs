// The LMS side of the page (www/scorm/runtime.js) without a browser: the SCORM 1.2 API is found
// as the run-time spec's findAPI finds it (the window, its parents up to 7 levels, the opener's;
// a frame of another origin is no LMS), and a store's actions reach the API as interactions, the
// status, the score, commit and finish, in the order an LMS expects.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { decimal, findAPI, getAPI, start, timespan } from "../../www/scorm/runtime.js";
import { createStore } from "../../www/state/store.js";

/** A chain of windows, the first `depth` levels up holding `api` at the top. */
function frames(depth, api) {
  const top = { API: api };
  top.parent = top;
  let win = top;
  for (let i = 0; i < depth; i++) win = { parent: win };
  return win;
}

/** A recording stand-in for an LMS's API. */
function lms(status = "not attempted") {
  const calls = [];
  const values = { "cmi.core.lesson_status": status, "cmi.interactions._count": "0" };
  return {
    calls,
    values,
    LMSInitialize: () => (calls.push("LMSInitialize"), "true"),
    LMSGetValue: (k) => values[k] ?? "",
    LMSSetValue: (k, v) => (calls.push(k), (values[k] = v), "true"),
    LMSCommit: () => (calls.push("LMSCommit"), "true"),
    LMSFinish: () => (calls.push("LMSFinish"), "true"),
  };
}

describe("scorm runtime", () => {
  test("the API is found in the window, up to 7 parents, or the opener's; not beyond, not across origins", () => {
    const api = {};
    assert.equal(findAPI(frames(0, api)), api);
    assert.equal(findAPI(frames(7, api)), api);
    assert.equal(findAPI(frames(8, api)), null, "8 levels up is beyond the spec's search");
    const foreign = { get API() { throw new Error("SecurityError"); } };
    foreign.parent = foreign;
    assert.equal(findAPI({ parent: foreign }), null);
    const alone = { parent: null, opener: frames(2, api) };
    assert.equal(getAPI(alone), api);
    assert.equal(getAPI({ parent: null }), null);
  });

  test("a guess is a SCORM decimal; a session a timespan", () => {
    assert.equal(decimal("3,5"), "3.5");
    assert.equal(decimal("×17"), "17");
    assert.equal(decimal("40 %"), "40");
    assert.equal(decimal("on kat"), null);
    assert.equal(timespan(3_723_400), "01:02:03");
  });

  test("outside an LMS nothing happens; inside, actions become interactions, status, score, commit and finish", () => {
    const update = (s, a) => (a.type === "show" ? { ...s, doc: {}, awaiting: a.awaiting ?? null } : a.type === "guessed" ? { ...s, awaiting: null } : s);
    const store = createStore(update, { doc: null, awaiting: null });
    const listeners = {};
    const win = (api) => ({ parent: null, API: api, addEventListener: (t, f) => (listeners[t] = f) });
    assert.equal(start(store, win(undefined)), null);

    const api = lms();
    store.dispatch({ type: "show", awaiting: "jobs.overlap" });
    assert.ok(start(store, win(api)));
    assert.equal(api.values["cmi.core.lesson_status"], "incomplete", "seen, not answered");
    store.dispatch({ type: "guessed" });
    assert.equal(api.values["cmi.core.lesson_status"], "incomplete", "skipped: no answer");
    store.dispatch({ type: "predicted", lesson: "jobs", claim: "jobs.overlap", guess: "less", computed: "more" });
    assert.deepEqual(
      ["id", "type", "student_response", "correct_responses.0.pattern", "result"].map((k) => api.values[`cmi.interactions.0.${k}`]),
      ["jobs.overlap", "choice", "l", "m", "wrong"],
    );
    assert.equal(api.values["cmi.core.score.raw"], "0");
    assert.equal(api.values["cmi.core.lesson_status"], "completed");
    store.dispatch({ type: "predicted", lesson: "jobs", claim: "jobs.parallelism", guess: "12,5", computed: 12.75 });
    assert.deepEqual(
      ["type", "student_response", "correct_responses.0.pattern", "result"].map((k) => api.values[`cmi.interactions.1.${k}`]),
      ["numeric", "12.5", "12.75", "neutral"],
    );
    store.dispatch({ type: "explained", lesson: "jobs", claim: "jobs.overlap", choice: 2, right: true });
    assert.equal(api.values["cmi.interactions.2.id"], "jobs.overlap.why");
    assert.equal(api.values["cmi.core.score.raw"], "50", "one right of two scored answers");
    store.dispatch({ type: "solved", lesson: "jobs", challenge: "c1", query: "lesson=jobs&seed=1" });
    assert.equal(api.values["cmi.interactions.3.result"], "correct");
    listeners.pagehide();
    listeners.pagehide();
    assert.deepEqual(api.calls.slice(-3), ["cmi.core.session_time", "LMSCommit", "LMSFinish"]);
    assert.equal(api.calls.filter((c) => c === "LMSFinish").length, 1, "finished once");
    assert.equal(api.calls[0], "LMSInitialize");
  });

  test("a search asked as a question (predict=1 with find=): a true-false interaction, right when the count says so; the status completes once it is answered", () => {
    const update = (s, a) => (a.type === "found" ? { ...s, doc: {}, find: { doc: a.doc } } : s);
    const asked = { doc: null, awaiting: null, predict: true, lesson: "leader", view: { find: "round-twice" }, find: null };
    const store = createStore(update, asked);
    const api = lms();
    assert.ok(start(store, { parent: null, API: api, addEventListener: () => {} }));
    store.dispatch({ type: "found", doc: { met: 0, exhaustive: true, property: { id: "round-twice" } } });
    assert.equal(api.values["cmi.core.lesson_status"], "incomplete", "shown, the question not answered");
    store.dispatch({ type: "findGuessed", guess: "skip" });
    assert.equal(api.values["cmi.core.lesson_status"], "incomplete", "skipped: no answer");
    store.dispatch({ type: "findGuessed", guess: "yes" });
    assert.deepEqual(
      ["id", "type", "student_response", "correct_responses.0.pattern", "result"].map((k) => api.values[`cmi.interactions.0.${k}`]),
      ["find.leader.round-twice", "true-false", "t", "f", "wrong"],
    );
    assert.equal(api.values["cmi.core.lesson_status"], "completed");
    // A sample that met none cannot say no run exists: the answer is recorded, not scored.
    const sampled = createStore(update, asked);
    const api2 = lms();
    start(sampled, { parent: null, API: api2, addEventListener: () => {} });
    sampled.dispatch({ type: "found", doc: { met: 0, exhaustive: false, property: { id: "round-twice" } } });
    sampled.dispatch({ type: "findGuessed", guess: "no" });
    assert.deepEqual([api2.values["cmi.interactions.0.result"], api2.values["cmi.interactions.0.correct_responses.0.pattern"]], ["neutral", undefined]);
    // The interaction is named by the search the page ran: the first property for an empty
    // find=, a condition by its text, percent-encoded (a SCORM 1.2 identifier has no spaces).
    for (const [find, doc, id] of [
      ["", { met: 3, exhaustive: true, property: { id: "round-twice" } }, "find.leader.round-twice"],
      ["fencing.unfenced > 0", { met: 3, exhaustive: true, property: null, condition: "fencing.unfenced > 0" }, "find.leader.fencing.unfenced%20%3E%200"],
    ]) {
      const one = createStore(update, { ...asked, view: { find } });
      const api3 = lms();
      start(one, { parent: null, API: api3, addEventListener: () => {} });
      one.dispatch({ type: "found", doc });
      one.dispatch({ type: "findGuessed", guess: "yes" });
      assert.equal(api3.values["cmi.interactions.0.id"], id, find);
    }
  });
});
