// Challenges and the claims' "why" questions on the page's side (issue 21): the core's list and
// verdicts as the page gets them, the challenge view (www/views/challenge.js) mounted on a DOM
// with the page's store — its goal, hints one at a time, the verdict of each report and `solved`
// dispatched the moment a report meets it — and the link and refusal around challenge=.
// Needs ./build.sh build (target/pkg-node and the generated texts in www/i18n/lesson/).
import { execFileSync, spawnSync } from "node:child_process";
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { loadLessonTexts, translator } from "../../www/i18n/index.js";
import { errorText } from "../../www/i18n/errors.js";
import { createStore } from "../../www/state/store.js";
import { update } from "../../www/state/actions.js";
import { optionsKey, rawQuery } from "../../www/state/link.js";
import { known } from "../../www/views/shown.js";
import { ROOT, apply, booted, core } from "./page.mjs";
import { CLI } from "../cli.mjs";

const { document, Node, Event } = parseHTML("<!doctype html><html><body></body></html>");
Object.assign(globalThis, { document, Node });
const press = (button) => button.dispatchEvent(new Event("click"));
const texts = (lesson, lang) => JSON.parse(readFileSync(join(ROOT, "src", "lessons", lesson, "texts", `${lang}.json`), "utf8"));

before(() => Promise.all(core.lessons().map((l) => loadLessonTexts(l.id))));

test("every lesson lists two to four challenges; none is met at its start; every claim has its why", () => {
  const challenges = core.challenges();
  for (const lesson of core.lessons()) {
    const mine = challenges.filter((c) => c.lesson === lesson.id);
    assert.ok(mine.length >= 2 && mine.length <= 4, lesson.id);
    for (const c of mine) {
      assert.match(c.query, new RegExp(`^lesson=${lesson.id}(&.*)?&challenge=${c.id.replace(".", "\\.")}&v=1$`));
      const doc = core.run(c.query);
      assert.equal(doc.challenge.id, c.id);
      assert.equal(doc.challenge.met, false, c.id);
      assert.ok(doc.challenge.found.length >= c.check.split(" ").length, c.id);
      assert.ok(doc.challenge.found.some((r) => !r.ok), `${c.id}: something is left to do`);
    }
  }
  for (const p of core.presets()) assert.ok([0, 1, 2].includes(p.why), `${p.id}: its why's right choice`);
});

test("challenges(): the page's verdict is the CLI's --challenge, for the start and an answer", () => {
  const listed = execFileSync(CLI, ["--challenges"], { encoding: "utf8" }).split("\n").filter((l) => /^\S/.test(l));
  assert.deepEqual(core.challenges().map((c) => c.id), listed);
  for (const [query, args] of [
    ["lesson=leader&challenge=leader.no-double", ["leader", "--challenge", "leader.no-double"]],
    ["lesson=leader&lease=12&renew=7&challenge=leader.no-double", ["leader", "--set", "lease=12", "--set", "renew=7", "--challenge", "leader.no-double"]],
    ["lesson=compensation&retries=3&challenge=compensation.hung-share", ["compensation", "--set", "retries=3", "--challenge", "compensation.hung-share"]],
  ]) {
    const want = JSON.parse(execFileSync(CLI, [...args, "--format", "json"], { encoding: "utf8" }));
    assert.deepEqual(core.run(query).challenge, want.challenge, query);
    const text = execFileSync(CLI, args, { encoding: "utf8" });
    const id = args[args.indexOf("--challenge") + 1];
    assert.match(text, new RegExp(`^${id.replace(".", "\\.")}: ${want.challenge.met ? "met" : "not met"}\n`), query);
  }
  const cli = spawnSync(CLI, ["jobs", "--challenge", "nope"], { encoding: "utf8" });
  assert.equal(cli.status, 2);
  assert.match(cli.stderr, /the challenges of jobs are jobs\.every-night, jobs\.no-idle, jobs\.skip-none/);
});

test("challenge= stays in the page's link and out of the sweep's identity; an unknown one is said in both languages", () => {
  const s = apply(booted("lesson=jobs&challenge=jobs.no-idle&parallelisms=5"), { type: "resolved", resolved: core.resolve("lesson=jobs&challenge=jobs.no-idle&parallelisms=5") });
  assert.equal(s.challenge, "jobs.no-idle");
  assert.match(rawQuery(s), /challenge=jobs\.no-idle/);
  assert.doesNotMatch(optionsKey(s), /challenge/);
  const left = update(s, { type: "closeChallenge" });
  assert.equal(left.challenge, null);
  assert.equal(left.values.parallelisms, "5", "leaving keeps the values");
  assert.doesNotMatch(rawQuery(left), /challenge/);
  for (const [lang, says] of [
    ["tr", /challenge = "jobs\.nope" kullanılamadı: bu derste böyle bir görev yok; görevleri: jobs\.every-night, jobs\.no-idle, jobs\.skip-none\./],
    ["en", /challenge = "jobs\.nope" could not be used: this lesson has no such challenge; its challenges: jobs\.every-night, jobs\.no-idle, jobs\.skip-none\./],
  ]) {
    const r = core.resolve("lesson=jobs&challenge=jobs.nope");
    assert.equal(r.challenge, null);
    const e = r.errors.find((x) => x.param === "challenge");
    const state = booted("lesson=jobs&challenge=jobs.nope");
    assert.match(errorText(e, translator(lang, "jobs"), known(state)), says);
  }
});

test("the challenge view: goal, hints one at a time, the verdict of each report, and solved when met", async () => {
  const { mount, readingText } = await import("../../www/views/challenge.js");
  const { learnTranslator } = await import("../../www/views/learn-texts.js");
  const c = core.challenges().find((x) => x.id === "jobs.no-idle");
  const actions = [];
  const store = createStore((s, a) => (actions.push(a), update(s, a)), booted(c.query));
  const show = (query) => {
    const resolved = core.resolve(query);
    store.dispatch({ type: "resolved", resolved });
    store.dispatch({ type: "computed", doc: core.run(resolved.query) });
  };
  show(c.query);
  const engine = { call: async (op, args) => (assert.equal(op, "challenges"), assert.deepEqual(args, ["jobs"]), core.challenges()) };
  const fold = document.createElement("details");
  fold.append(document.createElement("summary"), Object.assign(document.createElement("div"), { className: "challenge-body" }));
  document.body.append(fold);
  const stop = await mount({ store, engine }, fold);
  const tr = texts("jobs", "tr");
  assert.equal(fold.querySelector(".challenge-goal").textContent, tr["challenge.jobs.no-idle"]);
  assert.ok(fold.querySelector(".challenge-open"), "not met at its start");
  const t = await learnTranslator("tr", "jobs");
  const readings = [...fold.querySelectorAll(".challenge-readings li")].map((li) => li.textContent);
  const doc = store.state.doc;
  assert.equal(readings.length, doc.challenge.found.length);
  // Parallelism 5: 3 rounds, 3 idle slots (the start's uneven split), each said with its goal.
  assert.ok(readings.includes(`○ ${readingText(doc.challenge.found[1], "jobs", t)} henüz tutmuyor`), readings.join("\n"));
  assert.match(readings.join("\n"), /boş yuva \(5\): 3 \(hedef = 0\)/);
  // Hints, one at a time, then none left.
  const hintButton = () => [...fold.querySelectorAll(".challenge-actions button")][0];
  assert.equal(fold.querySelectorAll(".challenge-hints li").length, 0);
  press(hintButton());
  assert.deepEqual([...fold.querySelectorAll(".challenge-hints li")].map((li) => li.textContent), [tr["challenge.jobs.no-idle.hint1"]]);
  press(hintButton());
  assert.equal(fold.querySelectorAll(".challenge-hints li").length, 2);
  assert.equal(hintButton().getAttribute("aria-disabled"), "true");
  press(hintButton());
  assert.equal(fold.querySelectorAll(".challenge-hints li").length, 2, "no hint beyond the last");
  assert.equal(actions.filter((a) => a.type === "solved").length, 0);
  // The values meet it: solved, with what they found, dispatched once.
  show("lesson=jobs&parallelisms=4,6,12&challenge=jobs.no-idle");
  assert.match(fold.querySelector(".challenge-solved").textContent, /Çözüldü/);
  assert.equal(fold.querySelectorAll(".challenge-readings li.ok").length, store.state.doc.challenge.found.length);
  assert.equal(fold.querySelectorAll(".challenge-hints li").length, 2, "the hints asked for stay");
  const solved = actions.filter((a) => a.type === "solved");
  assert.deepEqual(solved, [{ type: "solved", lesson: "jobs", challenge: "jobs.no-idle", query: store.state.resolved.share }]);
  show("lesson=jobs&parallelisms=4,6,12&challenge=jobs.no-idle&seed=3");
  assert.equal(actions.filter((a) => a.type === "solved").length, 1, "said once while it stays met");
  // Leaving it lists the lesson's challenges; starting one sets its start's values and its id.
  store.dispatch({ type: "closeChallenge" });
  const listed = [...fold.querySelectorAll(".challenge-list li")].map((li) => li.dataset.challenge);
  assert.deepEqual(listed, ["jobs.every-night", "jobs.no-idle", "jobs.skip-none"]);
  press(fold.querySelector('.challenge-list li[data-challenge="jobs.no-idle"] button'));
  assert.equal(store.state.challenge, "jobs.no-idle");
  assert.deepEqual(store.state.values, { parallelisms: "5" });
  stop();
});
