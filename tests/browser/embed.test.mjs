// Teaching with embeds (issue 22): the embed dialog never pairs a prediction with a figure that
// hides its answer (every claim × every figure of every lesson, driven through the dialog and
// checked against the core's own report, target/pkg-node); the snippet's copy is the clipboard's;
// the API for the embedding page (tatbikat:set / get / state / prediction) from a page of another
// origin, refusals with the core's error, messages of other origins ignored; the loader
// <tatbikat-embed> on a page of another origin, included as a classic and as a module script;
// axe on the dialog. Needs ./build.sh build.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { LESSONS, ROOT, clean, consoleOr, page, rendered, serve, settled, shot, suiteEnv } from "./lib.mjs";
import { question } from "../../www/controls/predict.js";

const require = createRequire(import.meta.url);
const core = require(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const PRESETS = core.presets();
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The marks a claim's guess is compared with, read from the core's report as the page reads
 * them (www/controls/predict.js answer): null when the report lacks one. */
function answerMarks(preset, shown) {
  const q = question(preset);
  if (!q || !shown) return null;
  if (q.kind === "ratio") {
    const r = shown.ratios?.[q.index];
    return r && r.value !== null ? [r.of, r.to] : null;
  }
  const picked = q.kind === "number" ? [shown.highlights[q.index]] : [shown.highlights[q.a], shown.highlights[q.b]];
  if (picked.some((m) => !m) || (q.kind === "choice" && picked.some((m) => m.value === null))) return null;
  return picked;
}

/** Whether the embed at `href` shows every mark of its claim's answer: with figure=, that table
 * or chart (a one-figure view shows it under the first group holding it, without sentences);
 * with section=, that section; else the lesson. */
const reports = new Map();
function showsAnswer(href) {
  const q = new URL(href).searchParams;
  const preset = PRESETS.find((p) => p.id === q.get("preset"));
  if (!reports.has(preset.id)) reports.set(preset.id, core.run(preset.query));
  const doc = reports.get(preset.id);
  const marks = answerMarks(preset, doc.preset);
  if (!marks) return false;
  const figure = q.get("figure");
  const section = q.get("section");
  if (figure) {
    const group = doc.sections.flatMap((s) => s.groups).find((g) => g.charts.some((c) => c.key === figure) || g.blocks.some((b) => b.type === "table" && b.key === figure));
    return marks.every((m) => m.kind !== "value" && m.key === figure && m.group === group?.key);
  }
  if (section) return marks.every((m) => doc.sections.find((s) => s.name === section).groups.some((g) => g.key === m.group));
  return true;
}

/** A page of another origin (localhost; tatbikat is served on 127.0.0.1) with `body`. */
const hosts = new Set();
async function host(body) {
  const html = `<!doctype html><html lang="en"><title>lesson</title><body><h1>Lesson</h1>${body}</body></html>`;
  const server = createServer((req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  hosts.add(close);
  const origin = `http://localhost:${server.address().port}`;
  return { origin, url: `${origin}/lesson.html` };
}

describe("teaching with embeds", () => {
  const env = suiteEnv();
  let ctx;
  before(async () => {
    ctx = await env.b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  });
  after(() => hosts.forEach((close) => close()));

  test("the dialog pairs a prediction only with a figure that shows its number: every claim × every figure of every lesson", async () => {
    const p = await page(ctx);
    let pairs = 0;
    let refused = 0;
    for (const lesson of LESSONS) {
      await p.goto(`${env.url}?lesson=${lesson}`);
      await rendered(p);
      await p.click("#embed-button");
      await p.waitForSelector("dialog.embed-dialog[open] #embed-claim");
      // Through the dialog's own controls, in the page: every claim, every figure, predict on.
      const rows = await p.evaluate(async () => {
        const d = document.querySelector("dialog.embed-dialog");
        const $ = (s) => d.querySelector(s);
        const change = (n) => n.dispatchEvent(new Event("change"));
        const idle = () => new Promise((r) => setTimeout(r, 5));
        const href = () => /src="([^"]+)"/.exec($(".snippet").value)[1].replaceAll("&amp;", "&");
        const figures = [...$("#embed-figure").options].map((o) => o.value);
        const claims = [...$("#embed-claim").options].map((o) => o.value).filter(Boolean);
        const out = [];
        for (const claim of claims) {
          $("#embed-claim").value = claim;
          change($("#embed-claim"));
          while (d.dataset.pending) await idle();
          const predict = $("#embed-predict");
          if (!predict.disabled && !predict.checked) {
            predict.checked = true;
            change(predict);
          }
          for (const figure of figures) {
            $("#embed-scope-figure").checked = true;
            $("#embed-figure").value = figure;
            change($("#embed-figure"));
            const row = { claim, figure, asks: !predict.disabled, href: href(), note: $("#embed-pairing").textContent, fixed: null };
            const fix = $("#embed-fix");
            if (fix) {
              row.fix = fix.textContent;
              fix.click();
              row.fixed = href();
            }
            out.push(row);
          }
        }
        d.close();
        return out;
      });
      for (const row of rows) {
        const at = `${lesson} ${row.claim} × ${row.figure}`;
        const q = new URL(row.href).searchParams;
        assert.equal(q.get("preset"), row.claim, at);
        assert.equal(q.get("figure"), row.figure, at);
        if (!row.asks) {
          assert.equal(q.get("predict"), null, `${at}: a claim without a question asks nothing`);
          continue;
        }
        pairs += 1;
        // Never a prediction whose answer the figure lacks; never a refusal of one that shows it.
        assert.equal(q.get("predict") === "1", showsAnswer(`${row.href}&predict=1`), `${at}: ${row.note}`);
        if (q.get("predict") === "1") continue;
        refused += 1;
        assert.ok(row.note.length > 20 && row.fix, `${at}: said why, with a way out (${row.note})`);
        const fixed = new URL(row.fixed).searchParams;
        assert.equal(fixed.get("predict"), "1", `${at}: the offered choice asks`);
        assert.ok(showsAnswer(row.fixed), `${at}: the offered choice shows the number (${row.fixed})`);
      }
    }
    assert.ok(pairs > 100 && refused > 10, `${pairs} pairs, ${refused} refused`);
    clean(p, "every pair");
    await p.close();
  });

  test("the issue's quotas case: the dialog says why, offers the table, the embed then shows the guess beside the core's number; the copied code is the clipboard's", async () => {
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.url.replace(/\/$/, "") });
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=quotas&lang=en`);
    await rendered(p);
    await p.click("#embed-button");
    // No claim was chosen on the page: the dialog offers them all.
    await p.selectOption("#embed-claim", "quotas.default-request");
    await p.waitForFunction(() => !document.querySelector("dialog.embed-dialog").dataset.pending);
    await p.check("#embed-predict");
    await p.check("#embed-scope-figure");
    // The figure: the chart "Starved and rejected requests by quota".
    await p.selectOption("#embed-figure", "requests_vs_quota");
    assert.equal(await p.isChecked("#embed-controls"), false, "one figure: no panel by default");
    assert.match(await p.textContent("#embed-pairing"), /does not show the number/);
    assert.doesNotMatch(await p.inputValue(".snippet"), /predict=1/);
    assert.doesNotMatch(await p.textContent("dialog.embed-dialog"), /tatbikat:height/, "no message names");
    await p.click("#embed-fix");
    assert.equal(await p.inputValue("#embed-figure"), "default_sweep");
    assert.match(await p.inputValue(".snippet"), /figure=default_sweep&amp;controls=0&amp;predict=1/);
    // The preview's height once it shows its figure: before its first report is drawn it posts
    // the height of its "Hesaplanıyor…" line (117 px seen once on a cold load), then its own.
    await p.waitForFunction(() => Number(/(\d+) px/.exec(document.querySelector(".embed-height").textContent)?.[1]) > 150, null, { timeout: 30000 });
    // The code and the height beside it read at the same moment (a later height updates both).
    const [code, said] = await p.evaluate(() => [document.querySelector(".snippet").value, document.querySelector(".embed-height").textContent]);
    const measured = Number(/(\d+) px/.exec(said)[1]);
    assert.ok(measured > 150 && measured < 900, `one figure: ${measured} px`);
    assert.match(code, new RegExp(`height="${measured}"`));
    await p.click("#embed-copy");
    await p.waitForFunction(() => document.querySelector(".embed-copied").textContent.length > 0);
    assert.match(await p.textContent(".embed-copied"), /Copied/);
    assert.equal(await p.evaluate(() => navigator.clipboard.readText()), await p.inputValue(".snippet"));
    await shot(p, "embed-dialog-claim");
    const href = /src="([^"]+)"/.exec(await p.inputValue(".snippet"))[1].replaceAll("&amp;", "&");
    // The same embed as the loader's element, for a site that allows a script: on a page of
    // another origin it shows the figure the frame's code shows.
    await p.selectOption("#embed-kind", "element");
    const element = await p.inputValue(".snippet");
    assert.match(element, /^<script src="[^"]+\/tatbikat-embed\.js" defer><\/script>\n<tatbikat-embed query="[^"]+" title="[^"]+"><\/tatbikat-embed>$/, element);
    const query = /query="([^"]+)"/.exec(element)[1].replaceAll("&amp;", "&");
    const frameQuery = new URLSearchParams(new URL(href).search);
    frameQuery.delete("embed");
    assert.equal(query, frameQuery.toString(), "the element's query is the frame's, without embed=1");
    const site = await host(element);
    const q = await page(ctx);
    await q.goto(site.url);
    await q.waitForFunction(() => document.querySelector("tatbikat-embed")?.hasAttribute("data-live"), null, { timeout: 30000 });
    const inner = q.frames().find((f) => f.url().includes("embed=1"));
    await inner.waitForSelector(".claim-predict");
    // The element's frame is the frame code's view: the same address's query.
    assert.deepEqual([...new URL(inner.url()).searchParams].sort(), [...new URL(href).searchParams].sort(), "the frame's view");
    clean(q, "the element's code");
    await q.close();
    await p.selectOption("#embed-kind", "frame");
    assert.equal(/src="([^"]+)"/.exec(await p.inputValue(".snippet"))[1].replaceAll("&amp;", "&"), href, "the frame's code again");
    await p.keyboard.press("Escape");
    // The embed it made: asked, then the guess beside the core's number.
    await p.goto(href);
    await p.waitForSelector(".claim-predict");
    await p.locator(".claim-predict input[value=less]").check();
    await p.click(".claim-predict button[type=submit]");
    await p.waitForSelector(".claim-guess");
    assert.match(await p.textContent(".claim-guess"), /less|more|same/i);
    clean(p, "quotas case");
    await p.close();
  });

  test("a teacher's search as a question: without a claim the dialog asks first whether such a run exists (predict=1 with find=), and the embed holds the count until the guess", async () => {
    const p = await page(ctx);
    await p.goto(`${env.url}?lesson=leader&fencing=1&rounds=24&find=round-twice`);
    await rendered(p);
    await p.waitForSelector("#find .find-count");
    await p.click("#embed-button");
    assert.equal(await p.isDisabled("#embed-predict"), false, "the search can be asked");
    assert.match(await p.textContent("label[for=embed-predict]"), /böyle bir koşu var mı/);
    assert.doesNotMatch(await p.inputValue(".snippet"), /predict=1/);
    await p.check("#embed-predict");
    const href = /src="([^"]+)"/.exec(await p.inputValue(".snippet"))[1].replaceAll("&amp;", "&");
    const q = new URL(href).searchParams;
    assert.deepEqual([q.get("find"), q.get("predict"), q.get("embed")], ["round-twice", "1", "1"], href);
    // A claim chosen: the claim's own question, as before (none for this one's figure here).
    const claims = await p.$$eval("#embed-claim option", (os) => os.map((o) => o.value).filter(Boolean));
    await p.selectOption("#embed-claim", claims[0]);
    assert.match(await p.textContent("label[for=embed-predict]"), /İddia gösterilmeden önce/);
    await p.selectOption("#embed-claim", "");
    // The embed itself: the question, the count held.
    const frame = await page(ctx);
    await frame.goto(href);
    await rendered(frame);
    await frame.waitForSelector("#find .find-question");
    assert.equal(await frame.locator("#find .find-count").count(), 0, "the count is held");
    // Asked first: the question and its answers in the embed's first screen, opened on a laptop
    // and on a phone.
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const sized = await page(ctx);
      await sized.setViewportSize(size);
      await sized.goto(href);
      await rendered(sized);
      await sized.waitForSelector("#find .find-question");
      await sized.evaluate(() => window.scrollTo(0, 0));
      for (const what of ["#find .find-question", "#find .find-guess[data-guess=no]"]) {
        const box = await sized.locator(what).first().boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= size.height, `${what} in the first screen at ${size.width} px: ${JSON.stringify(box)}`);
      }
      await shot(sized, `embed-search-first-${size.width}`);
      await sized.close();
    }
    await frame.locator("#find .find-guess[data-guess=no]").click();
    await frame.waitForSelector("#find .find-verdict");
    assert.match(await frame.textContent("#find .find-verdict"), /«Yok» idi: doğru/);
    clean(frame, "the embedded question");
    // The search alone (figure=find): no claim to choose, no panel, no tables; the question first
    // and the embed short, on a phone.
    await p.check("#embed-scope-search");
    assert.equal(await p.isDisabled("#embed-claim"), true, "no claim with the search alone");
    assert.equal(await p.isChecked("#embed-predict"), true, "still asked");
    const aloneHref = /src="([^"]+)"/.exec(await p.inputValue(".snippet"))[1].replaceAll("&amp;", "&");
    const qa = new URL(aloneHref).searchParams;
    assert.deepEqual([qa.get("figure"), qa.get("find"), qa.get("predict"), qa.get("controls"), qa.get("preset")], ["find", "round-twice", "1", "0", null], aloneHref);
    const alone = await page(ctx);
    await alone.setViewportSize({ width: 390, height: 844 });
    await alone.goto(aloneHref);
    await rendered(alone);
    await alone.waitForSelector("#find .find-question");
    await settled(alone);
    assert.equal(await alone.locator("#results .report table, #results .report figure").count(), 0, "no table or chart");
    const tall = await alone.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(tall < 2000, `the search alone is ${tall} px tall`);
    for (const what of ["#find .find-question", "#find .find-guess[data-guess=no]"]) {
      const box = await alone.locator(what).first().boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `${what} in the first screen: ${JSON.stringify(box)}`);
    }
    await alone.locator("#find .find-guess[data-guess=no]").click();
    await alone.waitForSelector("#find .find-verdict");
    assert.match(await alone.textContent("#find .find-verdict"), /«Yok» idi: doğru/);
    await shot(alone, "embed-search-alone-390");
    clean(alone, "the search alone");
    await alone.close();
    // On a course site (another origin), the answer reaches the page as a prediction: the search
    // in place of a claim, the learner's guess, the core's, the verdict.
    const site = await host(`<iframe id="q" src="${aloneHref.replaceAll("&", "&amp;")}" width="390" height="900"></iframe>
      <script>window.got = []; addEventListener("message", (e) => e.data?.type === "tatbikat:prediction" && window.got.push(e.data));</script>`);
    const course = await page(ctx);
    await course.goto(site.url);
    const inner = course.frameLocator("#q");
    await inner.locator("#find .find-guess[data-guess=no]").click({ timeout: 30000 });
    await course.waitForFunction(() => window.got.length > 0, null, { timeout: 20000 });
    const told = await course.evaluate(() => window.got);
    assert.deepEqual(told.map(({ claim, search, guess, computed, verdict, type }) => ({ type, claim, search, guess, computed, verdict })), [
      { type: "tatbikat:prediction", claim: null, search: "round-twice", guess: "no", computed: "no", verdict: "right" },
    ]);
    assert.match(told[0].text, /böyle bir koşu var mı/);
    clean(course, "the course site's question");
    await course.close();
    clean(p, "the dialog");
    // Opened on the question's own link (predict=1), the dialog asks it from the start.
    await p.goto(`${env.url}?lesson=leader&fencing=1&rounds=24&find=round-twice&predict=1`);
    await rendered(p);
    await p.click("#embed-button");
    assert.equal(await p.isChecked("#embed-predict"), true, "the page's question, asked");
    assert.match(await p.inputValue(".snippet"), /predict=1/);
    clean(p, "the question's dialog");
    await frame.close();
    await p.close();
  });

  test("the API: tatbikat:set from a page of another origin changes the embed like a link, a bad value is answered with the core's error, other origins change nothing", async () => {
    const h = await host(`
      <iframe id="a" width="900" height="600"></iframe>
      <iframe id="b" width="900" height="300"></iframe>
      <script>
        window.got = [];
        addEventListener("message", (e) => window.got.push({ from: e.source === document.getElementById("a").contentWindow ? "a" : "b", data: e.data }));
      </script>`);
    const base = `${env.url}?lesson=jobs&embed=1&controls=0&section=measure`;
    const p = await page(ctx);
    await p.goto(h.url);
    // Frame a allows this page's origin; frame b allows another one only.
    await p.evaluate(([a, b]) => {
      document.getElementById("a").src = a;
      document.getElementById("b").src = b;
    }, [`${base}&origin=${encodeURIComponent(h.origin)}`, `${base}&origin=https://other.example`]);
    await p.waitForFunction(() => window.got.some((m) => m.from === "a" && m.data.type === "tatbikat:state"), null, { timeout: 30000 });
    const inner = p.frames().filter((f) => f !== p.mainFrame());
    const a = inner.find((f) => f.url().includes("localhost"));
    const b = inner.find((f) => f.url().includes("other.example"));
    assert.ok(a && b, "both frames");
    await rendered(b);
    // Frame b's page never hears this origin: no message of its reaches this page.
    assert.ok(!(await p.evaluate(() => window.got.some((m) => m.from === "b"))), "b posts only to its allowed origin");
    const answer = (id) => p.waitForFunction((id) => window.got.find((m) => m.data.id === id)?.data, id, { timeout: 30000 }).then((h) => h.jsonValue());
    const send = (id, message, to = "a") => p.evaluate(([to, message, target]) => document.getElementById(to).contentWindow.postMessage(message, target), [to, { ...message, id }, new URL(env.url).origin]);

    // get: the state, with the caller's id.
    await send("g1", { type: "tatbikat:get" });
    const state = await answer("g1");
    assert.equal(state.type, "tatbikat:state");
    assert.equal(state.version, 1);
    assert.equal(state.lesson, "jobs");
    assert.equal(state.values.seed, core.params("jobs").find((s) => s.name === "seed").default);
    // set values: the embed computes them, as the link with them would.
    const renders = Number(await a.evaluate(() => document.body.dataset.renders));
    await send("s1", { type: "tatbikat:set", values: { seed: 42, fail_prob: "0.6" } });
    const set = await answer("s1");
    assert.equal(set.type, "tatbikat:state");
    assert.equal(set.values.seed, "42");
    assert.deepEqual([...set.changed].sort(), ["fail_prob", "seed"]);
    await rendered(a, renders + 1);
    // Like a link: the same tables as the embed opened with those values.
    const link = await page(ctx);
    await link.goto(`${base}&seed=42&fail_prob=0.6`);
    await rendered(link);
    assert.equal(await a.locator("table.data").first().textContent(), await link.locator("table.data").first().textContent());
    assert.match(await a.evaluate(() => location.search), /seed=42.*fail_prob=0\.6|fail_prob=0\.6.*seed=42/);
    await link.close();
    // set a link's query with a claim: the values and the claim of that link.
    const claim = PRESETS.find((x) => x.lesson === "jobs");
    await send("s2", { type: "tatbikat:set", query: claim.query });
    const claimed = await answer("s2");
    assert.equal(claimed.claim?.id, claim.id);
    // A bad value: refused with the core's error and the caller's id; nothing changes.
    await send("s3", { type: "tatbikat:set", values: { fail_prob: "2" } });
    const refused = await answer("s3");
    assert.equal(refused.type, "tatbikat:error");
    assert.equal(refused.error.param, "fail_prob");
    assert.equal(refused.error.value, "2");
    assert.equal(refused.error.code, "bad_value");
    const strict = core.resolve("lesson=jobs&fail_prob=2").errors[0];
    assert.equal(refused.error.allowed, strict.allowed, "the core's own refusal");
    assert.match(refused.error.message, /fail_prob|2/);
    await send("s4", { type: "tatbikat:set", query: "lesson=quotas" });
    assert.equal((await answer("s4")).error.code, "other_lesson");
    await send("s5", { type: "tatbikat:set", query: "seed=1&figure=x" });
    assert.equal((await answer("s5")).error.param, "figure");
    await settled(a);
    assert.equal(await a.evaluate(() => new URLSearchParams(location.search).get("preset")), claim.id, "the refusals changed nothing");

    // Frame b allows another origin: this page's set is ignored, no answer, no change.
    const bRenders = Number(await b.evaluate(() => document.body.dataset.renders));
    await b.evaluate(() => addEventListener("message", () => (window.heard = (window.heard ?? 0) + 1)));
    await send("x1", { type: "tatbikat:set", values: { seed: 7 } }, "b");
    await b.waitForFunction(() => window.heard >= 1);
    await settled(b);
    assert.equal(Number(await b.evaluate(() => document.body.dataset.renders)), bRenders);
    assert.doesNotMatch(await b.evaluate(() => location.search), /seed=7/);
    assert.ok(!(await p.evaluate(() => window.got.some((m) => m.data.id === "x1"))), "no answer to another origin");
    // A window that is not the parent (frame b's page, same origin as a) is ignored by a too.
    await a.evaluate(() => addEventListener("message", (e) => e.data?.id === "x2" && (window.heardX2 = true)));
    await b.evaluate((target) => parent.frames[0].postMessage({ type: "tatbikat:set", id: "x2", values: { seed: 9 } }, target), new URL(env.url).origin);
    await a.waitForFunction(() => window.heardX2);
    await settled(a);
    assert.doesNotMatch(await a.evaluate(() => location.search), /seed=9/);
    clean(p, "the API");
    await p.close();
  });

  test("<tatbikat-embed> on a page of another origin: loads when near the screen, renders, resizes, forwards events and answers set; a blocked frame shows the image and the link", async () => {
    const h = await host(`
      <script src="${env.url}tatbikat-embed.js" defer></script>
      <p style="height: 1400px">Read this first.</p>
      <tatbikat-embed id="e" title="Jobs, measured" query="lesson=jobs&controls=0&section=measure&lang=en"></tatbikat-embed>
      <script>
        window.events = [];
        for (const type of ["tatbikat:state", "tatbikat:height", "tatbikat:prediction"]) document.addEventListener(type, (e) => window.events.push({ type, detail: e.detail }));
      </script>`);
    const p = await page(ctx);
    await p.goto(h.url);
    await p.waitForFunction(() => customElements.get("tatbikat-embed"));
    // Far below the screen: no frame yet.
    assert.equal(await p.evaluate(() => document.getElementById("e").shadowRoot.querySelector("iframe")), null);
    assert.ok(await p.evaluate(() => document.getElementById("e").shadowRoot.querySelector("a.fallback").href.includes("lesson=jobs")));
    await p.evaluate(() => document.getElementById("e").scrollIntoView());
    await p.waitForFunction(() => document.getElementById("e").hasAttribute("data-live"), null, { timeout: 30000 });
    const inner = p.frames().find((f) => f.url().includes("embed=1"));
    await rendered(inner);
    assert.equal(await p.evaluate(() => document.getElementById("e").shadowRoot.querySelector("iframe").getAttribute("sandbox")), "allow-scripts allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox");
    await p.waitForFunction(() => window.events.some((e) => e.type === "tatbikat:state"));
    await settled(inner);
    const [style, last] = await p.evaluate(() => [document.getElementById("e").shadowRoot.querySelector("iframe").style.height, window.events.filter((e) => e.type === "tatbikat:height").at(-1).detail.height]);
    assert.equal(style, `${last}px`);
    assert.ok(last > 200, `height ${last}`);
    const box = await p.evaluate(() => document.getElementById("e").getBoundingClientRect().height);
    assert.ok(Math.abs(box - last) <= 1, `the element is the frame's height: ${box} vs ${last}`);
    // set and get through the element: promises of the embed's answer.
    const state = await p.evaluate(() => document.getElementById("e").set({ values: { seed: 42 } }));
    assert.equal(state.values.seed, "42");
    const error = await p.evaluate(() => document.getElementById("e").set({ values: { seed: "x" } }).then(() => null, (e) => ({ param: e.param, message: e.message })));
    assert.equal(error.param, "seed");
    assert.ok(error.message.length > 10);
    assert.equal((await p.evaluate(() => document.getElementById("e").get())).values.seed, "42");
    await shot(p, "embed-loader-host");
    clean(p, "loader");
    await p.close();

    // A site whose policy lets no page frame it: the image and the link stay.
    const blocked = await serve({ frameAncestors: "'none'" });
    const h2 = await host(`<script src="${blocked.url}tatbikat-embed.js" defer></script><tatbikat-embed id="e" query="lesson=jobs"></tatbikat-embed>`);
    const q = await page(ctx);
    // The browser says it refused to frame the site (else 3 s are given to the frame, as before).
    const refused = consoleOr(q, /violates the following Content Security Policy directive: "frame-ancestors 'none'"/, 3000);
    await q.goto(h2.url);
    await q.waitForFunction(() => document.getElementById("e")?.shadowRoot?.querySelector("iframe"));
    await refused;
    assert.equal(await q.evaluate(() => document.getElementById("e").hasAttribute("data-live")), false);
    // The fallback's image, fetched from the site (which may frame nothing, not refuse images).
    await q.waitForFunction(() => document.getElementById("e").shadowRoot.querySelector("a.fallback img").complete);
    const fallback = await q.evaluate(() => {
      const a = document.getElementById("e").shadowRoot.querySelector("a.fallback");
      return { visible: a.getBoundingClientRect().height > 0, href: a.href, image: a.querySelector("img").complete && a.querySelector("img").naturalWidth > 0 };
    });
    assert.ok(fallback.visible && fallback.image, JSON.stringify(fallback));
    assert.match(fallback.href, /lesson=jobs/);
    assert.doesNotMatch(fallback.href, /embed=1/);
    await q.close();
    await blocked.stop();
  });

  test("<tatbikat-embed> included as a classic script and as a module script, on a page of another origin below long text: the lesson in its frame, the host's scroll and focus unchanged; a loader that cannot find its site says so", async () => {
    const expected = core.run("lesson=jobs&section=measure&lang=en").sections[0].groups.flatMap((g) => g.blocks).find((b) => b.type === "table");
    const includes = {
      classic: `<script src="${env.url}tatbikat-embed.js" defer></script>`,
      // How most web components are included: document.currentScript is null in a module.
      module: `<script type="module" src="${env.url}tatbikat-embed.js"></script>`,
    };
    for (const [kind, include] of Object.entries(includes)) {
      // Below the fold (900 px high) yet within the loader's 300 px margin: it loads unscrolled.
      const h = await host(`
        ${include}
        <p style="height: 1000px">Read this first: a long text.</p>
        <tatbikat-embed id="e" title="Jobs, measured" query="lesson=jobs&section=measure&lang=en"></tatbikat-embed>
        <p style="height: 2000px">And more after.</p>`);
      const p = await page(ctx);
      await p.goto(h.url); // after its load event: a module script has run, as a deferred one has
      assert.ok(await p.evaluate(() => Boolean(customElements.get("tatbikat-embed"))), `${kind}: the element is defined`);
      const top = await p.evaluate(() => document.getElementById("e").getBoundingClientRect().top);
      assert.ok(top > 900, `${kind}: the element starts below the fold (${top})`);
      await p.waitForFunction(() => document.getElementById("e").hasAttribute("data-live"), null, { timeout: 30000 });
      const frame = await p.evaluate(() => {
        const f = document.getElementById("e").shadowRoot.querySelector("iframe");
        return { src: f.src, height: f.getBoundingClientRect().height };
      });
      assert.equal(new URL(frame.src).origin, new URL(env.url).origin, `${kind}: the frame is of the site the loader came from`);
      assert.ok(frame.height > 200, `${kind}: the frame is sized (${frame.height})`);
      const inner = p.frames().find((f) => f.url().includes("embed=1"));
      await rendered(inner);
      // (Not settled(): its animation frame never comes in a frame out of sight.)
      await inner.waitForFunction(() => document.body.dataset.busy === undefined, null, { polling: 16 });
      const table = await inner.evaluate(() => {
        const t = document.querySelector("table.data");
        return { key: t?.dataset.table, rows: t?.querySelectorAll("tbody tr").length, lang: document.documentElement.lang };
      });
      assert.deepEqual(table, { key: expected.key, rows: expected.rows.length, lang: "en" }, `${kind}: the lesson's first table, in English`);
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      const hostState = await p.evaluate(() => ({ scrollY, focus: document.activeElement === document.body ? "body" : document.activeElement?.outerHTML.slice(0, 80) }));
      assert.deepEqual(hostState, { scrollY: 0, focus: "body" }, `${kind}: the host page is neither scrolled nor focused away`);
      // For the screenshot: the frame in sight (it draws only then).
      await p.evaluate(() => document.getElementById("e").scrollIntoView());
      await settled(inner);
      await shot(p, `embed-loader-${kind}`);
      clean(p, `loader as a ${kind} script`);
      await p.close();
    }

    // A copy of the loader under no name of its own (bundled: imported from a blob's address)
    // cannot tell which site to frame: it says so on the console and defines nothing.
    const h = await host(`<tatbikat-embed id="e" query="lesson=jobs"></tatbikat-embed>`);
    const p = await page(ctx);
    await p.goto(h.url);
    const said = p.waitForEvent("console", (m) => m.type() === "error");
    await p.evaluate((text) => import(URL.createObjectURL(new Blob([text], { type: "text/javascript" }))), readFileSync(join(ROOT, "www", "tatbikat-embed.js"), "utf8"));
    assert.match((await said).text(), /tatbikat-embed\.js: cannot tell which site .*under its own file name/);
    assert.equal(await p.evaluate(() => customElements.get("tatbikat-embed")), undefined);
    await p.close();
  });

  test("axe: the dialog with a claim and its explanation, desktop and 390 px, light and dark: no serious or critical violations", async () => {
    const phone = await env.b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    for (const [name, context] of [["desktop", ctx], ["phone", phone]]) {
      const p = await page(context);
      await p.goto(`${env.url}?lesson=quotas`);
      await rendered(p);
      await p.click("#embed-button");
      await p.selectOption("#embed-claim", "quotas.default-request");
      await p.waitForFunction(() => !document.querySelector("dialog.embed-dialog").dataset.pending);
      await p.check("#embed-predict");
      await p.check("#embed-scope-figure");
      const other = await p.$$eval("#embed-figure option", (os) => os.map((o) => o.value).find((v) => v !== "default_sweep"));
      await p.selectOption("#embed-figure", other);
      await p.waitForSelector("#embed-fix");
      await p.evaluate(AXE);
      for (const scheme of ["light", "dark"]) {
        await p.emulateMedia({ colorScheme: scheme });
        const bad = await p.evaluate(async () => {
          const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] });
          return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
        });
        assert.deepEqual(bad, [], `${name} ${scheme}`);
        await shot(p, `embed-dialog-${name}-${scheme}`);
      }
      clean(p, `axe ${name}`);
      await p.close();
    }
    await phone.close();
  });
});
