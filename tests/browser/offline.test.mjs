// Offline use, in chromium (issue 20): the first visit keeps the shell and the lesson it opened
// only; a second tab keeps its lesson; "keep every lesson" keeps the rest, and then with the server
// stopped and the network off every tab, a trace and a sweep work. A new build then replaces the
// old one: its cache alone remains, still holding the lessons kept, and the page shows the new
// files. A page runs one build's files: a first-visit tab that a new build's worker takes over
// reloads into that build, and its lazily loaded modules and texts are that build's; a bad deploy
// says which module failed and a fixed deploy is reached with one reload. Without service workers
// the page works as before. Runs on a copy of www/, so the "new builds" leave www/ alone.
// The tests of one describe build on each other (one browser context each).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LESSONS, ROOT, browser, clean, firstVisitOffline, page, QUIET_PASSED, rendered, serve, setParam, settled, shot, stopServers } from "./lib.mjs";

/** The version, build and file list precache.js names (read as text: it is a worker script):
 * files [path, lesson ("" the shell), gzip bytes]. */
function precache(dir) {
  const text = readFileSync(join(dir, "precache.js"), "utf8");
  const files = [...text.matchAll(/^\s+(\[.*\]),$/gm)].map((m) => JSON.parse(m[1]));
  return {
    version: /version: "([0-9a-f]+)"/.exec(text)[1],
    build: /build: "([0-9a-f]+)"/.exec(text)[1],
    files: files.map(([path]) => path),
    of: (lesson) => files.filter((f) => f[2] === lesson).map(([path]) => path),
    gzip: (lesson) => files.filter((f) => f[2] === lesson).reduce((a, f) => a + f[4], 0),
    /** The gzip bytes of the lessons' files (modules, texts, views' pages) not among `paths`. */
    left: (paths) => files.filter((f) => f[2] && !paths.includes(f[0])).reduce((a, f) => a + f[4], 0),
  };
}

/** A new build of the copy in `dir`: `change()` edits its files, then its pages and list follow. */
function deploy(dir, change) {
  change();
  execFileSync("node", [join(ROOT, "tools", "precache.mjs"), dir]);
  return precache(dir);
}

/** The caches of the page's origin and the URLs each holds. */
async function caches(p) {
  return p.evaluate(async () => {
    const out = {};
    for (const name of await globalThis.caches.keys()) out[name] = (await (await globalThis.caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
}

/** Every table of the report as text. */
async function tables(p) {
  return p.$$eval("table.data", (ts) => ts.map((t) => `${t.dataset.table}: ${t.tBodies[0].textContent}`));
}

/** Polls `f` in node until it returns true (a reload in between is retried); on a timeout, says
 * what page `p` (if given) shows: its build, its worker's, its body's state, its failure. */
async function until(f, what, ms = 20000, p = null) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await f()) return;
    } catch {
      /* the page navigated: try again */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${p ? `: ${JSON.stringify(await pageState(p).catch((e) => e.message))}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What page `p` shows, for a timeout's message. */
function pageState(p) {
  return p.evaluate(async () => {
    const controller = navigator.serviceWorker?.controller;
    const theirs = controller
      ? await new Promise((done) => {
          navigator.serviceWorker.addEventListener("message", (e) => e.data?.type === "tatbikat:version" && done(e.data.build));
          controller.postMessage({ type: "tatbikat:version" });
          setTimeout(() => done("no answer"), 2000);
        })
      : null;
    return {
      url: location.href,
      build: document.querySelector('meta[name="tatbikat-build"]')?.content,
      worker: theirs,
      body: document.body.className,
      data: { ...document.body.dataset },
      fatal: document.querySelector(".fatal")?.textContent?.slice(0, 200) ?? null,
      engine: await import("./start.js").then(({ engine, view }) => ({ lesson: engine?.lesson ?? null, busy: engine?.busy ?? null, view: Boolean(view) })).catch((e) => String(e)),
    };
  }).then((state) => ({ ...state, problems: p.problems.slice(0, 6) }));
}

describe("offline", () => {
  let dir;
  let v1;
  let server;
  let url;
  let port;
  let b;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tatbikat-offline-"));
    cpSync(join(ROOT, "www"), dir, { recursive: true, dereference: true });
    v1 = precache(dir);
    server = await serve({ dir });
    url = server.url;
    port = Number(new URL(url).port);
    b = await browser();
  });
  after(async () => {
    await b?.close();
    await stopServers();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe("one page, from the first visit to a new version", () => {
    let context;
    let p;
    before(async () => {
      context = await b.newContext({ viewport: { width: 1280, height: 900 } });
      await context.clock.install(); // the first visit's quiet period passed, not waited (lib.mjs)
      p = await page(context);
    });
    after(async () => {
      await p?.close();
      await context?.close();
    });
    let online = {};

    test("first visit: the service worker keeps the shell and the opened lesson only; a second tab keeps its lesson", async () => {
      await p.goto(`${url}?lesson=jobs&seed=42`);
      await rendered(p);
      online.jobs42 = await tables(p);
      await firstVisitOffline(p);
      const name = `tatbikat-${v1.version}`;
      const held = async () => (await caches(p))[name]?.map((u) => u.slice(url.length)).sort() ?? [];
      const want = [...v1.of(""), ...v1.of("jobs")].sort();
      await until(async () => (await held()).length === want.length, "the shell and jobs' files");
      assert.deepEqual(Object.keys(await caches(p)), [name]);
      assert.deepEqual(await held(), want, "the shell and the lesson opened, nothing else");
      for (const id of LESSONS.filter((id) => id !== "jobs")) assert.ok(!(await held()).includes(`pkg/${id}.wasm`), `${id}'s module is not fetched`);
      // A second tab of another lesson: its files are kept too, and its view's page it fetched.
      const q = await page(context);
      await q.goto(`${url}?lesson=quotas`);
      await rendered(q);
      const both = [...want, ...v1.of("quotas"), "quotas.html"].sort();
      await until(async () => (await held()).length === both.length, "quotas' files too");
      assert.deepEqual(await held(), both);
      await q.close();
      console.log(`offline: the first visit kept ${want.length} files (the shell ${(v1.gzip("") / 1024).toFixed(1)} KB, jobs ${(v1.gzip("jobs") / 1024).toFixed(1)} KB gzip)`);
      clean(p, "first visit");
    });

    test("'keep every lesson' shows its size and keeps every lesson's files", async () => {
      const button = p.locator("#keep-all");
      await p.waitForFunction(() => document.getElementById("keep-all")?.getAttribute("aria-disabled") === "false", null, { timeout: 20000 });
      const missing = v1.left((await caches(p))[`tatbikat-${v1.version}`].map((u) => u.slice(url.length)));
      assert.match(await button.textContent(), new RegExp(`${Math.round(missing / 1024)} KB`), "the size of what is left");
      await button.click();
      await p.waitForFunction(() => document.getElementById("keep-all").hidden, null, { timeout: 30000 });
      assert.equal((await caches(p))[`tatbikat-${v1.version}`].length, v1.files.length, "every file of this build");
      assert.match(await p.locator("#offline-state").textContent(), /Bütün dersler/);
      clean(p, "keep every lesson");
    });

    test("offline: a reload shows the lesson, a change recomputes it, every tab, a trace and a sweep work", async () => {
      await server.stop();
      await context.setOffline(true);
      await p.goto(`${url}?lesson=jobs`);
      await rendered(p);
      assert.ok((await p.locator("table.data").count()) > 3, "the lesson's tables");
      await setParam(p, "seed", "42");
      assert.deepEqual(await tables(p), online.jobs42, "the same numbers as online");
      let n = await p.evaluate(() => Number(document.body.dataset.renders));
      for (const id of LESSONS.filter((id) => id !== "jobs")) {
        await p.click(`#tab-${id}`);
        await rendered(p, ++n);
        assert.ok((await p.locator("table.data").count()) > 0, `${id} offline`);
        await setParam(p, (await p.locator(".field.kind-int input").first().getAttribute("name")), "2").catch(() => {});
        n = await p.evaluate(() => Number(document.body.dataset.renders));
      }
      await shot(p, "offline-claim_check");
      await p.goto(`${url}?lesson=supervisor&trace=scan:4`);
      await rendered(p);
      await p.waitForSelector(".trace .timeline svg rect", { timeout: 20000 });
      await p.goto(`${url}?lesson=compensation&sweep=comp_fail:0..0.2:5&sweep_y=seed:1..2&metric=monte_carlo.rate`);
      await rendered(p);
      await p.waitForSelector(".heatmap svg rect.watchable", { timeout: 20000 });
      assert.equal(await p.locator(".heatmap svg rect.watchable").count(), 10);
      await shot(p, "offline-heatmap");
      clean(p, "offline");
    });

    let v2;
    test("a new version replaces the old: the page reloads once into it, the old cache is gone", async () => {
      // The "new build": one changed byte in a file, and its precache list made again.
      appendFileSync(join(dir, "style.css"), "\n/* the next version */\n");
      execFileSync("node", [join(ROOT, "tools", "precache.mjs"), dir]);
      v2 = precache(dir);
      assert.notEqual(v2.version, v1.version);
      server = await serve({ dir, port });
      await context.setOffline(false);
      let navigations = 0; // documents loaded (a replaceState of the link is not one)
      p.on("domcontentloaded", () => (navigations += 1));
      await p.goto(`${url}?lesson=jobs`); // answered by the old version, which then finds the new one
      await until(async () => Object.keys(await caches(p)).join() === `tatbikat-${v2.version}`, "the new version's cache alone");
      await until(async () => (await p.evaluate(() => document.body.dataset.offline)) === "ready", "the reloaded page");
      await rendered(p);
      assert.equal(navigations, 2, "the first answer and one reload");
      const served = await p.evaluate(async () => (await fetch("style.css")).text());
      assert.match(served, /the next version/, "the page's files are the new version's");
      const version = await p.evaluate(
        () =>
          new Promise((resolve) => {
            navigator.serviceWorker.addEventListener("message", (e) => resolve(e.data.version), { once: true });
            navigator.serviceWorker.controller.postMessage({ type: "tatbikat:version" });
          }),
      );
      assert.equal(version, v2.version, "the worker in control is the new version's");
      assert.equal((await caches(p))[`tatbikat-${v2.version}`].length, v2.files.length, "the lessons kept before are kept by the new version");
      clean(p, "update");
    });

    test("the new version works offline as well", async () => {
      await server.stop();
      await context.setOffline(true);
      await p.reload();
      await rendered(p);
      assert.match(await p.evaluate(async () => (await fetch("style.css")).text()), /the next version/);
      assert.ok((await p.locator("table.data").count()) > 3);
      clean(p, "offline, new version");
    });
  });

  describe("a page runs one build's files", () => {
    test("a first-visit tab that a new build's worker takes over reloads into that build; its lazy modules and texts are that build's", async () => {
      server = await serve({ dir, port });
      const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
      await context.clock.install();
      const p = await page(context);
      let navigations = 0;
      p.on("domcontentloaded", () => (navigations += 1));
      await p.goto(`${url}?lesson=leader`); // a first visit: no worker yet
      await rendered(p);
      await firstVisitOffline(p);
      const before = await p.evaluate(() => document.querySelector('meta[name="tatbikat-build"]').content);
      // Build B: a marker in the page's module, a lazily loaded module and the lesson's texts.
      const mark = (file, what) => appendFileSync(join(dir, file), `\n(globalThis.__builds ??= []).push("B:${what}");\n`);
      // The page's modules as the site loads them: the bundle (tools/bundle.mjs), whose lazily
      // loaded timeline is a file of its own.
      const timeline = readdirSync(join(dir, "min")).find((f) => /^timeline-\w+\.js$/.test(f));
      assert.ok(timeline, "the bundle's lazily loaded timeline");
      const vB = deploy(dir, () => {
        mark("min/app.js", "app");
        mark(`min/${timeline}`, "timeline");
        mark("i18n/lesson/leader.tr.js", "texts");
      });
      assert.notEqual(vB.build, before);
      // A second tab: the new worker installs, takes both tabs, and the first reloads.
      const q = await page(context);
      await q.goto(`${url}?lesson=supervisor`);
      await until(async () => navigations === 2, "the first tab's reload into build B", 60000);
      await rendered(p);
      assert.equal(await p.evaluate(() => document.querySelector('meta[name="tatbikat-build"]').content), vB.build, "the page is build B's");
      await p.click("#watch-button");
      await p.waitForSelector(".trace .timeline svg", { timeout: 20000 });
      const builds = await p.evaluate(() => globalThis.__builds);
      assert.deepEqual([...builds].sort(), ["B:app", "B:texts", "B:timeline"], "every file the page ran is build B's");
      clean(p, "first-visit tab");
      await q.close();
      await context.close();
    });

    test("a bad deploy says which module failed, and a fixed deploy is reached with one reload", async () => {
      const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
      await context.clock.install();
      const p = await page(context);
      await p.goto(`${url}?lesson=supervisor`);
      await rendered(p);
      await firstVisitOffline(p);
      // The bad deploy: leader's module replaced by quotas'.
      const good = readFileSync(join(dir, "pkg", "leader.wasm"));
      const bad = deploy(dir, () => copyFileSync(join(dir, "pkg", "quotas.wasm"), join(dir, "pkg", "leader.wasm")));
      await p.goto(`${url}?lesson=leader&seed=3`); // the old worker finds the new build; it takes the page
      await until(async () => (await p.evaluate(() => document.querySelector('meta[name="tatbikat-build"]')?.content)) === bad.build && (await p.locator(".fatal").count()) === 1, "the bad build's page, failing", 60000, p);
      const said = await p.locator(".fatal").textContent();
      assert.match(said, /Dersin modeli yüklenemedi/, "names the module");
      assert.match(said, /pkg\/leader\.wasm/);
      assert.doesNotMatch(said, /WebAssembly çalıştıramıyor/, "not the browser's fault");
      // The fixed deploy, then one reload by the learner.
      const fixed = deploy(dir, () => {
        writeFileSync(join(dir, "pkg", "leader.wasm"), good);
        appendFileSync(join(dir, "style.css"), "\n/* fixed */\n");
      });
      p.problems.length = 0; // the bad build's page failing to load its module is the point here
      await p.reload();
      await until(async () => (await p.evaluate(() => document.querySelector('meta[name="tatbikat-build"]')?.content)) === fixed.build && Number(await p.evaluate(() => document.body.dataset.renders ?? 0)) >= 1, "the fixed build's page", 60000, p);
      assert.ok((await p.locator("table.data").count()) > 0, "the lesson's tables");
      assert.equal(await p.locator(".fatal").count(), 0);
      clean(p, "fixed deploy");
      await context.close();
    });
  });

  test("without service workers (blocked) the page works as before", async () => {
    const blocked = await b.newContext({ serviceWorkers: "block" });
    await blocked.clock.install();
    const q = await page(blocked);
    await q.goto(`${url}?lesson=compensation`);
    await rendered(q);
    assert.ok((await q.locator("table.data").count()) > 3);
    // Past the first visit's quiet period, when a page that can have a worker registers it.
    await settled(q);
    await q.clock.fastForward(QUIET_PASSED);
    await q.waitForTimeout(500);
    assert.equal(await q.evaluate(() => document.body.dataset.offline), undefined);
    clean(q, "no service worker");
    await blocked.close();
  });
});
