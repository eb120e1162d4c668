// The core's side of the state: whenever the state asks for something (`ask`, see actions.js)
// this calls the core in its worker (engine.js) and hands the answers back to the store as
// actions. A newer report supersedes an older one: its answers are dropped. No DOM here.
import { findKey, optionsKey, rawQuery, sweepKey } from "./link.js";

const SLOW_MS = 150; // a run longer than a blink shows progress and a cancel button

/** How often progress is shown at most: each share shown costs the main thread a frame (style,
 * layout, paint, the compositor's), which on two cores is taken from the workers. Every share
 * a search's part reported (about 80 in 0.7 s) cost the renderer 0.12 s of CPU there. */
const PROGRESS_MS = 100;

/** `tell`, passed on at most every PROGRESS_MS: the first share at once, one arriving sooner
 * after the last shown dropped (a newer one follows; the answer replaces the bar). */
function sparse(tell) {
  let last = -Infinity;
  return (share) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    tell(share);
  };
}

/** Runs the store's asks on `engine`. `explain(err)` says a core error in the reader's language;
 * `load` names the lazy modules a view needs before the answer can be shown (compare, timeline,
 * run lists); `onShown(started)` marks a report on screen (started: when it was asked for; a
 * promise while its charts are drawn);
 * `views(query)`, if given, answers a query that is a lesson's view at its values with the core's
 * answers its page was drawn from at build time ({resolved, doc}, or null: the engine answers);
 * `onBusy(busy)` is told when the core's work starts (true) and when all of it has ended
 * (false): the page marks itself busy meanwhile, so readers and tests know when it settled. */
export function computer({ store, engine, explain, load, onShown = () => {}, onBusy = () => {}, views = null }) {
  let generation = 0; // counts reports asked for: the answers of an older one are dropped
  let traces = 0; // counts runs asked for: the answer of an older one is dropped
  let working = 0; // asks and option loads under way
  const dispatch = store.dispatch;
  const state = () => store.state;
  /** `work` (a promise) counted as under way until it ends, however it ends. */
  const track = (work) => {
    if (working++ === 0) onBusy(true);
    return work.finally(() => {
      if (--working === 0) onBusy(false);
    });
  };

  /** The report for the state (its resolved link first), then the watched run and the sweep. */
  async function refresh({ focusTrace = false } = {}) {
    const gen = ++generation;
    const started = performance.now();
    if (engine?.busy) engine.restart("superseded");
    const query = rawQuery(state());
    const known = views && (await views(query));
    if (gen !== generation) return;
    if (known) {
      dispatch({ type: "resolved", resolved: known.resolved });
      dispatch({ type: "computed", doc: known.doc });
      await onShown(started);
      await runTrace({ focus: focusTrace });
      await runSweep();
      await runFind();
      return;
    }
    const slow = setTimeout(() => gen === generation && dispatch({ type: "slow" }), SLOW_MS);
    dispatch({ type: "computing" });
    let result;
    try {
      result = await engine.call("page", [query], {
        onPartial: (resolved) => gen === generation && dispatch({ type: "resolved", resolved }),
        onProgress: sparse((share) => gen === generation && dispatch({ type: "progress", share })),
      });
    } catch (err) {
      if (err.cancelled) return;
      dispatch({ type: "failed", text: explain(err) });
      return;
    } finally {
      clearTimeout(slow);
    }
    if (gen !== generation) return;
    if (result.doc.vs) await load.compare();
    if (gen !== generation) return;
    dispatch({ type: "computed", doc: result.doc });
    await onShown(started); // its charts drawn too: the page is busy until they are
    // The watched run and the sweep follow the parameters (after the tables, never before them).
    await runTrace({ focus: focusTrace });
    await runSweep();
    await runFind();
  }

  /** The link follows the state without recomputing the tables. */
  async function updateLink() {
    try {
      dispatch({ type: "resolved", resolved: await engine.call("resolve", [rawQuery(state())]) });
    } catch (err) {
      if (!err.cancelled) dispatch({ type: "notice", text: explain(err) });
    }
  }

  /** The watched run of the state, if one is asked for (`focus`: a new run, shown from its end). */
  async function runTrace({ focus = false } = {}) {
    const s = state();
    if (s.view.trace === undefined || !s.resolved) return;
    const gen = generation;
    const mine = ++traces;
    let wanted = s.view.trace;
    // A newer report or another run was asked for meanwhile, or the run was closed: this
    // answer is old, and neither drawn nor named in the link.
    const old = () => gen !== generation || mine !== traces || state().view.trace !== wanted;
    dispatch({ type: "traceLoading" });
    let doc;
    try {
      doc = await engine.call("trace", [s.resolved.query]);
    } catch (err) {
      if (err.cancelled || old()) return;
      // The controls of the lesson's default run, so every run stays a choice away.
      const controls = await engine.call("traceControls", [s.resolved.query]).catch(() => []);
      await load.runPicker();
      if (old()) return;
      dispatch({ type: "traceFailed", error: explain(err), controls });
      return;
    }
    if (old()) return;
    // The link keeps the run as the core names it, whichever form chose it; `trace=` (the
    // lesson's own run) stays as it is, so the links the lessons give keep their form.
    if (wanted && doc.trace.selector !== wanted) {
      wanted = doc.trace.selector;
      dispatch({ type: "traceNamed", selector: wanted });
    }
    // The timeline and the lists that choose another run, drawn above it.
    await Promise.all([load.timeline(), load.runPicker()]);
    if (old()) return;
    dispatch({ type: "traced", doc, focus });
  }

  /** The core's sweep options at the state's parameters, asked for once per parameters. */
  const loadSweepOptions = () => track(sweepOptions());
  async function sweepOptions() {
    engine.readyShared?.(); // the form is open: what its sweep will need loads meanwhile
    const key = optionsKey(state());
    if (state().sweepOptions[key]) return;
    let options = null;
    try {
      options = await engine.call("sweepOptions", [key.includes("=") ? key : state().lesson]);
    } catch (err) {
      if (!err.cancelled) dispatch({ type: "notice", text: explain(err) });
    }
    await load.sweep(); // the form is rebuilt with them at once
    dispatch({ type: "sweepOptions", key, options });
  }

  /** The sweep of the state, if one is asked for (the last one again if only its own
   * parameters changed). */
  async function runSweep() {
    if (!state().view.sweep || !state().resolved) {
      dispatch({ type: "sweepCleared" });
      return;
    }
    // The form's choices follow the parameters (a metric's rows, what it moves with).
    if (!state().sweepOptions[optionsKey(state())]) await loadSweepOptions();
    await load.sweep();
    const key = sweepKey(state());
    const last = state().sweep;
    if (last?.key === key) {
      dispatch({ type: "swept", key, doc: last.doc });
      return;
    }
    const gen = generation;
    dispatch({ type: "sweeping" });
    try {
      const doc = await engine.call("sweep", [state().resolved.query], {
        onProgress: sparse((share) => gen === generation && dispatch({ type: "sweeping", share })),
      });
      if (gen !== generation) return;
      dispatch({ type: "swept", key, doc });
    } catch (err) {
      if (err.cancelled || gen !== generation) return;
      dispatch({ type: "sweepFailed", error: { ...err, message: explain(err), param: null } });
    }
  }

  /** The lesson's "find a run" options (its properties, a condition's metrics), asked once. */
  const loadFindOptions = () => track(findOptions());
  async function findOptions() {
    engine.readyShared?.(); // the panel is open: what its search will need loads meanwhile
    const lesson = state().lesson;
    if (state().findOptions[lesson]) return;
    try {
      dispatch({ type: "findOptions", lesson, options: await engine.call("findOptions", [lesson]) });
    } catch (err) {
      if (!err.cancelled) dispatch({ type: "notice", text: explain(err) });
    }
  }

  /** The search of the state, if one is asked for (the last answer again if neither its question
   * nor its parameters changed: a witness opened keeps the search that found it). */
  async function runFind() {
    const s = state();
    if (s.view.find === undefined || s.view.find === null || !s.resolved) return;
    const key = findKey(s);
    if (s.find?.key === key) {
      if (s.findRun.phase !== "shown") dispatch({ type: "found", key, doc: s.find.doc });
      return;
    }
    await loadFindOptions();
    const gen = generation;
    dispatch({ type: "finding", share: 0 });
    try {
      const doc = await engine.call("find", [state().resolved.query], {
        onProgress: sparse((share) => gen === generation && dispatch({ type: "finding", share })),
      });
      if (gen !== generation) return;
      dispatch({ type: "found", key, doc });
    } catch (err) {
      if (err.cancelled || gen !== generation) return;
      dispatch({ type: "findFailed", error: { ...err, message: explain(err) } });
    }
  }

  /** Ends whatever runs (the report, a sweep or a search): its answers are dropped. */
  function cancel() {
    generation += 1;
    engine.restart("cancel");
  }

  /** What an ask runs: the report (and what follows it), or the link, the run and the sweep. */
  async function run(ask) {
    if (ask.page) return refresh(ask.page);
    if (ask.link) await updateLink();
    if (ask.trace) await runTrace(ask.trace);
    if (ask.sweep) await runSweep();
    if (ask.find) await runFind();
  }

  let last = Promise.resolve();
  store.subscribe(
    (s) => s.ask,
    (ask) => {
      last = track(run(ask));
    },
  );

  /** The promise of the last ask's work (the page's first report: boot waits for it). */
  const settled = () => last;

  // `track(work)`: the page is busy until `work` (a promise: a view loaded on demand) ends too.
  return { cancel, loadFindOptions, loadSweepOptions, settled, track };
}
