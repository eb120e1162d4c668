// Presenter mode (issue 22) on a 1920 × 1080 screen, driven from the keyboard as a slide clicker
// sends it: present=1 opens it, one figure at a time in large type on a white page, PageDown and
// PageUp go through the figures and past the last to the next claim, whose prediction prompt is
// shown to the room; B reveals the claim with the guess typed; S and P step and play the watched
// run; Escape leaves and the focus returns where it was. axe finds no serious or critical
// violation in it, light and dark. One page for those; then a page at 1280 × 720 and one at
// 1920 × 1080 check what a person sees of a watched run and a claim (issue 32): boxes inside the
// viewport, above the top of the bar. Then every lesson's watched run, whole above the bar at
// 1280 × 720 (leader, jobs and quotas at 1920 × 1080 too): each track drawn, with its caption,
// canvas, legend and counters, and the tabs to any track not drawn, which the keyboard follows.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { LESSONS, UNCHANGED, browser, page, rendered, serve, settled, sharedPage, shot, stopServers } from "./lib.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's serious and critical violations on the page, as "rule: target" lines. */
async function audit(p) {
  if (!(await p.evaluate(() => Boolean(window.axe)))) await p.evaluate(AXE);
  const found = await p.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] });
    return r.violations.filter((v) => ["serious", "critical"].includes(v.impact)).flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
  return found;
}

/** The figures on screen (drawn, not display: none): tables, charts, the watched run, and groups
 * of sentences without either. */
const visibleFigures = (p) =>
  p.$$eval("#results .table-wrap, #results figure[data-chart], #results .trace, #results .report .group:not(:has(.table-wrap, figure[data-chart]))", (nodes) =>
    nodes
      .filter((n) => n.getClientRects().length > 0)
      .map((n) => n.querySelector("table[data-table]")?.dataset.table ?? n.dataset.chart ?? (n.classList.contains("trace") ? "trace" : `group:${n.dataset.group}`)),
  );

const position = (p) => p.textContent(".present-position");

/** What a person sees of each of `selectors` (every drawn match, in order): its box, whether it
 * is drawn at all, with the viewport's height and the top of the presenter's bar. */
const onScreen = (p, selectors) =>
  p.evaluate((selectors) => {
    const bar = document.querySelector(".present-bar").getBoundingClientRect();
    const seen = {};
    for (const s of selectors) {
      seen[s] = [...document.querySelectorAll(s)]
        .filter((n) => n.checkVisibility())
        .map((n) => {
          const r = n.getBoundingClientRect();
          return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: Math.round(r.height) };
        });
    }
    return { innerHeight, barTop: Math.round(bar.top), barBottom: Math.round(bar.bottom), seen };
  }, selectors);

/** Asserts each box lies whole between the top of the viewport and the top of the bar. */
function aboveBar(view, what) {
  for (const s of what) {
    assert.ok(view.seen[s].length > 0, `${s} is drawn: ${JSON.stringify(view)}`);
    for (const box of view.seen[s]) {
      assert.ok(box.top >= 0 && box.bottom <= view.barTop, `${s} at ${box.top}–${box.bottom} px, whole above the bar at ${view.barTop} px (viewport ${view.innerHeight}): ${JSON.stringify(view.seen)}`);
    }
  }
}


/** Two frames: presenter mode draws the figure shown again in the frame after it marks it. */
const frames = (p) => p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** What a person sees of the watched run: each of its tracks (in the run's order), whether it is
 * drawn, the boxes of its caption, canvas, legend and counters, its lane labels (how many, and
 * the smallest one's size on the screen) and the tab panel it is in; each tab list drawn, with
 * its box and tabs; the viewport and the top of the presenter's bar. */
const runSeen = (p) =>
  p.evaluate(() => {
    const box = (n) => {
      const r = n.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
    };
    const parts = { caption: "figcaption", canvas: ".timeline-canvas svg", legend: ".trace-legend", counters: ".trace-counters" };
    const tracks = [...document.querySelectorAll(".trace .timeline")].map((figure) => {
      const drawn = figure.checkVisibility();
      const plot = figure.querySelector(".timeline-canvas svg");
      const scale = plot ? plot.getBoundingClientRect().width / plot.width.baseVal.value : 0;
      const labels = [...figure.querySelectorAll(".lane-label")];
      const counters = figure.querySelector(".trace-counters");
      return {
        key: figure.dataset.track,
        drawn,
        boxes: drawn ? Object.fromEntries(Object.entries(parts).map(([k, s]) => [k, box(figure.querySelector(s))])) : null,
        // Each counter's value, its left edge against the counters' (a value clipped starts left of it).
        values: drawn ? [...counters.querySelectorAll("dd")].map((d) => ({ counter: d.dataset.counter, left: Math.round(d.getBoundingClientRect().left), from: Math.round(counters.getBoundingClientRect().left) })) : [],
        labels: labels.length,
        label: labels.length ? Math.min(...labels.map((l) => parseFloat(getComputedStyle(l).fontSize) * scale)) : 0,
        panel: figure.closest(".track-panel")?.id ?? null,
      };
    });
    const tablists = [...document.querySelectorAll(".trace [role=tablist]")]
      .filter((l) => l.checkVisibility())
      .map((l) => ({
        box: box(l),
        tabs: [...l.querySelectorAll("[role=tab]")].map((tab) => ({ name: tab.textContent, selected: tab.getAttribute("aria-selected") === "true", controls: tab.getAttribute("aria-controls"), box: box(tab) })),
      }));
    const bar = document.querySelector(".present-bar").getBoundingClientRect();
    return { innerWidth, innerHeight, barTop: Math.round(bar.top), tracks, tablists };
  });

/** Asserts the run is seen whole: every track drawn has its caption, canvas, legend and counters
 * inside the viewport above the bar, its lane labels at 10 px or more on the screen; every track
 * not drawn is a tab away, on a tab list drawn above the bar. */
function wholeRun(view, what) {
  const seen = JSON.stringify(view);
  const inside = (b) => b.top >= 0 && b.bottom <= view.barTop && b.left >= 0 && b.right <= view.innerWidth;
  const drawn = view.tracks.filter((k) => k.drawn);
  assert.ok(drawn.length > 0, `${what}: a track drawn: ${seen}`);
  for (const k of drawn) {
    for (const [part, b] of Object.entries(k.boxes)) assert.ok(inside(b), `${what}: ${k.key}'s ${part} at ${b.top}–${b.bottom} px, whole above the bar at ${view.barTop} px (viewport ${view.innerWidth} × ${view.innerHeight}): ${seen}`);
    assert.ok(k.labels > 0 && k.label >= 10, `${what}: ${k.key}'s lane labels drawn at ${k.label.toFixed(1)} px: ${seen}`);
    for (const v of k.values) assert.ok(v.left >= v.from, `${what}: ${k.key}'s counter ${v.counter} at ${v.left} px, inside its box from ${v.from} px: ${seen}`);
  }
  const tabs = view.tablists.flatMap((l) => l.tabs);
  for (const l of view.tablists) {
    for (const b of [l.box, ...l.tabs.map((tab) => tab.box)]) assert.ok(inside(b), `${what}: tabs at ${b.top}–${b.bottom} px, above the bar at ${view.barTop} px: ${seen}`);
    const on = l.tabs.filter((tab) => tab.selected);
    assert.equal(on.length, 1, `${what}: one tab selected: ${seen}`);
    assert.ok(drawn.some((k) => k.panel === on[0].controls), `${what}: the selected tab's track is drawn: ${seen}`);
  }
  for (const k of view.tracks.filter((k) => !k.drawn)) {
    assert.ok(k.panel && tabs.some((tab) => tab.controls === k.panel), `${what}: ${k.key}, not drawn, is a tab away: ${seen}`);
  }
}

describe("present", () => {
  let url;
  let b;
  let p;
  before(async () => {
    ({ url } = await serve({ maxAge: UNCHANGED }));
    b = await browser();
    const ctx = await b.newContext({ viewport: { width: 1920, height: 1080 } });
    p = await page(ctx);
  });
  after(async () => {
    await b?.close();
    await stopServers();
  });
  // The checks at a projector's or a laptop's size go through one page, each reset (lib.mjs).
  const projector = sharedPage({ get b() { return b; }, get url() { return url; } });

  test("present=1: one figure at a time, large type, white page; PageDown/PageUp move; axe light and dark", async () => {
    await p.goto(`${url}?lesson=compensation&lang=en&present=1`);
    await rendered(p);
    await p.waitForSelector(".present-bar");
    await settled(p);
    assert.ok(await p.evaluate(() => document.documentElement.classList.contains("presenting")));
    assert.match(new URL(p.url()).search, /present=1/);
    const first = await visibleFigures(p);
    assert.equal(first.length, 1, `one figure shown: ${first}`);
    assert.match(await position(p), /^Figure 1 of \d+: /);
    // Large type: the figure's text drawn at more than 1.5× the page's 16 px.
    const size = await p.evaluate(() => {
      const text = document.querySelector(".present-current :is(p, td)");
      return parseFloat(getComputedStyle(text).fontSize) * text.currentCSSZoom;
    });
    assert.ok(size > 24, `text of ${size} px`);
    assert.equal(await p.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(255, 255, 255)");
    await p.keyboard.press("PageDown");
    const second = await visibleFigures(p);
    assert.equal(second.length, 1);
    assert.notDeepEqual(second, first, "PageDown: the next figure");
    assert.match(await position(p), /^Figure 2 of /);
    await p.keyboard.press("PageUp");
    assert.deepEqual(await visibleFigures(p), first, "PageUp: back");
    assert.deepEqual(await audit(p), [], "axe, light");
    await p.emulateMedia({ colorScheme: "dark" });
    assert.equal(await p.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(255, 255, 255)", "the projector's white page in a dark scheme too");
    assert.deepEqual(await audit(p), [], "axe, dark");
    await p.emulateMedia({ colorScheme: "light" });
    assert.deepEqual(p.problems, []);
  });

  test("past the last figure the next claim: its prompt to the room, B reveals it with the guess typed", async () => {
    await p.waitForFunction(() => /^Figure \d+ of [1-9]/.test(document.querySelector(".present-position").textContent));
    const count = Number(/of (\d+)/.exec(await position(p))[1]);
    // Every chart on the way is drawn at the width it has when shown, its marks on screen.
    const charts = [];
    for (let i = 1; i < count; i++) {
      await p.keyboard.press("PageDown");
      await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const chart = await p.evaluate(() => {
        const unit = document.querySelector(".present-current[data-chart]");
        const plot = unit?.querySelector("svg.plot");
        return plot && { width: plot.getBoundingClientRect().width, room: unit.getBoundingClientRect().width, marks: [...plot.querySelectorAll(".dot, .bar")].filter((m) => m.getClientRects().length && m.getBBox().width > 0).length };
      });
      if (chart) charts.push(chart);
    }
    assert.ok(charts.length > 0, "charts on the way");
    for (const c of charts) {
      assert.ok(c.marks > 0, `a chart's marks are drawn: ${JSON.stringify(c)}`);
      assert.ok(c.width > c.room * 0.9, `a chart fills its room: ${JSON.stringify(c)}`);
    }
    assert.match(await position(p), new RegExp(`^Figure ${count} of ${count}`));
    await p.keyboard.press("PageDown");
    // The lesson's first claim asks first: its question in large type, its figure held back.
    await p.waitForSelector(".claim-predict .predict-number");
    await settled(p);
    await p.waitForFunction(() => document.querySelector(".present-current")?.matches(".group.held.answer"));
    assert.equal((await visibleFigures(p)).length, 1, "the claim's figure, held back");
    assert.ok(await p.locator(".claim-predict").isVisible(), "the prompt is shown to the room");
    assert.ok(await p.locator("[data-present=reveal]").isVisible());
    await shot(p, "present-prompt-1920");
    assert.deepEqual(await audit(p), [], "axe on the prompt");
    // The room's guess typed into the field (where the prompt puts the focus), then B.
    await p.keyboard.type("3");
    await p.keyboard.press("b");
    await p.waitForSelector(".claim-guess");
    await settled(p);
    const verdict = await p.textContent(".claim-guess");
    assert.match(verdict, /^Your guess: 3\. Computed: \S+\.$/, verdict);
    assert.equal(await p.locator(".group.held").count(), 0, "shown");
    // The claim's caption, or first its "why" question (issue 21: predict, observe, explain).
    assert.ok((await p.locator(".claim-caption").isVisible()) || (await p.locator(".claim-why").isVisible()), "the claim's caption or its why");
    assert.equal(await p.locator("[data-present=reveal]").isVisible(), false);
    assert.ok(await p.locator(".present-current .claim-mark, .present-group .claim-mark").count(), "its marks on the figure shown");
    await shot(p, "present-revealed-1920");
    assert.deepEqual(p.problems, []);
  });

  test("S opens and steps the watched run, P plays and pauses it; Escape leaves and the focus returns", async () => {
    await p.keyboard.press("s");
    await p.waitForSelector(".trace .timeline svg");
    await p.waitForFunction(() => document.querySelector(".present-current")?.classList.contains("trace"));
    assert.deepEqual(await visibleFigures(p), ["trace"], "the run is the figure shown");
    const at = async () => Number(await p.inputValue(".trace .scrubber"));
    const [min, max] = await p.$eval(".trace .scrubber", (r) => [Number(r.min), Number(r.max)]);
    const start = await at();
    await p.keyboard.press("s");
    assert.equal(await at(), start === max ? min : start + 1, "S: one step (at the end: the start)");
    const next = await at();
    await p.keyboard.press("s");
    assert.equal(await at(), next === max ? min : next + 1, "S: one step (the run opens at its first decisive moment, issue 21)");
    await p.keyboard.press("p");
    assert.equal(await p.getAttribute(".trace [data-act=play]", "aria-pressed"), "true", "P: playing");
    await p.keyboard.press("p");
    assert.equal(await p.getAttribute(".trace [data-act=play]", "aria-pressed"), "false", "P: paused");
    // Leaving: the page as it was, the link without present=1, the focus on the button.
    await p.keyboard.press("Escape");
    await settled(p);
    assert.equal(await p.evaluate(() => document.documentElement.classList.contains("presenting")), false);
    assert.doesNotMatch(new URL(p.url()).search, /present=/);
    assert.equal(await p.evaluate(() => document.activeElement?.id), "present-button");
    assert.ok((await visibleFigures(p)).length > 3, "every figure again");
    // The button: presenter mode again, and Escape returns the focus to it.
    await p.keyboard.press("Enter");
    await p.waitForSelector(".present-bar");
    await settled(p);
    assert.match(new URL(p.url()).search, /present=1/);
    await p.keyboard.press("Escape");
    await settled(p);
    assert.equal(await p.evaluate(() => document.activeElement?.id), "present-button");
    assert.deepEqual(p.problems, []);
  });

  // Issue 32: on a projector's 1280 × 720 (and 1920 × 1080) the watched run is shown whole — its
  // tracks above the bar, the transport one row, the run's selectors, key help and intervention
  // folded away behind one button — and the counter keeps one total through a claim's question
  // and its reveal, where the "why" question and the marked table are both above the bar.
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ]) {
    test(`${width} × ${height}: a watched run whole above the bar, one counter through a claim, the marked table above the bar after the reveal`, async () => {
      const q = await projector({ viewport: { width, height } });
      await q.goto(`${url}?lesson=leader&lang=en&present=1&trace=`);
      await rendered(q);
      await q.waitForSelector(".present-bar");
      await q.waitForFunction(() => document.querySelector(".present-current")?.classList.contains("trace") && document.querySelector(".trace .timeline svg"));
      await settled(q);
      const tracks = [".trace .timeline figcaption", ".trace .timeline-canvas svg", ".trace .trace-legend", ".trace .trace-counters"];
      const folded = [".trace .run-picker", ".trace .hint.keys", ".trace-intervene", ".trace .speed-field", ".present-keys"];
      let view = await onScreen(q, [...tracks, ".trace-controls", ".trace-controls [data-act=play]", ...folded]);
      assert.equal(view.barBottom, view.innerHeight, "the bar at the bottom");
      assert.equal(view.seen[".trace .timeline-canvas svg"].length, 2, "both of the run's tracks");
      aboveBar(view, [...tracks, ".trace-controls"]);
      assert.ok(view.seen[".trace-controls"][0].height < 2 * view.seen[".trace-controls [data-act=play]"][0].height, `the transport in one row: ${JSON.stringify(view.seen)}`);
      for (const s of folded) assert.equal(view.seen[s].length, 0, `${s} folded away`);
      await shot(q, `present-run-${width}`);
      // One button unfolds them (the bar stays where it was), and folds them again.
      const more = q.locator("[data-present=more]");
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      await more.click();
      assert.equal(await more.getAttribute("aria-expanded"), "true");
      const open = await onScreen(q, folded);
      for (const s of folded) assert.ok(open.seen[s].length > 0, `${s} unfolded`);
      assert.deepEqual(await audit(q), [], "axe on the run, unfolded");
      await more.click();
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      view = await onScreen(q, [...tracks, ...folded]);
      for (const s of folded) assert.equal(view.seen[s].length, 0, `${s} folded again`);
      aboveBar(view, tracks);
      // S steps it, still whole.
      const at = Number(await q.inputValue(".trace .scrubber"));
      await q.keyboard.press("s");
      assert.notEqual(Number(await q.inputValue(".trace .scrubber")), at, "S steps the run");
      aboveBar(await onScreen(q, tracks), tracks);

      // The run is not one of the report's figures: after it, figure 1 of a total that stays
      // the same through the figures, the claim's question and its reveal.
      assert.match(await position(q), /^Run: /);
      await q.keyboard.press("PageDown");
      await settled(q);
      const total = Number(/^Figure 1 of (\d+): /.exec(await position(q))?.[1]);
      assert.ok(total > 1, await position(q));
      await q.keyboard.press("PageUp");
      assert.match(await position(q), /^Run: /, "PageUp: back to the run");
      await q.keyboard.press("PageDown");
      for (let i = 2; i <= total; i++) {
        await q.keyboard.press("PageDown");
        assert.match(await position(q), new RegExp(`^Figure ${i} of ${total}: `));
      }
      // Past the last figure, the lesson's first claim asks first.
      await q.keyboard.press("PageDown");
      await q.waitForSelector(".claim-predict .predict-number");
      await settled(q);
      await q.waitForFunction(() => document.querySelector(".present-current")?.matches(".group.held.answer"));
      const asked = await position(q);
      assert.match(asked, new RegExp(`^Figure \\d+ of ${total}: `), "while the claim waits: the same total");
      aboveBar(await onScreen(q, [".claim-predict", ".present-current"]), [".claim-predict", ".present-current"]);
      await q.locator(".claim-predict .predict-number").fill("3");
      await q.keyboard.press("b");
      await q.waitForSelector(".claim-why");
      await settled(q);
      await q.waitForFunction(() => document.querySelector(".present-current .claim-mark"));
      assert.match(await position(q), new RegExp(`^Figure \\d+ of ${total}: `), "after the reveal: the same total");
      assert.equal(await position(q), asked, "the figure it was held back for");
      // The why question and the marked table, each whole above the bar.
      const revealed = await onScreen(q, [".claim-why", ".present-current"]);
      assert.ok(revealed.seen[".present-current"][0].height > 100, "a table shown");
      aboveBar(revealed, [".claim-why", ".present-current"]);
      await shot(q, `present-why-${width}`);
      assert.deepEqual(q.problems, []);
    });
  }

  // Issue 32: every lesson's watched run whole above the bar on a projector — opened by its link
  // (trace=) at 1280 × 720, by S at 1920 × 1080 — each track it draws with its caption, canvas,
  // legend and counters, and any other track one tab away; the keyboard goes along the tabs
  // (the arrows there are the tabs', not the next figure), each track shown whole in turn.
  for (const [width, height, lessons, how] of [
    [1280, 720, LESSONS, "link"],
    [1920, 1080, ["leader", "jobs", "quotas"], "S"],
  ]) {
    for (const lesson of lessons) {
      test(`${width} × ${height}, ${lesson}: the watched run (opened ${how === "S" ? "with S" : "by its link"}) whole above the bar, the tracks not drawn a tab away`, async () => {
        const q = await projector({ viewport: { width, height } });
        await q.goto(`${url}?lesson=${lesson}&lang=en&present=1${how === "S" ? "" : "&trace="}`);
        await rendered(q);
        await q.waitForSelector(".present-bar");
        if (how === "S") {
          await settled(q);
          await q.keyboard.press("s");
        }
        await q.waitForFunction(() => document.querySelector(".present-current")?.classList.contains("trace") && document.querySelector(".trace .timeline svg"));
        await settled(q);
        await frames(q);
        const view = await runSeen(q);
        wholeRun(view, `${lesson} at ${width} × ${height}`);
        await shot(q, `present-run-${lesson}-${width}`);
        // Each tab list, from the keyboard: its selected tab focused, then → to each next one.
        const lists = q.locator(".trace [role=tablist]:visible");
        for (let i = 0; i < view.tablists.length; i++) {
          const list = lists.nth(i);
          const count = view.tablists[i].tabs.length;
          await list.locator("[role=tab][aria-selected=true]").focus();
          const first = await list.locator("[role=tab][aria-selected=true]").textContent();
          const names = [first];
          for (let k = 1; k < count; k++) {
            await q.keyboard.press("ArrowRight");
            await settled(q);
            await frames(q);
            const now = await list.locator("[role=tab][aria-selected=true]").textContent();
            assert.ok(!names.includes(now), `→ selects the next tab: ${names} then ${now}`);
            names.push(now);
            assert.equal(await q.evaluate(() => document.activeElement?.getAttribute("aria-selected")), "true", "the focus on the tab selected");
            assert.match(await position(q), /^Run: /, "→ on a tab stays on the run");
            wholeRun(await runSeen(q), `${lesson} at ${width} × ${height}, tab ${now}`);
          }
          assert.equal(names.length, count, "every tab reached");
        }
        // At the run's end (End, the run's key): its largest counters, still whole above the bar.
        await q.locator(".trace .scrubber").focus();
        await q.keyboard.press("End");
        assert.equal(await q.inputValue(".trace .scrubber"), await q.getAttribute(".trace .scrubber", "max"), "End: the run's end");
        wholeRun(await runSeen(q), `${lesson} at ${width} × ${height}, at the run's end`);
        assert.deepEqual(q.problems, []);
      });
    }
  }

  // Presenter mode changes how the run is drawn only while it presents: the jobs lesson's run on
  // a laptop's page, presented (the toolbar's button) as tabs with shorter lanes where needed,
  // and after Escape its four tracks stacked and drawn as they were.
  test("1280 × 720, jobs: the run presented as tabs, then drawn as it was after leaving", async () => {
    const q = await projector({ viewport: { width: 1280, height: 720 } });
    await q.goto(`${url}?lesson=jobs&lang=en&trace=`);
    await rendered(q);
    await q.waitForSelector(".trace .timeline svg");
    await settled(q);
    const drawing = () =>
      q.$$eval(".trace .timeline", (figures) =>
        figures.map((f) => ({ track: f.dataset.track, drawn: f.checkVisibility(), height: f.querySelector(".timeline-canvas svg").getAttribute("height"), labels: f.querySelectorAll(".lane-label").length })),
      );
    const tabsShown = () => q.locator(".trace [role=tablist]:visible").count();
    const before = await drawing();
    assert.ok(before.length > 1 && before.every((f) => f.drawn), `every track stacked: ${JSON.stringify(before)}`);
    assert.equal(await tabsShown(), 0, "no tabs on a laptop's page");
    await q.click("#present-button");
    await q.waitForSelector(".present-bar");
    await q.waitForFunction(() => document.querySelector(".present-current")?.classList.contains("trace"));
    await settled(q);
    await frames(q);
    wholeRun(await runSeen(q), "jobs presented");
    assert.equal(await tabsShown(), 1, "one tab list");
    assert.equal((await drawing()).filter((f) => f.drawn).length, 1, "one track at a time");
    await q.keyboard.press("Escape");
    await settled(q);
    await frames(q);
    assert.equal(await q.evaluate(() => document.documentElement.classList.contains("presenting")), false);
    assert.deepEqual(await drawing(), before, "drawn as before");
    assert.equal(await tabsShown(), 0, "no tabs again");
    assert.deepEqual(q.problems, []);
  });

  // A counter's value stays by its name (issue 32): a line of counters that wraps never starts
  // with a value pushed past the box's left edge — the quotas lesson's run on a phone's page,
  // stepped through from its start to its end (presenter mode's runs are checked above).
  test("390 × 844, quotas: each counter's value inside the counters' box at every step of the run", async () => {
    const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const q = await page(ctx);
    await q.goto(`${url}?lesson=quotas&lang=en&trace=`);
    await rendered(q);
    await q.waitForSelector(".trace .timeline svg");
    await settled(q);
    const scrub = q.locator(".trace .scrubber");
    await scrub.focus();
    await q.keyboard.press("Home");
    const [min, max] = await scrub.evaluate((r) => [Number(r.min), Number(r.max)]);
    for (let frame = min; frame <= max; frame++) {
      if (frame > min) await q.keyboard.press("ArrowRight");
      assert.equal(Number(await scrub.inputValue()), frame);
      const values = await q.$$eval(".trace .trace-counters dd", (dds) =>
        dds.map((d) => ({ counter: d.dataset.counter, text: d.textContent, left: Math.round(d.getBoundingClientRect().left), from: Math.round(d.closest(".trace-counters").getBoundingClientRect().left) })),
      );
      assert.ok(values.length > 0);
      for (const v of values) assert.ok(v.left >= v.from, `step ${frame}: ${v.counter} (${v.text}) at ${v.left} px, inside its box from ${v.from} px`);
    }
    await shot(q, "counters-quotas-390");
    assert.deepEqual(q.problems, []);
    await ctx.close();
  });
});
