// Compare mode on the page (issue 11): the switch shows every table against the lesson's values,
// a changed cell reading B, then A and Δ — the core's numbers, checked against the core's own
// comparison (target/pkg-node) — with an accessible name such as "23, önce 19, 4 arttı"; "pin
// this" keeps the state as A; the changed-rows toggle; charts draw A's series behind B's; a vs=
// link reproduces the comparison, a bad one is named and the page works without it; an embed
// fixes a comparison; exports carry both links.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, clean, rendered, setParam, sharedPage, shot, suiteEnv } from "./lib.mjs";
import { CLI } from "../cli.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** Every compared cell of the report as the page shows it: [table, row, col, B, A, Δ, name]. */
const shownCells = (p) =>
  p.evaluate(() =>
    [...document.querySelectorAll("table.compared")].flatMap((table) =>
      [...table.tBodies[0].rows].flatMap((tr, r) =>
        [...tr.cells]
          .filter((c) => c.classList.contains("changed"))
          .map((c) => ({
            table: table.dataset.table,
            row: r,
            col: c.dataset.col,
            b: c.querySelector(".cmp-b").textContent,
            a: c.querySelector(".cmp-a").textContent,
            d: c.querySelector(".cmp-d").textContent,
            name: c.querySelector(".visually-hidden").textContent,
          })),
      ),
    ),
  );

/** The core's Δ cells of a compared document that differ, as [table, row, col] → Δ cell. */
function coreDeltas(doc) {
  const out = new Map();
  doc.vs.b.forEach((s, si) =>
    s.groups.forEach((g, gi) =>
      g.blocks.forEach((b, bi) => {
        if (b.type !== "table") return;
        const a = doc.vs.a[si].groups[gi].blocks[bi];
        const d = doc.vs.delta[si].groups[gi].blocks[bi];
        b.rows.forEach((row, r) =>
          row.forEach((cell, c) => {
            if (!a.rows[r].length || !row.length) return;
            if (JSON.stringify(cell) !== JSON.stringify(a.rows[r][c])) out.set(`${b.key}/${r}/${b.columns[c].key}`, { b: cell, a: a.rows[r][c], d: d.rows[r][c] });
          }),
        );
      }),
    ),
  );
  return out;
}

/** The core's number as the Turkish page writes it (decimal comma; grouped from five digits). */
const tr = (text) => {
  const [whole, frac] = text.replace(/^-/, "").split(".");
  const grouped = /^\d{5,}$/.test(whole) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".") : whole;
  return frac === undefined ? grouped : `${grouped},${frac}`;
};

/** Checks every changed cell the page shows against the core's comparison `doc`: the same cells,
 * Δ with the core's digits, sign and arrow, and the accessible name. Returns the cells shown. */
async function assertCompared(p, doc) {
  const want = coreDeltas(doc);
  const shown = await shownCells(p);
  assert.equal(shown.length, want.size, "every changed cell of the core's comparison is marked, and no other");
  for (const c of shown) {
    const w = want.get(`${c.table}/${c.row}/${c.col}`);
    assert.ok(w, `${c.table}/${c.row}/${c.col} is not changed in the core's comparison`);
    if (typeof w.d.value !== "number") continue;
    // Δ is the core's: its digits, with the sign and arrow of its value.
    const sign = w.d.value > 0 ? "▲ +" : w.d.value < 0 ? "▼ −" : "≠ ";
    assert.equal(c.d, `${sign}${tr(w.d.text.replace(/^(%?)-/, "$1").replace(/^%/, ""))}`.replace(/ $/, "") , `${c.table}/${c.row}/${c.col}`);
    const verb = w.d.value > 0 ? "arttı" : w.d.value < 0 ? "azaldı" : null;
    if (verb) assert.equal(c.name, `${c.b}, önce ${c.a}, ${c.d.replace(/^[▲▼] [+−]/, "")} ${verb}`);
  }
  return shown;
}

describe("compare mode", () => {
  const env = suiteEnv();
  // One page goes through the checks, each reset (lib.mjs).
  const open = sharedPage(env);

  test("the toolbar's switch acts once a value differs and compares every table with the lesson's values, cell by cell as the core computed", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=jobs`);
    await rendered(p);
    // Issue 20: the switch is in the toolbar from the start, unavailable at the lesson's values, saying why.
    assert.equal(await p.getAttribute("#compare-switch", "aria-disabled"), "true", "unavailable at the lesson's values");
    const why = await p.evaluate(() => document.getElementById(document.getElementById("compare-switch").getAttribute("aria-describedby"))?.textContent);
    assert.match(why ?? "", /değiştirin/, "it says why");
    await p.click("#compare-switch", { force: true }); // (playwright waits for aria-disabled to go)
    assert.ok(!/[?&]vs=/.test(p.url()), "a click does nothing yet");
    await setParam(p, "fail_prob", "0.6");
    assert.ok(await p.isVisible("#compare-switch"));
    assert.equal(await p.getAttribute("#compare-switch", "aria-disabled"), "false");
    assert.equal(await p.getAttribute("#compare-switch", "aria-pressed"), "false");
    const renders = Number(await p.evaluate(() => document.body.dataset.renders));
    await p.click("#compare-switch");
    await rendered(p, renders + 1);
    assert.equal(await p.getAttribute("#compare-switch", "aria-pressed"), "true");
    assert.match(p.url(), /[?&]vs=(&|$)/, "the link carries vs= (empty: the lesson's values)");
    assert.match(await p.textContent(".compare-summary"), /Dersin değerleriyle \(A\) karşılaştırılıyor/);
    const doc = core.run("lesson=jobs&fail_prob=0.6&vs=");
    const shown = await assertCompared(p, doc);
    assert.ok(shown.length > 10, `${shown.length} changed cells`);
    // The summary names the core's largest changes, in its order.
    const largest = await p.$$eval(".compare-largest li", (lis) => lis.map((li) => li.textContent));
    assert.equal(largest.length, doc.vs.largest.length);
    assert.ok(largest.length > 0 && largest.length <= 5);
    doc.vs.largest.forEach((c, i) => assert.ok(largest[i].includes(` → ${c.b.kind === "fixed" ? tr(c.b.text) : c.b.text}`), `${largest[i]} / ${c.b.text}`));
    clean(p, "compare switch");
    await shot(p, "compare-jobs");
  });

  // The previews (issue 12): a value of their own kinds changed, against the lesson's values.
  for (const query of ["lesson=leader&lease=8&pause=N3%4040%2B6", "lesson=quotas&quotas=8%2C4%2C4", "lesson=claim_check&ttl_h=96&consumers=5"]) {
    test(`${query}: compared with the lesson's values, cell by cell as the core computed`, async () => {
      const p = await open();
      await p.goto(`${env.url}?${query}&vs=`);
      await rendered(p);
      const shown = await assertCompared(p, core.run(`${query}&vs=`));
      assert.ok(shown.length > 3, `${shown.length} changed cells`);
      clean(p, query);
      await shot(p, `compare-${new URLSearchParams(query).get("lesson")}`);
    });
  }

  test("pin this keeps the state as A; a new seed then compares run against run; only the changed rows on request", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=jobs&fail_prob=0.6&vs=`);
    await rendered(p);
    let n = Number(await p.evaluate(() => document.body.dataset.renders));
    await p.click("#compare-pin");
    await rendered(p, n + 1);
    assert.match(p.url(), /vs=fail_prob%3D0.6/);
    assert.equal(await p.locator("table.compared .changed").count(), 0, "A is B: nothing differs");
    assert.match(await p.textContent(".compare-summary"), /aynı|farklı bir sayı yok/);
    await setParam(p, "seed", "7");
    assert.match(p.url(), /vs=fail_prob%3D0.6/, "A stays pinned");
    const cells = await shownCells(p);
    assert.ok(cells.length > 0, "another seed moves some numbers");
    // Only the changed rows: the same rows are hidden, the changed ones stay.
    const rows = () => p.evaluate(() => [...document.querySelectorAll("table.compared tbody tr")].filter((r) => r.offsetParent !== null).length);
    const all = await rows();
    await p.check("#compare-changed-only");
    const few = await rows();
    assert.ok(few < all && few >= 1, `${few} of ${all} rows`);
    assert.equal(await p.evaluate(() => [...document.querySelectorAll("table.compared tbody tr.same")].every((r) => r.offsetParent === null)), true);
    // Back to the lesson's values, then off.
    n = Number(await p.evaluate(() => document.body.dataset.renders));
    await p.click("#compare-switch");
    await rendered(p, n + 1);
    assert.equal(await p.locator("table.compared").count(), 0);
    assert.doesNotMatch(p.url(), /vs=/);
    clean(p, "pin");
  });

  test("rows one side lacks are marked, and charts draw A's series behind B's with a legend", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=jobs&retry_limits=1,3,4,6&vs=retry_limits%3D2%2C3%2C6`);
    await rendered(p);
    const badges = await p.evaluate(() => [...document.querySelectorAll("tr.only-a .cmp-badge, tr.only-b .cmp-badge")].map((b) => b.textContent));
    assert.ok(badges.includes("yeni") && badges.includes("yalnız A'da"), badges.join());
    const doc = core.run("lesson=jobs&retry_limits=1,3,4,6&vs=retry_limits%3D2%2C3%2C6");
    const chart = doc.sections.flatMap((s) => s.groups).flatMap((g) => g.charts).find((c) => c.series.some((s) => s.vs));
    assert.ok(chart, "the core drew A's series into a chart");
    const key = chart.key;
    const drawn = await p.evaluate((key) => {
      const fig = document.querySelector(`figure[data-chart="${key}"]`);
      return {
        vs: fig.querySelectorAll("svg .vs").length,
        legend: [...fig.querySelectorAll(".legend li.vs")].map((li) => li.textContent),
        first: fig.querySelector("svg .lines > *, svg .marks > *")?.classList.contains("vs"),
      };
    }, key);
    assert.ok(drawn.vs > 0, "A's marks are drawn");
    assert.equal(drawn.first, true, "A's series come first: behind B's");
    assert.equal(drawn.legend.length, chart.series.filter((s) => s.vs).length);
    assert.ok(drawn.legend.every((l) => l.includes("(A)")), drawn.legend.join());
    clean(p, "rows and charts");
    await shot(p, "compare-lists");
  });

  test("a sweep in compare mode draws A's curve behind B's, the core's both", async () => {
    const p = await open();
    const q = "lesson=jobs&fail_prob=0.6&vs=&sweep=nights:10..50:5";
    await p.goto(`${env.url}?${q}`);
    await rendered(p);
    await p.waitForSelector(".sweep-result svg");
    const doc = core.sweep(q);
    const a = doc.sweep.chart.series.filter((x) => x.vs);
    const b = doc.sweep.chart.series.filter((x) => !x.vs);
    assert.ok(a.length > 0 && a.length === b.length, "the core drew A's curves too");
    assert.notDeepEqual(a.map((x) => x.points), b.map((x) => x.points), "A's curves are A's");
    const drawn = await p.evaluate(() => ({
      vs: document.querySelectorAll(".sweep-result svg .line.vs").length,
      own: document.querySelectorAll(".sweep-result svg .line:not(.vs)").length,
      legend: [...document.querySelectorAll(".sweep-result .legend li.vs")].map((li) => li.textContent),
    }));
    assert.equal(drawn.vs, a.length);
    assert.equal(drawn.own, b.length);
    assert.ok(drawn.legend.length === a.length && drawn.legend.every((l) => l.includes("(A)")), drawn.legend.join());
    clean(p, "sweep compare");
  });

  test("a vs= link opens the same comparison; a bad vs= is named and the page works without it", async () => {
    const p = await open();
    const link = `${env.url}?lesson=compensation&comp_fail=0.1&vs=seed%3D3`;
    await p.goto(link);
    await rendered(p);
    const first = await shownCells(p);
    const q = new URL(p.url()).search;
    await p.goto(`${env.url}${q}`);
    await rendered(p);
    assert.deepEqual(await shownCells(p), first, "the shared link shows exactly the same comparison");
    assert.ok(first.length > 0);
    // A bad vs=, in the same page reset.
    const bad = await open();
    await bad.goto(`${env.url}?lesson=compensation&comp_fail=0.1&vs=comp_fail%3D7`);
    await rendered(bad);
    const errors = await bad.textContent(".link-errors");
    assert.match(errors, /vs/);
    assert.match(errors, /comp_fail=7/);
    assert.equal(await bad.locator("table.compared").count(), 0, "without it the lesson's tables");
    assert.ok((await bad.locator("table.data").count()) > 0);
  });

  test("an embed fixes a comparison: before/after without controls", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=jobs&fail_prob=0.6&vs=&embed=1&controls=0`);
    await rendered(p);
    assert.ok((await p.locator("table.compared .changed").count()) > 0);
    assert.equal(await p.locator("#compare-switch, #compare-pin").count(), 0, "no tools in a fixed comparison");
    assert.match(await p.textContent(".compare-summary"), /karşılaştırılıyor/);
    clean(p, "embed");
    await shot(p, "compare-embed");
  });

  test("exports carry both links", async () => {
    const p = await open();
    await p.goto(`${env.url}?lesson=jobs&fail_prob=0.6&vs=seed%3D3`);
    await rendered(p);
    const [download] = await Promise.all([p.waitForEvent("download"), p.click(".export-bar button[data-export=json]")]);
    const json = JSON.parse(await (await import("node:fs/promises")).readFile(await download.path(), "utf8"));
    assert.match(json.link, /vs=seed%3D3/);
    assert.match(json.vs.link, /[?&]seed=3/);
    assert.equal(json.vs.query, "seed=3");
    assert.ok(json.vs.delta && json.vs.a && json.vs.b);
    // The CSV is the core's comparison CSV, byte for byte what --vs --format csv prints.
    const [csvFile] = await Promise.all([p.waitForEvent("download"), p.click(".export-bar button[data-export=csv]")]);
    const csv = await (await import("node:fs/promises")).readFile(await csvFile.path(), "utf8");
    const key = csv.match(/^#table,(.*)$/m)[1];
    const { execFileSync } = await import("node:child_process");
    const cli = execFileSync(CLI, ["jobs", "--set", "fail_prob=0.6", "--vs", "seed=3", "--format", "csv", "--table", key], { encoding: "utf8" });
    assert.equal(csv, cli);
    assert.match(csv, /^#vs,/m);
    assert.match(csv.split("\n").find((l) => !l.startsWith("#")), /\.vs,.*\.delta/);
    const [svgFile] = await Promise.all([p.waitForEvent("download"), p.click("figure.chart .export-bar button[data-export=svg]")]);
    const svg = await (await import("node:fs/promises")).readFile(await svgFile.path(), "utf8");
    assert.match(svg, /A: http[^<]*seed=3/);
  });
});
