// "Sweep anything": the form that picks one or two numeric parameters, their values and a
// metric, and the place its result is drawn (a line chart, or a heatmap for two parameters,
// each with its data table). The choices live in the link (sweep=, sweep_y=, metric=); the core
// parses them, runs every point and reports errors that name the key and the value.
import { el, uid } from "../dom.js";
import { formatNumber } from "../i18n/index.js";
import { chartFigure, dataFold } from "../render/chart.js";
import { heatmapFigure, heatmapTable } from "../render/heatmap.js";
import { splitAxis } from "../state/axis.js";
import { note } from "../i18n/sweep-notes.js";

export { splitAxis };

/** `a..b:n` or `a..b` as {from, to, steps}; null for a list. */
function splitRange(values) {
  const m = /^\s*([^.:,\s][^:,]*?)\s*\.\.\s*([^:,]+?)\s*(?::\s*(\d+)\s*)?$/.exec(values ?? "");
  return m ? { from: m[1], to: m[2], steps: m[3] ?? "" } : null;
}

/** A decimal comma typed on a Turkish keyboard reads as a point. */
const point = (text) => text.trim().replace(/^(-?\d*),(\d+)$/, "$1.$2");

/** One axis of the form: a parameter select and its values, as a range (from, to, points) or a
 * list, built from the core's suggested ranges; `text()` is the codec's `name:values`. */
class AxisFields {
  constructor({ id, label, names, axes, t, lesson, value, optional, onChange }) {
    this.axes = axes;
    this.t = t;
    const current = splitAxis(value);
    const range = splitRange(current.values);
    const option = (name) => el("option", { value: name, selected: name === (current.name || (optional ? "" : names[0])) }, t(`param.${lesson}.${name}`));
    this.name = el("select", { id: `${id}-p`, name: optional ? "sweep-y-param" : "sweep-param" }, optional ? el("option", { value: "" }, t("ui.sweep.none")) : null, names.map(option));
    this.mode = el(
      "select",
      { id: `${id}-mode`, name: optional ? "sweep-y-mode" : "sweep-mode", "aria-label": t("ui.sweep.mode") },
      el("option", { value: "range", selected: !current.values || Boolean(range) }, t("ui.sweep.mode_range")),
      el("option", { value: "list", selected: Boolean(current.values) && !range }, t("ui.sweep.mode_list")),
    );
    const input = (name, v, mode = "decimal") => el("input", { id: `${id}-${name}`, name: `${optional ? "sweep-y" : "sweep"}-${name}`, type: "text", inputmode: mode, value: v, autocomplete: "off", spellcheck: "false" });
    this.from = input("from", range?.from ?? "");
    this.to = input("to", range?.to ?? "");
    this.steps = input("steps", range?.steps ?? "", "numeric");
    this.list = input("list", range ? "" : current.values, "text");
    this.rangeBox = el(
      "div",
      { class: "axis-range" },
      field(t("ui.sweep.from"), this.from),
      field(t("ui.sweep.to"), this.to),
      field(t("ui.sweep.steps"), this.steps),
    );
    this.listBox = el("div", { class: "axis-list" }, field(t("ui.sweep.list"), this.list, t("ui.sweep.list_help")));
    const changed = () => {
      this.#sync(true);
      onChange?.();
    };
    this.name.addEventListener("change", changed);
    this.mode.addEventListener("change", () => (this.#sync(false), onChange?.()));
    for (const f of [this.from, this.to, this.steps, this.list]) f.addEventListener("change", () => onChange?.());
    this.node = el(
      "fieldset",
      { class: "sweep-axis" },
      el("legend", {}, label),
      field(t("ui.sweep.param"), this.name),
      field(t("ui.sweep.mode"), this.mode),
      this.rangeBox,
      this.listBox,
    );
    this.#sync(!current.values);
  }

  /** Shows the fields of the mode; `fresh` fills them with the core's range for the parameter. */
  #sync(fresh) {
    const axis = this.axes.find((a) => a.name === this.name.value);
    const on = Boolean(axis);
    this.mode.disabled = !on;
    this.rangeBox.hidden = !on || this.mode.value !== "range";
    this.listBox.hidden = !on || this.mode.value !== "list";
    if (axis && fresh) {
      this.from.value = axis.from;
      this.to.value = axis.to;
      this.steps.value = String(axis.steps);
      this.list.value = [axis.from, axis.to].join(",");
    }
  }

  /** The parameter chosen ("" for none). */
  get param() {
    return this.name.value;
  }

  /** The codec's `name:values`, or null when no parameter is chosen. */
  text() {
    if (!this.name.value) return null;
    const values = this.mode.value === "list" ? this.list.value.split(",").map(point).filter(Boolean).join(",") : `${point(this.from.value)}..${point(this.to.value)}${this.steps.value.trim() ? `:${this.steps.value.trim()}` : ""}`;
    return `${this.name.value}:${values}`;
  }

  /** Refills the fields from a typed `name:values` (the advanced form). */
  set(text) {
    const current = splitAxis(text);
    this.name.value = current.name;
    const range = splitRange(current.values);
    this.mode.value = range ? "range" : "list";
    if (range) {
      this.from.value = range.from;
      this.to.value = range.to;
      this.steps.value = range.steps;
    } else this.list.value = current.values;
    this.#sync(false);
  }
}

function field(label, control, help) {
  return el("div", { class: "field" }, el("label", { for: control.id }, label), control, help ? el("p", { class: "help" }, help) : null);
}

export class SweepSection {
  /**
   * @param {object} o
   * @param {string} o.lesson
   * @param {object[]} o.specs the lesson's parameter schema
   * @param {object|null} o.options the core's sweep options at the page's parameters (axes with
   *   suggested ranges, metric_options with rows and the parameters each moves with)
   * @param {object} o.view the link's sweep keys as typed
   * @param {Function} o.t
   * @param {Function} o.onRun called with {sweep, sweep_y, metric} (texts) or null to remove
   * @param {Function} o.onPoint called with (point index, trace, the mark tapped) to watch that run
   * @param {Function} o.onCancel
   */
  constructor({ lesson, specs, options, view, t, onRun, onPoint, onCancel, open, onHeat = null }) {
    this.lesson = lesson;
    // The heatmaps' colour scale, one for all panels (the link's heat=log).
    this.heatLog = view.heat === "log";
    this.onHeat = onHeat;
    this.specs = specs;
    this.t = t;
    this.onPoint = onPoint;
    this.figures = [];
    this.options = options;
    const id = uid("sweep");
    const names = options?.params ?? [];
    const axes = options?.axes ?? [];
    const metrics = options?.metric_options ?? [];
    const submit = () => this.form.requestSubmit();
    this.x = new AxisFields({ id: `${id}-x`, label: t("ui.sweep.x"), names, axes, t, lesson, value: view.sweep, onChange: () => this.#flag(true) });
    this.y = new AxisFields({ id: `${id}-y`, label: t("ui.sweep.y"), names, axes, t, lesson, value: view.sweep_y, optional: true, onChange: () => this.#flag(true) });
    // When no metric moves with both axes: said, with the pairs that do (role=status: heard).
    this.pairs = el("div", { class: "sweep-pairs note", role: "status", hidden: true });
    // Metrics: several at once (small multiples); a change runs the sweep again.
    const chosen = (view.metric || options?.default_metric || "").split(",").map((m) => m.split("@")[0]);
    const row = (view.metric || "").split(",")[0].split("@")[1] ?? "";
    this.metricBoxes = metrics.map((m) => {
      const box = el("input", { type: "checkbox", name: "metric", value: m.metric, checked: chosen.includes(m.metric), onchange: () => (this.#rows(), submit()) });
      const why = el("span", { class: "hint flag" });
      return { m, box, why, node: el("li", {}, el("label", {}, box, " ", this.metricLabel(m.metric)), " ", why) };
    });
    this.metricList = el("fieldset", { class: "sweep-metrics" }, el("legend", {}, t("ui.sweep.metric")), el("ul", {}, this.metricBoxes.map((b) => b.node)));
    this.row = el("select", { id: `${id}-row`, name: "metric-row", onchange: submit });
    this.rowField = field(t("ui.sweep.row"), this.row, t("ui.sweep.row_help"));
    this.rowWanted = row;
    // The typed form (the link's own text), for those who know it.
    this.typedAxis = el("input", { id: `${id}-tx`, name: "sweep-text", type: "text", value: view.sweep ?? "", autocomplete: "off", spellcheck: "false" });
    this.typedAxisY = el("input", { id: `${id}-ty`, name: "sweep-y-text", type: "text", value: view.sweep_y ?? "", autocomplete: "off", spellcheck: "false" });
    this.typedMetric = el("input", { id: `${id}-tm`, name: "metric-text", type: "text", value: view.metric ?? "", autocomplete: "off", spellcheck: "false" });
    this.typed = el(
      "details",
      { class: "sweep-typed" },
      el("summary", {}, t("ui.sweep.typed")),
      el("p", { class: "hint" }, t("ui.sweep.values_help")),
      field("sweep", this.typedAxis),
      field("sweep_y", this.typedAxisY),
      field("metric", this.typedMetric),
      el("button", { type: "button", class: "small", onclick: () => onRun({ sweep: this.typedAxis.value.trim(), sweep_y: this.typedAxisY.value.trim() || null, metric: this.typedMetric.value.trim() }) }, t("ui.sweep.run")),
    );
    this.error = el("p", { class: "field-error", role: "alert", hidden: true });
    this.progress = el("progress", { max: "1" });
    this.progressText = el("span", {}, t("ui.running"));
    this.status = el(
      "div",
      { class: "run-status", hidden: true },
      this.progress,
      this.progressText,
      el("button", { type: "button", class: "small", onclick: () => onCancel?.() }, t("ui.cancel")),
    );
    this.result = el("div", { class: "sweep-result" });
    this.form = el(
      "form",
      {
        class: "sweep-form",
        novalidate: true,
        onsubmit: (e) => {
          e.preventDefault();
          const request = this.request();
          if (request.error) return this.showError({ message: request.error });
          this.typedAxis.value = request.sweep;
          this.typedAxisY.value = request.sweep_y ?? "";
          this.typedMetric.value = request.metric;
          onRun(request);
        },
      },
      el("div", { class: "sweep-fields" }, this.x.node, this.y.node, this.pairs, this.metricList, this.rowField),
      el(
        "div",
        { class: "actions" },
        el("button", { type: "submit", class: "small primary" }, t("ui.sweep.run")),
        el("button", { type: "button", class: "small", onclick: () => onRun(null) }, t("ui.sweep.clear")),
      ),
      this.error,
      this.typed,
    );
    this.node = el(
      "details",
      { class: "sweep", open: open || Boolean(view.sweep), id: "sweep" },
      el("summary", {}, el("h2", {}, t("ui.sweep"))),
      el("p", { class: "hint" }, t("ui.sweep_hint")),
      options ? this.form : el("p", { class: "hint" }, t("ui.sweep.loading")),
      this.status,
      this.result,
    );
    this.#flag(false);
  }

  /** What a cancel says, in the reader's language. */
  cancelText() {
    return note(this.t.lang, "cancelled");
  }

  /** A cancelled sweep: said in the form's place (the sweep drawn before, if any, stays). */
  cancelled(text) {
    this.busy(false);
    this.error.hidden = false;
    this.error.textContent = text;
  }

  /** The form's choices as the link's keys, or {error} in the reader's language. */
  request() {
    const t = this.t;
    const metrics = this.metricBoxes.filter((b) => b.box.checked && !b.box.disabled).map((b) => b.m.metric);
    if (!metrics.length) return { error: t("ui.sweep.no_metric") };
    for (const axis of [this.x, this.y]) {
      if (!axis.param || axis.mode.value !== "range") continue;
      const a = this.options.axes.find((o) => o.name === axis.param);
      const [from, to] = [point(axis.from.value), point(axis.to.value)].map(Number);
      const steps = Number(axis.steps.value);
      const bounds = { min: a.min, max: a.max };
      if (![from, to].every((v) => Number.isFinite(v) && v >= a.min && v <= a.max) || from > to)
        return { error: t("ui.sweep.bad_range", { param: t(`param.${this.lesson}.${a.name}`), ...bounds }) };
      // No count: the core's own (a link's `seed:1..5` is every whole value), as the link says it.
      if (axis.steps.value.trim() !== "" && (!Number.isInteger(steps) || steps < 2 || steps > 200)) return { error: t("ui.sweep.bad_steps") };
    }
    const row = this.y.param && this.row.value ? `@${this.row.value}` : "";
    return { sweep: this.x.text(), sweep_y: this.y.param ? this.y.text() : null, metric: metrics.map((m, i) => (i === 0 ? m + row : m)).join(",") };
  }

  /** Marks the metrics that do not move with the swept parameters (a flat line or heatmap that
   * would read as "this does not matter"): they cannot be chosen, and say why. */
  #flag(user) {
    const t = this.t;
    const swept = [this.x.param, this.y.param].filter(Boolean);
    const still = (b) => (b.m.depends ? swept.filter((p) => !b.m.depends.includes(p)) : []);
    for (const b of this.metricBoxes) {
      const flat = still(b);
      b.box.disabled = flat.length === swept.length && swept.length > 0;
      // A metric flat along a chosen axis is never left chosen by the form: the learner may
      // choose it again, and its drawing says it is flat (a link's own choice stays).
      if (b.box.disabled || (user && flat.length)) b.box.checked = false;
      b.why.textContent = flat.length ? t("ui.sweep.flat", { params: flat.map((p) => t(`param.${this.lesson}.${p}`)).join(", ") }) : "";
    }
    // None left chosen: the lesson's default metric, else the first that moves with every axis.
    if (!this.metricBoxes.some((b) => b.box.checked)) {
      const moves = (b) => !b.box.disabled && still(b).length === 0;
      const first = this.metricBoxes.find((b) => moves(b) && b.m.metric === this.options.default_metric) ?? this.metricBoxes.find(moves);
      if (first) first.box.checked = true;
    }
    this.#pairs(swept);
    this.#rows();
  }

  /** Two axes with no metric moving along both: says so and offers the pairs that have one,
   * keeping either chosen axis (the core's `depends` of each metric). */
  #pairs(swept) {
    const t = this.t;
    const deps = this.metricBoxes.map((b) => b.m.depends).filter(Boolean);
    const both = swept.length === 2 && deps.length === this.metricBoxes.length && !deps.some((d) => swept.every((p) => d.includes(p)));
    this.pairs.hidden = !both;
    if (!both) return this.pairs.replaceChildren();
    const [x, y] = swept;
    const name = (p) => t(`param.${this.lesson}.${p}`);
    const offers = [];
    const seen = new Set();
    for (const [keep, axis] of [[x, "y"], [y, "x"]]) {
      for (const d of deps) {
        if (!d.includes(keep)) continue;
        for (const other of d) {
          const pair = axis === "y" ? [keep, other] : [other, keep];
          const id = pair.join("×");
          if (other === keep || seen.has(id) || offers.length >= 6) continue;
          seen.add(id);
          offers.push({ pair, axis, other });
        }
      }
    }
    this.pairs.replaceChildren(
      el("p", {}, note(t.lang, "no_pair", { x: name(x), y: name(y) })),
      offers.length ? el("p", {}, note(t.lang, "pairs")) : null,
      offers.length
        ? el(
            "ul",
            { class: "pair-list" },
            offers.map((o) =>
              el(
                "li",
                {},
                el("button", { type: "button", class: "small", onclick: () => this.#choose(o.axis, o.other) }, note(t.lang, "pair", { x: name(o.pair[0]), y: name(o.pair[1]) })),
              ),
            ),
          )
        : null,
    );
  }

  /** Puts `param` on an axis ("x" or "y") with the core's range for it, as a choice of the select would. */
  #choose(axis, param) {
    const fields = axis === "x" ? this.x : this.y;
    fields.name.value = param;
    fields.name.dispatchEvent(new Event("change"));
    fields.name.focus();
  }

  /** The heatmap's row select: the rows of the first chosen metric's table, as the table labels
   * them. */
  #rows() {
    const t = this.t;
    const first = this.metricBoxes.find((b) => b.box.checked);
    const rows = first?.m.rows ?? [];
    const keep = this.row.value || this.rowWanted;
    this.row.replaceChildren(
      el("option", { value: "" }, t("ui.sweep.row_first")),
      ...rows.map((r) => el("option", { value: r.value, selected: r.value === keep }, r.key && t.has(`label.${r.key}`) ? t(`label.${r.key}`) : r.text)),
    );
    this.rowField.hidden = !this.y.param;
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
    // A long sweep says how far it is, in words too.
    if (share === undefined || share === null) {
      this.progress.removeAttribute("value");
      this.progressText.textContent = this.t("ui.running");
    } else {
      this.progress.value = share;
      this.progressText.textContent = this.t("ui.running_share", { percent: Math.floor(share * 100) });
    }
  }

  showError(err) {
    this.busy(false);
    this.error.hidden = !err;
    // A budget the core words (its limit and what to lower) is said as it says it.
    const generic = err?.code === "too_much_work" && !err.key;
    this.error.textContent = err ? (generic ? this.t("ui.sweep.too_big") : `${err.param ?? ""}${err.param ? ": " : ""}${err.message}`) : "";
    if (err) this.result.replaceChildren();
    this.figures = [];
  }

  /** Draws a finished sweep document: one figure per metric (small multiples). */
  show(doc) {
    const t = this.t;
    const s = doc.sweep;
    this.showError(null);
    const panels = [s, ...(s.more ?? [])].map((p) => ({ ...s, ...p }));
    // Rows that are numbers (an attempt count, a scan) are named with their column: "attempts 2".
    for (const p of panels) {
      const rowName = t.has(`col.${this.lesson}.${p.row_column}`) ? t(`col.${this.lesson}.${p.row_column}`) : p.row_column;
      for (const series of [...p.series, ...(p.chart?.series ?? [])]) {
        if (!series.name_key && /^[\d.,-]+$/.test(series.name)) series.name = `${rowName} ${series.name}`;
      }
    }
    this.figures = [];
    const nodes = panels.map((p) => {
      const metric = this.metricLabel(p.metric_text.split("@")[0]);
      // Flat along any swept axis, by the sweep's own values (the core's `flat`): said as a note
      // beside the drawing, never drawn silently.
      const flat = p.flat?.length ? el("p", { class: "note flat-note", role: "note" }, note(t.lang, "flat_drawn", { params: p.flat.map((n) => t(`param.${this.lesson}.${n}`)).join(", ") })) : null;
      // A cell or a table row watches the run behind the first series that has a trace.
      const onCell = (i) => this.onPoint(i, p.traces.find((x) => x !== null) ?? "");
      if (p.chart) {
        const caption = t("ui.sweep.caption", { metric, param: t(`param.${this.lesson}.${s.x.name}`) });
        const figure = chartFigure(p.chart, this.lesson, t, {
          caption,
          table: false, // its own table below, with a "watch" button per row
          onPoint: (pt, mark) => this.onPoint(s.x.values.indexOf(pt.x), pt.trace ?? "", mark),
        });
        this.figures.push(figure);
        return el("div", { class: "sweep-panel" }, figure.node, flat, this.#lineTable(p, onCell));
      }
      const caption = t("ui.sweep.caption2", {
        metric,
        row: p.series[0].name_key && t.has(`label.${p.series[0].name_key}`) ? t(`label.${p.series[0].name_key}`) : p.series[0].name,
        x: t(`param.${this.lesson}.${s.x.name}`),
        y: t(`param.${this.lesson}.${s.y.name}`),
      });
      const onLog = (on) => {
        this.heatLog = on;
        for (const f of this.figures) f.setLog?.(on);
        this.onHeat?.(on);
      };
      const figure = heatmapFigure(p, this.lesson, t, { caption, onCell, log: this.heatLog, onLog });
      this.figures.push(figure);
      // A large heatmap's table (441 cells a panel) is built when its fold opens.
      const cells = s.x.texts.length * s.y.texts.length;
      const data =
        cells > 100
          ? dataFold("heat-data-fold", t, () => heatmapTable(p, this.lesson, t, onCell))
          : el("details", { class: "data-fold" }, el("summary", {}, t("ui.sweep.data")), heatmapTable(p, this.lesson, t, onCell));
      return el("div", { class: "sweep-panel" }, figure.node, flat, data);
    });
    this.result.replaceChildren(el("div", { class: panels.length > 1 ? "sweep-panels many" : "sweep-panels" }, nodes));
    this.result.append(el("p", { class: "hint" }, t("ui.sweep.point_hint")));
  }

  #lineTable(s, onCell) {
    const t = this.t;
    const name = (series) => (series.name_key && t.has(`label.${series.name_key}`) ? t(`label.${series.name_key}`) : series.name);
    // A large table is built when its fold opens (a sweep of 200 points and 16 rows is 3,600
    // cells a panel): the page's drawing stays within its budget.
    const cells = s.x.texts.length * (s.series.length + 2);
    const table = () =>
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
      );
    if (cells > 600) return dataFold("sweep-data", t, table);
    return el("details", { class: "data-fold" }, el("summary", {}, t("ui.sweep.data")), table());
  }

  draw(width) {
    // Small multiples share the width, two side by side when there is room.
    const each = this.figures.length > 1 && width >= 720 ? Math.floor(width / 2) - 12 : width;
    for (const f of this.figures) f.draw(each);
  }
}
