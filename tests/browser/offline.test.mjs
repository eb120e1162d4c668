// Offline use, in chromium: after the first visit the service worker (www/sw.js) has this
// version's files; with the server stopped and the network off, a reload shows the lesson, a
// change recomputes it, traces and sweeps work (the one module does everything). A new build then
// replaces the old one: its cache alone remains and the page shows the new files. Without service
// workers the page works as before. Runs on a copy of www/, so the "new build" leaves www/ alone.
// The first four tests build on each other (one page, one browser context).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LESSONS, ROOT, browser, clean, page, rendered, serve, setParam, shot, stopServers } from "./lib.mjs";

/** The version and file list precache.js names (read as text: it is a worker script). */
function precache(dir) {
  const text = readFileSync(join(dir, "precache.js"), "utf8");
  return {
    version: /version: "([0-9a-f]+)"/.exec(text)[1],
    files: [...text.matchAll(/^\s+\["([^"]+)",/gm)].map((m) => m[1]),
  };
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

/** Polls `f` in node until it returns true (a reload in between is retried). */
async function until(f, what, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await f()) return;
    } catch {
      /* the page navigated: try again */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
      p = await page(context);
    });
    after(async () => {
      await p?.close();
      await context?.close();
    });
    let online = {};

    test("first visit: the service worker caches this version's files and controls the page", async () => {
      await p.goto(`${url}?lesson=jobs&seed=42`);
      await rendered(p);
      online.jobs42 = await tables(p);
      await p.waitForFunction(() => document.body.dataset.offline === "ready", null, { timeout: 20000 });
      const held = await caches(p);
      assert.deepEqual(Object.keys(held), [`tatbikat-${v1.version}`]);
      assert.deepEqual(held[`tatbikat-${v1.version}`].map((u) => u.slice(url.length)).sort(), [...v1.files].sort());
      for (const id of LESSONS) assert.ok(v1.files.includes(`pkg/${id}.wasm`), `the module of ${id} is kept`);
      clean(p, "first visit");
    });

    test("offline: a reload shows the lesson, a change recomputes it, traces and sweeps work", async () => {
      await server.stop();
      await context.setOffline(true);
      await p.goto(`${url}?lesson=jobs`);
      await rendered(p);
      assert.ok((await p.locator("table.data").count()) > 3, "the lesson's tables");
      await setParam(p, "seed", "42");
      assert.deepEqual(await tables(p), online.jobs42, "the same numbers as online");
      await p.click("#tab-compensation");
      await rendered(p, 3);
      assert.ok((await p.locator('table.data[data-table="orderings"]').count()) === 1, "another lesson");
      await shot(p, "offline-compensation");
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
      assert.equal((await caches(p))[`tatbikat-${v2.version}`].length, v2.files.length);
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

  test("without service workers (blocked) the page works as before", async () => {
    server = await serve({ dir, port });
    const blocked = await b.newContext({ serviceWorkers: "block" });
    const q = await page(blocked);
    await q.goto(`${url}?lesson=compensation`);
    await rendered(q);
    assert.ok((await q.locator("table.data").count()) > 3);
    await q.waitForTimeout(500);
    assert.equal(await q.evaluate(() => document.body.dataset.offline), undefined);
    clean(q, "no service worker");
    await blocked.close();
  });
});
