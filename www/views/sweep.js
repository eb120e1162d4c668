// The sweep: its form (built when opened, from the core's sweep options at the page's
// parameters: controls/sweep.js), the sweep shown with its progress or its refusal, and a point
// chosen to watch its run.
import { el, readerMoved, scrollToTop } from "../dom.js";
import { optionsKey } from "../state/link.js";
import { sweepPoint } from "./shown.js";
import { pointAddress } from "./trace.js";

/** The sweep box ({node}), its `draw()`, its figures' nodes (for the exports) and its lifetime;
 * `onShown(f)` is called after a sweep is drawn. */
export function sweepView(ctx) {
  const { store, load, runner } = ctx;
  const dispatch = store.dispatch;
  const t = ctx.t;
  const node = el("div", { class: "sweep-box" });
  let section = null; // the form and its result, once built
  let stopped = false;
  let shown = () => {};
  // A link's sweep (sweep= without a watched run, whose timeline takes the screen): its chart is
  // brought to the top of the screen once drawn, as a link's search is, unless the reader has
  // moved by then. It opened at the page's top, the chart thousands of pixels below on a phone.
  let linkAsked = Boolean(store.state.view.sweep) && store.state.view.trace === undefined;

  /** The closed fold before the core's options are known: opening it asks for them. */
  function holder() {
    section = null;
    node.replaceChildren(
      el(
        "details",
        {
          class: "sweep",
          id: "sweep",
          ontoggle: async (e) => {
            if (!e.currentTarget.open) return;
            await runner.loadSweepOptions();
            if (stopped) return;
            if (!section) await build(true);
            node.querySelector("select")?.focus();
          },
        },
        el("summary", {}, el("h2", {}, t("ui.sweep"))),
        el("p", { class: "hint" }, t("ui.sweep_hint")),
      ),
    );
  }

  /** The form at the state's options (open, or as the link asks). */
  async function build(open) {
    const s = store.state;
    const options = s.sweepOptions[optionsKey(s)];
    if (!options && !open) return holder();
    const { SweepSection } = load.sweep.value ?? (await load.sweep());
    if (stopped) return; // the page was rebuilt meanwhile (another lesson, language)
    section = new SweepSection({
      lesson: s.lesson,
      specs: s.specs[s.lesson],
      options: options ?? null,
      view: store.state.view,
      t,
      open,
      // The heatmap's colour scale goes into the link (heat=log), as the sender saw it.
      onHeat: (on) => dispatch({ type: "heat", on }),
      onRun: (request) => dispatch({ type: "sweepRequest", request }),
      onPoint: (i, trace, mark) => {
        const sweep = store.state.sweep?.doc.sweep;
        if (sweep) dispatch({ type: "watchPoint", changes: sweepPoint(sweep, i), trace, backTo: mark ? pointAddress(mark) : null });
      },
      onCancel: () => {
        // The sweep drawn before stays on screen, and the link goes back to it (or to none).
        runner.cancel();
        dispatch({ type: "sweepCancelled", text: section?.cancelText() ?? t("ui.cancelled") });
      },
    });
    node.replaceChildren(section.node);
    if (!options) runner.loadSweepOptions();
  }

  /** The sweep shown, as the state says: its progress, its figures, its refusal or nothing. */
  function show(run, _, s) {
    if (!section) return;
    if (run.phase === "busy") section.busy(true, run.share);
    else if (run.phase === "idle") section.busy(false);
    else if (run.phase === "cancelled") section.cancelled(run.text);
    else if (run.phase === "failed") section.showError(run.error);
    else if (run.phase === "cleared") {
      section.showError(null);
      section.result.replaceChildren();
    } else if (run.phase === "shown") {
      section.show(s.sweep.doc);
      shown();
      if (linkAsked && !readerMoved()) scrollToTop(section.result);
      linkAsked = false;
    }
  }

  build(Boolean(store.state.view.sweep));
  const stops = [
    // The core's options came in (the form was opened, or the parameters changed): the form
    // is built again with them, open.
    store.subscribe((s) => s.sweepForm, () => build(true)),
    store.subscribe((s) => s.sweepRun, show),
  ];
  return {
    node,
    draw() {
      if (section?.figures[0]?.node.isConnected) section.draw(section.result.clientWidth);
    },
    figureNodes: () => section?.figures.map((f) => f.node) ?? [],
    onShown(f) {
      shown = f;
    },
    stop() {
      stopped = true;
      stops.forEach((stop) => stop());
    },
  };
}
