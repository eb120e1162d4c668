// The page's state and its changes: `update(state, action)` is the one pure function every change
// goes through (the store calls it, store.js). An action is a plain object named by its `type`.
// What the core must compute after a change is part of the new state too (`ask`, see asked):
// compute.js runs it, and its answers come back as actions.
import { fromResolved, valuesOf } from "./link.js";

/** The state before the core has read the link: `lessons` is the registry's list (lessons.js). */
export function initialState(lessons) {
  return {
    lessons, // the registry's lessons (generated from the core at build time)
    specs: {}, // lesson id → parameter schema from the core (each lesson's module gives its own)
    presets: [], // the lessons' claims from the core
    lesson: null, // the resolved link's lesson (the registry's first when the link names none)
    values: {}, // parameter → text as typed or as the link gave it (only those set)
    memory: {}, // lesson → values, so switching tabs keeps each lesson's changes
    lang: "tr",
    section: null,
    embed: false,
    controls: true,
    exports: true, // the export buttons (controls=0 hides them unless exports=1)
    figure: null, // the one table or chart shown (figure=), as the link gave it
    scorm: false, // scorm=1: launched from a SCORM package, reporting to the LMS (scorm/runtime.js)
    present: false, // presenter mode (present=1): one figure at a time, for a projector
    linkErrors: [], // the problems the core found in the link the page was opened with
    fromLink: true, // until the first page is shown: the link's own problems stay listed
    preset: null, // the claim shown (preset=), while the values are its own
    challenge: null, // challenge=
    predict: null, // predict=: 1 asks before every claim, 0 never; unset, a claim chosen here asks
    awaiting: null, // the claim whose figure waits for the learner's guess
    guess: null, // {preset, text, group}: the last guess beside the core's answer
    reveals: 0, // counts the claims shown after their question (guessed or skipped): each redraws the report
    view: {}, // the link's sweep=, sweep_y=, metric=, heat= and trace= as typed (link.js VIEW_KEYS)
    vs: null, // compare mode's run A (vs=): its changed values as a query ("" the lesson's); null: off
    origins: [], // origin=: the only pages an embed talks to (empty: its parent, any origin)
    originRefused: [], // origin= texts refused: an embed then talks to no page
    changedOnly: false, // compare mode shows only the rows that differ
    resolved: null, // the core's reading of the state's query (its share link is the URL)
    doc: null, // the report shown, as the core computed it
    run: { busy: false, slow: false, share: null }, // the report being computed
    notice: null, // {text}: the last message for the learner (a failure, "copied", "cancelled")
    pending: null, // the parameters the learner just set, for "what moved"
    moved: null, // {names, before}: what moved with the report shown (before: the previous one)
    backTo: null, // the chart point that opened the watched run: {chart, point}
    trace: null, // the watched run: {loading} | {doc, focus} | {error, controls}; null: none
    sweepOptions: {}, // parameters (link.js optionsKey) → the core's sweep options there
    sweepForm: 0, // counts the sweep options that came in, each rebuilding the sweep form open
    sweep: null, // {key, doc}: the last sweep (a sweep does not depend on its own parameters)
    sweepRun: { phase: "idle" }, // the sweep shown: idle | cleared | busy (share) | shown | failed (error) | cancelled
    sweepBefore: null, // {view, sweep}: the sweep keys and sweep shown before the last request, which a cancel restores
    findOptions: {}, // lesson → the core's "find a run" options (properties, metrics)
    find: null, // {key, doc}: the last search's answer (link.js findKey)
    findRun: { phase: "idle" }, // the search shown: idle | busy (share) | shown | failed (error) | cancelled (text)
    findGuess: null, // with predict=1, whether the learner expects a run to exist ("yes", "no", "skip"), asked before the answer
    ask: { seq: 0 }, // what the core is asked for next (see asked)
  };
}

/** Whether a claim chosen asks for a guess first (an embed only with predict=1). */
export const asksFirst = (s) => s.predict === true || (s.predict === null && !s.embed);

/** The state with the core asked for `what`: {page: {focusTrace}} (the report, then the watched
 * run, the sweep and the search), or any of {link: true} (the link read again), {trace: {focus}},
 * {sweep: true}, {find: true}. */
export function asked(state, what) {
  return { ...state, ask: { seq: state.ask.seq + 1, ...what } };
}

const PAGE = { page: { focusTrace: false } };
/** The link's keys of a sweep. */
const SWEEP_KEYS = ["sweep", "sweep_y", "metric", "heat"];
const without = (object, keys) => Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));

/** The schemas and claims a module's boot answer describes (each lesson's module its own). */
function learn(state, boot) {
  const have = new Set(state.presets.map((p) => p.id));
  return {
    ...state,
    specs: { ...state.specs, ...boot.specs },
    presets: [...state.presets, ...boot.presets.filter((p) => !have.has(p.id))],
  };
}

/** Values the learner set ({name: text}); only those that really change count (a blur re-sends
 * the same text), and a change of the user's is no longer the claim's. */
function setValues(state, changes, { focusTrace = false } = {}) {
  const specs = state.specs[state.lesson];
  const spec = (name) => specs.find((s) => s.name === name);
  const differ = Object.keys(changes).filter((name) => spec(name) && changes[name] !== (state.values[name] ?? spec(name).default));
  if (!differ.length && !focusTrace) return state;
  const values = { ...state.values };
  for (const [name, text] of Object.entries(changes)) {
    if (!spec(name)) continue;
    if (text === spec(name).default) delete values[name];
    else values[name] = text;
  }
  return asked({ ...state, values, preset: null, pending: differ.length ? differ : state.pending }, { page: { focusTrace } });
}

/** Every action: type → (state, action) → the new state. */
const ACTIONS = {
  /** The first answer of the worker: what the module knows and its reading of the address. */
  booted: (s, { boot }) => {
    const learned = learn(s, boot);
    return asked({ ...learned, ...fromResolved(boot.resolved, learned.specs[boot.resolved.lesson]) }, PAGE);
  },
  /** A lesson's module met for the first time (a tab opened): its schemas and claims. */
  learned: (s, { boot }) => learn(s, boot),
  /** The first page is shown: the link's own problems are no longer listed. */
  settled: (s) => (s.fromLink ? { ...s, fromLink: false } : s),

  // ------------------------------------------------------------ the learner's changes
  setValues: (s, { changes }) => setValues(s, changes),
  /** A link's values applied whole (a host's tatbikat:set {query} without a claim): the others go
   * back to the lesson's and the claim goes, as opening that link would, also when nothing else
   * changes. */
  openValues: (s, { values }) => asked({ ...s, values: { ...values }, preset: null, guess: null, awaiting: null }, PAGE),
  switchLesson: (s, { id }) => {
    if (id === s.lesson) return s;
    return asked(
      {
        ...s,
        memory: { ...s.memory, [s.lesson]: s.values },
        lesson: id,
        values: s.memory[id] ?? {},
        section: null,
        preset: null,
        challenge: null,
        view: {},
        vs: null,
        resolved: null,
        doc: null,
        trace: null,
        backTo: null,
        sweep: null,
        sweepRun: { phase: "idle" },
        find: null,
        findRun: { phase: "idle" },
        findGuess: null,
        moved: null,
        pending: null,
      },
      PAGE,
    );
  },
  switchLanguage: (s) => asked({ ...s, lang: s.lang === "tr" ? "en" : "tr" }, PAGE),
  reset: (s) => asked({ ...s, values: {}, preset: null }, PAGE),
  /** A claim chosen (or, for null, the lesson's values): its values come back resolved. A claim
   * chosen here first asks for a guess (in an embed only with predict=1). */
  choosePreset: (s, { preset }) => {
    const asks = asksFirst(s);
    return asked({ ...s, values: {}, preset: preset?.id ?? null, guess: null, awaiting: preset && asks ? preset.id : null }, PAGE);
  },
  /** The learner's guess (null: shown without one): the claim's figures are shown. */
  guessed: (s, { guess }) => ({ ...s, awaiting: null, guess, reveals: s.reveals + 1 }),
  /** A guess answered ({lesson, claim, guess, computed, shown}; `computed`: a number, or
   * more/same/less): heard by the journal (views/progress.js) and the LMS's runtime
   * (scorm/runtime.js); the state keeps the guess through `guessed`. */
  predicted: (s) => s,
  /** The claim has nothing to ask: it is shown at once. */
  notAsking: (s) => ({ ...s, awaiting: null, reveals: s.reveals + 1 }),
  compare: (s, { vs }) => asked({ ...s, vs }, PAGE),
  openChallenge: (s, { id, values }) => asked({ ...s, values, preset: null, challenge: id }, PAGE),
  closeChallenge: (s) => asked({ ...s, challenge: null }, { link: true }),
  solved: (s) => s, // records for the learner's progress
  hinted: (s) => s, // a challenge's hints revealed, for the learner's progress (a reload shows them)

  explained: (s) => s,
  /** Presenter mode on or off (present=1 in the link). */
  present: (s, { on }) => (s.present === on ? s : asked({ ...s, present: on }, { link: true })),
  changedOnly: (s, { on }) => ({ ...s, changedOnly: on }),
  /** A random seed from the core, set like a typed value. */
  seeded: (s, { name, seed }) => setValues(s, { [name]: String(seed) }),

  // ------------------------------------------------------------ watching one run
  /** The trace `selector` of the current parameters (the watch button, a list, a chart point:
   * `backTo` is where that point is, to go back to it). */
  openTrace: (s, { selector, backTo = s.backTo }) => asked({ ...s, backTo, view: { ...s.view, trace: selector } }, { link: true, trace: { focus: true } }),
  closeTrace: (s) => asked({ ...s, backTo: null, trace: null, view: without(s.view, ["trace"]) }, { link: true }),
  /** The link names the run as the core does, whichever form chose it. */
  traceNamed: (s, { selector }) => asked({ ...s, view: { ...s.view, trace: selector } }, { link: true }),
  traceLoading: (s) => ({ ...s, trace: { ...s.trace, loading: true } }),
  traced: (s, { doc, focus }) => ({ ...s, trace: { doc, focus } }),
  traceFailed: (s, { error, controls }) => ({ ...s, trace: { error, controls } }),

  // ------------------------------------------------------------ sweeps
  /** The sweep form's request ({sweep, sweep_y, metric}) or, for null, no sweep. */
  sweepRequest: (s, { request }) => {
    let view = request ? { ...s.view, ...request } : without(s.view, SWEEP_KEYS);
    if (!view.sweep_y) view = without(view, ["sweep_y"]);
    const before = { view: Object.fromEntries(SWEEP_KEYS.filter((k) => k in s.view).map((k) => [k, s.view[k]])), sweep: s.sweep };
    return asked({ ...s, view, sweep: null, sweepBefore: before }, { link: true, sweep: true });
  },
  /** The heatmap's colour scale goes into the link (heat=log), as the sender saw it. */
  heat: (s, { on }) => asked({ ...s, view: on ? { ...s.view, heat: "log" } : without(s.view, ["heat"]) }, { link: true }),
  /** A sweep point chosen (its index's values) whose run `trace` is watched. */
  watchPoint: (s, { changes, trace, backTo }) => setValues({ ...s, backTo, view: { ...s.view, trace } }, changes, { focusTrace: true }),
  /** The core's sweep options at parameters `key` (null: it refused; the form stays as it is). */
  sweepOptions: (s, { key, options }) => (options ? { ...s, sweepOptions: { ...s.sweepOptions, [key]: options }, sweepForm: s.sweepForm + 1 } : s),
  sweepCleared: (s) => ({ ...s, sweep: null, sweepRun: { phase: "cleared" } }),
  sweeping: (s, { share }) => ({ ...s, sweepRun: { phase: "busy", share } }),
  swept: (s, { key, doc }) => ({ ...s, sweep: { key, doc }, sweepRun: { phase: "shown" } }),
  sweepFailed: (s, { error }) => ({ ...s, sweepRun: { phase: "failed", error } }),
  /** A sweep cancelled: the link and the sweep shown go back to what they were before it was
   * asked for (a link that opened with the sweep loses it), so a reload does not run it again. */
  sweepCancelled: (s, { text }) => {
    const before = s.sweepBefore ?? { view: {}, sweep: null };
    const view = { ...without(s.view, SWEEP_KEYS), ...before.view };
    return asked({ ...s, view, sweep: before.sweep, sweepBefore: null, sweepRun: { phase: "cancelled", text }, notice: { text } }, { link: true });
  },

  // ------------------------------------------------------------ find a run (issue 36)
  /** The search asked for (`find`: a property id or `metric op value`; null: none) over the
   * scope narrowed by `scope` (`param=values;…`, empty or absent: the whole scope). */
  findRequest: (s, { find, scope }) => {
    const rest = without(s.view, ["find", "scope"]);
    const view = find === null ? rest : { ...rest, find, ...(scope ? { scope } : {}) };
    return asked({ ...s, view, find: find === null ? null : s.find, findRun: { phase: "idle" }, findGuess: null }, { link: true, find: true });
  },
  findOptions: (s, { lesson, options }) => ({ ...s, findOptions: { ...s.findOptions, [lesson]: options } }),
  finding: (s, { share }) => ({ ...s, findRun: { phase: "busy", share } }),
  found: (s, { key, doc }) => ({ ...s, find: { key, doc }, findRun: { phase: "shown" } }),
  findFailed: (s, { error }) => ({ ...s, findRun: { phase: "failed", error } }),
  /** A search cancelled: the link loses it (a reload does not run it again); the last answer
   * shown stays. */
  findCancelled: (s, { text }) => asked({ ...s, view: without(s.view, ["find"]), findRun: { phase: "cancelled", text }, notice: { text } }, { link: true }),
  /** With predict=1, the learner's guess whether a run meeting the search exists ("yes", "no";
   * "skip": shown without one): the answer held until then is shown. The action also carries
   * {lesson, search, verdict, query} for the learner's progress (state/journal.js). */
  findGuessed: (s, { guess }) => ({ ...s, findGuess: guess }),
  /** The witness opened: its values (the link's, whole) and its watched run, at its decisive
   * moment; the search stays in the link. No "what moved" bar: the answer has just said the
   * witness's values, and on a phone the bar would cover the run, which is the payoff. */
  openWitness: (s, { values, trace }) => asked({ ...s, values: { ...values }, preset: null, view: { ...s.view, trace }, pending: null }, { page: { focusTrace: true } }),

  // ------------------------------------------------------------ the core's answers
  /** The link as the core read it: the URL, the panel, the marker and the problems follow. */
  resolved: (s, { resolved }) => {
    // An answer about the lesson left meanwhile (a tab switched while the link was read) is
    // not this lesson's: its values, run A and sweep options would be shown with this one's.
    if (resolved.lesson !== s.lesson) return s;
    return {
      ...s,
      resolved,
      vs: resolved.vs ?? null, // the core's reading (a refused vs= is named and dropped)
      preset: resolved.preset,
      challenge: resolved.challenge ?? null,
      values: resolved.preset ? valuesOf(s.specs[s.lesson], resolved.share) : s.values,
    };
  },
  computing: (s) => ({ ...s, run: { busy: true, slow: false, share: null } }),
  slow: (s) => (s.run.busy ? { ...s, run: { ...s.run, slow: true } } : s),
  progress: (s, { share }) => ({ ...s, run: { ...s.run, share } }),
  /** The report for the state: shown, with what moved since the one before. */
  computed: (s, { doc }) => ({
    ...s,
    doc,
    run: { busy: false, slow: false, share: null },
    notice: null,
    moved: s.pending ? { names: s.pending, before: s.doc } : null,
    pending: null,
  }),
  /** The report failed (`text`: why, in the reader's language). */
  failed: (s, { text }) => ({ ...s, run: { busy: false, slow: false, share: null }, notice: { text } }),
  /** A run ended by the learner (or superseded): nothing shown changes. */
  cancelled: (s, { text }) => ({ ...s, run: { busy: false, slow: false, share: null }, notice: text ? { text } : s.notice }),
  notice: (s, { text }) => ({ ...s, notice: { text } }),
};

/** The new state after `action`; an unknown action is a bug and throws. */
export function update(state, action) {
  const f = ACTIONS[action.type];
  if (!f) throw new Error(`tatbikat: no action "${action.type}"`);
  return f(state, action);
}

/** Every action's name (for the tests). */
export const ACTION_TYPES = Object.keys(ACTIONS);
