// Browser tests of the page embedded and on a phone: the compact embed posting its height,
// one-figure embeds, the result next to the control on a phone, no horizontal scroll at 390 px.
// Against the CLI, in Debian's chromium, headless.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { LESSONS, clean, page, rendered, shot } from "./lib.mjs";
import { core, cliReport, cliPreset, expectedText, closeSuite, openSuite } from "./page-lib.mjs";
import { CLI } from "../cli.mjs";

const figures = [];

describe("page: embeds and phones", () => {
  let url;
  let b;
  let desktop;
  before(async () => ({ url, b, desktop } = await openSuite()));
  after(() => closeSuite(b, figures));

  test("embedded: compact view, its height posted to the parent", async () => {
    const p = await page(desktop);
    // A lesson page embedding the view, served (by interception) from the same local server:
    // chromium blocks a page the network never saw from framing a local address.
    const src = `${url}?lesson=jobs&embed=1&controls=0&section=measure`;
    await p.route(`${url}lesson-fixture.html`, (r) =>
      r.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>lesson</title><script>window.heights = [];
          addEventListener("message", (e) => window.heights.push(e.data));</script>
          <h1>Ders</h1><iframe src="${src}" width="800" height="400"></iframe>`,
      }),
    );
    await p.goto(`${url}lesson-fixture.html`);
    await p.waitForFunction(() => window.heights.some((m) => m?.type === "tatbikat:height" && m.height > 500), null, { timeout: 20000 });
    const frame = p.frames().find((f) => f.url().includes("embed=1"));
    assert.equal(await frame.locator("#tabs").isVisible(), false, "no tabs");
    assert.equal(await frame.locator("form.panel").count(), 0, "controls=0 hides the panel");
    const open = await frame.locator("a.open-full").getAttribute("href");
    assert.ok(!open.includes("embed=1"), "the full page is not embedded");
    await p.close();
  });

  test("one-figure embeds: figure= shows that table or chart alone with its claim, posts a height under 900 px; controls=0 hides the tools, exports=1 brings the exports back; the dialog builds it", async () => {
    const p = await page(desktop);
    const src = `${url}?lesson=compensation&preset=compensation.retry&embed=1&controls=0&figure=hung_rate_vs_attempts`;
    await p.route(`${url}figure-fixture.html`, (r) =>
      r.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>lesson</title><script>window.heights = [];
          addEventListener("message", (e) => window.heights.push(e.data));</script>
          <h1>Ders</h1><iframe src="${src}" width="800" height="300"></iframe>`,
      }),
    );
    await p.goto(`${url}figure-fixture.html`);
    await p.waitForFunction(() => window.heights.some((m) => m?.type === "tatbikat:height"), null, { timeout: 20000 });
    const frame = p.frames().find((f) => f.url().includes("figure="));
    await frame.waitForSelector(".report svg .dot, .report svg circle");
    await p.waitForTimeout(300);
    const heights = await p.evaluate(() => window.heights.filter((m) => m?.type === "tatbikat:height").map((m) => m.height));
    assert.ok(heights.at(-1) < 900, `the frame is ${heights.at(-1)} px`);
    assert.equal(await frame.locator(".report .group").count(), 1, "one group");
    assert.equal(await frame.locator('.report figure[data-chart="hung_rate_vs_attempts"]').count(), 1, "the chart");
    assert.equal(await frame.locator(".report .table-wrap").count(), 0, "no table");
    assert.equal(await frame.locator(".report figure[data-chart]").count(), 1, "no other chart");
    // The claim's caption, and its points on this chart marked (those the core found).
    const points = cliPreset("compensation", "compensation.retry").preset.highlights.filter((h) => h.key === "hung_rate_vs_attempts");
    assert.ok(points.length > 0);
    assert.ok(await frame.locator(".claim-caption").isVisible(), "the claim is shown");
    assert.equal(await frame.locator(".report .claim-mark").count(), points.length, "its points marked");
    assert.equal(await frame.locator(".actions, .export-bar, .sweep, .lesson-output").count(), 0, "no tools, no exports");
    const open = await frame.locator("a.open-full").getAttribute("href");
    assert.ok(!/embed=|figure=|controls=/.test(open), `the full page is the whole lesson: ${open}`);
    assert.match(open, /preset=compensation\.retry/);
    // A table alone, its exports back with exports=1.
    await p.goto(`${url}?lesson=compensation&embed=1&controls=0&exports=1&figure=monte_carlo`);
    await rendered(p);
    assert.equal(await p.locator(".report .table-wrap").count(), 1);
    assert.equal(await p.locator(".report figure[data-chart]").count(), 0);
    await p.waitForSelector(".report .export-bar button");
    assert.ok((await p.locator(".report .export-bar button").count()) >= 2, "CSV and JSON");
    assert.equal(await p.locator(".actions").count(), 0);
    // A figure the lesson has not: named with the ones it has, and the whole lesson shown.
    await p.goto(`${url}?lesson=compensation&figure=nope`);
    await rendered(p);
    assert.match(await p.textContent(".link-errors"), /nope.*monte_carlo/s);
    assert.ok((await p.locator(".report .group").count()) > 3);
    // The dialog: one figure, no panel; its snippet has that link and the height the preview measured.
    await p.goto(`${url}?lesson=compensation`);
    await rendered(p);
    await p.click("#embed-button");
    await p.check("#embed-scope-figure");
    await p.selectOption("#embed-figure", "hung_rate_vs_attempts");
    await p.uncheck("#embed-controls");
    assert.equal(await p.isChecked("#embed-exports"), false, "no panel, no exports by default");
    await p.waitForFunction(() => /\d+ px/.test(document.querySelector(".embed-height").textContent), null, { timeout: 20000 });
    // The snippet and the figure beside it read at the same moment (a later height updates both).
    const [code, said] = await p.evaluate(() => [document.querySelector(".snippet").value, document.querySelector(".embed-height").textContent]);
    const measured = Number(/(\d+) px/.exec(said)[1]);
    assert.match(code, /figure=hung_rate_vs_attempts&amp;controls=0"/);
    assert.match(code, new RegExp(`height="${measured}"`));
    assert.ok(measured > 200 && measured < 900, `measured ${measured}`);
    await shot(p, "embed-dialog");
    await p.keyboard.press("Escape");
    clean(p, "figure embeds");
    await p.close();
  });

  test("result next to the control on a phone: what moved shows where the learner is, wide tables cue their scroll, targets are 24 px, a jump to a run has its way back", async () => {
    const phone = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await page(phone);
    await p.goto(`${url}?lesson=supervisor`);
    await rendered(p);
    await p.click(".panel-fold > summary");
    await p.fill('input[name="scan"]', "4");
    await p.locator('input[name="scan"]').dispatchEvent("change");
    await rendered(p, 2);
    // The bar is on screen, next to the slider, and its numbers are the tables' (the CLI's).
    const bar = p.locator(".change-summary");
    await bar.waitFor();
    const box = await bar.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `the bar is on screen (${box.y}–${box.y + box.height})`);
    assert.match(await bar.textContent(), /Tarama aralığı \(tur\) = 4/);
    const want = cliReport("supervisor", { scan: 4 });
    const items = await bar.locator("li").evaluateAll((lis) => lis.map((li) => ({ ...li.dataset, to: li.querySelector("strong").textContent })));
    assert.ok(items.length > 0, "numbers moved");
    for (const it of items) {
      const table = want.sections.flatMap((s) => s.groups).flatMap((g) => g.blocks).find((x) => x.key === it.table);
      const c = table.columns.findIndex((col) => col.key === it.col);
      assert.equal(it.to, expectedText(table.rows[Number(it.row)][c], "tr"), `${it.table} ${it.row} ${it.col}`);
    }
    await bar.locator("button", { hasText: "Tabloda göster" }).click();
    const cell = p.locator("td.just-moved, th.just-moved");
    await cell.waitFor();
    const at = await cell.boundingBox();
    assert.ok(at.y >= 0 && at.y + at.height <= 844, "the cell is on screen");
    // A wide table cues its sideways scroll.
    assert.ok((await p.locator(".table-wrap.scrolls").count()) > 0, "a table scrolls sideways at 390 px");
    assert.equal(await p.locator(".scroll-cue").count(), await p.locator(".table-wrap.scrolls").count());
    // Every target is at least 24 × 24 px, folds open, the run watched, a sweep drawn.
    for (const q of ["lesson=supervisor&trace=&sweep=scan:1..7:4", "lesson=jobs&trace=", "lesson=compensation&trace="]) {
      await p.goto(`${url}?${q}`);
      await rendered(p);
      await p.waitForSelector(".trace .timeline svg");
      await p.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      await p.waitForTimeout(300);
      const small = await p.evaluate(() =>
        [...document.querySelectorAll('button, select, input:not([type=hidden]), a[href], [role="button"], summary, [role="tab"], svg .hit')]
          .map((n) => [n, n.getBoundingClientRect()])
          .filter(([n, r]) => (r.width || r.height) && getComputedStyle(n).visibility !== "hidden" && (r.width < 23.5 || r.height < 23.5))
          .map(([n, r]) => `${n.tagName} ${n.className?.baseVal ?? n.className} ${Math.round(r.width)}×${Math.round(r.height)}`),
      );
      assert.deepEqual(small, [], q);
    }
    // A tapped chart point opens its run; the way back returns to the point.
    await p.goto(`${url}?lesson=supervisor`);
    await rendered(p);
    const point = p.locator('figure[data-chart="recovery_vs_scan"] .watchable').nth(2);
    await point.tap();
    await p.waitForFunction(() => /trace=scan(:|%3A)4/.test(location.search));
    await p.waitForSelector(".trace .timeline svg");
    await p.locator(".trace-head .back").tap();
    await p.waitForFunction(() => document.activeElement?.closest?.('figure[data-chart="recovery_vs_scan"]') !== null && document.activeElement.classList.contains("watchable"));
    const back = await p.locator('figure[data-chart="recovery_vs_scan"] .watchable').nth(2).boundingBox();
    assert.ok(back.y >= 0 && back.y + back.height <= 844, "the point is on screen again");
    await shot(p, "phone-way-back");
    clean(p, "result next to the control");
    await p.close();
    await phone.close();
  });

  test("a 390-px phone screen has no horizontal scroll", async () => {
    const phone = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    for (const lesson of LESSONS) {
      const p = await page(phone);
      await p.goto(`${url}?lesson=${lesson}`);
      await rendered(p);
      const [scroll, client] = await p.evaluate(() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]);
      assert.ok(scroll <= client, `${lesson}: page is ${scroll}px wide in a ${client}px screen`);
      await shot(p, `phone-${lesson}`);
      clean(p, `phone ${lesson}`);
      await p.close();
    }
    await phone.close();
  });
});
