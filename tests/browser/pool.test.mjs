// The page's pool of sweep workers (issue 11): a sweep's points shared among several model
// workers give the same sweep document as one worker and as the core in node (deep-equal), the
// pool starts with the first sweep and not on page load, one progress bar moves over all the
// workers, the one cancel stops all of them and the page stays usable, and a sweep over budget
// is refused naming `sweep` before any part runs. The pool's size is forced with the test hook
// `window.__tatbikatPoolSize` (see www/pool.js); every expected value comes from the core.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { statSync } from "node:fs";
import { join } from "node:path";
import { LESSONS, ROOT, clean, page, rendered, setParam, suiteEnv } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** A page whose workers are watched (`window.__workers`: each one's ops posted and whether it
 * was terminated), with the pool forced to `size` workers. */
async function watched(env, size, query = "") {
  const ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await page(ctx);
  await p.addInitScript((size) => {
    window.__tatbikatPoolSize = size;
    window.__workers = [];
    const Base = window.Worker;
    // The sweep form's progress bar, sampled every 10 ms while it shows.
    window.__shares = [];
    const tick = () => {
      const bar = document.querySelector(".sweep .run-status:not([hidden]) progress");
      if (bar?.hasAttribute("value")) window.__shares.push(bar.value);
      setTimeout(tick, 10);
    };
    tick();
    // Each module the page compiles from bytes, by its length: which one a worker was given.
    const compile = WebAssembly.compile;
    const lengths = new WeakMap();
    WebAssembly.compile = async (bytes, ...rest) => {
      const module = await compile.call(WebAssembly, bytes, ...rest);
      lengths.set(module, bytes.byteLength);
      return module;
    };
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        // A pool's worker is started from pool.js (made, or restarted, by the pool).
        this.seen = { ops: [], terminated: false, pool: /\/pool\.js/.test(new Error().stack), lesson: args[1]?.name };
        window.__workers.push(this.seen);
      }
      postMessage(message, ...rest) {
        this.seen.ops.push(message?.op);
        // Its module: the length of the bytes it was compiled from (null: streamed, or none).
        if (message?.op === "init") this.seen.module = (message.module && lengths.get(message.module)) ?? null;
        return super.postMessage(message, ...rest);
      }
      terminate() {
        this.seen.terminated = true;
        return super.terminate();
      }
    };
  }, size);
  await p.goto(`${env.url}?${query}`);
  await rendered(p);
  return { ctx, p };
}

/** The page engine's sweep document of `query` (on the pool unless its size is 1), or the error. */
function sweepIn(p, query, size) {
  return p.evaluate(
    async ({ query, size }) => {
      window.__tatbikatPoolSize = size;
      const { engine } = await import(new URL("./start.js", location.href));
      try {
        return { doc: await engine.call("sweep", [query]) };
      } catch (err) {
        return { error: { message: err.message, param: err.param, code: err.code } };
      }
    },
    { query, size },
  );
}

/** The core's sweep document of a query in node, or null where it refuses it: each query swept
 * once (a lesson's suggested ranges take up to 0.3 s in node, and the first test asked for each
 * of its documents three times). */
const swept = new Map();
function coreSweep(q) {
  if (!swept.has(q)) {
    try {
      swept.set(q, core.sweep(q));
    } catch {
      swept.set(q, null);
    }
  }
  return swept.get(q);
}

/** Whether the core in node runs a sweep query. */
const runs = (q) => Boolean(coreSweep(q));

/** A line and a heatmap of every lesson on the core's suggested ranges (the first that run at
 * the lesson's values), one the core refuses, and compare mode. */
function queries() {
  const out = [];
  for (const id of LESSONS) {
    const axes = core.sweepOptions(id).axes;
    const axis = (x) => `${x.name}:${x.from}..${x.to}:${x.steps}`;
    const lines = axes.map((a) => `lesson=${id}&sweep=${axis(a)}`);
    const maps = axes.flatMap((a, i) => axes.slice(i + 1).map((b) => `lesson=${id}&sweep=${axis(a)}&sweep_y=${axis(b)}`));
    // A heatmap needs two parameters to sweep (a new lesson may have one).
    out.push(lines.find(runs));
    assert.ok(out.at(-1), `${id}: a line that runs`);
    if (axes.length > 1) {
      out.push(maps.find(runs));
      assert.ok(out.at(-1), `${id}: a heatmap that runs`);
    }
  }
  // A point the lesson refuses (jobs=6 and the fault S9): the same error from the pool.
  out.push("lesson=supervisor&sweep=jobs:6..24:11");
  out.push("lesson=jobs&seed=42&vs=&sweep=fail_prob:0..1:7");
  out.push("lesson=supervisor&scan=3&vs=&sweep=lease:1..6&metric=recovery.supervisor_on@worst_recovery,recovery.supervisor_on@records_read");
  return out;
}

/** The pool's workers, in the order they started. */
const poolWorkers = (p) => p.evaluate(() => window.__workers.filter((w) => w.pool));

// A sweep heavy enough to watch (about 50 ms a point in chromium), within the budget.
// Long enough for the progress bar to be seen moving (40 points of 2,000,000 runs: about a second
// on two workers), short enough not to weigh on the suite (10,000,000 took 6 s of CPU in node).
const HEAVY = "lesson=compensation&runs=2000000&sweep=comp_fail:0..0.5:8&sweep_y=seed:1..5&metric=monte_carlo.rate";

describe("sweep pool", () => {
  const env = suiteEnv();

  test("the pool gives the same sweep document as one worker and as the core, line and heatmap of each lesson", async () => {
    const { ctx, p } = await watched(env, 3, "lesson=jobs");
    const qs = queries();
    for (const q of qs) {
      const pooled = await sweepIn(p, q, 3);
      const one = await sweepIn(p, q, 1);
      if (!runs(q)) {
        assert.deepEqual(pooled.error, one.error, `${q}: the same refusal`);
        assert.equal(pooled.error?.param, "sweep");
        continue;
      }
      assert.ok(pooled.doc, `${q}: ${JSON.stringify(pooled.error)}`);
      assert.deepEqual(pooled.doc, one.doc, `${q}: the pool's document is one worker's`);
      assert.deepEqual(pooled.doc, JSON.parse(JSON.stringify(coreSweep(q))), `${q}: and the core's in node`);
      assert.equal(JSON.stringify(pooled.doc), JSON.stringify(one.doc), `${q}: byte for byte as JSON`);
    }
    // Each lesson has its own module: a sweep of another lesson ends the pool of the one before
    // and starts one of its own, so the pool alive at the end is the last lesson's.
    const pool = await poolWorkers(p);
    const alive = pool.filter((w) => !w.terminated);
    assert.equal(alive.length, 3, "three workers in the pool");
    assert.equal(pool.length % 3, 0, "pools of three workers");
    const last = new URLSearchParams(qs.at(-1)).get("lesson");
    for (const w of alive) assert.equal(w.lesson, last, "the pool holds the last sweep's lesson");
    for (const w of alive) assert.ok(w.ops.includes("sweepPart"), "each worker ran parts");
    // Its first message hands it the lesson's module the page compiled (engine.js, init).
    for (const w of pool) assert.ok(w.ops[0] === "init" && w.ops.slice(1).every((op) => op === "sweepPart"), "a pool's worker runs parts only");
    clean(p, "pool equality");
    await ctx.close();
  });

  test("the first table starts one worker; the pool starts with the first sweep", async () => {
    const { ctx, p } = await watched(env, 2, "lesson=supervisor");
    assert.equal((await p.evaluate(() => window.__workers)).length, 1, "only the engine's worker on page load");
    const scripts = await p.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    assert.ok(!scripts.some((s) => s.endsWith("/pool.js")), "pool.js is not loaded with the first table");
    await p.goto(`${env.url}?lesson=supervisor&sweep=scan:1..6&sweep_y=lease:1..4`);
    await rendered(p);
    await p.waitForSelector(".sweep-result .heatmap svg", { timeout: 30000 });
    assert.equal((await poolWorkers(p)).length, 2, "the pool's two workers, once a sweep runs");
    clean(p, "lazy pool");
    await ctx.close();
  });

  test("one progress bar moves over all the workers, and the page draws the pool's sweep", async () => {
    const { ctx, p } = await watched(env, 2, "lesson=compensation");
    const want = core.sweep(HEAVY).sweep;
    await p.goto(`${env.url}?${HEAVY}`);
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 60000 });
    const shares = await p.evaluate(() => window.__shares);
    const distinct = [...new Set(shares)];
    assert.ok(distinct.filter((s) => s > 0 && s < 1).length >= 3, `the bar moved: ${distinct.join(", ")}`);
    assert.ok(distinct.every((s, i) => i === 0 || s >= distinct[i - 1]), `only forward: ${distinct.join(", ")}`);
    const pool = await poolWorkers(p);
    assert.equal(pool.filter((w) => w.ops.includes("sweepPart")).length, 2, "both workers ran parts");
    const cells = await p.evaluate(() => document.querySelectorAll(".sweep-result .heatmap rect[data-cell]").length);
    assert.equal(cells, want.series[0].values.length, "a cell per point");
    clean(p, "pool progress");
    await ctx.close();
  });

  test("the one cancel stops every worker of the pool, and the page stays usable", async () => {
    const heavier = HEAVY.replace("runs=2000000", "runs=12000000");
    const { ctx, p } = await watched(env, 2, "lesson=compensation");
    await p.goto(`${env.url}?${heavier}`);
    await rendered(p);
    await p.waitForSelector(".sweep .run-status:not([hidden]) progress[value]", { timeout: 30000 });
    const before = await poolWorkers(p);
    assert.equal(before.length, 2);
    await p.locator(".sweep .run-status button").click();
    await p.waitForFunction(() => document.querySelector(".sweep .run-status").hidden);
    const after = await poolWorkers(p);
    assert.ok(after.slice(0, 2).every((w) => w.terminated), "both pool workers were ended");
    assert.equal(after.length, 4, "and two fresh ones started");
    assert.ok(after.slice(2).every((w) => !w.terminated));
    assert.equal(await p.locator(".sweep-result .heatmap svg").count(), 0, "no sweep drawn");
    // The link it opened with loses its sweep (a reload would run it again).
    await p.waitForFunction(() => !new URLSearchParams(location.search).has("sweep"));
    // Still usable: a lighter sample reruns the tables, and the form's sweep runs on the fresh pool.
    await setParam(p, "runs", "20000");
    await p.locator(".sweep-form button[type=submit]").click();
    // (The form after a cancel holds what the link held before it, issue 21: its sweep is drawn.)
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable, .sweep-result .sweep-panel svg", { timeout: 30000 });
    const fresh = (await poolWorkers(p)).slice(2);
    assert.ok(fresh.every((w) => !w.terminated && w.ops.includes("sweepPart")), "the fresh workers ran the sweep");
    clean(p, "pool cancel");
    await ctx.close();
  });

  test("a sweep over the budget is refused naming sweep, before any part runs", async () => {
    const { ctx, p } = await watched(env, 2, "lesson=compensation");
    const q = "lesson=compensation&runs=10000000&sweep=comp_fail:0..0.5:21&sweep_y=seed:1..21";
    const got = await sweepIn(p, q, 2);
    assert.equal(got.error?.param, "sweep", JSON.stringify(got));
    assert.equal(got.error.code, "too_much_work");
    let want;
    try {
      core.sweep(q);
    } catch (err) {
      want = err.message;
    }
    assert.equal(got.error.message, want, "the core's own message");
    const pool = await poolWorkers(p);
    assert.ok(!pool.some((w) => w.ops.includes("sweepPart")), "no part ran");
    // The page's form says so too.
    await p.goto(`${env.url}?${q}`);
    await rendered(p);
    await p.waitForSelector(".sweep .field-error:not([hidden])", { timeout: 30000 });
    assert.ok((await p.textContent(".sweep .field-error")).length > 0);
    clean(p, "pool budget");
    await ctx.close();
  });

  // As a learner's page has it (no pool size forced), a sweep or a search begins on the page's
  // worker (engine.js, Engine#hereFirst): [op, lesson, a short one, a long one, the core's answer].
  const HERE_FIRST = [
    // quotas' first property over its default scope: 46592 runs, 0.1 s on one worker here; a
    // condition read from the section's tables at every run, over runs of 96 rounds rather than
    // 48 (within the page's budget): 1.8 times the work. At the lesson's 48 rounds, since a point
    // reads tables alone, the rest came within COLD_MS of the page's worker once in this test
    // (no pool started); in node's package, 1.9 s at 48 rounds, 3.4 s at 96.
    ["find", "quotas", "lesson=quotas&find=", `lesson=quotas&rounds=96&find=${encodeURIComponent("tenants.starved > 0")}`, (q) => core.find(q)],
    // 11 points of the lesson's Monte Carlo: 20 ms in node; 11 of 20 million sagas each: 3 s.
    ["sweep", "compensation", "lesson=compensation&sweep=comp_fail:0..0.5:11", "lesson=compensation&runs=20000000&sweep=comp_fail:0..0.5:11", coreSweep],
  ];
  for (const [op, lesson, short, long, want] of HERE_FIRST) {
    test(`a ${op} starts on the page's worker: a short one ends there, no pool started; a long one (over the second starting the pool costs a phone) shares its rest with the pool; both the core's answers`, async () => {
      const { ctx, p } = await watched(env, 2, `lesson=${lesson}`);
      const here = (query) =>
        p.evaluate(
          async ({ op, query }) => {
            delete window.__tatbikatPoolSize;
            const { engine } = await import(new URL("./start.js", location.href));
            return JSON.stringify(await engine.call(op, [query]));
          },
          { op, query },
        );
      const ran = async () => (await p.evaluate(() => window.__workers)).filter((w) => w.ops.includes(`${op}Part`));
      const speedFile = `pkg/speed/${lesson}.wasm`;
      const speedFetched = [];
      p.on("request", (r) => r.url().endsWith(speedFile) && speedFetched.push(r.url()));
      assert.deepEqual(JSON.parse(await here(short)), JSON.parse(JSON.stringify(want(short))));
      assert.deepEqual((await ran()).map((w) => w.pool), [false], "one worker, the page's, ran it");
      assert.deepEqual(speedFetched, [], "no speed module on the page's load nor for a short one");
      // The panel or the form opens (Engine#readyShared): the lesson's speed module is fetched,
      // and the pool's workers run it.
      await p.evaluate(async () => (await import(new URL("./start.js", location.href))).engine.readyShared());
      assert.deepEqual(JSON.parse(await here(long)), JSON.parse(JSON.stringify(want(long))));
      const workers = await ran();
      assert.equal(workers.filter((w) => w.pool).length, 2, "the pool's two workers ran its rest");
      assert.equal(workers.filter((w) => !w.pool).length, 1, "its first part ran on the page's worker");
      assert.equal(speedFetched.length, 1, speedFile);
      const speedBytes = statSync(join(ROOT, "www", speedFile)).size;
      assert.deepEqual(workers.filter((w) => w.pool).map((w) => w.module), [speedBytes, speedBytes], "the pool's workers were given the speed module");
      clean(p, `${op} on the page's worker`);
      await ctx.close();
    });
  }
});
