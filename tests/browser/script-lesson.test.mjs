// Issue 34's journey on the built site: the replica lesson (lessons/replica: the author's two
// scripts and a manifest, no Rust) as a learner on a phone meets it. Every number the page shows
// is what the author's own script prints — node runs lessons/replica/olc.mjs beside the page — and
// every tool of a Rust lesson works on it: the panel and its refusals, the share link, English,
// compare, a sweep, a claim's prediction and why, a challenge.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, clean, page, rendered, settled, setParam, shot, suiteEnv } from "./lib.mjs";

const DIR = join(ROOT, "lessons", "replica");
/** What the author's script prints at `params` (the script's own argument, JSON). */
const printed = (params) => execFileSync("node", [join(DIR, "olc.mjs"), ...(params ? [JSON.stringify(params)] : [])], { encoding: "utf8" });
/** The kinds table's row `label` (olcu, kopya kumesi, sirali kume) as the script prints it. */
function row(text, label) {
  const line = text.split("\n").find((l) => l.startsWith(`${label} `));
  return line.trim().split(/\s{2,}/).slice(1);
}
/** The page's kinds table: its rows' cells' texts, by the row's first cell. */
const tableRows = (p) =>
  p.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-group="kinds"] table.data tbody tr')].map((tr) => [tr.cells[0].textContent.trim(), [...tr.cells].slice(1).map((c) => c.textContent.trim())]),
    ),
  );
/** Whether the selector's first match is inside the viewport (its top edge on the screen). */
const inView = (p, sel) =>
  p.locator(sel).first().evaluate((n) => {
    const r = n.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.top < innerHeight;
  });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" };

describe("a script lesson on the built site (replica)", () => {
  const env = suiteEnv();

  test("on a phone: its tab, its first table in view with the script's numbers, a value changed from the panel, and the link reproduces it", async () => {
    const ctx = await env.b.newContext(PHONE);
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=replica`);
    await rendered(p);
    await settled(p);
    assert.equal(await p.getAttribute("#tab-replica", "aria-selected"), "true");
    assert.equal(await p.textContent("h1, #lesson-title").then((t) => t.trim()), "Kopya Kümeleri ve Sıralı Kümeler");
    assert.ok(await inView(p, '[data-group="kinds"] table.data'), "the first table starts on the first screen");
    const defaults = printed(null);
    const rows = await tableRows(p);
    assert.deepEqual(rows["eksik tur"], row(defaults, "eksik tur"));
    assert.deepEqual(rows["yeni kimlik"], row(defaults, "yeni kimlik"));
    await shot(p, "script-replica-phone");
    // The learner raises the end probability from the panel (folded on a phone).
    if (!(await p.locator(".panel-fold").evaluate((d) => d.open))) await p.click(".panel-fold > summary");
    await setParam(p, "end_prob", "0.2");
    await settled(p);
    const changed = printed({ end_prob: 0.2 });
    assert.deepEqual((await tableRows(p))["eksik tur"], row(changed, "eksik tur"));
    assert.match(p.url(), /end_prob=0\.2/);
    // The "what moved" bar says which numbers the script printed moved, before and after.
    assert.ok((await p.textContent(".changes-slot")).includes(`en az hazir · kopya kumesi: ${row(defaults, "en az hazir")[0]} → ${row(changed, "en az hazir")[0]}`));
    // The share link, opened by someone else, shows the same table.
    const q = await page(ctx);
    await q.goto(p.url());
    await rendered(q);
    assert.deepEqual(await tableRows(q), await tableRows(p));
    clean(p, "the replica lesson");
    clean(q, "its share link");
    await ctx.close();
  });

  test("a value out of bounds is named with what is allowed, kept in its field, and the lesson's value computed", async () => {
    const ctx = await env.b.newContext(PHONE);
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=replica&replicas=99`);
    await rendered(p);
    const error = p.locator(".error").filter({ hasText: "99" });
    assert.match(await error.textContent(), /“99” kullanılamadı: 1 ile 20 arasında bir tam sayı\. Hesap dersin değeriyle \(3\) yapıldı\./);
    assert.equal(await p.inputValue('input[name="replicas"]'), "99", "what the learner typed stays");
    assert.deepEqual((await tableRows(p))["eksik tur"], row(printed(null), "eksik tur"));
    clean(p, "a refused value");
    await ctx.close();
  });

  test("in English: the manifest's titles and column names, the script's numbers", async () => {
    const ctx = await env.b.newContext(PHONE);
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=replica&lang=en`);
    await rendered(p);
    assert.equal(await p.evaluate(() => document.documentElement.lang), "en");
    assert.match(await p.textContent('[data-group="kinds"]'), /Two kinds of set, the same endings/);
    const heads = await p.locator('[data-group="kinds"] table.data thead th').allTextContents();
    assert.deepEqual(heads.map((h) => h.trim()), ["metric", "replica set", "stateful set"]);
    clean(p, "in English");
    await ctx.close();
  });

  test("compare, a sweep over a parameter the manifest declares, a claim predicted and explained, a challenge met", async () => {
    const ctx = await env.b.newContext(PHONE);
    const p = await page(ctx);
    // Compare: the lesson's values against end_prob=0.2, the largest moves listed with their deltas.
    await p.goto(`${env.url}?lesson=replica&vs=end_prob%3D0.2`);
    await rendered(p);
    const before = Number(row(printed({ end_prob: 0.2 }), "en uzun eksik")[1]);
    const after = Number(row(printed(null), "en uzun eksik")[1]);
    const delta = `${after < before ? "\u2212" : "+"}${Math.abs(after - before)}`;
    assert.ok((await p.textContent(".compare-summary")).includes(`en uzun eksik · sirali kume: ${before} → ${after} (${delta})`));
    // A number in a line of text is named by its words: "26 kez tamamlandi" is "kez tamamlandi".
    const done = (text) => Number(/(\d+) kez tamamlandi/.exec(text)[1]);
    const [db, da] = [done(printed({ end_prob: 0.2 })), done(printed(null))];
    assert.ok((await p.textContent(".compare-summary")).includes(`kez tamamlandi: ${db} → ${da} (${da < db ? "\u2212" : "+"}${Math.abs(da - db)})`));
    // A sweep: a line per row of the stateful set's column, a point per value, each the number
    // the script prints at that value.
    await p.goto(`${env.url}?lesson=replica&sweep=replicas:1..6&metric=kinds.sirali_kume&lang=en`);
    await rendered(p);
    await p.waitForSelector("#sweep figure svg");
    const points = await p.locator('#sweep figure [data-point^="0:"]').evaluateAll((ns) => ns.map((n) => n.getAttribute("aria-label") ?? n.textContent));
    assert.deepEqual(
      points,
      [1, 2, 3, 4, 5, 6].map((n) => `eksik tur — Replicas ${n}: ${row(printed({ replicas: n }), "eksik tur")[1]}`),
    );
    await settled(p);
    await shot(p, "script-replica-sweep-phone");
    // A claim: predict first (the tables held back), then why, then the marked cells.
    await p.goto(`${env.url}?lesson=replica&preset=replica.ordered-start&predict=1`);
    await rendered(p);
    await p.waitForSelector(".claim-predict");
    assert.ok(await inView(p, ".claim-predict"), "the question is on the screen");
    await p.check('.claim-predict input[value="more"]');
    await p.click(".claim-predict button[type=submit]");
    await p.waitForSelector(".claim-why");
    await p.check('.claim-why input[value="0"]');
    await p.click(".claim-why button[type=submit]");
    await p.waitForSelector(".why-feedback.right");
    assert.ok((await p.locator(".claim-mark").count()) >= 4, "the claim's cells are marked");
    // A challenge: open, then met once the end probability is low enough.
    await p.goto(`${env.url}?lesson=replica&challenge=replica.ordered-as-fast`);
    await rendered(p);
    await p.waitForSelector(".challenge-open");
    if (!(await p.locator(".panel-fold").evaluate((d) => d.open))) await p.click(".panel-fold > summary");
    await setParam(p, "end_prob", "0.005");
    await p.waitForSelector(".challenge-solved");
    await settled(p);
    await shot(p, "script-replica-challenge-phone");
    clean(p, "compare, sweep, claim, challenge");
    await ctx.close();
  });

  test("the embed dialog: a snippet whose preview shows the lesson; no SCORM package is offered (a script lesson has none yet)", async () => {
    const ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=replica&lang=en`);
    await rendered(p);
    await p.click("#embed-button");
    await p.waitForFunction(() => /\d+ px/.test(document.querySelector(".embed-height")?.textContent ?? ""), null, { timeout: 30000 });
    assert.match(await p.inputValue(".snippet"), /<iframe src="[^"]*lesson=replica[^"]*embed=1/);
    const preview = p.frameLocator("dialog iframe.embed-preview");
    await preview.locator('[data-group="kinds"] table.data').waitFor();
    assert.ok(await p.isHidden("#embed-scorm"), "no SCORM button");
    clean(p, "the embed dialog");
    await ctx.close();
  });
});
