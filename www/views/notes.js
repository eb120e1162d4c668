// The page's notes on the state, each following what it shows: the marker of changed values,
// the printed handout's values and link, the link's problems, the notice, the progress of a long
// run and the lesson's own text; and, with every reading of the link, the panel's values, the
// claim chosen and the embed's "open the full page" link.
import { el } from "../dom.js";
import { fullPageHref } from "../state/link.js";
import { marker, printInfo, problems } from "./shown.js";

/** The lines of the lesson's own text the page lays out at most. */
const TEXT_LINES = 2000;

/** The notes' elements ({marker, print, errors, notice, status, lessonText}) and their lifetime. */
export function notesView(ctx) {
  const { store, engine, act } = ctx;
  const t = ctx.t;
  const ui = {
    marker: el("p", { class: "marker", role: "status" }),
    print: el("div", { class: "print-info" }), // handouts only (style.css): the values and the link
    errors: el("div", { class: "link-errors", role: "alert", hidden: true }),
    notice: el("p", { class: "notice", role: "status", hidden: true }),
    progress: el("progress", { max: "1" }),
    progressText: el("span", {}, t("ui.running")),
    output: el("pre", { class: "lesson-text", tabindex: "0" }),
  };
  ui.status = el(
    "div",
    { class: "run-status", hidden: true },
    ui.progress,
    ui.progressText,
    el("button", { type: "button", class: "small", onclick: act.cancelRun }, t("ui.cancel")),
  );
  ui.lessonText = el(
    "details",
    { class: "lesson-output", ontoggle: () => ui.lessonText.open && fillLessonText() },
    el("summary", {}, t("ui.lesson_output")),
    ui.output,
  );
  let results = null;

  // The printed page's QR code of its link (qr.js, loaded when the page is first printed). A
  // print lays the page out in the task of its `beforeprint`, too soon for a module to arrive:
  // Ctrl+P (⌘P) loads it first and then prints; a print from the browser's menu draws it when
  // the module is there (from then on) and loads it otherwise. A link too long for a QR code
  // prints without one.
  const qrSlot = el("div", { class: "print-qr" });
  const drawQr = () => {
    const code = ctx.load.qr.value?.qrImage(location.href, t("ui.print.qr"));
    qrSlot.replaceChildren(...(code ? [code] : []));
    if (!ctx.load.qr.value) ctx.load.qr().then(drawQr, () => {});
  };
  const printKey = (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== "p" || ctx.load.qr.value) return;
    e.preventDefault();
    ctx.load.qr().then(
      () => print(),
      () => print(),
    );
  };
  // (Not in the build's prerender, which has a document and no window.)
  globalThis.addEventListener?.("beforeprint", drawQr);
  globalThis.addEventListener?.("keydown", printKey);

  async function fillLessonText() {
    try {
      const text = await engine.call("lessonText", [store.state.resolved.query]);
      // The lesson's text of a large run (every ordering of eight steps) is laid out in part:
      // its first lines, and how many more the CLI prints.
      let end = -1;
      for (let n = 0; n < TEXT_LINES; n++) if ((end = text.indexOf("\n", end + 1)) < 0) break;
      const more = end < 0 ? 0 : text.slice(end + 1).split("\n").filter(Boolean).length;
      ui.output.textContent = more ? `${text.slice(0, end + 1)}${t("ui.lesson_output_more", { count: more })}\n` : text;
    } catch (err) {
      if (!err.cancelled) ui.output.textContent = err.message;
    }
  }

  function showProblems(s) {
    if (!s.resolved) return;
    const list = problems(s, t, { panel: Boolean(ctx.panel) }).map((p) => el("li", { dataset: { param: p.param } }, p.text));
    ui.errors.hidden = list.length === 0;
    ui.errors.replaceChildren(...(list.length ? [el("p", {}, t("ui.bad_link")), el("ul", {}, list)] : []));
  }

  /** The link as the core read it: everything that shows the state's values follows at once. */
  function showResolved(resolved, s) {
    ctx.claims.show(resolved.preset, { asking: Boolean(resolved.preset) && s.awaiting === resolved.preset });
    ctx.panel?.update(resolved, s.values);
    const m = marker(s, t);
    ui.marker.classList.toggle("changed", m.changed);
    ui.marker.textContent = m.text;
    const reset = document.getElementById("reset");
    if (reset) reset.disabled = !m.changed;
    const info = printInfo(s, t);
    ui.print.replaceChildren(
      ...[
        el("p", {}, info.intro),
        info.items.length ? el("ul", {}, info.items.map((item) => el("li", {}, item))) : null,
        el("p", { class: "print-link" }, `${t("ui.print.link")} `, el("a", { href: location.href }, location.href)),
        qrSlot,
      ].filter(Boolean), // replaceChildren would write a null as the text "null"
    );
    showProblems(s);
    document.querySelector("a.open-full")?.setAttribute("href", fullPageHref(s)); // the embed's link follows the state
    if (ui.lessonText.open) fillLessonText();
  }

  function showRun(run) {
    results?.setAttribute("aria-busy", run.busy ? "true" : "false");
    ui.status.hidden = !(run.busy && run.slow);
    if (run.share === null) {
      ui.progress.removeAttribute("value");
      ui.progressText.textContent = t("ui.running");
    } else {
      ui.progress.value = run.share;
      ui.progressText.textContent = t("ui.running_share", { percent: Math.floor(run.share * 100) });
    }
  }

  const stops = [
    store.subscribe((s) => s.resolved, (resolved, _, s) => resolved && showResolved(resolved, s)),
    // A figure= the report has not: the whole lesson, and the link's problem listed with the rest.
    store.subscribe((s) => s.doc, (_, __, s) => showProblems(s)),
    store.subscribe(
      (s) => s.notice,
      (notice) => {
        ui.notice.hidden = !notice;
        if (notice) ui.notice.textContent = notice.text;
      },
    ),
    store.subscribe((s) => s.run, showRun),
  ];
  return {
    ...ui,
    /** The results' element, whose aria-busy says a report is being computed. */
    watchBusy(node) {
      results = node;
    },
    stop: () => {
      stops.forEach((stop) => stop());
      globalThis.removeEventListener?.("beforeprint", drawQr);
      globalThis.removeEventListener?.("keydown", printKey);
    },
  };
}
