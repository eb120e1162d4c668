// The page's changes (www/state/actions.js): each action is a pure function of the state, says
// what the core must compute next (`ask`), and keeps what the page promised its links and
// learners (values as typed, each tab's changes, a claim dropped by a change of the user's).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ACTION_TYPES, update } from "../../www/state/actions.js";
import { findKey, rawQuery } from "../../www/state/link.js";
import { apply, booted, bootOf, core, frozen } from "./page.mjs";

/** What the state asks the core for after `action`, or null when it asks nothing new. */
const asks = (before, after) => (after.ask.seq === before.ask.seq ? null : (({ seq, ...what }) => what)(after.ask));
const resolved = (s) => update(s, { type: "resolved", resolved: core.resolve(new URLSearchParams({ lesson: s.lesson, ...s.values }).toString()) });

test("booted: the link's lesson, values as typed, page settings, view keys and run A; the page is asked for", () => {
  const s = booted("lesson=jobs&seed=42&fail_prob=abc&lang=en&section=measure&trace=limit:3&sweep=seed:1..3&vs=seed%3D7&nope=1");
  assert.equal(s.lesson, "jobs");
  assert.deepEqual(s.values, { seed: "42", fail_prob: "abc" }, "a refused value stays as typed");
  assert.equal(s.lang, "en");
  assert.equal(s.section, "measure");
  assert.deepEqual(s.view, { sweep: "seed:1..3", trace: "limit:3" });
  assert.equal(s.vs, "seed=7");
  assert.ok(s.linkErrors.some((e) => e.param === "nope") && s.linkErrors.some((e) => e.param === "fail_prob"));
  assert.ok(s.specs.jobs.some((p) => p.name === "seed") && s.presets.length > 0);
  assert.deepEqual(s.ask, { seq: 1, page: { focusTrace: false } });
  assert.equal(s.resolved, null, "the core's reading of the state comes with the first report");
});

test("booted: a claim link holds its figure for a guess only when it asks to (predict=1)", () => {
  const [preset] = core.presets();
  assert.equal(booted(`preset=${preset.id}`).awaiting, null);
  assert.equal(booted(`preset=${preset.id}&predict=1`).awaiting, preset.id);
  assert.equal(booted(`preset=${preset.id}&predict=1`).predict, true);
  assert.equal(booted("lesson=jobs&predict=1").awaiting, null, "no claim, nothing to hold");
});

test("setValues: only a value that really changes asks for the page; it drops the claim and says what moved", () => {
  const [preset] = core.presets().filter((p) => p.lesson === "supervisor");
  const s = resolved(booted(`preset=${preset.id}`));
  const jobs = s.specs.supervisor.find((p) => p.name === "jobs");
  const same = update(s, { type: "setValues", changes: { jobs: s.values.jobs ?? jobs.default } });
  assert.equal(same, s, "the same text again (a blur) changes nothing");
  const set = update(s, { type: "setValues", changes: { jobs: "20", nope: "1" } });
  assert.deepEqual(asks(s, set), { page: { focusTrace: false } });
  assert.equal(set.values.jobs, "20");
  assert.ok(!("nope" in set.values), "a name the lesson has not is no value");
  assert.equal(set.preset, null, "a change of the user's is no longer the claim's");
  assert.deepEqual(set.pending, ["jobs"]);
  assert.equal(update(s, { type: "setValues", changes: { nope: "1" } }), s, "nor does a name the lesson has not");
  const back = update(set, { type: "setValues", changes: { jobs: jobs.default } });
  assert.ok(!("jobs" in back.values), "the lesson's value is no change");
});

test("switchLesson keeps each tab's values, starts the other lesson clean and asks for its page", () => {
  let s = booted("lesson=supervisor&scan=4&section=daily&trace=scan:4&vs=");
  s = update(s, { type: "setValues", changes: { lease: "3" } });
  const to = update(s, { type: "switchLesson", id: "jobs" });
  assert.equal(to.lesson, "jobs");
  assert.deepEqual(to.values, {});
  assert.deepEqual(to.memory.supervisor, { scan: "4", lease: "3" });
  assert.equal(to.section, null);
  assert.deepEqual(to.view, {});
  assert.equal(to.vs, null);
  assert.equal(to.resolved, null, "another lesson's reading is not this one's");
  assert.deepEqual(asks(s, to), { page: { focusTrace: false } });
  const again = update(update(to, { type: "setValues", changes: { seed: "9" } }), { type: "switchLesson", id: "supervisor" });
  assert.deepEqual(again.values, { scan: "4", lease: "3" });
  assert.deepEqual(again.memory.jobs, { seed: "9" });
  assert.equal(update(again, { type: "switchLesson", id: "supervisor" }), again, "its own tab is no change");
});

test("choosePreset: the claim's link; a claim chosen on the full page asks first, an embed only with predict=1, predict=0 never", () => {
  const preset = core.presets().find((p) => p.lesson === "jobs");
  const chosen = (link) => update(update(booted(link), { type: "setValues", changes: { seed: "5" } }), { type: "choosePreset", preset });
  const full = chosen("lesson=jobs");
  assert.equal(full.preset, preset.id);
  assert.deepEqual(full.values, {});
  assert.equal(full.awaiting, preset.id);
  assert.equal(chosen("lesson=jobs&embed=1").awaiting, null);
  assert.equal(chosen("lesson=jobs&embed=1&predict=1").awaiting, preset.id);
  assert.equal(chosen("lesson=jobs&predict=0").awaiting, null);
  const none = update(full, { type: "choosePreset", preset: null });
  assert.equal(none.preset, null);
  assert.equal(none.awaiting, null);
  const guessed = update(full, { type: "guessed", guess: { preset: preset.id, text: "x", group: "g" } });
  assert.equal(guessed.awaiting, null);
  assert.equal(guessed.reveals, full.reveals + 1, "the report is drawn again with the answer");
});

test("watching a run: open asks for the link and a focused run; the core's name replaces the typed one; close drops it", () => {
  const s = resolved(booted("lesson=compensation"));
  const open = update(s, { type: "openTrace", selector: "run:3", backTo: { chart: "c", point: "1" } });
  assert.equal(open.view.trace, "run:3");
  assert.deepEqual(open.backTo, { chart: "c", point: "1" });
  assert.deepEqual(asks(s, open), { link: true, trace: { focus: true } });
  const named = update(open, { type: "traceNamed", selector: "attempts:1,run:3" });
  assert.equal(named.view.trace, "attempts:1,run:3");
  assert.deepEqual(asks(open, named), { link: true });
  const list = update(named, { type: "openTrace", selector: "attempts:2" });
  assert.deepEqual(list.backTo, { chart: "c", point: "1" }, "a list's choice keeps the way back");
  const closed = update(update(list, { type: "traced", doc: {}, focus: true }), { type: "closeTrace" });
  assert.ok(!("trace" in closed.view));
  assert.equal(closed.trace, null);
  assert.equal(closed.backTo, null);
  assert.deepEqual(asks(list, closed), { link: true });
});

test("a cancelled sweep says so and puts the link and the sweep shown back as they were before it was asked for", () => {
  // A sweep shown, then another asked for and cancelled: the first one's keys and sweep again.
  let s = resolved(booted("lesson=compensation"));
  s = update(s, { type: "sweepRequest", request: { sweep: "comp_fail:0..0.2:5", sweep_y: null, metric: "monte_carlo.rate" } });
  s = update(s, { type: "swept", key: "k", doc: { sweep: { first: true } } });
  const second = update(s, { type: "sweepRequest", request: { sweep: "seed:1..5", sweep_y: "comp_fail:0..1:3", metric: "monte_carlo.rate" } });
  const cancelled = update(second, { type: "sweepCancelled", text: "cancelled" });
  assert.deepEqual(cancelled.view, { sweep: "comp_fail:0..0.2:5", metric: "monte_carlo.rate" });
  assert.deepEqual(cancelled.sweep, { key: "k", doc: { sweep: { first: true } } });
  assert.deepEqual(cancelled.sweepRun, { phase: "cancelled", text: "cancelled" });
  assert.deepEqual(asks(second, cancelled), { link: true }, "the link is written again, nothing runs");
  // A link that opened with a sweep: cancelled, the link keeps no sweep= to run again on reload.
  const opened = resolved(booted("lesson=compensation&sweep=comp_fail:0..0.2:5&metric=monte_carlo.rate"));
  assert.ok(opened.view.sweep);
  const dropped = update(opened, { type: "sweepCancelled", text: "cancelled" });
  assert.deepEqual(dropped.view, {});
  assert.equal(dropped.notice.text, "cancelled");
});

test("sweeps: a request sets the link's keys and runs anew; none removes them; heat=log is kept; a point's values come with its run", () => {
  let s = resolved(booted("lesson=compensation&heat=log"));
  s = update(s, { type: "swept", key: "k", doc: { sweep: {} } });
  const run = update(s, { type: "sweepRequest", request: { sweep: "comp_fail:0..0.2:5", sweep_y: null, metric: "monte_carlo.rate" } });
  assert.deepEqual(run.view, { heat: "log", sweep: "comp_fail:0..0.2:5", metric: "monte_carlo.rate" });
  assert.equal(run.sweep, null, "a new request is not the last sweep");
  assert.deepEqual(asks(s, run), { link: true, sweep: true });
  const none = update(run, { type: "sweepRequest", request: null });
  assert.deepEqual(none.view, {});
  const linear = update(run, { type: "heat", on: false });
  assert.ok(!("heat" in linear.view));
  assert.deepEqual(asks(run, linear), { link: true });
  const point = update(run, { type: "watchPoint", changes: { comp_fail: "0.1", seed: "2" }, trace: "attempts:1,run:hung", backTo: null });
  assert.equal(point.view.trace, "attempts:1,run:hung");
  assert.deepEqual(point.values, { comp_fail: "0.1", seed: "2" });
  assert.deepEqual(asks(run, point), { page: { focusTrace: true } });
  const again = update(point, { type: "watchPoint", changes: { comp_fail: "0.1", seed: "2" }, trace: "attempts:1,run:hung", backTo: null });
  assert.deepEqual(asks(point, again), { page: { focusTrace: true } }, "the same point again still shows its run");
});

test("the core's answers: a claim's reading brings its values; a report says what moved since the one before", () => {
  const preset = core.presets().find((p) => p.lesson === "supervisor" && p.query.includes("scan_sweep"));
  let s = booted("lesson=supervisor");
  s = update(s, { type: "resolved", resolved: core.resolve(preset.query) });
  assert.equal(s.preset, preset.id);
  assert.equal(s.values.scan_sweep, new URLSearchParams(preset.query).get("scan_sweep"));
  const first = update(s, { type: "computed", doc: { n: 1 } });
  assert.equal(first.moved, null);
  const changed = update(update(first, { type: "notice", text: "x" }), { type: "setValues", changes: { scan: "5" } });
  const second = update(changed, { type: "computed", doc: { n: 2 } });
  assert.deepEqual(second.moved, { names: ["scan"], before: { n: 1 } });
  assert.equal(second.pending, null);
  assert.equal(second.notice, null, "a report shown hides the last notice");
  assert.deepEqual(second.run, { busy: false, slow: false, share: null });
});

test("a long run: busy, slow after a blink, its share, then cancelled with a notice", () => {
  let s = update(booted("lesson=compensation"), { type: "computing" });
  assert.deepEqual(s.run, { busy: true, slow: false, share: null });
  s = apply(s, { type: "slow" }, { type: "progress", share: 0.25 });
  assert.deepEqual(s.run, { busy: true, slow: true, share: 0.25 });
  s = update(s, { type: "cancelled", text: "stopped" });
  assert.deepEqual(s.run, { busy: false, slow: false, share: null });
  assert.deepEqual(s.notice, { text: "stopped" });
  assert.equal(update(s, { type: "slow" }), s, "a blink after the run ended is nothing");
});

test("present: presenter mode on and off goes into the link (present=1), the values stay", () => {
  const s = resolved(booted("lesson=jobs&seed=3"));
  const on = update(s, { type: "present", on: true });
  assert.equal(on.present, true);
  assert.deepEqual(asks(s, on), { link: true }, "the link is read again, nothing recomputed");
  assert.equal(core.resolve(rawQuery(on)).share, "lesson=jobs&seed=3&present=1&v=1");
  assert.equal(update(on, { type: "present", on: true }), on, "on twice is nothing");
  const off = update(on, { type: "present", on: false });
  assert.equal(off.present, false);
  assert.equal(new URLSearchParams(rawQuery(off)).has("present"), false);
  assert.equal(booted("lesson=jobs&present=1").present, true, "a link with present=1 opens it");
});

test("every action is pure: it never writes to the state it is given", () => {
  const doc = core.run("lesson=jobs");
  const preset = core.presets().find((p) => p.lesson === "jobs");
  const base = resolved(booted("lesson=jobs&seed=3&trace=limit:3&sweep=seed:1..3&heat=log&vs="));
  const samples = {
    booted: { boot: bootOf("lesson=quotas") },
    learned: { boot: bootOf("lesson=leader") },
    settled: {},
    setValues: { changes: { seed: "4" } },
    switchLesson: { id: "compensation" },
    switchLanguage: {},
    reset: {},
    choosePreset: { preset },
    guessed: { guess: null },
    predicted: { lesson: "jobs", claim: preset.id, guess: "3", computed: 4 },
    notAsking: {},
    compare: { vs: "" },
    openChallenge: { id: "jobs.no-idle", values: { parallelisms: "5" } },
    closeChallenge: {},
    solved: { lesson: "jobs", challenge: "jobs.no-idle", query: "lesson=jobs" },
    hinted: { lesson: "jobs", challenge: "jobs.no-idle", n: 1 },
    explained: { lesson: "jobs", claim: preset.id, choice: 0, right: true },
    present: { on: true },
    changedOnly: { on: true },
    seeded: { name: "seed", seed: 11 },
    openValues: { values: { seed: "3" } },
    openTrace: { selector: "limit:6" },
    closeTrace: {},
    traceNamed: { selector: "limit:6" },
    traceLoading: {},
    traced: { doc: {}, focus: false },
    traceFailed: { error: "no", controls: [] },
    sweepRequest: { request: null },
    heat: { on: false },
    watchPoint: { changes: { seed: "2" }, trace: "", backTo: null },
    sweepOptions: { key: "lesson=jobs", options: { params: [] } },
    sweepCleared: {},
    sweeping: { share: 0.5 },
    swept: { key: "k", doc: {} },
    sweepFailed: { error: { message: "no" } },
    sweepCancelled: { text: "no" },
    findRequest: { find: "night-skipped" },
    findOptions: { lesson: "jobs", options: { properties: [], metrics: [] } },
    finding: { share: 0.5 },
    found: { key: "k", doc: {} },
    findFailed: { error: { message: "no" } },
    findCancelled: { text: "no" },
    findGuessed: { guess: "yes" },
    openWitness: { values: { nights: "3" }, trace: "" },
    resolved: { resolved: core.resolve("lesson=jobs&seed=5") },
    computing: {},
    slow: {},
    progress: { share: 0.5 },
    computed: { doc },
    failed: { text: "no" },
    cancelled: { text: "no" },
    notice: { text: "no" },
    predicted: { lesson: "jobs", claim: preset.id, guess: "3", computed: "4" },
  };
  assert.deepEqual(Object.keys(samples).sort(), [...ACTION_TYPES].sort(), "a sample of every action");
  for (const [type, fields] of Object.entries(samples)) {
    const before = frozen(base);
    const after = update(before, { type, ...fields });
    assert.deepEqual(before, base, `${type} left its input as it was`);
    assert.ok(after && typeof after === "object" && after.ask, type);
  }
  assert.throws(() => update(base, { type: "nope" }), /no action "nope"/);
});

test("openValues (a host's tatbikat:set {query}): the link's values replace the page's and the claim goes, also when the values are the same (issue 33)", () => {
  const [preset] = core.presets().filter((p) => p.lesson === "jobs");
  const s = booted(`preset=${preset.id}`);
  assert.equal(s.preset, preset.id);
  const same = update(s, { type: "openValues", values: { ...s.values } });
  assert.equal(same.preset, null, "the claim is replaced, as opening the link would");
  assert.deepEqual(same.values, s.values);
  assert.deepEqual(asks(s, same), { page: { focusTrace: false } }, "and the page is asked for");
  const other = update(s, { type: "openValues", values: { seed: "42" } });
  assert.deepEqual(other.values, { seed: "42" }, "values the link does not name go back to the lesson's");
  assert.equal(rawQuery(other).includes("preset="), false);
});

test("a refused origin= stays in the state's link, so the embed stays closed when the link is read again (issue 33)", () => {
  const s = booted("lesson=jobs&embed=1&origin=garbage&origin=https%3A%2F%2Fa.example");
  assert.deepEqual(s.origins, []);
  assert.deepEqual(s.originRefused, ["garbage", "https://a.example"]);
  const again = core.resolve(rawQuery(s));
  assert.deepEqual(again.origins, [], rawQuery(s));
  assert.deepEqual(again.originRefused, ["garbage", "https://a.example"]);
  const good = booted("lesson=jobs&embed=1&origin=HTTPS%3A%2F%2FA.example%3A443");
  assert.deepEqual([good.origins, good.originRefused], [["https://a.example"], []]);
});

test("find a run (issue 36): a request goes into the link and asks for the search; a cancel takes it out; a witness opens its values and its run", () => {
  const s = booted("lesson=leader&fencing=0");
  const asked = update(s, { type: "findRequest", find: "round-twice" });
  assert.equal(asked.view.find, "round-twice");
  assert.deepEqual(asks(s, asked), { link: true, find: true });
  assert.match(rawQuery(asked), /find=round-twice/);
  const busy = update(asked, { type: "finding", share: 0.25 });
  assert.deepEqual(busy.findRun, { phase: "busy", share: 0.25 });
  const cancelled = update(busy, { type: "findCancelled", text: "iptal" });
  assert.equal(cancelled.view.find, undefined, "the link forgets a cancelled search");
  assert.equal(cancelled.findRun.phase, "cancelled");
  assert.deepEqual(asks(busy, cancelled), { link: true });
  const shown = update(asked, { type: "found", key: "k", doc: { met: 1 } });
  assert.equal(shown.findRun.phase, "shown");
  const opened = update(shown, { type: "openWitness", values: { fencing: "0", pause: "N1@1+4", crash: "" }, trace: "" });
  assert.deepEqual(opened.values, { fencing: "0", pause: "N1@1+4", crash: "" });
  assert.equal(opened.view.trace, "");
  assert.equal(opened.view.find, "round-twice", "the search stays in the link with its witness");
  assert.deepEqual(asks(shown, opened), { page: { focusTrace: true } });
  assert.equal(opened.pending, null, "no what-moved bar over the witness's run");
  const none = update(shown, { type: "findRequest", find: null });
  assert.equal(none.view.find, undefined);
  assert.equal(none.find, null);
});

test("find a run (issue 36): a narrowed scope goes into the link with its search and into the search's identity; an empty one leaves both", () => {
  const s = booted("lesson=compensation");
  const narrowed = update(s, { type: "findRequest", find: "left-hung", scope: "seed=20260737;runs=1..4" });
  assert.equal(narrowed.view.scope, "seed=20260737;runs=1..4");
  assert.match(rawQuery(narrowed), /scope=seed%3D20260737%3Bruns%3D1\.\.4/);
  const whole = update(narrowed, { type: "findRequest", find: "left-hung", scope: "" });
  assert.equal(whole.view.scope, undefined, "an empty narrowing is the whole scope");
  assert.notEqual(findKey(whole), findKey(narrowed), "a narrowed search is another search");
  const gone = update(narrowed, { type: "findRequest", find: null });
  assert.equal(gone.view.scope, undefined, "no search, no narrowing");
});
