// "What moved": after a change of the learner's, a compact bar at the bottom of the screen with
// the values changed and the table numbers that moved most (each the core's, old and new, as the
// tables print them), and a link to the cell. On a phone the tables are far below the slider;
// the effect shows where the learner is. While it is shown the page keeps room for it at its
// bottom, and a watched run's legends in view are moved above it (a change made while the run
// is watched must not hide how to read the run).
import { el } from "../dom.js";
import { formatCell } from "../i18n/index.js";
import { columnLabel } from "./table.js";

const SHOWN = 3;
const NUMERIC = new Set(["int", "fixed", "number", "percent"]);

/** The table cells whose numbers differ between two of the core's documents of one lesson,
 * the largest relative moves first: [{group, table, row, col, rowLabel, colLabel, from, to}]. */
export function movedCells(before, after, t) {
  if (!before || !after || before.lesson !== after.lesson) return [];
  const lesson = after.lesson;
  const tables = (doc) =>
    new Map(doc.sections.flatMap((s) => s.groups.flatMap((g) => g.blocks.filter((b) => b.type === "table").map((b) => [`${g.key}/${b.key}`, { group: g.key, table: b }]))));
  const old = tables(before);
  const moved = [];
  for (const [id, { group, table }] of tables(after)) {
    const was = old.get(id)?.table;
    if (!was || was.rows.length !== table.rows.length) continue;
    table.rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        const prev = was.rows[r][c];
        if (!prev || !NUMERIC.has(cell.kind) || prev.kind !== cell.kind) return;
        if (typeof cell.value !== "number" || typeof prev.value !== "number") return;
        const from = formatCell(prev, t);
        const to = formatCell(cell, t);
        if (from === to) return;
        const scale = Math.max(Math.abs(prev.value), Math.abs(cell.value), 1e-12);
        moved.push({
          group,
          table: table.key,
          row: r,
          col: table.columns[c].key,
          rowLabel: row[0] && !NUMERIC.has(row[0].kind) ? formatCell(row[0], t) : String(r + 1),
          colLabel: columnLabel(table.columns[c], lesson, t),
          from,
          to,
          size: Math.abs(cell.value - prev.value) / scale,
        });
      });
    });
  }
  return moved.sort((a, b) => b.size - a.size);
}

/** The bar that holds the room at the page's bottom, while it is on the page. */
let holder = null;
/** Pixels kept between a legend and the bar above which it is moved. */
const GAP = 6;

/** While `bar` is on the page, the page keeps room for it at its bottom (`--changes-room`,
 * style.css: so the page's end scrolls above it) and, once it is laid out, the watched run's
 * legends it covers are moved above it; a bar taken off the page gives the room back. */
function reserve(bar) {
  const root = document.documentElement;
  const watch = new ResizeObserver(() => {
    if (!bar.isConnected) {
      watch.disconnect();
      if (holder === bar) {
        holder = null;
        root.style.removeProperty("--changes-room");
      }
      return;
    }
    const first = holder !== bar;
    holder = bar;
    root.style.setProperty("--changes-room", `${Math.ceil(innerHeight - bar.getBoundingClientRect().top)}px`);
    if (first) uncover();
  });
  watch.observe(bar);
}

/** Scrolls the page so that the watched run's legends in view (`.trace .trace-legend`), wholly
 * or in part, are wholly above the "what moved" bar, as far as none of them leaves the top of
 * the screen; nothing while no bar is shown. Called when the bar appears and when the run is
 * drawn again under it (views/trace.js). */
export function uncover() {
  // A bar in the page's flow (an embed's, style.css) covers nothing.
  if (!holder?.isConnected || getComputedStyle(holder).position !== "fixed") return;
  const bar = holder.getBoundingClientRect();
  const legends = [...document.querySelectorAll(".trace .trace-legend")]
    .map((l) => l.getBoundingClientRect())
    .filter((b) => b.height > 0 && b.bottom > 0 && b.top < innerHeight && b.right > bar.left && b.left < bar.right);
  if (!legends.length) return;
  const needed = Math.max(...legends.map((b) => b.bottom + GAP - bar.top));
  const by = Math.min(needed, ...legends.map((b) => b.top));
  if (by > 0) window.scrollBy({ top: by, behavior: "instant" });
}

/** The bar: `changed` [{label, value}] of the values set, `moved` from movedCells, `news`
 * {met, text} what the change did to the challenge set (or null); `onShow(cell)` brings a cell
 * into view. Returns the element (role=status, so it is read out), which keeps room for itself
 * while on the page (reserve). */
export function changesBar({ changed, moved, news = null, t, onShow, onClose }) {
  const shown = moved.slice(0, SHOWN);
  const bar = el(
    "div",
    { class: "change-summary", role: "status", "aria-label": t("ui.changes.title") },
    news ? el("p", { class: `challenge-news ${news.met ? "met" : "open"}` }, el("span", { "aria-hidden": "true" }, news.met ? "✓ " : "○ "), news.text) : null,
    el("p", { class: "changed" }, changed.map((c, i) => [i ? "; " : "", el("strong", {}, c.label), ` = ${c.value}`])),
    shown.length
      ? el(
          "ul",
          {},
          shown.map((m) =>
            el(
              "li",
              { dataset: { table: m.table, row: String(m.row), col: m.col } },
              `${m.rowLabel} · ${m.colLabel}: ${m.from} → `,
              el("strong", {}, m.to),
            ),
          ),
        )
      : el("p", { class: "hint" }, t("ui.changes.none")),
    moved.length > SHOWN ? el("p", { class: "hint" }, t("ui.changes.more", { count: moved.length - SHOWN })) : null,
    el(
      "p",
      { class: "change-actions" },
      shown.length ? el("button", { type: "button", class: "small", onclick: () => onShow(shown[0]) }, t("ui.changes.show")) : null,
      el("button", { type: "button", class: "small", "aria-label": t("ui.changes.close"), onclick: onClose }, "×"),
    ),
  );
  if (typeof ResizeObserver === "function") reserve(bar);
  return bar;
}
