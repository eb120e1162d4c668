// The jobs lesson's timeline zoomed into one night, and the overlap policies as tabs on a phone
// (issue 10): the night is picked from a list (no typing) and kept in the link, the zoomed
// night's bars are the core's spans for that night, each attempt its own bar, and on a 390-px
// screen the three policies are an ARIA tablist (one shown, arrow keys switch) while a laptop
// stacks them all; a bad night is named in the page's language. Needs ./build.sh build.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, clean, page, rendered, shot, suiteEnv } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const POLICIES = ["skip", "queue", "parallel"];

/** The link's `trace=` as the page wrote it. */
const traceOf = (p) => new URL(p.url()).searchParams.get("trace");

/** Waits until the watched run is drawn for `selector` (the link and the typed form agree). */
async function watched(p, selector) {
  await p.waitForFunction((s) => new URL(location.href).searchParams.get("trace") === s && document.querySelector(".trace-selector .selector")?.value === s, selector, { timeout: 20000 });
  await p.waitForSelector(".trace .timeline svg", { state: "attached" });
}

/** Each track's drawn bars (lane, span index, state, left and right edge in px), its axis, data
 * table rows and counters, and whether it shows. */
async function drawn(p) {
  // The data tables are built when their fold opens.
  await p.evaluate(() => document.querySelectorAll(".trace details.trace-data").forEach((d) => (d.open = true)));
  await p.waitForFunction(() => [...document.querySelectorAll(".trace details.trace-data")].every((d) => d.querySelector("table")));
  return p.$$eval(".trace figure.timeline", (figs) =>
    figs.map((f) => ({
      track: f.dataset.track,
      visible: f.getClientRects().length > 0,
      bars: [...f.querySelectorAll("svg .ghost rect")].map((r) => {
        const box = r.getBoundingClientRect();
        return { lane: Number(r.dataset.lane), span: Number(r.dataset.span), state: r.dataset.state, left: box.left, right: box.right, width: box.width, height: box.height };
      }),
      ticks: [...f.querySelectorAll(".axis.x text")].map((t) => Number(t.textContent)),
      rows: [...f.querySelectorAll(".figure-data tbody th")].map((th) => th.textContent),
      counters: Object.fromEntries([...f.querySelectorAll("dd[data-counter]")].map((d) => [d.dataset.counter, d.textContent])),
    })),
  );
}

describe("jobs timeline: one night zoomed, policies as tabs", () => {
  const env = suiteEnv();
  let desktop;
  let phone;
  before(async () => {
    desktop = await env.b.newContext({ viewport: { width: 1280, height: 900 } });
    phone = await env.b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  });

  test("the night picker is reachable without typing and writes night:N into the link; each choice keeps the other", async () => {
    const p = await page(desktop);
    await p.goto(`${env.url}?lesson=jobs&trace=limit:3`);
    await rendered(p);
    await watched(p, "limit:3");
    const night = p.locator('.run-controls select[name="trace-night"]');
    const options = await night.locator("option").allTextContents();
    assert.deepEqual(options, ["tüm geceler", ...Array.from({ length: 30 }, (_, i) => `G${i + 1}`)]);
    assert.equal(await p.textContent(`label[for="${await night.getAttribute("id")}"]`), "Gece");
    await night.selectOption({ label: "G16" });
    await watched(p, "limit:3,night:16");
    // Another limit keeps the night; another night keeps the limit; "all nights" is the overview.
    await p.locator('.run-controls select[name="trace-limit"]').selectOption({ label: "6" });
    await watched(p, "limit:6,night:16");
    await p.locator('.run-controls select[name="trace-night"]').selectOption({ label: "G5" });
    await watched(p, "limit:6,night:5");
    await p.locator('.run-controls select[name="trace-night"]').selectOption({ label: "tüm geceler" });
    await watched(p, "limit:6");
    assert.equal(await p.locator(".trace figure.timeline svg .lane-label").first().textContent(), "G1");
    // The link reproduces the zoomed view.
    await p.goto(`${env.url}?lesson=jobs&trace=limit:3,night:16`);
    await watched(p, "limit:3,night:16");
    assert.equal(await p.inputValue('.run-controls select[name="trace-night"]'), "16");
    assert.equal(await p.inputValue('.run-controls select[name="trace-limit"]'), "1");
    clean(p, "night picker");
    await p.close();
  });

  test("the zoomed night's bars are the core's spans for that night, on one axis of its hours, with the core's counters", async () => {
    const p = await page(desktop);
    for (const [limit, night] of [[3, 16], [1, 17], [6, 3]]) {
      const selector = `limit:${limit},night:${night}`;
      const doc = core.trace(`lesson=jobs&trace=${selector}`);
      const tr = doc.trace;
      assert.equal(tr.focus_lane, night - 1);
      await p.goto(`${env.url}?lesson=jobs&trace=${selector}`);
      await watched(p, selector);
      // The scrubber plays the window's frames (hour by hour), and a new run opens at the night's
      // first event the lesson is about (a skip, a kill, a failed night), else at its start.
      const [first, last] = [Math.floor(tr.focus_start / tr.step), Math.min(tr.frames, Math.ceil(tr.focus_end / tr.step))];
      assert.equal(tr.step, 1);
      const decisive = new Set(doc.marks.filter((m) => m.decisive).map((m) => m.kind));
      const ats = tr.tracks.flatMap((t) => t.events).filter((e) => decisive.has(e.kind) && e.at >= tr.focus_start && e.at < tr.focus_end && (e.lane === null || e.lane === tr.focus_lane)).map((e) => e.at);
      const opening = ats.length ? Math.min(last, Math.floor(Math.min(...ats) / tr.step) + 1) : first;
      assert.deepEqual(await p.$eval(".trace .scrubber", (r) => [Number(r.min), Number(r.max), Number(r.value)]), [first, last, opening]);
      const figs = await drawn(p);
      assert.deepEqual(
        figs.map((f) => f.track),
        tr.tracks.map((t) => t.key),
      );
      const axes = new Set();
      for (const [i, f] of figs.entries()) {
        const track = tr.tracks[i];
        const spans = track.lanes[night - 1].spans;
        // Only that night's lane, every span of it, in order, as its own bar.
        assert.deepEqual(
          f.bars.map((r) => [r.lane, r.span, r.state]),
          spans.map((s, k) => [night - 1, k, s.state]),
          `${selector} ${f.track}`,
        );
        assert.deepEqual(f.rows, [`G${night}`], `${f.track}: the data table tells that night`);
        // The bars' widths are in proportion to the core's hours.
        const pxPerHour = (f.bars[0].right - f.bars[0].left) / (spans[0].end - spans[0].start);
        spans.forEach((s, k) => assert.ok(Math.abs(f.bars[k].width - (s.end - s.start) * pxPerHour) < 1.5, `${f.track} bar ${k}`));
        // The axis runs over the night's window only.
        assert.ok(f.ticks.every((v) => v >= tr.focus_start && v <= tr.focus_end), `${f.track} ticks ${f.ticks}`);
        axes.add(f.ticks.join(" "));
        // The counters are the whole run's, as the core counted them up to the moment shown (where
        // the night opens; the overview's end shows the tables' numbers).
        for (const c of track.counters) assert.equal(Number(f.counters[c.key].replace(/[.,\s]/g, "")), c.values[opening], `${f.track} ${c.key}`);
      }
      assert.equal(axes.size, 1, "one x axis for every track");
      // With limit 3, night 16 takes its three attempts: three bars.
      if (limit === 3) assert.equal(figs.at(-1).bars.length, 3);
    }
    await shot(p, "timeline-night-desktop");
    clean(p, "zoomed night");
    await p.close();
  });

  test("at 390 px the policies are tabs: one shown at a time, arrow keys switch, the attempts stay; bars big enough to tap", async () => {
    const p = await page(phone);
    await p.goto(`${env.url}?lesson=jobs&trace=limit:3,night:16`);
    await watched(p, "limit:3,night:16");
    const list = p.locator(".trace [role=tablist]");
    assert.equal(await list.count(), 1);
    assert.ok(await list.isVisible());
    assert.equal(await list.getAttribute("aria-label"), "Eşzamanlılık politikası");
    const tabs = list.locator("[role=tab]");
    assert.deepEqual(await tabs.allTextContents(), ["atla", "sıraya al", "paralel koş"]);
    const state = () =>
      p.evaluate(() => ({
        selected: [...document.querySelectorAll(".trace [role=tab]")].map((t) => t.getAttribute("aria-selected")),
        focused: document.activeElement?.getAttribute("role") === "tab" ? document.activeElement.dataset.track : null,
        shown: [...document.querySelectorAll(".trace figure.timeline")].filter((f) => f.getClientRects().length).map((f) => f.dataset.track),
        panels: [...document.querySelectorAll(".trace [role=tabpanel]")].map((panel) => [panel.getAttribute("aria-labelledby") === document.querySelector(`[aria-controls="${panel.id}"]`)?.id, panel.hidden]),
        frame: document.querySelector(".trace .scrubber").value,
      }));
    let now = await state();
    assert.deepEqual(now.selected, ["true", "false", "false"]);
    assert.deepEqual(now.shown, ["skip", "attempts"]);
    assert.deepEqual(now.panels, [[true, false], [true, true], [true, true]]);
    for (const box of await Promise.all((await tabs.all()).map((t) => t.boundingBox()))) assert.ok(box.width >= 24 && box.height >= 24, `tab ${box.width} × ${box.height}`);
    // The arrow keys move along the tabs (and not the playhead), End and Home to the ends.
    await tabs.first().focus();
    const frame = now.frame;
    for (const [key, want] of [["ArrowRight", "queue"], ["ArrowRight", "parallel"], ["ArrowRight", "skip"], ["ArrowLeft", "parallel"], ["Home", "skip"], ["End", "parallel"]]) {
      await p.keyboard.press(key);
      now = await state();
      assert.equal(now.focused, want, key);
      assert.deepEqual(now.selected, POLICIES.map((k) => String(k === want)), key);
      assert.deepEqual(now.shown, [want, "attempts"], key);
      assert.equal(now.frame, frame, `${key} leaves the playhead`);
    }
    await tabs.nth(1).tap();
    assert.deepEqual((await state()).shown, ["queue", "attempts"]);
    // The zoomed night's bars are finger-sized; its three attempts are three bars.
    const attempts = (await drawn(p)).find((f) => f.track === "attempts");
    assert.equal(attempts.bars.length, 3);
    for (const bar of attempts.bars) assert.ok(bar.width >= 24 && bar.height >= 24, `attempt bar ${bar.width} × ${bar.height}`);
    await shot(p, "timeline-night-phone");
    // Another night keeps the policy shown.
    await p.locator('.run-controls select[name="trace-night"]').selectOption({ label: "G17" });
    await watched(p, "limit:3,night:17");
    assert.deepEqual((await state()).shown, ["queue", "attempts"]);
    // Wider, the tabs go and every policy is stacked (the page follows the width).
    await p.setViewportSize({ width: 1000, height: 844 });
    await p.waitForFunction(() => document.querySelector(".trace [role=tablist]").hidden);
    now = await state();
    assert.deepEqual(now.shown, [...POLICIES, "attempts"]);
    assert.deepEqual(now.panels, []);
    await p.setViewportSize({ width: 390, height: 844 });
    await p.waitForFunction(() => !document.querySelector(".trace [role=tablist]").hidden);
    assert.deepEqual((await state()).shown, ["queue", "attempts"]);
    clean(p, "policy tabs");
    await p.close();
  });

  test("at 1280 px every track is stacked, with no tabs", async () => {
    const p = await page(desktop);
    for (const selector of ["limit:3", "limit:3,night:16"]) {
      await p.goto(`${env.url}?lesson=jobs&trace=${selector}`);
      await watched(p, selector);
      assert.equal(await p.locator(".trace [role=tablist]").isVisible(), false);
      assert.equal(await p.locator(".trace [role=tabpanel]").count(), 0);
      assert.deepEqual(
        (await drawn(p)).filter((f) => f.visible).map((f) => f.track),
        [...POLICIES, "attempts"],
      );
    }
    // The other lessons have no alternatives: no tablist there, on a phone either.
    const q = await page(phone);
    for (const query of ["lesson=supervisor&trace=both", "lesson=compensation&trace="]) {
      await q.goto(`${env.url}?${query}`);
      await q.waitForSelector(".trace .timeline svg");
      assert.equal(await q.locator(".trace [role=tablist]").count(), 0, query);
    }
    clean(p, "stacked tracks");
    clean(q, "no tabs elsewhere");
    await p.close();
    await q.close();
  });

  test("a bad night:99 is named in the page's language, with the lists to pick from", async () => {
    const p = await page(desktop);
    for (const [lang, says] of [["tr", /İzlenecek koşu \(trace\) "limit:3,night:99" kullanılamadı: night 1 ile 30 arasında bir tam sayı olmalı/], ["en", /The run to watch \(trace\) "limit:3,night:99" could not be used: night must be a whole number from 1 to 30/]]) {
      await p.goto(`${env.url}?lesson=jobs&trace=limit:3,night:99&lang=${lang}`);
      await p.waitForSelector("#trace .field-error");
      assert.match(await p.textContent("#trace .field-error"), says);
      assert.equal(await p.locator('#trace select[name="trace-night"]').count(), 1, "the night list stays");
    }
    // The core refuses it naming the parameter, the value and what is allowed.
    assert.throws(() => core.trace("lesson=jobs&trace=limit:3,night:99"), (e) => e.param === "trace" && e.value === "limit:3,night:99" && /night: a whole number from 1 to 30/.test(e.allowed));
    clean(p, "bad night");
    await p.close();
  });
});
