// The watched run: the core's trace of the state drawn as a timeline (its playhead and detail
// kept across a recomputed run), the lists that choose another run when the core refused one,
// and the way back to the chart point that opened it.
import { el, mayTakeFocus } from "../dom.js";
import { rowsText } from "../controls/rows.js";
import { uncover } from "../render/changes.js";

/** Where a tapped point is (its chart and index), to find it again after a re-render. */
export function pointAddress(mark) {
  const chart = mark.closest("figure[data-chart]")?.dataset.chart;
  const point = mark.querySelector("[data-point]")?.dataset.point ?? mark.dataset.point;
  return chart && point ? { chart, point } : null;
}

/** The trace box ({node}), its `draw()`, the timeline `shown()` ({doc, node} or null) and its
 * lifetime; `onShown(f)` is called after a run is drawn (its export buttons). */
export function traceView(ctx) {
  const { store, load, act } = ctx;
  const dispatch = store.dispatch;
  const t = ctx.t;
  const node = el("div", { class: "trace-box", id: "trace", hidden: true });
  let timeline = null; // the trace viewer shown, if any
  let doc = null; // the core's trace document it shows
  let shown = () => {};

  /** Back from the watched run to the point that opened it: scrolled to and focused. */
  const goBack = () => {
    const backTo = store.state.backTo;
    const dot = backTo && document.querySelector(`figure[data-chart="${CSS.escape(backTo.chart)}"] [data-point="${CSS.escape(backTo.point)}"]`);
    const target = dot?.closest(".watchable") ?? dot;
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  };
  const head = () =>
    el(
      "div",
      { class: "trace-head" },
      el("h2", {}, t("ui.watch")),
      // After a jump from a chart point, the way back to it.
      store.state.backTo ? el("button", { type: "button", class: "small back", onclick: goBack }, t("ui.trace.back")) : null,
      el("button", { type: "button", class: "small", onclick: act.closeTrace }, t("ui.watch_close")),
    );
  const openTrace = (selector) => dispatch({ type: "openTrace", selector });
  // A fault map's rows set from the timeline (leader's crash, pause).
  const rowFaults = {
    entries: (param) => store.state.resolved?.detail?.[param],
    spec: (param) => store.state.specs[store.state.lesson]?.find((s) => s.name === param)?.kind.rows,
    set: (param, rows) => dispatch({ type: "setValues", changes: { [param]: rowsText(rows, rowFaults.spec(param)) } }),
  };

  function render(trace) {
    if (!trace) {
      timeline?.stop();
      timeline = null;
      doc = null;
      node.hidden = true;
      node.replaceChildren();
      return;
    }
    node.hidden = false;
    if (trace.loading) {
      if (!timeline) node.replaceChildren(head(), el("p", { class: "hint" }, t("ui.trace.loading")));
      return;
    }
    if (trace.error) {
      timeline?.stop();
      timeline = null;
      doc = null;
      // The controls of the lesson's default run, so every run stays a choice away; the typed
      // selector is kept as it was.
      const picker = load.runPicker.value.runPicker({ controls: trace.controls, selector: store.state.view.trace ?? "", lesson: store.state.lesson, t, onSelector: openTrace });
      picker.querySelector(".trace-typed").open = true;
      node.replaceChildren(head(), el("p", { class: "field-error", role: "alert" }, trace.error), picker);
      return;
    }
    const at = timeline?.frame();
    const selected = timeline?.selected() ?? null;
    timeline?.stop();
    // A bar of a job's step can set a fault there (the panel's fault maps), and the detail shown
    // stays open across the recomputed run.
    const tr = trace.doc.trace;
    const picker = load.runPicker.value.runPicker({ controls: trace.doc.controls ?? [], selector: tr.selector, lesson: tr.lesson, t, onSelector: openTrace });
    const view = (timeline = load.timeline.value.timelineView(trace.doc, t, { picker, intervene: ctx.panel?.intervene ?? null, rows: ctx.panel ? rowFaults : null, selected: trace.focus ? null : selected }));
    doc = trace.doc;
    node.replaceChildren(head(), view.node);
    // Its tracks are drawn in a task after the one that builds the view (each stays short).
    setTimeout(() => {
      if (timeline !== view || !view.node.isConnected) return; // another run, or closed, meanwhile
      view.draw(view.node.clientWidth);
      // A change of parameters keeps the playhead; a new run opens at its first decisive event.
      view.show(at !== undefined && !trace.focus ? at : view.opening());
      shown();
      // A run drawn again under the "what moved" bar (a change made while it is watched) keeps
      // its legends above the bar.
      uncover();
      // A link's zoomed run, in sight (not in a frame the reader has not used: dom.js).
      if (trace.focus && mayTakeFocus()) {
        node.scrollIntoView({ block: "start" });
        view.node.focus({ preventScroll: true });
      }
    }, 0);
  }

  const stop = store.subscribe((s) => s.trace, render);
  return {
    node,
    draw() {
      if (timeline?.node.isConnected) timeline.draw(timeline.node.clientWidth);
    },
    shown: () => (timeline ? { doc, node: timeline.node } : null),
    onShown(f) {
      shown = f;
    },
    stop() {
      timeline?.stop();
      stop();
    },
  };
}
