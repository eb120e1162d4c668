// Sweeps that cannot mislead (issue 21), on one page: the jobs failure probability × slices
// sweep is never drawn flat without saying so (a note beside each panel the core finds flat,
// checked against the panel's own values), the form leaves no metric chosen that is flat along a
// chosen axis and, when no metric moves with both axes, says so and offers pairs that do; a
// cancelled sweep says so in the form and leaves the link without the sweep it opened with.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, clean, page, rendered, settled, shot, suiteEnv } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** Whether every series of a sweep panel holds one value along `axis` ("x" or "y"). */
function flatAlong(s, panel, axis) {
  const nx = s.x.values.length;
  const ny = s.y ? s.y.values.length : 1;
  const [outer, inner, at] = axis === "x" ? [ny, nx, (o, i) => o * nx + i] : [nx, ny, (o, i) => i * nx + o];
  if (inner < 2) return false;
  return panel.series.every((series) => Array.from({ length: outer }, (_, o) => o).every((o) => Array.from({ length: inner }, (_, i) => series.values[at(o, i)]).every((v) => v === series.values[at(o, 0)])));
}

describe("sweeps that cannot mislead", () => {
  const env = suiteEnv();

  test("jobs: failure probability × slices is never drawn flat without saying so, and the form offers pairs that move", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await page(ctx);
    const query = "lesson=jobs&sweep=fail_prob:0..1:11&sweep_y=slices:6..24:10";
    const doc = core.sweep(query).sweep;
    const panels = [doc, ...(doc.more ?? [])];
    // The core's flags are the panels' own values.
    for (const panel of panels) {
      const flat = ["x", "y"].filter((axis) => flatAlong(doc, panel, axis)).map((axis) => doc[axis].name);
      assert.deepEqual(panel.flat ?? [], flat, panel.metric_text);
    }
    assert.ok(panels.some((panel) => panel.flat?.length), "this pair draws a flat panel (the issue's case)");
    await p.goto(`${env.url}?${query}`);
    await rendered(p);
    await p.waitForSelector(".sweep-result .sweep-panel .heatmap svg", { timeout: 30000 });
    await settled(p);
    const notes = await p.$$eval(".sweep-result .sweep-panel", (nodes) => nodes.map((n) => {
      const note = n.querySelector(".flat-note");
      return note && note.checkVisibility() ? note.textContent : null;
    }));
    assert.equal(notes.length, panels.length);
    panels.forEach((panel, i) => {
      if (!panel.flat?.length) return assert.equal(notes[i], null, `${panel.metric_text}: no note when it moves`);
      assert.ok(notes[i], `${panel.metric_text}: flat along ${panel.flat} and said`);
      assert.match(notes[i], /Dilim sayısı|dilim/i, "the note names the parameter in the page's language");
    });
    await shot(p, "sweep-flat-jobs");

    // The form: no metric left chosen that is flat along a chosen axis; without a metric moving
    // with both, the page says so and offers the pairs that have one.
    const options = core.sweepOptions("lesson=jobs");
    const depends = Object.fromEntries(options.metric_options.map((m) => [m.metric, m.depends]));
    const choose = async (name, value) => {
      await p.selectOption(`.sweep-form select[name="${name}"]`, value);
      await settled(p);
    };
    await choose("sweep-param", "fail_prob");
    await choose("sweep-y-param", "slices");
    const checked = await p.$$eval('.sweep-metrics input[name="metric"]:checked', (boxes) => boxes.map((b) => b.value));
    for (const m of checked) assert.ok(["fail_prob", "slices"].every((a) => depends[m]?.includes(a)), `${m} is chosen though flat along an axis`);
    const both = options.metric_options.some((m) => ["fail_prob", "slices"].every((a) => m.depends?.includes(a)));
    const pairs = p.locator(".sweep-pairs");
    assert.equal(await pairs.isVisible(), !both, "the no-pair note shows exactly when no metric moves with both");
    if (!both) {
      assert.match(await pairs.textContent(), /Hiçbir ölçü hem .* hem .* ile değişmiyor/);
      const offers = pairs.locator("button");
      assert.ok((await offers.count()) > 0, "pairs are offered");
      await offers.first().click();
      await settled(p);
      const x = await p.inputValue('.sweep-form select[name="sweep-param"]');
      const y = await p.inputValue('.sweep-form select[name="sweep-y-param"]');
      assert.ok(options.metric_options.some((m) => m.depends?.includes(x) && m.depends?.includes(y)), `the offered pair ${x} × ${y} has a metric moving with both`);
      assert.equal(await pairs.isVisible(), false);
      const now = await p.$$eval('.sweep-metrics input[name="metric"]:checked', (boxes) => boxes.map((b) => b.value));
      assert.ok(now.length > 0 && now.every((m) => depends[m].includes(x) && depends[m].includes(y)), `a metric moving with both is chosen: ${now}`);
    }
    await shot(p, "sweep-pairs-jobs");
    clean(p, "jobs sweep");
    await ctx.close();
  });

  test("a cancelled sweep says so, and the link no longer holds the sweep it opened with", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 390, height: 844 } });
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=compensation&runs=12000000&sweep=comp_fail:0..0.5:8&sweep_y=seed:1..5&metric=monte_carlo.rate`);
    await rendered(p);
    await p.waitForSelector(".sweep .run-status:not([hidden])", { timeout: 30000 });
    await p.locator(".sweep .run-status button").click();
    await p.waitForFunction(() => document.querySelector(".sweep .run-status").hidden);
    await settled(p);
    const said = p.locator(".sweep-form .field-error");
    assert.ok(await said.isVisible(), "the form says the sweep was cancelled");
    assert.match(await said.textContent(), /Tarama iptal edildi/);
    await p.waitForFunction(() => !["sweep", "sweep_y", "metric"].some((k) => new URLSearchParams(location.search).has(k)));
    // A reload runs no sweep.
    await p.reload();
    await rendered(p);
    await settled(p);
    assert.equal(await p.locator(".sweep .run-status:not([hidden])").count(), 0, "no sweep runs after the reload");
    assert.equal(await p.locator(".sweep-result .sweep-panel").count(), 0);
    clean(p, "cancelled sweep");
    await ctx.close();
  });
});
