// A phone's first minute, as ./build.sh bench measures it (issues 20 and 32): each lesson of the
// site (a script lesson too: issue 34) opened in a fresh browser profile at 390 × 844 under Lighthouse's mobile profile — CDP network emulation
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and the CPU 4× slower — from a server that
// gzips text and WebAssembly as a static host does (tools/serve.py with TATBIKAT_GZIP=1). First,
// for each lesson and each link a learner opens (the course's `?lesson=ID`, answered by
// index.html, and the view's own page `ID.html`), the first table from navigation start
// (performance.now() in the page at the first visible `td` with a digit; median of 3 visits), the
// requests before it and their round trips in sequence. Then one longer visit per lesson: the
// time until the page shows the result of a change made as soon as it can take one, the bytes
// moved until the first table and in the first 20 s, and a repeat visit answered by the service
// worker. Prints figures; asserts nothing.
// Standalone (after ./build.sh build): node tests/bench/phone.mjs [LESSON ...]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SITE_LESSONS as LESSONS, ROOT, browser, serve } from "../browser/lib.mjs";

/** Lighthouse's mobile profile (bytes per second for the throughputs). */
export const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };
/** The window whose bytes are counted ("all bytes in the first 20 s"). */
export const WINDOW_MS = 20_000;
/** Issue 32's budget: the first table from navigation start, on a phone (seconds). */
export const FIRST_TABLE_S = 0.8;
/** Visits per lesson and link for the first table (the median is printed). */
export const FIRST_VISITS = 3;
/** The links a learner opens for lesson `id`: the course's link (index.html answers it) and the
 * view's own page. */
export const LINKS = (id) => [`?lesson=${id}`, `${id}.html`];

// Installed before the page's own scripts: the first table from navigation start
// (`window.__firstTable`): performance.now() — whose origin is the navigation's start, before
// the page's own request — in the first animation frame in which the first `td` with a digit
// is visible. That callback runs before the frame's style, layout and paint; the element timing
// of that cell (`window.__painted`) is when the frame that shows it was presented, which on
// the 4× slower CPU of a busy machine comes 0.05–0.65 s later (docs/benchmark.md). One cell is
// looked at per frame: checking every cell of a view held out of sight took 21 ms a frame at
// 4× (traced), on the page's own path.
export function watchFirstTable() {
  const look = () => {
    let cell = null;
    for (const td of document.getElementsByTagName("td")) {
      if (!/\d/.test(td.textContent)) continue;
      cell = td;
      break;
    }
    if (!cell?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return requestAnimationFrame(look);
    window.__firstTable = performance.now();
    cell.setAttribute("elementtiming", "tatbikat-first-table");
    const seen = new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.identifier === "tatbikat-first-table");
      if (!entry) return;
      window.__painted = entry.renderTime || entry.loadTime;
      seen.disconnect();
    });
    seen.observe({ type: "element", buffered: true });
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

/** Run in the page once its first table is seen: that time, its paint, and every request whose
 * response had ended by then, on the page's clock (Resource Timing: ms from navigation start),
 * the page's own first. The site's files are named by their path in the site (the folder's
 * address is index.html). */
function seenInPage() {
  const site = new URL("./", location.href);
  const name = (url) => {
    const u = new URL(url);
    return u.origin === site.origin && u.pathname.startsWith(site.pathname) ? u.pathname.slice(site.pathname.length) || "index.html" : u.href;
  };
  const until = window.__firstTable;
  const nav = performance.getEntriesByType("navigation")[0];
  const own = { url: nav.name, name: name(nav.name), start: nav.startTime, end: nav.responseEnd, bytes: nav.transferSize };
  const rest = performance
    .getEntriesByType("resource")
    .filter((e) => e.responseEnd <= until)
    .map((e) => ({ url: e.name, name: name(e.name), start: e.startTime, end: e.responseEnd, bytes: e.transferSize }));
  return { firstTable: until, painted: window.__painted ?? null, requests: [own, ...rest], origin: performance.timeOrigin, navStart: nav.startTime, fetchStart: nav.fetchStart };
}

/** What asked for each request of page `p` (CDP's initiators): url → the url of the document or
 * script that asked (the parser's document, the innermost script of the call stack), or null
 * (the browser itself: the page, its icon). */
function recordInitiators(cdp) {
  const by = new Map();
  cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
    if (by.has(request.url)) return;
    let url = initiator.url ?? null;
    for (let stack = initiator.stack; !url && stack; stack = stack.parent) url = stack.callFrames.find((f) => f.url)?.url ?? null;
    by.set(request.url, url);
  });
  return by;
}

/** The round trips in sequence that the first table waited for (the critical chain): the
 * page's own request is the first round, each request one round after the request that asked
 * for it (`askedBy`: url → url, from recordInitiators). On the chain are the pages (the page
 * itself, a view's page a script fetched), the stylesheets and the scripts a page asked for;
 * the browser's own requests (the icon) and what scripts ask for ahead of need (the engine, the
 * page's modules, texts, WebAssembly) are counted among the requests before the table but are
 * not on its chain. [[request, ...] per round, each round by the end of its responses]. */
export function rounds(requests, askedBy = new Map()) {
  const [own] = requests;
  const byUrl = new Map(requests.map((r) => [r.url, r]));
  const asker = (r) => byUrl.get(askedBy.get(r.url)) ?? null;
  const onChain = (r) => r === own || /\.(html|css)$/.test(r.name) || (/\.m?js$/.test(r.name) && /\.html$/.test(asker(r)?.name ?? ""));
  const depth = new Map([[own, 1]]);
  const of = (r, seen = new Set()) => {
    if (!depth.has(r)) {
      const parent = asker(r) ?? own;
      depth.set(r, 1 + (seen.has(parent) || parent === r ? 1 : of(parent, seen.add(r))));
    }
    return depth.get(r);
  };
  const out = [];
  for (const r of requests.filter(onChain)) (out[of(r) - 1] ??= []).push(r);
  return [...out].map((rs) => (rs ?? []).sort((a, b) => a.end - b.end));
}

/** One visit for the first table: `link` (relative to the site's `url`) opened in a fresh
 * profile under the mobile profile, until the first table and its paint. The service worker
 * starts only after 3 s of quiet (www/offline.js), after this visit. */
async function firstTableVisit(b, url, link) {
  const context = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await context.addInitScript(watchFirstTable);
  const p = await context.newPage();
  const askedBy = recordInitiators(await throttle(context, p));
  const asked = Date.now();
  await p.goto(new URL(link, url).href, { waitUntil: "commit" });
  await p.waitForFunction(() => window.__firstTable !== undefined, null, { timeout: 60_000, polling: 50 });
  // The frame that showed it presented (none where the cell is out of the viewport).
  await p.waitForFunction(() => window.__painted !== undefined, null, { timeout: 5_000, polling: 50 }).catch(() => {});
  const seen = await p.evaluate(seenInPage);
  await context.close();
  return { ...seen, afterAsked: seen.origin - asked, chain: rounds(seen.requests, askedBy) };
}

/** The first table of every lesson by every link a learner opens (LINKS): FIRST_VISITS visits
 * each, taken in turns (lesson by lesson, link by link, then again), so that the machine's load
 * falls on all alike. [{lesson, link, visits, median (the median visit)}]. */
export async function firstTables({ url, b, lessons = LESSONS, visits = FIRST_VISITS }) {
  await warm(url);
  const rows = lessons.flatMap((lesson) => LINKS(lesson).map((link) => ({ lesson, link, visits: [] })));
  for (let i = 0; i < visits; i += 1) {
    for (const row of rows) row.visits.push(await firstTableVisit(b, url, row.link));
  }
  for (const row of rows) row.median = [...row.visits].sort((a, b) => a.firstTable - b.firstTable)[Math.floor((row.visits.length - 1) / 2)];
  return rows;
}

/** The first tables as a table: per lesson and link the median visit's first table (with the
 * range of the visits), its paint, the requests ended before it and their round trips. */
export function printFirstTables(rows) {
  const s = (ms) => (ms === null ? "–" : (ms / 1000).toFixed(2));
  console.log(
    `a phone's first table from navigation start (performance.now() in the page at the first visible td with a digit; median of ${rows[0].visits.length} visits, fresh profiles, the links in turns): ${MOBILE.latency} ms round trip, 1.6 Mbit/s down, CPU ${MOBILE.cpu}× slower, gzip`,
  );
  const head = ["lesson", "link", "first table", "(range)", "painted", `≤ ${FIRST_TABLE_S} s`, "requests", "KB", "  round trips in sequence before it (the critical chain; each response's end, s)"];
  const w = [14, 20, 12, 13, 9, 8, 9, 7, 0];
  const line = (cells) => cells.map((c, i) => (i < 2 || i === cells.length - 1 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("");
  console.log(line(head));
  for (const row of rows) {
    const v = row.median;
    const all = row.visits.map((x) => x.firstTable);
    const chain = v.chain;
    const said = chain.map((rs) => rs.map((r) => `${r.name} ${s(r.end)}`).join(", ")).join(" │ ");
    console.log(
      line([
        row.lesson,
        row.link,
        `${s(v.firstTable)} s`,
        `${s(Math.min(...all))}–${s(Math.max(...all))}`,
        `${s(v.painted)} s`,
        v.firstTable / 1000 <= FIRST_TABLE_S ? "ok" : "over",
        String(v.requests.length),
        (v.requests.reduce((a, r) => a + r.bytes, 0) / 1024).toFixed(1),
        `  ${chain.length}: ${said}`,
      ]),
    );
  }
  const visits = rows.flatMap((r) => r.visits);
  const after = visits.map((v) => v.afterAsked);
  console.log(
    `(performance.now()'s origin, checked on every visit: the navigation's start — the navigation entry at ${Math.max(...visits.map((v) => v.navStart))} ms, its fetchStart at most ${Math.max(...visits.map((v) => v.fetchStart)).toFixed(1)} ms, performance.timeOrigin ${Math.min(...after).toFixed(0)}–${Math.max(...after).toFixed(0)} ms after the harness asked for the page; "painted": the element timing of that cell, the frame presented)`,
  );
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

/** The budgets, each with the figure of these visits: [what, value, limit, unit]. Issue 32's
 * first table from navigation start (the slowest lesson's median, for each form of link; it
 * replaces issue 20's median over the lessons, ≤ 1 s), then issue 20's. */
export function phoneBudgets(visits, firsts) {
  const forms = [...new Set(firsts.map((r) => r.link.replace(r.lesson, "ID")))];
  return [
    ...forms.map((form) => {
      const of = firsts.filter((r) => r.link.replace(r.lesson, "ID") === form);
      return [`first table from navigation start, ${form}, slowest lesson`, Math.max(...of.map((r) => r.median.firstTable)) / 1000, FIRST_TABLE_S, "s"];
    }),
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
    const firsts = await firstTables({ url: server.url, b, lessons });
    printFirstTables(firsts);
    console.log("");
    const visits = await phoneVisits({ url: server.url, b, lessons });
    printPhone(visits);
    console.log("\nbudgets (issues 20 and 32)");
    for (const [what, value, limit, unit] of phoneBudgets(visits, firsts)) {
      console.log(`  ${what.padEnd(62)}${`${value.toFixed(unit === "s" ? 2 : 1)} ${unit}`.padStart(11)}  ≤ ${limit} ${unit}  ${value <= limit ? "ok" : "over"}`);
    }
  } finally {
    await b.close();
    await server.stop();
  }
}
