// Accessibility: axe-core (pinned in package-lock.json) audits every view of the page — each
// lesson in Turkish and English, the embed views, a watched run, a sweep line and a heatmap, a
// claim, every fold opened, the embed dialog, a phone — in the light and the dark colour scheme,
// and fails on any serious or critical violation. Then keyboard checks: Tab reaches every control
// in document order with a visible focus, the timeline runs from the keyboard, chart points and
// heatmap cells open their run with Enter, and the embed dialog keeps and returns focus. The
// colours that carry meaning in charts (series, timeline states) are checked against WCAG's 3:1
// for graphics, which axe does not measure inside SVG. At the end the table of violations by impact
// for every view is printed.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { LESSONS, UNCHANGED, browser, page, rendered, serve, settled, shot, stopServers } from "./lib.mjs";

const require = createRequire(import.meta.url);
// Evaluated in the page (not added as a <script>): the page's CSP allows no inline script.
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const AXE_VERSION = JSON.parse(readFileSync(require.resolve("axe-core/package.json"), "utf8")).version;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const IMPACTS = ["critical", "serious", "moderate", "minor"];

const figures = [];

/** Opens every <details> under the page and waits for what they load. */
async function openFolds(p) {
  await p.evaluate(() => {
    for (const d of document.querySelectorAll("details:not([open])")) d.open = true;
  });
  // The sweep's form is built from the core's options when its fold opens.
  await p.waitForFunction(() => !document.querySelector(".claims .hint + .hint, .sweep .hint + .hint"), null, { timeout: 20000 }).catch(() => {});
  await p.evaluate(() => {
    for (const d of document.querySelectorAll("details:not([open])")) d.open = true;
  });
  await settled(p);
}

const VIEWS = [
  // Every lesson of the registry, in Turkish and in English.
  ...LESSONS.map((id) => ({ name: id, query: `?lesson=${id}` })),
  ...LESSONS.map((id) => ({ name: `${id} en`, query: `?lesson=${id}&lang=en` })),
  { name: "embed supervisor", query: "?lesson=supervisor&embed=1" },
  { name: "embed jobs controls=0", query: "?lesson=jobs&embed=1&controls=0" },
  { name: "embed compensation en", query: "?lesson=compensation&embed=1&lang=en" },
  { name: "timeline supervisor", query: "?lesson=supervisor&trace=scan:4", wait: ".trace .timeline svg" },
  { name: "timeline jobs", query: "?lesson=jobs&trace=limit:3", wait: ".trace .timeline svg" },
  { name: "timeline compensation", query: "?lesson=compensation&trace=run:hung", wait: ".trace .timeline svg" },
  { name: "sweep line", query: "?lesson=jobs&sweep=fail_prob:0..1:6", wait: ".sweep-result svg" },
  {
    name: "sweep heatmap",
    query: "?lesson=supervisor&sweep=scan:1..6&sweep_y=lease:1..6&metric=recovery.supervisor_on@worst_recovery",
    wait: ".sweep-result .heatmap svg",
  },
  { name: "preset", query: "?preset=supervisor.scan-tradeoff", wait: ".claim-caption:not([hidden])" },
  { name: "folds open supervisor", query: "?lesson=supervisor&trace=on", wait: ".trace .timeline svg", folds: true },
  { name: "folds open compensation", query: "?lesson=compensation&lang=en", folds: true },
  { name: "embed dialog", query: "?lesson=jobs", dialog: true },
  { name: "phone supervisor", query: "?lesson=supervisor", phone: true },
  { name: "phone timeline jobs", query: "?lesson=jobs&trace=limit:3", wait: ".trace .timeline svg", phone: true, folds: true },
  // One night zoomed into, stacked on a laptop and with the policies as tabs on a phone.
  { name: "timeline jobs night", query: "?lesson=jobs&trace=limit:3,night:16", wait: ".trace .timeline svg" },
  { name: "phone timeline jobs night tabs", query: "?lesson=jobs&trace=limit:3,night:16", wait: ".trace .track-tabs [role=tab]", phone: true, folds: true },
  // The views issue 10 added: a tapped bar's panel, several metrics side by side, what moved,
  // and a claim that asks for a prediction first (a number, and a choice on a phone).
  {
    name: "timeline detail panel",
    query: "?lesson=supervisor&trace=",
    wait: ".trace .timeline svg",
    act: async (p) => {
      // The whole run drawn (it opens at what the lesson is about), then a bar tapped.
      await p.focus(".trace");
      await p.keyboard.press("End");
      await p.locator(".trace svg .solid rect").nth(1).click({ position: { x: 3, y: 3 } });
    },
  },
  {
    name: "sweep small multiples",
    query: "?lesson=supervisor&sweep=scan:1..6&metric=recovery.supervisor_on@worst_recovery,recovery.supervisor_on@records_read",
    wait: ".sweep-result svg",
  },
  {
    name: "what moved",
    query: "?lesson=jobs",
    act: async (p) => {
      const number = p.locator('.panel input[inputmode="numeric"]').first();
      await number.fill(String(Number(await number.inputValue()) + 1));
      await number.dispatchEvent("change");
      await p.waitForSelector(".change-summary");
    },
  },
  { name: "predict a number", query: "?preset=compensation.retry&predict=1", wait: ".claim-predict" },
  // Compare mode (issue 11): tables against the lesson's values, rows one side lacks, charts
  // with A's series behind, only the changed rows, a phone, and a fixed comparison in an embed.
  { name: "compare jobs", query: "?lesson=jobs&fail_prob=0.6&vs=", wait: "table.compared" },
  { name: "compare lists", query: "?lesson=jobs&retry_limits=1,3,4,6&vs=retry_limits%3D2%2C3%2C6&lang=en", wait: "table.compared" },
  { name: "compare compensation seed", query: "?lesson=compensation&vs=seed%3D3", wait: "table.compared", act: (p) => p.check("#compare-changed-only") },
  { name: "phone compare supervisor", query: "?lesson=supervisor&scan=4&vs=", wait: "table.compared", phone: true },
  { name: "embed compare", query: "?lesson=jobs&fail_prob=0.6&vs=&embed=1&controls=0", wait: "table.compared" },
  { name: "phone predict a choice", query: "?preset=supervisor.roles&predict=1", wait: ".claim-predict fieldset", phone: true },
  // The previews (issue 12): their timelines, every fold open (the closed forms beyond the
  // lesson), a phone, compare mode, a claim and a sweep.
  { name: "timeline leader", query: "?lesson=leader&trace=fencing:1", wait: ".trace .timeline svg" },
  { name: "timeline quotas", query: "?lesson=quotas&trace=quota:none", wait: ".trace .timeline svg" },
  { name: "timeline claim_check", query: "?lesson=claim_check&trace=dangling", wait: ".trace .timeline svg" },
  { name: "folds open leader en", query: "?lesson=leader&lang=en", folds: true },
  { name: "folds open claim_check", query: "?lesson=claim_check", folds: true },
  { name: "phone quotas", query: "?lesson=quotas", phone: true },
  { name: "phone timeline leader", query: "?lesson=leader&trace=fencing:0", wait: ".trace .timeline svg", phone: true, folds: true },
  { name: "compare quotas", query: "?lesson=quotas&quotas=8%2C4%2C4&vs=", wait: "table.compared" },
  { name: "preset claim_check", query: "?preset=claim_check.inline-size", wait: ".claim-caption:not([hidden])" },
  { name: "sweep heatmap leader", query: "?lesson=leader&sweep=lease:2..12:6&sweep_y=poll:1..4", wait: ".sweep-result .heatmap svg" },
  { name: "embed quotas controls=0", query: "?lesson=quotas&embed=1&controls=0", wait: "table.data" },
  { name: "embed claim_check compare en", query: "?lesson=claim_check&ttl_h=96&vs=&embed=1&controls=0&lang=en", wait: "table.compared" },
  // Issue 21: a challenge solved (and on a phone, with a hint asked for) and a claim's "why"
  // asked and answered.
  { name: "challenge solved", query: "?lesson=leader&lease=10&renew=6&challenge=leader.no-double", wait: ".challenge-solved" },
  { name: "phone challenge hint", query: "?lesson=jobs&parallelisms=5&challenge=jobs.no-idle", wait: ".challenge-open", phone: true, act: (p) => p.click(".challenge-actions button >> nth=0") },
  { name: "why asked", query: "?preset=compensation.retry&predict=1", wait: ".claim-predict", act: (p) => guessThen(p, null) },
  { name: "phone why told", query: "?preset=supervisor.cost&predict=1", wait: ".claim-predict", phone: true, act: (p) => guessThen(p, "2") },
  // Issue 21 (learn-page): the progress view with an answered prediction in it, and the claims
  // list marking it.
  {
    name: "progress view",
    query: "?lesson=leader",
    act: async (p) => {
      await p.click(".claims-fold summary");
      await p.click('button.claim[data-preset="leader.fencing"]');
      await p.fill(".predict-number", "3");
      await p.press(".predict-number", "Enter");
      await p.waitForSelector(".claim-done");
      await p.click("#progress-button");
      await p.waitForSelector("#progress table");
    },
  },
];

/** Guesses 3 in the prompt, waits for the "why" and, with `choice`, answers it. */
async function guessThen(p, choice) {
  await p.fill(".predict-number", "3");
  await p.click(".claim-predict button[type=submit]");
  await p.waitForSelector(".claim-why");
  if (choice === null) return;
  await p.check(`.claim-why input[value="${choice}"]`);
  await p.click(".claim-why button[type=submit]");
  await p.waitForSelector(".why-feedback");
}

/** The axe rules that read colours: all that the dark scheme can change (style.css's dark
 * blocks set colour properties only, so every other rule gives the light audit's answer). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Runs axe on the page, every rule of TAGS (`colourOnly`: the rules that read colours);
 * returns the violations with their nodes. */
async function audit(p, colourOnly = false) {
  // Once a page: its dark audit reuses the axe its light one brought.
  if (!(await p.evaluate(() => Boolean(window.axe)))) await p.evaluate(AXE);
  const only = colourOnly ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: TAGS };
  return p.evaluate(async (runOnly) => {
    // axe preloads the stylesheets (for an experimental rule TAGS leave out) and the media (for
    // no-autoplay-audio) before auditing; only a page with audio or video needs it (the page has
    // none: 10 % of an audit's time, measured on three views).
    const preload = document.querySelector("audio, video") !== null;
    const result = await window.axe.run(document, { runOnly, resultTypes: ["violations"], noHtml: true, preload });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 3).join(" ").trim()}`),
    }));
  }, only);
}

/** Opens `view` on page `p` of `context` (a new page of it where `p` is null); returns the page. */
async function openView(context, url, view, p = null) {
  p ??= await page(context);
  p.problems.length = 0;
  await p.goto(`${url}/${view.query}`);
  await rendered(p);
  if (view.wait) await p.waitForSelector(view.wait, { timeout: 30000 });
  if (view.folds) await openFolds(p);
  if (view.act) await view.act(p);
  if (view.dialog) {
    await p.click("#embed-button");
    await p.waitForSelector("dialog[open]");
  }
  await settled(p);
  return p;
}

/** Relative luminance and contrast ratio (WCAG 2.1) of CSS colours `rgb(r, g, b)`. */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/** The a11y suite over every other view (`part` 0 or 1 of VIEWS, so two files run side by side),
 * each view audited in the light scheme and then, on the same page, in the dark one (only the
 * colours differ: one page load serves both audits); the keyboard, data-table and print checks
 * where `keyboard` is set. */
export function a11y({ part, keyboard }) {
describe("a11y", () => {
  let url;
  let b;
  const table = [];
  before(async () => {
    ({ url } = await serve({ maxAge: UNCHANGED }));
    b = await browser();
  });
  after(async () => {
    await b?.close();
    await stopServers();
    if (!table.length && !figures.length) return; // no audit ran (ONLY=)
    console.log(`\naxe-core ${AXE_VERSION} (${TAGS.join(", ")}): violations by impact, nodes counted`);
    console.log(`  ${"view".padEnd(40)} ${IMPACTS.map((i) => i.padStart(9)).join("")}`);
    for (const [view, counts] of table) console.log(`  ${view.padEnd(40)} ${IMPACTS.map((i) => String(counts[i]).padStart(9)).join("")}`);
    for (const [what, value] of figures) console.log(`  ${what.padEnd(56)} ${value}`);
  });

  let desktop;
  let phone;
  before(async () => {
    desktop = await b.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
    phone = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: "light" });
  });
  after(async () => {
    await desktop?.close();
    await phone?.close();
  });
  // One page per context, navigated from view to view (a new page for each cost 0.2 s of CPU
  // more per view, measured); a view's light audit leaves it open for its dark one.
  const pages = new Map();
  const open = new Set();
  /** The view's page in `scheme`: the one its light audit left, or its context's page opening it. */
  async function viewIn(view, scheme) {
    const context = view.phone ? phone : desktop;
    let p = pages.get(context);
    if (!p || p.isClosed()) pages.set(context, (p = await page(context)));
    if (!open.has(view.name)) {
      await p.emulateMedia({ colorScheme: "light" });
      await openView(context, url, view, p);
    }
    open.delete(view.name);
    await p.emulateMedia({ colorScheme: scheme });
    return p;
  }

  for (const view of VIEWS.filter((_, i) => i % 2 === part)) {
    for (const scheme of ["light", "dark"]) {
      test(`axe ${view.name} (${scheme}): no serious or critical violations`, async () => {
        const p = await viewIn(view, scheme);
        // Dark: the colour rules (the light audit of the same page ran every rule; a full dark
        // audit cost 0.5–0.7 s a view more, 49 views, for the same answers).
        const violations = await audit(p, scheme === "dark");
        const counts = Object.fromEntries(IMPACTS.map((i) => [i, 0]));
        for (const v of violations) counts[v.impact] += v.nodes.length;
        table.push([`${view.name} (${scheme})`, counts]);
        if (["embed dialog", "sweep heatmap", "timeline supervisor", "phone supervisor", "timeline claim_check", "phone timeline leader", "compare quotas"].includes(view.name)) {
          await shot(p, `a11y-${view.name.replaceAll(" ", "-")}-${scheme}`);
        }
        for (const v of violations) {
          if (v.impact === "serious" || v.impact === "critical" || process.env.A11Y_VERBOSE) {
            console.log(`     ${v.impact} ${v.id}: ${v.help}\n       ${v.nodes.slice(0, 4).join("\n       ")}${v.nodes.length > 4 ? `\n       … ${v.nodes.length - 4} more` : ""}`);
          }
        }
        assert.deepEqual(p.problems, [], "console errors or CSP violations");
        const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        if (scheme === "light") open.add(view.name);
        assert.equal(bad.length, 0, bad.map((v) => v.id).join(", "));
      });
    }
  }

  for (const scheme of part === 1 ? ["light", "dark"] : []) {
      test(`chart and timeline colours: marks 3:1, SVG text 4.5:1 against their background (${scheme})`, async () => {
        const p = await openView(desktop, url, { query: "?lesson=jobs&trace=limit:3", wait: ".trace .timeline svg" });
        await p.emulateMedia({ colorScheme: scheme });
        const pairs = await p.evaluate(() => {
          const probe = (cls, tag = "rect", parent = "plot timeline-svg") => {
            const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
            s.setAttribute("class", parent);
            const r = document.createElementNS("http://www.w3.org/2000/svg", tag);
            r.setAttribute("class", cls);
            s.append(r);
            document.querySelector(".group").append(s);
            const css = getComputedStyle(r);
            const out = tag === "path" ? css.stroke : css.fill;
            s.remove();
            return out;
          };
          const bg = getComputedStyle(document.querySelector(".group")).backgroundColor;
          const out = [];
          for (let i = 0; i < 6; i += 1) out.push([`series s${i} (bar)`, probe(`bar s${i}`), bg], [`series s${i} (line)`, probe(`line s${i}`, "path"), bg]);
          // Every tone a lesson can give a state (trace::Tone), and the event marks' failure tone.
          const tones = ["active", "done", "warning", "queued", "reverted", "muted", "success", "failure", "strong", "alert"];
          for (const tone of tones) out.push([`timeline state tone ${tone}`, probe(`tone-${tone}`), bg], [`timeline event mark tone ${tone}`, probe(`ev tone-${tone}`, "circle"), bg]);
          // Text in the SVGs (axe cannot tell their background): tick labels, titles, lane labels, rules.
          const text = (cls) => {
            const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
            s.setAttribute("class", "plot timeline-svg");
            const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
            g.setAttribute("class", "axis");
            const tx = document.createElementNS("http://www.w3.org/2000/svg", "text");
            tx.setAttribute("class", cls);
            tx.textContent = "1";
            g.append(tx);
            s.append(g);
            document.querySelector(".group").append(s);
            const fill = getComputedStyle(s.querySelector("text")).fill;
            s.remove();
            return fill;
          };
          for (const cls of ["", "title", "tick-label", "lane-label", "rule-label"]) out.push([`svg text ${cls || "tick"}`, text(cls), bg, 4.5]);
          return out;
        });
        const low = pairs.filter(([, fg, bg, min = 3]) => contrast(fg, bg) < min).map(([what, fg, bg]) => `${what} ${fg} on ${bg}: ${contrast(fg, bg).toFixed(2)}`);
        assert.deepEqual(low, []);
        await p.close();
      });
  }

  if (keyboard) {
  /** The views' desktop page (1280 × 900), in the light scheme, for the checks below to navigate
   * on: a new page for each cost about 0.25 s more. */
  async function desktopPage() {
    let p = pages.get(desktop);
    if (!p || p.isClosed()) pages.set(desktop, (p = await page(desktop)));
    open.clear(); // no view's light audit is left on it for a dark one
    await p.emulateMedia({ colorScheme: "light" });
    return p;
  }

  // ---------------------------------------------------------------- keyboard
  test("keyboard: Tab reaches every control in document order, each with a visible focus", async () => {
    const p = await openView(desktop, url, { query: "?lesson=supervisor&trace=scan:4", wait: ".trace .timeline svg" }, await desktopPage());
    await p.evaluate(() => {
      document.querySelector(".sweep").open = true;
      document.querySelector(".real-fold").open = true;
    });
    await p.waitForSelector(".sweep-form");
    // What should be reachable: every visible, enabled control that is not taken out of the order.
    const expected = await p.evaluate(() => {
      const sel = "a[href], button, input, select, textarea, summary, [tabindex]";
      const visible = (n) => {
        const r = n.getBoundingClientRect();
        return (r.width > 0 || r.height > 0) && getComputedStyle(n).visibility !== "hidden" && !n.closest("details:not([open]) > :not(summary)");
      };
      let i = 0;
      for (const n of document.querySelectorAll(sel)) {
        if (n.disabled || n.tabIndex < 0 || !visible(n)) continue;
        n.dataset.a11yOrder = String(i++);
      }
      return i;
    });
    const seen = [];
    const invisible = [];
    // Start where a keyboard user starts: the first Tab of a fresh page lands on the skip link.
    await p.evaluate(() => document.activeElement?.blur());
    await p.focus("#skip-link");
    for (let k = 0; k < expected + 40; k += 1) {
      if (k > 0) await p.keyboard.press("Tab");
      const f = await p.evaluate(() => {
        const a = document.activeElement;
        if (!a || a === document.body) return null;
        const css = getComputedStyle(a);
        const outline = css.outlineStyle !== "none" && parseFloat(css.outlineWidth) > 0;
        const shadow = css.boxShadow !== "none";
        const svgStroke = a instanceof SVGElement && css.stroke !== "none" && parseFloat(css.strokeWidth) >= 2;
        return {
          order: a.dataset.a11yOrder ?? a.closest("[data-a11y-order]")?.dataset.a11yOrder ?? null,
          what: `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ""}.${a.getAttribute("class") ?? ""} ${(a.getAttribute("aria-label") ?? a.textContent).slice(0, 30)}`,
          visible: a.matches(":focus-visible") && (outline || shadow || svgStroke),
        };
      });
      if (!f) break;
      if (f.order !== null && seen.length && Number(f.order) <= Number(seen[seen.length - 1].order)) break; // wrapped around
      seen.push(f);
      if (!f.visible) invisible.push(f.what);
    }
    const orders = seen.map((f) => Number(f.order));
    assert.ok(!orders.some(Number.isNaN), `focus on an element not counted: ${seen.filter((f) => f.order === null).map((f) => f.what).join(", ")}`);
    assert.deepEqual(orders, [...orders].sort((x, y) => x - y), "focus order follows the document");
    const missed = await p.evaluate((got) => [...document.querySelectorAll("[data-a11y-order]")].filter((n) => !got.includes(Number(n.dataset.a11yOrder))).map((n) => `${n.tagName} ${n.className?.baseVal ?? n.className} ${n.textContent.slice(0, 20)}`), orders);
    assert.deepEqual(missed, [], "controls Tab never reached");
    assert.deepEqual(invisible, [], "focus without a visible indicator");
    figures.push(["Tab stops on the supervisor page (trace, sweep, extensions open)", seen.length]);
  });

  test("keyboard: the timeline plays, pauses, steps and jumps with Space, arrows, Home and End", async () => {
    const p = await openView(desktop, url, { query: "?lesson=supervisor&trace=scan:4", wait: ".trace .timeline svg" }, await desktopPage());
    const frame = () => p.evaluate(() => Number(document.querySelector(".trace .scrubber").value));
    const frames = await p.evaluate(() => Number(document.querySelector(".trace .scrubber").max));
    await p.focus(".trace .play");
    await p.keyboard.press("Home");
    assert.equal(await frame(), 0);
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowRight");
    assert.equal(await frame(), 2);
    await p.keyboard.press("ArrowLeft");
    assert.equal(await frame(), 1);
    await p.keyboard.press("End");
    assert.equal(await frame(), frames);
    await p.keyboard.press("Home");
    await p.keyboard.press("Space");
    await p.waitForFunction(() => Number(document.querySelector(".trace .scrubber").value) > 0);
    assert.equal(await p.getAttribute(".trace .play", "aria-pressed"), "true");
    await p.keyboard.press("Space");
    assert.equal(await p.getAttribute(".trace .play", "aria-pressed"), "false");
    // The scrubber speaks the position, not a bare number.
    assert.match((await p.getAttribute(".trace .scrubber", "aria-valuetext")) ?? "", /\d/);
    // The same keys on the section itself (where focus lands when a run opens).
    await p.focus(".trace");
    await p.keyboard.press("End");
    assert.equal(await frame(), frames);
  });

  test("keyboard: a chart point that opens a run is focusable and opens it with Enter", async () => {
    const p = await openView(desktop, url, { query: "?lesson=supervisor" }, await desktopPage());
    const count = await p.locator(".report .plot .watchable").count();
    assert.ok(count > 0, "no watchable points");
    const point = p.locator(".report .plot .watchable").first();
    assert.equal(await point.getAttribute("tabindex"), "0");
    assert.equal(await point.getAttribute("role"), "button");
    await point.focus();
    await p.keyboard.press("Enter");
    await p.waitForSelector(".trace .timeline svg", { timeout: 30000 });
    assert.match(p.url(), /trace=/);
  });

  test("keyboard: heatmap cells are one Tab stop, move with arrows and open with Enter", async () => {
    const p = await openView(
      desktop,
      url,
      { query: "?lesson=supervisor&sweep=scan:1..4&sweep_y=lease:1..3&metric=recovery.supervisor_on@worst_recovery", wait: ".sweep-result .heatmap svg" },
      await desktopPage(),
    );
    const stops = await p.evaluate(() => [...document.querySelectorAll(".heatmap rect")].filter((r) => r.tabIndex === 0).length);
    assert.equal(stops, 1);
    await p.focus(".heatmap rect[tabindex='0']");
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowDown");
    await p.keyboard.press("ArrowDown");
    await p.keyboard.press("ArrowUp");
    const at = await p.evaluate(() => document.activeElement.dataset.cell);
    assert.equal(at, String(1 * 4 + 2)); // scan 3, lease 2 (the lesson's lease: not in the link)
    await p.keyboard.press("Enter");
    await p.waitForSelector(".trace .timeline svg", { timeout: 30000 });
    assert.match(p.url(), /[?&]scan=3(&|$)/);
    assert.doesNotMatch(p.url(), /[?&]lease=/);
  });

  test("keyboard: the embed dialog keeps focus inside and returns it on close", async () => {
    const p = await openView(desktop, url, { query: "?lesson=jobs" }, await desktopPage());
    await p.focus("#embed-button");
    await p.keyboard.press("Enter");
    await p.waitForSelector("dialog[open]");
    for (let k = 0; k < 8; k += 1) {
      assert.ok(await p.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]"))), `focus left the dialog after ${k} Tab(s)`);
      await p.keyboard.press("Tab");
    }
    await p.keyboard.press("Escape");
    await p.waitForSelector("dialog", { state: "detached" });
    assert.equal(await p.evaluate(() => document.activeElement?.id), "embed-button");
    // The close button returns focus too.
    await p.keyboard.press("Enter");
    await p.waitForSelector("dialog[open]");
    await p.click("dialog .dialog-buttons button:last-child");
    await p.waitForSelector("dialog", { state: "detached" });
    assert.equal(await p.evaluate(() => document.activeElement?.id), "embed-button");
  });

  test("every chart and timeline has its data as a table", async () => {
    for (const query of ["?lesson=supervisor&trace=scan:4", "?lesson=jobs&trace=limit:3", "?lesson=compensation&trace=run:hung"]) {
      const p = await openView(desktop, url, { query, wait: ".trace .timeline svg" }, await desktopPage());
      // The tables are built when their fold first opens.
      await p.evaluate(() => {
        for (const d of document.querySelectorAll("details.data-fold")) d.open = true;
      });
      await settled(p);
      const missing = await p.evaluate(() =>
        [...document.querySelectorAll("figure.chart, figure.timeline")]
          .filter((f) => !f.querySelector("details.data-fold table") && !f.parentElement.querySelector(":scope > details.data-fold table"))
          .map((f) => f.dataset.chart ?? f.dataset.track ?? f.className),
      );
      assert.deepEqual(missing, [], query);
    }
  });

  test("print: the handout shows title, changed values and link; no controls, no dark background", async () => {
    const dark = await b.newContext({ viewport: { width: 1000, height: 1300 }, colorScheme: "dark" });
    const p = await openView(dark, url, { query: "?lesson=jobs&seed=42&fail_prob=0.3" });
    await p.emulateMedia({ media: "print", colorScheme: "dark" });
    const info = await p.evaluate(() => {
      const shown = (s) => [...document.querySelectorAll(s)].some((n) => n.getBoundingClientRect().height > 0);
      return {
        title: shown("h1"),
        link: document.querySelector(".print-info")?.textContent ?? "",
        panel: shown(".panel"),
        buttons: [...document.querySelectorAll("button")].filter((n) => n.getBoundingClientRect().height > 0).length,
        bg: getComputedStyle(document.body).backgroundColor,
        group: getComputedStyle(document.querySelector(".group")).backgroundColor,
        tables: shown("table.data"),
        charts: shown(".report svg"),
        // Every bar the screen draws prints too (a page class once hid SVG rects named "bar").
        bars: [...document.querySelectorAll(".report rect.bar")].every((r) => r.getBoundingClientRect().height > 0 || r.getAttribute("height") === "0"),
      };
    });
    assert.ok(info.title && info.tables && info.charts && info.bars, JSON.stringify(info));
    assert.ok(!info.panel, "the panel prints");
    assert.equal(info.buttons, 0, "buttons print");
    assert.match(info.link, /seed=42/);
    assert.match(info.link, /fail_prob/);
    assert.match(info.link, /0\.3/);
    for (const bg of [info.bg, info.group]) assert.ok(luminance(bg) > 0.9, `dark background in print: ${bg}`);
    await shot(p, "a11y-print-jobs");
    await p.pdf({ path: "target/screenshots/a11y-print-jobs.pdf", format: "A4" });
    await p.close();
    await dark.close();
  });

  }
});
}
