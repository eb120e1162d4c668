// Challenges and the claims' "why" on the page (issue 21), lean: one challenge solved by a link
// the test builds from its goal (a longer lease, renewed well before it runs out), its hints one
// at a time, the link keeping challenge=; one claim's prediction explained, the feedback before
// the claim's sentence. Screenshots at 390 px and on a laptop (target/screenshots/learn-*).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, clean, page, rendered, setParam, settled, shot, suiteEnv } from "./lib.mjs";

const texts = (lesson) => JSON.parse(readFileSync(join(ROOT, "src", "lessons", lesson, "texts", "tr.json"), "utf8"));

describe("learn", () => {
  const env = suiteEnv();

  test("a challenge: its goal, hints on request, solved the moment the values meet it", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" });
    const p = await page(ctx);
    const tr = texts("leader");
    await p.goto(`${env.url}?lesson=leader&challenge=leader.no-double&v=1`);
    await rendered(p);
    await p.waitForSelector(".challenge-open");
    assert.ok(await p.locator("#challenges").evaluate((d) => d.open), "a link's challenge opens its fold");
    assert.equal(await p.textContent(".challenge-goal"), tr["challenge.leader.no-double"]);
    await p.click(".challenge-actions button >> nth=0");
    assert.deepEqual(await p.locator(".challenge-hints li").allTextContents(), [tr["challenge.leader.no-double.hint1"]]);
    await shot(p, "learn-challenge-phone");
    // The answer the goal asks for: a lease of 10 outlasts the 6-round pause, renewing at 6
    // keeps the writes at 12 and the crash's gap within 15.
    // On a phone the parameters are folded.
    if (!(await p.locator(".panel-fold").evaluate((d) => d.open))) await p.click(".panel-fold > summary");
    await setParam(p, "lease", "10");
    assert.ok(await p.locator(".challenge-open").count(), "one value is not enough");
    await setParam(p, "renew", "6");
    await p.waitForSelector(".challenge-solved");
    assert.equal(await p.locator(".challenge-readings li.not-yet").count(), 0);
    assert.match(await p.textContent(".challenge-readings"), /çift koşan tur \(çitsiz\): 0 \(hedef = 0\)/);
    assert.match(p.url(), /lease=10&renew=6.*challenge=leader\.no-double/);
    await settled(p);
    await shot(p, "learn-challenge-solved-phone");
    clean(p, "a challenge");
    await ctx.close();
  });

  test("a claim's why after its guess: feedback, then the claim's sentence", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    const p = await page(ctx);
    const tr = texts("leader");
    await p.goto(`${env.url}?preset=leader.fencing&predict=1`);
    await p.waitForSelector(".claim-predict");
    await p.fill(".predict-number", "1");
    await p.click(".claim-predict button[type=submit]");
    await p.waitForSelector(".claim-why");
    assert.equal(await p.textContent(".claim-why legend"), `Neden? ${tr["explain.leader.fencing"]}`);
    assert.ok(await p.isHidden(".claim-caption"));
    // No choice: said. A wrong one: its feedback and the right explanation, then the claim.
    await p.click(".claim-why button[type=submit]");
    assert.equal(await p.textContent(".claim-why .field-error"), "Bir açıklama seçin.");
    await shot(p, "learn-why-ask");
    await p.check('.claim-why input[value="0"]');
    await p.click(".claim-why button[type=submit]");
    await p.waitForSelector(".why-feedback.wrong");
    const said = await p.textContent(".why-feedback");
    assert.ok(said.includes(tr["explain.leader.fencing.f0"]), said);
    assert.ok(said.includes(tr["explain.leader.fencing.c1"]), "the right explanation");
    assert.ok(await p.isVisible(".claim-caption"));
    // The payoff: the claim's own sentence, not the caption's label alone.
    assert.equal(await p.textContent(".claim-caption .claim-text"), tr["claim.leader.fencing"]);
    assert.equal(await p.evaluate(() => document.activeElement?.classList.contains("why-feedback")), true);
    await shot(p, "learn-why-told");
    clean(p, "a why");
    await ctx.close();
  });
});
