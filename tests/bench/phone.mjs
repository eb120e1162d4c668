// A phone's first minute, as ./build.sh bench measures it (issue 20): each lesson opened in a fresh
// browser profile at 390 × 844 under Lighthouse's mobile profile — CDP network emulation (150 ms
// round trip, 1.6 Mbit/s down, 750 kbit/s up) and the CPU 4× slower — from a server that gzips
// text and WebAssembly as a static host does (tools/serve.py with TATBIKAT_GZIP=1). For each
// lesson: the time to the first table on screen, the time until the page shows the result of a
// change made as soon as it can take one, the bytes moved until the first table and in the first
// 20 s, then a repeat visit answered by the service worker. Prints figures; asserts nothing.
// Standalone (after ./build.sh build): node tests/bench/phone.mjs [LESSON ...]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LESSONS, ROOT, browser, serve } from "../browser/lib.mjs";

/** Lighthouse's mobile profile (bytes per second for the throughputs). */
export const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };
/** The window whose bytes are counted ("all bytes in the first 20 s"). */
export const WINDOW_MS = 20_000;

// Installed before the page's own scripts: the first frame in which a table cell is visible
// (`window.__firstTable`, ms after navigation). rAF runs in the frame before its paint, and not
// before the render-blocking stylesheet is there.
export function watchFirstTable() {
  const look = () => {
    const cell = document.querySelector("table.data td");
    if (cell && cell.checkVisibility({ visibilityProperty: true, opacityProperty: true })) window.__firstTable = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

// Installed before the page's own scripts too: the change, made by the page's side the moment the
// page marks itself interactive (`tatbikat:first-table`) — the panel unfolded, then in the next
// frame the first whole-number parameter's "+1" clicked (`window.__changed`, ms after
// navigation). A learner's tap at that moment: no harness in between (driving the two clicks
// from playwright added its own round trips and waits for stable frames, 0.6–1.8 s on the
// throttled CPU of a shared machine, measured with tests/bench/phone.mjs's first version).
export function changeWhenInteractive() {
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.name === "tatbikat:first-table")) return;
    observer.disconnect();
    const fold = document.querySelector("form.panel details.panel-fold");
    if (fold && !fold.open) fold.open = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__changed = performance.now();
        document.querySelector(".field.kind-int .control > .step-btn:last-child").click();
      }, 0),
    );
  });
  observer.observe({ type: "mark" });
}

const NETWORK = {
  offline: false,
  latency: MOBILE.latency,
  downloadThroughput: MOBILE.downloadThroughput,
  uploadThroughput: MOBILE.uploadThroughput,
};

/** The mobile profile on page `p` (CDP: network and CPU; the page's network conditions cover its
 * dedicated workers too). */
async function throttle(context, p) {
  const cdp = await context.newCDPSession(p);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE.cpu });
  return cdp;
}

/** The same network conditions for every service worker of `context` as it starts: a page's
 * emulation does not reach its service worker, whose downloads share the phone's link. Attached
 * through the browser's CDP session (playwright's sessions take pages only); the few requests
 * it sends in the milliseconds before that are not slowed. */
function throttleServiceWorkers(b, cdp, context) {
  const done = new Set();
  let seq = 0;
  context.on("serviceworker", async () => {
    const { targetInfos } = await cdp.send("Target.getTargets");
    for (const target of targetInfos.filter((t) => t.type === "service_worker" && !done.has(t.targetId))) {
      done.add(target.targetId);
      const { sessionId } = await cdp.send("Target.attachToTarget", { targetId: target.targetId, flatten: false });
      const send = (method, params) => cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: ++seq, method, params }) });
      await send("Network.enable", {});
      await send("Network.emulateNetworkConditions", NETWORK);
    }
  });
}

/** Every request the context finishes (the page's, its workers' and the service worker's):
 * [{url, bytes (headers and body as sent, gzipped), body (the body alone), end (epoch ms)}]. */
function recordTransfers(context) {
  const log = [];
  context.on("requestfinished", async (r) => {
    try {
      const s = await r.sizes();
      const t = r.timing();
      log.push({ url: r.url(), bytes: s.responseBodySize + s.responseHeadersSize, body: s.responseBodySize, end: t.startTime + t.responseEnd, sw: Boolean(r.serviceWorker?.()) });
    } catch {
      /* the context closed meanwhile */
    }
  });
  return log;
}

/** One lesson's first visit and a repeat visit. */
async function visit(b, cdp, url, lesson) {
  const context = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  throttleServiceWorkers(b, cdp, context);
  await context.addInitScript(watchFirstTable);
  await context.addInitScript(changeWhenInteractive);
  const log = recordTransfers(context);
  const p = await context.newPage();
  await throttle(context, p);
  await p.goto(`${url}?lesson=${lesson}`, { waitUntil: "commit" });
  await p.waitForFunction(() => window.__firstTable !== undefined, null, { timeout: 60_000, polling: 50 });
  const origin = await p.evaluate(() => performance.timeOrigin);
  const firstTable = await p.evaluate(() => window.__firstTable);
  // A change as soon as the page takes one (changeWhenInteractive), timed to the page's own
  // render of its answer.
  const answered = () => performance.getEntriesByName("tatbikat:render").find((m) => window.__changed !== undefined && m.startTime >= window.__changed);
  await p.waitForFunction(answered, null, { timeout: 60_000, polling: 50 });
  // Interactive: the page's own mark of its first render by the page's code (the view taken over,
  // every control live).
  const interactive = await p.evaluate(() => performance.getEntriesByName("tatbikat:first-table")[0].startTime);
  const { respond, changed } = await p.evaluate(() => {
    const m = performance.getEntriesByName("tatbikat:render").find((r) => r.startTime >= window.__changed);
    return { respond: m.startTime + m.duration, changed: window.__changed };
  });
  // The rest of the 20 s, then what moved in them.
  const left = origin + WINDOW_MS - Date.now();
  if (left > 0) await p.waitForTimeout(left);
  const moved = log.filter((r) => r.end - origin <= WINDOW_MS);
  const beforeTable = moved.filter((r) => r.end - origin <= firstTable);
  const beforeReady = moved.filter((r) => r.end - origin <= interactive);
  const wasm = moved.find((r) => /\/pkg\/\w+\.wasm$/.test(r.url));
  // A repeat visit: the service worker (if it took the page) answers.
  const controlled = await p.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  await p.goto(`${url}?lesson=${lesson}`, { waitUntil: "commit" });
  await p.waitForFunction(() => window.__firstTable !== undefined, null, { timeout: 60_000, polling: 50 });
  const repeat = await p.evaluate(() => window.__firstTable);
  await context.close();
  return {
    lesson,
    firstTable,
    respond,
    changed,
    bytesFirstTable: beforeTable.reduce((a, r) => a + r.bytes, 0),
    filesFirstTable: beforeTable.length,
    interactive,
    bodiesReady: beforeReady.reduce((a, r) => a + r.body, 0),
    filesReady: beforeReady.length,
    bytes20: moved.reduce((a, r) => a + r.bytes, 0),
    files20: moved.length,
    wasmMs: wasm ? wasm.end - origin : null,
    controlled,
    repeat,
  };
}

/** Asks `url`'s server once for every file of the site (precache.js's list, the pages, the service
 * worker) gzipped: tools/serve.py compresses a file at its first request and keeps it, where a
 * static host has it compressed already (gzip -9 of a lesson's module took 0.15 s of the
 * server's CPU at load 19, on the path of that lesson's first visit). */
async function warm(url) {
  const text = readFileSync(join(ROOT, "www", "precache.js"), "utf8");
  const files = [...text.matchAll(/^\s+\["([^"]+)"/gm)].map((m) => m[1]);
  for (const file of ["", "sw.js", ...files]) {
    const response = await fetch(new URL(file, url), { headers: { "Accept-Encoding": "gzip" } });
    await response.arrayBuffer();
  }
}

/** Every lesson's visits, one after another (a phone's story is one learner at a time). */
export async function phoneVisits({ url, b, lessons = LESSONS }) {
  await warm(url);
  const out = [];
  const cdp = await b.newBrowserCDPSession();
  for (const lesson of lessons) out.push(await visit(b, cdp, url, lesson));
  await cdp.detach();
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The budgets of issue 20, each with the figure of these visits: [what, value, limit, unit]. */
export function phoneBudgets(visits) {
  return [
    [`first table, median over the ${visits.length} lessons`, median(visits.map((v) => v.firstTable)) / 1000, 1.0, "s"],
    ["bytes in the first 20 s of a first visit, the most of any lesson", Math.max(...visits.map((v) => v.bytes20)) / 1024, 350, "KB"],
    ["the page responding to a change, the slowest lesson", Math.max(...visits.map((v) => v.respond)) / 1000, 2.5, "s"],
    // The first-load budget of issue 9 (then: until the first table, which waited for the
    // module), now until the page is interactive: response bodies as the host gzips them.
    ["first load until interactive (bodies, gzip), the most of any lesson", Math.max(...visits.map((v) => v.bodiesReady)) / 1024, 250, "KB"],
  ];
}

/** The visits as a table, then the budgets. */
export function printPhone(visits) {
  const kb = (n) => (n / 1024).toFixed(1);
  const s = (ms) => (ms === null ? "–" : (ms / 1000).toFixed(2));
  console.log(
    `a phone's first visit: 390 × 844, ${MOBILE.latency} ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU ${MOBILE.cpu}× slower, gzip (a fresh profile each lesson)`,
  );
  const head = ["lesson", "first table", "interactive", "changed at", "responds", "KB to table", "files", "KB to inter.", "files", "KB in 20 s", "files", "wasm at", "repeat (sw)"];
  const w = [14, 12, 12, 11, 10, 12, 6, 13, 6, 11, 6, 9, 12];
  console.log(head.map((c, i) => (i ? c.padStart(w[i]) : c.padEnd(w[i]))).join(""));
  for (const v of visits) {
    const row = [v.lesson, `${s(v.firstTable)} s`, `${s(v.interactive)} s`, `${s(v.changed)} s`, `${s(v.respond)} s`, kb(v.bytesFirstTable), String(v.filesFirstTable), kb(v.bodiesReady), String(v.filesReady), kb(v.bytes20), String(v.files20), `${s(v.wasmMs)} s`, v.controlled ? `${s(v.repeat)} s` : "no worker"];
    console.log(row.map((c, i) => (i ? c.padStart(w[i]) : c.padEnd(w[i]))).join(""));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.TATBIKAT_GZIP = "1";
  const server = await serve();
  const b = await browser();
  try {
    const lessons = process.argv.length > 2 ? process.argv.slice(2) : LESSONS;
    const visits = await phoneVisits({ url: server.url, b, lessons });
    printPhone(visits);
    console.log("\nbudgets (issue 20)");
    for (const [what, value, limit, unit] of phoneBudgets(visits)) {
      console.log(`  ${what.padEnd(62)}${`${value.toFixed(unit === "s" ? 2 : 1)} ${unit}`.padStart(11)}  ≤ ${limit} ${unit}  ${value <= limit ? "ok" : "over"}`);
    }
  } finally {
    await b.close();
    await server.stop();
  }
}
