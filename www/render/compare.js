// Compare mode: the core's B, A and Δ laid out in one shape (doc.vs) drawn as the report's
// tables and sentences, each changed cell reading B, then A and Δ (an arrow for the direction,
// and for a screen reader "23, was 19, up 4"); rows one side lacks are marked. Every number is
// the core's: Δ is its cell (B − A with B's digits), only the sign is written here.
import { el, uid } from "../dom.js";
import { formatCell, localizeNumber } from "../i18n/index.js";
import { columnLabel } from "./table.js";
import { renderLine } from "./report.js";

/** The document compare mode renders: B's aligned sections, each table and line carrying its A
 * and Δ twins (`_a`, `_d`), and each group the report's own charts (A's series behind B's). */
export function comparedDoc(doc) {
  const charts = new Map(doc.sections.flatMap((s) => s.groups.map((g) => [`${s.name}/${g.key}`, g.charts])));
  const sections = doc.vs.b.map((s, si) => ({
    ...s,
    groups: s.groups.map((g, gi) => ({
      ...g,
      charts: charts.get(`${s.name}/${g.key}`) ?? [],
      blocks: g.blocks.map((b, bi) => ({ ...b, _a: doc.vs.a[si].groups[gi].blocks[bi], _d: doc.vs.delta[si].groups[gi].blocks[bi] })),
    })),
  }));
  return { ...doc, sections };
}

/** Whether two of the core's cells are the same (kind, value and display rule). */
const same = (b, a) => JSON.stringify(b) === JSON.stringify(a);

/** A block of comparedDoc: the table or sentence with its A and Δ. */
export function compareBlock(block, lesson, t, caption) {
  return block.type === "table" ? compareTable(block, lesson, t, caption) : compareLine(block, lesson, t);
}

/** B's cell, A's and Δ's as text: [B, A, Δ with its sign, direction], the accessible name. */
function reading(cb, ca, cd, t, name) {
  const b = formatCell(cb, t, { name });
  const a = formatCell(ca, t, { name });
  if (!cd || typeof cd.value !== "number") return { b, a, d: "", dir: 0, name: t("ui.compare.cell_moved", { b, a }) };
  const dir = Math.sign(cd.value);
  const abs = formatCell({ ...cd, value: Math.abs(cd.value), text: cd.text.replace(/^(%?)-/, "$1") }, t, { name });
  const d = `${dir > 0 ? "+" : dir < 0 ? "−" : ""}${abs}`;
  const key = dir > 0 ? "ui.compare.cell_up" : dir < 0 ? "ui.compare.cell_down" : "ui.compare.cell_moved";
  return { b, a, d, dir, name: t(key, { b, a, d: abs }) };
}

/** A changed value's content: B, then A and Δ small beside it; read out as one phrase. */
function changedContent(r) {
  const arrow = r.dir > 0 ? "▲" : r.dir < 0 ? "▼" : "≠";
  return [
    el(
      "span",
      { "aria-hidden": "true", class: "cmp" },
      el("span", { class: "cmp-b" }, r.b),
      el("span", { class: "cmp-vs" }, el("span", { class: "cmp-a" }, r.a), r.d ? el("span", { class: "cmp-d" }, `${arrow} ${r.d}`) : el("span", { class: "cmp-d" }, arrow)),
    ),
    el("span", { class: "visually-hidden" }, r.name),
  ];
}

const direction = (dir) => (dir > 0 ? "up" : dir < 0 ? "down" : "moved");

function compareTable(table, lesson, t, caption) {
  const a = table._a;
  const d = table._d;
  const head = el(
    "tr",
    {},
    table.columns.map((c) => el("th", { scope: "col", class: c.align === "right" ? "num" : "text", dataset: { col: c.key } }, columnLabel(c, lesson, t))),
  );
  const rows = table.rows.map((rb, r) => {
    const ra = a.rows[r];
    const rd = d.rows[r];
    const side = !rb.length ? "only-a" : !ra.length ? "only-b" : "both";
    const cells = side === "only-a" ? ra : rb;
    let changed = side !== "both";
    const tds = table.columns.map((column, i) => {
      const cb = cells[i];
      const attrs = { class: column.align === "right" ? "num" : "text", dataset: { col: column.key } };
      const first = i === 0 && (cb.kind === "label" || cb.kind === "text");
      if (side !== "both" || same(cb, ra[i])) {
        const badge =
          i === 0 && side !== "both"
            ? el("span", { class: `cmp-badge ${side}`, title: t(`ui.compare.${side === "only-a" ? "only_a" : "only_b"}_title`) }, t(`ui.compare.${side === "only-a" ? "only_a" : "only_b"}`))
            : null;
        const text = formatCell(cb, t);
        return el(first ? "th" : "td", first ? { scope: "row", ...attrs } : attrs, text, badge ? " " : null, badge);
      }
      changed = true;
      const r2 = reading(cb, ra[i], rd[i], t);
      attrs.class += ` changed ${direction(r2.dir)}`;
      return el(first ? "th" : "td", first ? { scope: "row", ...attrs } : attrs, changedContent(r2));
    });
    return el("tr", { class: side === "both" ? (changed ? "changed" : "same") : side }, tds);
  });
  const captionId = uid("cap");
  return el(
    "div",
    { class: "table-wrap", role: "region", "aria-labelledby": captionId, tabindex: "0" },
    el("table", { class: "data compared", dataset: { table: table.key } },
      el("caption", { id: captionId, class: "visually-hidden" }, caption),
      el("thead", {}, head),
      el("tbody", {}, rows)),
  );
}

function compareLine(line, lesson, t) {
  const a = line._a;
  const d = line._d;
  if (!line.text && a.text) {
    const node = renderLine(a, lesson, t);
    node.classList.add("only-a");
    node.append(" ", el("span", { class: "cmp-badge only-a", title: t("ui.compare.only_a_title") }, t("ui.compare.only_a")));
    return node;
  }
  const node = renderLine(line, lesson, t);
  if (!a.text) {
    node.classList.add("only-b");
    node.append(" ", el("span", { class: "cmp-badge only-b", title: t("ui.compare.only_b_title") }, t("ui.compare.only_b")));
    return node;
  }
  let changed = false;
  for (const span of node.querySelectorAll("[data-value]")) {
    const name = span.dataset.value;
    const cb = line.values[name];
    const ca = a.values?.[name];
    if (!cb || !ca || same(cb, ca)) continue;
    changed = true;
    const r = reading(cb, ca, d.values?.[name], t, name);
    span.classList.add("changed", direction(r.dir));
    span.replaceChildren(...changedContent(r));
  }
  node.classList.add(changed ? "changed" : "same");
  return node;
}

/** One of the core's largest changes as a line: where it is, A → B and Δ (the core's digits). */
export function changeText(change, lesson, t) {
  const row = change.row === null ? null : t.has(`label.${change.row}`) ? t(`label.${change.row}`) : change.row;
  // A name with no text of its own is a script lesson's line value, named by its words (kez_tamamlandi).
  const col = t.has(`col.${lesson}.${change.column}`) ? t(`col.${lesson}.${change.column}`) : change.column.replaceAll("_", " ");
  const d = change.delta_text ?? "";
  const sign = d.startsWith("-") ? "−" : d.startsWith("+") ? "+" : "";
  const body = d.replace(/^[+-]/, "");
  const digits = body.startsWith("%") ? formatCell({ kind: "percent", value: 0, text: body }, t) : localizeNumber(body, t, { always: change.b?.grouping });
  const group = t.has(`group.${lesson}.${change.group}`) ? `${t(`group.${lesson}.${change.group}`)} — ` : "";
  return `${group}${row === null ? "" : `${row} · `}${col}: ${formatCell(change.a, t)} → ${formatCell(change.b, t)} (${sign}${digits})`;
}
