// Find a run (issue 36), by the timeline: the learner picks one of the lesson's properties or a
// condition on a metric (`table.column[@row] op value`), the core searches the lesson's scope at
// the page's values (on the pool of workers; progress and cancel as a sweep has), and the answer
// is told in words with its smallest witness, which opens on the timeline at its decisive moment.
// The question is in the link (find=), so a shared link runs the same search again.
import { el, readerMoved, scrollToTop, uid } from "../dom.js";
import { valuesOf } from "../state/link.js";
import { paramName } from "./shown.js";

const OPS = [">", ">=", "<", "<=", "=", "!="];
const CONDITION = "\u0000condition";

/** A link's search is about its answer, which lies below the lesson's tables (5000 px down on a
 * phone): the first answer (or refusal) this page load draws for a link that asks a search and no
 * run (a witness shared from the timeline opens near its run, where its sender looked) is brought
 * into sight, unless the reader has moved meanwhile. */
let firstAnswer = true;

/** `metric[@row] op value` read back into its fields (null: not a condition). */
export function splitCondition(text) {
  const m = /^\s*([a-z0-9_]+\.[a-z0-9_]+)(?:@([^<>=!]*?))?\s*(>=|<=|!=|>|<|=)\s*(.*?)\s*$/.exec(text ?? "");
  return m ? { metric: m[1], row: m[2] ?? "", op: m[3], value: m[4] } : null;
}

/** The search's box ({node}) and its lifetime. */
export function findView(ctx) {
  const { store, runner } = ctx;
  const dispatch = store.dispatch;
  const t = ctx.t;
  const s0 = store.state;
  const lesson = s0.lesson;
  const id = uid("find");
  const what = el("select", { id: `${id}-what`, name: "find" });
  const metric = el("select", { id: `${id}-metric`, name: "find-metric" });
  const row = el("input", { id: `${id}-row`, name: "find-row", type: "text", autocomplete: "off", spellcheck: "false", size: 12 });
  const op = el("select", { id: `${id}-op`, name: "find-op" }, OPS.map((o) => el("option", { value: o }, o)));
  const value = el("input", { id: `${id}-value`, name: "find-value", type: "text", inputmode: "decimal", autocomplete: "off", value: "0", size: 6 });
  const field = (label, input) => el("span", { class: "find-field" }, el("label", { for: input.id }, label), " ", input);
  const condition = el(
    "div",
    { class: "find-condition", hidden: true },
    field(t("ui.find.metric"), metric),
    field(t("ui.find.row"), row),
    field(t("ui.find.op"), op),
    field(t("ui.find.value"), value),
  );
  const asked = () => {
    if (what.value !== CONDITION) return what.value;
    const r = row.value.trim();
    return `${metric.value}${r ? `@${r}` : ""} ${op.value} ${value.value.trim()}`;
  };
  const form = el(
    "form",
    {
      class: "find-form",
      onsubmit: (e) => {
        e.preventDefault();
        asking = true;
        dispatch({ type: "findRequest", find: asked() });
      },
    },
    field(t("ui.find.what"), what),
    condition,
    el("button", { type: "submit", class: "small find-run" }, t("ui.find.run")),
  );
  what.addEventListener("change", () => (condition.hidden = what.value !== CONDITION));
  const progress = el("progress", { max: "1" });
  const progressText = el("span", { class: "find-progress-text" });
  const cancel = el(
    "button",
    {
      type: "button",
      class: "small find-cancel",
      onclick: () => {
        runner.cancel();
        dispatch({ type: "findCancelled", text: t("ui.find.cancelled") });
      },
    },
    t("ui.cancel"),
  );
  const status = el("div", { class: "find-status", role: "status", hidden: true }, progress, " ", progressText, " ", cancel);
  const error = el("p", { class: "field-error", role: "alert", hidden: true });
  const result = el("div", { class: "find-result", "aria-live": "polite" });
  let quiet = s0.view.find !== undefined; // the toggle event of a fold drawn open
  let asking = false; // the learner asked here: the answer is brought into sight
  const linkAsked = s0.view.find !== undefined && s0.view.trace === undefined;
  /** Brings `node` into sight if it is this load's first answer to a link's search (see firstAnswer). */
  const firstInSight = (node) => {
    if (firstAnswer && linkAsked && !readerMoved()) scrollToTop(node);
    firstAnswer = false;
  };
  const details = el(
    "details",
    {
      class: "find",
      id: "find",
      open: s0.view.find !== undefined,
      // Opened by the learner: the question's list in sight and focused (a link's open fold,
      // drawn open, takes no focus).
      ontoggle: async (e) => {
        const opened = e.currentTarget.open && !quiet;
        quiet = false;
        if (!opened) return;
        await runner.loadFindOptions();
        what.focus({ preventScroll: true });
        form.scrollIntoView({ block: "center" });
      },
    },
    el("summary", {}, el("h2", {}, t("ui.find"))),
    el("p", { class: "hint" }, t("ui.find_hint")),
    form,
    status,
    error,
    result,
  );
  const node = el("div", { class: "find-box" }, details);

  /** The choices once the core's options are known, the link's question chosen. */
  function fill(options) {
    if (!options || what.options.length) return;
    const label = (p) => (t.has(`find.${lesson}.${p}`) ? t(`find.${lesson}.${p}`) : p);
    what.replaceChildren(...options.properties.map((p) => el("option", { value: p }, label(p))), el("option", { value: CONDITION }, t("ui.find.condition")));
    metric.replaceChildren(
      ...options.metrics.map((m) => {
        const [table, column] = m.split(".");
        const col = t.has(`col.${lesson}.${column}`) ? t(`col.${lesson}.${column}`) : column;
        const tab = t.has(`table.${lesson}.${table}`) ? t(`table.${lesson}.${table}`) : table;
        return el("option", { value: m }, `${col} — ${tab}`);
      }),
    );
    const asked = store.state.view.find;
    const c = splitCondition(asked);
    if (c) {
      what.value = CONDITION;
      metric.value = c.metric;
      row.value = c.row;
      op.value = c.op;
      value.value = c.value;
    } else if (asked && options.properties.includes(asked)) what.value = asked;
    condition.hidden = what.value !== CONDITION;
  }

  /** The answer in words: the count, the scope, the smallest witness and the way to it. */
  function answer(doc) {
    const [tried, met, size] = doc.numbers;
    const n = (v) => Number(v);
    const key = doc.exhaustive ? (n(met) ? "ui.find.exact" : "ui.find.exact_none") : n(met) ? "ui.find.sampled" : "ui.find.sampled_none";
    const said = doc.property ? (t.has(`find.${lesson}.${doc.property.id}`) ? t(`find.${lesson}.${doc.property.id}`) : doc.property.about) : doc.condition;
    // Each axis by its label in the page's language, with the link's name the witness uses.
    const axes = doc.axes.map(([param, count]) => t("ui.find.axis", { param: paramName(lesson, param, t), n: count })).join(" × ");
    const parts = [
      el("p", { class: "find-asked" }, el("strong", {}, said)),
      el("p", { class: "find-count" }, t(key, { size, met, tried, seed: doc.seed ?? "" })),
      el("p", { class: "hint" }, t("ui.find.scope", { axes })),
    ];
    if (doc.witness && doc.link) {
      const link = doc.link;
      parts.push(
        el("p", { class: "find-witness" }, doc.faults ? t("ui.find.witness", { faults: doc.faults }) : t("ui.find.witness_plain"), " ", doc.witness.map(([param, v], i) => [i ? ", " : "", el("code", {}, `${param} = ${v === "" ? t("ui.find.baseline") : v}`)])),
        el(
          "button",
          {
            type: "button",
            class: "small find-open",
            onclick: () => {
              const specs = store.state.specs[lesson];
              dispatch({ type: "openWitness", values: valuesOf(specs, link), trace: new URLSearchParams(link).get("trace") ?? "" });
            },
          },
          t("ui.find.open"),
        ),
      );
    }
    result.replaceChildren(...parts);
    if (asking) result.scrollIntoView({ block: "nearest" });
    else firstInSight(result);
    asking = false;
  }

  function show(run, s) {
    status.hidden = run.phase !== "busy";
    if (run.phase === "busy") {
      progress.value = run.share ?? 0;
      progressText.textContent = t("ui.find.busy", { percent: Math.floor((run.share ?? 0) * 100) });
    }
    error.hidden = run.phase !== "failed";
    if (run.phase === "failed") {
      error.textContent = `${run.error.param ?? ""}${run.error.param ? ": " : ""}${run.error.message}`;
      result.replaceChildren();
      firstInSight(error);
    }
    if (run.phase === "shown" && s.find) answer(s.find.doc);
  }

  fill(s0.findOptions[lesson]);
  if (s0.findRun.phase !== "idle") show(s0.findRun, s0);
  if (details.open) runner.loadFindOptions();
  const stops = [
    store.subscribe((s) => s.findOptions[lesson], fill),
    store.subscribe((s) => s.findRun, (run, _, s) => show(run, s)),
  ];
  return {
    node,
    stop() {
      stops.forEach((stop) => stop());
    },
  };
}
