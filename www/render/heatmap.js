// A two-parameter sweep as a heatmap: one cell per run, coloured in nine steps between the
// core's minimum and maximum (linear, or logarithmic when every value is above zero), with the
// value written in each cell where it fits, in its tooltip and in a data table beside it.
// Colours come from style.css classes (hm0..hm8, and v0..v8 for the text on them).
import { el, svg, uid } from "../dom.js";
import { formatNumber } from "../i18n/index.js";

const BINS = 9;

/** An axis value as the core wrote it, with the reader's decimal sign (0.05 → 0,05); never
 * grouped (a seed is an identifier). */
const tick = (text, t) => (/^-?\d+\.\d+$/.test(text) ? text.replace(".", t.decimal) : text);

/** The arrow that shows which way an axis' values grow on screen: `ahead` when they rise along
 * the drawing direction (left to right, top to bottom), `back` when they fall, none when mixed. */
function arrow(values, ahead, back) {
  const all = (ok) => values.length > 1 && values.every((v, i) => i === 0 || ok(v, values[i - 1]));
  return all((v, w) => v > w) ? ahead : all((v, w) => v < w) ? back : "";
}

/** A figure for a heatmap sweep; `onCell(index)` opens the run behind a cell. `log` starts it on
 * the log colour scale (the link's `heat=log`); `onLog(on)` hears the learner's choice. */
export function heatmapFigure(sweep, lesson, t, { caption, onCell, log: logAsked = false, onLog = null } = {}) {
  const titleId = uid("heat");
  const holder = el("div", { class: "chart-canvas" });
  const [lo, hi] = sweep.range;
  const series = sweep.series[0];
  const fmt = (v) => formatNumber(v, t, series.decimals);
  // A log scale spreads values over decades (36 … 312 records read); it needs every value > 0.
  const positive = lo > 0 && series.values.every((v) => v === null || v > 0);
  let log = positive && logAsked;
  const bin = (v) => {
    if (v === null) return null;
    if (!(hi > lo)) return 0;
    const share = log ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
    return Math.min(BINS - 1, Math.floor(share * BINS));
  };
  const scale = el("span", { class: "heat-scale" }, t(log ? "ui.heat_scale_log" : "ui.heat_scale_linear"));
  const legend = el(
    "p",
    { class: "heat-legend" },
    el("span", { class: "heat-end" }, fmt(lo)),
    " ",
    Array.from({ length: BINS }, (_, i) => el("span", { class: `swatch hm${i}`, "aria-hidden": "true" })),
    " ",
    el("span", { class: "heat-end" }, fmt(hi)),
    " ",
    scale,
  );
  const refusedId = uid("heat-log");
  const box = el("input", {
    type: "checkbox",
    id: uid("heat-log-box"),
    disabled: !positive,
    checked: log,
    "aria-describedby": positive ? null : refusedId,
    onchange: () => {
      figure.setLog(box.checked);
      onLog?.(box.checked);
    },
  });
  const options = el(
    "div",
    { class: "heat-options" },
    el("label", { class: "heat-option" }, box, " ", t("ui.heat_log")),
    positive ? null : el("p", { class: "hint heat-refused", id: refusedId }, t("ui.heat_log_refused", { min: fmt(lo) })),
  );
  const node = el("figure", { class: "chart heatmap" }, el("figcaption", { id: titleId }, caption), holder, legend, options);
  let drawn = 0;
  const figure = {
    node,
    /** Draws on the log colour scale (on) or the linear one, where every value allows it. */
    setLog(on) {
      log = positive && on;
      box.checked = log;
      scale.textContent = t(log ? "ui.heat_scale_log" : "ui.heat_scale_linear");
      if (drawn) figure.draw(drawn, true);
    },
    draw(width, again = false) {
      const w = Math.max(260, Math.floor(width));
      if (w === drawn && !again) return;
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
      // Rows run down the screen in the sweep's order, columns to the right.
      root.append(svg("text", { class: "title", x: 2, y: 12 }, `${arrow(sweep.y.values, "↓", "↑")} ${yName}`.trim()));
      // Each value in its cell where it fits, in a colour that reads on that cell's colour.
      const values = svg("g", { class: "hm-values", "aria-hidden": "true" });
      const every = Math.max(1, Math.ceil(34 / cw));
      sweep.y.texts.map((v) => tick(v, t)).forEach((yt, yi) => {
        root.append(svg("text", { class: "tick-label", x: left - 6, y: top + yi * ch + ch / 2, dy: "0.32em", "text-anchor": "end" }, yt));
        sweep.x.texts.map((v) => tick(v, t)).forEach((xt, xi) => {
          const i = yi * nx + xi;
          const v = series.values[i];
          const b = bin(v);
          const text = fmt(v);
          const label = `${xName} ${xt}, ${yName} ${yt}: ${text}`;
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
          const size = Math.min(11, ch - 6, (cw - 6) / (text.length * 0.62));
          if (b !== null && size >= 8) {
            values.append(svg("text", { class: `hm-value v${b}`, x: left + xi * cw + cw / 2, y: top + yi * ch + ch / 2, dy: "0.35em", "text-anchor": "middle", "font-size": size.toFixed(1), dataset: { cell: String(i) } }, text));
          }
          if (yi === 0 && xi % every === 0) {
            root.append(svg("text", { class: "tick-label", x: left + xi * cw + cw / 2, y: top + ny * ch + 14, "text-anchor": "middle" }, xt));
          }
        });
      });
      root.append(values);
      root.append(svg("text", { class: "title", x: (left + right) / 2, y: height - 6, "text-anchor": "middle" }, `${xName} ${arrow(sweep.x.values, "→", "←")}`.trim()));
      holder.replaceChildren(root);
    },
  };
  return figure;
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
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, `${sweep.y.name} \\ ${sweep.x.name}`), sweep.x.texts.map((x) => el("th", { scope: "col" }, tick(x, t))))),
    el(
      "tbody",
      {},
      sweep.y.texts.map((yt, yi) =>
        el(
          "tr",
          {},
          el("th", { scope: "row" }, tick(yt, t)),
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
