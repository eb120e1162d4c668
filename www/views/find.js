// Find a run (issue 36), by the timeline: the learner picks one of the lesson's properties or a
// condition on a metric (`table.column[@row] op value`), the core searches the lesson's scope at
// the page's values (on the pool of workers; progress and cancel as a sweep has), and the answer
// is told in words with its smallest witness, which opens on the timeline at its decisive moment.
// The question is in the link (find=), so a shared link runs the same search again.
import { el, readerMoved, scrollToTop, uid } from "../dom.js";
import { fullPageQuery, pageHref, valuesOf } from "../state/link.js";
import { findId, findVerdict } from "../state/guess.js";
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

/** The search's form and answer in the fold `details` (views/frame.js draws the fold and loads
 * this module once it is opened, `opened` by the learner, or a link asks a search); returns
 * {stop}. */
export function findView(ctx, details, { opened = false } = {}) {
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
  // The scope narrowed (scope=): a field per axis, filled once the core's options are known.
  const narrowFields = el("div", { class: "find-narrow-fields" });
  const narrow = el(
    "details",
    { class: "find-narrow", open: Boolean(s0.view.scope) },
    el("summary", {}, t("ui.find.narrow")),
    el("p", { class: "hint" }, t("ui.find.narrow_hint")),
    narrowFields,
  );
  /** The narrowed scope as the link writes it (`param=values;…`; empty: the whole scope). */
  const narrowed = () =>
    [...narrowFields.querySelectorAll("input")]
      .filter((i) => i.value.trim())
      .map((i) => `${i.dataset.param}=${i.value.trim()}`)
      .join(";");
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
        dispatch({ type: "findRequest", find: asked(), scope: narrowed() });
      },
    },
    field(t("ui.find.what"), what),
    condition,
    narrow,
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
  /** Opened by the learner: the question's list in sight and focused (a link's open fold, drawn
   * open, takes no focus). */
  const onOpen = async () => {
    await runner.loadFindOptions();
    what.focus({ preventScroll: true });
    form.scrollIntoView({ block: "center" });
  };
  details.addEventListener("toggle", (e) => {
    const open = e.currentTarget.open && !quiet;
    quiet = false;
    if (open) onOpen();
  });
  const about = [el("p", { class: "hint" }, t("ui.find_hint")), form];
  // A link that asks the search as a question (predict=1): the question first, the form to
  // search again under it (in a phone's embed the form and its hint fill the first screen).
  const asks = s0.predict === true && s0.view.find !== undefined;
  details.append(...(asks ? [status, error, result, ...about] : [...about, status, error, result]));
  if (opened) onOpen();

  /** A metric (`table.column`) by its column's and table's labels in the page's language. */
  function metricLabel(m) {
    const [table, column] = m.split(".");
    const col = t.has(`col.${lesson}.${column}`) ? t(`col.${lesson}.${column}`) : column;
    const tab = t.has(`table.${lesson}.${table}`) ? t(`table.${lesson}.${table}`) : table;
    return `${col} — ${tab}`;
  }

  /** What was asked, as a paragraph: a property in the lesson's words, or a condition as the
   * learner chose it (the metric's labels, its row, the comparison) with the text the link and
   * the CLI write. */
  function askedLine(doc) {
    if (doc.property) return el("p", { class: "find-asked" }, el("strong", {}, t.has(`find.${lesson}.${doc.property.id}`) ? t(`find.${lesson}.${doc.property.id}`) : doc.property.about));
    const c = splitCondition(doc.condition);
    const words = c ? `${metricLabel(c.metric)}${c.row ? ` (${c.row})` : ""} ${c.op} ${c.value}` : doc.condition;
    return el("p", { class: "find-asked" }, el("strong", {}, words), " ", el("code", {}, doc.condition));
  }

  /** The choices once the core's options are known, the link's question chosen. */
  function fill(options) {
    if (!options || what.options.length) return;
    const label = (p) => (t.has(`find.${lesson}.${p}`) ? t(`find.${lesson}.${p}`) : p);
    what.replaceChildren(...options.properties.map((p) => el("option", { value: p }, label(p))), el("option", { value: CONDITION }, t("ui.find.condition")));
    metric.replaceChildren(...options.metrics.map((m) => el("option", { value: m }, metricLabel(m))));
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
    // The link's narrowing, by axis (`param=values;…`).
    const given = new Map(
      (store.state.view.scope ?? "")
        .split(";")
        .map((n) => n.split(/=(.*)/s))
        .filter(([p]) => p.trim())
        .map(([p, v]) => [p.trim(), (v ?? "").trim()]),
    );
    narrowFields.replaceChildren(
      ...(options.axes ?? []).map(([param, baseline, first, last]) => {
        const input = el("input", {
          id: `${id}-scope-${param}`,
          name: `find-scope-${param}`,
          type: "text",
          autocomplete: "off",
          spellcheck: "false",
          value: given.get(param) ?? "",
          placeholder: t("ui.find.narrow_all"),
          dataset: { param },
          "aria-describedby": `${id}-scope-${param}-help`,
        });
        const values = [baseline ? t("ui.find.narrow_none") : null, first === last ? first : `${first} … ${last}`].filter(Boolean).join(", ");
        return el(
          "p",
          { class: "find-field find-axis" },
          el("label", { for: input.id }, paramName(lesson, param, t)),
          " ",
          input,
          el("span", { class: "hint", id: `${id}-scope-${param}-help` }, t("ui.find.narrow_values", { values })),
        );
      }),
    );
  }

  /** With predict=1 (a teacher's "does such a run exist?"), the question and its answers, the
   * count held until the learner answers. */
  function question(asked) {
    // The guess, its verdict and the question's link, for the learner's progress and the LMS.
    const guess = (g) => () => {
      asking = true;
      const doc = store.state.find?.doc;
      const verdict = doc ? findVerdict(g, doc) : null;
      dispatch({ type: "findGuessed", guess: g, lesson, search: doc ? findId(doc) : store.state.view.find, verdict, query: askQuery() });
    };
    return [
      asked,
      el("p", { class: "find-question" }, t("ui.find.predict")),
      el(
        "p",
        { class: "find-guesses" },
        el("button", { type: "button", class: "small find-guess", dataset: { guess: "yes" }, onclick: guess("yes") }, t("ui.find.predict_yes")),
        " ",
        el("button", { type: "button", class: "small find-guess", dataset: { guess: "no" }, onclick: guess("no") }, t("ui.find.predict_no")),
        " ",
        el("button", { type: "button", class: "small find-skip", onclick: guess("skip") }, t("ui.predict.skip")),
      ),
    ];
  }

  /** The full page's query that asks this search as a question (predict=1), without a watched run. */
  function askQuery() {
    const q = new URLSearchParams(fullPageQuery(store.state));
    q.delete("trace");
    q.set("predict", "1");
    return q.toString();
  }

  /** The learner's guess against the answer (findVerdict), or null without one. */
  function verdict(guess, doc) {
    const said = findVerdict(guess, doc);
    if (!said) return null;
    return el("p", { class: `find-verdict ${said === "right" ? "met" : "open"}`, role: "status" }, t(`ui.find.verdict_${said}`, { guess: t(`ui.find.predict_${guess}`) }));
  }

  /** Brings the answer into sight: the learner's own asking (nearest), else a link's first. */
  function reveal() {
    if (asking) result.scrollIntoView({ block: "nearest" });
    else firstInSight(result);
    asking = false;
  }

  /** The answer in words: the count, the scope, the smallest witness and the way to it. */
  function answer(doc) {
    const [tried, met, size] = doc.numbers;
    const n = (v) => Number(v);
    const key = doc.exhaustive ? (n(met) ? "ui.find.exact" : "ui.find.exact_none") : n(met) ? "ui.find.sampled" : "ui.find.sampled_none";
    const guess = store.state.findGuess;
    if (store.state.predict === true && guess === null) {
      result.replaceChildren(...question(askedLine(doc)));
      return reveal();
    }
    // Each axis by its label in the page's language, with the link's name the witness uses.
    const axes = doc.axes.map(([param, count]) => t("ui.find.axis", { param: paramName(lesson, param, t), n: count })).join(" × ");
    const parts = [
      askedLine(doc),
      verdict(guess, doc),
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
    // A teacher's way to ask it: the same search behind a prediction (predict=1).
    if (store.state.predict !== true && !store.state.embed && store.state.resolved) {
      parts.push(el("p", { class: "hint find-ask" }, el("a", { href: pageHref(askQuery()), class: "find-ask-link" }, t("ui.find.ask_link"))));
    }
    result.replaceChildren(...parts.filter(Boolean));
    reveal();
  }

  function show(run, s) {
    status.hidden = run.phase !== "busy";
    if (run.phase === "busy") {
      progress.value = run.share ?? 0;
      progressText.textContent = t("ui.find.busy", { percent: Math.floor((run.share ?? 0) * 100) });
    }
    error.hidden = run.phase !== "failed";
    if (run.phase === "failed") {
      // The parameter's name before the message, unless the message begins with it already.
      const { param, message } = run.error;
      error.textContent = param && !message.startsWith(`${param} `) ? `${param}: ${message}` : message;
      // Over the page's budget, or a narrowing refused: the narrowing is the way on.
      if (run.error.param === "scope" || run.error.key === "refuse.find.work") narrow.open = true;
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
    store.subscribe((s) => s.findGuess, (_, __, s) => s.findRun.phase === "shown" && s.find && answer(s.find.doc)),
  ];
  return {
    stop() {
      stops.forEach((stop) => stop());
    },
  };
}
