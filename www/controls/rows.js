// Rows keyed by number, as a lesson's parameter kind describes them (`rows` of the kind in the
// core's schema): a row per 1..count, headed `head` + number, an input per field. The rows write
// the parameter's text as the description says — each entry `head` + number, then `before` +
// value for each value typed, joined by `separator`; a row whose first value is empty is no entry
// — values as typed: the core decides what they mean and names what it refuses, next to the
// parameter's own field. The control knows no lesson's syntax.
import { el } from "../dom.js";

/** The text of `rows` ([{row, values: [text...]}] as typed), in row order, as `spec` writes it. */
export function rowsText(rows, spec) {
  return rows
    .filter((r) => (r.values[0] ?? "").trim() !== "")
    .map((r) => spec.head + r.row + spec.fields.map((f, i) => ((r.values[i] ?? "").trim() === "" ? "" : f.before + r.values[i].trim())).join(""))
    .join(spec.separator);
}

/** The editor of parameter `name` (`label` its name for the reader) over `count` rows: `entries`
 * are the core's [row, value...] of the current value; `onSet(text)` hears every change. */
export function rowsEditor({ name, label, count, entries, rows: spec }, t, onSet) {
  const rows = [];
  const write = () => onSet(rowsText(rows.map((r) => ({ row: r.row, values: r.inputs.map((i) => i.value) })), spec));
  for (let row = 1; row <= count; row += 1) {
    const entry = entries.find(([n]) => n === row);
    const id = `${spec.head}${row}`;
    const inputs = spec.fields.map((f, i) =>
      el("input", {
        type: "text",
        inputmode: "numeric",
        autocomplete: "off",
        value: entry ? String(entry[i + 1]) : "",
        "aria-label": t(f.label_key, { row: id, param: label }),
        onchange: write,
      }),
    );
    rows.push({ row, id, inputs });
  }
  return el(
    "table",
    { class: `keyed-rows ${spec.class}`, dataset: { param: name } },
    el("caption", { class: "visually-hidden" }, label),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(spec.head_key)), spec.fields.map((f) => el("th", { scope: "col" }, t(f.title_key))))),
    el(
      "tbody",
      {},
      rows.map((r) => el("tr", {}, el("th", { scope: "row" }, r.id), r.inputs.map((i) => el("td", {}, i)))),
    ),
  );
}
