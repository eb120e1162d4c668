// tatbikat's page: reads the link, asks the core (in a worker) what it means, renders what the
// core computed, and keeps the link in step with every change. The whole state is the URL query.
import { el, clear } from "./dom.js";
import { engine as early, booting } from "./start.js";
import { loadLessonTexts, translator } from "./i18n/index.js";
import { errorText } from "./i18n/errors.js";
import { scrollCues } from "./render/table.js";
import { changesBar, movedCells } from "./render/changes.js";
import { renderReport } from "./render/report.js";
import { Panel, allowedText } from "./controls/panel.js";
import { Claims, markHighlights, placeRatios } from "./controls/presets.js";
import { splitAxis } from "./controls/axis.js";
import { decorate } from "./export.js";
import { registerOffline } from "./offline.js";
import LESSONS from "./lessons.js";

const SLOW_MS = 150; // a run longer than a blink shows progress and a cancel button

const state = {
  lessons: LESSONS, // the registry's lessons (generated from the core at build time)
  specs: {}, // lesson id → parameter schema from the core (each lesson's module gives its own)
  lesson: null, // the resolved link's lesson (the registry's first when the link names none)
  values: {}, // parameter → text as typed or as the link gave it (only those set)
  memory: {}, // lesson → values, so switching tabs keeps each lesson's changes
  lang: "tr",
  section: null,
  embed: false,
  controls: true,
  exports: true, // the export buttons (controls=0 hides them unless exports=1)
  figure: null, // the one table or chart shown (figure=), as the link gave it
  resolved: null,
  fromLink: true,
  presets: [], // the lessons' claims from the core
  preset: null, // the claim shown (preset=), while the values are its own
  highlights: [], // what the core found for it in the last report
  predict: null, // predict=: 1 asks before every claim, 0 never; unset, a claim chosen here asks
  awaiting: null, // the claim whose figure waits for the learner's guess
  guess: null, // {preset, text}: the last guess beside the core's answer
  view: {}, // the link's sweep=, sweep_y=, metric=, heat= and trace= as typed (see VIEW_KEYS)
  sweepOptions: {}, // parameters (optionsKey) → the core's sweep options there, asked for once
  vs: null, // compare mode's run A (vs=): its changed values as a query ("" the lesson's); null: off
  changedOnly: false, // compare mode shows only the rows that differ
};

const VIEW_KEYS = ["sweep", "sweep_y", "metric", "heat", "trace"];

/** Modules the first table does not need, loaded when a view asks for them (the first load
 * stays within its budget): the watched run, the sweep form, the embed helpers. */
const once = (load) => {
  let promise = null;
  return () => (promise ??= load());
};
const modules = {
  timeline: once(() => import("./render/timeline.js")),
  runPicker: once(() => import("./controls/runpicker.js")),
  sweep: once(() => import("./controls/sweep.js")),
  embed: once(() => import("./embed.js")),
  predict: once(() => import("./controls/predict.js")),
  compare: once(() => import("./render/compare.js")),
};
let compareView = null; // the compare module, once a comparison was shown

let engine;
let t = translator("tr", null);
let panel = null;
let generation = 0;
let charts = [];
const ui = {};
let timeline = null; // the trace viewer shown, if any
let backTo = null; // the chart point that opened the watched run: {chart, point}
let pendingChange = null; // the parameters the learner just set, for "what moved"
let sweepSection = null;
let lastSweep = null; // {key, doc}: a sweep does not depend on its own parameters' values
let exported = { report: null, trace: null }; // the core's documents shown, for the export buttons

boot();

async function boot() {
  if (!early) return fatal("app.no_wasm");
  engine = early;
  engine.onPanic = (message) => showPanic(message);
  try {
    const boot = await booting;
    learn(boot);
    adopt(boot.resolved);
    await loadLessonTexts(state.lesson);
  } catch (err) {
    return fatal("app.no_wasm", err);
  }
  buildShell();
  await refresh();
  state.fromLink = false;
  registerOffline(); // after the first table: the offline copy never delays it
}

/** Keeps the schemas and claims of the lessons a module's boot answer describes (each lesson's
 * module describes its own; the tabs come from the registry's list, www/lessons.js). */
function learn(boot) {
  Object.assign(state.specs, boot.specs);
  const have = new Set(state.presets.map((p) => p.id));
  state.presets = [...state.presets, ...boot.presets.filter((p) => !have.has(p.id))];
}

/** Takes the lesson, page settings and typed values from a resolved link. */
function adopt(resolved) {
  state.lesson = resolved.lesson;
  state.lang = resolved.lang;
  state.section = resolved.section;
  state.embed = resolved.embed;
  state.controls = resolved.controls;
  state.exports = resolved.exports;
  state.figure = resolved.figure;
  adoptValues(resolved.share);
  state.linkErrors = resolved.errors;
  state.preset = resolved.preset;
  state.predict = resolved.predict;
  // A link that asks for a prediction holds its claim's figure until the guess.
  state.awaiting = resolved.preset && resolved.predict === true ? resolved.preset : null;
  state.view = { ...resolved.view };
  state.vs = resolved.vs ?? null;
}

/** Takes the values of a share query as the typed values (a later change keeps the others). */
function adoptValues(share) {
  const shared = new URLSearchParams(share);
  state.values = {};
  for (const spec of state.specs[state.lesson]) {
    if (shared.has(spec.name)) state.values[spec.name] = shared.get(spec.name);
  }
}

/** The query of the current state, values as typed; the core canonicalizes it. */
function rawQuery() {
  const q = new URLSearchParams({ lesson: state.lesson });
  if (state.section) q.set("section", state.section);
  for (const spec of state.specs[state.lesson]) {
    if (spec.name in state.values) q.set(spec.name, state.values[spec.name]);
  }
  if (state.preset) q.set("preset", state.preset);
  if (state.embed) q.set("embed", "1");
  if (!state.controls) q.set("controls", "0");
  if (state.exports !== state.controls) q.set("exports", state.exports ? "1" : "0");
  if (state.predict !== null) q.set("predict", state.predict ? "1" : "0");
  if (state.figure) q.set("figure", state.figure);
  if (state.lang !== "tr") q.set("lang", state.lang);
  for (const key of VIEW_KEYS) if (state.view[key] !== undefined && state.view[key] !== null) q.set(key, state.view[key]);
  if (state.vs !== null) q.set("vs", state.vs);
  q.set("v", "1");
  return q.toString();
}

// ---------------------------------------------------------------- the page's frame

function buildShell() {
  t = translator(state.lang, state.lesson);
  document.documentElement.lang = state.lang;
  document.body.classList.toggle("embed", state.embed);
  document.title = `${t(`lesson.${state.lesson}`)} — tatbikat`;
  document.getElementById("skip-link").textContent = state.lang === "tr" ? "Sonuçlara geç" : "Skip to the results";
  document.getElementById("tagline").textContent = t("app.tagline");
  const logo = document.getElementById("logo");
  logo.href = "./" + (state.lang === "tr" ? "" : "?lang=en");

  const tabs = clear(document.getElementById("tabs"));
  tabs.setAttribute("aria-label", t("ui.lessons"));
  for (const lesson of state.lessons) {
    const selected = lesson.id === state.lesson;
    tabs.append(
      el(
        "button",
        {
          type: "button",
          role: "tab",
          id: `tab-${lesson.id}`,
          "aria-selected": selected ? "true" : "false",
          "aria-controls": "lesson-panel",
          tabindex: selected ? "0" : "-1",
          dataset: { lesson: lesson.id },
          onclick: () => switchLesson(lesson.id),
          onkeydown: tabKeys,
        },
        t(`lesson.${lesson.id}`),
        // A preview of one of the course's next lessons: its text is not written yet.
        lesson.preview ? [" ", el("span", { class: "badge preview", title: t("ui.preview_title") }, t("ui.preview"))] : null,
      ),
    );
  }
  const tools = clear(document.getElementById("tools"));
  tools.append(
    el(
      "button",
      { type: "button", class: "lang", lang: state.lang === "tr" ? "en" : "tr", "aria-label": t("ui.language_label"), onclick: switchLanguage },
      t("ui.language"),
    ),
  );

  const main = clear(document.getElementById("main"));
  ui.errors = el("div", { class: "link-errors", role: "alert", hidden: true });
  ui.print = el("div", { class: "print-info" }); // handouts only (style.css): the values and the link
  ui.marker = el("p", { class: "marker", role: "status" });
  ui.notice = el("p", { class: "notice", role: "status", hidden: true });
  ui.progress = el("progress", { max: "1" });
  ui.progressText = el("span", {}, t("ui.running"));
  ui.status = el(
    "div",
    { class: "run-status", hidden: true },
    ui.progress,
    ui.progressText,
    el("button", { type: "button", class: "small", onclick: cancelRun }, t("ui.cancel")),
  );
  ui.report = el("div", { class: "report" });
  ui.compare = el("div", { class: "compare-bar", hidden: true });
  ui.output = el("pre", { class: "lesson-text", tabindex: "0" });
  ui.details = el(
    "details",
    { class: "lesson-output", ontoggle: () => ui.details.open && fillLessonText() },
    el("summary", {}, t("ui.lesson_output")),
    ui.output,
  );
  ui.claims = claims();
  ui.trace = el("div", { class: "trace-box", id: "trace", hidden: true });
  ui.changes = el("div", { class: "changes-slot" });
  ui.sweep = el("div", { class: "sweep-box" });
  // Without controls the sweep shows only if the link has one, and the lesson's text stays out.
  const sweepShown = state.controls || state.view.sweep;
  ui.results = el(
    "div",
    { class: "results", id: "results", tabindex: "-1" },
    ui.status,
    ui.notice,
    ui.claims.node,
    ui.trace,
    ui.compare,
    ui.report,
    sweepShown ? ui.sweep : null,
    state.controls ? ui.details : null,
  );
  timeline = null;
  sweepSection = null;
  buildSweep(Boolean(state.view.sweep));
  const actions = el(
    "div",
    { class: "actions" },
    el("button", { type: "button", class: "small", id: "reset", onclick: resetValues }, t("ui.reset")),
    currentLesson().traces ? el("button", { type: "button", class: "small", id: "watch-button", onclick: () => openTrace("") }, t("ui.watch")) : null,
    el("button", { type: "button", class: "small", id: "copy-link", onclick: copyLink }, t("ui.copy_link")),
    state.embed ? null : el("button", { type: "button", class: "small", id: "embed-button", onclick: openEmbed }, t("ui.embed")),
  );
  panel = null;
  if (state.controls) {
    panel = new Panel({
      lesson: state.lesson,
      specs: state.specs[state.lesson],
      t,
      onChange: (name, text) => {
        const changes = typeof name === "object" ? name : { [name]: text };
        setValues(changes);
      },
      onRandomSeed: randomSeed,
    });
  }
  const head = state.embed
    ? el(
        "div",
        { class: "embed-head" },
        el("h1", { class: "lesson-title" }, t(`lesson.${state.lesson}`)),
        el("a", { class: "open-full", href: fullPageHref(), target: "_blank", rel: "noopener" }, t("ui.open_full")),
      )
    : el(
        "div",
        {},
        el("h1", { class: "lesson-title" }, t(`lesson.${state.lesson}`)),
        currentLesson().preview ? previewNote() : null,
        el("p", { class: "intro" }, t(`intro.${state.lesson}`)),
      );
  main.append(
    el(
      "section",
      { class: "lesson", id: "lesson-panel", role: state.embed ? null : "tabpanel", "aria-labelledby": state.embed ? null : `tab-${state.lesson}` },
      head,
      ui.print,
      ui.errors,
      // controls=0: the results without the page's tools (exports=1 brings the exports back).
      el("div", { class: "bar" }, ui.marker, state.controls ? actions : null),
      el("div", { class: panel ? "layout" : "layout no-panel" }, panel?.node, ui.results),
      ui.changes,
    ),
  );
  if (state.embed) modules.embed().then((m) => m.postHeight());
  new ResizeObserver(() => drawCharts()).observe(ui.results);
}

/** A preview's orientation: a badge and which lesson announced it (the lesson's own sentence). */
function previewNote() {
  const own = `preview.${state.lesson}`;
  return el(
    "p",
    { class: "preview-note" },
    el("span", { class: "badge preview" }, t("ui.preview")),
    " ",
    t.has(own) ? t(own) : t("ui.preview_title"),
  );
}

/** The lesson's claims (from the core's boot answer). */
function claims() {
  return new Claims({
    presets: state.presets.filter((p) => p.lesson === state.lesson),
    t,
    onChoose: choosePreset,
    list: state.controls,
  });
}

/** What a refusal may list as the valid choices, from what the core told the page. */
function known() {
  const specs = state.specs[state.lesson] ?? [];
  return {
    lesson: state.lesson,
    lessons: state.lessons.map((l) => l.id),
    sections: currentLesson().sections ?? [],
    presets: state.presets.filter((p) => p.lesson === state.lesson).map((p) => p.id),
    params: specs.map((s) => s.name),
    numeric: specs.filter((s) => ["int", "seed", "real", "prob"].includes(s.kind.type)).map((s) => s.name),
  };
}

/** A core error in the page's language. */
const explain = (e) => errorText(e, t, known());

/** The core's description of the lesson shown (its sections, seed, whether a run can be watched). */
function currentLesson() {
  return state.lessons.find((l) => l.id === state.lesson) ?? {};
}

function tabKeys(event) {
  const ids = state.lessons.map((l) => l.id);
  const at = ids.indexOf(event.currentTarget.dataset.lesson);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const id = ids[(to + ids.length) % ids.length];
  switchLesson(id).then(() => document.getElementById(`tab-${id}`)?.focus());
}

// ---------------------------------------------------------------- changes

function setValues(changes, { focusTrace = false } = {}) {
  const specs = state.specs[state.lesson];
  // Only values that really change count (a blur re-sends the same text): nothing is recomputed
  // for those, and "what moved" names the others.
  const now = (name) => state.values[name] ?? specs.find((s) => s.name === name)?.default;
  const differ = Object.keys(changes).filter((name) => changes[name] !== now(name));
  if (!differ.length && !focusTrace) return;
  if (differ.length) pendingChange = differ;
  state.preset = null; // a change of the user's is no longer the claim's
  for (const [name, text] of Object.entries(changes)) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) continue;
    if (text === spec.default) delete state.values[name];
    else state.values[name] = text;
  }
  refresh({ focusTrace });
}

async function switchLesson(id) {
  if (id === state.lesson) return;
  if (!state.specs[id]) {
    // The lesson's module and texts, met for the first time: its schema and claims.
    try {
      const [boot] = await Promise.all([engine.call("boot", [new URLSearchParams({ lesson: id }).toString()]), loadLessonTexts(id)]);
      learn(boot);
    } catch (err) {
      if (!err.cancelled) showNotice(explain(err));
      return;
    }
    if (id === state.lesson) return;
  }
  state.memory[state.lesson] = state.values;
  state.lesson = id;
  state.values = state.memory[id] ?? {};
  state.section = null;
  state.preset = null;
  state.view = {};
  state.vs = null;
  lastSweep = null;
  buildShell();
  await refresh();
}

async function switchLanguage() {
  state.lang = state.lang === "tr" ? "en" : "tr";
  buildShell();
  await refresh();
  document.querySelector("#tools .lang")?.focus();
}

function resetValues() {
  state.values = {};
  state.preset = null;
  refresh();
}

/** Loads a claim's link (or, for null, the lesson's values): its values come back resolved. */
function choosePreset(preset) {
  state.values = {};
  state.preset = preset?.id ?? null;
  state.guess = null;
  // A claim chosen here first asks for a guess (in an embed only with predict=1).
  const asks = state.predict === true || (state.predict === null && !state.embed);
  state.awaiting = preset && asks ? preset.id : null;
  refresh();
}

// ---------------------------------------------------------------- watching one run, sweeping

/** Opens the trace `selector` of the current parameters (a chart point, the watch button). */
async function openTrace(selector) {
  state.view.trace = selector;
  await updateLink();
  await runTrace({ focus: true });
}

/** Where a tapped point is (its chart and index), to find it again after a re-render. */
function pointAddress(mark) {
  const chart = mark.closest("figure[data-chart]")?.dataset.chart;
  const point = mark.querySelector("[data-point]")?.dataset.point ?? mark.dataset.point;
  return chart && point ? { chart, point } : null;
}

/** Back from the watched run to the point that opened it: scrolled to and focused. */
function goBack() {
  const dot = backTo && document.querySelector(`figure[data-chart="${CSS.escape(backTo.chart)}"] [data-point="${CSS.escape(backTo.point)}"]`);
  const target = dot?.closest(".watchable") ?? dot;
  if (!target) return;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

function closeTrace() {
  backTo = null;
  delete state.view.trace;
  timeline?.stop();
  timeline = null;
  ui.trace.hidden = true;
  ui.trace.replaceChildren();
  updateLink();
  document.getElementById("watch-button")?.focus();
}

/** The link follows the state without recomputing the tables. */
async function updateLink() {
  try {
    showResolved(await engine.call("resolve", [rawQuery()]));
  } catch (err) {
    if (!err.cancelled) showNotice(explain(err));
  }
}

async function runTrace({ focus = false } = {}) {
  if (state.view.trace === undefined || !state.resolved) return;
  const gen = generation;
  const head = el(
    "div",
    { class: "trace-head" },
    el("h2", {}, t("ui.watch")),
    // After a jump from a chart point, the way back to it.
    backTo ? el("button", { type: "button", class: "small back", onclick: goBack }, t("ui.trace.back")) : null,
    el("button", { type: "button", class: "small", onclick: closeTrace }, t("ui.watch_close")),
  );
  ui.trace.hidden = false;
  if (!timeline) ui.trace.replaceChildren(head, el("p", { class: "hint" }, t("ui.trace.loading")));
  let doc;
  try {
    doc = await engine.call("trace", [state.resolved.query]);
  } catch (err) {
    if (err.cancelled || gen !== generation) return;
    timeline = null;
    // The controls of the lesson's default run, so every run stays a choice away; the typed
    // selector is kept as it was.
    const controls = await engine.call("traceControls", [state.resolved.query]).catch(() => []);
    const { runPicker } = await modules.runPicker();
    if (gen !== generation) return;
    const picker = runPicker({ controls, selector: state.view.trace ?? "", lesson: state.lesson, t, onSelector: (s) => openTrace(s) });
    picker.querySelector(".trace-typed").open = true;
    ui.trace.replaceChildren(head, el("p", { class: "field-error", role: "alert" }, explain(err)), picker);
    return;
  }
  // The link keeps the run as the core names it, whichever form chose it; `trace=` (the
  // lesson's own run) stays as it is, so the links the lessons give keep their form.
  if (state.view.trace && doc.trace.selector !== state.view.trace) {
    state.view.trace = doc.trace.selector;
    updateLink();
  }
  const { timelineView } = await modules.timeline();
  if (gen !== generation) return;
  const at = timeline?.frame();
  const selected = timeline?.selected() ?? null;
  timeline?.stop();
  // A bar of a job's step can set a fault there (the panel's fault maps), and the detail shown
  // stays open across the recomputed run.
  timeline = timelineView(doc, t, { onSelector: (selector) => openTrace(selector), intervene: panel?.faults ?? null, selected: focus ? null : selected });
  ui.trace.replaceChildren(head, timeline.node);
  timeline.draw(timeline.node.clientWidth);
  // A change of parameters keeps the playhead where it was; a new run starts at the end.
  timeline.show(at !== undefined && !focus ? at : doc.trace.frames);
  exported.trace = doc;
  addExports();
  if (focus) {
    ui.trace.scrollIntoView({ block: "start" });
    timeline.node.focus({ preventScroll: true });
  }
}

/** The sweep's form (built when opened: it needs the core's sweep options for the lesson). */
async function buildSweep(open) {
  const holder = el(
    "details",
    {
      class: "sweep",
      id: "sweep",
      ontoggle: async (e) => {
        if (!e.currentTarget.open) return;
        await loadSweepOptions();
        await buildSweep(true);
        ui.sweep.querySelector("select")?.focus();
      },
    },
    el("summary", {}, el("h2", {}, t("ui.sweep"))),
    el("p", { class: "hint" }, t("ui.sweep_hint")),
  );
  const options = state.sweepOptions[optionsKey()];
  if (!options && !open) {
    ui.sweep.replaceChildren(holder);
    return;
  }
  const slot = ui.sweep;
  const { SweepSection } = await modules.sweep();
  if (slot !== ui.sweep) return; // the page was rebuilt meanwhile (another lesson, language)
  sweepSection = new SweepSection({
    lesson: state.lesson,
    specs: state.specs[state.lesson],
    options: options ?? null,
    view: state.view,
    t,
    open,
    // The heatmap's colour scale goes into the link (heat=log), as the sender saw it.
    onHeat: (on) => {
      if (on) state.view.heat = "log";
      else delete state.view.heat;
      updateLink();
    },
    onRun: (request) => {
      if (request) Object.assign(state.view, request);
      else for (const k of ["sweep", "sweep_y", "metric", "heat"]) delete state.view[k];
      if (!state.view.sweep_y) delete state.view.sweep_y;
      lastSweep = null;
      updateLink().then(() => runSweep());
    },
    onPoint: (i, trace, mark) => {
      backTo = mark ? pointAddress(mark) : null;
      watchSweepPoint(i, trace);
    },
    onCancel: () => {
      generation += 1;
      engine.restart("cancel");
      sweepSection?.busy(false);
      showNotice(t("ui.cancelled"));
    },
  });
  ui.sweep.replaceChildren(sweepSection.node);
  if (!options) loadSweepOptions().then(() => state.sweepOptions[optionsKey()] && buildSweep(true));
}

/** The parameters the sweep form's choices are worked out at: the link without its view keys. */
function optionsKey() {
  if (!state.resolved) return state.lesson;
  const q = new URLSearchParams(state.resolved.query);
  for (const k of [...VIEW_KEYS, "lang", "embed", "controls", "preset", "v"]) q.delete(k);
  return q.toString();
}

async function loadSweepOptions() {
  const key = optionsKey();
  if (state.sweepOptions[key]) return;
  try {
    state.sweepOptions[key] = await engine.call("sweepOptions", [key.includes("=") ? key : state.lesson]);
  } catch (err) {
    if (!err.cancelled) showNotice(explain(err));
  }
}

/** The sweep's identity: its query without the swept parameters (their values do not matter). */
function sweepKey() {
  const q = new URLSearchParams(state.resolved.query);
  for (const axis of [state.view.sweep, state.view.sweep_y]) if (axis) q.delete(splitAxis(axis).name);
  q.delete("trace");
  q.delete("lang");
  return q.toString();
}

async function runSweep() {
  if (!state.view.sweep || !state.resolved) {
    lastSweep = null;
    sweepSection?.showError(null);
    sweepSection?.result.replaceChildren();
    return;
  }
  // The form's choices follow the parameters (a metric's rows, what it moves with).
  if (!state.sweepOptions[optionsKey()]) {
    await loadSweepOptions();
    await buildSweep(true);
  }
  const key = sweepKey();
  if (lastSweep?.key === key) {
    sweepSection?.show(lastSweep.doc);
    drawCharts();
    return;
  }
  const gen = generation;
  sweepSection?.busy(true);
  try {
    const doc = await engine.call("sweep", [state.resolved.query], {
      onProgress: (share) => gen === generation && sweepSection?.busy(true, share),
    });
    if (gen !== generation) return;
    lastSweep = { key, doc };
    sweepSection?.show(doc);
    drawCharts();
  } catch (err) {
    if (err.cancelled || gen !== generation) return;
    sweepSection?.showError({ ...err, message: explain(err), param: null });
  }
}

/** A sweep point chosen: its parameters become the page's, and its run is watched. */
function watchSweepPoint(i, trace) {
  const s = lastSweep?.doc.sweep;
  if (!s) return;
  const nx = s.x.texts.length;
  const changes = { [s.x.name]: s.x.texts[i % nx] };
  if (s.y) changes[s.y.name] = s.y.texts[Math.floor(i / nx)];
  state.view.trace = trace;
  setValues(changes, { focusTrace: true });
}

async function randomSeed(name) {
  try {
    const seed = await engine.call("randomSeed", [state.lesson]);
    setValues({ [name]: String(seed) });
  } catch (err) {
    if (!err.cancelled) showNotice(explain(err));
  }
}

function cancelRun() {
  generation += 1;
  engine.restart("cancel");
  ui.status.hidden = true;
  ui.results.setAttribute("aria-busy", "false");
  showNotice(t("ui.cancelled"));
}

// ---------------------------------------------------------------- computing and rendering

async function refresh({ focusTrace = false } = {}) {
  const gen = ++generation;
  const started = performance.now();
  if (engine.busy) engine.restart("superseded");
  const slow = setTimeout(() => {
    if (gen !== generation) return;
    ui.progress.removeAttribute("value");
    ui.progressText.textContent = t("ui.running");
    ui.status.hidden = false;
  }, SLOW_MS);
  ui.results.setAttribute("aria-busy", "true");
  let result;
  try {
    result = await engine.call("page", [rawQuery()], {
      onPartial: (resolved) => gen === generation && showResolved(resolved),
      onProgress: (share) => {
        if (gen !== generation) return;
        ui.progress.value = share;
        ui.progressText.textContent = t("ui.running_share", { percent: Math.floor(share * 100) });
      },
    });
  } catch (err) {
    if (err.cancelled) return;
    ui.status.hidden = true;
    ui.results.setAttribute("aria-busy", "false");
    showNotice(explain(err));
    return;
  } finally {
    clearTimeout(slow);
  }
  if (gen !== generation) return;
  ui.status.hidden = true;
  ui.notice.hidden = true;
  ui.results.setAttribute("aria-busy", "false");
  const before = exported.report;
  if (result.doc.vs) compareView = await modules.compare();
  if (gen !== generation) return;
  renderDoc(result.doc);
  if (pendingChange) showMoved(pendingChange, before, result.doc);
  pendingChange = null;
  const first = !document.body.dataset.ready;
  document.body.dataset.ready = "1";
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  performance.measure(first ? "tatbikat:first-render" : "tatbikat:render", { start: started });
  if (first) performance.mark("tatbikat:first-table");
  // The watched run and the sweep follow the parameters (after the tables, never before them).
  await runTrace({ focus: focusTrace });
  await runSweep();
}

/** "What moved": the values just set and the numbers that moved most, at the bottom of the
 * screen, with a way to the cell. */
function showMoved(names, before, after) {
  const moved = movedCells(before, after, t);
  const changed = names.map((n) => ({ label: t(`param.${state.lesson}.${n}`), value: state.values[n] ?? state.resolved?.params[n] ?? "" }));
  const bar = changesBar({
    changed,
    moved,
    t,
    onShow: (m) => {
      const row = ui.report.querySelector(`[data-group="${CSS.escape(m.group)}"] table[data-table="${CSS.escape(m.table)}"]`)?.tBodies[0]?.rows[m.row];
      const cell = row && [...row.cells].find((c) => c.dataset.col === m.col);
      if (!cell) return;
      cell.scrollIntoView({ block: "center", inline: "center" });
      cell.classList.add("just-moved");
      cell.closest(".table-wrap")?.focus({ preventScroll: true });
      ui.changes.replaceChildren();
    },
    onClose: () => ui.changes.replaceChildren(),
  });
  ui.changes.replaceChildren(bar);
}

/** The link as the core read it: URL, panel, marker and problems follow at once. */
function showResolved(resolved) {
  state.resolved = resolved;
  state.vs = resolved.vs ?? null; // the core's reading (a refused vs= is named and dropped)
  history.replaceState(null, "", `?${resolved.share}`);
  state.preset = resolved.preset;
  if (resolved.preset) adoptValues(resolved.share);
  ui.claims.show(resolved.preset, { asking: Boolean(resolved.preset) && state.awaiting === resolved.preset });
  panel?.update(resolved, state.values);
  showMarker(resolved);
  showPrintInfo(resolved);
  showErrors(resolved);
  document.querySelector("a.open-full")?.setAttribute("href", fullPageHref()); // the embed's link follows the state
  if (ui.details.open) fillLessonText();
}

function renderDoc(doc) {
  const compared = doc.vs && compareView;
  const rendered = renderReport(compared ? compareView.comparedDoc(doc) : doc, t, {
    block: compared ? compareView.compareBlock : undefined,
    showSectionTitles: !state.section && doc.sections.length > 1,
    onPoint: (p, mark) => {
      backTo = pointAddress(mark);
      openTrace(p.trace);
    },
  });
  charts = rendered.charts;
  exported.report = doc;
  // A figure= the report has not: the whole lesson, and the link's problem listed with the rest.
  state.figureError = doc.figure_error ?? null;
  showErrors(state.resolved);
  ui.report.replaceChildren(...rendered.nodes);
  showCompareBar(doc);
  if (doc.preset && state.awaiting === doc.preset.id) {
    // The claim waits for a guess: no marks, no ratios, its figures held back.
    state.highlights = [];
    ui.claims.showRatios(null);
    drawCharts();
    askFirst(doc);
    return;
  }
  state.highlights = doc.preset?.highlights ?? [];
  // A ratio the claim quotes: the core's, in its caption and under its table.
  ui.claims.showRatios(doc.preset);
  placeRatios(ui.report, doc.preset, t);
  // The guess beside the core's answer, at the top of the figure that holds it.
  if (state.guess && state.guess.preset === doc.preset?.id) {
    ui.report.querySelector(`[data-group="${CSS.escape(state.guess.group)}"] > :first-child`)?.after(el("p", { class: "claim-guess", role: "status" }, state.guess.text));
  }
  drawCharts();
}

/** Compare mode's bar: the switch (whenever the values differ from the lesson's, or a
 * comparison is shown), "pin this", the changed-rows toggle and what A is. */
function showCompareBar(doc) {
  const on = Boolean(doc.vs);
  const differs = (state.resolved?.changed?.length ?? 0) > 0;
  ui.report.classList.toggle("changed-only", on && state.changedOnly);
  if (!on && (!differs || !state.controls)) {
    ui.compare.hidden = true;
    return;
  }
  const summary = on ? compareSummary(doc) : null;
  const toggle = (vs) => {
    state.vs = vs;
    refresh();
  };
  const tools = state.controls
    ? [
        el("button", { type: "button", class: "small", id: "compare-switch", "aria-pressed": on ? "true" : "false", title: t("ui.compare.switch_title"), onclick: () => toggle(on ? null : "") }, t("ui.compare.switch")),
        on ? el("button", { type: "button", class: "small", id: "compare-pin", title: t("ui.compare.pin_title"), onclick: () => toggle(doc.query) }, t("ui.compare.pin")) : null,
        on && doc.vs.query !== "" ? el("button", { type: "button", class: "small", id: "compare-lesson", onclick: () => toggle("") }, t("ui.compare.to_lesson")) : null,
        on
          ? el(
              "label",
              {},
              el("input", {
                type: "checkbox",
                id: "compare-changed-only",
                checked: state.changedOnly,
                onchange: (e) => {
                  state.changedOnly = e.currentTarget.checked;
                  ui.report.classList.toggle("changed-only", state.changedOnly);
                  drawCharts();
                },
              }),
              t("ui.compare.changed_only"),
            )
          : null,
      ]
    : [];
  ui.compare.replaceChildren(...[...tools, summary].filter(Boolean));
  ui.compare.hidden = false;
}

/** What A is: the lesson's values, or the values where A and B differ (A's → B's), and a link to A. */
function compareSummary(doc) {
  const names = Object.keys(doc.params).filter((n) => doc.params[n] !== doc.vs.params[n]);
  const values = names.map((n) => `${t(`param.${state.lesson}.${n}`)} ${doc.vs.params[n] || "∅"} → ${doc.params[n] || "∅"}`).join("; ");
  const text = doc.vs.query === "" ? t("ui.compare.against_lesson") : names.length ? t("ui.compare.against", { values }) : t("ui.compare.same_params");
  const none = ui.report.querySelector(".changed, tr.only-a, tr.only-b") ? null : ` ${t("ui.compare.none_changed")}`;
  const largest = doc.vs.largest.length
    ? el("ul", { class: "compare-largest", "aria-label": t("ui.compare.largest") }, doc.vs.largest.map((c) => el("li", {}, compareView.changeText(c, state.lesson, t))))
    : null;
  return el(
    "div",
    { class: "compare-summary", role: "status" },
    el("p", {}, text, none, " ", el("a", { href: vsHref(doc), id: "compare-open-a" }, t("ui.compare.open_a"))),
    largest,
  );
}

/** Run A's own page (its values, the same lesson and section). */
function vsHref(doc) {
  const q = new URLSearchParams({ lesson: state.lesson });
  if (state.section) q.set("section", state.section);
  const own = doc.vs.query ? `&${doc.vs.query}` : "";
  return `./?${q.toString()}${own}${state.lang !== "tr" ? "&lang=en" : ""}&v=1`;
}

/** Predict, then try: the claim's question in its caption's place and its figures held back
 * until the learner guesses (or skips); then the core's answer beside the guess. */
async function askFirst(doc) {
  const m = await modules.predict();
  const preset = state.presets.find((p) => p.id === doc.preset.id);
  const q = m.question(preset);
  const answer = q && m.answer(q, doc.preset, t);
  if (state.awaiting !== preset.id || exported.report !== doc) return; // superseded meanwhile
  if (!answer) {
    state.awaiting = null;
    renderDoc(doc);
    return;
  }
  const held = answer.groups.map((g) => ui.report.querySelector(`[data-group="${CSS.escape(g)}"]`)).filter(Boolean);
  for (const node of held) {
    node.classList.add("awaiting-guess");
    node.dataset.wait = t("ui.predict.held");
    node.inert = true;
  }
  const done = (guess) => {
    state.awaiting = null;
    state.guess = guess === null ? null : { preset: preset.id, text: m.verdict(t, q, guess, answer), group: answer.groups[0] };
    ui.claims.show(preset.id);
    renderDoc(doc);
    ui.report.querySelector(".claim-guess, .claim-mark")?.scrollIntoView({ block: "start", behavior: "smooth" });
  };
  const form = m.promptView({ t, preset, q, onAnswer: done, onSkip: () => done(null) });
  ui.claims.ask(form);
  form.querySelector("input")?.focus({ preventScroll: true });
}

function drawCharts() {
  for (const c of charts) {
    if (c.node.isConnected) c.draw(c.node.clientWidth);
  }
  markHighlights(ui.report, state.highlights, ui.claims.describedBy);
  scrollCues(ui.report, t);
  if (timeline?.node.isConnected) timeline.draw(timeline.node.clientWidth);
  if (sweepSection?.figures[0]?.node.isConnected) sweepSection.draw(sweepSection.result.clientWidth);
  addExports();
}

/** CSV/JSON and SVG/PNG buttons on every table and chart shown (see export.js). */
function addExports() {
  if (!state.exports) return;
  decorate(ui.report, {
    engine,
    t,
    report: exported.report,
    charts,
    sweep: lastSweep?.doc,
    sweepNodes: sweepSection?.figures.map((f) => f.node) ?? [],
    trace: exported.trace,
    traceNode: timeline?.node,
    onError: showNotice,
    // The full page's link of what is shown (claim, language, sweep, watched run included).
    pageLink: () => new URL(fullPageHref(), location.href).href,
    // In compare mode, run A's own link too.
    vsLink: () => (exported.report?.vs ? new URL(vsHref(exported.report), location.href).href : null),
  });
}

async function fillLessonText() {
  try {
    ui.output.textContent = await engine.call("lessonText", [state.resolved.query]);
  } catch (err) {
    if (!err.cancelled) ui.output.textContent = err.message;
  }
}

function showMarker(resolved) {
  const changed = new Set([...resolved.changed, ...Object.keys(state.values)]);
  const names = [...changed].map((n) => t(`param.${state.lesson}.${n}`));
  ui.marker.classList.toggle("changed", names.length > 0);
  ui.marker.textContent = names.length ? t("ui.changed_values", { names: names.join(", ") }) : t("ui.lesson_values");
  const reset = document.getElementById("reset");
  if (reset) reset.disabled = names.length === 0;
}

/** What a printed handout needs to be traced back: the changed values and the share link. */
function showPrintInfo(resolved) {
  const changed = [...new Set([...resolved.changed, ...Object.keys(state.values)])];
  ui.print.replaceChildren(
    el("p", {}, changed.length ? t("ui.print.changed") : t("ui.lesson_values")),
    changed.length
      ? el("ul", {}, changed.map((n) => el("li", {}, `${t(`param.${state.lesson}.${n}`)} (${n}) = ${state.values[n] ?? resolved.params[n] ?? ""}`)))
      : null,
    el("p", { class: "print-link" }, `${t("ui.print.link")} `, el("a", { href: location.href }, location.href)),
  );
}

function showErrors(resolved) {
  // Problems the panel cannot show next to a control: unknown keys, the lesson, the language,
  // or every problem when the panel is hidden.
  const specs = state.specs[state.lesson];
  // The link's own problems (a key that is not a parameter, a bad language...) stay in view
  // until the first change; the page's later queries no longer carry them.
  // A key given twice is the link's problem, not a control's: it stays listed too.
  const linkOnly = (e) => !specs.some((s) => s.name === e.param) || e.code === "repeated_param";
  const fromLink = state.fromLink ? state.linkErrors.filter(linkOnly) : [];
  const errors = [...resolved.errors, ...fromLink.filter((e) => !resolved.errors.some((r) => r.message === e.message))];
  if (state.figureError) errors.push(state.figureError);
  const shown = errors.filter((e) => !panel || linkOnly(e));
  const list = shown.map((e) => {
    const spec = specs.find((s) => s.name === e.param);
    if (e.param === "figure" && e.code === "bad_value" && state.figureError === e) {
      return el("li", { dataset: { param: "figure" } }, t("ui.figure_error", { value: e.value ?? "", allowed: e.allowed }));
    }
    const text = spec
      ? `${t(`param.${state.lesson}.${spec.name}`)} (${spec.name}): ${t("ui.param_error", {
          value: e.value ?? "",
          allowed: allowedText(spec, e, t),
          default: spec.default || t("ui.none"),
        })}`
      : explain(e);
    return el("li", { dataset: { param: e.param ?? "" } }, text);
  });
  ui.errors.hidden = list.length === 0;
  ui.errors.replaceChildren(...(list.length ? [el("p", {}, t("ui.bad_link")), el("ul", {}, list)] : []));
}

function showNotice(text) {
  ui.notice.textContent = text;
  ui.notice.hidden = false;
}

function showPanic(message) {
  showNotice(`${t("app.panic")} ${message}`);
}

function fatal(key, err) {
  const main = clear(document.getElementById("main"));
  main.append(el("p", { class: "fatal", role: "alert" }, translator(state.lang, state.lesson)(key), err ? ` (${err.message ?? err})` : ""));
}

// ---------------------------------------------------------------- sharing

function fullPageHref() {
  // The whole lesson at the same state: no embed, panel, exports or single-figure settings. The
  // pairs stay as the core wrote them (URLSearchParams would escape every ":" and ",").
  const drop = new Set(["embed", "controls", "exports", "figure"]);
  const pairs = (state.resolved?.share ?? rawQuery()).split("&").filter((pair) => !drop.has(pair.split("=")[0]));
  return `./?${pairs.join("&")}`;
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(location.href);
    showNotice(t("ui.copied"));
  } catch {
    showNotice(t("ui.copy_failed"));
  }
}

async function openEmbed() {
  const { embedDialog } = await modules.embed();
  const lesson = state.lesson;
  const urlFor = ({ section, figure, controls, exports, predict }) => {
    const q = new URLSearchParams(state.resolved.share);
    q.set("embed", "1");
    for (const k of ["section", "figure", "controls", "exports", "predict"]) q.delete(k);
    if (section) q.set("section", section);
    if (figure) q.set("figure", figure);
    if (!controls) q.set("controls", "0");
    if (!controls && exports) q.set("exports", "1");
    if (predict) q.set("predict", "1");
    const url = new URL(location.href);
    url.search = q.toString();
    return url.toString();
  };
  // The lesson's sections and figures, as the report shown names them.
  const doc = exported.report;
  const sections = (doc?.sections ?? []).map((s) => ({ name: s.name, label: t(`ui.section.${s.name}`) }));
  const figures = [];
  for (const group of (doc?.sections ?? []).flatMap((s) => s.groups)) {
    const heading = t(`group.${lesson}.${group.key}`);
    for (const b of group.blocks) {
      if (b.type === "table") figures.push({ key: b.key, label: `${t("ui.embed_table")}: ${t.has(`table.${lesson}.${b.key}`) ? t(`table.${lesson}.${b.key}`) : heading}` });
    }
    for (const c of group.charts) figures.push({ key: c.key, label: `${t("ui.embed_chart")}: ${t(`chart.${lesson}.${c.key}`)}` });
  }
  const dialog = embedDialog(t, `tatbikat — ${t(`lesson.${lesson}`)}`, { urlFor, sections, figures, claim: Boolean(state.preset) });
  // Focus goes back to the button that opened it (the dialog is removed when it closes).
  dialog.addEventListener("close", () => document.getElementById("embed-button")?.focus());
  document.body.append(dialog);
  dialog.showModal();
}
