// The core's side of the state (www/state/compute.js): what the state asks for becomes the
// worker's calls, in order, and their answers come back as the state — with an engine that
// answers as the worker does, from the node package.
import { test } from "node:test";
import assert from "node:assert/strict";
import LESSONS from "../../www/lessons.js";
import { createStore } from "../../www/state/store.js";
import { initialState, update } from "../../www/state/actions.js";
import { computer } from "../../www/state/compute.js";
import { rawQuery } from "../../www/state/link.js";
import { booted, bootOf, core, fakeEngine } from "./page.mjs";

/** A page's store, engine and runner, booted on `link`; resolves once its first page is shown. */
async function page(link) {
  const store = createStore(update, initialState(LESSONS));
  const engine = fakeEngine();
  const loaded = [];
  const load = Object.fromEntries(["compare", "timeline", "runPicker", "sweep"].map((m) => [m, async () => loaded.push(m)]));
  const shown = [];
  const runner = computer({ store, engine, explain: (e) => `explained: ${e.message}`, load, onShown: (started) => shown.push(started) });
  store.dispatch({ type: "booted", boot: bootOf(link) });
  await runner.settled();
  return { store, engine, runner, loaded, shown };
}
const ops = (engine) => engine.calls.map(([op]) => op);

test("a link's first page: its report with the core's reading first, then its run and its sweep", async () => {
  const link = "lesson=compensation&runs=2000&trace=run:3&sweep=comp_fail:0,0.1&vs=";
  const { store, engine, loaded, shown } = await page(link);
  const s = store.state;
  // The core names the run "attempts:1,run:3": the link is read again with that name.
  assert.deepEqual(ops(engine), ["page", "trace", "resolve", "sweepOptions", "sweep"]);
  assert.equal(engine.calls[0][1], rawQuery(booted(link)), "the page is asked for the link's state");
  assert.equal(s.resolved.share, core.resolve(link).share.replace("trace=run:3", "trace=attempts:1,run:3"));
  assert.deepEqual(s.doc, core.run(s.resolved.query));
  assert.ok(s.doc.vs, "compare mode's report");
  assert.equal(shown.length, 1, "the report was shown once");
  assert.deepEqual(s.trace.doc, core.trace(s.resolved.query));
  assert.equal(s.view.trace, "attempts:1,run:3", "the link names the run as the core does");
  assert.deepEqual(s.sweep.doc, core.sweep(s.resolved.query));
  assert.equal(s.sweepRun.phase, "shown");
  assert.ok(loaded.includes("compare") && loaded.includes("timeline") && loaded.includes("sweep"));
});

test("a change asks for the page again; a newer change supersedes an older one still running", async () => {
  const { store, engine, shown } = await page("lesson=jobs");
  engine.calls.length = 0;
  const release = engine.hold("page");
  store.dispatch({ type: "setValues", changes: { seed: "5" } });
  assert.equal(store.state.run.busy, true);
  store.dispatch({ type: "setValues", changes: { seed: "6" } });
  release();
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(engine.restarts, ["superseded"], "the first run was still going: its worker is restarted");
  assert.equal(store.state.doc.params.seed, "6");
  assert.deepEqual(store.state.moved.names, ["seed"]);
  assert.equal(shown.length, 2, "the superseded report is never shown");
  assert.equal(store.state.run.busy, false);
});

test("opening a run reads the link again, then the run; the tables are not recomputed", async () => {
  const { store, engine, loaded } = await page("lesson=supervisor&scan=3");
  engine.calls.length = 0;
  store.dispatch({ type: "openTrace", selector: "scan:4" });
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(ops(engine), ["resolve", "trace"]);
  // The timeline and the lists above it that choose another run (the trace view gives them to it).
  assert.ok(loaded.includes("timeline") && loaded.includes("runPicker"), loaded.join(", "));
  assert.match(store.state.resolved.share, /trace=scan:4/);
  assert.equal(store.state.trace.focus, true);
  assert.deepEqual(store.state.trace.doc, core.trace("lesson=supervisor&scan=3&trace=scan:4"));
});

test("a run the core refuses: its message and the default run's lists", async () => {
  const { store, loaded } = await page("lesson=supervisor&trace=scan:0");
  const t = store.state.trace;
  assert.match(t.error, /^explained: .*scan/);
  assert.deepEqual(t.controls, core.traceControls("lesson=supervisor&trace=scan:0"));
  assert.ok(loaded.includes("runPicker"));
});

test("a sweep runs once for its parameters: a swept parameter's value changes nothing, another parameter runs it again", async () => {
  const { store, engine } = await page("lesson=compensation&runs=2000&sweep=comp_fail:0,0.1");
  const sweeps = () => engine.calls.filter(([op]) => op === "sweep").length;
  assert.equal(sweeps(), 1);
  store.dispatch({ type: "setValues", changes: { comp_fail: "0.1" } });
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(sweeps(), 1, "the last sweep is shown again");
  assert.equal(store.state.sweepRun.phase, "shown");
  store.dispatch({ type: "setValues", changes: { runs: "3000" } });
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(sweeps(), 2);
  assert.equal(store.state.sweep.doc.params.runs, "3000");
  store.dispatch({ type: "sweepRequest", request: null });
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(store.state.sweepRun.phase, "cleared");
  assert.equal(store.state.sweep, null);
});

test("a refused sweep is the sweep's error, in the reader's words, not the page's", async () => {
  const { store } = await page("lesson=jobs&sweep=nights:1..1000");
  assert.equal(store.state.sweepRun.phase, "failed");
  assert.match(store.state.sweepRun.error.message, /^explained: .*1000 values/);
  assert.equal(store.state.sweepRun.error.param, null);
  assert.ok(store.state.doc, "the tables are shown");
});

test("a cancelled run ends the worker and its answer is dropped", async () => {
  const { store, engine, runner, shown } = await page("lesson=jobs");
  const release = engine.hold("page");
  store.dispatch({ type: "setValues", changes: { seed: "5" } });
  runner.cancel();
  store.dispatch({ type: "cancelled", text: "cancelled" });
  release();
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(engine.restarts, ["cancel"]);
  assert.equal(store.state.doc.params.seed, core.run("lesson=jobs").params.seed, "the report shown stays");
  assert.equal(shown.length, 1);
  assert.deepEqual(store.state.notice, { text: "cancelled" });
});

test("a run asked for while another is on its way: only the newer one is drawn and named in the link", async () => {
  const { store, engine } = await page("lesson=compensation&trace=attempts:1");
  const release = engine.hold("trace");
  store.dispatch({ type: "openTrace", selector: "run:3" }); // the core names it attempts:1,run:3
  await new Promise((r) => setTimeout(r, 20));
  store.dispatch({ type: "openTrace", selector: "attempts:2" });
  const seen = [];
  store.subscribe((s) => [s.view.trace, s.trace?.doc], ([selector, doc]) => seen.push([selector, doc?.trace.selector]));
  release();
  await new Promise((r) => setTimeout(r, 80));
  assert.ok(!seen.some(([selector, drawn]) => selector === "attempts:1,run:3" || drawn === "attempts:1,run:3"), `the older run was never named nor drawn: ${JSON.stringify(seen)}`);
  const newer = core.trace("lesson=compensation&trace=attempts:2");
  assert.equal(store.state.view.trace, newer.trace.selector, "the older run's answer does not rename the newer one");
  assert.notEqual(newer.trace.selector, "attempts:1,run:3");
  assert.deepEqual(store.state.trace.doc, newer);
  assert.equal(new URLSearchParams(store.state.resolved.share).get("trace"), newer.trace.selector);
});

test("a run closed while on its way stays closed", async () => {
  const { store, engine } = await page("lesson=jobs");
  const release = engine.hold("trace");
  store.dispatch({ type: "openTrace", selector: "limit:3" });
  await new Promise((r) => setTimeout(r, 20));
  store.dispatch({ type: "closeTrace" });
  release();
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(store.state.trace, null);
  assert.ok(!("trace" in store.state.view));
});

test("busy from an ask until every answer it led to is in: a run the core renames settles with its name in the link", async () => {
  const store = createStore(update, initialState(LESSONS));
  const engine = fakeEngine();
  const load = Object.fromEntries(["compare", "timeline", "runPicker", "sweep"].map((m) => [m, async () => {}]));
  const busy = [];
  const runner = computer({ store, engine, explain: (e) => e.message, load, onBusy: (b) => busy.push(b) });
  store.dispatch({ type: "booted", boot: bootOf("lesson=compensation") });
  assert.deepEqual(busy, [true], "busy as soon as the first page is asked for");
  await runner.settled();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(busy, [true, false]);
  // A run chosen by a list: the core names it otherwise, and the link is read again with that
  // name. Busy ends only after that reading, so a reader who waits for it sees the final link.
  store.dispatch({ type: "openTrace", selector: "attempts:3" });
  assert.deepEqual(busy, [true, false, true]);
  await new Promise((resolve) => {
    const check = () => (busy.at(-1) === false ? resolve() : setTimeout(check, 5));
    check();
  });
  assert.deepEqual(busy, [true, false, true, false], "one busy span for the run and its renaming");
  assert.equal(store.state.view.trace, core.trace(store.state.resolved.query).trace.selector);
  assert.match(store.state.resolved.share, new RegExp(`trace=${store.state.view.trace}(&|$)`));
  // Loading the sweep form's options counts too.
  await runner.loadSweepOptions();
  assert.deepEqual(busy, [true, false, true, false, true, false]);
});

test("a search in a link runs after the page and its run; it runs once for its question and parameters, again when a parameter it walks from changes (issue 36)", async () => {
  const { store, engine, runner } = await page("lesson=leader&fencing=0&rounds=12&find=round-twice");
  const finds = () => engine.calls.filter(([op]) => op === "find").length;
  assert.equal(finds(), 1);
  assert.ok(ops(engine).indexOf("find") > ops(engine).indexOf("page"));
  const s = store.state;
  assert.equal(s.findRun.phase, "shown");
  assert.deepEqual(s.find.doc, core.find(s.resolved.query));
  assert.deepEqual(s.findOptions.leader, core.findOptions("leader"));
  store.dispatch({ type: "openTrace", selector: "" });
  await runner.settled();
  assert.equal(finds(), 1, "a run watched does not search again");
  store.dispatch({ type: "setValues", changes: { rounds: "14" } });
  await runner.settled();
  assert.equal(finds(), 2, "a parameter the search walks from runs it again");
  assert.equal(store.state.find.doc.axes[0][1], core.find(store.state.resolved.query).axes[0][1]);
});

test("a search's progress reaches the state at most every 100 ms, the first share at once: each share shown costs the main thread a frame (issue 36)", async () => {
  const { store, engine, runner } = await page("lesson=leader");
  const told = []; // when the core reported a share
  const shown = []; // when the state took one
  const call = engine.call.bind(engine);
  engine.call = (op, args, handlers = {}) =>
    call(op, args, op !== "find" ? handlers : { ...handlers, onProgress: (share) => (told.push(performance.now()), handlers.onProgress(share)) });
  store.observe((action) => action.type === "finding" && shown.push(performance.now()));
  store.dispatch({ type: "findRequest", find: "round-twice" });
  await runner.settled();
  assert.equal(store.state.findRun.phase, "shown");
  assert.deepEqual(store.state.find.doc, core.find(store.state.resolved.query));
  // leader's default search reports a share a block, 114 blocks in a fraction of a second.
  assert.ok(told.length > 50, `the core reported ${told.length} shares`);
  // The search's start (share 0), then the core's first share at once, then one a tenth of a second.
  const reported = shown.slice(1);
  assert.ok(reported[0] - told[0] < 5, "the first share is shown at once");
  for (let i = 1; i < reported.length; i++) assert.ok(reported[i] - reported[i - 1] >= 100, `shares shown ${reported[i] - reported[i - 1]} ms apart`);
  assert.ok(reported.length <= 2 + (told.at(-1) - told[0]) / 100, `${reported.length} shares shown of ${told.length}`);
});
