// The page's frame for one lesson in one language: the tabs, the tools, the lesson's head and
// the layout, and in it every view of the state (views/*.js). Built again when the lesson or
// the language changes; each view follows the part of the state it shows until then.
import { el, clear } from "../dom.js";
import { translator } from "../i18n/index.js";
import { Panel } from "../controls/panel.js";
import { Claims } from "../controls/presets.js";
import { fullPageHref, homeHref } from "../state/link.js";
import { asksFirst } from "../state/actions.js";
import { currentLesson, tabLessons, tabTarget } from "./shown.js";
import { notesView } from "./notes.js";
import { reportView } from "./report.js";
import { traceView } from "./trace.js";
import { sweepView } from "./sweep.js";

/** Find a run's fold (issue 36): its form and answer (views/find.js, loaded apart: most visits
 * never open it) are drawn once the learner opens it or the link asks a search (`asked`); {node,
 * stop}. */
function findFold(ctx, asked) {
  const details = el("details", { class: "find", id: "find", open: asked }, el("summary", {}, el("h2", {}, ctx.t("ui.find"))));
  let body = null;
  let stopped = false;
  let loading = null;
  const load = (opened) =>
    (loading ??= ctx.load.find().then(
      (m) => {
        if (!stopped) body = m.findView(ctx, details, { opened });
      },
      () => (loading = null),
    ));
  if (asked) load(false);
  details.addEventListener("toggle", () => details.open && !loading && load(true));
  return {
    node: el("div", { class: "find-box" }, details),
    stop() {
      stopped = true;
      body?.stop();
    },
  };
}

/** Builds the frame for the store's lesson and language; returns {stop}: it ends every view. */
export function frame(ctx) {
  const { store, act } = ctx;
  const s = store.state;
  const t = (ctx.t = translator(s.lang, s.lesson));
  const lesson = currentLesson(s);
  document.documentElement.lang = s.lang;
  document.body.classList.toggle("embed", s.embed);
  document.title = `${t(`lesson.${s.lesson}`)} — tatbikat`;
  document.getElementById("skip-link").textContent = s.lang === "tr" ? "Sonuçlara geç" : "Skip to the results";
  document.getElementById("tagline").textContent = t("app.tagline");
  document.getElementById("logo").href = homeHref(s.lang);

  const tabs = clear(document.getElementById("tabs"));
  tabs.setAttribute("aria-label", t("ui.lessons"));
  const offered = tabLessons(s);
  const ids = offered.map((l) => l.id);
  const tabKeys = (event) => {
    const id = tabTarget(ids, event.currentTarget.dataset.lesson, event.key);
    if (!id) return;
    event.preventDefault();
    act.switchLesson(id).then(() => document.getElementById(`tab-${id}`)?.focus());
  };
  for (const l of offered) {
    const selected = l.id === s.lesson;
    tabs.append(
      el(
        "button",
        {
          type: "button",
          role: "tab",
          id: `tab-${l.id}`,
          "aria-selected": selected ? "true" : "false",
          "aria-controls": "lesson-panel",
          tabindex: selected ? "0" : "-1",
          dataset: { lesson: l.id },
          onclick: () => act.switchLesson(l.id),
          onkeydown: tabKeys,
        },
        t(`lesson.${l.id}`),
        // A preview of one of the course's next lessons: its text is not written yet.
        l.preview ? [" ", el("span", { class: "badge preview", title: t("ui.preview_title") }, t("ui.preview"))] : null,
      ),
    );
  }
  // The selected tab in sight where the tabs are one scrolling row (a phone).
  const chosen = document.getElementById(`tab-${s.lesson}`);
  const scroll = chosen ? chosen.offsetLeft - (tabs.clientWidth - chosen.offsetWidth) / 2 : NaN;
  if (tabs.scrollWidth > tabs.clientWidth && Number.isFinite(scroll)) tabs.scrollLeft = Math.max(0, scroll);
  clear(document.getElementById("tools")).append(
    el(
      "button",
      // Named by what it shows (the language, or on a phone its code: style.css); the title says more.
      { type: "button", class: "lang", lang: s.lang === "tr" ? "en" : "tr", title: t("ui.language_label"), onclick: act.switchLanguage },
      el("span", { class: "long" }, t("ui.language")),
      el("span", { class: "short" }, t("ui.language_short")),
    ),
  );

  ctx.panel = s.controls
    ? new Panel({
        lesson: s.lesson,
        specs: s.specs[s.lesson],
        t,
        onChange: (name, text) => store.dispatch({ type: "setValues", changes: typeof name === "object" ? name : { [name]: text } }),
        onRandomSeed: act.randomSeed,
      })
    : null;
  ctx.claims = new Claims({
    presets: s.presets.filter((p) => p.lesson === s.lesson),
    t,
    onChoose: (preset) => store.dispatch({ type: "choosePreset", preset }),
    list: s.controls,
    asks: asksFirst(s),
  });
  // learn-page: where the progress view opens (views/progress.js).
  ctx.progressSlot = el("div", { class: "progress-slot" });

  const notes = notesView(ctx);
  const trace = traceView(ctx);
  const sweep = sweepView(ctx);
  // Find a run (issue 36), for a lesson that declares a search.
  // `figure=find` (an embed of the search alone, the report's figures left out) shows it too.
  const searchAlone = s.figure === "find";
  const searchAsked = s.view.find !== undefined || searchAlone;
  const find = lesson.finds && (s.controls || searchAsked) ? findFold(ctx, searchAsked) : null;
  const report = reportView(ctx, { trace, sweep });
  ctx.reportDrawn = report.drawn;
  const goals = s.controls && challengesFold(ctx);
  ctx.redraw = report.draw; // presenter mode draws a figure again once it is shown

  // An embed that asks a search (a teacher's "does such a run exist?") asks it first: the
  // embed is there for it, and a whole lesson's embed is thousands of pixels tall.
  const searchFirst = (s.embed && s.view.find !== undefined) || searchAlone;
  // Without controls the sweep shows only if the link has one, and the lesson's text stays out.
  const results = el(
    "div",
    { class: "results", id: "results", tabindex: "-1" },
    notes.status,
    notes.notice,
    ctx.progressSlot,
    searchFirst ? find?.node : null,
    ctx.claims.node,
    goals?.node,
    trace.node,
    report.compare,
    report.node,
    // Below the tables (a phone's first screen keeps its first table), above the sweep; its
    // witness opens in the watched run's box above.
    searchFirst ? null : find?.node,
    s.controls || s.view.sweep ? sweep.node : null,
    s.controls ? notes.lessonText : null,
  );
  notes.watchBusy(results);
  const actions = el(
    "div",
    { class: "actions" },
    el("button", { type: "button", class: "small", id: "reset", onclick: () => store.dispatch({ type: "reset" }) }, t("ui.reset")),
    lesson.traces ? el("button", { type: "button", class: "small", id: "watch-button", onclick: () => store.dispatch({ type: "openTrace", selector: "" }) }, t("ui.watch")) : null,
    // Compare mode: with the other actions, unavailable (and saying why) until a value differs.
    report.compareSwitch,
    el("button", { type: "button", class: "small", id: "copy-link", onclick: act.copyLink }, t("ui.copy_link")),
    s.embed ? null : el("button", { type: "button", class: "small", id: "embed-button", onclick: act.openEmbed }, t("ui.embed")),
    s.embed ? null : el("button", { type: "button", class: "small", id: "progress-button", "aria-expanded": "false", onclick: act.toggleProgress }, t("ui.progress.open")),
    s.embed ? null : el("button", { type: "button", class: "small", id: "present-button", onclick: () => store.dispatch({ type: "present", on: true }) }, t("ui.present")),
  );
  const head = s.embed
    ? el(
        "div",
        { class: "embed-head" },
        el("h1", { class: "lesson-title" }, t(`lesson.${s.lesson}`)),
        el("a", { class: "open-full", href: fullPageHref(s), target: "_blank", rel: "noopener" }, t("ui.open_full")),
      )
    : el(
        "div",
        {},
        el("h1", { class: "lesson-title" }, t(`lesson.${s.lesson}`)),
        lesson.preview ? previewNote(s.lesson, t) : null,
        el("p", { class: "intro", id: "intro" }, t(`intro.${s.lesson}`)),
        // A phone shows the intro's first lines (style.css); this shows the rest.
        el(
          "button",
          {
            type: "button",
            class: "link intro-more",
            "aria-controls": "intro",
            "aria-expanded": "false",
            onclick: (e) => {
              const open = document.getElementById("intro").classList.toggle("open");
              e.currentTarget.setAttribute("aria-expanded", String(open));
              e.currentTarget.textContent = t(open ? "ui.intro_less" : "ui.intro_more");
            },
          },
          t("ui.intro_more"),
        ),
        // The course's references and model terms on this page (K01, minstd, ...), on request.
        el(
          "details",
          {
            class: "glossary",
            ontoggle: async (e) => {
              const fold = e.currentTarget;
              const body = fold.querySelector(".glossary-body");
              if (!fold.open || body.childElementCount) return;
              const { glossaryList } = await import("../glossary.js");
              // The page's words, not the fold's own summary (which names K01 and minstd).
              const words = (document.getElementById("main")?.textContent ?? "").replace(fold.textContent, "");
              body.replaceChildren(glossaryList(words, s.lang));
            },
          },
          el("summary", {}, t("ui.glossary")),
          el("div", { class: "glossary-body" }),
        ),
      );
  clear(document.getElementById("main")).append(
    el(
      "section",
      { class: "lesson", id: "lesson-panel", role: s.embed ? null : "tabpanel", "aria-labelledby": s.embed ? null : `tab-${s.lesson}` },
      head,
      notes.print,
      notes.errors,
      // controls=0: the results without the page's tools (exports=1 brings the exports back).
      el("div", { class: "bar" }, notes.marker, s.controls ? actions : null),
      el("div", { class: ctx.panel ? "layout" : "layout no-panel" }, ctx.panel?.node, results),
      report.changes,
    ),
  );
  if (s.embed) ctx.load.embed().then((m) => m.embedded(ctx));
  const resize = new ResizeObserver(() => report.draw());
  resize.observe(results);
  return {
    stop() {
      resize.disconnect();
      for (const view of [notes, trace, find, sweep, report, goals]) view?.stop();
    },
  };
}

/** The challenges (views/challenge.js), loaded when the fold opens; challenge= opens it. */
function challengesFold(ctx) {
  const node = el("details", { class: "challenges", id: "challenges" }, el("summary", {}, ctx.t("ui.challenge.title")), el("div", { class: "challenge-body" }));
  let view = null;
  const mount = () => (view ??= ctx.load.challenge().then((m) => m.mount(ctx, node)).catch(() => (view = null)));
  node.addEventListener("toggle", () => node.open && mount());
  const watch = ctx.store.subscribe((s) => s.challenge, (id) => id && ((node.open = true), mount()), { now: true });
  return { node, stop: () => (watch(), view?.then((stop) => stop?.())) };
}

/** A preview's orientation: a badge and which lesson announced it (the lesson's own sentence). */
function previewNote(lesson, t) {
  const own = `preview.${lesson}`;
  return el("p", { class: "preview-note" }, el("span", { class: "badge preview" }, t("ui.preview")), " ", t.has(own) ? t(own) : t("ui.preview_title"));
}
