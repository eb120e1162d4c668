// What the page suites (tests/browser/page*.test.mjs) share: the CLI's reports to compare the
// page with, the claim marks and table cells read off the page, and each suite's browser — our
// server, chromium, a 1280 × 900 context — opened before its tests and closed after them, with the
// figures it measured printed (not asserted).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, UNCHANGED, browser, serve, stopServers } from "./lib.mjs";
import { CLI } from "../cli.mjs";

/** The core with every lesson (the node package). */
export const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** A suite's server and browser: {url, b, desktop} (a 1280 × 900 context). */
export async function openSuite() {
  const { url } = await serve({ maxAge: UNCHANGED });
  const b = await browser();
  const desktop = await b.newContext({ viewport: { width: 1280, height: 900 } });
  return { url, b, desktop };
}

/** Closes a suite's browser and servers and prints the figures its tests measured. */
export async function closeSuite(b, figures) {
  await b?.close();
  await stopServers();
  if (!figures.length) return; // no figure test ran (ONLY=)
  console.log("\nfigures (budgets: first load <= 250 KB gzip, checked here; first table <= 300 ms, median of 5 in ./build.sh bench)");
  for (const [what, value] of figures) console.log(`  ${what.padEnd(56)} ${value}`);
  console.log("screenshots in target/screenshots/");
}


/** The CLI's JSON report for a lesson and --set assignments. */
export function cliReport(lesson, sets = {}) {
  const args = [lesson, "--format", "json"];
  for (const [k, v] of Object.entries(sets)) args.push("--set", `${k}=${v}`);
  return JSON.parse(execFileSync(CLI, args, { encoding: "utf8" }));
}

/** The CLI's JSON report for a lesson's preset, with the highlights the core found. */
export function cliPreset(lesson, id) {
  return JSON.parse(execFileSync(CLI, [lesson, "--preset", id, "--format", "json"], { encoding: "utf8" }));
}

/** Marked cells, line values and chart points on the page, with the caption shown. */
export async function claimMarks(p) {
  return p.evaluate(() => {
    const marks = [...document.querySelectorAll(".report .claim-mark")];
    const described = marks.every((m) =>
      (m.getAttribute("aria-describedby") ?? "").split(" ").some((id) => document.getElementById(id)?.classList.contains("claim-caption")),
    );
    const caption = document.querySelector(".claim-caption");
    return {
      cells: marks.filter((m) => m.closest("table.data")).map((m) => m.textContent),
      values: marks.filter((m) => m.closest("p.line")).map((m) => m.textContent),
      points: marks.filter((m) => m.closest("svg")).length,
      described,
      caption: caption && !caption.hidden ? caption.querySelector(".claim-text").textContent : null,
    };
  });
}

/** What a numeric cell must read on the page, worked out independently of the page's code. */
export function expectedText(cell, lang) {
  const dec = lang === "tr" ? "," : ".";
  const grp = lang === "tr" ? "." : ",";
  const local = (text, minGroup = 5) => {
    const [whole, frac] = text.split(".");
    const neg = whole.startsWith("-");
    const digits = neg ? whole.slice(1) : whole;
    const grouped = digits.length >= minGroup ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, grp) : digits;
    return `${neg ? "-" : ""}${grouped}${frac === undefined ? "" : dec + frac}`;
  };
  switch (cell.kind) {
    case "int":
      return local(String(cell.value), cell.grouping ? 4 : 5);
    case "fixed":
    case "number":
      return cell.value === null ? "—" : local(cell.text);
    case "percent": {
      const n = local(cell.text.slice(1));
      return lang === "tr" ? `%${n}` : `${n}%`;
    }
    default:
      return null;
  }
}

/** Every numeric cell of every table of `report` must appear, formatted, in the page. */
export async function assertTables(p, report, lang = "tr") {
  const onPage = await p.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("table.data")].map((t) => [
        t.dataset.table,
        [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)),
      ]),
    ),
  );
  let checked = 0;
  for (const section of report.sections)
    for (const group of section.groups)
      for (const block of group.blocks) {
        if (block.type !== "table") continue;
        const rows = onPage[block.key];
        assert.ok(rows, `table ${block.key} is on the page`);
        assert.equal(rows.length, block.rows.length, `rows of ${block.key}`);
        block.rows.forEach((row, r) =>
          row.forEach((cell, c) => {
            const want = expectedText(cell, lang);
            if (want === null) return;
            assert.equal(rows[r][c], want, `${block.key} row ${r + 1} column ${block.columns[c].key}`);
            checked += 1;
          }),
        );
      }
  return checked;
}
