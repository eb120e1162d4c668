// Browser tests of the watched run on the page: play, step, keys and scrubber, its totals the
// tables'; every lesson's run; the timeline's legend and details; a fault set from the timeline;
// which run to watch chosen from lists. Against the CLI, in Debian's chromium, headless.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { clean, page, rendered, settled, shot } from "./lib.mjs";
import { core, cliReport, closeSuite, openSuite } from "./page-lib.mjs";
import { CLI } from "../cli.mjs";

const figures = [];

describe("page: the watched run", () => {
  let url;
  let b;
  let desktop;
  before(async () => ({ url, b, desktop } = await openSuite()));
  after(() => closeSuite(b, figures));

  test("watch one run: play, step, keys, scrubber; its totals are the tables'", async () => {
    const p = await page(desktop);
    await p.goto(`${url}?lesson=supervisor&trace=`);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg rect");
    const want = JSON.parse(execFileSync(CLI, ["supervisor", "--trace", "--format", "json"], { encoding: "utf8" })).trace;
    const frames = want.frames;
    const counters = async () =>
      p.evaluate(() => Object.fromEntries([...document.querySelectorAll(".trace-counters dd")].map((d) => [d.dataset.counter, d.textContent])));
    // It opens at its first wasted re-drive (what the lesson is about); at the end the counters
    // are the run's totals, the same as the comparison table.
    assert.notEqual(await p.inputValue(".trace .scrubber"), String(frames));
    await p.focus(".trace");
    await p.keyboard.press("End");
    let c = await counters();
    for (const k of want.tracks[0].counters) assert.equal(c[k.key], String(k.values.at(-1)), `counter ${k.key} at the end`);
    const table = cliReport("supervisor").sections[0].groups.find((g) => g.key === "supervisor_comparison").blocks[0];
    const on = (key) => table.rows.find((r) => r[0].key === key)[2].value;
    assert.equal(c.redriven, String(on("redriven_steps")));
    assert.equal(c.wasted, String(on("wasted_steps")));
    // Keyboard: Home, then one step at a time.
    await p.focus(".trace");
    await p.keyboard.press("Home");
    assert.equal(await p.inputValue(".trace .scrubber"), "0");
    c = await counters();
    assert.equal(c.steps_run, "0");
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowRight");
    assert.equal(await p.inputValue(".trace .scrubber"), "2");
    c = await counters();
    assert.equal(c.steps_run, String(want.tracks[0].counters.find((k) => k.key === "steps_run").values[2]));
    assert.ok((await p.locator(".trace-log li").count()) > 0, "the step's events are listed");
    // Play runs to the end by itself.
    await p.keyboard.press("Home");
    await p.click(".trace-controls .play");
    await p.waitForFunction((n) => document.querySelector(".trace .scrubber").value === String(n), frames, { timeout: 15000 });
    // The scrubber moves the playhead too.
    await p.fill(".trace .scrubber", "3");
    assert.equal((await counters()).records_read, String(want.tracks[0].counters.find((k) => k.key === "records_read").values[3]));
    assert.match(p.url(), /[?&]trace=(&|$)/);
    await shot(p, "trace-supervisor");
    // A chart point opens its own run: the scan sweep's point at scan 4.
    await p.click('figure[data-chart="recovery_vs_scan"] .watchable >> nth=2');
    await p.waitForFunction(() => /trace=scan(:|%3A)4/.test(location.search));
    await p.waitForFunction(() => document.querySelector(".trace-selector .selector")?.value === "scan:4");
    clean(p, "trace");
    await p.close();
  });

  test("jobs and compensation runs can be watched too", async () => {
    const p = await page(desktop);
    for (const [lesson, tracks] of [["jobs", 4], ["compensation", 1]]) {
      await p.goto(`${url}?lesson=${lesson}&trace=`);
      await rendered(p);
      await p.waitForSelector(".trace .timeline svg rect");
      assert.equal(await p.locator(".trace figure.timeline").count(), tracks, `${lesson} tracks`);
      await shot(p, `trace-${lesson}`);
    }
    clean(p, "jobs and compensation traces");
    await p.close();
  });

  test("the timeline explains itself: a legend entry for every mark class drawn, a tap shows details in a panel, play speed", async () => {
    const phone = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await page(phone);
    const drawn = () =>
      p.$$eval(".trace figure.timeline", (figs) =>
        figs.map((f) => ({
          track: f.dataset.track,
          drawn: [
            ...new Set([
              ...[...f.querySelectorAll("svg .solid rect")].map((r) => `state:${r.dataset.state}`),
              ...[...f.querySelectorAll("svg g.mark")].map((m) => `mark:${m.dataset.kind}`),
              ...[...f.querySelectorAll("svg g.line")].map((m) => `line:${m.dataset.kind}`),
              ...(f.querySelector("svg .playhead") ? ["playhead"] : []),
              ...(f.querySelector("svg .decisive-band") ? ["decisive"] : []),
            ]),
          ].sort(),
          legend: [...f.querySelectorAll(".trace-legend li")].map((li) => li.dataset.legend).sort(),
        })),
      );
    // [lesson, selector, whether each track draws marks or lines]
    for (const [lesson, selector, marked] of [["supervisor", "", true], ["supervisor", "off", false], ["jobs", "", false], ["compensation", "attempts:2,run:hung", true]]) {
      await p.goto(`${url}?lesson=${lesson}&trace=${selector}`);
      await rendered(p);
      await p.waitForSelector(".trace .timeline svg");
      for (const f of await drawn()) {
        assert.deepEqual(f.legend, f.drawn, `${lesson} ${selector} ${f.track}: the legend names exactly what is drawn`);
        if (marked) assert.ok(f.drawn.some((d) => d.startsWith("mark:") || d.startsWith("line:")), `${lesson} ${f.track} draws marks`);
      }
    }
    // Without the supervisor nothing waits for it: the legend says so.
    await p.goto(`${url}?lesson=supervisor&trace=off`);
    await p.waitForSelector(".trace .timeline svg");
    assert.equal(await p.locator('.trace-legend li[data-legend="state:stuck"]').count(), 0);
    assert.match(await p.textContent('.trace-legend li[data-legend="state:stuck_off"]'), /bakan yok/);
    // Both runs side by side, on one time axis.
    await p.goto(`${url}?lesson=supervisor&trace=both`);
    await p.waitForSelector(".trace .timeline svg");
    const axes = await p.$$eval(".trace figure.timeline", (figs) => figs.map((f) => [...f.querySelectorAll(".axis.x text")].map((t) => `${t.textContent}@${t.getAttribute("x")}`).join(" ")));
    assert.equal(axes.length, 2);
    assert.equal(axes[0], axes[1], "the same x-scale");
    // A tap on a mark and on a bar shows it in words.
    await p.goto(`${url}?lesson=supervisor&trace=`);
    await p.waitForSelector(".trace .timeline svg");
    const doc = JSON.parse(execFileSync(CLI, ["supervisor", "--trace", "--format", "json"], { encoding: "utf8" }));
    const track = doc.trace.tracks[0];
    const k = track.events.findIndex((e) => e.kind === "wasted");
    const wasted = track.events[k];
    const hit = p.locator(`.trace svg circle.hit[data-event="${k}"]`);
    const box = await hit.boundingBox();
    assert.ok(box.width >= 24 && box.height >= 24, `the mark's target is ${box.width} × ${box.height} px`);
    await hit.tap();
    const said = await p.textContent(".trace-detail");
    assert.match(said, new RegExp(`tur ${wasted.at + 1} — S${wasted.lane + 1}: .*${wasted.note}.*${wasted.took} tur`));
    await p.locator('.trace svg .solid rect[data-lane="0"][data-state="run"]').first().tap();
    assert.match(await p.textContent(".trace-detail"), /^S1: adım yürüyor — tarife \(tur 1\)/);
    await shot(p, "trace-detail-phone");
    // Play at 4× reaches the end sooner than at ½× (frames counted in the same time; 700 ms is
    // ~4 frames at 4× of this run's 8, so a busy machine does not reach the end, where a click
    // plays again from the start).
    const frames = async (v) => {
      await p.selectOption(".trace-controls .speed", v);
      await p.focus(".trace");
      await p.keyboard.press("Home");
      await p.click(".trace-controls .play");
      await p.waitForTimeout(700);
      await p.click(".trace-controls .play");
      return Number(await p.inputValue(".trace .scrubber"));
    };
    const slow = await frames("0.5");
    const fast = await frames("4");
    assert.ok(fast > slow, `4× played ${fast} frames, ½× ${slow}`);
    clean(p, "timeline legend and details");
    await p.close();
    await phone.close();
  });

  test("intervening on the timeline: S4's step set to hang there gives the numbers the fault grid gives", async () => {
    const p = await page(desktop);
    await p.goto(`${url}?lesson=supervisor&trace=`);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    const counters = () => p.evaluate(() => Object.fromEntries([...document.querySelectorAll(".trace-counters dd")].map((d) => [d.dataset.counter, d.textContent])));
    const tables = () => p.$$eval(".report table.data", (ts) => ts.map((t) => t.innerText));
    const before = await tables();
    // S4 runs "fatura" in round 3: pick its bar (the whole run drawn), then set the fault the
    // panel offers.
    await p.focus(".trace");
    await p.keyboard.press("End");
    await p.locator('.trace svg .solid rect[data-lane="3"][data-state="run"]').nth(2).click();
    assert.match(await p.textContent(".trace-detail"), /S4: adım yürüyor — fatura/);
    await p.click(".trace-detail .intervene button");
    await p.waitForFunction(() => new URLSearchParams(location.search).get("hung")?.includes("S4@fatura"));
    await p.waitForFunction(() => document.querySelector(".trace-detail .intervene button")?.dataset.next === "permanent");
    await rendered(p);
    const renders = Number(await p.evaluate(() => document.body.dataset.renders));
    await rendered(p, renders);
    const viaTimeline = { hung: new URLSearchParams(new URL(p.url()).search).get("hung"), tables: await tables(), counters: await counters() };
    assert.notDeepEqual(viaTimeline.tables, before, "the run changed");
    // The same through the fault grid, from the lesson's own state (its run shown to the end too).
    await p.goto(`${url}?lesson=supervisor&trace=`);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    await p.focus(".trace");
    await p.keyboard.press("End");
    await p.click('.fault-grid button[data-job="4"][data-step="fatura"]');
    await p.waitForFunction(() => new URLSearchParams(location.search).get("hung")?.includes("S4@fatura"));
    await rendered(p);
    await p.waitForFunction((c) => document.querySelector('.trace-counters dd[data-counter="redriven"]')?.textContent === c, viaTimeline.counters.redriven);
    assert.equal(new URLSearchParams(new URL(p.url()).search).get("hung"), viaTimeline.hung);
    assert.deepEqual(await tables(), viaTimeline.tables);
    assert.deepEqual(await counters(), viaTimeline.counters);
    // The CLI agrees.
    const cli = JSON.parse(execFileSync(CLI, ["supervisor", "--set", `hung=${viaTimeline.hung}`, "--trace", "--format", "json"], { encoding: "utf8" }));
    assert.equal(viaTimeline.counters.redriven, String(cli.trace.tracks[0].counters.find((c) => c.key === "redriven").values.at(-1)));
    clean(p, "intervene");
    await p.close();
  });

  test("which run to watch is chosen from lists, no selector typed: each choice writes the link the typed form writes", async () => {
    const p = await page(desktop);
    const traceOf = () => new URLSearchParams(new URL(p.url()).search).get("trace");
    const chosen = () => p.$$eval(".run-controls select", (ss) => ss.map((s) => s.selectedIndex));
    // Every lesson with a run to watch (a new lesson may have none yet).
    for (const lesson of core.lessons().filter((l) => l.traces).map((l) => l.id)) {
      await p.goto(`${url}?lesson=${lesson}&trace=`);
      await rendered(p);
      await p.waitForSelector(".trace .timeline svg");
      const controls = await p.locator(".run-controls select").count();
      assert.ok(controls > 0, `${lesson} has controls`);
      // From the last list to the first: a change may drop the lists after it (no scan interval
      // without the supervisor).
      for (let i = controls - 1; i >= 0; i--) {
        const select = p.locator(".run-controls select").nth(i);
        const options = await select.locator("option").count();
        const before = traceOf();
        const pick = (await select.evaluate((s) => s.selectedIndex)) === options - 1 ? 0 : options - 1;
        await select.selectOption({ index: pick });
        await p.waitForFunction((b) => new URLSearchParams(location.search).get("trace") !== b, before);
        // The run and its name as the core gives it (the link is read again with it) are in.
        await settled(p);
        await p.waitForSelector(".trace .timeline svg");
        const selector = traceOf();
        // The core's controls for this selector (the CLI's JSON) are the page's, the chosen one shown.
        const cli = JSON.parse(execFileSync(CLI, [lesson, `--trace=${selector}`, "--format", "json"], { encoding: "utf8" }));
        assert.equal(cli.trace.selector, selector, `${lesson}: the link names the run as the core does`);
        await p.waitForFunction((n) => document.querySelectorAll(".run-controls select").length === n, cli.controls.length);
        assert.deepEqual(await chosen(), cli.controls.map((c) => c.chosen), `${lesson} ${selector}: the lists show the run`);
        assert.equal(await p.locator(".run-controls select").nth(i).evaluate((s) => s.selectedIndex), pick, `${lesson}: the choice stays`);
        // The typed form shows the same selector; applying it keeps the link.
        assert.equal(await p.inputValue(".trace-selector .selector"), selector);
        await p.click(".trace-typed summary");
        await p.fill(".trace-selector .selector", selector);
        await p.click(".trace-selector button[type=submit]");
        await settled(p);
        await p.waitForSelector(".trace .timeline svg");
        assert.equal(traceOf(), selector);
        assert.deepEqual(await chosen(), cli.controls.map((c) => c.chosen));
      }
    }
    clean(p, "run choices");
    await p.close();
  });
});
