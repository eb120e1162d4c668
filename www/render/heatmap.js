// A two-parameter sweep as a heatmap: one cell per run, coloured in nine steps between the
// core's minimum and maximum, with the value in each cell's tooltip and a data table beside it.
// Colours come from style.css classes (hm0..hm8), never inline styles.
import { el, svg, uid } from "../dom.js";
import { formatNumber } from "../i18n/index.js";

const BINS = 9;

/** A figure for a heatmap sweep; `onCell(index)` opens the run behind a cell. */
export function heatmapFigure(sweep, lesson, t, { caption, onCell } = {}) {
  const titleId = uid("heat");
  const holder = el("div", { class: "chart-canvas" });
  const [lo, hi] = sweep.range;
  const series = sweep.series[0];
  const bin = (v) => (v === null ? null : hi > lo ? Math.min(BINS - 1, Math.floor(((v - lo) / (hi - lo)) * BINS)) : 0);
  const legend = el(
    "p",
    { class: "heat-legend" },
    formatNumber(lo, t, series.decimals),
    " ",
    Array.from({ length: BINS }, (_, i) => el("span", { class: `swatch hm${i}`, "aria-hidden": "true" })),
    " ",
    formatNumber(hi, t, series.decimals),
  );
  const node = el("figure", { class: "chart heatmap" }, el("figcaption", { id: titleId }, caption), holder, legend);
  let drawn = 0;
  return {
    node,
    draw(width) {
      const w = Math.max(260, Math.floor(width));
      if (w === drawn) return;
      drawn = w;
      const nx = sweep.x.texts.length;
      const ny = sweep.y.texts.length;
      const left = 56;
      const top = 22;
      const right = w - 8;
      const cw = (right - left) / nx;
      const ch = Math.max(12, Math.min(36, cw * 0.8));
      const height = top + ny * ch + 40;
      const root = svg("svg", { width: w, height, viewBox: `0 0 ${w} ${height}`, role: "img", "aria-labelledby": titleId, class: "plot" });
      const xName = t(`param.${lesson}.${sweep.x.name}`);
      const yName = t(`param.${lesson}.${sweep.y.name}`);
      root.append(svg("text", { class: "title", x: 2, y: 12 }, `↑ ${yName}`));
      const every = Math.max(1, Math.ceil(34 / cw));
      sweep.y.texts.forEach((yt, yi) => {
        root.append(svg("text", { class: "tick-label", x: left - 6, y: top + yi * ch + ch / 2, dy: "0.32em", "text-anchor": "end" }, yt));
        sweep.x.texts.forEach((xt, xi) => {
          const i = yi * nx + xi;
          const v = series.values[i];
          const b = bin(v);
          const label = `${xName} ${xt}, ${yName} ${yt}: ${formatNumber(v, t, series.decimals)}`;
          const rect = svg("rect", { class: b === null ? "hm-none" : `hm${b}`, x: left + xi * cw, y: top + yi * ch, width: Math.max(1, cw - 1), height: ch - 1 }, svg("title", {}, label));
          if (onCell) {
            rect.classList.add("watchable");
            rect.addEventListener("click", () => onCell(i));
          }
          root.append(rect);
          if (yi === 0 && xi % every === 0) {
            root.append(svg("text", { class: "tick-label", x: left + xi * cw + cw / 2, y: top + ny * ch + 14, "text-anchor": "middle" }, xt));
          }
        });
      });
      root.append(svg("text", { class: "title", x: (left + right) / 2, y: height - 6, "text-anchor": "middle" }, `${xName} →`));
      holder.replaceChildren(root);
    },
  };
}

/** The heatmap's numbers as a table (its text alternative); each value opens its run. */
export function heatmapTable(sweep, lesson, t, onCell) {
  const series = sweep.series[0];
  const nx = sweep.x.texts.length;
  return el(
    "table",
    { class: "data heat-data" },
    el("caption", {}, t("ui.sweep.data")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, `${sweep.y.name} \\ ${sweep.x.name}`), sweep.x.texts.map((x) => el("th", { scope: "col" }, x)))),
    el(
      "tbody",
      {},
      sweep.y.texts.map((yt, yi) =>
        el(
          "tr",
          {},
          el("th", { scope: "row" }, yt),
          sweep.x.texts.map((_, xi) => {
            const i = yi * nx + xi;
            const text = formatNumber(series.values[i], t, series.decimals);
            return el("td", {}, onCell ? el("button", { type: "button", class: "link", onclick: () => onCell(i), "aria-label": `${text}: ${t("ui.watch_point")}` }, text) : text);
          }),
        ),
      ),
    ),
  );
}
