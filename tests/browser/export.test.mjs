// Export in the browser: the buttons under every table and chart download files that carry
// tatbikat's version, the lesson and the link. The CSV equals the CLI's --format csv for the same
// link byte for byte; the JSON is the core's table with the document's metadata; the SVG parses
// and holds the metadata and the chart's marks; the PNG is a PNG with the link in a tEXt chunk.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, SHOTS, browser, page, rendered, serve, shot, stopServers } from "./lib.mjs";
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
  let url;
  let b;
  let ctx;
  before(async () => {
    ({ url } = await serve());
    b = await browser();
    ctx = await b.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  });
  after(async () => {
    await b?.close();
    await stopServers();
  });

  test("tables: CSV equals the CLI's --format csv, JSON carries version, lesson, link and the core's table", async () => {
    const p = await page(ctx);
    await p.goto(`${url}?lesson=jobs&seed=42&fail_prob=0.3`);
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
      assert.ok(doc.link.endsWith(`?${query}`), doc.link);
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
    await p.close();
  });

  test("Turkish names and commas: the page's CSV is the CLI's", async () => {
    const p = await page(ctx);
    const steps = "dönem-kapat,fatura-satırı:satırı-iptal-et(dönem-kapat),ödeme:iade(fatura-satırı)";
    await p.goto(`${url}?lesson=compensation&section=measure&runs=2000&steps=${encodeURIComponent(steps)}`);
    await rendered(p);
    const buttons = p.locator('.table-wrap:has(table[data-table="orderings"]) + .export-bar');
    const text = (await grab(p, buttons.locator('button[data-export="csv"]'))).bytes.toString("utf8");
    assert.ok(text.includes("dönem-kapat > fatura-satırı > ödeme"), text);
    assert.ok(text.includes('#query,"lesson=compensation&section=measure&steps='), "the link is quoted (it has commas)");
    const query = /^#query,"(.*)"$/m.exec(text)[1];
    assert.equal(text, cli([...cliArgs(query), "--format", "csv", "--table", "orderings"]));
    assert.deepEqual(p.problems, []);
    await p.close();
  });

  test("charts: SVG parses with the metadata and the marks; PNG at 2× with tEXt", async () => {
    const p = await page(ctx);
    await p.goto(`${url}?lesson=supervisor`);
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
    await p.close();
  });

  test("slide-ready: the drawing's link is the full state (claim, language, watched run) and reopens it; 16:9; values written; the claim's ratio is the core's", async () => {
    const p = await page(ctx);
    const start = `${url}?lesson=compensation&preset=compensation.retry&lang=en&trace=attempts:2,run:hung`;
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
    assert.equal(link.search, shown, "the link is the state shown");
    for (const key of ["preset=compensation.retry", "lang=en", "trace=attempts"]) assert.ok(decodeURIComponent(link.search).includes(key), key);
    assert.ok(s.desc.includes(s.meta.link), "the footer prints it");
    const png = await grab(p, p.locator(`${fig} > .export-bar button[data-export="png"]`));
    checkPng(png.bytes, "preset=compensation.retry");
    const [pw, ph] = [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)];
    assert.ok(Math.abs(pw / ph - 16 / 9) < 0.01, `PNG ${pw} × ${ph}`);
    // Without the options: the drawing's own shape, no values written.
    await p.uncheck(`${fig} .export-bar input[data-option="wide"]`);
    await p.uncheck(`${fig} .export-bar input[data-option="values"]`);
    const plain = (await grab(p, p.locator(`${fig} > .export-bar button[data-export="svg"]`))).bytes.toString("utf8");
    assert.ok(!plain.includes(">0.03724</text>"));
    // The link reopens the same state.
    const q = await page(ctx);
    await q.goto(s.meta.link);
    await rendered(q);
    await q.waitForSelector(".trace .timeline svg");
    assert.equal(new URL(q.url()).search, shown);
    assert.equal(await q.evaluate(() => document.documentElement.lang), "en");
    assert.ok(await q.locator(".claim-caption").isVisible());
    assert.deepEqual(p.problems, []);
    assert.deepEqual(q.problems, []);
    await q.close();
    await p.close();
  });

  test("sweep and heatmap: CSV equals the CLI's --sweep, SVG and PNG", async () => {
    const p = await page(ctx);
    await p.goto(`${url}?lesson=supervisor&sweep=scan:1..4`);
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

    await p.goto(`${url}?lesson=supervisor&sweep=scan:1..3&sweep_y=lease:1..3&metric=recovery.supervisor_on@worst_recovery`);
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
    await p.close();
  });

  test("watched run: CSV equals the CLI's --trace, SVG of the timeline", async () => {
    const p = await page(ctx);
    await p.goto(`${url}?lesson=supervisor&trace=scan:4`);
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
    await p.close();
  });
});
