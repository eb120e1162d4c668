// Timelines that show what their lesson is about (issue 21), one page per lesson: every legend
// entry of every track is a mark of its own (a shape and a colour no other entry has, read from
// the drawn SVG and legend), each mark in the plot is its entry's, the events the lesson is about
// are drawn at least 12 px wide, the run opens at the first of them (or at its start) and N jumps
// to the next; and a node crashed or paused from the leader's timeline is the same parameter, the
// same tables and the same counters as that crash or pause typed in the link. Needs
// ./build.sh build.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { LESSONS, ROOT, clean, page, rendered, settled, shot, suiteEnv } from "./lib.mjs";
import { CLI } from "../cli.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** The frame a run opens at, from the core's trace document: the first that shows an event the
 * lesson is about, else the start. Also every such event's frame, in time order. */
function openings(doc) {
  const tr = doc.trace;
  const decisive = new Set(doc.marks.filter((m) => m.decisive).map((m) => m.kind));
  const frames = tr.tracks
    .flatMap((t) => t.events)
    .filter((e) => decisive.has(e.kind))
    .map((e) => Math.min(tr.frames, Math.floor(e.at / tr.step) + 1))
    .sort((a, b) => a - b);
  return { open: frames[0] ?? 0, frames };
}

/** Each timeline figure's legend (key, shape, tone, drawn colour) and plot marks (kind, shape, tone). */
const legends = (p) =>
  p.$$eval(".trace figure.timeline", (figs) =>
    figs.map((f) => {
      const colour = (li) => {
        const swatch = li.querySelector(".swatch, .mark-key path");
        const css = getComputedStyle(swatch);
        if (swatch.tagName === "path") return css.fill;
        if (swatch.classList.contains("line") || swatch.classList.contains("playhead")) return css.borderLeftColor;
        if (swatch.classList.contains("band")) return css.borderTopColor;
        return css.backgroundColor;
      };
      return {
        track: f.dataset.track,
        entries: [...f.querySelectorAll(".trace-legend li")].map((li) => ({ key: li.dataset.legend, shape: li.dataset.shape, tone: li.dataset.tone, colour: colour(li) })),
        marks: [...f.querySelectorAll("svg .events [data-kind]")].map((m) => ({
          kind: m.dataset.kind,
          line: m.classList.contains("line"),
          shape: m.dataset.shape,
          tone: m.dataset.tone,
          drawn: (m.matches("path") ? m : m.querySelector("path.ev"))?.dataset.shape ?? (m.querySelector("line") ? "line" : null),
        })),
        bands: [...f.querySelectorAll("svg .decisive-band")].map((b) => Number(b.getAttribute("width"))),
      };
    }),
  );

describe("timelines show what the lesson is about", () => {
  const env = suiteEnv();
  let desktop;
  before(async () => {
    desktop = await env.b.newContext({ viewport: { width: 1280, height: 900 } });
  });

  for (const id of LESSONS) {
    test(`${id}: every legend entry has its own shape and colour, the plot uses it, the run opens at what the lesson is about and N goes to the next`, async () => {
      const doc = core.trace(`lesson=${id}&trace=`);
      if (!doc.trace) return; // a lesson without a watched run
      const { open, frames } = openings(doc);
      const p = await page(desktop);
      await p.goto(`${env.url}?lesson=${id}&trace=`);
      await rendered(p);
      await p.waitForSelector(".trace .timeline svg");
      await settled(p);
      const figs = await legends(p);
      assert.equal(figs.length, doc.trace.tracks.length);
      for (const f of figs) {
        const looks = f.entries.map((e) => `${e.shape} ${e.colour}`);
        assert.equal(new Set(looks).size, looks.length, `${id} [${f.track}]: two entries look alike: ${JSON.stringify(f.entries)}`);
        const tones = f.entries.map((e) => `${e.shape} ${e.tone}`);
        assert.equal(new Set(tones).size, tones.length, `${id} [${f.track}]: ${tones}`);
        for (const m of f.marks) {
          const entry = f.entries.find((e) => e.key === `${m.line ? "line" : "mark"}:${m.kind}`);
          assert.ok(entry, `${id} [${f.track}]: ${m.kind} drawn without a legend entry`);
          assert.deepEqual([m.shape, m.tone, m.drawn], [entry.shape, entry.tone, entry.shape], `${id} [${f.track}]: ${m.kind}`);
        }
        for (const w of f.bands) assert.ok(w >= 12, `${id} [${f.track}]: a decisive band ${w} px wide`);
      }
      assert.ok(frames.length > 0, `${id}: its default run shows no event it is about`);
      assert.ok(figs.some((f) => f.bands.length > 0), `${id}: no decisive band drawn`);
      assert.equal(Number(await p.inputValue(".trace .scrubber")), open, `${id}: opens at the first decisive event`);
      // N: the next one (after the frame shown, round the run), told in the detail panel.
      await p.focus(".trace");
      await p.keyboard.press("n");
      const next = frames.find((f) => f > open) ?? frames[0];
      assert.equal(Number(await p.inputValue(".trace .scrubber")), next, `${id}: N`);
      assert.ok((await p.textContent(".trace-detail")).length > 0 && !(await p.locator(".trace-detail .hint").count()), `${id}: the detail tells it`);
      assert.equal(await p.getAttribute(".trace .decisive-next", "aria-keyshortcuts"), "N");
      if (id === "leader") {
        // The record's lane is a word in the page's language.
        assert.equal(await p.textContent('.trace figure[data-track="lease_record"] .lane-label'), "kayıt");
        await shot(p, "timeline-leader-decisive");
      }
      clean(p, id);
      await p.close();
    });
  }

  test("a run of many bars: the played bars end at the playhead, and a click on a bar tells that bar", async () => {
    // Jobs at 250 nights: four tracks of 250 bars each, drawn as a few paths (not one element a bar).
    const query = "lesson=jobs&nights=250&trace=";
    const doc = core.trace(query);
    const bars = doc.trace.tracks.reduce((n, t) => n + t.lanes.reduce((m, l) => m + l.spans.length, 0), 0);
    assert.ok(bars > 400, `${bars} bars`);
    const p = await page(desktop);
    await p.goto(`${env.url}?${query}`);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    await settled(p);
    const fig = p.locator('.trace figure.timeline[data-track="attempts"]');
    assert.equal(await fig.locator("svg .solid rect").count(), 0, "bars are paths");
    // The played bars are clipped at the playhead, wherever it stands.
    const clipped = () =>
      fig.evaluate((f) => {
        const solid = f.querySelector("svg .solid");
        const id = solid.getAttribute("clip-path").match(/#([^)]+)/)[1];
        return { clip: Number(f.querySelector(`clipPath[id="${id}"] rect`).getAttribute("width")), playhead: Number(f.querySelector("svg .playhead").getAttribute("x1")) };
      });
    for (const frame of ["0", "100", String(doc.trace.frames)]) {
      await p.fill(".trace .scrubber", frame);
      const { clip, playhead } = await clipped();
      assert.ok(Math.abs(clip - playhead) < 0.01, `frame ${frame}: clip ${clip}, playhead ${playhead}`);
    }
    // A click in the middle of lane 10's first bar (played or not) tells that bar.
    const track = doc.trace.tracks.findIndex((t) => t.key === "attempts");
    const span = doc.trace.tracks[track].lanes[10].spans[0];
    for (const frame of ["0", String(doc.trace.frames)]) {
      await p.fill(".trace .scrubber", frame);
      // Where the bar is drawn, from the axis (its line spans the time shown, 0 to the run's end,
      // and sits 4 px under the last lane).
      const at = await fig.evaluate((f, { lane, lanes, start, end, until }) => {
        const svg = f.querySelector("svg.timeline-svg");
        const domain = svg.querySelector(".axis .domain");
        const [left, right, base] = ["x1", "x2", "y1"].map((a) => Number(domain.getAttribute(a)));
        const x = (v) => left + (v / until) * (right - left);
        const lh = (base - 4) / lanes;
        const y = lane * lh + 2 + lh / 2;
        window.scrollBy(0, svg.getBoundingClientRect().top + y - innerHeight / 2); // the lane in view
        const box = svg.getBoundingClientRect();
        return { x: box.left + (x(start) + x(end)) / 2, y: box.top + y };
      }, { lane: 10, lanes: doc.trace.tracks[track].lanes.length, start: span.start, end: span.end, until: doc.trace.end });
      await p.mouse.click(at.x, at.y);
      const text = await p.textContent(".trace-detail");
      assert.match(text, new RegExp(`${doc.trace.tracks[track].lanes[10].label}: `), `frame ${frame}: ${text}`);
      assert.match(text, new RegExp(`\\(.*${span.start + doc.trace.first}\\b`), `frame ${frame}: ${text}`);
    }
    clean(p, "many bars");
    await p.close();
  });

  test("leader: a node crashed and another paused from the timeline give the numbers of the same faults typed in the link", async () => {
    const p = await page(desktop);
    const tables = () => p.$$eval(".report table.data", (ts) => ts.map((t) => t.innerText));
    const counters = () => p.evaluate(() => Object.fromEntries([...document.querySelectorAll(".trace-counters dd")].map((d) => [d.dataset.counter, d.textContent])));
    const param = (name) => new URL(p.url()).searchParams.get(name);
    await p.goto(`${env.url}?lesson=leader&trace=fencing:1`);
    await rendered(p);
    await p.waitForSelector(".trace .trace-intervene select");
    const before = await tables();
    // Frame 29 shows rounds 1..29: the fault is set from round 30 on.
    await p.fill(".trace .scrubber", "29");
    const box = p.locator(".trace .trace-intervene");
    // N1 crashed in round 20 already: nothing to set on it (timeline-traps.test.mjs).
    assert.ok(await box.locator('option[value="0"]').isDisabled());
    assert.match(await box.locator('option[value="0"]').textContent(), /N1.*tur 20/);
    await box.locator("select").selectOption({ label: "N2" });
    assert.equal(await box.locator('button[data-param="crash"]').textContent(), "N2 çöksün (tur 30)");
    let renders = Number(await p.evaluate(() => document.body.dataset.renders));
    await box.locator('button[data-param="crash"]').click();
    await p.waitForFunction(() => new URL(location.href).searchParams.get("crash") === "N1@20,N2@30");
    await rendered(p, renders + 1);
    await p.waitForSelector(".trace .trace-intervene select");
    await settled(p);
    // The playhead stays where the learner intervened.
    assert.equal(await p.inputValue(".trace .scrubber"), "29");
    await p.locator(".trace .trace-intervene select").selectOption({ label: "N3" });
    renders = Number(await p.evaluate(() => document.body.dataset.renders));
    await p.locator('.trace .trace-intervene button[data-param="pause"]').click();
    await p.waitForFunction(() => new URL(location.href).searchParams.get("pause") === "N2@50+6,N3@30+6");
    await rendered(p, renders + 1);
    await settled(p);
    assert.equal(await p.inputValue('input[name="crash"]'), "N1@20,N2@30", "the panel shows the crash map");
    await p.focus(".trace");
    await p.keyboard.press("End");
    const viaTimeline = { crash: param("crash"), pause: param("pause"), tables: await tables(), counters: await counters() };
    assert.notDeepEqual(viaTimeline.tables, before, "the run changed");
    // The same faults typed in the link.
    await p.goto(`${env.url}?lesson=leader&crash=N1%4020%2CN2%4030&pause=N2%4050%2B6%2CN3%4030%2B6&trace=fencing:1`);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    await settled(p);
    await p.focus(".trace");
    await p.keyboard.press("End");
    assert.deepEqual({ crash: param("crash"), pause: param("pause"), tables: await tables(), counters: await counters() }, viaTimeline);
    // The CLI agrees.
    const cli = JSON.parse(execFileSync(CLI, ["leader", "--set", "crash=N1@20,N2@30", "--set", "pause=N2@50+6,N3@30+6", "--trace", "fencing:1", "--format", "json"], { encoding: "utf8" }));
    for (const c of cli.trace.tracks[0].counters) assert.equal(viaTimeline.counters[c.key], String(c.values.at(-1)).replace(".", ","), c.key);
    await shot(p, "timeline-leader-intervened");
    clean(p, "leader intervention");
    await p.close();
  });
});
