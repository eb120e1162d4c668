// Predictions without a spoiler, and progress kept (issue 21): while a prediction waits nothing in
// the page states its answer — for every claim of every lesson, on a phone, the page's visible
// text and its accessibility tree (every accessible name) hold neither the claim's sentence nor
// the core's number the question asks for, and the prompt is in the viewport with the focus in
// it; then the learner's progress is kept on the device across a reload, exported, printed
// alone, and cleared from the page and the storage. One page per lesson.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { LESSONS, ROOT, SHOTS, clean, page, rendered, settled, shot, suiteEnv } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const texts = Object.fromEntries(LESSONS.map((id) => [id, JSON.parse(readFileSync(join(ROOT, "src", "lessons", id, "texts", "tr.json"), "utf8"))]));
/** The core's number as the Turkish page writes it (decimal comma, grouped from five digits). */
const tr = (text) => {
  const [whole, frac] = text.split(".");
  const grouped = /^\d{5,}$/.test(whole) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".") : whole;
  return frac === undefined ? grouped : `${grouped},${frac}`;
};
/** The numbers a claim's question asks for, as the page writes them: the mark's value, the
 * quoted ratio, or both values a choice compares. */
function answerNumbers(preset) {
  const doc = core.run(preset.query);
  const found = doc.preset.highlights;
  const choice = /^(\d+)~(\d+)$/.exec(preset.question);
  if (choice) return [found[Number(choice[1])], found[Number(choice[2])]].map((f) => tr(f.text));
  const ratio = /^r(\d+)$/.exec(preset.question);
  if (ratio) return [tr(doc.preset.ratios[Number(ratio[1])].text)];
  return [tr(found[Number(preset.question)].text)];
}
/** Where the page could state a claim's answer: the results (the claims, the prompt, the report,
 * a watched run, a sweep, the lesson's text), the change bar and the marker of changed values.
 * Not the parameter panel (the values set, the question's own) nor the lesson's title and intro. */
const AROUND = ["#results", ".changes-slot", ".bar"];
/** Where `text` holds `number` as a number of its own (not a part of a longer one), or -1. */
const holds = (text, number) => new RegExp(`(^|[^\\d.,])${number.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\d]|[.,]\\d)`).exec(text)?.index ?? -1;

describe("spoiler: predictions without a spoiler, progress kept", () => {
  const env = suiteEnv();
  let phone;
  let desktop;
  before(async () => {
    phone = await env.b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" });
    desktop = await env.b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  });

  test("every claim of every lesson, on a phone: while its prediction waits, no sentence or number of its answer, and the prompt in view with the focus", async () => {
    const presets = core.presets();
    assert.ok(presets.length >= 30);
    const p = await page(phone);
    let checked = 0;
    const failures = [];
    for (const lesson of LESSONS) {
      await p.goto(`${env.url}?lesson=${lesson}`);
      await rendered(p);
      const own = presets.filter((x) => x.lesson === lesson);
      for (const [i, preset] of own.entries()) {
        if (!(await p.locator(".claims-fold").evaluate((d) => d.open))) await p.click(".claims-fold summary");
        await p.click(`button.claim[data-preset="${preset.id}"]`);
        await p.waitForSelector(`.claim-predict[data-preset="${preset.id}"]`);
        await settled(p);
        const seen = await p.evaluate((AROUND) => {
          const form = document.querySelector(".claim-predict");
          const r = form.getBoundingClientRect();
          const text = (selector) => document.querySelector(selector)?.innerText ?? "";
          return { page: document.body.innerText, text: AROUND.map(text).join("\n"), top: r.top, bottom: r.bottom, height: innerHeight, focused: form.contains(document.activeElement) };
        }, AROUND);
        const pageTree = await p.locator("body").ariaSnapshot();
        // The results' names and texts, without the tree's notation ([level=2], [checked]): the
        // change bar and the marker have no names other than their text.
        const tree = (await p.locator("#results").ariaSnapshot()).replace(/\[[a-z]+(=[^\]]*)?\]/g, "");
        // The questions (the lesson's own, naming the values a claim is about) are not answers.
        const questions = presets.filter((x) => x.lesson === lesson).map((x) => texts[lesson][`predict.${x.id}`]);
        const unasked = (text) => questions.reduce((rest, q) => rest.replaceAll(q, " "), text);
        assert.ok(seen.top >= 0 && seen.bottom <= seen.height, `${preset.id}: the prompt (${Math.round(seen.top)}–${Math.round(seen.bottom)}) is within the 844-px viewport`);
        assert.ok(seen.focused, `${preset.id}: the prompt has the focus`);
        const sentence = texts[lesson][preset.caption];
        for (const [what, text] of [["visible text", seen.page], ["accessibility tree", pageTree]]) assert.ok(!text.includes(sentence), `${preset.id}: the claim's sentence is in the page's ${what}`);
        for (const [what, text] of [["visible text", unasked(seen.text)], ["accessibility tree", unasked(tree)]]) {
          for (const n of answerNumbers(preset)) {
            const at = holds(text, n);
            if (at >= 0) failures.push(`${preset.id} (${preset.question}): its answer ${n} is in the ${what}: …${text.slice(Math.max(0, at - 60), at + 40)}…`);
          }
        }
        assert.equal(await p.locator(".claim-mark, .claim-ratio, .change-summary").count(), 0, `${preset.id}: no marks, ratios or change bar`);
        // What the phone's screen shows (the viewport, not the whole page).
        if (preset.id === "leader.fencing") {
          mkdirSync(SHOTS, { recursive: true });
          await p.screenshot({ path: join(SHOTS, "learn-phone-predict.png") });
        }
        checked += 1;
        // The lesson's second and last claims are shown without a guess (the claim and its
        // figures come back) before the next is chosen; the others are left waiting, as a
        // learner who picks another claim instead does (both ways lead to the next prompt).
        if (i === 1 || i === own.length - 1) {
          await p.click(".claim-predict button.small");
          await p.waitForSelector(".claim-caption:not([hidden])");
          assert.equal(await p.textContent(".claim-caption .claim-text"), sentence);
          assert.equal(await p.locator(".group.held").count(), 0, `${preset.id}: every figure back`);
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.equal(checked, presets.length, "every claim checked");
    clean(p, "every claim");
    await p.close();
  });

  test("progress is kept on the device across a reload, exported, printed alone, and cleared from the page and the storage", async () => {
    const p = await page(desktop);
    await p.goto(`${env.url}?lesson=leader`);
    await rendered(p);
    await p.click(".claims-fold summary");
    await p.click('button.claim[data-preset="leader.fencing"]');
    await p.fill(".predict-number", "3");
    await p.press(".predict-number", "Enter");
    await p.waitForSelector(".claim-guess");
    await p.waitForSelector('button.claim[data-preset="leader.fencing"] .claim-done');
    const stored = await p.evaluate(() => JSON.parse(localStorage.getItem("tatbikat.journal.leader")));
    assert.equal(stored.v, 1);
    assert.deepEqual([stored.predicted["leader.fencing"].guess, stored.predicted["leader.fencing"].computed], ["3", "0"]);
    // A reload keeps it: the list marks the claim and the view lists the guess beside the core's number.
    await p.reload();
    await rendered(p);
    await p.waitForSelector('button.claim[data-preset="leader.fencing"] .claim-done');
    await p.click("#progress-button");
    await p.waitForSelector("#progress table");
    assert.equal(await p.getAttribute("#progress-button", "aria-expanded"), "true");
    assert.ok(await p.evaluate(() => document.activeElement?.closest("#progress") !== null), "the focus moves to the view");
    const question = texts.leader["predict.leader.fencing"];
    const row = await p.$$eval('#progress [data-lesson="leader"] table[data-part="predictions"] tbody tr', (rows) => rows.map((r) => [...r.cells].slice(0, 3).map((c) => c.textContent)));
    assert.deepEqual(row, [[question, "3", "0"]]);
    const leaderClaims = core.presets().filter((x) => x.lesson === "leader").length;
    assert.match(await p.textContent('#progress [data-lesson="leader"] .progress-summary'), new RegExp(`^1/${leaderClaims} tahmin`));
    await shot(p, "learn-progress");
    // Exported as a file: the journals as kept.
    const [download] = await Promise.all([p.waitForEvent("download"), p.click("#progress-export-json")]);
    const file = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.equal(file.app, "tatbikat");
    assert.equal(file.lessons.leader.predicted["leader.fencing"].guess, "3");
    const [text] = await Promise.all([p.waitForEvent("download"), p.click("#progress-export-text")]);
    assert.match(readFileSync(await text.path(), "utf8"), new RegExp(`${question.replace(/[?()]/g, "\\$&")} — Tahmininiz: 3; Hesaplanan: 0`));
    // Printed alone: the view without the lesson's tables.
    await p.evaluate(() => document.body.classList.add("printing-progress"));
    await p.emulateMedia({ media: "print" });
    assert.ok(await p.isVisible("#progress table"));
    assert.ok(await p.isHidden(".report"));
    assert.ok(await p.isHidden("#progress-clear"));
    await p.emulateMedia({ media: "screen" });
    await p.evaluate(() => document.body.classList.remove("printing-progress"));
    // Cleared: from the view, the list and the storage, and still after a reload.
    await p.click("#progress-clear");
    await p.waitForSelector("#progress .progress-status:text('Silindi')");
    assert.equal(await p.locator("#progress table").count(), 0);
    assert.equal(await p.locator(".claim-done").count(), 0);
    assert.equal(await p.evaluate(() => localStorage.getItem("tatbikat.journal.leader")), null);
    await p.reload();
    await rendered(p);
    await p.click("#progress-button");
    await p.waitForSelector("#progress .progress-summary");
    assert.equal(await p.locator("#progress table").count(), 0);
    clean(p, "progress");
    await p.close();
  });
});
