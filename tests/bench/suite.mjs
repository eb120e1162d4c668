// ./build.sh bench: every figure measured side by side in one run and printed as one table.
// The compensation Monte Carlo at the lesson's values (runs/s, best of 5) natively, as WebAssembly
// in node and in chromium, taken in alternating rounds so a busy machine slows all three alike;
// then the page in chromium: first table on screen after navigation (median of fresh visits, and
// of repeat visits answered by the service worker) and, apart, the page interactive (its takeover
// of the view drawn at build time), re-render after a change (median), and the first load's
// transfer size (gzip -9 of every file fetched until the page is interactive) and the module's. Last, the
// budgets against these figures; a 441-point heatmap natively with one thread and with every
// core, and in chromium with one model worker and with the page's pool; and a phone's first
// visit to each lesson (phone.mjs): the first table from navigation start by each link a learner
// opens, the requests before it and their round trips in sequence, then a longer visit (a change
// answered, the bytes of the first 20 s). Prints figures; asserts nothing but that the two
// heatmaps of each pair give the same bytes. Last, "find a run": each lesson's default search (find.mjs).
// Needs ./build.sh build.
// Usage: node tests/bench/suite.mjs [RUNS]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { ROOT, browser, rendered, serve, stopServers } from "../browser/lib.mjs";
import { firstTables, phoneBudgets, phoneVisits, printFirstTables, printPhone, watchFirstTable } from "./phone.mjs";
import { authorLines, scriptBudgets, scriptModule, scriptRows, scriptSweep, sweepInPage } from "./script.mjs";

const RUNS = Number(process.argv[2] ?? 10_000_000);
// The core with every lesson (the node package): the benchmark's workload links, the boundary.
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const ROUNDS = 3;
const VISITS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Runs/s per attempt count from the native CLI's or wasm-node.mjs's table. */
function parseRates(text) {
  const out = {};
  for (const m of text.matchAll(/(\d) attempt\(s\)\s+[\d.]+\s+(\d+)/g)) out[m[1]] = Number(m[2]);
  return out;
}

const best = { native: {}, node: {}, chromium: {} };
const keep = (what, rates) => {
  for (const [a, r] of Object.entries(rates)) best[what][a] = Math.max(best[what][a] ?? 0, r);
};

const server = await serve();
const { url } = server;
const b = await browser();
const page = { fresh: [], interactive: [], repeat: [], rerender: [] };
let transfer = null;
let pageSweep = null; // the 441-point heatmap in chromium: one worker and the pool
let phone = null; // each lesson's first visit on a phone (phone.mjs)
let firsts = null; // each lesson's first table on a phone, by each link a learner opens (phone.mjs)
let scriptHeatmap = null; // a script lesson's 441-point heatmap, natively and in chromium (script.mjs)
// The 441-point heatmap natively: one thread, then every core (times and outputs by jobs).
const CORES = Number(execFileSync("nproc", { encoding: "utf8" }).trim());
const HEATMAP = ["compensation", "--sweep", "comp_fail=0..0.5:21", "--sweep", "seed=1..21", "--metric", "monte_carlo.rate", "--set", "runs=200000"];
const sweepTime = { 1: Infinity, [CORES]: Infinity };
const sweepOut = {};
// The benchmark heatmap as a page link (the CLI's HEATMAP below, in the link's syntax).
const PAGE_HEATMAP = "lesson=compensation&runs=200000&sweep=comp_fail:0..0.5:21&sweep_y=seed:1..21&metric=monte_carlo.rate";
try {
  // The WebAssembly in chromium: the page's module, in the page (the worker runs the same).
  const ctx = await b.newContext();
  const wasm = await ctx.newPage();
  await wasm.goto(url);
  await rendered(wasm);
  await wasm.evaluate(async () => {
    const m = await import("./pkg/tatbikat.js");
    await m.default({ module_or_path: new URL("./pkg/compensation.wasm", location.href) });
    window.benchCore = m;
  });
  for (let round = 0; round < ROUNDS; round += 1) {
    keep("native", parseRates(execFileSync(join(ROOT, "target", "release", "tatbikat"), ["bench", "--runs", String(RUNS)], { encoding: "utf8" })));
    keep("node", parseRates(execFileSync("node", [join(ROOT, "tests", "bench", "wasm-node.mjs"), String(RUNS)], { encoding: "utf8" })));
    keep(
      "chromium",
      // The same workload's links (the node package names them), run through the page's `run`.
      await wasm.evaluate(
        ({ runs, workloads }) => {
          const out = {};
          for (const attempts of [1, 2, 3]) {
            let fastest = Infinity;
            for (let i = 0; i < 5; i += 1) {
              const start = performance.now();
              window.benchCore.run(workloads[attempts]);
              fastest = Math.min(fastest, performance.now() - start);
            }
            out[attempts] = runs / (fastest / 1000);
          }
          return out;
        },
        { runs: RUNS, workloads: Object.fromEntries([1, 2, 3].map((a) => [a, core.benchWorkload(RUNS, a)])) },
      ),
    );
  }
  await ctx.close();

  // The page: fresh visits (a new browser context each: no HTTP cache, no service worker).
  for (let i = 0; i < VISITS; i += 1) {
    const c = await b.newContext({ viewport: { width: 1280, height: 900 } });
    // The first table on screen (the view drawn at build time, since issue 20) and, apart, the
    // page taking it over (its mark tatbikat:first-table: every control live).
    await c.addInitScript(watchFirstTable);
    const p = await c.newPage();
    const responses = [];
    let done = false;
    p.on("response", (r) => !done && responses.push(r));
    await p.goto(`${url}?lesson=supervisor`);
    await rendered(p);
    done = true;
    const [shown, interactive] = await p.evaluate(() => [window.__firstTable, performance.getEntriesByName("tatbikat:first-table")[0].startTime]);
    page.fresh.push(shown);
    page.interactive.push(interactive);
    if (i === 0) {
      const files = [];
      for (const r of responses) {
        const body = await r.body().catch(() => null);
        if (body) files.push([new URL(r.url()).pathname, gz(body)]);
      }
      transfer = files;
    }
    // Repeat visits, once the service worker has this version: answered from its cache.
    if (i === 0) {
      await p.waitForFunction(() => document.body.dataset.offline === "ready", null, { timeout: 30000 });
      for (let j = 0; j < VISITS; j += 1) {
        await p.goto(`${url}?lesson=supervisor`);
        await rendered(p);
        page.repeat.push(await p.evaluate(() => window.__firstTable));
      }
      // Re-render after a change: the supervisor's scan interval, back and forth.
      for (const v of ["3", "2", "3", "2", "3", "2", "3", "2", "3"]) {
        const before = Number(await p.evaluate(() => document.body.dataset.renders));
        await p.locator('input[name="scan"]').fill(v);
        await p.locator('input[name="scan"]').dispatchEvent("change");
        await rendered(p, before + 1);
      }
      page.rerender = await p.evaluate(() => performance.getEntriesByName("tatbikat:render").map((e) => e.duration));
    }
    await c.close();
  }

  // A 441-point heatmap (issue 11), natively with one thread and with every core, and in
  // chromium through the page's engine with one model worker and with the pool
  // (navigator.hardwareConcurrency workers, at most 8): the four taken in alternating rounds, so
  // a busy machine slows them alike, best of 3 after a warm-up round; each pair must give the
  // same bytes.
  const c = await b.newContext();
  const p = await c.newPage();
  await p.goto(`${url}?lesson=compensation`);
  await rendered(p);
  const workers = await p.evaluate(() => Math.min(navigator.hardwareConcurrency || 1, 8));
  const pageRun = (size) => sweepInPage(p, PAGE_HEATMAP, size);
  const pageTime = { 1: Infinity, [workers]: Infinity };
  const pageDoc = {};
  for (let round = 0; round < 4; round += 1) {
    for (const jobs of [1, CORES]) {
      const start = performance.now();
      sweepOut[jobs] = execFileSync(join(ROOT, "target", "release", "tatbikat"), [...HEATMAP, "--jobs", String(jobs)], { encoding: "utf8", maxBuffer: 1 << 26 });
      if (round > 0) sweepTime[jobs] = Math.min(sweepTime[jobs], performance.now() - start);
    }
    for (const size of [1, workers]) {
      const { ms, doc } = await pageRun(size);
      pageDoc[size] = doc;
      if (round > 0) pageTime[size] = Math.min(pageTime[size], ms); // round 0 warms the pool up
    }
  }
  const cores = await p.evaluate(() => navigator.hardwareConcurrency || 1);
  pageSweep = { cores, workers, one: pageTime[1], pool: pageTime[workers] };
  await c.close();
  if (pageDoc[1] !== pageDoc[workers]) throw new Error("the pool's sweep gave another document than one worker's");
  // The same for a script lesson (issue 34): node runs the author's script natively, the page's
  // script workers in chromium.
  scriptHeatmap = await scriptSweep({ url, b });

  // A phone's first visit to each lesson (issues 20 and 32): the mobile profile, from a server
  // that gzips as a static host does; first the first table by each link, then a longer visit.
  process.env.TATBIKAT_GZIP = "1";
  const gzipped = await serve();
  delete process.env.TATBIKAT_GZIP;
  firsts = await firstTables({ url: gzipped.url, b });
  phone = await phoneVisits({ url: gzipped.url, b });
} finally {
  await b.close();
  await stopServers(); // the plain server and the gzipping one (left running, bench never ended)
}

// A lesson's report from the core to JavaScript (serde-wasm-bindgen objects), in node: what the
// page's worker does on every change.
const boundary = core.lessons().map(({ id }) => {
  let fastest = Infinity;
  for (let r = 0; r < 5; r += 1) {
    const start = performance.now();
    for (let i = 0; i < 50; i += 1) core.run(`lesson=${id}`);
    fastest = Math.min(fastest, (performance.now() - start) / 50);
  }
  return [id, fastest];
});

if (sweepOut[1] !== sweepOut[CORES]) throw new Error("the threaded sweep printed other bytes than the serial one");
const speedup = sweepTime[1] / sweepTime[CORES];

const firstWasm = transfer.find(([path]) => /\/pkg\/\w+\.wasm$/.test(path))?.[1] ?? 0;
// Each lesson's page module (build.sh), the largest held to the budget.
const LESSON_IDS = core.lessons().map((l) => l.id);
const modules = LESSON_IDS.map((id) => [id, gz(readFileSync(join(ROOT, "www", "pkg", `${id}.wasm`)))]);
const largest = modules.reduce((a, m) => (m[1] > a[1] ? m : a));
const total = transfer.reduce((a, [, n]) => a + n, 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const M = (r) => `${(r / 1e6).toFixed(0)} M`;

const rows = [
  ["compensation Monte Carlo, runs/s", "1 attempt", "2 attempts", "3 attempts", "vs native"],
  ...[
    ["native (Rust, one core)", "native"],
    ["WebAssembly in node", "node"],
    ["WebAssembly in chromium", "chromium"],
  ].map(([label, k]) => [label, M(best[k][1]), M(best[k][2]), M(best[k][3]), `${(best[k][1] / best.native[1]).toFixed(2)}×`]),
];
const page_rows = [
  [`first table after navigation, fresh visit (median of ${VISITS})`, `${median(page.fresh).toFixed(0)} ms`],
  [`  the page interactive (its takeover of that view), fresh visit`, `${median(page.interactive).toFixed(0)} ms`],
  [`first table, repeat visit from the service worker (median of ${VISITS})`, `${median(page.repeat).toFixed(0)} ms`],
  [`re-render after a change (median of ${page.rerender.length})`, `${median(page.rerender).toFixed(1)} ms`],
  [`first load until the page is interactive, gzip -9 (${transfer.length} files)`, kb(total)],
  ["  of which the WebAssembly module (the first lesson's)", kb(firstWasm)],
  [`each lesson's module, gzip -9: ${modules.map(([id, n]) => `${id} ${(n / 1024).toFixed(1)}`).join(", ")} KB`, ""],
  ["441-point heatmap natively (runs=200000), --jobs 1", `${(sweepTime[1] / 1000).toFixed(2)} s`],
  [`  with --jobs ${CORES} (every core; same bytes)`, `${(sweepTime[CORES] / 1000).toFixed(2)} s`],
  [`  speed-up on ${CORES} cores`, `${speedup.toFixed(2)}×`],
  ["441-point heatmap in chromium (runs=200000), one worker", `${(pageSweep.one / 1000).toFixed(2)} s`],
  [`  with the pool (${pageSweep.workers} workers; same document)`, `${(pageSweep.pool / 1000).toFixed(2)} s`],
  [`  speed-up on ${pageSweep.cores} cores (navigator.hardwareConcurrency)`, `${(pageSweep.one / pageSweep.pool).toFixed(2)}×`],
  ...boundary.map(([id, ms]) => [`a report to JavaScript, ${id} (WebAssembly in node, best of 5 × 50)`, `${ms.toFixed(2)} ms`]),
  ...scriptRows(authorLines(), scriptModule(), scriptHeatmap),
];
console.log(`tatbikat bench — ${RUNS.toLocaleString("en")} runs, best of 5 × ${ROUNDS} alternating rounds; the page in chromium on ${url}\n`);
const w = [34, 12, 12, 12, 10];
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(""));
console.log("");
for (const [what, value] of page_rows) console.log(`${what.padEnd(72)}${value.padStart(10)}`);
// The budgets (issue 9), each against its figure from this run.
const budgets = [
  [`first table after navigation, fresh visit, median of ${VISITS}`, median(page.fresh), 300, "ms", (v) => v.toFixed(0)],
  ["everything until the page is interactive, gzip -9", total / 1024, 250, "KB", (v) => v.toFixed(1)],
  [`the largest lesson's WebAssembly module (${largest[0]}), gzip -9`, largest[1] / 1024, 150, "KB", (v) => v.toFixed(1)],
  ["WebAssembly Monte Carlo in chromium / native (1 attempt)", best.chromium[1] / best.native[1], 0.8, "×", (v) => v.toFixed(2), "min"],
  [`native heatmap speed-up / cores (${CORES})`, speedup / CORES, 0.8, "×", (v) => v.toFixed(2), "min"],
  [`chromium pool heatmap speed-up / cores (${pageSweep.cores})`, pageSweep.one / pageSweep.pool / pageSweep.cores, 0.8, "×", (v) => v.toFixed(2), "min"],
  ...scriptBudgets(authorLines(), scriptHeatmap).map(([what, value, limit, unit, kind]) => [what, value, limit, unit, (v) => v.toFixed(2), kind]),
];
console.log("");
printFirstTables(firsts);
console.log("");
printPhone(phone);
budgets.push(...phoneBudgets(phone, firsts).map(([what, value, limit, unit]) => [what, value, limit, unit, (v) => v.toFixed(unit === "s" ? 2 : 1)]));
console.log("\nbudgets");
for (const [what, value, limit, unit, fmt, kind = "max"] of budgets) {
  const ok = kind === "max" ? value <= limit : value >= limit;
  console.log(`  ${what.padEnd(62)}${`${fmt(value)} ${unit}`.padStart(11)}  ${kind === "max" ? "≤" : "≥"} ${limit} ${unit}  ${ok ? "ok" : kind === "max" ? "over" : "under"}`);
}
console.log(`\n(machine: ${readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown cpu"}, ${execFileSync("nproc", { encoding: "utf8" }).trim()} cores; figures vary with its load)`);

// Find a run (issue 36): each lesson's default search natively, in chromium and on a phone's profile.
console.log("");
await import("./find.mjs");
