// tatbikat's page: reads the link, asks the core (in a worker) what it means, renders what the
// core computed, and keeps the link in step with every change. The whole state is the URL query.
import { el, clear } from "./dom.js";
import { Engine } from "./engine.js";
import { translator } from "./i18n/index.js";
import { renderReport } from "./render/report.js";
import { Panel, allowedText } from "./controls/panel.js";
import { embedDialog, postHeight } from "./embed.js";
import { Claims, markHighlights } from "./controls/presets.js";

const SLOW_MS = 150; // a run longer than a blink shows progress and a cancel button

const state = {
  lessons: [],
  specs: {}, // lesson id → parameter schema from the core
  lesson: "supervisor",
  values: {}, // parameter → text as typed or as the link gave it (only those set)
  memory: {}, // lesson → values, so switching tabs keeps each lesson's changes
  lang: "tr",
  section: null,
  embed: false,
  controls: true,
  resolved: null,
  fromLink: true,
  presets: [], // the lessons' claims from the core
  preset: null, // the claim shown (preset=), while the values are its own
  highlights: [], // what the core found for it in the last report
};

let engine;
let t = translator("tr");
let panel = null;
let generation = 0;
let charts = [];
const ui = {};

boot();

async function boot() {
  if (typeof WebAssembly !== "object") return fatal("app.no_wasm");
  engine = new Engine({ onPanic: (message) => showPanic(message) });
  try {
    const boot = await engine.call("boot", [location.search]);
    state.lessons = boot.lessons;
    state.specs = boot.specs;
    state.presets = boot.presets;
    adopt(boot.resolved);
  } catch (err) {
    return fatal("app.no_wasm", err);
  }
  buildShell();
  await refresh();
  state.fromLink = false;
}

/** Takes the lesson, page settings and typed values from a resolved link. */
function adopt(resolved) {
  state.lesson = resolved.lesson;
  state.lang = resolved.lang;
  state.section = resolved.section;
  state.embed = resolved.embed;
  state.controls = resolved.controls;
  adoptValues(resolved.share);
  state.linkErrors = resolved.errors;
  state.preset = resolved.preset;
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
  if (state.lang !== "tr") q.set("lang", state.lang);
  q.set("v", "1");
  return q.toString();
}

// ---------------------------------------------------------------- the page's frame

function buildShell() {
  t = translator(state.lang);
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
  ui.output = el("pre", { class: "lesson-text", tabindex: "0" });
  ui.details = el(
    "details",
    { class: "lesson-output", ontoggle: () => ui.details.open && fillLessonText() },
    el("summary", {}, t("ui.lesson_output")),
    ui.output,
  );
  ui.claims = new Claims({
    presets: state.presets.filter((p) => p.lesson === state.lesson),
    t,
    onChoose: choosePreset,
    list: state.controls,
  });
  ui.results = el("div", { class: "results", id: "results", tabindex: "-1" }, ui.status, ui.notice, ui.claims.node, ui.report, ui.details);
  const actions = el(
    "div",
    { class: "actions" },
    el("button", { type: "button", class: "small", id: "reset", onclick: resetValues }, t("ui.reset")),
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
    : el("div", {}, el("h1", { class: "lesson-title" }, t(`lesson.${state.lesson}`)), el("p", { class: "intro" }, t(`intro.${state.lesson}`)));
  main.append(
    el(
      "section",
      { class: "lesson", id: "lesson-panel", role: state.embed ? null : "tabpanel", "aria-labelledby": state.embed ? null : `tab-${state.lesson}` },
      head,
      ui.errors,
      el("div", { class: "bar" }, ui.marker, actions),
      el("div", { class: panel ? "layout" : "layout no-panel" }, panel?.node, ui.results),
    ),
  );
  if (state.embed) postHeight();
  new ResizeObserver(() => drawCharts()).observe(ui.report);
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

function setValues(changes) {
  state.preset = null; // a change of the user's is no longer the claim's
  const specs = state.specs[state.lesson];
  for (const [name, text] of Object.entries(changes)) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) continue;
    if (text === spec.default) delete state.values[name];
    else state.values[name] = text;
  }
  refresh();
}

async function switchLesson(id) {
  if (id === state.lesson) return;
  state.memory[state.lesson] = state.values;
  state.lesson = id;
  state.values = state.memory[id] ?? {};
  state.section = null;
  state.preset = null;
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
  refresh();
}

async function randomSeed(name) {
  try {
    const seed = await engine.call("randomSeed", [state.lesson]);
    setValues({ [name]: String(seed) });
  } catch (err) {
    if (!err.cancelled) showNotice(err.message);
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

async function refresh() {
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
    showNotice(err.message);
    return;
  } finally {
    clearTimeout(slow);
  }
  if (gen !== generation) return;
  ui.status.hidden = true;
  ui.notice.hidden = true;
  ui.results.setAttribute("aria-busy", "false");
  renderDoc(result.doc);
  const first = !document.body.dataset.ready;
  document.body.dataset.ready = "1";
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  performance.measure(first ? "tatbikat:first-render" : "tatbikat:render", { start: started });
  if (first) performance.mark("tatbikat:first-table");
}

/** The link as the core read it: URL, panel, marker and problems follow at once. */
function showResolved(resolved) {
  state.resolved = resolved;
  history.replaceState(null, "", `?${resolved.share}`);
  state.preset = resolved.preset;
  if (resolved.preset) adoptValues(resolved.share);
  ui.claims.show(resolved.preset);
  panel?.update(resolved, state.values);
  showMarker(resolved);
  showErrors(resolved);
  if (ui.details.open) fillLessonText();
}

function renderDoc(doc) {
  const rendered = renderReport(doc, t, { showSectionTitles: !state.section && doc.sections.length > 1 });
  charts = rendered.charts;
  state.highlights = doc.preset?.highlights ?? [];
  ui.report.replaceChildren(...rendered.nodes);
  drawCharts();
}

function drawCharts() {
  for (const c of charts) {
    if (c.node.isConnected) c.draw(c.node.clientWidth);
  }
  markHighlights(ui.report, state.highlights, ui.claims.describedBy);
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
  document.getElementById("reset").disabled = names.length === 0;
}

function showErrors(resolved) {
  // Problems the panel cannot show next to a control: unknown keys, the lesson, the language,
  // or every problem when the panel is hidden.
  const specs = state.specs[state.lesson];
  // The link's own problems (a key that is not a parameter, a bad language...) stay in view
  // until the first change; the page's later queries no longer carry them.
  const fromLink = state.fromLink ? state.linkErrors.filter((e) => !specs.some((s) => s.name === e.param)) : [];
  const errors = [...resolved.errors, ...fromLink.filter((e) => !resolved.errors.some((r) => r.message === e.message))];
  const shown = errors.filter((e) => !panel || !specs.some((s) => s.name === e.param));
  const list = shown.map((e) => {
    const spec = specs.find((s) => s.name === e.param);
    const text = spec
      ? `${t(`param.${state.lesson}.${spec.name}`)} (${spec.name}): ${t("ui.param_error", {
          value: e.value ?? "",
          allowed: allowedText(spec, e, t),
          default: spec.default || t("ui.none"),
        })}`
      : e.message;
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
  main.append(el("p", { class: "fatal", role: "alert" }, translator(state.lang)(key), err ? ` (${err.message ?? err})` : ""));
}

// ---------------------------------------------------------------- sharing

function fullPageHref() {
  const q = new URLSearchParams(state.resolved?.share ?? rawQuery());
  q.delete("embed");
  q.delete("controls");
  return `./?${q.toString()}`;
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(location.href);
    showNotice(t("ui.copied"));
  } catch {
    showNotice(t("ui.copy_failed"));
  }
}

function openEmbed() {
  const urlFor = (controls) => {
    const q = new URLSearchParams(state.resolved.share);
    q.set("embed", "1");
    if (!controls) q.set("controls", "0");
    const url = new URL(location.href);
    url.search = q.toString();
    return url.toString();
  };
  const dialog = embedDialog(t, `tatbikat — ${t(`lesson.${state.lesson}`)}`, urlFor);
  document.body.append(dialog);
  dialog.showModal();
}
