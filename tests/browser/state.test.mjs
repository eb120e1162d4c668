// State per lesson, observers once (issue 19): a tab switch gives the new lesson's sweep form
// and watched run, never the old lesson's; an embed observes its height once, however often the
// page is rebuilt, and posts one height message per change. One page for the tabs, one
// embedding page for the heights.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { page, rendered, suiteEnv } from "./lib.mjs";
import { settle } from "./watch.mjs";

describe("state per lesson, observers once", () => {
  const env = suiteEnv();

  test("a tab switch gives the new lesson's sweep form and watched run", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=jobs&trace=`);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    // Open the sweep form, then go to another tab before and after its options come in.
    await p.locator("#sweep > summary").click();
    await p.click("#tab-quotas");
    await p.waitForFunction(() => new URLSearchParams(location.search).get("lesson") === "quotas");
    await rendered(p, 2);
    await p.locator("#sweep > summary").click();
    await p.waitForSelector('.sweep-form select[name="sweep-param"] option', { state: "attached" });
    const options = await p.$$eval('.sweep-form select[name="sweep-param"] option', (os) => os.map((o) => [o.value, o.textContent]));
    for (const [value, label] of options) {
      assert.doesNotMatch(label, /^param\./, `a raw label: ${label}`);
      assert.doesNotMatch(value, /^(nights|slices|interval|fail_prob)$/, `the jobs lesson's parameter ${value} on the quotas tab`);
    }
    assert.ok(options.some(([v]) => v === "capacity"), `the quotas form offers its own parameters: ${options.map(([v]) => v).join(", ")}`);
    // The watched run of jobs is not carried over.
    assert.equal(await p.locator(".trace .timeline").count(), 0, "no jobs timeline on the quotas tab");
    // Back to jobs and on to supervisor: each form its own.
    await p.click("#tab-supervisor");
    await p.waitForFunction(() => new URLSearchParams(location.search).get("lesson") === "supervisor");
    await p.locator("#sweep > summary").click();
    await p.waitForSelector('.sweep-form select[name="sweep-param"] option[value="scan"]', { state: "attached" });
    assert.equal(await p.locator('.sweep-form select[name="sweep-param"] option[value="capacity"]').count(), 0);
    assert.deepEqual(p.problems, [], "no missing message, no page error");
    await ctx.close();
  });

  test("an embed observes its height once: after twelve rebuilds, one change posts one message", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 1000, height: 900 } });
    const p = await page(ctx);
    // An embedding page on an http origin (frame-ancestors matches network schemes only): a
    // plain text file of the site, its body emptied.
    await p.goto(`${env.url}lessons.js`);
    await p.evaluate((src) => {
      document.body.replaceChildren();
      window.__heights = [];
      addEventListener("message", (e) => e.data?.type === "tatbikat:height" && window.__heights.push(e.data.height));
      const frame = document.createElement("iframe");
      frame.src = src;
      frame.style.width = "900px";
      frame.style.height = "700px";
      document.body.append(frame);
    }, `${env.url}?lesson=jobs&embed=1`);
    const inner = await (await p.waitForSelector("iframe")).contentFrame();
    await inner.waitForFunction(() => Number(document.body.dataset.renders ?? 0) >= 1);
    await p.waitForFunction(() => window.__heights.length >= 1);
    // Twelve rebuilds of the page: the language, back and forth.
    for (let i = 0; i < 12; i++) {
      const n = await inner.evaluate(() => Number(document.body.dataset.renders));
      // (An embed hides its tools; the language switch is the rebuild a parent's lang= would ask.)
      await inner.evaluate(() => document.querySelector("#tools .lang").click());
      await inner.waitForFunction((n) => Number(document.body.dataset.renders) > n, n);
    }
    await settle(p);
    const before = await p.evaluate(() => window.__heights.length);
    // One change of height: the frame narrower, so the page grows.
    await p.evaluate(() => (document.querySelector("iframe").style.width = "420px"));
    await p.waitForFunction((n) => window.__heights.length > n, before);
    await inner.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    await settle(p);
    const heights = await p.evaluate(() => window.__heights);
    const posted = heights.slice(before);
    // A change settles in a frame or two (the charts redraw at the new width): each message is
    // a different height, never the same one posted by a second observer.
    assert.ok(posted.length >= 1 && posted.length <= 3, `messages after one change: ${posted.join(", ")}`);
    assert.equal(new Set(posted).size, posted.length, `the same height posted twice: ${posted.join(", ")}`);
    console.log(`embed: ${heights.length} height messages in all; after 12 rebuilds one change posted ${posted.length} (${posted.join(", ")})`);
    await ctx.close();
  });
});
