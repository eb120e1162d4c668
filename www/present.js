// Presenter mode (issue 22; `present=1`, or the toolbar's button): the page on a projector — large
// type, the projector's colours (a white background whatever the screen's scheme), one figure at
// a time, the claim and its prediction prompt shown to the room, and the keys a slide clicker
// sends: PageDown/PageUp (or the arrows) for the next or previous figure and, past the last one,
// the next claim; B or "." to reveal the claim (with the guess typed, or without one); S to step
// the watched run (at its end: back to its start) and P to play or pause it (either opens the run
// first); Escape to leave.
// It fits a 16:9 screen of 1280 × 720 or larger (issue 32): the watched run shows its tracks
// above the bar with its transport in one row, while what the room need not see (the run's
// selectors, its intervention, the speed, the keys) is folded behind one button of the bar; the
// timeline (render/timeline.js) shows alternative tracks as tabs and draws the lanes as short as
// the room above this bar asks, which it measures. The counter numbers the report's figures
// alone, so its total stays the same while a claim waits (a held group counts as the figures it
// will show) and whether a run is open or not.
// Loaded with its stylesheet (present.css) when presenter mode is first asked for. It only
// shows and hides what the views drew (classes on the figures) and presses their own buttons:
// every change still goes through the store.
import { el } from "./dom.js";

const CURRENT = "present-current";
const GROUP = "present-group";
const MORE = "present-more";

/** Starts presenter mode on the page `ctx` (app.js) shows; returns {stop}. Leaving returns the
 * focus to where it was before. */
export function presenter(ctx) {
  const { store } = ctx;
  const t = (key, vars) => ctx.t(key, vars); // the frame's translator, whichever frame is shown
  const returnTo = document.activeElement;
  const root = document.documentElement;
  let style = document.querySelector("link[data-present]");
  if (!style) {
    style = el("link", { rel: "stylesheet", href: "./present.css", dataset: { present: "" } });
    document.head.append(style);
  }
  root.classList.add("presenting");

  let index = 0;
  let units = [];
  // Where to go once the page has drawn: the claim's figure, the run (one is open, or the link
  // has trace=), or nowhere (stay).
  let jump = store.state.preset ? "claim" : store.state.view.trace !== undefined ? "run" : null;
  let stopped = false;
  let drawnFor = null; // the figure last drawn again at its width

  const button = (key, onclick) => el("button", { type: "button", class: "present-button", dataset: { present: key }, onclick }, t(`present.${key}`));
  const position = el("p", { class: "present-position", role: "status" });
  const revealButton = button("reveal", () => reveal());
  const keysHelp = el("p", { class: "present-keys", id: "present-keys", hidden: true }, t("present.keys"));
  // The fold: the keys and the run's controls the room need not see, shown on demand.
  const moreButton = button("more", () => fold(!root.classList.contains(MORE)));
  moreButton.setAttribute("aria-expanded", "false");
  moreButton.setAttribute("aria-controls", keysHelp.id);
  const bar = el(
    "div",
    { class: "present-bar", role: "group", "aria-label": t("present.title") },
    button("previous", () => move(-1)),
    position,
    button("next", () => move(1)),
    revealButton,
    moreButton,
    button("leave", () => store.dispatch({ type: "present", on: false })),
    keysHelp,
  );
  document.body.append(bar);

  /** Shows (true) or folds away (false) the keys and the run's controls the room need not see. */
  function fold(open) {
    root.classList.toggle(MORE, open);
    keysHelp.hidden = !open;
    moreButton.setAttribute("aria-expanded", String(open));
    // Folded again: the run fitted above the bar again (a run recomputed meanwhile was not).
    requestAnimationFrame(() => !stopped && ctx.redraw?.());
  }

  /** The figures shown, in the page's order: the watched run, each table and chart of the report
   * (a group without either is one figure: its sentences), then the sweep's figures. The run is
   * left out while a claim waits for its guess (style.css hides it then). */
  function collect() {
    const results = document.getElementById("results");
    if (!results) return [];
    const found = [];
    const trace = results.classList.contains("awaiting") ? null : results.querySelector(".trace");
    if (trace) found.push(trace);
    for (const group of results.querySelectorAll(".report .group")) {
      const own = group.querySelectorAll(".table-wrap, figure[data-chart]");
      if (own.length) found.push(...own);
      else found.push(group);
    }
    found.push(...results.querySelectorAll(".sweep-result figure"));
    return found;
  }

  /** Marks the figure shown (and its group), after the views drew anything new. */
  function apply() {
    if (stopped) return;
    const before = units[index];
    units = collect();
    if (jump === "claim") {
      // The figure held back for the guess (its group, views/report.js), else the one under the guess, else the first marked.
      const tests = [(u) => u.matches(".group.held.answer"), (u) => u.matches(".group.held"), (u) => u.closest(".group")?.querySelector(".claim-guess"), (u) => u.querySelector(".claim-mark")];
      const held = tests.map((test) => units.findIndex(test)).find((i) => i >= 0) ?? -1;
      if (held >= 0) {
        index = held;
        jump = null;
      }
    } else if (jump === "run") {
      const run = units.findIndex((u) => u.classList.contains("trace"));
      if (run >= 0) {
        index = run;
        jump = null;
      }
    } else if (before && !units.includes(before)) {
      // Drawn again (a new report): the same figure by its key, else the same place.
      const same = units.findIndex((u) => key(u) === key(before));
      if (same >= 0) index = same;
    } else if (before) {
      index = units.indexOf(before);
    }
    index = Math.max(0, Math.min(index, units.length - 1));
    for (const node of document.querySelectorAll(`.${CURRENT}, .${GROUP}`)) node.classList.remove(CURRENT, GROUP);
    const unit = units[index];
    if (unit) {
      unit.classList.add(CURRENT);
      (unit.closest(".group") ?? unit).classList.add(GROUP);
      unit.closest(".trace, .sweep")?.classList.add(GROUP);
    }
    // A chart hidden until now was drawn at the width it had then: drawn again at its own.
    if (unit && unit !== drawnFor) {
      drawnFor = unit;
      requestAnimationFrame(() => !stopped && ctx.redraw?.());
    }
    // The prompt stays on the page after the guess until the "why" question replaces it: the
    // store says whether a guess still waits.
    const awaiting = Boolean(store.state.awaiting && document.querySelector(".claim-predict"));
    revealButton.hidden = !awaiting;
    const text = unit?.classList.contains("trace") ? t("present.run", { title: title(unit) }) : t("present.position", { ...numbered(unit), title: unit ? title(unit) : "" });
    if (position.textContent !== text) position.textContent = text;
  }

  /** The figure's number and the total, the run left out: a group held back for a guess counts
   * as the tables and charts the core's report gives it (it shows them once revealed, each a
   * figure), so the total is the same before and after. */
  function numbered(unit) {
    const counts = units.filter((u) => !u.classList.contains("trace")).map((u) => [u, figures(u)]);
    const at = counts.findIndex(([u]) => u === unit);
    const sum = (list) => list.reduce((n, [, c]) => n + c, 0);
    return { n: at >= 0 ? sum(counts.slice(0, at)) + 1 : 0, count: sum(counts) };
  }

  /** How many figures a unit stands for: one, or a held group's tables and charts (at least one). */
  function figures(unit) {
    const held = unit.matches(".group.held") ? unit.dataset.held : null;
    const doc = store.state.doc;
    if (held === null || !doc || doc.figure) return 1;
    const group = doc.sections.flatMap((s) => s.groups).find((g) => g.key === held);
    return group ? Math.max(1, group.blocks.filter((b) => b.type === "table").length + group.charts.length) : 1;
  }

  /** The next (+1) or previous (-1) figure; past the last, the next claim (before the first,
   * the previous one). */
  function move(step) {
    const to = index + step;
    if (to >= 0 && to < units.length) {
      index = to;
      jump = null;
      apply();
      return;
    }
    const claims = store.state.presets.filter((p) => p.lesson === store.state.lesson);
    const at = claims.findIndex((p) => p.id === store.state.preset);
    const next = step > 0 ? claims[at + 1] : at >= 0 ? (claims[at - 1] ?? null) : undefined;
    if (next === undefined || (step > 0 && !next)) return;
    jump = next ? "claim" : null;
    if (!next) index = 0;
    store.dispatch({ type: "choosePreset", preset: next });
  }

  /** The claim shown to the room: the guess typed (or chosen), or none. */
  function reveal() {
    const form = document.querySelector(".claim-predict");
    if (!form || !store.state.awaiting) return; // none, or answered already
    const field = form.querySelector(".predict-number");
    const guessed = field ? field.value.trim() !== "" : Boolean(form.querySelector("input:checked"));
    jump = "claim";
    if (guessed) form.requestSubmit();
    else form.querySelector("button[type=button]")?.click();
  }

  /** S and P: a step or play/pause of the watched run, opened first if none is shown. */
  function run(act) {
    const control = document.querySelector(`.trace .trace-controls [data-act="${act}"]`);
    if (control) {
      if (!units[index]?.classList.contains("trace")) {
        jump = "run";
        apply();
      }
      // At the run's end a step starts it again.
      const scrub = document.querySelector(".trace .scrubber");
      if (act === "step_forward" && scrub && scrub.value === scrub.max) document.querySelector('.trace .trace-controls [data-act="start"]')?.click();
      else control.click();
      return;
    }
    if (!document.getElementById("watch-button")) return; // this lesson has no run to watch
    jump = "run";
    store.dispatch({ type: "openTrace", selector: "" });
  }

  const typing = (target) =>
    target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type));

  function keys(e) {
    if (e.ctrlKey || e.altKey || e.metaKey || document.querySelector("dialog[open]")) return;
    const target = e.target;
    const inField = typing(target);
    // On a track's tab (the watched run's alternatives) ← and → go along the tabs, not the figures.
    const onTab = target instanceof Element && target.getAttribute("role") === "tab";
    // The prediction's number field: B is never part of a number, and "." never starts one.
    const guessField = target instanceof HTMLInputElement && target.classList.contains("predict-number");
    let done = true;
    switch (e.key) {
      case "PageDown":
        move(1);
        break;
      case "PageUp":
        move(-1);
        break;
      case "ArrowRight":
      case "ArrowDown":
        if (inField || (onTab && e.key === "ArrowRight")) done = false;
        else move(1);
        break;
      case "ArrowLeft":
      case "ArrowUp":
        if (inField || (onTab && e.key === "ArrowLeft")) done = false;
        else move(-1);
        break;
      case "b":
      case "B":
        if (inField && !guessField) done = false;
        else reveal();
        break;
      case ".":
        if (inField && !(guessField && target.value === "")) done = false;
        else reveal();
        break;
      case "s":
      case "S":
        if (inField) done = false;
        else run("step_forward");
        break;
      case "p":
      case "P":
        if (inField) done = false;
        else run("play");
        break;
      case "Escape":
        store.dispatch({ type: "present", on: false });
        break;
      default:
        done = false;
    }
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  // Anything the views draw (a new report, a claim's prompt, the watched run, a chart drawn at
  // its new width) marks the figure shown again, once a frame.
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      apply();
    });
  });
  observer.observe(document.getElementById("main"), { childList: true, subtree: true });
  document.addEventListener("keydown", keys, true);
  apply();
  // The room's view starts at the top, its bar's first control focused.
  scrollTo(0, 0);
  bar.querySelector("button").focus({ preventScroll: true });

  return {
    stop() {
      stopped = true;
      observer.disconnect();
      document.removeEventListener("keydown", keys, true);
      for (const node of document.querySelectorAll(`.${CURRENT}, .${GROUP}`)) node.classList.remove(CURRENT, GROUP);
      root.classList.remove("presenting", MORE);
      bar.remove();
      requestAnimationFrame(() => ctx.redraw?.()); // every chart at the width it has again
      const back = returnTo?.isConnected && returnTo !== document.body ? returnTo : document.getElementById("present-button");
      back?.focus();
    },
  };
}

/** A figure's identity across redraws. */
function key(unit) {
  if (unit.classList.contains("trace")) return "trace";
  const table = unit.querySelector("table[data-table]")?.dataset.table;
  return table ? `table:${table}` : unit.dataset.chart ? `chart:${unit.dataset.chart}` : `group:${unit.dataset.group ?? ""}`;
}

/** A figure's name: its caption, else its group's heading. */
function title(unit) {
  const own = unit.querySelector("figcaption, caption")?.textContent;
  return (own || unit.closest(".group")?.querySelector("h2, h3")?.textContent || unit.getAttribute("aria-label") || "").trim();
}
