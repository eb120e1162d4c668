// Predict, then try (issue 10): a claim chosen on the page first asks for a guess — a number, a
// ratio or which way a value goes — with its figures held back; then the core's number is shown
// beside the guess. The answers are compared with the core's own report (target/pkg-node), the
// question texts with the lesson's messages. Embeds ask only with predict=1; predict=0 never asks.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, clean, page, rendered, shot, suiteEnv } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const texts = (lesson) => JSON.parse(readFileSync(join(ROOT, "src", "lessons", lesson, "texts", "tr.json"), "utf8"));
/** The core's number as the Turkish page writes it (decimal comma, grouped from five digits). */
const tr = (text) => {
  const [whole, frac] = text.split(".");
  const grouped = /^\d{5,}$/.test(whole) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".") : whole;
  return frac === undefined ? grouped : `${grouped},${frac}`;
};

describe("predict, then try", () => {
  const env = suiteEnv();
  let ctx;
  before(async () => {
    // A reader who asked for less motion: the page jumps to the claim's figure after a guess
    // instead of scrolling there smoothly (and the next claim can be chosen at once).
    ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  });

  /** Opens `lesson` and chooses the claim `id` from its list. */
  const choose = async (p, lesson, id) => {
    await p.goto(`${env.url}?lesson=${lesson}`);
    await rendered(p);
    await p.click(".claims-fold summary");
    await p.click(`button.claim[data-preset="${id}"]`);
    await p.waitForSelector(".claim-predict");
  };
  /** Chooses the claim `id` of `lesson` from the list of the page `p` shows, as a learner going
   * through a lesson's claims one after another does; opens the lesson first if it is another. */
  const next = async (p, lesson, id) => {
    const here = p.url().startsWith(env.url) && (await p.locator(`button.claim[data-preset^="${lesson}."]`).count()) > 0;
    if (!here) return choose(p, lesson, id);
    if (!(await p.locator(".claims-fold").evaluate((d) => d.open))) await p.click(".claims-fold summary");
    await p.click(`button.claim[data-preset="${id}"]`);
    await p.waitForSelector(`.claim-predict[data-preset="${id}"]`);
  };

  test("a claim chosen on the page asks first, holds its figure back, then shows the core's ratio beside the guess", async () => {
    const p = await page(ctx);
    await choose(p, "compensation", "compensation.retry");
    assert.equal(await p.textContent(".claim-predict [id^=predict]"), texts("compensation")["predict.compensation.retry"]);
    assert.ok(await p.isHidden(".claim-caption"), "the claim's caption (which gives the answer) waits");
    assert.equal(await p.locator(".claim-mark, .claim-ratio").count(), 0, "no marks or ratios yet");
    const held = await p.evaluate(() => [...document.querySelectorAll(".group.held")].map((g) => g.dataset.held));
    assert.ok(held.includes("monte_carlo"), "the table with the answer is held back …");
    assert.equal(await p.locator(".group[data-group]").count(), 0, "… with every other figure (any may state the number), out of the page, not blurred");
    await shot(p, "predict-ask");
    // Not a number: named with what was typed, which stays in the field.
    await p.fill(".predict-number", "on kat");
    await p.click(".claim-predict button[type=submit]");
    assert.match(await p.textContent(".claim-predict .field-error"), /"on kat" bir sayı olarak okunamadı/);
    assert.equal(await p.inputValue(".predict-number"), "on kat");
    assert.equal(await p.getAttribute(".predict-number", "aria-invalid"), "true");
    // A guess: the core's ratio beside it, then the claim with its marks.
    await p.fill(".predict-number", "10");
    await p.press(".predict-number", "Enter");
    await p.waitForSelector(".claim-guess:not([hidden])");
    const doc = core.run(core.presets().find((x) => x.id === "compensation.retry").query);
    assert.equal(await p.textContent(".claim-guess"), `Tahmininiz: 10. Hesaplanan: ×${tr(doc.preset.ratios[0].text)}.`);
    assert.equal(tr(doc.preset.ratios[0].text), "17,4");
    // Then explain (issue 21): the claim's "why" before its sentence.
    await p.waitForSelector(".claim-why");
    assert.ok(await p.isHidden(".claim-caption"), "the claim's sentence waits for the why");
    await p.check('.claim-why input[value="1"]');
    await p.click(".claim-why button[type=submit]");
    await p.waitForSelector(".why-feedback.right");
    assert.ok(await p.isVisible(".claim-caption"));
    assert.equal(await p.locator(".group.held").count(), 0);
    assert.ok((await p.locator(".claim-mark").count()) >= 4, "the claim's cells are marked");
    assert.match(p.url(), /preset=compensation\.retry/);
    await shot(p, "predict-told");
    clean(p, "predict a ratio");
    await p.close();
  });

  test("every claim's question is answered with the core's numbers", async () => {
    const p = await page(ctx);
    for (const preset of core.presets()) {
      assert.ok(preset.question, `${preset.id} asks for a prediction`);
      await next(p, preset.lesson, preset.id);
      const doc = core.run(preset.query);
      const found = doc.preset.highlights;
      const choice = /^(\d+)~(\d+)$/.exec(preset.question);
      let expected;
      if (choice) {
        const [a, b] = [found[Number(choice[1])], found[Number(choice[2])]];
        const way = a.value > b.value ? "daha çok" : a.value < b.value ? "daha az" : "aynı";
        await p.check('.claim-predict input[value="same"]');
        expected = `Tahmininiz: aynı. Hesaplanan: ${way} (${tr(a.text)}, karşısında ${tr(b.text)}).`;
      } else {
        const ratio = /^r(\d+)$/.exec(preset.question);
        const answer = ratio ? `×${tr(doc.preset.ratios[Number(ratio[1])].text)}` : tr(found[Number(preset.question)].text);
        await p.fill(".predict-number", "3,5");
        expected = `Tahmininiz: 3,5. Hesaplanan: ${answer}.`;
      }
      await p.click(".claim-predict button[type=submit]");
      await p.waitForSelector(".claim-guess:not([hidden])");
      assert.equal(await p.textContent(".claim-guess"), expected, preset.id);
    }
    // The lesson's answers as its claims say them.
    const said = (id) => core.run(core.presets().find((x) => x.id === id).query).preset.highlights;
    assert.deepEqual(said("supervisor.roles").slice(0, 2).map((f) => f.text), ["12", "12"], "the same with and without");
    clean(p, "every claim");
    await p.close();
  });

  test("a choice must be made; skipping shows the claim without a guess", async () => {
    const p = await page(ctx);
    await choose(p, "supervisor", "supervisor.scan-tradeoff");
    await p.click(".claim-predict button[type=submit]");
    assert.equal(await p.textContent(".claim-predict .field-error"), "Üç seçenekten birini seçin.");
    await p.click(".claim-predict button.small");
    await p.waitForSelector(".claim-caption:not([hidden])");
    assert.ok(await p.isHidden(".claim-guess"));
    assert.equal(await p.locator(".claim-predict, .group.held").count(), 0);
    assert.ok((await p.locator(".claim-mark").count()) > 0);
    clean(p, "skip");
    await p.close();
  });

  test("embeds ask only with predict=1, predict=0 never asks, and the link keeps the choice", async () => {
    const p = await page(ctx);
    // A shared claim link shows what the sender saw.
    await p.goto(`${env.url}?preset=compensation.retry`);
    await rendered(p);
    assert.equal(await p.locator(".claim-predict").count(), 0);
    assert.ok(await p.isVisible(".claim-caption"));
    // An embed, even with its list of claims, does not ask …
    await p.goto(`${env.url}?lesson=compensation&embed=1`);
    await rendered(p);
    await p.click(".claims-fold summary");
    await p.click('button.claim[data-preset="compensation.retry"]');
    await p.waitForSelector(".claim-caption:not([hidden])");
    assert.equal(await p.locator(".claim-predict").count(), 0);
    // … unless predict=1, which also asks when the link is opened.
    await p.goto(`${env.url}?lesson=compensation&preset=compensation.orderings&embed=1&controls=0&predict=1`);
    await p.waitForSelector(".claim-predict");
    assert.match(p.url(), /predict=1/);
    await p.fill(".predict-number", "6");
    await p.click(".claim-predict button[type=submit]");
    assert.equal(await p.textContent(".claim-guess"), "Tahmininiz: 6. Hesaplanan: 2.");
    // predict=0: a claim chosen on the full page shows at once.
    await p.goto(`${env.url}?lesson=jobs&predict=0`);
    await rendered(p);
    await p.click(".claims-fold summary");
    await p.click('button.claim[data-preset="jobs.overlap"]');
    await p.waitForSelector(".claim-caption:not([hidden])");
    assert.equal(await p.locator(".claim-predict").count(), 0);
    assert.match(p.url(), /preset=jobs\.overlap.*predict=0/);
    // A predict= that does not read is named, and the page works without it.
    await p.goto(`${env.url}?lesson=jobs&predict=yes`);
    await rendered(p);
    assert.match(await p.textContent(".link-errors"), /predict/);
    // The embed dialog offers it for the claim shown: the snippet's frame asks first.
    await p.goto(`${env.url}?preset=compensation.orderings`);
    await rendered(p);
    await p.click("#embed-button");
    await p.waitForSelector("dialog .snippet");
    assert.doesNotMatch(await p.inputValue("dialog .snippet"), /predict/);
    await p.check("#embed-predict");
    assert.match(await p.inputValue("dialog .snippet"), /preset=compensation\.orderings[^"]*predict=1/);
    await p.frameLocator("dialog iframe.embed-preview").locator(".claim-predict").waitFor();
    await p.keyboard.press("Escape");
    // Without a claim shown the dialog offers the lesson's claims (issue 22); asking for a
    // prediction waits until one is chosen.
    await p.goto(`${env.url}?lesson=compensation`);
    await rendered(p);
    await p.click("#embed-button");
    await p.waitForSelector("dialog .snippet");
    assert.equal(await p.inputValue("#embed-claim"), "");
    assert.ok(await p.isDisabled("#embed-predict"), "no claim, nothing to predict");
    await p.selectOption("#embed-claim", "compensation.orderings");
    assert.ok(await p.isEnabled("#embed-predict"), "a claim chosen, its prediction offered");
    clean(p, "embeds and links");
    await p.close();
  });
});
