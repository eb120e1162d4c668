// Charts as SVG, drawn from the core's chart specifications: the core gives the points, scales,
// domains and message keys; this file maps them to pixels with d3-scale and draws axes, marks,
// a legend and tooltips. No inline styles: colours come from style.css classes.
import { scaleBand, scaleLinear, scaleLog } from "../vendor/d3-scale.js";
import { clear, el, svg, uid } from "../dom.js";
import { formatNumber } from "../i18n/index.js";

const HEIGHT = 230;
const SMALL_HEIGHT = 170;
const MARGIN = { top: 26, right: 14, bottom: 40, left: 48 };
const LINE_H = 11; // a wrapped category label's line height
const DODGE = 6; // px between series with the same points, drawn side by side

// Each series' marker shape, by its index (with its colour and dash, so it reads in grey too):
// polygon corners in units of the marker's radius; the circle is drawn with arcs.
const SHAPES = ["circle", "square", "triangle", "diamond", "down", "cross", "left", "right"];
const CORNERS = {
  square: [[-0.9, -0.9], [0.9, -0.9], [0.9, 0.9], [-0.9, 0.9]],
  triangle: [[0, -1.3], [1.15, 0.75], [-1.15, 0.75]],
  diamond: [[0, -1.3], [1.3, 0], [0, 1.3], [-1.3, 0]],
  down: [[0, 1.3], [1.15, -0.75], [-1.15, -0.75]],
  left: [[-1.3, 0], [0.75, -1.15], [0.75, 1.15]],
  right: [[1.3, 0], [-0.75, -1.15], [-0.75, 1.15]],
  cross: [[-0.4, -1.2], [0.4, -1.2], [0.4, -0.4], [1.2, -0.4], [1.2, 0.4], [0.4, 0.4], [0.4, 1.2], [-0.4, 1.2], [-0.4, 0.4], [-1.2, 0.4], [-1.2, -0.4], [-0.4, -0.4]],
};

/** A series' colour, dash and marker index: compare mode's A series (`vs`, drawn first) take
 * their B twin's, so each pair reads as one series, A lighter and behind. */
function look(chart, si) {
  const behind = chart.series.filter((s) => s.vs).length;
  const series = chart.series[si];
  return `${series.vs ? si : si - behind}`;
}

/** The path of marker `shape` of radius `r` centred on (x, y). */
function markerPath(shape, x, y, r) {
  const f = (v) => Math.round(v * 100) / 100;
  if (!CORNERS[shape]) return `M${f(x - r)},${f(y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  return `${CORNERS[shape].map(([u, v], i) => `${i ? "L" : "M"}${f(x + u * r)},${f(y + v * r)}`).join("")}Z`;
}

/** A series' marker on the chart (class `dot`; `data-shape` names its shape). */
function marker(si, x, y, r, attrs = {}, ...children) {
  const shape = SHAPES[si % SHAPES.length];
  return svg("path", { class: `dot s${si}`, d: markerPath(shape, x, y, r), "data-shape": shape, ...attrs }, ...children);
}

/** For each series, the other series whose points are the same (every x and y): drawn on one
 * line they would hide each other, so they are drawn apart and the legend names them. */
function twins(series) {
  const keys = series.map((s) => JSON.stringify(s.points.map((p) => [p.x, p.y])));
  return keys.map((k, i) => (series[i].points.length ? keys.flatMap((o, j) => (j !== i && o === k ? [j] : [])) : []));
}

/** `text` in lines of at most `fit` characters, broken after spaces, commas, hyphens and ">"
 * (a long word is cut); at most `max` lines, the last ending in "…" if text is left over. */
export function wrapLabel(text, fit, max) {
  const words = text.match(/[^\s,>-]+[\s,>-]*|[\s,>-]+/g) ?? [text];
  const lines = [];
  let line = "";
  for (let word of words) {
    while (word.trimEnd().length > fit) {
      if (line) lines.push(line.trimEnd()), (line = "");
      lines.push(word.slice(0, fit));
      word = word.slice(fit);
    }
    if ((line + word).trimEnd().length > fit && line) {
      lines.push(line.trimEnd());
      line = "";
    }
    line += word;
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1].slice(0, Math.max(1, fit - 1))}…`;
  return kept;
}

/** A figure for `chart`; call draw(width) once it is in the page and whenever it resizes.
 * `caption` replaces the chart's own title; `onPoint(point)` is called when a point that
 * carries a trace is chosen (click, Enter or Space). */
export function chartFigure(chart, lesson, t, { caption, onPoint, table = true } = {}) {
  const titleId = uid("chart");
  const holder = el("div", { class: "chart-canvas" });
  const tooltip = el("div", { class: "tooltip", hidden: true });
  const multi = chart.series.length > 1 || chart.rules.length > 0;
  // A series with the same points as one before it says so: "= <that series>".
  const first = twins(chart.series).map((others, i) => Math.min(i, ...others));
  const legend = multi
    ? el(
        "ul",
        { class: "legend" },
        chart.series.map((s, i) =>
          el(
            "li",
            { class: `s${look(chart, i)}${s.vs ? " vs" : ""}` },
            chart.mark === "line" ? legendKey(look(chart, i), s.vs) : el("span", { class: "swatch", "aria-hidden": "true" }),
            el("span", {}, seriesName(s, lesson, t), first[i] < i ? el("span", { class: "same" }, ` ${t("ui.chart_same", { names: seriesName(chart.series[first[i]], lesson, t) })}`) : null),
          ),
        ),
        chart.rules.map((r) => el("li", { class: "rule" }, el("span", { class: "swatch", "aria-hidden": "true" }), t(`rule.${r.key}`))),
      )
    : null;
  const note = chart.hidden_zeros ? el("p", { class: "chart-note" }, t("ui.chart_hidden_zeros", { count: chart.hidden_zeros })) : null;
  // Too many categories to draw one by one: the core grouped them, and the figure says so (its
  // CSV has every value).
  const grouped = chart.grouped
    ? el("p", { class: "chart-note grouped" }, t("ui.chart_grouped", { total: chart.grouped.total, groups: categoriesOf(chart).length, per: chart.grouped.per }))
    : chart.lines_only
      ? el("p", { class: "chart-note lines-only" }, t("ui.chart_lines_only", { count: chart.series.reduce((n, s) => n + s.points.length, 0) }))
      : null;
  const wide = (chart.x.categories?.length ?? 0) > 12;
  const node = el(
    "figure",
    { class: wide ? "chart wide" : "chart", dataset: { chart: chart.key } },
    el("figcaption", { id: titleId }, caption ?? t(`chart.${lesson}.${chart.key}`)),
    holder,
    legend,
    note,
    grouped,
    table ? chartData(chart, lesson, t) : null,
    tooltip,
  );
  let drawn = 0;
  return {
    node,
    chart,
    draw(width) {
      const w = Math.max(240, Math.floor(width));
      if (w === drawn) return;
      drawn = w;
      clear(holder).append(drawSvg(chart, lesson, t, w, titleId, tooltip, node, onPoint));
    },
  };
}

const categoriesOf = (chart) => chart.x.categories ?? [];

/** The chart's text alternative: its points as a table in a fold (the same core numbers). */
export function chartData(chart, lesson, t) {
  const cats = chart.x.categories ?? [];
  const xs = chart.x.scale === "band"
    ? cats.map((c) => c.id)
    : [...new Set(chart.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const catName = categoryNames(cats, t);
  const xName = (x) => (chart.x.scale === "band" ? catName(x) : formatNumber(x, t, 4));
  // Each series' points by x, looked up once per cell (a search per cell was quadratic).
  const byX = new Map(chart.series.map((s) => [s, new Map(s.points.map((p) => [p.x, p]))]));
  const value = (s, x) => {
    const p = byX.get(s).get(x);
    if (!p) return "–";
    const range = p.lo !== undefined ? ` [${formatNumber(p.lo, t, s.decimals)} – ${formatNumber(p.hi, t, s.decimals)}]` : "";
    return `${formatNumber(p.y, t, s.decimals)}${range}`;
  };
  const unit = chart.y.unit ? ` (${t(`unit.${chart.y.unit}`)})` : "";
  return dataFold("chart-data", t, () =>
    el(
      "table",
      { class: "figure-data" },
      el("caption", { class: "visually-hidden" }, `${axisName(chart.y, lesson, t)}${unit}`),
      el(
        "thead",
        {},
        el("tr", {}, el("th", { scope: "col" }, axisTitle(chart.x, lesson, t)), chart.series.map((s) => el("th", { scope: "col", class: "num" }, seriesName(s, lesson, t)))),
      ),
      el(
        "tbody",
        {},
        xs.map((x) => el("tr", {}, el("th", { scope: "row" }, xName(x)), chart.series.map((s) => el("td", { class: "num" }, value(s, x))))),
      ),
      chart.rules.length
        ? el(
            "tfoot",
            {},
            chart.rules.map((r) =>
              el("tr", {}, el("th", { scope: "row" }, t(`rule.${r.key}`)), el("td", { class: "num", colspan: String(chart.series.length) }, formatNumber(r.y, t, 2))),
            ),
          )
        : null,
    ),
  );
}

/** A "Data (table)" fold whose table is built the first time it opens (renders stay light). */
export function dataFold(kind, t, build) {
  const fold = el("details", { class: `data-fold ${kind}` }, el("summary", {}, t("ui.sweep.data")));
  fold.addEventListener("toggle", () => {
    if (fold.open && !fold.querySelector("table")) fold.append(build());
  });
  return fold;
}

/** A line series' key in the legend: its colour, dash and marker shape, as on the chart (drawn
 * by style.css from the series' class and the shape's name). */
function legendKey(si) {
  return el("span", { class: "line-key", "aria-hidden": "true", dataset: { shape: SHAPES[si % SHAPES.length] } });
}

function seriesName(series, lesson, t) {
  if (series.vs) return t("ui.compare.series_a", { name: seriesName({ ...series, vs: false }, lesson, t) });
  if (series.name !== undefined) {
    return series.name_key && t.has(`label.${series.name_key}`) ? t(`label.${series.name_key}`) : series.name;
  }
  const key = `col.${lesson}.${series.key}`;
  return t.has(key) ? t(key) : series.key;
}

function axisName(axis, lesson, t) {
  return axis.title_key ? t(axis.title_key) : t(`axis.${lesson}.${axis.key}`);
}

function axisTitle(axis, lesson, t) {
  const name = axisName(axis, lesson, t);
  // No repeated unit: "telafisiz adım/gün", not "telafisiz adım/gün (adım/gün)".
  const unit = axis.unit ? t(`unit.${axis.unit}`) : "";
  const lower = (s) => s.toLocaleLowerCase(t.locale ?? t.lang);
  const words = lower(name).split(/[\s()]+/);
  // Said already when the title ends with it or each of its words starts one of the title's
  // (Turkish suffixes: "telafi denemesi" says "deneme").
  const said = unit && (lower(name).endsWith(lower(unit)) || lower(unit).split(/\s+/).every((u) => words.some((w) => w.startsWith(u))));
  return unit && !said ? `${name} (${unit})` : name;
}

/** Makes a mark that carries a trace operable: click, Enter or Space opens the run. */
function watchable(mark, p, text, t, onPoint) {
  if (!onPoint || p.trace === undefined) return mark;
  mark.setAttribute("tabindex", "0");
  mark.setAttribute("role", "button");
  mark.setAttribute("aria-label", `${text}. ${t("ui.watch_point")}`);
  mark.classList.add("watchable");
  mark.addEventListener("click", () => onPoint(p, mark));
  mark.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPoint(p, mark);
    }
  });
  return mark;
}

/** `id` → its category's name in the reader's language, looked up in a map built once. */
function categoryNames(cats, t) {
  const names = new Map(cats.map((c) => [c.id, c]));
  return (id) => categoryName(names.get(id) ?? { id }, t);
}

function categoryName(category, t) {
  return category.key && t.has(`label.${category.key}`) ? t(`label.${category.key}`) : category.id;
}

function decimalsFor(step) {
  if (!(step > 0)) return 0;
  return Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
}

function drawSvg(chart, lesson, t, width, titleId, tooltip, figure, onPoint) {
  const small = chart.mark === "bar" && chart.series.length === 1 && (chart.x.categories?.length ?? 0) <= 4;
  // Room on the left for the longest y tick label.
  const [y0, y1] = chart.y.domain; // the core's: a linear axis ends on the first tick above the data
  const probe = (chart.y.scale === "log" ? scaleLog() : scaleLinear()).domain([y0, y1]);
  const longest = Math.max(...probe.ticks(5).map((v) => formatNumber(v, t, 6).length), 1);
  const left = Math.max(MARGIN.left, Math.ceil(longest * 6.4 + 12));
  const right = width - MARGIN.right;
  const cats = chart.x.categories ?? [];
  // The category scale, built once (one per category made drawing quadratic in them).
  const bandScale = chart.x.scale === "band" ? scaleBand().domain(cats.map((c) => c.id)).range([left, right]).paddingInner(0.2).paddingOuter(0.1) : null;
  const catName = categoryNames(cats, t);
  // Every category keeps its label, wrapped onto up to three lines under its band (the chart
  // grows to hold them); only what still does not fit ends in "…", the whole name in its title.
  const fit = bandScale ? Math.max(3, Math.floor(bandScale.step() / 6.6)) : 0;
  // Bands too narrow for a word: one label every few bands, on one line (each band's title
  // still names it).
  const every = bandScale && bandScale.step() < 24 ? Math.ceil(44 / bandScale.step()) : 1;
  const bandLines = bandScale ? cats.map((c, i) => (every > 1 ? (i % every ? [] : [catName(c.id)]) : wrapLabel(catName(c.id), fit, 3))) : [];
  const extra = (Math.max(1, ...bandLines.map((l) => l.length)) - 1) * LINE_H;
  const height = (small ? SMALL_HEIGHT : HEIGHT) + extra;
  const bottom = height - MARGIN.bottom - extra;
  const top = MARGIN.top;

  // Scales from the core's domains.
  const y = (chart.y.scale === "log" ? scaleLog() : scaleLinear()).domain([y0, y1]).range([bottom, top]);
  let x;
  let inner = null;
  if (bandScale) {
    x = bandScale;
    inner = scaleBand().domain(chart.series.map((_, i) => i)).range([0, x.bandwidth()]).padding(0.06);
  } else {
    x = scaleLinear().domain(chart.x.domain).range([left + 10, right - 10]);
  }

  // With points that open a run the SVG is a group of buttons, not a flat image.
  const interactive = Boolean(onPoint) && chart.series.some((s) => s.points.some((p) => p.trace !== undefined));
  const root = svg("svg", {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: interactive ? "group" : "img",
    "aria-labelledby": titleId,
    class: "plot",
  });
  root.append(svg("desc", {}, describe(chart, lesson, t)));

  // Y grid and ticks.
  const yTicks = chart.y.scale === "log"
    ? y.ticks().filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9)
    : y.ticks(5);
  const yStep = yTicks.length > 1 ? Math.abs(yTicks[1] - yTicks[0]) : 1;
  const yAxis = svg("g", { class: "axis y" });
  for (const v of yTicks) {
    const py = y(v);
    const decimals = chart.y.scale === "log" ? Math.max(0, -Math.round(Math.log10(v))) : decimalsFor(yStep);
    yAxis.append(
      svg("line", { class: "grid", x1: left, x2: right, y1: py, y2: py }),
      svg("text", { x: left - 6, y: py, dy: "0.32em", "text-anchor": "end" }, formatNumber(v, t, decimals)),
    );
  }
  // The y title sits above the axis, horizontal, where it has the chart's whole width.
  yAxis.append(svg("text", { class: "title", x: 2, y: 12, "text-anchor": "start" }, `↑ ${axisTitle(chart.y, lesson, t)}`));
  root.append(yAxis);

  // X axis.
  const xAxis = svg("g", { class: "axis x" });
  xAxis.append(svg("line", { class: "domain", x1: left, x2: right, y1: bottom, y2: bottom }));
  if (chart.x.scale === "band") {
    cats.forEach((c, i) => {
      const cx = x(c.id) + x.bandwidth() / 2;
      xAxis.append(
        svg(
          "text",
          { class: "category", x: cx, y: bottom + 16, "text-anchor": "middle" },
          bandLines[i].map((line, k) => svg("tspan", { x: cx, dy: k ? LINE_H : 0 }, line)),
          svg("title", {}, catName(c.id)),
        ),
      );
    });
  } else {
    const xs = [...new Set(chart.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
    const whole = xs.every(Number.isInteger);
    let ticks = whole && xs.length <= 12 ? xs : x.ticks(6);
    // Keep tick labels apart on narrow screens.
    const minGap = 28;
    ticks = ticks.filter((v, i, all) => i === 0 || x(v) - x(all[i - 1]) >= minGap || i === all.length - 1);
    const step = ticks.length > 1 ? Math.min(...ticks.slice(1).map((v, i) => v - ticks[i])) : 1;
    for (const v of ticks) {
      xAxis.append(
        svg("line", { class: "tick", x1: x(v), x2: x(v), y1: bottom, y2: bottom + 4 }),
        svg("text", { x: x(v), y: bottom + 16, "text-anchor": "middle" }, formatNumber(v, t, whole ? 0 : decimalsFor(step))),
      );
    }
  }
  xAxis.append(svg("text", { class: "title", x: (left + right) / 2, y: height - 8, "text-anchor": "middle" }, axisTitle(chart.x, lesson, t)));
  root.append(xAxis);

  // Marks: every line under every marker.
  const lines = svg("g", { class: "lines" });
  const marks = svg("g", { class: "marks" });
  const same = twins(chart.series);
  const taken = new Map();
  // Each mark's value, drawn for an exported slide that asks for it (hidden on the page, where a
  // tap or the data table tells it).
  const values = svg("g", { class: "values" });
  const tip = (text, event) => showTip(tooltip, figure, text, event);
  chart.series.forEach((series, si) => {
    const sc = `${look(chart, si)}${series.vs ? " vs" : ""}`; // its colour class (see look)
    const shapeOf = Number(look(chart, si));
    const name = seriesName(series, lesson, t);
    const label = (p) => {
      const xs = chart.x.scale === "band" ? catName(p.x) : formatNumber(p.x, t, 4);
      const unit = chart.y.unit ? ` ${t(`unit.${chart.y.unit}`)}` : "";
      const range = p.lo !== undefined ? ` [${formatNumber(p.lo, t, series.decimals)} – ${formatNumber(p.hi, t, series.decimals)}]` : "";
      return `${name} — ${axisName(chart.x, lesson, t)} ${xs}: ${formatNumber(p.y, t, series.decimals)}${unit}${range}`;
    };
    if (chart.mark === "line") {
      // Series with the same points are drawn apart, DODGE px right and 3 px up from the one
      // before (each in its own dash and marker too): lines and markers both stay visible.
      const group = [si, ...same[si]].sort((a, b) => a - b);
      const shift = group.indexOf(si) - (group.length - 1) / 2;
      const px = (p) => x(p.x) + shift * DODGE;
      const py = (p) => y(p.y) - shift * 3;
      const d = series.points.map((p, i) => `${i ? "L" : "M"}${px(p).toFixed(1)},${py(p).toFixed(1)}`).join("");
      lines.append(svg("path", { class: `line s${sc}`, d }));
      // More points than the page marks one by one (the core says so): the lines alone.
      if (chart.lines_only) return;
      for (const [pi, p] of series.points.entries()) {
        const [cx, cy] = [px(p), py(p)];
        if (p.lo !== undefined && p.hi !== undefined) {
          // The interval or spread around a sampled value; a log axis cuts it at its bottom.
          const clamp = (v) => (chart.y.scale === "log" ? Math.max(v, y0) : v);
          const [ya, yb] = [y(clamp(p.lo)) - shift * 3, y(clamp(p.hi)) - shift * 3];
          lines.append(
            svg("line", { class: `whisker s${sc}`, x1: cx, x2: cx, y1: ya, y2: yb }),
            svg("line", { class: `whisker s${sc}`, x1: cx - 5, x2: cx + 5, y1: ya, y2: ya }),
            svg("line", { class: `whisker s${sc}`, x1: cx - 5, x2: cx + 5, y1: yb, y2: yb }),
          );
        }
        // A marker on the spot of one drawn before is hollow and larger: both stay visible.
        const spot = `${Math.round(cx / 3)},${Math.round(cy / 3)}`;
        const under = taken.get(spot) ?? 0;
        taken.set(spot, under + 1);
        const shape = marker(shapeOf, cx, cy, 4 + 2.5 * under, { class: `dot s${sc}${under ? " hollow" : ""}`, "data-point": `${si}:${pi}` }, svg("title", {}, label(p)));
        // A point that opens its run is a button with a finger-sized target (WCAG 2.5.8).
        const opens = onPoint && p.trace !== undefined;
        const dot = opens
          ? watchable(svg("g", { class: "point" }, shape, svg("circle", { class: "hit", cx, cy, r: 13 })), p, label(p), t, onPoint)
          : shape;
        dot.addEventListener("pointerenter", (e) => tip(label(p), e));
        dot.addEventListener("pointerleave", () => hideTip(tooltip));
        marks.append(dot);
        values.append(svg("text", { class: "value-label", x: cx, y: cy - 8, "text-anchor": "middle" }, formatNumber(p.y, t, series.decimals)));
      }
    } else {
      const base = chart.y.scale === "log" ? bottom : y(Math.max(y0, 0));
      for (const [pi, p] of series.points.entries()) {
        const bx = x(p.x) + inner(si);
        const by = y(p.y);
        const rect = svg("rect", {
          class: `bar s${sc}`,
          x: bx,
          y: Math.min(by, base),
          width: Math.max(1, inner.bandwidth()),
          height: Math.max(p.y === 0 ? 0 : 1, Math.abs(base - by)),
          "data-point": `${si}:${pi}`,
        }, svg("title", {}, label(p)));
        watchable(rect, p, label(p), t, onPoint);
        rect.addEventListener("pointerenter", (e) => tip(label(p), e));
        rect.addEventListener("pointerleave", () => hideTip(tooltip));
        marks.append(rect);
        values.append(svg("text", { class: "value-label", x: bx + inner.bandwidth() / 2, y: Math.min(by, base) - 4, "text-anchor": "middle" }, formatNumber(p.y, t, series.decimals)));
      }
    }
  });
  for (const rule of chart.rules) {
    const py = y(rule.y);
    marks.append(
      svg("line", { class: "rule", x1: left, x2: right, y1: py, y2: py }),
      svg("text", { class: "rule-label", x: right, y: py - 4, "text-anchor": "end" }, `${t(`rule.${rule.key}`)}: ${formatNumber(rule.y, t, 2)}`),
    );
  }
  root.append(lines, marks, values);
  return root;
}

function describe(chart, lesson, t) {
  const catName = categoryNames(chart.x.categories ?? [], t);
  const xName = (x) => (chart.x.scale === "band" ? catName(x) : formatNumber(x, t, 4));
  return chart.series
    .map((s) => `${seriesName(s, lesson, t)}: ${s.points.map((p) => `${xName(p.x)} → ${formatNumber(p.y, t, s.decimals)}`).join(", ")}`)
    .join("; ");
}

function showTip(tooltip, figure, text, event) {
  tooltip.textContent = text;
  tooltip.hidden = false;
  const box = figure.getBoundingClientRect();
  const left = Math.min(Math.max(4, event.clientX - box.left + 10), box.width - tooltip.offsetWidth - 4);
  tooltip.style.left = `${left}px`;
  tooltip.style.top = `${Math.max(0, event.clientY - box.top - tooltip.offsetHeight - 8)}px`;
}

function hideTip(tooltip) {
  tooltip.hidden = true;
}
