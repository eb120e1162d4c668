// "Which run": the core's controls for the run to watch (with or without the supervisor and its
// scan interval, an attempt limit, an attempt count and a failing step), so no selector needs
// typing; the typed selector stays in a fold for those who know it. Both write the same link:
// the selector is the chosen choices' parts joined by commas, and the page keeps the one the
// core canonicalizes. A change keeps the controls before it; the core chooses the ones after.
import { el, uid } from "../dom.js";
import { localizeNumber } from "../i18n/index.js";

/** The form; `onSelector(text)` is called with the selector to watch. A choice's number is the
 * core's text ("0.5" hours), written as the reader writes numbers. */
export function runPicker({ controls, selector, lesson, t, onSelector }) {
  const id = uid("run");
  const part = (c, k) => c.choices[k]?.part ?? "";
  const compose = (upto, k) =>
    controls
      .slice(0, upto + 1)
      .map((c, i) => (i === upto ? part(c, k) : part(c, c.chosen)))
      .filter(Boolean)
      .join(",");
  const fields = controls.map((c, i) => {
    const select = el(
      "select",
      { id: `${id}-${c.key}`, name: `trace-${c.key}`, onchange: () => onSelector(compose(i, Number(select.value))) },
      c.choices.map((choice, k) => el("option", { value: String(k), selected: k === c.chosen }, t(choice.label, { n: localizeNumber(choice.n ?? "", t), name: choice.name ?? "" }))),
    );
    return el("div", { class: "field" }, el("label", { for: select.id }, t(`trace.control.${c.key}`)), select);
  });
  const input = el("input", { type: "text", value: selector, spellcheck: "false", autocomplete: "off", "aria-label": t("ui.trace.selector"), class: "selector", name: "trace-text" });
  const help = `ui.trace.selector_help.${lesson}`;
  return el(
    "div",
    { class: "run-picker" },
    fields.length ? el("div", { class: "run-controls" }, fields) : null,
    el(
      "details",
      { class: "trace-typed" },
      el("summary", {}, t("ui.trace.typed")),
      el(
        "form",
        {
          class: "trace-selector",
          onsubmit: (e) => {
            e.preventDefault();
            onSelector(input.value.trim());
          },
        },
        el("label", {}, t("ui.trace.selector"), " ", input),
        el("button", { type: "submit", class: "small" }, t("ui.trace.apply")),
        t.has(help) ? el("span", { class: "hint" }, t(help)) : null,
      ),
    ),
  );
}
