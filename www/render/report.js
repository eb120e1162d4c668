// The core's report as the page shows it: sections, group headings, sentences with their values,
// tables and charts. Every number comes from the core; this file only arranges and translates.
import { el, uid } from "../dom.js";
import { counted, formatCell, slots } from "../i18n/index.js";
import { renderTable } from "./table.js";
import { chartFigure } from "./chart.js";

/** Renders the sections of `doc` (the core's run result). With `doc.figure` (a key the core
 * found in the report), only that table or chart, under its group's heading. `block`, if given,
 * draws each table and sentence instead (compare mode). */
export function renderReport(doc, t, { showSectionTitles = true, onPoint, block: blockView } = {}) {
  const lesson = doc.lesson;
  const charts = [];
  // A long table the core cut to its first rows (the page's budget): said under it.
  const cut = new Map((doc.cut ?? []).map((c) => [c.key, c]));
  const cutNote = (block) =>
    block.type === "table" && cut.has(block.key) ? el("p", { class: "chart-note table-cut" }, t("ui.table_cut", { shown: cut.get(block.key).shown, total: cut.get(block.key).total })) : null;
  const only = doc.figure ?? null;
  const holds = (group) => group.charts.some((c) => c.key === only) || group.blocks.some((b) => b.type === "table" && b.key === only);
  const sections = only
    ? doc.sections
        .map((section) => ({ ...section, groups: section.groups.filter(holds).slice(0, 1) }))
        .filter((section) => section.groups.length)
        .slice(0, 1)
        .map((section) => ({
          ...section,
          groups: section.groups.map((g) => ({
            ...g,
            blocks: g.blocks.filter((b) => b.type === "table" && b.key === only),
            charts: g.charts.filter((c) => c.key === only),
          })),
        }))
    : doc.sections;
  if (only) showSectionTitles = false;
  const nodes = sections.map((section) =>
    el(
      "section",
      { class: "report-section", dataset: { section: section.name }, "aria-label": t(`ui.section.${section.name}`) },
      showSectionTitles ? el("h2", { class: "section-title" }, t(`ui.section.${section.name}`)) : null,
      section.groups.map((group) => {
        const headingId = uid("grp");
        const heading = t(`group.${lesson}.${group.key}`);
        const figures = group.charts.map((chart) => {
          const figure = chartFigure(chart, lesson, t, { onPoint });
          charts.push(figure);
          return figure.node;
        });
        return el(
          "div",
          {
            class: group.extension ? "group beyond" : "group",
            role: "group", // named by its heading (aria-labelledby is not allowed on a plain div)
            id: `${lesson}-${group.key}`,
            dataset: { group: group.key },
            "aria-labelledby": headingId,
          },
          el(
            showSectionTitles ? "h3" : "h2", // no level skipped under the page's h1
            { id: headingId },
            heading,
            group.extension ? el("span", { class: "badge", title: t("ui.beyond_lesson_title") }, t("ui.beyond_lesson")) : null,
          ),
          group.blocks.map((block) => [
            blockView ? blockView(block, lesson, t, heading) : block.type === "table" ? renderTable(block, lesson, t, heading) : renderLine(block, lesson, t),
            cutNote(block),
          ]),
          figures.length ? el("div", { class: figures.length > 2 ? "charts many" : "charts" }, figures) : null,
        );
      }),
    ),
  );
  return { nodes, charts };
}

/** A sentence: the translated template with the core's values in it. */
export function renderLine(line, lesson, t) {
  const key = `line.${line.key}`;
  if (!t.has(key)) return el("p", { class: "line", dataset: { line: line.key } }, line.text.trim());
  // `{n|one|other}`: the word for a count, singular for 1 (English "1 unit", "12 units").
  const worded = counted(t(key), (name) => line.values[name]?.value === 1);
  const parts = slots(worded).map(([kind, text]) => {
    if (kind === "text") return text;
    const cell = line.values[text];
    if (!cell) return `{${text}}`;
    const shown = formatCell(cell, t, { name: text });
    return el("span", { class: cell.kind === "text" ? "value text" : "value", dataset: { value: text } }, shown === "" ? t("ui.none") : shown);
  });
  return el("p", { class: "line", dataset: { line: line.key } }, parts);
}
