// "My progress" with a journal that is large or cannot be read (issue 33 point 5), measured: the
// journals of a learner who kept much (a valid journal of about 1 MB for the lesson shown, most of
// its rows in no table a page ever wrote) and of one whose storage went wrong (a journal cut off
// mid-write, one written by a newer version, one larger than the page reads) are planted in
// localStorage; then the page is opened on the built site at 390 × 844 and at 1280 × 900, at the
// machine's normal CPU, and "İlerlemem" clicked. Prints, for each: the main thread's longest task
// while the page loads and after the click (a PerformanceObserver of long tasks installed before
// the page's scripts), the time from the click to the view in the page (performance.now() in the
// page, at the first animation frame with the view), the longest task of the text download (every
// row), and which planted journals are still in the storage afterwards, under which key. Asserts
// nothing.
// Standalone (after the site is built): node tests/bench/progress.mjs [ROUNDS] [CPU slowdown, e.g. 4]
import { pathToFileURL } from "node:url";
import { browser, serve } from "../browser/lib.mjs";
import { watchLongTasks, settle } from "../browser/watch.mjs";

/** A valid journal of about `bytes` characters: predictions, explanations, challenges solved and
 * searches' questions answered, each under an id of its own (the shape and bounds state/journal.js reads). */
export function bigJournal(lesson, bytes) {
  const j = { v: 1, predicted: {}, explained: {}, solved: {}, hints: {}, searched: {} };
  let size = 60;
  for (let i = 0; size < bytes; i++) {
    const id = `${lesson}.claim-${String(i).padStart(6, "0")}`;
    const at = 1_760_000_000_000 + i * 60_000;
    const entries = [
      ["predicted", id, { guess: String(i % 7), computed: String(i % 5), at }],
      ["explained", id, { choice: "b", right: i % 3 === 0, at }],
      ...(i % 4 === 0 ? [["solved", `${lesson}.goal-${i}`, { query: `lesson=${lesson}&seed=${i}&runs=${1000 + i}`, at }]] : []),
      ...(i % 8 === 0 ? [["searched", `monte_carlo.hung_jobs >= ${i}`, { guess: i % 16 ? "yes" : "no", verdict: ["right", "wrong", "open"][i % 3], query: `lesson=${lesson}&find=monte_carlo.hung_jobs+%3E%3D+${i}&predict=1`, at }]] : []),
    ];
    for (const [part, key, entry] of entries) {
      j[part][key] = entry;
      size += key.length + JSON.stringify(entry).length + 4;
    }
  }
  return JSON.stringify(j);
}

/** The journals planted: the lesson shown holds a large valid one; others cannot be read. */
export function planted() {
  return {
    "tatbikat.journal.leader": bigJournal("leader", 1_000_000),
    "tatbikat.journal.jobs": '{"v":1,"predicted":{"jobs.retry":{"guess":"3","computed":"4","at":17', // cut off mid-write
    "tatbikat.journal.quotas": JSON.stringify({ v: 2, predicted: { "quotas.no-wait": { guess: "2", computed: "2", at: 1 } }, notes: ["kept by a newer page"] }),
    "tatbikat.journal.compensation": bigJournal("compensation", 1_500_000), // larger than a page reads
  };
}

/** The CPU slowdown (CDP's throttling rate); 1: the machine's normal CPU. */
const CPU = Number(process.argv[3] ?? 1);

async function measure(b, url, viewport) {
  const context = await b.newContext({ viewport, reducedMotion: "reduce", acceptDownloads: true });
  const p = await context.newPage();
  if (CPU > 1) await (await context.newCDPSession(p)).send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await watchLongTasks(p);
  await p.goto(`${url}?lesson=leader`);
  const stored = planted();
  await p.evaluate((stored) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  }, stored);
  await p.reload();
  await p.waitForFunction(() => document.body.dataset.ready && !document.body.dataset.busy, null, { timeout: 30000 });
  await p.waitForSelector("#progress-button");
  await settle(p);
  const load = await p.evaluate(() => Math.max(0, ...window.__longTasks));
  const opened = await p.evaluate(
    () =>
      new Promise((done) => {
        window.__longTasks = [];
        const t0 = performance.now();
        const look = () => (document.querySelector("#progress") ? done(performance.now() - t0) : requestAnimationFrame(look));
        document.getElementById("progress-button").click();
        requestAnimationFrame(look);
      }),
  );
  await settle(p);
  const click = await p.evaluate(() => Math.max(0, ...window.__longTasks));
  const rows = await p.locator("#progress tr").count();
  // The text download: every row of every journal, in the page's words.
  await p.evaluate(() => (window.__longTasks = []));
  await Promise.all([p.waitForEvent("download"), p.click("#progress-export-text")]);
  await settle(p);
  const text = await p.evaluate(() => Math.max(0, ...window.__longTasks));
  const keys = await p.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k).length])));
  await context.close();
  return { load, click, text, opened: Math.round(opened), rows, keys };
}

/** Prints the figures, `rounds` visits per viewport. */
async function main(rounds) {
  const { url, stop } = await serve();
  const b = await browser();
  try {
    for (const [name, viewport] of [["phone 390×844", { width: 390, height: 844 }], ["laptop 1280×900", { width: 1280, height: 900 }]]) {
      for (let i = 0; i < rounds; i++) {
        const m = await measure(b, url, viewport);
        console.log(`${name}${CPU > 1 ? ` CPU ${CPU}× slower` : ""}: longest task on load ${m.load} ms, after the click ${m.click} ms; click → view ${m.opened} ms; ${m.rows} table rows; text download's longest task ${m.text} ms`);
        if (i === 0) console.log(`  stored after: ${JSON.stringify(m.keys)}`);
      }
    }
  } finally {
    await b.close();
    await stop();
  }
}

// Run as a script, not when a test imports the journals planted.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(Number(process.argv[2] ?? 2));
