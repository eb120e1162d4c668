// Issue 34's journey on the built site: the replica lesson (lessons/replica: the author's two
// scripts and a manifest, no Rust) as a learner on a phone meets it. Every number the page shows
// is what the author's own script prints — node runs lessons/replica/olc.mjs beside the page — and
// every tool of a Rust lesson works on it: the panel and its refusals, the share link, English,
// compare, a sweep, a claim's prediction and why, a challenge.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLI } from "../cli.mjs";
import { ROOT, clean, firstVisitOffline, page, rendered, settled, setParam, sharedPage, shot, suiteEnv } from "./lib.mjs";
import { lms, unzip } from "./lms.mjs";

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
const WORK = join(ROOT, "target", "script-lesson-test");
mkdirSync(WORK, { recursive: true });
/** The CLI's package of `query` written to `out`; its bytes. */
function cliPackage(query, out) {
  execFileSync(CLI, ["package", "--scorm", query, "-o", out, "--site", join(ROOT, "www")], { stdio: ["ignore", "ignore", "inherit"] });
  return readFileSync(out);
}
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" };

describe("a script lesson on the built site (replica)", () => {
  const env = suiteEnv();
  // A phone's page and a laptop's go through the checks, each reset (lib.mjs).
  const phone = sharedPage(env, PHONE);
  const laptop = sharedPage(env, { reducedMotion: "reduce", acceptDownloads: true });

  test("on a phone: its tab, its first table in view with the script's numbers, a value changed from the panel, and the link reproduces it", async () => {
    const p = await phone({ viewport: PHONE.viewport });
    await p.goto(`${env.url}?lesson=replica`);
    await rendered(p);
    await settled(p);
    assert.equal(await p.getAttribute("#tab-replica", "aria-selected"), "true");
    // In the course's order: replica sets come before Jobs (the manifest's "before").
    const tabs = await p.locator("#tabs [role=tab]").evaluateAll((ts) => ts.map((t) => t.id));
    assert.equal(tabs.indexOf("tab-replica"), tabs.indexOf("tab-jobs") - 1, tabs.join(" "));
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
    const q = await page(p.context());
    await q.goto(p.url());
    await rendered(q);
    assert.deepEqual(await tableRows(q), await tableRows(p));
    clean(p, "the replica lesson");
    clean(q, "its share link");
    await q.close();
  });

  test("a value out of bounds is named with what is allowed, kept in its field, and the lesson's value computed", async () => {
    const p = await phone({ viewport: PHONE.viewport });
    await p.goto(`${env.url}?lesson=replica&replicas=99`);
    await rendered(p);
    const error = p.locator(".error").filter({ hasText: "99" });
    assert.match(await error.textContent(), /“99” kullanılamadı: 1 ile 20 arasında bir tam sayı\. Hesap dersin değeriyle \(3\) yapıldı\./);
    assert.equal(await p.inputValue('input[name="replicas"]'), "99", "what the learner typed stays");
    assert.deepEqual((await tableRows(p))["eksik tur"], row(printed(null), "eksik tur"));
    clean(p, "a refused value");
  });

  test("in English: the manifest's titles and column names, the script's numbers", async () => {
    const p = await phone({ viewport: PHONE.viewport });
    await p.goto(`${env.url}?lesson=replica&lang=en`);
    await rendered(p);
    assert.equal(await p.evaluate(() => document.documentElement.lang), "en");
    assert.match(await p.textContent('[data-group="kinds"]'), /Two kinds of set, the same endings/);
    const heads = await p.locator('[data-group="kinds"] table.data thead th').allTextContents();
    assert.deepEqual(heads.map((h) => h.trim()), ["metric", "replica set", "stateful set"]);
    clean(p, "in English");
  });

  test("compare, a sweep over a parameter the manifest declares, a claim predicted and explained, a challenge met", async () => {
    const p = await phone({ viewport: PHONE.viewport });
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
    // The figure is named by the manifest's words: the column's and the group's, in English.
    assert.equal(await p.locator("#sweep figure figcaption").first().textContent(), "stateful set — Two kinds of set, the same endings across Replicas");
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
  });

  test("the embed dialog: a snippet whose preview shows the lesson, and its SCORM package is the CLI's", async () => {
    const p = await laptop({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${env.url}?lesson=replica&lang=en`);
    await rendered(p);
    await p.click("#embed-button");
    await p.waitForFunction(() => /\d+ px/.test(document.querySelector(".embed-height")?.textContent ?? ""), null, { timeout: 30000 });
    assert.match(await p.inputValue(".snippet"), /<iframe src="[^"]*lesson=replica[^"]*embed=1/);
    const preview = p.frameLocator("dialog iframe.embed-preview");
    await preview.locator('[data-group="kinds"] table.data').waitFor();
    await p.locator("#embed-scorm").waitFor();
    // Below the snippet in the dialog: scrolled to, as a teacher does.
    await p.locator("#embed-scorm").scrollIntoViewIfNeeded();
    assert.ok(await inView(p, "#embed-scorm"), "the SCORM button is on the screen");
    const [download] = await Promise.all([p.waitForEvent("download"), p.click("#embed-scorm")]);
    assert.equal(download.suggestedFilename(), "tatbikat-replica-en.zip");
    // The page's packager and the CLI give the same bytes for the same link.
    const query = "lesson=replica&preset=replica.ordered-start&predict=1";
    const built = await p.evaluate(async (q) => Array.from((await (await import("./scorm/package.js")).build(q, "en")).bytes), query);
    const cli = cliPackage(`${query}&lang=en`, join(WORK, "replica-en.zip"));
    assert.ok(Buffer.from(built).equals(cli), "the page's package is the CLI's");
    clean(p, "the embed dialog");
  });

  test("a returning visitor (the offline copy in control) opens a shared link with changed values: the script's numbers", async () => {
    const ctx = await env.b.newContext(PHONE);
    try {
      await ctx.clock.install(); // the first visit's quiet period passed, not waited (lib.mjs)
      const p = await page(ctx);
      await p.goto(`${env.url}?lesson=replica`);
      await rendered(p);
      await firstVisitOffline(p, 30000);
      await p.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      // Visits answered from the offline copy, its scripts compiled from Chromium's code cache.
      for (const replicas of [5, 7]) {
        await p.goto(`${env.url}?lesson=replica&replicas=${replicas}&end_prob=0.1&v=1`);
        await rendered(p);
        assert.ok(await p.evaluate(() => !!navigator.serviceWorker.controller), "answered by the offline copy");
        assert.deepEqual((await tableRows(p))["eksik tur"], row(printed({ replicas, end_prob: 0.1 }), "eksik tur"), `replicas=${replicas}`);
      }
      clean(p, "a returning visitor's link");
    } finally {
      await ctx.close();
    }
  });

  test("the host API: a course page of another origin drives a replica embed; its tables are the script's, a bad value the codec's error", async () => {
    const html = `<!doctype html><html lang="en"><title>lesson</title><body><iframe id="a" width="900" height="600"></iframe><script>window.got = []; addEventListener("message", (e) => window.got.push(e.data));</script></body></html>`;
    const server = createServer((req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const origin = `http://localhost:${server.address().port}`;
    try {
      const p = await laptop({ viewport: { width: 1000, height: 900 } });
      await p.goto(`${origin}/lesson.html`);
      await p.evaluate((src) => (document.getElementById("a").src = src), `${env.url}?lesson=replica&embed=1&controls=0&origin=${encodeURIComponent(origin)}`);
      await p.waitForFunction(() => window.got.some((m) => m.type === "tatbikat:state"), null, { timeout: 30000 });
      const frame = p.frames().find((f) => f !== p.mainFrame());
      const answer = (id) => p.waitForFunction((id) => window.got.find((m) => m.id === id), id, { timeout: 30000 }).then((h) => h.jsonValue());
      const send = (id, message) => p.evaluate(([m, target]) => document.getElementById("a").contentWindow.postMessage(m, target), [{ ...message, id }, new URL(env.url).origin]);
      await send("g1", { type: "tatbikat:get" });
      const state = await answer("g1");
      assert.equal(state.lesson, "replica");
      assert.equal(state.values.end_prob, "0.03", "the script's VARSAYILAN");
      const renders = Number(await frame.evaluate(() => document.body.dataset.renders));
      await send("s1", { type: "tatbikat:set", values: { end_prob: 0.2, replicas: "5" } });
      const set = await answer("s1");
      assert.deepEqual([...set.changed].sort(), ["end_prob", "replicas"]);
      await rendered(frame, renders + 1);
      assert.deepEqual((await tableRows(frame))["eksik tur"], row(printed({ replicas: 5, end_prob: 0.2 }), "eksik tur"));
      await send("s2", { type: "tatbikat:set", values: { end_prob: "2" } });
      const refused = await answer("s2");
      assert.equal(refused.type, "tatbikat:error");
      assert.match(refused.error.message ?? JSON.stringify(refused.error), /end_prob.*2/);
      clean(p, "the host API");
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  test("its SCORM package: inside an LMS the claim's prediction reaches it with the script's answer; from disk the page says it needs serving", async () => {
    const dir = join(WORK, "replica");
    cliPackage("lesson=replica&preset=replica.ordered-start&predict=1", `${dir}.zip`);
    unzip(`${dir}.zip`, dir);
    const names = readdirSync(dir, { recursive: true });
    for (const want of ["imsmanifest.xml", "replica.html", "lessons/replica/olc.mjs", "lessons/replica/akis.mjs", "pkg/script.wasm", "disk/boot.js"]) assert.ok(names.includes(want), want);
    for (const other of ["pkg/jobs.wasm", "disk/page.js", "jobs.html"]) assert.ok(!names.includes(other), `no ${other}`);
    const href = /adlcp:scormtype="sco" href="([^"]+)"/.exec(readFileSync(join(dir, "imsmanifest.xml"), "utf8"))[1].replaceAll("&amp;", "&");
    const host = await lms(WORK);
    try {
      const p = await laptop({ viewport: { width: 1000, height: 900 } });
      await p.goto(`${host.url}/lms.html?launch=${encodeURIComponent(`/content/replica/${href}`)}`);
      const sco = p.frameLocator("#sco");
      await sco.locator(".claim-predict").waitFor({ timeout: 30000 });
      await sco.locator('.claim-predict input[value="more"]').check();
      await sco.locator(".claim-predict button[type=submit]").click();
      await p.waitForFunction(() => window.lms.values["cmi.core.lesson_status"] === "completed", null, { timeout: 20000 });
      const values = await p.evaluate(() => window.lms.values);
      // The claim asks how the stateful set's short rounds compare with the replica set's at a
      // reconcile interval of 10: the script's own numbers decide.
      const line = printed(null).split("\n").find((l) => l.startsWith("10 "));
      const [kopya, sirali] = line.trim().split(/\s+/).slice(1, 3).map(Number);
      assert.equal(values["cmi.interactions.0.id"], "replica.ordered-start");
      assert.equal(values["cmi.interactions.0.correct_responses.0.pattern"], sirali > kopya ? "m" : sirali < kopya ? "l" : "s");
      assert.equal(values["cmi.interactions.0.result"], sirali > kopya ? "correct" : "wrong");
      await shot(p, "script-replica-scorm-lms");
      clean(p, "the replica package in the LMS");
    } finally {
      host.server.close();
    }
    // Unzipped and double-clicked: the tables drawn at build time, and why there is no more.
    const ctx = await env.b.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
    try {
      const p = await page(ctx);
      await p.goto(pathToFileURL(join(dir, "replica.html")).href);
      await p.locator(".disk-served").waitFor();
      assert.ok(await inView(p, ".disk-served"), "the note is on the first screen");
      assert.match(await p.textContent(".disk-served"), /web sunucusu/);
      assert.equal(await p.locator("#tabs [role=tab]").count(), 1, "no tab to a lesson the package lacks");
      assert.ok(await p.isHidden("#copy-link"), "no control that could not answer");
      assert.ok(await p.isVisible('[data-group="kinds"] table.data'), "the tables are shown");
      const cells = await tableRows(p);
      assert.deepEqual(cells["eksik tur"], row(printed(null), "eksik tur"), "the tables at the lesson's values");
      await shot(p, "script-replica-scorm-disk-phone");
    } finally {
      await ctx.close();
    }
  });
});
