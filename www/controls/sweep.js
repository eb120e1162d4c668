// "Sweep anything": the form that picks one or two numeric parameters, their values and a
// metric, and the place its result is drawn (a line chart, or a heatmap for two parameters,
// each with its data table). The choices live in the link (sweep=, sweep_y=, metric=); the core
// parses them, runs every point and reports errors that name the key and the value.
import { el, uid } from "../dom.js";
import { formatNumber } from "../i18n/index.js";
import { chartFigure } from "../render/chart.js";
import { heatmapFigure, heatmapTable } from "../render/heatmap.js";

/** Splits `name:values` into its two parts (the codec's text form). */
export function splitAxis(text) {
  const at = text ? text.search(/[:=]/) : -1;
  return at < 0 ? { name: text ?? "", values: "" } : { name: text.slice(0, at), values: text.slice(at + 1) };
}

/** Example values for a parameter's kind, shown as the field's placeholder. */
function example(spec) {
  const k = spec?.kind;
  if (!k) return "1..8";
  if (k.type === "prob") return "0..1:11";
  if (k.type === "real") return `${k.min_open ? k.max / 10 : k.min}..${k.max}:11`;
  return `${k.min}..${Math.min(k.max, k.min + 9)}`;
}

export class SweepSection {
  /**
   * @param {object} o
   * @param {string} o.lesson
   * @param {object[]} o.specs the lesson's parameter schema
   * @param {{params: string[], metrics: string[], default_metric: string}|null} o.options
   * @param {object} o.view the link's sweep keys as typed
   * @param {Function} o.t
   * @param {Function} o.onRun called with {sweep, sweep_y, metric} (texts) or null to remove
   * @param {Function} o.onPoint called with (point index) to watch that run
   * @param {Function} o.onCancel
   */
  constructor({ lesson, specs, options, view, t, onRun, onPoint, onCancel, open }) {
    this.lesson = lesson;
    this.specs = specs;
    this.t = t;
    this.onPoint = onPoint;
    this.figure = null;
    const id = uid("sweep");
    const x = splitAxis(view.sweep);
    const y = splitAxis(view.sweep_y);
    const params = options?.params ?? [];
    const option = (name, selected) => el("option", { value: name, selected: name === selected }, `${t(`param.${lesson}.${name}`)} (${name})`);
    this.xName = el("select", { id: `${id}-x`, name: "sweep-param" }, params.map((n) => option(n, x.name || params[0])));
    this.xValues = el("input", { id: `${id}-xv`, name: "sweep-values", type: "text", value: x.values, autocomplete: "off", spellcheck: "false" });
    this.yName = el("select", { id: `${id}-y`, name: "sweep-y-param" }, el("option", { value: "" }, t("ui.sweep.none")), params.map((n) => option(n, y.name)));
    this.yValues = el("input", { id: `${id}-yv`, name: "sweep-y-values", type: "text", value: y.values, autocomplete: "off", spellcheck: "false" });
    const metric = view.metric || options?.default_metric || "";
    const [metricName, metricRow] = metric.split("@");
    this.metric = el(
      "select",
      { id: `${id}-m`, name: "metric" },
      (options?.metrics ?? []).map((m) => el("option", { value: m, selected: m === metricName }, this.metricLabel(m))),
    );
    this.row = el("input", { id: `${id}-row`, name: "metric-row", type: "text", value: metricRow ?? "", autocomplete: "off", spellcheck: "false" });
    const placeholders = () => {
      this.xValues.placeholder = example(specs.find((s) => s.name === this.xName.value));
      this.yValues.placeholder = this.yName.value ? example(specs.find((s) => s.name === this.yName.value)) : "";
      this.yValues.disabled = !this.yName.value;
      this.row.disabled = !this.yName.value;
    };
    this.xName.addEventListener("change", placeholders);
    this.yName.addEventListener("change", placeholders);
    placeholders();
    const field = (label, control, help) =>
      el("div", { class: "field" }, el("label", { for: control.id }, label), control, help ? el("p", { class: "help" }, help) : null);
    this.error = el("p", { class: "field-error", role: "alert", hidden: true });
    this.progress = el("progress", { max: "1" });
    this.status = el(
      "div",
      { class: "run-status", hidden: true },
      this.progress,
      el("span", {}, t("ui.running")),
      el("button", { type: "button", class: "small", onclick: () => onCancel?.() }, t("ui.cancel")),
    );
    this.result = el("div", { class: "sweep-result" });
    const form = el(
      "form",
      {
        class: "sweep-form",
        novalidate: true,
        onsubmit: (e) => {
          e.preventDefault();
          onRun({
            sweep: `${this.xName.value}:${this.xValues.value.trim() || this.xValues.placeholder}`,
            sweep_y: this.yName.value ? `${this.yName.value}:${this.yValues.value.trim() || this.yValues.placeholder}` : null,
            metric: this.metric.value + (this.yName.value && this.row.value.trim() ? `@${this.row.value.trim()}` : ""),
          });
        },
      },
      el(
        "div",
        { class: "sweep-fields" },
        field(t("ui.sweep.x"), this.xName),
        field(t("ui.sweep.values"), this.xValues, t("ui.sweep.values_help")),
        field(t("ui.sweep.y"), this.yName),
        field(t("ui.sweep.values"), this.yValues),
        field(t("ui.sweep.metric"), this.metric),
        field(t("ui.sweep.row"), this.row, t("ui.sweep.row_help")),
      ),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "submit", class: "small primary" }, t("ui.sweep.run")),
        el("button", { type: "button", class: "small", onclick: () => onRun(null) }, t("ui.sweep.clear")),
      ),
      this.error,
    );
    this.node = el(
      "details",
      { class: "sweep", open: open || Boolean(view.sweep), id: "sweep" },
      el("summary", {}, el("h2", {}, t("ui.sweep"))),
      el("p", { class: "hint" }, t("ui.sweep_hint")),
      options ? form : el("p", { class: "hint" }, t("ui.sweep.loading")),
      this.status,
      this.result,
    );
  }

  /** The metric's name in the reader's language: column — table. */
  metricLabel(metric) {
    const t = this.t;
    const [table, column] = metric.split(".");
    const col = t.has(`col.${this.lesson}.${column}`) ? t(`col.${this.lesson}.${column}`) : column;
    const tab = t.has(`table.${this.lesson}.${table}`) ? t(`table.${this.lesson}.${table}`) : table;
    return `${col} — ${tab}`;
  }

  busy(on, share) {
    this.status.hidden = !on;
    if (share === undefined) this.progress.removeAttribute("value");
    else this.progress.value = share;
  }

  showError(err) {
    this.busy(false);
    this.error.hidden = !err;
    this.error.textContent = err ? `${err.param ?? ""}${err.param ? ": " : ""}${err.message}` : "";
    if (err) this.result.replaceChildren();
    this.figure = null;
  }

  /** Draws a finished sweep document. */
  show(doc) {
    const t = this.t;
    const s = doc.sweep;
    this.showError(null);
    const metric = this.metricLabel(s.metric_text.split("@")[0]);
    // A cell or a table row watches the run behind the first series that has a trace.
    const onCell = (i) => this.onPoint(i, s.traces.find((x) => x !== null) ?? "");
    // Rows that are numbers (an attempt count, a scan) are named with their column: "attempts 2".
    const rowName = t.has(`col.${this.lesson}.${s.row_column}`) ? t(`col.${this.lesson}.${s.row_column}`) : s.row_column;
    for (const series of [...s.series, ...(s.chart?.series ?? [])]) {
      if (!series.name_key && /^[\d.,-]+$/.test(series.name)) series.name = `${rowName} ${series.name}`;
    }
    if (s.chart) {
      const caption = t("ui.sweep.caption", { metric, param: t(`param.${this.lesson}.${s.x.name}`) });
      this.figure = chartFigure(s.chart, this.lesson, t, {
        caption,
        table: false, // its own table below, with a "watch" button per row
        onPoint: (p) => this.onPoint(s.x.values.indexOf(p.x), p.trace ?? ""),
      });
      this.result.replaceChildren(this.figure.node, this.#lineTable(s, onCell));
    } else {
      const caption = t("ui.sweep.caption2", {
        metric,
        row: s.series[0].name_key && t.has(`label.${s.series[0].name_key}`) ? t(`label.${s.series[0].name_key}`) : s.series[0].name,
        x: t(`param.${this.lesson}.${s.x.name}`),
        y: t(`param.${this.lesson}.${s.y.name}`),
      });
      this.figure = heatmapFigure(s, this.lesson, t, { caption, onCell });
      this.result.replaceChildren(this.figure.node, el("details", { class: "data-fold" }, el("summary", {}, t("ui.sweep.data")), heatmapTable(s, this.lesson, t, onCell)));
    }
    this.result.append(el("p", { class: "hint" }, t("ui.sweep.point_hint")));
  }

  #lineTable(s, onCell) {
    const t = this.t;
    const name = (series) => (series.name_key && t.has(`label.${series.name_key}`) ? t(`label.${series.name_key}`) : series.name);
    return el(
      "details",
      { class: "data-fold" },
      el("summary", {}, t("ui.sweep.data")),
      el(
        "table",
        { class: "data" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, s.x.name), s.series.map((series) => el("th", { scope: "col" }, name(series))), el("th", {}))),
        el(
          "tbody",
          {},
          s.x.texts.map((x, i) =>
            el(
              "tr",
              {},
              el("th", { scope: "row" }, x),
              s.series.map((series) => el("td", {}, formatNumber(series.values[i], t, series.decimals))),
              el("td", {}, el("button", { type: "button", class: "link", onclick: () => onCell(i) }, t("ui.watch_open"))),
            ),
          ),
        ),
      ),
    );
  }

  draw(width) {
    this.figure?.draw(width);
  }
}
