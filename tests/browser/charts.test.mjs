// Legible charts: series that are equal stay visible (marker shapes, dashes, drawn apart, an
// "= other series" note in the legend), heatmap cells carry the core's values in a readable
// colour, a log colour scale (refused with a reason when a value is not above zero), axis arrows
// that point the way values grow on screen, and y domains that end close above the data.
// Every expected number comes from the core (target/pkg-node), never from the page's code.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { join } from "node:path";
import { LESSONS, ROOT, clean, rendered, sharedPage, shot, suiteEnv } from "./lib.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const RECORDS = "lesson=supervisor&sweep=scan:1..8:8&sweep_y=lease:1..8:8&metric=recovery.supervisor_on@records_read";
const ZEROS = "lesson=compensation&sweep=comp_fail:0..0.2:5&sweep_y=seed:1..3&metric=monte_carlo.rate";

/** Every chart of a lesson's report at `query`, by key. */
function charts(query) {
  const found = {};
  JSON.stringify(core.run(query), (k, v) => {
    if (v && typeof v === "object" && v.mark && Array.isArray(v.series)) found[v.key] = v;
    return v;
  });
  return found;
}

/** Pairs [i, j] (i < j) of series whose points are the same at every x. */
function equalPairs(chart) {
  const key = (s) => JSON.stringify(s.points.map((p) => [p.x, p.y]));
  const pairs = [];
  chart.series.forEach((a, i) => chart.series.forEach((b, j) => i < j && a.points.length && key(a) === key(b) && pairs.push([i, j])));
  return pairs;
}

/** A number as the page prints it (the same rule as formatNumber, here from Intl directly). */
const format = (v, decimals, locale = "tr-TR") => new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: "min2" }).format(v);

/** A Turkish-formatted number read back ("1.000,5" → 1000.5). */
const readTr = (text) => Number(text.replace(/\./g, "").replace(",", "."));

/** The pixels of a PNG screenshot (8-bit RGB or RGBA, not interlaced) as [r, g, b] rows. */
function pixels(png) {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    if (type === "IHDR") {
      [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      assert.equal(body[8], 8, "8-bit PNG");
      channels = { 2: 3, 6: 4 }[body[9]];
      assert.ok(channels, `colour type ${body[9]}`);
    }
    if (type === "IDAT") data.push(body);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y ? out[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      out[y * stride + x] = (v + [0, a, b, (a + b) >> 1, paeth][filter]) & 0xff;
    }
  }
  return { width, height, at: (x, y) => [...out.subarray(y * stride + x * channels, y * stride + x * channels + 3)] };
}

/** How many pixels of `img` are within `tolerance` of `rgb`. */
function count(img, rgb, tolerance = 14) {
  let n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const [r, g, b] = img.at(x, y);
      if (Math.hypot(r - rgb[0], g - rgb[1], b - rgb[2]) <= tolerance) n += 1;
    }
  return n;
}

/** The page's heatmap cells: each rect's colour step, the value text written in it, whether the
 * text fits inside the cell, and its WCAG contrast against the cell's colour as drawn. */
async function cells(p) {
  return p.evaluate(() => {
    const lum = (css) => {
      const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
      return (x + 0.05) / (y + 0.05);
    };
    return [...document.querySelectorAll(".sweep-result .heatmap rect[data-cell]")].map((r) => {
      const text = r.ownerSVGElement.querySelector(`.hm-value[data-cell="${r.dataset.cell}"]`);
      const box = r.getBBox();
      const tb = text?.getBBox();
      return {
        bin: r.getAttribute("class").match(/\bhm(\d)\b/)?.[1],
        text: text?.textContent ?? null,
        fits: !tb || (tb.x >= box.x && tb.x + tb.width <= box.x + box.width && tb.y >= box.y && tb.y + tb.height <= box.y + box.height + 1),
        contrast: text ? contrast(getComputedStyle(text).fill, getComputedStyle(r).fill) : null,
      };
    });
  });
}

/** The bin (0..8) the heatmap must give `v` on a linear or log scale between the core's ends. */
function expectedBin(v, [lo, hi], log) {
  const share = log ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
  return Math.min(8, Math.floor(share * 9));
}

describe("charts", () => {
  const env = suiteEnv();
  // One page goes through the checks, each reset to its own viewport and scheme (lib.mjs).
  const open = sharedPage(env);

  for (const scheme of ["light", "dark"]) {
    test(`jobs (${scheme}): equal series stay visible, each with its own marker shape and dash, and the legend says which equal which`, async () => {
      const want = charts("lesson=jobs").runs_vs_window;
      const pairs = equalPairs(want);
      // The lesson's values have series that are equal at every x (the premise of the test).
      assert.ok(pairs.length >= 1, "runs_vs_window has equal series at the lesson's values");
      const p = await open({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      await p.goto(`${env.url}?lesson=jobs`);
      await rendered(p);
      const fig = p.locator('figure[data-chart="runs_vs_window"]');
      await fig.locator("svg.plot").waitFor();
      const drawn = await fig.evaluate((f) => {
        const plot = f.querySelector("svg.plot");
        const n = f.querySelectorAll(".legend li:not(.rule)").length;
        return Array.from({ length: n }, (_, i) => {
          const dots = [...plot.querySelectorAll(`path.dot.s${i}`)];
          const li = f.querySelectorAll(".legend li:not(.rule)")[i];
          const same = li.querySelector(".same");
          return {
            shapes: [...new Set(dots.map((d) => d.dataset.shape))],
            centres: dots.map((d) => {
              const bb = d.getBBox();
              return [bb.x + bb.width / 2, bb.y + bb.height / 2];
            }),
            dash: getComputedStyle(plot.querySelector(`path.line.s${i}`)).strokeDasharray,
            colour: getComputedStyle(plot.querySelector(`path.line.s${i}`)).stroke,
            keyShape: li.querySelector(".line-key")?.dataset.shape,
            keyColour: li.querySelector(".line-key") ? getComputedStyle(li.querySelector(".line-key")).color : null,
            keyDash: li.querySelector(".line-key") ? getComputedStyle(li.querySelector(".line-key"), "::before").backgroundImage : null,
            keyMark: li.querySelector(".line-key") ? getComputedStyle(li.querySelector(".line-key"), "::after").clipPath + getComputedStyle(li.querySelector(".line-key"), "::after").borderRadius : null,
            name: li.textContent.replace(same?.textContent ?? "", "").trim(),
            same: same?.textContent.trim() ?? null,
          };
        });
      });
      assert.equal(drawn.length, want.series.length, "one legend entry per series");
      drawn.forEach((s, i) => {
        assert.equal(s.shapes.length, 1, `series ${i} has one marker shape`);
        assert.equal(s.centres.length, want.series[i].points.length, `series ${i}: a marker per point`);
        assert.equal(s.keyShape, s.shapes[0], `series ${i}: the legend shows its marker`);
        assert.equal(s.keyColour, s.colour, `series ${i}: the legend key has its colour`);
      });
      assert.equal(new Set(drawn.map((s) => s.keyDash)).size, drawn.length, "every legend key has its own dash");
      assert.equal(new Set(drawn.map((s) => s.keyMark)).size, drawn.length, "every legend key draws its own marker shape");
      assert.equal(new Set(drawn.map((s) => s.shapes[0])).size, drawn.length, "every series has its own marker shape");
      assert.equal(new Set(drawn.map((s) => s.dash)).size, drawn.length, "every series has its own dash pattern");
      // Equal series: drawn apart, and the later one's legend names the first one it equals.
      const firstOf = (j) => Math.min(...pairs.filter(([, k]) => k === j).map(([i]) => i));
      for (const [i, j] of pairs) {
        drawn[i].centres.forEach(([x, y], k) => {
          const [x2, y2] = drawn[j].centres[k];
          assert.ok(Math.hypot(x2 - x, y2 - y) >= 4, `${drawn[j].name} point ${k} is drawn apart from ${drawn[i].name}'s`);
        });
        assert.ok(drawn[j].same, `${drawn[j].name} says it equals another series`);
        assert.ok(drawn[j].same.startsWith(`= ${drawn[firstOf(j)].name}`), `"${drawn[j].same}" names ${drawn[firstOf(j)].name}`);
      }
      drawn.forEach((s, i) => {
        if (!pairs.some(([, j]) => j === i)) assert.equal(s.same, null, `${s.name} equals no series drawn before it`);
      });
      // Visible means seen: every series' colour is on screen (skip and parallel included).
      const img = pixels(await fig.locator("svg.plot").screenshot());
      for (const s of drawn) {
        const rgb = s.colour.match(/\d+/g).map(Number);
        const n = count(img, rgb);
        assert.ok(n >= 30, `${s.name} (${s.colour}): ${n} pixels of its colour are visible`);
      }
      await shot(p, `charts-jobs-${scheme}`);
      clean(p, `jobs chart, ${scheme}`);
    });
  }

  test("jobs in English: the note is in English and names the English series", async () => {
    const p = await open({ viewport: { width: 390, height: 800 } });
    await p.goto(`${env.url}?lesson=jobs&lang=en`);
    await rendered(p);
    const notes = await p.locator('figure[data-chart="runs_vs_window"] .legend .same').allTextContents();
    assert.ok(notes.length >= 1);
    for (const n of notes) assert.match(n.trim(), /^= .+ \(same values\)$/);
    clean(p, "jobs chart, English");
  });

  test("the exported SVG keeps the marker shapes, the dashes and the note", async () => {
    const p = await open({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${env.url}?lesson=jobs`);
    await rendered(p);
    const fig = 'figure[data-chart="runs_vs_window"]';
    await p.waitForSelector(`${fig} > .export-bar`);
    const waiting = p.waitForEvent("download");
    await p.click(`${fig} > .export-bar button[data-export="svg"]`);
    const text = readFileSync(await (await waiting).path(), "utf8");
    const got = await p.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "image/svg+xml");
      const dashes = [...doc.querySelectorAll("path[stroke-dasharray]")].map((e) => e.getAttribute("stroke-dasharray"));
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        shapes: [...new Set([...doc.querySelectorAll("path[data-shape]")].map((e) => e.dataset.shape))].length,
        dashes: new Set(dashes).size,
        // The legend's keys: a line in the series' dash and a copy of its marker each.
        keys: doc.documentElement.querySelectorAll(":scope > g > line[stroke-dasharray]").length,
        keyMarks: doc.documentElement.querySelectorAll(":scope > g > path[data-shape]").length,
        filled: [...doc.querySelectorAll("path[data-shape]")].every((e) => e.getAttribute("fill")),
        note: [...doc.querySelectorAll("text")].some((e) => /= .+\(aynı değerler\)/.test(e.textContent)),
        classes: doc.querySelectorAll("[class]").length,
      };
    }, text);
    const n = charts("lesson=jobs").runs_vs_window.series.length;
    assert.equal(got.error, null);
    assert.equal(got.shapes, n, "every marker shape is in the file");
    assert.ok(got.dashes >= n - 1, `${got.dashes} dash patterns written (the solid line has none)`);
    assert.ok(got.filled, "every marker has its paint written");
    assert.equal(got.keys, n, "a legend key line per series");
    assert.equal(got.keyMarks, n, "a legend marker per series");
    assert.ok(got.note, "the legend's '= …' note is in the file");
    assert.equal(got.classes, 0, "nothing needs the page's stylesheet");
    clean(p, "export");
  });

  for (const [scheme, width] of [["light", 1280], ["dark", 390]]) {
    test(`heatmap (${scheme}, ${width} px): each cell that fits shows the core's value, readable on its colour`, async () => {
      const want = core.sweep(RECORDS).sweep;
      const p = await open({ viewport: { width, height: 900 }, colorScheme: scheme });
      await p.goto(`${env.url}?${RECORDS}`);
      await rendered(p);
      await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
        const got = await cells(p);
      const values = want.series[0].values;
      assert.equal(got.length, values.length);
      got.forEach((c, i) => {
        assert.equal(c.text, format(values[i], want.series[0].decimals), `cell ${i} shows the core's ${values[i]}`);
        assert.ok(c.fits, `cell ${i}: its text fits in it`);
        assert.ok(c.contrast >= 4.5, `cell ${i}: contrast ${c.contrast.toFixed(2)} against its colour`);
        assert.equal(Number(c.bin), expectedBin(values[i], want.range, false), `cell ${i}: linear colour step`);
      });
      await shot(p, `charts-heatmap-${scheme}-${width}`);
      clean(p, "heatmap values");
    });
  }

  test("heatmap: narrow cells leave out the values that do not fit, and never overflow", async () => {
    const want = core.sweep(ZEROS).sweep;
    const p = await open({ viewport: { width: 390, height: 800 } });
    await p.goto(`${env.url}?${ZEROS}`);
    await rendered(p);
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
    const got = await cells(p);
    assert.equal(got.length, want.series[0].values.length);
    for (const [i, c] of got.entries()) {
      assert.ok(c.fits, `cell ${i} text fits`);
      if (c.text !== null) assert.equal(c.text, format(want.series[0].values[i], want.series[0].decimals));
    }
    clean(p, "narrow heatmap");
  });

  test("heatmap: a log colour scale spreads the values, and the legend says which scale is used", async () => {
    const want = core.sweep(RECORDS).sweep;
    const values = want.series[0].values;
    const p = await open({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${env.url}?${RECORDS}`);
    await rendered(p);
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
    const box = p.locator(".sweep-result .heat-options input[type=checkbox]");
    assert.ok(await box.isEnabled(), "every value is above zero: the log scale can be chosen");
    assert.match(await p.textContent(".sweep-result .heat-legend"), /doğrusal renk ölçeği/);
    const linear = (await cells(p)).map((c) => Number(c.bin));
    await box.check();
    const log = (await cells(p)).map((c) => Number(c.bin));
    assert.match(await p.textContent(".sweep-result .heat-legend"), /logaritmik renk ölçeği/);
    values.forEach((v, i) => assert.equal(log[i], expectedBin(v, want.range, true), `cell ${i} (${v}): log colour step`));
    assert.ok(log.some((bin, i) => bin !== linear[i]), "the log scale changes cell colours");
    // The low values the linear scale crowds into its first steps get steps of their own.
    const steps = (bins) => new Set(bins).size;
    assert.ok(steps(log) >= steps(linear), `${steps(log)} colour steps used on a log scale, ${steps(linear)} on a linear one`);
    // The values written stay the core's.
    (await cells(p)).forEach((c, i) => assert.equal(c.text, format(values[i], 0)));
    await box.uncheck();
    assert.deepEqual((await cells(p)).map((c) => Number(c.bin)), linear, "back to the linear scale");
    await shot(p, "charts-heatmap-log");
    clean(p, "log scale");
  });

  test("heatmap: the log scale goes into the link (heat=log) and comes back with it; a bad heat= is named", async () => {
    const want = core.sweep(RECORDS).sweep;
    const p = await open({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${env.url}?${RECORDS}`);
    await rendered(p);
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
    await p.locator(".sweep-result .heat-options input[type=checkbox]").check();
    await p.waitForFunction(() => location.search.includes("heat=log"));
    const link = p.url();
    // The link reopens the heatmap on the log scale, every cell at its log step (a new document).
    await p.goto(link);
    await rendered(p);
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
    assert.ok(await p.locator(".sweep-result .heat-options input[type=checkbox]").isChecked());
    assert.match(await p.textContent(".sweep-result .heat-legend"), /logaritmik renk ölçeği/);
    (await cells(p)).forEach((c, i) => assert.equal(Number(c.bin), expectedBin(want.series[0].values[i], want.range, true), `cell ${i}`));
    // Unchecked, the key leaves the link.
    await p.locator(".sweep-result .heat-options input[type=checkbox]").uncheck();
    await p.waitForFunction(() => !location.search.includes("heat="));
    // A value heat= does not take: named in the link's problems, the heatmap linear.
    await p.goto(`${env.url}?${RECORDS}&heat=logarithmic`);
    await rendered(p);
    await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
    assert.match(await p.textContent(".link-errors"), /heat.*"logarithmic".*log/);
    assert.ok(!(await p.locator(".sweep-result .heat-options input[type=checkbox]").isChecked()));
    clean(p, "heat link");
  });

  for (const [lang, says] of [["tr", /kullanılamaz.*sıfır.*en küçüğü 0/], ["en", /cannot be used.*zero.*smallest is 0/]]) {
    test(`heatmap (${lang}): the log scale is refused, with its reason, when a value is 0`, async () => {
      const want = core.sweep(ZEROS).sweep;
      assert.ok(want.series[0].values.some((v) => v === 0), "the sweep has a zero (comp_fail 0)");
      const p = await open({ viewport: { width: 1280, height: 900 } });
      await p.goto(`${env.url}?${ZEROS}&lang=${lang}`);
      await rendered(p);
      await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
      const box = p.locator(".sweep-result .heat-options input[type=checkbox]");
      assert.equal(await box.isDisabled(), true);
      const reason = await box.evaluate((b) => document.getElementById(b.getAttribute("aria-describedby"))?.textContent);
      assert.match(reason ?? "", says);
      assert.ok(await p.locator(".sweep-result .heat-refused").isVisible(), "the reason is shown");
      clean(p, "log refused");
    });
  }

  test("arrows point the way values grow on screen (heatmap rows and columns, chart y)", async () => {
    const p = await open({ viewport: { width: 1280, height: 900 } });
    const base = "lesson=supervisor&metric=recovery.supervisor_on@records_read";
    for (const [ys, arrow] of [["1..4", "↓"], ["4,3,2,1", "↑"]]) {
      await p.goto(`${env.url}?${base}&sweep=scan:1..3&sweep_y=lease:${ys}`);
      await rendered(p);
      await p.waitForSelector(".sweep-result .heatmap svg rect.watchable", { timeout: 30000 });
      const want = core.sweep(`${base}&sweep=scan:1..3&sweep_y=lease:${ys}`).sweep;
      const got = await p.evaluate(() => {
        const plot = document.querySelector(".sweep-result .heatmap svg");
        const titles = [...plot.querySelectorAll("text.title")].map((e) => e.textContent);
        const rows = [...plot.querySelectorAll("text.tick-label[text-anchor=end]")].map((e) => [e.textContent, e.getBBox().y]);
        const cols = [...plot.querySelectorAll("text.tick-label[text-anchor=middle]")].map((e) => [e.textContent, e.getBBox().x]);
        return { titles, rows, cols };
      });
      const [yTitle, xTitle] = got.titles;
      assert.ok(yTitle.startsWith(arrow), `y title "${yTitle}" for lease ${ys}`);
      // The arrow's way on screen is where the values grow.
      const ordered = [...got.rows].sort((a, c) => a[1] - c[1]).map(([text]) => Number(text));
      const grows = ordered[ordered.length - 1] > ordered[0] ? "↓" : "↑";
      assert.equal(arrow, grows, `rows top to bottom: ${ordered}`);
      assert.deepEqual(ordered, want.y.values, "rows in the sweep's order");
      assert.ok(xTitle.endsWith("→"), xTitle);
      const across = [...got.cols].sort((a, c) => a[1] - c[1]).map(([text]) => Number(text));
      assert.ok(across[across.length - 1] > across[0], `columns grow to the right: ${across}`);
    }
    // A chart's y arrow points up, where its tick values grow.
    await p.goto(`${env.url}?lesson=jobs`);
    await rendered(p);
    const y = await p.evaluate(() => {
      const axis = document.querySelector('figure[data-chart="runs_vs_window"] .axis.y');
      return {
        title: axis.querySelector(".title").textContent,
        ticks: [...axis.querySelectorAll("text:not(.title)")].map((e) => [e.textContent, e.getBBox().y]),
      };
    });
    assert.ok(y.title.startsWith("↑"));
    const up = [...y.ticks].sort((a, c) => c[1] - a[1]).map(([text]) => readTr(text));
    assert.ok(up.every((v, i) => i === 0 || v > up[i - 1]), `ticks grow upwards: ${up}`);
    clean(p, "arrows");
  });

  test("y domains end at the next nice step above the data (every lesson, every linear chart); log charts still draw their decades", async () => {
    const p = await open({ viewport: { width: 1280, height: 900 } });
    let checked = 0;
    for (const lesson of LESSONS) {
      const want = charts(`lesson=${lesson}`);
      await p.goto(`${env.url}?lesson=${lesson}`);
      await rendered(p);
      await p.waitForSelector("figure[data-chart] svg.plot");
      const drawn = await p.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll("figure[data-chart]")].map((f) => {
            const axis = f.querySelector("svg.plot .axis.y");
            const ticks = [...axis.querySelectorAll("text:not(.title)")].map((e) => [e.textContent, e.getBBox().y]);
            const plot = f.querySelector("svg.plot");
            const grid = [...axis.querySelectorAll("line.grid")].map((l) => Number(l.getAttribute("y1")));
            const marks = [...plot.querySelectorAll(".dot, .bar")].map((m) => m.getBBox()).map((bb) => [bb.y, bb.y + bb.height]);
            return [f.dataset.chart, { ticks, top: Math.min(...grid), bottom: Math.max(...grid), marks }];
          }),
        ),
      );
      for (const [key, chart] of Object.entries(want)) {
        const got = drawn[key];
        assert.ok(got, `${lesson}: chart ${key} is drawn`);
        const ys = chart.series.flatMap((s) => s.points.flatMap((q) => [q.y, q.lo, q.hi])).concat(chart.rules.map((r) => r.y)).filter(Number.isFinite);
        const max = Math.max(...ys);
        const ticks = got.ticks.map(([text]) => readTr(text)).sort((a, c) => a - c);
        // Every mark is inside the plot (a marker may pass the top line by its own size).
        for (const [top, bottom] of got.marks) assert.ok(top >= got.top - 14 && bottom <= got.bottom + 14, `${key}: a mark at ${top}–${bottom} inside ${got.top}–${got.bottom}`);
        if (chart.y.scale === "log") {
          const decades = Math.round(Math.log10(chart.y.domain[1] / chart.y.domain[0])) + 1;
          assert.equal(ticks.length, decades, `${key}: a tick per decade of the core's log domain`);
          assert.ok(ticks.every((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9), `${key}: log ticks are powers of ten (${ticks})`);
          continue;
        }
        if (!(max > 0)) continue;
        const top = ticks[ticks.length - 1];
        const below = ticks[ticks.length - 2];
        assert.ok(top >= max - 1e-9, `${key}: top tick ${top} >= max ${max}`);
        assert.ok(top < 1.5 * max || below < max, `${key}: top tick ${top} is the next nice step above ${max} (not a doubled maximum)`);
        checked += 1;
      }
    }
    assert.ok(checked >= 15, `${checked} linear charts checked`);
    // The complaint's case: kapsül-saat's maximum 335 ends at 350, not 500.
    await p.goto(`${env.url}?lesson=jobs`);
    await rendered(p);
    const pod = await p.locator('figure[data-chart="policy_pod_hours"] .axis.y text:not(.title)').allTextContents();
    assert.equal(Math.max(...pod.map(readTr)), 350, `ticks ${pod}`);
    clean(p, "domains");
  });
});
