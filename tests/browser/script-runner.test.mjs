// Issue 34's runner in the page's world: a lesson's section script run in a module worker
// (www/script/worker-run.js) on a tiny page served with the site's Content-Security-Policy prints
// what node prints — the goldens at the defaults, a node child process's stdout at random
// parameter sets — its guards say the same as node's, a script in an endless loop is ended at its
// budget while the page goes on answering, and a lesson id that is a path is refused. A few runs
// only: the sweep of every set is node's (tests/node/script-runner.test.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, serve, browser, page, stopServers } from "./lib.mjs";
import { FOLDERS, MISSING, SECTIONS, SHARED } from "../node/course-scripts.mjs";
import { generators } from "../node/param-sets.mjs";

const TRAPS = join(ROOT, "tests", "script-lessons", "traps");
/** The lessons the page serves: id → folder (the course's scripts and the traps). */
const LESSONS = { ...Object.fromEntries(Object.entries(FOLDERS).map(([id, dir]) => [id, join(SHARED, dir)])), traps: TRAPS };

// The page: www/script/ as the site serves it, the lessons' folders beside it, and a module that
// hands the test a ScriptRunner (a page's own module: the policy allows no inline script).
const PROBE = `import { ScriptRunner } from "./script/worker-run.js";
globalThis.probe = {
  runner: new ScriptRunner(),
  open(options) { this.runner.close(); this.runner = new ScriptRunner(options); },
  async run(lesson, section, params) {
    try { return await this.runner.run({ lesson, section, params }); }
    catch (err) { return { error: { code: err.code, message: err.message, file: err.file, line: err.line } }; }
  },
};
document.body.dataset.ready = "1";
`;

let site, server, chromium, p;
before(async () => {
  if (!existsSync(SHARED)) return;
  site = mkdtempSync(join(tmpdir(), "tatbikat-scripts-"));
  symlinkSync(join(ROOT, "www", "script"), join(site, "script"));
  mkdirSync(join(site, "lessons"));
  for (const [id, dir] of Object.entries(LESSONS)) symlinkSync(dir, join(site, "lessons", id));
  writeFileSync(join(site, "index.html"), '<!doctype html><meta charset="utf-8"><title>scripts</title><script type="module" src="probe.js"></script>\n');
  writeFileSync(join(site, "probe.js"), PROBE);
  server = await serve({ dir: site, cspReports: true });
  chromium = await browser();
  p = await page(await chromium.newContext());
  await p.goto(`${server.url}index.html`);
  await p.waitForFunction(() => document.body.dataset.ready === "1");
});
after(async () => {
  await chromium?.close();
  await stopServers();
  if (site) rmSync(site, { recursive: true, force: true });
});

/** `node <folder>/<section> [<json>]`'s stdout. */
function node(lesson, section, params) {
  const child = spawnSync(process.execPath, [join(LESSONS[lesson], section), ...(params ? [JSON.stringify(params)] : [])], { encoding: "utf8" });
  assert.equal(child.status, 0, child.stderr);
  return child.stdout;
}

const run = (lesson, section, params) => p.evaluate(([l, s, q]) => probe.run(l, s, q ?? undefined), [lesson, section, params ?? null]);

test("in a module worker under the site's policy, a script prints node's bytes and breaks the same guards", async (t) => {
  if (!site) {
    assert.ok(!process.env.CI, MISSING);
    return t.skip(MISSING);
  }
  for (const [lesson, section, golden] of SECTIONS) {
    const r = await run(lesson, section);
    assert.equal(r.text, readFileSync(join(SHARED, golden), "utf8"), `${lesson}/${section}: ${r.error?.message}`);
  }
  const gens = generators(20260935);
  for (const lesson of ["leader", "quotas", "claim_check"]) {
    for (let i = 0; i < 2; i++) {
      const [params, sections] = gens[lesson]();
      const section = sections[0][1].split("/")[1];
      assert.equal((await run(lesson, section, params)).text, node(lesson, section, params), `${lesson}/${section} ${JSON.stringify(params)}`);
    }
  }
  assert.equal((await run("traps", "fine.mjs", { n: 5 })).text, node("traps", "fine.mjs", { n: 5 }));
  assert.deepEqual((await run("traps", "random.mjs", { n: 3 })).error, {
    code: "random",
    file: "random.mjs",
    line: 2,
    message: `traps/random.mjs:2: Math.random draws unseeded random numbers: draw from a seeded generator (as the lessons' minstd), so the same parameters print the same text — parameters {"n":3}`,
  });
  assert.equal((await run("traps", "caught.mjs")).error?.code, "random");
  for (const section of ["clock.mjs", "date.mjs", "perf.mjs", "zone.mjs"]) assert.equal((await run("traps", section)).error?.code, "clock", section);
  assert.match((await run("traps", "argv.mjs", { n: 1 })).error?.message ?? "", /^traps\/argv-model\.mjs:2 \(running traps\/argv\.mjs\): process\.argv was read while/);
  assert.match((await run("traps", "throws.mjs", { n: 3 })).error?.message ?? "", /^traps\/model\.mjs:5 \(running traps\/throws\.mjs\): threw RangeError: n is 3/);
  assert.equal((await run("traps", "post.mjs")).error?.code, "host");
  for (const [lesson, section] of [["../lessons/quotas", "olc.mjs"], ["https://evil.example/x", "olc.mjs"], ["quotas", "../quotas/olc.mjs"], ["quotas", "/lessons/quotas/olc.mjs"], ["quotas", "data:text/javascript,1"]])
    assert.equal((await run(lesson, section)).error?.code, "name", `${lesson} ${section}`);
  assert.deepEqual(server.reports, [], "no CSP violation");
  assert.deepEqual(p.problems, []);
});

test("a script in an endless loop is ended at its budget while the page answers; the next run gets a fresh worker", async (t) => {
  if (!site) {
    assert.ok(!process.env.CI, MISSING);
    return t.skip(MISSING);
  }
  await p.evaluate(() => probe.open({ budgetMs: 1500 }));
  await p.evaluate(() => (globalThis.looping = probe.run("traps", "loop.mjs", { n: 1 })));
  // The page's own thread answers at once while the worker spins.
  const start = Date.now();
  assert.equal(await p.evaluate(() => 1 + 1), 2);
  assert.ok(Date.now() - start < 500, `the page answered after ${Date.now() - start} ms`);
  const { error } = await p.evaluate(() => globalThis.looping);
  assert.equal(error.message, 'traps/loop.mjs: ran past its budget of 1500 ms and was stopped (an endless loop, or a top-level await that never settles) — parameters {"n":1}');
  assert.equal((await run("quotas", "olc.mjs", { capacity: 8 })).text, node("quotas", "olc.mjs", { capacity: 8 }));
  assert.deepEqual(p.problems, []);
});
