// A lesson's fault maps (parameters of kind "faults", such as the supervisor's hung and permanent
// steps) as one job × step grid: a click cycles a cell through no fault and each map in the
// schema's order. A job has at most one fault in each map (the lesson's ASILI and KALICI are maps
// from job to step), so marking a cell clears the same map elsewhere in its row.
import { el } from "../dom.js";

/** The codec text (`S2@indirim,...`) of a list of faults, order kept. */
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

/** Renders the grid of `maps` ([{name, faults}]) over `jobs` × `steps`; `onSet({name: text})`
 * is called on every click with every map's new text. A state's label is `ui.fault.<name>`; its
 * symbol is the label's first letter. */
export function faultGrid({ jobs, steps, maps }, t, onSet) {
  const { names, state, texts } = faultCycle(maps);
  const label = (s) => t(`ui.fault.${s}`);
  const symbol = (s) => (s === "none" ? "" : label(s).charAt(0).toLocaleUpperCase(t.lang));
  const cycle = (job, step) => onSet(texts(job, step));
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
                onclick: () => cycle(job, step),
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
