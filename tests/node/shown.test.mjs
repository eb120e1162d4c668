// What the views show for a state (www/views/shown.js), with the page's own translator and the
// core's answers: the marker, the handout, the link's problems, compare mode's bar, the embed
// dialog's choices, a sweep point's values, the tabs' keys.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { loadLessonTexts, translator } from "../../www/i18n/index.js";
import { update } from "../../www/state/actions.js";
import { rawQuery } from "../../www/state/link.js";
import { changedParams, compareBar, compareText, embedChoices, known, marker, movedValues, printInfo, problems, sweepPoint, tabLessons, tabTarget } from "../../www/views/shown.js";
import { booted, core } from "./page.mjs";
import SITE_LESSONS from "../../www/lessons.js";

/** The site's lessons (www/lessons.js: the registry's, then the script lessons), as the tabs list them. */
const SITE = SITE_LESSONS.map((l) => l.id);

before(() => Promise.all(core.lessons().map((l) => loadLessonTexts(l.id))));

/** The state after the core's reading of `link` (and, with `doc`, its report). */
function read(link, { doc = false } = {}) {
  let s = booted(link);
  s = update(s, { type: "resolved", resolved: core.resolve(rawQuery(s)) });
  return doc ? update(s, { type: "computed", doc: core.run(s.resolved.query) }) : s;
}

test("the marker names every changed value, the core's and the typed ones, or says the lesson's", () => {
  const tr = translator("tr", "jobs");
  assert.deepEqual(marker(read("lesson=jobs"), tr), { changed: false, text: tr("ui.lesson_values") });
  const s = read("lesson=jobs&seed=42&fail_prob=abc");
  assert.deepEqual(changedParams(s), ["seed", "fail_prob"], "a refused value counts as changed: it is what was typed");
  const m = marker(s, tr);
  assert.equal(m.changed, true);
  assert.equal(m.text, tr("ui.changed_values", { names: `${tr("param.jobs.seed")}, ${tr("param.jobs.fail_prob")}` }));
  assert.match(marker(s, translator("en", "jobs")).text, /Seed/i);
});

test("the handout lists each changed value with its name and text", () => {
  const en = translator("en", "jobs");
  const info = printInfo(read("lesson=jobs&seed=42&fail_prob=abc"), en);
  assert.equal(info.intro, en("ui.print.changed"));
  assert.deepEqual(info.items, [`${en("param.jobs.seed")} (seed) = 42`, `${en("param.jobs.fail_prob")} (fail_prob) = abc`]);
  assert.deepEqual(printInfo(read("lesson=jobs"), en), { intro: en("ui.lesson_values"), items: [] });
});

test("a value in a sentence (the handout, what moved) is a number in the page's language; a seed stays as typed", () => {
  const tr = translator("tr", "jobs");
  const s = read("lesson=jobs&seed=20260730&fail_prob=0.35&nights=12000");
  assert.deepEqual([...printInfo(s, tr).items].sort(), [`${tr("param.jobs.nights")} (nights) = 12.000`, `${tr("param.jobs.seed")} (seed) = 20260730`, `${tr("param.jobs.fail_prob")} (fail_prob) = 0,35`].sort());
  assert.deepEqual(movedValues(s, ["fail_prob", "seed"], tr).map((v) => v.value), ["0,35", "20260730"]);
  assert.deepEqual(movedValues(s, ["fail_prob"], translator("en", "jobs")).map((v) => v.value), ["0.35"]);
  // What is not one number is shown as typed (a list, a typo).
  assert.deepEqual(movedValues(read("lesson=jobs&retry_limits=1,3&fail_prob=abc"), ["retry_limits", "fail_prob"], tr).map((v) => v.value), ["1,3", "abc"]);
});

test("the link's problems: what the panel cannot show, the link's own until the first page, a key given twice, a missing figure", () => {
  const tr = translator("tr", "jobs");
  const s = read("lesson=jobs&nope=1&seed=abc&seed=2&lang=xx&figure=none", { doc: true });
  const shown = problems(s, tr, { panel: true });
  const params = shown.map((p) => p.param);
  assert.ok(params.includes("nope"), "an unknown key");
  assert.ok(params.includes("lang"), "a bad language");
  assert.ok(params.includes("seed"), "a key given twice is the link's problem");
  assert.ok(!shown.some((p) => p.param === "seed" && /abc/.test(p.text)), "a bad value is shown at its control");
  const figure = shown.find((p) => p.param === "figure");
  assert.ok(figure && figure.text.includes("none"), JSON.stringify(figure));
  const noPanel = problems(s, tr, { panel: false });
  assert.ok(noPanel.some((p) => p.param === "seed" && p.text.startsWith(`${tr("param.jobs.seed")} (seed): `) && p.text.includes("abc")), "without the panel every problem is listed");
  // After the first page, the page's own queries no longer carry the link's problems.
  const later = update(update(s, { type: "settled" }), { type: "resolved", resolved: core.resolve("lesson=jobs") });
  assert.deepEqual(problems(later, tr, { panel: true }).map((p) => p.param), ["figure"]);
});

test("compare mode's bar: shown when the values differ (with the panel) or a comparison is shown; what A is", () => {
  assert.equal(compareBar(read("lesson=jobs", { doc: true })).shown, false);
  assert.equal(compareBar(read("lesson=jobs&seed=4", { doc: true })).shown, true);
  assert.equal(compareBar(read("lesson=jobs&seed=4&controls=0", { doc: true })).shown, false, "without the panel, only a comparison shows");
  const en = translator("en", "jobs");
  const lesson = read("lesson=jobs&seed=4&vs=", { doc: true });
  assert.deepEqual(compareBar(lesson), { shown: true, on: true, tools: true, toLesson: false, switchable: true });
  assert.equal(compareBar(read("lesson=jobs", { doc: true })).switchable, false, "the toolbar's switch says why it cannot act yet");
  assert.equal(compareText(lesson, en), en("ui.compare.against_lesson"));
  const pinned = read("lesson=jobs&seed=4&vs=seed%3D1", { doc: true });
  assert.equal(compareBar(pinned).toLesson, true);
  assert.equal(compareText(pinned, en), en("ui.compare.against", { values: `${en("param.jobs.seed")} 1 → 4` }));
  assert.equal(compareBar(read("lesson=jobs&seed=4&vs=seed%3D1&controls=0", { doc: true })).tools, false);
});

test("the embed dialog offers the report's sections and every table and chart by its title", () => {
  const tr = translator("tr", "compensation");
  const s = read("lesson=compensation", { doc: true });
  const { sections, figures } = embedChoices(s.doc, "compensation", tr);
  assert.deepEqual(sections.map((x) => x.name), core.lessons().find((l) => l.id === "compensation").sections);
  const keys = s.doc.sections.flatMap((x) => x.groups.flatMap((g) => [...g.blocks.filter((b) => b.type === "table").map((b) => b.key), ...g.charts.map((c) => c.key)]));
  assert.deepEqual(figures.map((f) => f.key).sort(), keys.sort());
  assert.ok(figures.find((f) => f.key === "hung_rate_vs_attempts").label.startsWith(`${tr("ui.embed_chart")}: `));
  assert.deepEqual(embedChoices(null, "compensation", tr), { sections: [], figures: [] });
});

test("a sweep point's values: x runs fastest, then y; each is the core's text", () => {
  const doc = core.sweep("lesson=supervisor&sweep=scan:1..3&sweep_y=lease:2..3&metric=recovery.supervisor_on@worst_recovery");
  const { x, y } = doc.sweep;
  assert.deepEqual(sweepPoint(doc.sweep, 0), { scan: x.texts[0], lease: y.texts[0] });
  assert.deepEqual(sweepPoint(doc.sweep, 4), { scan: x.texts[1], lease: y.texts[1] });
  const line = core.sweep("lesson=compensation&runs=2000&sweep=comp_fail:0,0.1,0.2").sweep;
  assert.deepEqual(sweepPoint(line, 2), { comp_fail: "0.2" });
});

test("the values just set, as 'what moved' names them", () => {
  const en = translator("en", "jobs");
  const s = read("lesson=jobs&seed=42");
  assert.deepEqual(movedValues(s, ["seed", "nights"], en), [
    { label: en("param.jobs.seed"), value: "42" },
    { label: en("param.jobs.nights"), value: s.resolved.params.nights },
  ]);
});

test("the tabs' keys wrap around the registry's lessons; other keys are not theirs", () => {
  const ids = core.lessons().map((l) => l.id);
  assert.equal(tabTarget(ids, ids[0], "ArrowLeft"), ids.at(-1));
  assert.equal(tabTarget(ids, ids.at(-1), "ArrowRight"), ids[0]);
  assert.equal(tabTarget(ids, ids[2], "Home"), ids[0]);
  assert.equal(tabTarget(ids, ids[2], "End"), ids.at(-1));
  assert.equal(tabTarget(ids, ids[2], "Enter"), null);
});

test("the tabs offer every lesson, and only the one shown when a SCORM package launched the page", () => {
  const all = booted("lesson=quotas");
  assert.deepEqual(tabLessons(all).map((l) => l.id), SITE);
  const packaged = booted("lesson=quotas&scorm=1");
  assert.equal(packaged.scorm, true);
  assert.deepEqual(tabLessons(packaged).map((l) => l.id), ["quotas"]);
});

test("a refusal lists the valid choices the core told the page", () => {
  const k = known(read("lesson=jobs"));
  assert.equal(k.lesson, "jobs");
  assert.deepEqual(k.lessons, SITE);
  assert.deepEqual(k.sections, core.lessons().find((l) => l.id === "jobs").sections);
  assert.deepEqual(k.presets, core.presets().filter((p) => p.lesson === "jobs").map((p) => p.id));
  assert.ok(k.numeric.includes("fail_prob") && !k.numeric.includes("retry_limits"));
});
