// A report table as an HTML table: the core's typed cells, formatted for the reader's language.
import { el, uid } from "../dom.js";
import { formatCell } from "../i18n/index.js";

/** Renders `table` (from the core) of `lesson` with translator `t`. */
export function renderTable(table, lesson, t, caption) {
  const captionId = uid("cap");
  const head = el(
    "tr",
    {},
    table.columns.map((c) =>
      el("th", { scope: "col", class: c.align === "right" ? "num" : "text", dataset: { col: c.key } }, columnLabel(c, lesson, t)),
    ),
  );
  const rows = table.rows.map((row) =>
    el(
      "tr",
      {},
      row.map((cell, i) => {
        const column = table.columns[i];
        const text = formatCell(cell, t);
        const attrs = {
          class: column.align === "right" ? "num" : "text",
          dataset: { col: column.key },
          title: cell.value === null && cell.text === "NaN" ? t("ui.nan") : undefined,
        };
        // The first column names the row when it holds a label or a name.
        if (i === 0 && (cell.kind === "label" || cell.kind === "text")) return el("th", { scope: "row", ...attrs }, text);
        if (typeof cell.value === "number") attrs.dataset.value = String(cell.value);
        return el("td", attrs, text);
      }),
    ),
  );
  return el(
    "div",
    { class: "table-wrap", role: "region", "aria-labelledby": captionId, tabindex: "0" },
    el("table", { class: "data", dataset: { table: table.key } },
      el("caption", { id: captionId, class: "visually-hidden" }, caption),
      el("thead", {}, head),
      el("tbody", {}, rows)),
  );
}

/** Each table box under `root` and whether its table is wider than it: every size read before
 * anything is written (a hint written before the next read would force one layout per table). */
const wideTables = (root) => [...root.querySelectorAll(".table-wrap")].map((wrap) => [wrap, wrap.scrollWidth > wrap.clientWidth + 1]);

/** Marks every table under `root` that scrolls sideways (wider than its box): a shadow on the
 * side with more to see and a "scroll" hint before it, gone once the end is reached. */
export function scrollCues(root, t) {
  for (const [wrap, wide] of wideTables(root)) {
    wrap.classList.toggle("scrolls", wide);
    let cue = wrap.previousElementSibling?.classList.contains("scroll-cue") ? wrap.previousElementSibling : null;
    if (wide && !cue) {
      cue = el("p", { class: "scroll-cue", "aria-hidden": "true" }, t("ui.table_scrolls"));
      wrap.before(cue);
      wrap.addEventListener("scroll", () => wrap.classList.toggle("at-end", wrap.scrollLeft + wrap.clientWidth >= wrap.scrollWidth - 2), { passive: true });
    } else if (!wide && cue) {
      cue.remove();
    }
  }
}

/** A column header in the reader's language (the lesson's header when there is no message). */
export function columnLabel(column, lesson, t) {
  const key = `col.${lesson}.${column.key}`;
  return t.has(key) ? t(key) : column.label;
}
