// The page's own work under its budget (issue 19): the largest link of every kind — each lesson
// at its largest accepted values, each lesson's largest watched run, the largest sweeps,
// thousands of unknown keys — is drawn with no main-thread task of 200 ms or more (a long-task
// observer installed before the page's scripts), the renderer of the largest timeline stays
// under 300 MB (its peak resident memory, from /proc), and a long run says how far it is.
// One page goes through every link. A link whose worst task reaches the limit is loaded again
// under a trace, and the task's CPU time counts (watch.mjs longestTask: on 2 shared cores a
// task's wall time counts the time it waited for a core); every try is printed. The figures
// are printed at the end.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, UNCHANGED, browser, page, rendered, serve, stopServers } from "./lib.mjs";
import { MAX_TASK_MS, longestTask, mainThreadCpu, peakMB, rendererPids, settle, viewsShown, watchLongTasks, worstTask } from "./watch.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const seq = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join(",");
const names = (n, prefix) => seq(n, (i) => `${prefix}${i + 1}`);

/** Each lesson at its largest accepted values: every list at its longest, the counts that
 * widen its tables and charts at their most (the model's own work is the worker's, not the
 * page's: a sample's size stays moderate so the suite stays short). */
export const LARGEST = {
  supervisor: `lesson=supervisor&jobs=1000&steps=${names(20, "adim")}&hung=${seq(20, (i) => `S${i + 1}@adim${i + 1}`)}&permanent=${seq(20, (i) => `S${i + 21}@adim${i + 1}`)}&invoice_steps=${names(20, "adim")}&idempotent=0&scan_sweep=${seq(16, (i) => 10000 - i)}&hang_rates=${seq(16, (i) => (i + 1) / 16)}&max_rounds=10000&retry_limit=1000&daily_workflows=1000000000`,
  jobs: `lesson=jobs&nights=10000&slices=10000&interval=10000&retry_limits=${seq(16, (i) => 1000 - i)}&replications=11&parallelisms=${seq(16, (i) => 10000 - i)}&long_hours=0-100000&short_hours=0-100000&missed=10000&windows=${seq(16, (i) => 10000 - i)}&replace_policy=1&starting_deadline=100000&failed_pod_ttl=1000000&backoff=1`,
  compensation: `lesson=compensation&steps=${seq(8, (i) => `adim${i + 1}:geri${i + 1}`)}&retries=${seq(8, (i) => 20 - i)}&runs=20000&daily_workflows=1000000000&round_s=86400&hang_close_h=8760&round_factor=1000&reversible_close=1`,
  leader: `lesson=leader&nodes=100&crash=${seq(100, (i) => `N${i + 1}@${1000 + i}`)}&pause=${encodeURIComponent(seq(100, (i) => `N${i + 1}@${10 + i}+5`))}&lease_sweep=${seq(16, (i) => 100000 - i)}&misset_leases=${seq(16, (i) => 100000 - i)}&daily_workflows=1000000000&window_h=1000000&round_s=1000000&pauses_per_day=1000000&fencing=1`,
  quotas: `lesson=quotas&capacity=100000&quota_sweep=${seq(16, (i) => `${1000000 - i}/${1000000 - i}/${1000000 - i}`)}&default_sweep=${seq(16, (i) => 100000 - i)}&night_units=100000&portal_units=100000&default_request=100000`,
  claim_check: `lesson=claim_check&ttl_sweep=${seq(16, (i) => 100000 - i)}&redelivery_sweep=${seq(16, (i) => (i + 1) / 16)}&consumers=100&event_bytes=100000000&signature_kb=1-10000000&photo_kb=1-10000000&max_message_kb=10000000&lag_hours=1-100000`,
};

/** Each lesson's largest watched run the page draws (its drawing budget: 1000 lanes, 10,000
 * bars and marks, 200,000 counter values; tests/extremes.rs checks the edge for jobs). */
export const TIMELINES = {
  supervisor: "lesson=supervisor&jobs=990&max_rounds=400&trace=",
  jobs: "lesson=jobs&nights=250&trace=",
  compensation: `lesson=compensation&steps=${seq(8, (i) => `adim${i + 1}:geri${i + 1}`)}&trace=attempts:1,run:hung`,
  leader: "lesson=leader&nodes=100&rounds=2000&lease=1&renew=1&poll=1&trace=",
  quotas: "lesson=quotas&capacity=990&rounds=48&trace=",
  claim_check: "lesson=claim_check&events=100000&trace=",
};

/** The largest sweeps: 441 points of a heatmap in six panels (the most metrics), and a line of
 * 200 points for each of sixteen rows. */
export const SWEEPS = {
  heatmap: `lesson=supervisor&sweep=max_rounds:20..40:21&sweep_y=retry_limit:1..21:21&metric=${["recovery.supervisor_on", "recovery.supervisor_off", "supervisor_comparison.supervisor_on", "supervisor_comparison.supervisor_off", "scan_sweep.completed_jobs", "scan_sweep.records_read"].join(",")}`,
  line: `lesson=jobs&retry_limits=${seq(16, (i) => i + 1)}&sweep=fail_prob:0..1:200&metric=retry_limit.completed_nights`,
};

/** Thousands of keys the lesson does not have. */
export const KEYS = `lesson=jobs&${Array.from({ length: 5000 }, (_, i) => `k${i}=${i}`).join("&")}`;

/** A run long enough to show its progress: the compensation Monte Carlo near its budget. */
const LONG = "lesson=compensation&runs=300000000";

describe("the page's own work under its budget", () => {
  let url;
  let b;
  let context;
  let p;
  const figures = []; // [kind, link name, worst task ms (tries), extra]
  before(async () => {
    ({ url } = await serve({ maxAge: UNCHANGED }));
    b = await browser();
    context = await b.newContext({ viewport: { width: 1280, height: 900 } });
    p = await page(context);
    await watchLongTasks(p);
  });
  after(async () => {
    await b?.close();
    await stopServers();
    if (!figures.length) return;
    console.log("the page's longest main-thread task per link (ms: the long-task observer's; its CPU time when that reached the limit):");
    for (const [kind, name, task, extra] of figures) {
      const worst = task ? task.text.padStart(5) : "    –";
      console.log(`  ${kind.padEnd(10)} ${name.padEnd(14)} ${worst}${extra ? `  ${extra}` : ""}`);
    }
  });

  /** Opens `query` and waits for everything it shows; its longest task (watch.mjs
   * longestTask: the observer's wall time, and the task's CPU time when that reaches the
   * limit) and the page's problems. */
  async function measure(kind, name, query, extra = async () => "") {
    const task = await longestTask(b, p, async () => {
      await p.goto(`${url}?${query}`);
      await rendered(p);
      await viewsShown(p, query);
      await settle(p);
    });
    figures.push([kind, name, task, await extra()]);
    assert.deepEqual(p.problems.filter((x) => /pageerror|CSP/.test(x)), [], `${name}: page errors`);
    p.problems.length = 0;
    assert.ok(task.ok, `${kind} ${name}: the longest main-thread task took ${task.text} ms`);
  }

  test("each lesson at its largest accepted values", async () => {
    for (const [lesson, query] of Object.entries(LARGEST)) {
      assert.deepEqual(core.resolve(query).errors.map((e) => e.message), [], `${lesson}: the link is accepted`);
      await measure("lesson", lesson, query, async () => {
        const rows = await p.locator("table.data tbody tr").count();
        const notes = await p.locator(".chart-note.grouped, .chart-note.lines-only, .table-cut").count();
        return `${rows} table rows, ${notes} figure(s) fitted`;
      });
      assert.ok((await p.locator("table.data").count()) > 0, `${lesson}: tables shown`);
    }
  });

  test("each lesson's largest watched run", async () => {
    for (const [lesson, query] of Object.entries(TIMELINES)) {
      assert.deepEqual(core.resolve(query).errors.map((e) => e.message), [], `${lesson}: the link is accepted`);
      const size = core.trace(core.resolve(query).query).trace.tracks.reduce((n, t) => n + t.lanes.length, 0);
      await measure("timeline", lesson, query, async () => `${size} lanes, ${await p.locator(".trace svg rect, .trace svg circle").count()} marks drawn`);
      assert.equal(await p.locator(".trace-box .field-error").count(), 0, `${lesson}: the run is drawn, not refused`);
    }
  });

  test("the largest sweeps: a heatmap of 441 points in panels, a line of 200 points in 16 rows", async () => {
    for (const [name, query] of Object.entries(SWEEPS)) {
      await measure("sweep", name, query, async () => `${await p.locator(".sweep-result figure").count()} figure(s)`);
      assert.equal(await p.locator(".sweep .field-error:not([hidden])").count(), 0, `${name}: drawn, not refused`);
    }
  });

  test("thousands of unknown keys: one problem, the page free", async () => {
    await measure("keys", "5000 unknown", KEYS);
    assert.equal(await p.locator(".link-errors li").count(), 1);
    assert.match(await p.textContent(".link-errors li"), /5000/);
  });

  test("a long run says how far it is, in percent, and the page stays free meanwhile", async () => {
    // Traced throughout (one run): a task's CPU time counts when its wall time reached the limit.
    await p.goto("about:blank");
    await b.startTracing(p, { categories: ["toplevel", "__metadata"] });
    let trace;
    let shown;
    let notice;
    try {
      await p.goto(`${url}?${LONG}`);
      await p.waitForFunction(() => /%\d+/.test(document.querySelector(".run-status:not([hidden])")?.textContent ?? ""), null, { timeout: 30000 });
      shown = await p.textContent(".run-status");
      // Cancel it: nothing was shown yet, and the notice says so.
      await p.click(".run-status button");
      await p.waitForSelector(".notice:not([hidden])");
      notice = await p.textContent(".notice");
      await settle(p);
    } finally {
      trace = await b.stopTracing();
    }
    const worst = await worstTask(p);
    const cpu = mainThreadCpu(trace);
    figures.push(["long run", "compensation", { text: `${worst} (CPU ${cpu})` }, `“${shown.trim()}”, then “${notice}”`]);
    assert.doesNotMatch(notice, /önceki sonuçlar/, "no previous results to speak of");
    assert.ok(worst < MAX_TASK_MS || cpu < MAX_TASK_MS, `the longest task during the long run: ${worst} ms, ${cpu} ms of CPU`);
  });

  test("the largest timeline's renderer stays under 300 MB", async () => {
    // The run that draws the most: lanes, bars and marks, as the core counts them.
    const drawn = (query) =>
      core.trace(core.resolve(query).query).trace.tracks.reduce((n, t) => n + t.lanes.length + t.events.length + t.lanes.reduce((m, l) => m + l.spans.length, 0), 0);
    const [lesson, query] = Object.entries(TIMELINES).sort((x, y) => drawn(y[1]) - drawn(x[1]))[0];
    // A page of its own (a renderer of its own): its peak resident memory is this link's.
    const known = rendererPids();
    const fresh = await b.newContext({ viewport: { width: 1280, height: 900 } });
    const q = await page(fresh);
    await q.goto(`${url}?${query}`);
    await rendered(q);
    await viewsShown(q, query);
    await settle(q);
    const mine = [...rendererPids()].filter((pid) => !known.has(pid));
    const mb = peakMB(mine);
    figures.push(["memory", `${lesson} timeline`, null, `renderer peak ${mb} MB (${drawn(query)} lanes, bars and marks; ${mine.length} new renderer process(es))`]);
    await fresh.close();
    assert.ok(mine.length > 0, "the page's renderer was found");
    assert.ok(mb < 300, `the renderer's peak: ${mb} MB`);
  });
});
