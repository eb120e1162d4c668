// What the views show for a state, as plain data: pure functions of the store's state (and a
// translator `t`), so the page's logic is tested in node without a browser; the views turn
// these into DOM.
import { allowedText, errorText } from "../i18n/errors.js";
import { localizeNumber } from "../i18n/index.js";

const NUMERIC = ["int", "seed", "real", "prob"];

/** The registry's description of the lesson shown (its sections, seed, whether a run can be
 * watched, whether it is a preview). */
export function currentLesson(state) {
  return state.lessons.find((l) => l.id === state.lesson) ?? {};
}

/** The lessons the tabs offer: the registry's, or only the one shown when launched from a SCORM
 * package (scorm=1), which holds that lesson alone: another's tab could not load it. */
export function tabLessons(state) {
  return state.scorm ? state.lessons.filter((l) => l.id === state.lesson) : state.lessons;
}

/** The lesson a tab key moves to from the tab of lesson `at` (←/→ wrap, Home, End), or null. */
export function tabTarget(ids, at, key) {
  const i = ids.indexOf(at);
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ids.length - 1 }[key];
  return to === undefined ? null : ids[(to + ids.length) % ids.length];
}

/** What a refusal may list as the valid choices, from what the core told the page. */
export function known(state) {
  const specs = state.specs[state.lesson] ?? [];
  return {
    lesson: state.lesson,
    lessons: state.lessons.map((l) => l.id),
    sections: currentLesson(state).sections ?? [],
    presets: state.presets.filter((p) => p.lesson === state.lesson).map((p) => p.id),
    params: specs.map((s) => s.name),
    numeric: specs.filter((s) => NUMERIC.includes(s.kind.type)).map((s) => s.name),
  };
}

/** The parameters that differ from the lesson's: the core's reading, and every value typed. */
export function changedParams(state) {
  return [...new Set([...(state.resolved?.changed ?? []), ...Object.keys(state.values)])];
}

/** The marker beside the tools: {changed, text} (the changed values' names, or "the lesson's"). */
export function marker(state, t) {
  const names = changedParams(state).map((n) => t(`param.${state.lesson}.${n}`));
  return { changed: names.length > 0, text: names.length ? t("ui.changed_values", { names: names.join(", ") }) : t("ui.lesson_values") };
}

/** Parameter `name` of `lesson` as the page names it, with the name its link uses: "Çökmeler (crash)". */
export function paramName(lesson, name, t) {
  return `${t(`param.${lesson}.${name}`)} (${name})`;
}

/** What a printed handout says to be traced back: {intro, items} (each changed value). */
export function printInfo(state, t) {
  const changed = changedParams(state);
  return {
    intro: changed.length ? t("ui.print.changed") : t("ui.lesson_values"),
    items: changed.map((n) => `${paramName(state.lesson, n, t)} = ${valueText(state, n, t)}`),
  };
}

/** Parameter `n`'s value as the reader reads it in a sentence: as typed, a number in the page's
 * language (0,05 on a Turkish page; a seed, an identifier, as it is). Fields and links keep the
 * codec's form. */
export function valueText(state, n, t) {
  const text = state.values[n] ?? state.resolved?.params[n] ?? "";
  const spec = (state.specs[state.lesson] ?? []).find((p) => p.name === n);
  return spec?.kind.type === "seed" ? text : localizeNumber(text, t);
}

/** The problems listed above the results, [{param, text}]: those the panel cannot show next to
 * a control (unknown keys, the lesson, the language; every problem when there is no panel). The
 * link's own problems stay until the first page is shown (the page's later queries no longer
 * carry them); a key given twice is the link's problem, not a control's. */
export function problems(state, t, { panel }) {
  const specs = state.specs[state.lesson] ?? [];
  const resolved = state.resolved;
  const figureError = state.doc?.figure_error ?? null;
  const linkOnly = (e) => !specs.some((s) => s.name === e.param) || e.code === "repeated_param";
  const fromLink = state.fromLink ? state.linkErrors.filter(linkOnly) : [];
  const shown = new Set(resolved.errors.map((r) => r.message));
  const errors = [...resolved.errors, ...fromLink.filter((e) => !shown.has(e.message))];
  if (figureError) errors.push(figureError);
  return errors.filter((e) => !panel || linkOnly(e)).map((e) => problemText(state, e, t, figureError));
}

/** One problem of the link as the page lists it, {param, text}: a parameter's refused value
 * with its name and what was used instead, or the refusal in the page's words. `refused`: a
 * request refused whole (the host's tatbikat:set), so nothing was used instead. */
export function problemText(state, e, t, figureError = state.doc?.figure_error ?? null, { refused = false } = {}) {
  const specs = state.specs[state.lesson] ?? [];
  // A key given twice is said as such (its first value counts), not as a refused value.
  const spec = e.code === "repeated_param" ? null : specs.find((s) => s.name === e.param);
  if (e.param === "figure" && e.code === "bad_value" && figureError === e) {
    return { param: "figure", text: t("ui.figure_error", { value: e.value ?? "", allowed: e.allowed }) };
  }
  const text = spec
    ? `${paramName(state.lesson, spec.name, t)}: ${t(refused ? "ui.param_refused" : "ui.param_error", {
        value: e.value ?? "",
        allowed: allowedText(spec, e, t),
        default: spec.default || t("ui.none"),
      })}`
    : errorText(e, t, known(state));
  return { param: e.param ?? "", text };
}

/** What the notice says when the learner cancels a run: the results shown stay, if there are
 * any (a first load cancelled has none). */
export function cancelNotice(state, t) {
  return t(state.doc ? "ui.cancelled" : "ui.cancelled_none");
}

/** Whether the report waits for the learner's guess at its claim (no marks, figures held). */
export function awaitingGuess(state) {
  return Boolean(state.doc?.preset) && state.awaiting === state.doc.preset.id;
}

/** Compare mode's bar: {shown, on, pin, toLesson, switchable} — the bar shows whenever the
 * values differ from the lesson's (with the panel), or a comparison is shown; the toolbar's
 * switch can act then too (before, it says why not). */
export function compareBar(state) {
  const on = Boolean(state.doc?.vs);
  const differs = (state.resolved?.changed?.length ?? 0) > 0;
  const shown = on || (differs && state.controls);
  return { shown, on, tools: state.controls, toLesson: on && state.doc.vs.query !== "", switchable: Boolean(state.controls) && shown };
}

/** What run A of a comparison is: the lesson's values, or the values where A and B differ
 * (A's → B's). */
export function compareText(state, t) {
  const doc = state.doc;
  const names = Object.keys(doc.params).filter((n) => doc.params[n] !== doc.vs.params[n]);
  const values = names.map((n) => `${t(`param.${state.lesson}.${n}`)} ${doc.vs.params[n] || "∅"} → ${doc.params[n] || "∅"}`).join("; ");
  return doc.vs.query === "" ? t("ui.compare.against_lesson") : names.length ? t("ui.compare.against", { values }) : t("ui.compare.same_params");
}

/** The values just set, as "what moved" names them: [{label, value}]. */
export function movedValues(state, names, t) {
  return names.map((n) => ({ label: t(`param.${state.lesson}.${n}`), value: valueText(state, n, t) }));
}

/** The values of sweep point `i` (x fastest, then y), as parameter changes. */
export function sweepPoint(sweep, i) {
  const nx = sweep.x.texts.length;
  const changes = { [sweep.x.name]: sweep.x.texts[i % nx] };
  if (sweep.y) changes[sweep.y.name] = sweep.y.texts[Math.floor(i / nx)];
  return changes;
}

/** What the embed dialog offers: the lesson's sections and figures, as the report shown names
 * them: {sections: [{name, label}], figures: [{key, label}]}. */
export function embedChoices(doc, lesson, t) {
  const sections = (doc?.sections ?? []).map((s) => ({ name: s.name, label: t(`ui.section.${s.name}`) }));
  const figures = [];
  for (const group of (doc?.sections ?? []).flatMap((s) => s.groups)) {
    const heading = t(`group.${lesson}.${group.key}`);
    for (const b of group.blocks) {
      if (b.type === "table") figures.push({ key: b.key, label: `${t("ui.embed_table")}: ${t.has(`table.${lesson}.${b.key}`) ? t(`table.${lesson}.${b.key}`) : heading}` });
    }
    for (const c of group.charts) figures.push({ key: c.key, label: `${t("ui.embed_chart")}: ${t(`chart.${lesson}.${c.key}`)}` });
  }
  return { sections, figures };
}
