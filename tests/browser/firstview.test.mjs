// The lesson's view without waiting for WebAssembly (issue 20): every lesson's view at its values,
// drawn at build time (tools/prerender.mjs), equals what the core computes and the page draws,
// cell by cell, in Turkish and English; the page takes it over without a layout shift, keeping
// focus and scroll; a changed link never shows the view's numbers as its own; without
// JavaScript the view is static HTML with every lesson's view a link away; and a build whose
// pages differ from the core's answers fails. Screenshots of each lesson's first screen at
// 390 × 844 in target/screenshots/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { parseHTML } from "linkedom";
import { LESSONS, ROOT, browser, clean, page, rendered, serve, settled, shot, stopServers } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const fileOf = (id, lang) => (lang === "tr" ? `${id}.html` : `${id}.${lang}.html`);

/** Every data table of a view: [key, [[cell text, …] per row]], header row first. */
function staticTables(file) {
  const { document } = parseHTML(readFileSync(join(ROOT, "www", file), "utf8"));
  return [...document.querySelectorAll("table.data")].map((t) => [t.getAttribute("data-table"), [...t.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent))]);
}

/** The same from the page shown. */
const liveTables = (p) =>
  p.$$eval("table.data", (ts) => ts.map((t) => [t.dataset.table, [...t.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent))]));

describe("first view", () => {
  let url;
  let b;
  before(async () => {
    ({ url } = await serve());
    b = await browser();
  });
  after(async () => {
    await b?.close();
    await stopServers();
  });

  test("each lesson's view drawn at build time equals what the core computes in the page, cell by cell, in both languages", async () => {
    const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await page(context);
    let cells = 0;
    for (const id of LESSONS) {
      for (const lang of ["tr", "en"]) {
        // The same view through a form of its link the site's map does not hold: the core computes it.
        await p.goto(`${url}?v=1&lesson=${id}${lang === "en" ? "&lang=en" : ""}`);
        await rendered(p);
        assert.equal(await p.evaluate(async () => (await import("./start.js")).view), null, "computed by the core, not the view");
        const live = await liveTables(p);
        const built = staticTables(fileOf(id, lang));
        assert.deepEqual(built.map(([k]) => k), live.map(([k]) => k), `${id} ${lang}: the same tables`);
        for (const [i, [key, rows]] of built.entries()) {
          assert.deepEqual(rows, live[i][1], `${id} ${lang}: table ${key}`);
          cells += rows.flat().length;
        }
        const charts = await p.$$eval("figure.chart", (fs) => fs.map((f) => f.dataset.chart));
        const { document } = parseHTML(readFileSync(join(ROOT, "www", fileOf(id, lang)), "utf8"));
        assert.deepEqual([...document.querySelectorAll("figure.chart")].map((f) => f.getAttribute("data-chart")), charts, `${id} ${lang}: the same charts`);
      }
    }
    console.log(`first view: ${cells} cells of ${LESSONS.length * 2} views equal the page's`);
    clean(p, "views");
    await context.close();
  });

  test("a view is on screen before the page's modules, and the page takes it over in place: no layout shift, focus, scroll and folds kept", async () => {
    const shifts = [];
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ]) {
      const context = await b.newContext({ viewport: { width, height } });
      await context.addInitScript(() => {
        window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const p = await page(context);
      // app.js is held back until the learner has acted on the view drawn at build time.
      const release = await hold(p, "**/app.js");
      await p.goto(`${url}?lesson=jobs`);
      await p.waitForFunction(() => performance.getEntriesByName("tatbikat:first-view").length === 1);
      assert.ok(await p.locator("table.data").first().isVisible(), "the view's first table is on screen");
      assert.equal(await p.evaluate(() => document.body.dataset.ready), undefined, "before the page's modules");
      await p.focus("#tab-compensation");
      await p.locator("details.claims-fold").evaluate((d) => (d.open = true)); // as a click on its summary
      await p.evaluate(() => window.scrollTo(0, 300));
      // The shifts counted from here on are the takeover's (the fold just opened moved things too).
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r((window.__shift = 0))))));
      release();
      await rendered(p);
      const after = await p.evaluate(() => ({
        focused: document.activeElement?.id,
        y: window.scrollY,
        open: document.querySelector("details.claims-fold").open,
        shift: window.__shift,
        live: document.body.dataset.live,
      }));
      assert.equal(after.live, "1", "the page's own frame");
      assert.equal(after.focused, "tab-compensation", "focus kept");
      assert.equal(after.y, 300, "scroll kept");
      assert.equal(after.open, true, "the fold the learner opened stays open");
      shifts.push(`${width} px: ${after.shift.toFixed(4)}`);
      assert.ok(after.shift < 0.001, `layout shift ${after.shift} at ${width} px`);
      clean(p, `takeover at ${width} px`);
      await context.close();
    }
    console.log(`first view: cumulative layout shift when the page takes the view over: ${shifts.join(", ")}`);
  });

  test("a changed link never shows the lesson's numbers as its own: a placeholder until the core's answer", async () => {
    const context = await b.newContext({ viewport: { width: 390, height: 844 } });
    const p = await page(context);
    const release = await hold(p, "**/pkg/jobs.wasm");
    await p.goto(`${url}?lesson=jobs&seed=42`);
    await p.waitForFunction(() => performance.getEntriesByName("tatbikat:first-view").length === 1);
    await p.waitForFunction(() => document.querySelectorAll("table.data td").length > 0); // the placeholder is the lesson's view
    const shown = await p.$$eval("table.data td, .panel input, .marker", (cells) => cells.filter((c) => c.checkVisibility({ visibilityProperty: true })).length);
    assert.equal(shown, 0, "no number of the lesson's view is visible");
    assert.ok(await p.evaluate(() => document.body.classList.contains("computing")));
    release();
    await rendered(p);
    const expected = core.run("lesson=jobs&seed=42").sections[0].groups.flatMap((g) => g.blocks).find((b) => b.type === "table");
    const first = (await liveTables(p))[0];
    assert.equal(first[0], expected.key);
    assert.deepEqual(first[1].slice(1).map((r) => r[1]), expected.rows.map((r) => String(r[1].value)), "seed 42's numbers");
    assert.notDeepEqual(first[1], staticTables("jobs.html")[0][1], "not the lesson's");
    clean(p, "changed link");
    await context.close();
  });

  test("a module that fails is said, and a placeholder arriving after that does not cover it", async () => {
    const context = await b.newContext({ viewport: { width: 390, height: 844 } });
    const p = await page(context);
    await p.route("**/pkg/jobs.wasm", (route) => route.fulfill({ status: 404, body: "" }));
    const release = await hold(p, "**/jobs.html"); // the placeholder's page, held until the failure is said
    await p.goto(`${url}?lesson=jobs&seed=42`);
    await p.waitForSelector(".fatal", { timeout: 20000 });
    const arrived = p.waitForEvent("requestfinished", (r) => r.url().endsWith("/jobs.html"));
    release();
    await arrived;
    await p.evaluate(() => new Promise((r) => setTimeout(r, 200))); // its load event and what follows it
    assert.match(await p.locator(".fatal").textContent(), /pkg\/jobs\.wasm/, "names the module");
    assert.equal(await p.evaluate(() => document.body.classList.contains("computing")), false, "not a placeholder");
    await context.close();
  });

  test("page modules that do not load are said after one reload: a view stays readable, a computed link shows no placeholder", async () => {
    const context = await b.newContext({ viewport: { width: 390, height: 844 } });
    const p = await page(context);
    // What is counted is the page's documents (the main frame's navigations: the first, then each
    // reload), not requests for the modules: how many fetches a document makes for a module that
    // failed is the browser's choice (a modulepreload that failed, then import() of the same
    // file: Chromium 148 fetches once, 156 again, as whatwg/html#10327 now asks).
    const documents = [];
    p.on("framenavigated", (frame) => frame === p.mainFrame() && documents.push({ url: frame.url(), asked: 0 }));
    await p.route("**/min/app.js", (route) => {
      if (documents.length) documents.at(-1).asked += 1;
      return route.abort("connectionfailed");
    });
    // A lesson's view: its numbers stay, the failure is said above them.
    await p.goto(`${url}?lesson=jobs`);
    await p.waitForSelector(".fatal", { timeout: 20000 }).catch((err) => {
      err.message += `; the page's documents so far: ${documents.length}`; // reloading on and on, or loading on
      throw err;
    });
    assert.match(await p.locator(".fatal").textContent(), /Sayfanın kodu yüklenemedi/, "said in the page's language");
    assert.deepEqual(documents.map((d) => d.url), [`${url}?lesson=jobs`, `${url}?lesson=jobs`], "tried again once, by one reload");
    assert.equal(await p.evaluate(() => performance.getEntriesByType("navigation")[0].type), "reload", "the failure is said by the reloaded page");
    assert.ok(documents.every((d) => d.asked >= 1), `each document asked for the modules: ${JSON.stringify(documents)}`);
    assert.ok(await p.locator("table.data td").first().isVisible(), "the view's table is still there");
    // A link the core computes: the placeholder's numbers are not the link's, so none is shown,
    // even when its page arrives after the failure is said.
    const release = await hold(p, "**/jobs.html");
    await p.goto(`${url}?lesson=jobs&seed=42&lang=en`);
    await p.waitForSelector(".fatal", { timeout: 20000 });
    const arrived = p.waitForEvent("requestfinished", (r) => r.url().endsWith("/jobs.html"));
    release();
    await arrived;
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))); // what its arrival does
    assert.match(await p.locator(".fatal").textContent(), /The page's code could not be loaded/);
    assert.equal(await p.locator("table.data").count(), 0, "no placeholder numbers");
    assert.equal(await p.evaluate(() => document.body.classList.contains("computing")), false, "not waiting");
    await context.close();
  });

  test("a refused value on a phone is said at once: the folded parameters open at its control", async () => {
    const context = await b.newContext({ viewport: { width: 390, height: 844 } });
    const p = await page(context);
    await p.goto(`${url}?lesson=quotas&capacity=999999999999`);
    await rendered(p);
    await settled(p);
    const control = p.locator('.panel [name="capacity"][aria-invalid="true"]');
    assert.ok(await control.isVisible(), "the refused value's control is in the opened fold");
    const said = p.locator(".panel p.error:not([hidden])");
    assert.equal(await said.count(), 1);
    assert.match(await said.textContent(), /999999999999/, "the value typed is named");
    clean(p, "refused value");
    await context.close();
  });

  test("without JavaScript the lesson's view is static HTML: its numbers, what needs JavaScript, every view a link away", async () => {
    const context = await b.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const p = await context.newPage();
    await p.goto(url);
    // index.html is the shell (start.js fetches a link's view): without JavaScript it leads to
    // the first lesson's view.
    await p.waitForURL(`${url}${fileOf(LESSONS[0], "tr")}`);
    const first = p.locator("table.data").first();
    assert.ok(await first.isVisible(), "a table");
    const expected = core.run("lesson=supervisor").sections[0].groups.flatMap((g) => g.blocks).find((b) => b.type === "table");
    const rows = await first.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.equal(rows.length, expected.rows.length);
    assert.ok(await p.locator(".no-script").isVisible(), "the line saying what needs JavaScript");
    assert.ok(!(await p.locator("form.panel").isVisible()), "no controls that need JavaScript");
    await shot(p, "noscript-supervisor");
    const links = await p.$$eval(".no-script a", (as) => as.map((a) => a.getAttribute("href")));
    for (const id of LESSONS) assert.ok(links.includes(fileOf(id, "tr")), `${id}'s view is a link away`);
    assert.ok(links.includes("supervisor.en.html"), "and the other language");
    // The other language's link, followed as a reader without JavaScript would.
    await p.click('.no-script a[href="supervisor.en.html"]');
    await p.waitForURL(`${url}supervisor.en.html`);
    assert.equal(await p.evaluate(() => document.documentElement.lang), "en");
    assert.ok(await p.locator("table.data").first().isVisible());
    await context.close();
  });

  test("screenshots of each lesson's first screen at 390 × 844: title, intro, the parameters and the first table in it", async () => {
    const context = await b.newContext({ viewport: { width: 390, height: 844 } });
    const p = await page(context);
    const rows = [];
    for (const id of LESSONS) {
      await p.goto(`${url}?lesson=${id}`);
      await rendered(p);
      const at = await p.evaluate(() => {
        const top = (sel) => Math.round(document.querySelector(sel).getBoundingClientRect().top);
        return { title: top(".lesson-title"), intro: top(".intro"), params: top("form.panel summary"), table: top("table.data"), row: Math.round(document.querySelector("table.data tbody tr").getBoundingClientRect().bottom) };
      });
      rows.push(`${id}: title ${at.title}, intro ${at.intro}, parameters ${at.params}, first table ${at.table} px (its first row ends at ${at.row})`);
      await p.screenshot({ path: join(ROOT, "target", "screenshots", `first-screen-${id}.png`) });
      assert.ok(at.row <= 844, `${id}: the first table's first row within the first screen (${at.row} px)`);
    }
    console.log(`first screens at 390 × 844:\n  ${rows.join("\n  ")}`);
    clean(p, "first screens");
    await context.close();
  });

  test("a build whose views differ from what the core computes fails", () => {
    const dir = mkdtempSync(join(tmpdir(), "tatbikat-views-"));
    try {
      cpSync(join(ROOT, "www"), dir, { recursive: true, dereference: true });
      const ok = spawnSync("node", [join(ROOT, "tools", "prerender.mjs"), dir, "--check"], { encoding: "utf8" });
      assert.equal(ok.status, 0, ok.stderr);
      // One number of one view changed, as a stale or hand-edited page would have it.
      const file = join(dir, "jobs.html");
      const html = readFileSync(file, "utf8");
      const changed = html.replace(/(<td [^>]*data-value="19"[^>]*>)19</, "$120<");
      assert.notEqual(changed, html);
      writeFileSync(file, changed);
      const bad = spawnSync("node", [join(ROOT, "tools", "prerender.mjs"), dir, "--check"], { encoding: "utf8" });
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /jobs\.html: differs from what the page's module computes/);
      execFileSync("node", [join(ROOT, "tools", "prerender.mjs"), dir]);
      assert.equal(spawnSync("node", [join(ROOT, "tools", "prerender.mjs"), dir, "--check"]).status, 0, "written again from the core, it passes");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Holds back every request for `pattern` until the returned function is called. */
async function hold(p, pattern) {
  let release;
  const held = new Promise((r) => (release = r));
  await p.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
