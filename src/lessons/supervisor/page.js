// The supervisor lesson's page controls (copied into the built site as lessons/supervisor/page.js
// by tools/texts.mjs; the panel finds them by kind, www/controls/panel.js). Its fault maps (kind
// "faults": the lesson's ASILI and KALICI, `S2@indirim,...`) are one job × step grid: a click
// cycles a cell through no fault and each map in the schema's order. A job has at most one fault
// in each map (the maps go from job to step), so marking a cell clears the same map elsewhere in
// its row. The timeline's bars offer the same cycle at a job's step. Like every lesson folder's
// page code it imports nothing: the page hands it its DOM builder (`kit.el`).

/** The most jobs the grid draws; with more, the maps' text fields alone. */
const GRID_MAX_JOBS = 60;

/** The codec text (`S2@indirim,...`) of a list of faults ([{job, step}]), order kept. */
export function faultText(list) {
  return list.map((f) => `S${f.job}@${f.step}`).join(",");
}

/** The fault maps ([{name, faults}]) as one cycle per cell: `state(job, step)` is the map that
 * holds it ("none" if none; the last map holding a cell wins, as the model reads them),
 * `next(job, step)` the state a click gives, `texts(job, step)` every map's text after it. */
export function faultCycle(maps) {
  const names = ["none", ...maps.map((m) => m.name)];
  const state = (job, step) => {
    for (let i = maps.length - 1; i >= 0; i -= 1) if (maps[i].faults.some((f) => f.job === job && f.step === step)) return maps[i].name;
    return "none";
  };
  const next = (job, step) => names[(names.indexOf(state(job, step)) + 1) % names.length];
  const texts = (job, step) => {
    const here = (f) => f.job === job && f.step === step;
    const to = next(job, step);
    const out = {};
    for (const m of maps) {
      let list = m.faults.filter((f) => !here(f));
      if (m.name === to) list = [...list.filter((f) => f.job !== job), { job, step }];
      out[m.name] = faultText(list);
    }
    return out;
  };
  return { names, state, next, texts };
}

/** A state's label: `ui.fault.<map>` (the lesson's texts), or no fault. */
const labelOf = (t) => (s) => (s === "none" ? t("ui.fault.none") : t(`ui.fault.${s}`));

/** The grid of `maps` ([{name, faults}]) over `jobs` × `steps`; `onSet({name: text})` hears every
 * click with every map's new text. A state's symbol is its label's first letter. */
export function faultGrid({ jobs, steps, maps }, t, el, onSet) {
  const { names, state, texts } = faultCycle(maps);
  const label = labelOf(t);
  const symbol = (s) => (s === "none" ? "" : label(s).charAt(0).toLocaleUpperCase(t.lang));
  const level = (s) => `fault level-${names.indexOf(s)}`;
  const rows = [];
  for (let job = 1; job <= jobs; job += 1) {
    rows.push(
      el(
        "tr",
        {},
        el("th", { scope: "row" }, `S${job}`),
        steps.map((step) => {
          const s = state(job, step);
          return el(
            "td",
            {},
            el(
              "button",
              {
                type: "button",
                class: level(s),
                dataset: { job: String(job), step, state: s },
                "aria-label": `S${job}, ${step}: ${label(s)}`,
                onclick: () => onSet(texts(job, step)),
              },
              symbol(s),
            ),
          );
        }),
      ),
    );
  }
  return el(
    "div",
    { class: "fault-grid" },
    el("p", { class: "grid-title" }, t("ui.faults_grid", { states: names.map(label).join(" → ") })),
    el(
      "ul",
      { class: "grid-key" },
      names.slice(1).map((s) => el("li", {}, el("span", { class: level(s), "aria-hidden": "true" }, symbol(s)), label(s))),
    ),
    el(
      "div",
      { class: "grid-scroll" },
      el("table", {}, el("thead", {}, el("tr", {}, el("td"), steps.map((s) => el("th", { scope: "col" }, s)))), el("tbody", {}, rows)),
    ),
  );
}

/** The page controls of this lesson's own kinds, by the kind's schema `type`. */
export const controls = {
  faults: {
    /** Drawn after the last parameter of the kind. */
    place: "after",
    /** Every map the values do not make irrelevant (`specs`: random faults ignore them) as one
     * grid, and the timeline's offer at a job's step: lane i is job i + 1. */
    build({ specs, detail, t, kit, set }) {
      if (!specs.length) return null;
      const maps = specs.map((s) => ({ name: s.name, faults: detail[s.name] ?? [] }));
      const cycle = faultCycle(maps);
      const label = labelOf(t);
      const { jobs, steps } = specs[0].kind;
      const node = detail[jobs] <= GRID_MAX_JOBS ? faultGrid({ jobs: detail[jobs], steps: detail[steps], maps }, t, kit.el, set) : null;
      const offer = (lane, step) => {
        const job = lane + 1;
        const next = cycle.next(job, step);
        return {
          text: t("ui.trace.fault_now", { job: `S${job}`, step, state: label(cycle.state(job, step)) }),
          action: t("ui.trace.fault_set", { state: label(next) }),
          data: { job: String(job), step, next },
          apply: () => set(cycle.texts(job, step)),
        };
      };
      return { node, intervene: { offer } };
    },
  },
};
