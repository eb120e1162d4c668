// The parameter panel: one control per parameter of the lesson, named after it (the `name`
// attribute is the parameter's name), built from the core's schema so no default or bound is
// repeated here. What the user types is kept as typed; the core decides what it means.
import { el, uid } from "../dom.js";
import { faultCycle, faultGrid } from "./faults.js";
import { stepsEditor } from "./steps.js";
import { rowsEditor } from "./rows.js";
import { allowedText } from "../i18n/errors.js";

const DEBOUNCE_MS = 300;
const GRID_MAX_JOBS = 60;

export class Panel {
  constructor({ lesson, specs, t, onChange, onRandomSeed }) {
    this.lesson = lesson;
    this.specs = specs;
    this.t = t;
    this.onChange = onChange;
    this.fields = new Map();
    this.timers = new Map();
    /** The refused parameters last shown (#openAtRefusal). */
    this.refused = "";
    /** The fault maps as cycles (for the timeline's "set a fault here"), or null. */
    this.faults = null;
    const titleId = uid("params");
    this.extras = el("div", { class: "extras" });
    // On a phone the panel starts folded, so the tables come first on the screen.
    const narrow = window.matchMedia("(max-width: 52rem)").matches;
    this.node = el(
      "form",
      { class: "panel", "aria-labelledby": titleId, novalidate: true, onsubmit: (e) => e.preventDefault() },
      el(
        "details",
        { class: "panel-fold", open: !narrow },
        el("summary", {}, el("h2", { id: titleId }, t("ui.params"))),
        el("p", { class: "hint" }, t("ui.params_hint")),
        specs.filter((spec) => !spec.extension).map((spec) => this.#field(spec, onRandomSeed)),
      ),
      // Extensions beyond the lesson, each off at its default, in their own fold (if any).
      specs.some((spec) => spec.extension)
        ? el(
            "details",
            { class: "panel-fold real-fold" },
            el("summary", {}, el("h2", {}, t("ui.real_systems"))),
            el("p", { class: "hint" }, t("ui.real_systems_hint")),
            specs.filter((spec) => spec.extension).map((spec) => this.#field(spec, onRandomSeed)),
          )
        : null,
    );
  }

  #field(spec, onRandomSeed) {
    const t = this.t;
    const id = uid(`p-${spec.name}`);
    const helpId = `${id}-help`;
    const errorId = `${id}-error`;
    const kind = spec.kind.type;
    const numeric = ["int", "seed", "real", "prob"].includes(kind);
    const described = `${helpId} ${errorId}`;
    // A switch is a checkbox, a choice a select; both report the codec's text ("0"/"1", a name).
    const input =
      kind === "switch"
        ? el("input", { id, name: spec.name, type: "checkbox", "aria-describedby": described, onchange: () => this.#typed(spec, input.checked ? "1" : "0", true) })
        : kind === "choice"
          ? el(
              "select",
              { id, name: spec.name, "aria-describedby": described, onchange: () => this.#typed(spec, input.value, true) },
              spec.kind.options.map((o) => el("option", { value: o }, t(`choice.${this.lesson}.${spec.name}.${o}`))),
            )
          : el("input", {
            id,
            name: spec.name,
            type: "text",
            inputmode: kind === "int" || kind === "seed" ? "numeric" : numeric ? "decimal" : undefined,
            autocomplete: "off",
            spellcheck: "false",
            "aria-describedby": `${helpId} ${errorId}`,
            oninput: () => this.#typed(spec, input.value, false),
            onchange: () => this.#typed(spec, input.value, true),
          });
    const parts = [input];
    if (kind === "int") {
      const step = (d) => () => {
        const n = Number.parseInt(input.value, 10);
        if (Number.isFinite(n)) {
          input.value = String(Math.min(spec.kind.max, Math.max(spec.kind.min, n + d)));
          this.#typed(spec, input.value, true);
        }
      };
      parts.unshift(el("button", { type: "button", class: "step-btn", "aria-label": `${t(`param.${this.lesson}.${spec.name}`)} −1`, onclick: step(-1) }, "−"));
      parts.push(el("button", { type: "button", class: "step-btn", "aria-label": `${t(`param.${this.lesson}.${spec.name}`)} +1`, onclick: step(1) }, "+"));
    }
    let slider = null;
    if (kind === "prob") {
      slider = el("input", {
        type: "range",
        min: "0",
        max: "1",
        step: "0.01",
        class: "slider",
        "aria-label": t(`param.${this.lesson}.${spec.name}`),
        oninput: () => {
          input.value = slider.value;
          this.#typed(spec, slider.value, false);
        },
        onchange: () => this.#typed(spec, slider.value, true),
      });
      parts.push(slider);
    }
    if (kind === "seed") {
      parts.push(el("button", { type: "button", class: "small", onclick: () => onRandomSeed(spec.name) }, t("ui.random_seed")));
    }
    const error = el("p", { class: "error", id: errorId, hidden: true });
    // A kind that asks for rows (a lesson's, described by the core) is also a row per key
    // (rows.js), rebuilt from the core's reading of it.
    const rows = spec.kind.rows ? el("div", { class: "keyed-rows-box" }) : null;
    const node = el(
      "div",
      { class: `field kind-${kind}`, dataset: { param: spec.name } },
      el("label", { for: id }, t(`param.${this.lesson}.${spec.name}`)),
      el("div", { class: "control" }, parts),
      rows,
      el("p", { class: "help", id: helpId }, t(`help.${this.lesson}.${spec.name}`)),
      error,
    );
    this.fields.set(spec.name, { spec, input, slider, error, node, kind, rows });
    // The fault grid follows the last fault map; the steps editor comes before the steps' text.
    const lastFaults = this.specs.filter((s) => s.kind.type === "faults").at(-1);
    return spec === lastFaults ? [node, this.extras] : kind === "steps" ? [this.extras, node] : node;
  }

  /** Text typed into a control: decimal commas are read as points in single numbers. */
  #typed(spec, text, immediate) {
    let value = text;
    if (["real", "prob"].includes(spec.kind.type)) value = value.trim().replace(/^(-?\d*),(\d+)$/, "$1.$2");
    clearTimeout(this.timers.get(spec.name));
    if (immediate) this.onChange(spec.name, value);
    else this.timers.set(spec.name, setTimeout(() => this.onChange(spec.name, value), DEBOUNCE_MS));
  }

  /** Shows the resolved state: texts of unfocused controls, errors, the fault grid or steps. */
  update(resolved, values) {
    const t = this.t;
    for (const [name, f] of this.fields) {
      const text = values[name] ?? resolved.params[name];
      if (f.kind === "switch") f.input.checked = resolved.params[name] === "1";
      else if (document.activeElement !== f.input && f.input.value !== text) f.input.value = text;
      if (f.slider && document.activeElement !== f.slider) {
        const n = Number(resolved.params[name]);
        if (Number.isFinite(n)) f.slider.value = String(n);
      }
      const err = resolved.errors.find((e) => e.param === name);
      f.input.setAttribute("aria-invalid", err ? "true" : "false");
      f.node.classList.toggle("invalid", Boolean(err));
      f.error.hidden = !err;
      f.error.textContent = err
        ? t("ui.param_error", { value: err.value ?? "", allowed: allowedText(f.spec, err, t), default: f.spec.default || t("ui.none") })
        : "";
      if (f.rows) this.#updateRows(f, resolved);
    }
    this.#openAtRefusal(resolved);
    this.#updateExtras(resolved);
  }

  /** A value the core refused is said next to its control, so a folded panel (a phone's first
   * screen) opens at it: the tables then show the lesson's value, never silently. Once per new
   * refusal, so a learner who folds the panel again is not fought. */
  #openAtRefusal(resolved) {
    const refused = resolved.errors.map((e) => e.param).filter((name) => this.fields.has(name));
    const key = refused.join(",");
    if (key === this.refused) return;
    this.refused = key;
    const fold = refused.length ? this.fields.get(refused[0]).node.closest("details") : null;
    if (fold) fold.open = true;
  }

  /** A kind's rows from the core's reading of its value (kept as they are while it refuses the
   * text, so what was typed stays); focus stays on the same input. */
  #updateRows(f, resolved) {
    const spec = f.spec.kind.rows;
    const entries = resolved.detail[f.spec.name];
    const count = resolved.detail[spec.count];
    if (!Array.isArray(entries) || resolved.errors.some((e) => e.param === f.spec.name)) return;
    if (!(count <= spec.max_rows)) return void f.rows.replaceChildren();
    const inputs = () => [...f.rows.querySelectorAll("input")];
    const focused = inputs().indexOf(document.activeElement);
    const label = this.t(`param.${this.lesson}.${f.spec.name}`);
    const editor = rowsEditor({ name: f.spec.name, label, count, entries, rows: spec }, this.t, (text) => {
      f.input.value = text;
      this.onChange(f.spec.name, text);
    });
    f.rows.replaceChildren(editor);
    if (focused >= 0) inputs()[focused]?.focus();
  }

  /** Sets every fault map's text at once (one change, one re-run). */
  #setFaults(texts) {
    for (const [name, text] of Object.entries(texts)) this.fields.get(name).input.value = text;
    this.onChange(texts);
  }

  #updateExtras(resolved) {
    // Rebuilt from the resolved state every time; focus stays on the same control.
    const focusables = () => [...this.extras.querySelectorAll("button, input")];
    const focused = focusables().indexOf(document.activeElement);
    const d = resolved.detail;
    let extra = null;
    // The fault maps as one grid, unless the values make them irrelevant (random faults).
    const maps = this.specs.filter((s) => s.kind.type === "faults" && !resolved.ignored.includes(s.name));
    const steps = this.specs.find((s) => s.kind.type === "steps");
    const faultMaps = maps.map((m) => ({ name: m.name, faults: d[m.name] }));
    this.faults = maps.length ? { ...faultCycle(faultMaps), set: (texts) => this.#setFaults(texts) } : null;
    if (maps.length && d[maps[0].kind.jobs] <= GRID_MAX_JOBS) {
      const { jobs, steps: stepNames } = maps[0].kind;
      extra = faultGrid({ jobs: d[jobs], steps: d[stepNames], maps: faultMaps }, this.t, (texts) => this.#setFaults(texts));
    } else if (steps) {
      extra = stepsEditor(d[steps.name], this.t, (text) => {
        this.fields.get(steps.name).input.value = text;
        this.onChange(steps.name, text);
      });
    }
    this.extras.replaceChildren(...(extra ? [extra] : []));
    if (focused >= 0) focusables()[Math.min(focused, focusables().length - 1)]?.focus();
  }
}
