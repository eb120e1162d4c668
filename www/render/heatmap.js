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
      // With cells that open a run the SVG is a group of buttons, not a flat image.
      const root = svg("svg", { width: w, height, viewBox: `0 0 ${w} ${height}`, role: onCell ? "group" : "img", "aria-labelledby": titleId, class: "plot" });
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
            // One Tab stop for the grid (roving tabindex): arrows move, Enter or Space opens.
            rect.classList.add("watchable");
            rect.dataset.cell = String(i);
            rect.setAttribute("role", "button");
            rect.setAttribute("aria-label", `${label}. ${t("ui.watch_point")}`);
            rect.setAttribute("tabindex", i === 0 ? "0" : "-1");
            rect.addEventListener("click", () => onCell(i));
            rect.addEventListener("keydown", (e) => cellKeys(e, i, nx, ny, onCell));
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

function cellKeys(e, i, nx, ny, onCell) {
  const [xi, yi] = [i % nx, Math.floor(i / nx)];
  const to = {
    ArrowRight: [Math.min(nx - 1, xi + 1), yi],
    ArrowLeft: [Math.max(0, xi - 1), yi],
    ArrowDown: [xi, Math.min(ny - 1, yi + 1)],
    ArrowUp: [xi, Math.max(0, yi - 1)],
    Home: [0, yi],
    End: [nx - 1, yi],
  }[e.key];
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    onCell(i);
  } else if (to) {
    e.preventDefault();
    const next = e.currentTarget.ownerSVGElement.querySelector(`rect[data-cell="${to[1] * nx + to[0]}"]`);
    if (!next) return;
    e.currentTarget.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
  }
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
