// The supervisor's faults as a job × step grid: a click cycles a cell through none → hung →
// permanent. A job has at most one hung and one permanent step (the lesson's ASILI and KALICI
// are maps from job to step), so marking a cell clears the same kind elsewhere in its row.
import { el } from "../dom.js";

/** The fault texts (`S2@indirim,...`) of `hung` and `permanent` lists, order kept. */
export function faultText(list) {
  return list.map((f) => `S${f.job}@${f.step}`).join(",");
}

/** Renders the grid; `onSet(hungText, permanentText)` is called on every click. */
export function faultGrid({ jobs, steps, hung, permanent }, t, onSet) {
  const state = (job, step) => {
    if (permanent.some((f) => f.job === job && f.step === step)) return "permanent";
    if (hung.some((f) => f.job === job && f.step === step)) return "hung";
    return "none";
  };
  const cycle = (job, step) => {
    const here = (f) => f.job === job && f.step === step;
    const now = state(job, step);
    let h = hung.filter((f) => !here(f));
    let p = permanent.filter((f) => !here(f));
    if (now === "none") {
      h = h.filter((f) => f.job !== job);
      h.push({ job, step });
    } else if (now === "hung") {
      p = p.filter((f) => f.job !== job);
      p.push({ job, step });
    }
    onSet(faultText(h), faultText(p));
  };
  const symbol = { none: "", hung: t.lang === "tr" ? "A" : "H", permanent: t.lang === "tr" ? "K" : "P" };
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
                class: `fault ${s}`,
                dataset: { job: String(job), step, state: s },
                "aria-label": `S${job}, ${step}: ${t(`ui.fault.${s}`)}`,
                onclick: () => cycle(job, step),
              },
              symbol[s],
            ),
          );
        }),
      ),
    );
  }
  return el(
    "div",
    { class: "fault-grid" },
    el("p", { class: "grid-title" }, t("ui.faults_grid")),
    el(
      "ul",
      { class: "grid-key" },
      ["hung", "permanent"].map((s) => el("li", {}, el("span", { class: `fault ${s}`, "aria-hidden": "true" }, symbol[s]), t(`ui.fault.${s}`))),
    ),
    el(
      "div",
      { class: "grid-scroll" },
      el("table", {}, el("thead", {}, el("tr", {}, el("td"), steps.map((s) => el("th", { scope: "col" }, s)))), el("tbody", {}, rows)),
    ),
  );
}
