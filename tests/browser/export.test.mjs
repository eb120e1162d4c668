// Export in the browser: the buttons under every table and chart download files that carry
// tatbikat's version, the lesson and the link. The CSV equals the CLI's --format csv for the same
// link byte for byte; the JSON is the core's table with the document's metadata; the SVG parses
// and holds the metadata and the chart's marks; the PNG is a PNG with the link in a tEXt chunk.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, SHOTS, rendered, sharedPage, shot, suiteEnv } from "./lib.mjs";
import { CLI } from "../cli.mjs";

const VERSION = execFileSync(CLI, ["--version"], { encoding: "utf8" }).trim().split(" ")[1];

/** The CLI's arguments for a core query (lesson=..&section=..&name=value..&sweep=..&trace=..). */
function cliArgs(query) {
  const q = new URLSearchParams(query);
  const args = [q.get("lesson")];
  for (const [k, v] of q) {
    if (k === "lesson") continue;
    else if (k === "section") args.push("--section", v);
    else if (k === "trace") args.push(`--trace=${v}`);
    else if (k === "sweep" || k === "sweep_y") args.push("--sweep", v.replace(":", "="));
    else if (k === "metric") args.push("--metric", v);
    else args.push("--set", `${k}=${v}`);
  }
  return args;
}

const cli = (args) => execFileSync(CLI, args, { encoding: "utf8" });

/** Clicks an export button (or presses Enter on it) and returns the downloaded file. */
async function grab(p, button, { keyboard = false } = {}) {
  const waiting = p.waitForEvent("download", { timeout: 20000 });
  if (keyboard) {
    await button.focus();
    await p.keyboard.press("Enter");
  } else {
    await button.click();
  }
  const download = await waiting;
  const file = { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
  // The drawings are kept next to the screenshots, to look at.
  if (/\.(svg|png)$/.test(file.name)) {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, `export-${file.name}`), file.bytes);
  }
  return file;
}

/** What an exported SVG says, read back by the browser's own XML parser. */
async function readSvg(p, text) {
  return p.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      root: root.localName,
      meta: JSON.parse(root.querySelector("metadata")?.textContent ?? "null"),
      desc: root.querySelector("desc")?.textContent ?? "",
      marks: root.querySelectorAll("circle, path, rect, line, polyline").length,
      painted: root.querySelectorAll("[fill]").length,
      classes: root.querySelectorAll("[class]").length,
      anchors: root.querySelectorAll("a").length,
      anchor: (([a]) => a && { href: a.getAttribute("href"), xlink: a.getAttributeNS("http://www.w3.org/1999/xlink", "href"), text: a.textContent })([...root.querySelectorAll("a")]),
      qr: root.querySelectorAll("[data-qr] path").length,
    };
  }, text);
}

function checkPng(bytes, query) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature");
  assert.ok(bytes.length > 1000, `PNG of ${bytes.length} bytes`);
  const text = bytes.toString("latin1");
  assert.ok(text.includes("tEXtSoftware\0tatbikat " + VERSION), "tEXt Software");
  assert.ok(text.includes(query), "tEXt carries the link");
  // Width at 2×: IHDR's width is twice the SVG's.
  return bytes.readUInt32BE(16);
}

const bar = (p, selector) => p.locator(`${selector} .export-bar`).first();

describe("export", () => {
  const env = suiteEnv();
  // One page goes through the checks, each reset (lib.mjs).
  const open = sharedPage(env, { acceptDownloads: true });

  test("tables: CSV equals the CLI's --format csv, JSON carries version, lesson, link and the core's table", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=jobs&seed=42&fail_prob=0.3`);
    await rendered(p);
    const tables = await p.locator("table.data[data-table]").count();
    assert.equal(await p.locator(".table-wrap + .export-bar").count(), tables, "every table has its buttons");
    for (const key of ["retry_limit", "overlap"]) {
      const buttons = p.locator(`.table-wrap:has(table[data-table="${key}"]) + .export-bar`);
      const csv = await grab(p, buttons.locator('button[data-export="csv"]'));
      const text = csv.bytes.toString("utf8");
      const query = /^#query,(.*)$/m.exec(text)[1];
      assert.equal(query, "lesson=jobs&seed=42&fail_prob=0.3");
      assert.equal(text, cli([...cliArgs(query), "--format", "csv", "--table", key]), `${key}: the CLI's CSV byte for byte`);
      assert.match(csv.name, new RegExp(`^tatbikat-jobs-${key}-[0-9a-f]{8}\\.csv$`));
      assert.match(text, new RegExp(`^#tatbikat,${VERSION.replace(/\./g, "\\.")}\n#lesson,jobs\n`));
      const json = await grab(p, buttons.locator('button[data-export="json"]'));
      const doc = JSON.parse(json.bytes.toString("utf8"));
      assert.equal(doc.tatbikat, VERSION);
      assert.equal(doc.lesson, "jobs");
      assert.equal(doc.query, query);
      // The table's link shows that table alone.
      assert.ok(doc.link.endsWith(`?${query}&figure=${key}`), doc.link);
      assert.equal(doc.params.seed, "42");
      const want = JSON.parse(cli([...cliArgs(query), "--format", "json"]));
      const table = want.sections.flatMap((s) => s.groups).flatMap((g) => g.blocks).find((x) => x.key === key);
      assert.deepEqual(doc.table.rows, table.rows, `${key}: the core's rows`);
      assert.deepEqual(doc.table.columns, table.columns);
    }
    // Keyboard: Enter on a focused button downloads too.
    const keyed = await grab(p, bar(p, ".group").locator('button[data-export="csv"]'), { keyboard: true });
    assert.ok(keyed.bytes.length > 0);
    await shot(p, "export-buttons");
    assert.deepEqual(p.problems, [], "no console errors or CSP violations");
  });

  test("Turkish names and commas: the page's CSV is the CLI's", async () => {
    const p = await open();
    const steps = "dönem-kapat,fatura-satırı:satırı-iptal-et(dönem-kapat),ödeme:iade(fatura-satırı)";
    await p.goto(`${env.url}?lesson=compensation&section=measure&runs=2000&steps=${encodeURIComponent(steps)}`);
    await rendered(p);
    const buttons = p.locator('.table-wrap:has(table[data-table="orderings"]) + .export-bar');
    const text = (await grab(p, buttons.locator('button[data-export="csv"]'))).bytes.toString("utf8");
    assert.ok(text.includes("dönem-kapat > fatura-satırı > ödeme"), text);
    assert.ok(text.includes('#query,"lesson=compensation&section=measure&steps='), "the link is quoted (it has commas)");
    const query = /^#query,"(.*)"$/m.exec(text)[1];
    assert.equal(text, cli([...cliArgs(query), "--format", "csv", "--table", "orderings"]));
    assert.deepEqual(p.problems, []);
  });

  test("a cell a spreadsheet would evaluate stays text in the page's CSV, as in the CLI's (issue 33)", async () => {
    const p = await open();
    // A step named -2-3: a spreadsheet opened the downloaded CSV with −5 in its place.
    await p.goto(`${env.url}?lesson=compensation&section=measure&runs=2000&steps=-2-3`);
    await rendered(p);
    const buttons = p.locator('.table-wrap:has(table[data-table="orderings"]) + .export-bar');
    const text = (await grab(p, buttons.locator('button[data-export="csv"]'))).bytes.toString("utf8");
    assert.match(text, /^'-2-3,/m, text);
    assert.doesNotMatch(text, /^-2-3,/m, text);
    const query = /^#query,(.*)$/m.exec(text)[1];
    assert.equal(text, cli([...cliArgs(query), "--format", "csv", "--table", "orderings"]));
    assert.deepEqual(p.problems, []);
  });

  test("charts: SVG parses with the metadata and the marks; PNG at 2× with tEXt", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=supervisor`);
    await rendered(p);
    await p.waitForSelector('figure[data-chart="recovery_vs_scan"] svg');
    const charts = await p.locator("figure[data-chart]").count();
    assert.equal(await p.locator("figure[data-chart] > .export-bar").count(), charts, "every chart has its buttons");
    const fig = 'figure[data-chart="recovery_vs_scan"]';
    const svgFile = await grab(p, p.locator(`${fig} > .export-bar button[data-export="svg"]`));
    assert.match(svgFile.name, /^tatbikat-supervisor-recovery_vs_scan-[0-9a-f]{8}\.svg$/);
    const s = await readSvg(p, svgFile.bytes.toString("utf8"));
    assert.equal(s.error, null);
    assert.equal(s.root, "svg");
    assert.equal(s.meta.tatbikat, VERSION);
    assert.equal(s.meta.lesson, "supervisor");
    assert.equal(s.meta.query, "lesson=supervisor");
    assert.ok(s.desc.includes("?lesson=supervisor"), s.desc);
    const dots = await p.locator(`${fig} svg .dot`).count();
    assert.ok(dots > 0 && s.marks >= dots, `${s.marks} marks for ${dots} points`);
    assert.ok(s.painted > dots, "colours written into the file");
    assert.equal(s.classes, 0, "no class left that needs the page's stylesheet");
    const png = await grab(p, p.locator(`${fig} > .export-bar button[data-export="png"]`));
    assert.match(png.name, /\.png$/);
    const width = checkPng(png.bytes, "lesson=supervisor");
    const svgWidth = Number(/<svg[^>]* width="(\d+)"/.exec(svgFile.bytes.toString("utf8"))[1]);
    assert.equal(width, svgWidth * 2, "PNG at twice the SVG's size");
    assert.deepEqual(p.problems, []);
  });

  test("slide-ready: the drawing's link is the full state (claim, language, watched run) with the figure, and reopens that figure alone; 16:9; values written; the claim's ratio is the core's", async () => {
    const p = await open();
    const start = `${env.url}?lesson=compensation&preset=compensation.retry&lang=en&trace=attempts:2,run:hung`;
    await p.goto(start);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    const shown = new URL(p.url()).search;
    // ×17.4 between one and two attempts: the core's quotient of the cells it marks.
    const cli = JSON.parse(execFileSync(CLI, ["compensation", "--preset", "compensation.retry", "--format", "json"], { encoding: "utf8" }));
    const ratio = cli.preset.ratios[0];
    assert.equal(ratio.text, "17.4");
    assert.match(await p.textContent(".claim-caption"), /0\.03724 to 0\.00214: ×17\.4 lower/);
    assert.match(await p.textContent('[data-group="monte_carlo"] .claim-ratio'), /×17\.4/);
    // The chart as a slide: 16:9, its values on the marks, the full link in the file.
    const fig = 'figure[data-chart="hung_rate_vs_attempts"]';
    await p.check(`${fig} .export-bar input[data-option="wide"]`);
    await p.check(`${fig} .export-bar input[data-option="values"]`);
    const file = await grab(p, p.locator(`${fig} > .export-bar button[data-export="svg"]`));
    const text = file.bytes.toString("utf8");
    const s = await readSvg(p, text);
    assert.equal(s.error, null);
    const [w, h] = [Number(/<svg[^>]* width="(\d+)"/.exec(text)[1]), Number(/<svg[^>]* height="(\d+)"/.exec(text)[1])];
    assert.ok(Math.abs(w / h - 16 / 9) < 0.01, `${w} × ${h}`);
    for (const v of ["0.03724", "0.00214"]) assert.ok(text.includes(`>${v}</text>`), `the value ${v} is written`);
    const link = new URL(s.meta.link);
    // The state shown, with the chart's key: figure= in the place the core writes it.
    assert.equal(link.search, shown.replace(/&lang=en/, "&figure=hung_rate_vs_attempts&lang=en"), "the link is the state shown, this figure alone");
    for (const key of ["preset=compensation.retry", "lang=en", "trace=attempts", "figure=hung_rate_vs_attempts"]) assert.ok(decodeURIComponent(link.search).includes(key), key);
    assert.ok(s.desc.includes(s.meta.link), "the footer prints it");
    assert.equal(s.anchors, 1, "one link in the drawing");
    assert.equal(s.anchor.href, s.meta.link, "the footer's link is an anchor to the page");
    assert.equal(s.anchor.xlink, s.meta.link, "and an xlink:href for SVG 1.1 viewers");
    assert.equal(s.anchor.text, s.meta.link);
    const png = await grab(p, p.locator(`${fig} > .export-bar button[data-export="png"]`));
    checkPng(png.bytes, "preset=compensation.retry");
    const [pw, ph] = [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)];
    assert.ok(Math.abs(pw / ph - 16 / 9) < 0.01, `PNG ${pw} × ${ph}`);
    // Without the options: the drawing's own shape, no values written.
    await p.uncheck(`${fig} .export-bar input[data-option="wide"]`);
    await p.uncheck(`${fig} .export-bar input[data-option="values"]`);
    const plain = (await grab(p, p.locator(`${fig} > .export-bar button[data-export="svg"]`))).bytes.toString("utf8");
    assert.ok(!plain.includes(">0.03724</text>"));
    assert.deepEqual(p.problems, []);
    // The link reopens the same state, that figure alone (a new document).
    await p.goto(s.meta.link);
    await rendered(p);
    await p.waitForSelector(".trace .timeline svg");
    await p.waitForSelector(`${fig} svg`);
    assert.equal(new URL(p.url()).search, link.search, "the core reads the link as it was written");
    assert.equal(await p.evaluate(() => document.documentElement.lang), "en");
    assert.ok(await p.locator(".claim-caption").isVisible());
    assert.deepEqual(await p.$$eval(".report figure[data-chart]", (f) => f.map((x) => x.dataset.chart)), ["hung_rate_vs_attempts"], "only that chart");
    assert.equal(await p.locator(".report table.data").count(), 0, "and no table");
    assert.deepEqual(p.problems, []);
  });

  test("a 1920 × 1080 slide with a QR code of the link; the printed page's QR code, and none for a link too long for one", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=quotas&lang=en`);
    await rendered(p);
    const fig = 'figure[data-chart="requests_vs_quota"]';
    await p.waitForSelector(`${fig} > .export-bar`);
    await p.check(`${fig} .export-bar input[data-option="hd"]`);
    assert.ok(await p.isChecked(`${fig} .export-bar input[data-option="wide"]`), "a 1920 × 1080 slide is a 16:9 page");
    await p.check(`${fig} .export-bar input[data-option="qr"]`);
    const png = await grab(p, p.locator(`${fig} > .export-bar button[data-export="png"]`));
    checkPng(png.bytes, "figure=requests_vs_quota");
    assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], [1920, 1080], "the PNG's header: 1920 × 1080");
    // The SVG the PNG is drawn from has the slide's pixels as its own size (its vectors drawn at
    // that size, no bitmap scaled up) over an exactly 16:9 drawing.
    const text = (await grab(p, p.locator(`${fig} > .export-bar button[data-export="svg"]`))).bytes.toString("utf8");
    const [, vw, vh] = /<svg[^>]* width="1920" height="1080" viewBox="0 0 (\d+) (\d+)"/.exec(text) ?? assert.fail("a 1920 × 1080 SVG");
    assert.equal(Number(vw) * 9, Number(vh) * 16, `viewBox ${vw} × ${vh} is 16:9`);
    const s = await readSvg(p, text);
    assert.equal(s.error, null);
    assert.equal(s.qr, 1, "a QR code of the link");
    assert.ok(s.anchor.href.includes("figure=requests_vs_quota"), s.anchor.href);

    // The printed handout: a QR code of the page's link beside it.
    await p.evaluate(() => dispatchEvent(new Event("beforeprint")));
    await p.waitForSelector(".print-info .print-qr svg", { state: "attached" });
    await p.emulateMedia({ media: "print" });
    const box = await p.locator(".print-qr svg").boundingBox();
    assert.ok(box && box.width > 100 && Math.abs(box.width - box.height) < 1, `the printed QR code: ${JSON.stringify(box)}`);
    assert.equal(await p.locator(".print-qr svg").getAttribute("aria-label"), "QR code of this page's link");
    await shot(p, "print-handout-qr");
    await p.emulateMedia({ media: "screen" });
    // A link too long for a QR code prints without one (the refused value stays in the link).
    await p.goto(`${env.url}?lesson=quotas&lang=en&capacity=${"7".repeat(1200)}`);
    await rendered(p);
    assert.ok((await p.evaluate(() => location.href.length)) > 1200, "a long link");
    await p.evaluate(() => dispatchEvent(new Event("beforeprint")));
    // The page's own QR module, once evaluated (the same module the page imported), then a print.
    await p.evaluate(() => import(new URL("qr.js", location.href).href));
    await p.evaluate(() => dispatchEvent(new Event("beforeprint")));
    assert.equal(await p.locator(".print-info .print-link a").count(), 1, "the printed link");
    assert.equal(await p.locator(".print-qr svg").count(), 0, "no QR code");
    assert.deepEqual(p.problems, []);
  });

  test("sweep and heatmap: CSV equals the CLI's --sweep, SVG and PNG", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=supervisor&sweep=scan:1..4`);
    await rendered(p);
    await p.waitForSelector(".sweep-result figure > .export-bar");
    const sweepBar = p.locator(".sweep-result figure > .export-bar");
    const csv = (await grab(p, sweepBar.locator('button[data-export="csv"]'))).bytes.toString("utf8");
    const query = /^#query,(.*)$/m.exec(csv)[1];
    assert.equal(csv, cli([...cliArgs(query), "--format", "csv"]), "the sweep's CSV is the CLI's");
    const json = JSON.parse((await grab(p, sweepBar.locator('button[data-export="json"]'))).bytes.toString("utf8"));
    assert.deepEqual({ ...json, link: undefined }, { ...JSON.parse(cli([...cliArgs(query), "--format", "json"])), link: undefined });
    const s = await readSvg(p, (await grab(p, sweepBar.locator('button[data-export="svg"]'))).bytes.toString("utf8"));
    assert.equal(s.error, null);
    assert.equal(s.meta.query, query);
    assert.ok(s.marks >= 4);
    checkPng((await grab(p, sweepBar.locator('button[data-export="png"]'))).bytes, "sweep=scan:1..4");

    await p.goto(`${env.url}?lesson=supervisor&sweep=scan:1..3&sweep_y=lease:1..3&metric=recovery.supervisor_on@worst_recovery`);
    await rendered(p);
    await p.waitForSelector(".sweep-result figure.heatmap > .export-bar");
    const heat = p.locator(".sweep-result figure.heatmap > .export-bar");
    const hcsv = (await grab(p, heat.locator('button[data-export="csv"]'))).bytes.toString("utf8");
    assert.equal(hcsv, cli([...cliArgs(/^#query,(.*)$/m.exec(hcsv)[1]), "--format", "csv"]));
    const h = await readSvg(p, (await grab(p, heat.locator('button[data-export="svg"]'))).bytes.toString("utf8"));
    assert.equal(h.error, null);
    assert.ok(h.marks >= 9, `${h.marks} cells`);
    await shot(p, "export-heatmap");
    assert.deepEqual(p.problems, []);
  });

  test("watched run: CSV equals the CLI's --trace, SVG of the timeline", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=supervisor&trace=scan:4`);
    await rendered(p);
    await p.waitForSelector(".trace > .export-bar");
    const tb = p.locator(".trace > .export-bar");
    const csv = (await grab(p, tb.locator('button[data-export="csv"]'))).bytes.toString("utf8");
    const query = /^#query,(.*)$/m.exec(csv)[1];
    assert.equal(query, "lesson=supervisor&trace=scan:4");
    assert.equal(csv, cli([...cliArgs(query), "--format", "csv"]));
    const s = await readSvg(p, (await grab(p, tb.locator('button[data-export="svg"]'))).bytes.toString("utf8"));
    assert.equal(s.error, null);
    assert.equal(s.meta.chart, "trace");
    assert.ok(s.marks > 12, `${s.marks} spans`);
    checkPng((await grab(p, tb.locator('button[data-export="png"]'))).bytes, "trace=scan:4");
    assert.deepEqual(p.problems, []);
  });
});
