// The report shown: the core's document drawn (compared with run A in compare mode), the claim's
// ratios and guess, the prediction that holds a claim's figures back, compare mode's bar, "what
// moved" after a change, and the charts drawn at the width they have with their export buttons.
import { el, uid } from "../dom.js";
import { scrollCues } from "../render/table.js";
import { changesBar, movedCells } from "../render/changes.js";
import { renderReport } from "../render/report.js";
import { markHighlights, placeRatios } from "../controls/presets.js";
import { decorate, withFigure } from "../export.js";
import { fullPageQuery, pageHref, vsHref } from "../state/link.js";
import { awaitingGuess, compareBar, compareText, movedValues } from "./shown.js";
import { pointAddress } from "./trace.js";

/** The report's elements ({node, compare, changes}), `draw()` and their lifetime; `trace` and
 * `sweep` are the views drawn and exported with it. */
export function reportView(ctx, { trace, sweep }) {
  const { store, engine, load } = ctx;
  const dispatch = store.dispatch;
  const t = ctx.t;
  const node = el("div", { class: "report" });
  const compare = el("div", { class: "compare-bar", hidden: true });
  const reasonId = uid("compare-why");
  // Compare mode's switch, in the toolbar (views/frame.js): unavailable, saying why, until the
  // values differ from the lesson's (or a comparison is shown).
  const switchButton = ctx.store.state.controls
    ? el(
        "button",
        {
          type: "button",
          class: "small",
          id: "compare-switch",
          "aria-pressed": "false",
          "aria-disabled": "true",
          "aria-describedby": reasonId,
          title: t("ui.compare.switch_title"),
          onclick: () => {
            const bar = compareBar(store.state);
            if (bar.switchable) dispatch({ type: "compare", vs: bar.on ? null : "" });
          },
        },
        t("ui.compare.switch"),
      )
    : null;
  const compareSwitch = switchButton && [switchButton, el("span", { class: "visually-hidden", id: reasonId }, t("ui.compare.why_not"))];
  const changes = el("div", { class: "changes-slot" });
  let charts = [];
  let highlights = []; // what the core found for the claim in the report shown
  let stopped = false;
  // The report's charts are drawn in a task after the one that builds its tables (each stays
  // short: the tables' layout is the browser's between them); `drawn` settles once they are.
  let drawn = Promise.resolve();
  const drawSoon = (then = () => {}) => {
    // In place of a view drawn at build time, with its charts: drawn at once (app.js viewAnswer).
    if (ctx.drawAtOnce) {
      ctx.drawAtOnce = false;
      drawn = Promise.resolve();
      draw();
      then();
      return;
    }
    drawn = new Promise((done) =>
      setTimeout(() => {
        if (!stopped) {
          draw();
          then();
        }
        done();
      }, 0),
    );
  };

  function render(s) {
    const doc = s.doc;
    if (!doc) return;
    const compared = doc.vs && load.compare.value;
    const rendered = renderReport(compared ? compared.comparedDoc(doc) : doc, t, {
      block: compared ? compared.compareBlock : undefined,
      showSectionTitles: !s.section && doc.sections.length > 1,
      onPoint: (p, mark) => dispatch({ type: "openTrace", selector: p.trace, backTo: pointAddress(mark) }),
    });
    charts = rendered.charts;
    node.replaceChildren(...rendered.nodes);
    showCompareBar(s);
    const waiting = awaitingGuess(s);
    // While a guess waits what could state the answer is hidden (style.css), then taken out (askFirst).
    node.closest(".results")?.classList.toggle("awaiting", waiting);
    if (waiting) {
      highlights = [];
      ctx.claims.showRatios(null);
      changes.replaceChildren();
      drawSoon(() => askFirst(doc));
      return;
    }
    highlights = doc.preset?.highlights ?? [];
    // A ratio the claim quotes: the core's, in its caption and under its table.
    ctx.claims.showRatios(doc.preset);
    placeRatios(node, doc.preset, t);
    // The guess beside the core's answer, at the top of the figure that holds it.
    if (s.guess && s.guess.preset === doc.preset?.id) {
      node.querySelector(`[data-group="${CSS.escape(s.guess.group)}"] > :first-child`)?.after(el("p", { class: "claim-guess", role: "status" }, s.guess.text));
    }
    drawSoon();
  }

  /** Compare mode's bar: the switch, "pin this", the changed-rows toggle and what A is. */
  function showCompareBar(s) {
    const bar = compareBar(s);
    node.classList.toggle("changed-only", bar.on && s.changedOnly);
    if (switchButton) {
      switchButton.setAttribute("aria-pressed", bar.on ? "true" : "false");
      switchButton.setAttribute("aria-disabled", bar.switchable ? "false" : "true");
      if (bar.switchable) switchButton.removeAttribute("aria-describedby");
      else switchButton.setAttribute("aria-describedby", reasonId);
    }
    if (!bar.shown) {
      compare.hidden = true;
      return;
    }
    const toggle = (vs) => dispatch({ type: "compare", vs });
    const tools = bar.tools
      ? [
          bar.on ? el("button", { type: "button", class: "small", id: "compare-pin", title: t("ui.compare.pin_title"), onclick: () => toggle(s.doc.query) }, t("ui.compare.pin")) : null,
          bar.toLesson ? el("button", { type: "button", class: "small", id: "compare-lesson", onclick: () => toggle("") }, t("ui.compare.to_lesson")) : null,
          bar.on
            ? el(
                "label",
                {},
                el("input", {
                  type: "checkbox",
                  id: "compare-changed-only",
                  checked: s.changedOnly,
                  onchange: (e) => dispatch({ type: "changedOnly", on: e.currentTarget.checked }),
                }),
                t("ui.compare.changed_only"),
              )
            : null,
        ]
      : [];
    compare.replaceChildren(...[...tools, bar.on ? compareSummary(s) : null].filter(Boolean));
    compare.hidden = false;
  }

  /** What A is, whether any row changed, a link to A and the largest changes. */
  function compareSummary(s) {
    const doc = s.doc;
    const none = node.querySelector(".changed, tr.only-a, tr.only-b") ? null : ` ${t("ui.compare.none_changed")}`;
    const largest = doc.vs.largest.length
      ? el("ul", { class: "compare-largest", "aria-label": t("ui.compare.largest") }, doc.vs.largest.map((c) => el("li", {}, load.compare.value.changeText(c, s.lesson, t))))
      : null;
    return el(
      "div",
      { class: "compare-summary", role: "status" },
      el("p", {}, compareText(s, t), none, " ", el("a", { href: vsHref(s, doc), id: "compare-open-a" }, t("ui.compare.open_a"))),
      largest,
    );
  }

  /** Predict, then try: the claim's question in its caption's place and its figures held back
   * until the learner guesses (or skips); then the core's answer beside the guess. */
  async function askFirst(doc) {
    const m = await load.predict();
    const preset = store.state.presets.find((p) => p.id === doc.preset.id);
    const q = m.question(preset);
    const answer = q && m.answer(q, doc.preset, t);
    if (stopped || store.state.awaiting !== preset.id || store.state.doc !== doc) return; // superseded meanwhile
    if (!answer) {
      dispatch({ type: "notAsking" });
      return;
    }
    m.holdBack(node, t);
    // The figure the answer will be in, for presenter mode to show while the room guesses.
    for (const g of answer.groups) node.querySelector(`[data-held="${CSS.escape(g)}"]`)?.classList.add("answer");
    const done = (guess) => {
      const verdict = guess === null ? null : m.verdict(t, q, guess, answer);
      const why = verdict && preset.why != null; // then explained (views/why.js)
      // The guess as given is kept for the embedding page (embed.js).
      ctx.claims.show(preset.id, { asking: why });
      dispatch({ type: "guessed", guess: verdict && { preset: preset.id, text: verdict, group: answer.groups[0], input: guess } });
      if (guess !== null) dispatch({ type: "predicted", lesson: preset.lesson, claim: preset.id, guess, computed: q.kind === "choice" ? answer.choice : answer.value, shown: answer.choice ?? answer.text });
      // Busy until it is asked (its module and texts load first): a reader or test that waits
      // for the page to settle finds the question there.
      if (why) return void ctx.runner.track(load.why().then((w) => w.askWhy(ctx, preset, verdict)));
      // Smooth unless the reader asked for less motion.
      const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
      node.querySelector(".claim-guess, .claim-mark")?.scrollIntoView({ block: "start", behavior });
    };
    const form = m.promptView({ t, preset, q, onAnswer: done, onSkip: () => done(null) });
    ctx.claims.ask(form);
    m.focusPrompt(form);
  }

  /** "What moved": the values just set and the numbers that moved most, at the bottom of the
   * screen, with a way to the cell. */
  function showMoved(moved, s) {
    if (awaitingGuess(s)) return; // it would name the numbers to predict
    const bar = changesBar({
      changed: movedValues(s, moved.names, t),
      moved: movedCells(moved.before, s.doc, t),
      // What the change did to the challenge set (views/challenge.js), said where it was made.
      news: ctx.challengeNews?.(moved.before, s.doc) ?? null,
      t,
      onShow: (m) => {
        const row = node.querySelector(`[data-group="${CSS.escape(m.group)}"] table[data-table="${CSS.escape(m.table)}"]`)?.tBodies[0]?.rows[m.row];
        const cell = row && [...row.cells].find((c) => c.dataset.col === m.col);
        if (!cell) return;
        cell.scrollIntoView({ block: "center", inline: "center" });
        cell.classList.add("just-moved");
        cell.closest(".table-wrap")?.focus({ preventScroll: true });
        changes.replaceChildren();
      },
      onClose: () => changes.replaceChildren(),
    });
    changes.replaceChildren(bar);
  }

  /** Draws every chart, timeline and sweep at the width it has, then its export buttons. */
  function draw() {
    // Every width read before any chart is drawn: a read after a drawing forces a layout, one
    // per chart. The tables' after the claim's marks (a bold cell can widen a table), all at once.
    const widths = charts.map((c) => (c.node.isConnected ? c.node.clientWidth : null));
    charts.forEach((c, i) => widths[i] !== null && c.draw(widths[i]));
    markHighlights(node, highlights, ctx.claims.describedBy);
    scrollCues(node, t);
    trace.draw();
    sweep.draw();
    addExports();
  }

  /** CSV/JSON and SVG/PNG buttons on every table and chart shown (see export.js). */
  function addExports() {
    const s = store.state;
    if (!s.exports) return;
    const shown = trace.shown();
    decorate(node, {
      engine,
      t,
      report: s.doc,
      charts,
      sweep: s.sweep?.doc,
      sweepNodes: sweep.figureNodes(),
      trace: shown?.doc,
      traceNode: shown?.node,
      onError: (text) => dispatch({ type: "notice", text }),
      // The full page's link of what is shown (claim, language, sweep, watched run included),
      // for one of the report's figures that figure alone (figure=).
      pageLink: (figure) => {
        const query = fullPageQuery(store.state);
        return new URL(pageHref(figure ? withFigure(query, figure) : query), location.href).href;
      },
      // In compare mode, run A's own link too.
      vsLink: () => (store.state.doc?.vs ? new URL(vsHref(store.state, store.state.doc), location.href).href : null),
    });
  }

  trace.onShown(addExports);
  sweep.onShown(draw);
  const stops = [
    store.subscribe((s) => [s.doc, s.reveals], (_, __, s) => render(s)),
    store.subscribe((s) => s.moved, (moved, _, s) => moved && showMoved(moved, s)),
    store.subscribe(
      (s) => s.changedOnly,
      (on, _, s) => {
        node.classList.toggle("changed-only", Boolean(s.doc?.vs) && on);
        draw();
      },
    ),
  ];
  return {
    node,
    compare,
    compareSwitch,
    changes,
    draw,
    /** Settles once the report shown is drawn, charts included. */
    drawn: () => drawn,
    stop() {
      stopped = true;
      stops.forEach((stop) => stop());
    },
  };
}
