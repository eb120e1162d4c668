// Whole journeys on the built site (issue 32), walked as a person walks them, asserting at each
// step what is inside the viewport at that screen size (not only what is in the DOM) and timing
// each step (printed at the end):
// (a) a learner on a 390 × 844 phone, in Turkish: the first screen, a claim's prediction, its
//     "why" and the claim's sentence, a challenge from a teacher's link (on the first screen,
//     focused), hints, "solved" seen beside the control just changed, a reload that keeps it all,
//     the progress export naming the challenge by its goal;
// (b) a teacher on a 1440 × 900 laptop, in English: the embed dialog, the iframe and the loader
//     element (classic and module script) on a page of another origin below long text (the
//     host's scroll position and focus unchanged), the host API's set, get and refusal, the
//     SCORM package from the dialog under scorm-again's runtime, presenter mode through a claim
//     and a watched run at 1280 × 720.
// The site is what ./build.sh build made: the bundles in www/min/, precache.js, the CSP.
// Screenshots of each step's screen: target/screenshots/journey-*.png (outside CI).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT, SHOOTS, SHOTS, clean, page, rendered, settled, suiteEnv } from "./lib.mjs";
import { lms, unzip } from "./lms.mjs";

const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const PRESETS = core.presets();
const CHALLENGES = core.challenges();
const texts = (lesson, lang) => JSON.parse(readFileSync(join(ROOT, "src", "lessons", lesson, "texts", `${lang}.json`), "utf8"));
const WORK = join(ROOT, "target", "journeys");

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };

/** Where the first match of `selector` is on the screen of `p` (a page or a frame): its box in
 * the viewport, its y on the page, and whether it is wholly inside the viewport. */
function where(p, selector) {
  return p.$eval(selector, (e) => {
    const b = e.getBoundingClientRect();
    const inside = b.height > 0 && b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth && e.checkVisibility();
    return { top: Math.round(b.top), bottom: Math.round(b.bottom), y: Math.round(b.top + scrollY), inside };
  });
}

/** Fails unless every selector's element is wholly on screen; returns their boxes. */
async function onScreen(p, what, ...selectors) {
  const boxes = {};
  for (const s of selectors) {
    boxes[s] = await where(p, s);
    assert.ok(boxes[s].inside, `${what}: ${s} on screen (its box ${boxes[s].top}–${boxes[s].bottom} px, viewport ${p.viewportSize?.()?.height ?? "frame"})`);
  }
  return boxes;
}

/** The focused element, as `tag.class`. */
const focused = (p) => p.evaluate(() => `${document.activeElement?.tagName.toLowerCase()}.${document.activeElement?.className}`);

/** What the screen shows now (the viewport, not the whole page), where SHOOTS. */
async function look(p, name) {
  if (!SHOOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await p.screenshot({ path: join(SHOTS, `journey-${name}.png`) });
}

/** Each step's name and seconds, printed after the journey. */
function timer(journey) {
  const rows = [];
  return {
    async step(name, f) {
      const t0 = performance.now();
      const out = await f();
      rows.push([name, (performance.now() - t0) / 1000]);
      return out;
    },
    note: (name, text) => rows.push([name, text]),
    print: () => console.log(`${journey}:\n${rows.map(([n, s]) => `  ${typeof s === "number" ? `${s.toFixed(2)} s` : s}  ${n}`).join("\n")}`),
  };
}

/** A page of another origin (localhost; tatbikat is served on 127.0.0.1): `body` below long
 * course text. Resolves to its URL. */
const hosts = new Set();
async function host(body) {
  const text = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the course text, read before the embedded view.</p>`).join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body><h1>Course page</h1>${text}${body}<p>After the view.</p></body></html>`;
  const server = createServer((req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  hosts.add(() => (server.close(), server.closeAllConnections()));
  return `http://localhost:${server.address().port}/course.html`;
}

describe("journeys", () => {
  const env = suiteEnv();
  before(() => {
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
  });
  after(() => hosts.forEach((close) => close()));

  test("a learner on a phone: first screen → claim → prediction → why → the claim's sentence → a challenge from its link → hints → solved in sight of the change → a reload keeps it all → the progress names the challenge by its goal", async () => {
    const tr = texts("compensation", "tr");
    const page_ = { tr: (await import(join(ROOT, "www", "i18n", "learn.tr.js"))).default };
    const claim = PRESETS.find((x) => x.id === "compensation.orderings");
    const challenge = CHALLENGES.find((c) => c.id === "compensation.hung-share");
    const goal = tr[`challenge.${challenge.id}`];
    const time = timer("the learner's journey (390 × 844, Turkish)");
    const ctx = await env.b.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: "reduce", acceptDownloads: true });
    const p = await page(ctx);

    // The first screen: the lesson, its claims and its challenges, then the first table.
    await time.step("the first screen (a course link to the lesson)", async () => {
      await p.goto(`${env.url}?lesson=compensation`);
      await rendered(p);
    });
    const first = await onScreen(p, "the first screen", ".lesson-title", ".claims-fold > summary", "#challenges > summary", "table.data tbody tr");
    time.note("the challenges' fold on the first screen", `y ${first["#challenges > summary"].y} px`);
    await look(p, "a1-first-screen");
    // The same order for eyes (top to bottom, then left to right), keyboard and screen reader:
    // the claims, the challenges, the results.
    const order = await p.evaluate(() => {
      const nodes = [".claims-fold > summary", "#challenges > summary", "table.data"].map((s) => document.querySelector(s));
      const dom = nodes.every((n, i) => i === 0 || nodes[i - 1].compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
      const boxes = nodes.map((n) => n.getBoundingClientRect());
      const eyes = boxes.every((b, i) => i === 0 || b.top > boxes[i - 1].top + 1 || (Math.abs(b.top - boxes[i - 1].top) <= 1 && b.left > boxes[i - 1].left));
      return { dom, eyes };
    });
    assert.deepEqual(order, { dom: true, eyes: true }, "claims, challenges, results: in the page's order and on screen in that order");
    await p.focus(".claims-fold > summary");
    await p.keyboard.press("Tab");
    assert.equal(await p.evaluate(() => document.activeElement === document.querySelector("#challenges > summary")), true, "Tab goes from the claims to the challenges");

    // A claim: its prediction prompt, in sight and focused.
    await time.step("a claim chosen → its prediction prompt", async () => {
      await p.tap(".claims-fold > summary");
      await p.tap(`.claim-list button[data-preset="${claim.id}"]`);
      await p.waitForSelector(".claim-predict");
    });
    await onScreen(p, "the prediction prompt", ".claim-predict .predict-title", ".claim-predict .predict-number", ".claim-predict button[type=submit]");
    assert.equal(await focused(p), "input.predict-number", "the guess's field focused");
    await look(p, "a2-predict");
    await time.step("a guess → the why question", async () => {
      await p.fill(".predict-number", "2");
      await p.tap(".claim-predict button[type=submit]");
      await p.waitForSelector(".claim-why");
    });
    await onScreen(p, "the why question", ".claim-why .why-verdict", ".claim-why legend");
    await look(p, "a3-why");
    // The right explanation: one verdict, then the claim's own sentence (the payoff).
    await time.step("the why answered → feedback and the claim's sentence", async () => {
      await p.tap(`.claim-why input[value="${claim.why}"]`);
      await p.tap(".claim-why button[type=submit]");
      await p.waitForSelector(".why-feedback.right");
    });
    const feedback = await p.textContent(".why-feedback");
    assert.equal(feedback, `${page_.tr["ui.why.right"]} ${tr[`explain.${claim.id}.f${claim.why}`]}`);
    assert.doesNotMatch(feedback, /Doğru\.\s*Doğru/, "one verdict");
    assert.equal(await p.textContent(".claim-caption .claim-text"), tr[claim.caption], "the claim's sentence after the answer");
    await onScreen(p, "the payoff", ".why-feedback", ".claim-caption");
    assert.equal(await focused(p), "div.why-feedback right", "the feedback focused (read out)");
    await look(p, "a4-claim-sentence");

    // A teacher's challenge link: the challenge on the first screen, focused.
    await time.step("a challenge's link → the challenge on the first screen", async () => {
      await p.goto(`${env.url}?${challenge.query}`);
      await rendered(p);
      await p.waitForSelector(".challenge-active .challenge-open");
      await settled(p);
      await p.waitForFunction(() => document.activeElement?.classList.contains("challenge-title"), null, { timeout: 5000 });
    });
    const opened = await onScreen(p, "a challenge's link", ".challenge-title", ".challenge-goal", ".challenge-status", ".challenge-actions");
    time.note("the challenge opened by its link", `y ${opened[".challenge-title"].y} px, the screen scrolled to ${await p.evaluate(() => scrollY)} px`);
    assert.equal(await p.textContent(".challenge-goal"), goal);
    await look(p, "a5-challenge-link");
    // Hints, one at a time, each in sight.
    await time.step("two hints", async () => {
      for (const n of [1, 2]) {
        await p.tap(".challenge-actions button >> nth=0");
        await p.waitForFunction((n) => document.querySelectorAll(".challenge-hints li").length === n, n);
      }
    });
    await onScreen(p, "the second hint", ".challenge-hints li:last-child");
    assert.deepEqual(await p.locator(".challenge-hints li").allTextContents(), [tr[`challenge.${challenge.id}.hint1`], tr[`challenge.${challenge.id}.hint2`]]);

    // Solved: three retries. The learner changes the value in the panel near the top; the
    // success shows there, beside the control, and in the challenge.
    await p.tap(".panel-fold > summary");
    const input = p.locator('input[name="retries"]');
    await input.scrollIntoViewIfNeeded();
    const renders = Number(await p.evaluate(() => document.body.dataset.renders));
    await time.step("the value that meets the goal → solved, said beside the control", async () => {
      await input.fill("3");
      await input.dispatchEvent("change");
      await rendered(p, renders + 1);
      await p.waitForSelector(".change-summary .challenge-news.met");
    });
    const solved = await onScreen(p, "solved, where the change was made", 'input[name="retries"]', ".change-summary .challenge-news.met");
    assert.ok((await p.textContent(".change-summary .challenge-news")).includes(goal), "the bar names the goal met");
    await p.waitForSelector(".challenge-solved");
    time.note("solved: said in the bar", `y ${solved[".change-summary .challenge-news.met"].y} px (on screen), the changed field at y ${solved['input[name="retries"]'].y} px; in the challenge at y ${(await where(p, ".challenge-solved")).y} px`);
    await look(p, "a6-solved");

    // A reload keeps it all: the values and the challenge (the link), the hints, the solved
    // challenge and the answered claim (the journal).
    await time.step("a reload", async () => {
      await p.reload();
      await rendered(p);
      await p.waitForSelector(".challenge-solved");
      await settled(p);
    });
    assert.equal(await p.locator(".challenge-hints li").count(), 2, "the hints revealed, still revealed");
    assert.equal(await p.textContent(".challenge-actions button >> nth=0"), page_.tr["ui.challenge.hint"].replace("{n}", "3").replace("{of}", String(challenge.hints)));
    assert.equal(await p.locator(`.claim-list button[data-preset="${claim.id}"] .claim-done`).count(), 1, "the answered claim marked");
    assert.match(await p.textContent("#challenges > summary"), /✓ 1 çözüldü/);
    await look(p, "a7-reloaded");

    // The progress, exported as text: the challenge named by its goal, with its hints.
    await time.step("my progress → exported as text", async () => {
      await p.tap("#progress-button");
      await p.waitForSelector(".progress-view table[data-part=challenges]");
    });
    await onScreen(p, "the progress view", ".progress-view h2");
    assert.equal(await p.textContent(".progress-view table[data-part=challenges] tbody th"), goal);
    await look(p, "a8-progress");
    const [download] = await Promise.all([p.waitForEvent("download"), p.tap("#progress-export-text")]);
    const file = join(WORK, "progress.txt");
    await download.saveAs(file);
    const lines = readFileSync(file, "utf8").split("\n");
    assert.ok(lines.some((l) => l.startsWith(`- ${goal} — `) && l.includes("Açılan ipucu: 2")), lines.join("\n"));
    assert.ok(!lines.some((l) => l.startsWith(`- ${challenge.id}`)), "not by its id");
    clean(p, "the learner's journey");
    time.print();
    await ctx.close();
  });

  test("a teacher on a laptop: the embed dialog → an iframe and the loader (classic and module script) below long text on another origin, the host's scroll and focus untouched → the host API → the SCORM package in an LMS", async () => {
    const en = texts("leader", "en");
    const time = timer("the teacher's journey (1440 × 900, English)");
    const ctx = await env.b.newContext({ viewport: LAPTOP, reducedMotion: "reduce", acceptDownloads: true });
    const p = await page(ctx);
    await time.step("the lesson in English", async () => {
      await p.goto(`${env.url}?lesson=leader&lang=en`);
      await rendered(p);
    });
    // The dialog: a claim with its prediction; the snippet; the SCORM download on offer.
    await time.step("the embed dialog with a claim and its prediction", async () => {
      await p.click("#embed-button");
      await p.waitForSelector("#embed-code");
      await p.selectOption("#embed-claim", "leader.fencing");
      await p.check("#embed-predict");
      await p.waitForFunction(() => document.getElementById("embed-code").value.includes("predict=1"));
    });
    await onScreen(p, "the dialog", "#embed-title", "#embed-claim");
    await p.locator("#embed-scorm").scrollIntoViewIfNeeded();
    await onScreen(p, "the SCORM download", "#embed-scorm");
    await look(p, "b1-dialog");
    const frameSnippet = await p.inputValue("#embed-code");
    await p.selectOption("#embed-kind", "element");
    await p.waitForFunction(() => document.getElementById("embed-code").value.includes("<tatbikat-embed"));
    const elementSnippet = await p.inputValue("#embed-code");
    assert.match(frameSnippet, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?[^"]*preset=leader\.fencing[^"]*predict=1/);
    assert.match(elementSnippet, /<script src="http:\/\/127\.0\.0\.1:\d+\/tatbikat-embed\.js" defer><\/script>/);

    // Each snippet on a course page of another origin, below forty paragraphs: the reader
    // scrolls to it; it loads and asks for the prediction, and the course page stays where the
    // reader left it, its focus on its own body.
    const variants = [
      ["the iframe", frameSnippet],
      ["the loader, a classic script", elementSnippet],
      ["the loader, a module script", elementSnippet.replace(/<script src="([^"]+)" defer><\/script>/, '<script type="module" src="$1"></script>')],
    ];
    for (const [name, snippet] of variants) {
      const course = await ctx.newPage();
      course.problems = [];
      course.on("pageerror", (e) => course.problems.push(e.message));
      await course.goto(await host(snippet));
      // The reader scrolls until the view's top is in the lower part of the screen.
      const y = await course.evaluate(() => {
        const box = document.querySelector("iframe, tatbikat-embed").getBoundingClientRect();
        scrollTo(0, Math.max(0, box.top + scrollY - innerHeight * 0.6));
        return scrollY;
      });
      const frame = await time.step(`${name}: loads and asks for the prediction`, async () => {
        const handle = await course.waitForSelector("iframe >> nth=0", { state: "attached", timeout: 20000 }).catch(() => null);
        const found = handle ? await handle.contentFrame() : null;
        assert.ok(found, `${name}: the view's frame is made`);
        await found.waitForSelector(".claim-predict", { timeout: 30000 });
        await settled(found);
        await found.waitForFunction(() => document.body.dataset.busy === undefined);
        return found;
      });
      await course.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
      const after = await course.evaluate(() => ({ y: scrollY, focus: document.activeElement === document.body }));
      assert.deepEqual(after, { y, focus: true }, `${name}: the course page's scroll and focus are the reader's`);
      assert.equal(await frame.evaluate(() => document.getElementById("offline")?.hidden ?? true), true, `${name}: no offline box in an embed`);
      await look(course, `b2-${name.replaceAll(/[^a-z]+/g, "-")}`);
      assert.deepEqual(course.problems, [], name);
      // The learner uses it: the prompt is theirs to answer.
      await frame.fill(".predict-number", "1");
      await frame.press(".predict-number", "Enter");
      await frame.waitForSelector(".claim-why");
      await course.close();
    }

    // The host API through the loader: set, get, a refusal that says nothing changed; the
    // "what moved" bar never covers the one figure a frame shows.
    const course = await ctx.newPage();
    await course.goto(await host(`<script src="${new URL("tatbikat-embed.js", env.url).href}"></script><tatbikat-embed id="view" query="lesson=leader&figure=fencing&controls=0&lang=en"></tatbikat-embed>`));
    await course.evaluate(() => document.getElementById("view").scrollIntoView());
    const state = await time.step("the host API: set", () => course.evaluate(() => document.getElementById("view").set({ values: { lease: 8 } })));
    assert.equal(state.values.lease, "8");
    const got = await course.evaluate(() => document.getElementById("view").get());
    assert.equal(got.values.lease, "8");
    const refusal = await course.evaluate(() => document.getElementById("view").set({ values: { lease: "abc" } }).then(() => null, (e) => ({ message: e.message, param: e.param, code: e.code })));
    assert.equal(refusal?.param, "lease");
    assert.match(refusal.message, /Nothing changed/);
    assert.doesNotMatch(refusal.message, /Computed with/, "a refused set computes nothing");
    assert.equal((await course.evaluate(() => document.getElementById("view").get())).values.lease, "8", "nothing changed");
    const inner = course.frames().find((f) => f !== course.mainFrame());
    await settled(inner);
    const overlap = await inner.evaluate(() => {
      const bar = document.querySelector(".change-summary")?.getBoundingClientRect();
      const figure = document.querySelector("table.data").getBoundingClientRect();
      return bar ? !(bar.bottom <= figure.top || bar.top >= figure.bottom) : false;
    });
    assert.equal(overlap, false, "the bar does not cover the figure");
    await look(course, "b3-host-api");
    await course.close();

    // The SCORM package from the dialog, under scorm-again's runtime.
    const zip = join(WORK, "leader.zip");
    await time.step("the SCORM package from the dialog", async () => {
      const [download] = await Promise.all([p.waitForEvent("download"), p.click("#embed-scorm")]);
      await download.saveAs(zip);
    });
    const dir = join(WORK, "leader");
    unzip(zip, dir);
    const manifest = readFileSync(join(dir, "imsmanifest.xml"), "utf8");
    const xmlText = (x) => x.replaceAll("&apos;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    assert.ok(xmlText(manifest).includes(en["claim.leader.fencing"]), "the claim in the manifest");
    const launch = /adlcp:scormtype="sco" href="([^"]+)"/.exec(manifest)[1].replaceAll("&amp;", "&");
    const lmsHost = await lms(WORK);
    hosts.add(() => lmsHost.server.close());
    const l = await page(ctx);
    await time.step("the package in the LMS: prediction → completed", async () => {
      await l.goto(`${lmsHost.url}/lms.html?launch=${encodeURIComponent(`/content/leader/${launch}`)}`);
      const sco = l.frameLocator("#sco");
      await sco.locator(".predict-number").fill("1", { timeout: 30000 });
      await sco.locator(".predict-number").press("Enter");
      await l.waitForFunction(() => window.lms.values["cmi.core.lesson_status"] === "completed", null, { timeout: 20000 });
    });
    const values = await l.evaluate(() => window.lms.values);
    assert.equal(values["cmi.interactions.0.id"], "leader.fencing");
    assert.equal(values["cmi.interactions.0.student_response"], "1");
    await look(l, "b4-lms");
    clean(l, "the package in the LMS");
    clean(p, "the teacher's page");
    await ctx.close();

    // Presenter mode on a projector's 1280 × 720: the teacher presents from the lesson's page,
    // pages to the first claim, the room guesses, B reveals it; then S shows the watched run.
    // What matters is whole above the presenter's bar.
    const room = await env.b.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: "reduce" });
    const r = await page(room);
    await r.goto(`${env.url}?lesson=leader&lang=en`);
    await rendered(r);
    await time.step("presenter mode → the first claim asks the room", async () => {
      await r.click("#present-button");
      await r.waitForSelector(".present-bar");
      // Through the figures to the last, then one more: the lesson's first claim.
      const at = () => r.textContent(".present-position").then((t) => /^Figure (\d+) of (\d+)/.exec(t)?.slice(1).map(Number) ?? [0, 1]);
      for (let [i, n] = await at(); i < n; [i, n] = await at()) {
        await r.keyboard.press("PageDown");
        await r.waitForFunction((i) => !document.querySelector(".present-position").textContent.startsWith(`Figure ${i} `), i);
      }
      await r.keyboard.press("PageDown");
      await r.waitForSelector(".claim-predict .predict-number");
      await r.waitForFunction(() => document.querySelector(".present-current")?.matches(".group.held.answer"));
      await settled(r);
    });
    const bar = async () => (await where(r, ".present-bar")).top;
    const above = async (what, ...selectors) => {
      const top = await bar();
      for (const sel of selectors) {
        const at = await where(r, sel);
        assert.ok(at.top >= 0 && at.bottom <= top, `${what}: ${sel} at ${at.top}–${at.bottom} px, above the bar at ${top} px`);
      }
    };
    const asked = await r.textContent(".present-position");
    await above("the claim asks", ".claim-predict", ".present-current");
    await look(r, "b5-present-claim");
    await time.step("the room's guess → B reveals the claim", async () => {
      await r.fill(".claim-predict .predict-number", "2");
      await r.keyboard.press("b");
      await r.waitForSelector(".present-current .claim-mark");
      await settled(r);
    });
    assert.equal(await r.textContent(".present-position"), asked, "one counter: the same figure of the same total");
    await above("the claim revealed", ".claim-why", ".present-current");
    await look(r, "b6-present-revealed");
    await time.step("S: the watched run", async () => {
      await r.keyboard.press("Escape");
      await r.click("#present-button");
      await r.waitForSelector(".present-bar");
      await r.keyboard.press("s");
      await r.waitForSelector(".trace .timeline-canvas svg");
      await settled(r);
    });
    await above("the watched run", ".trace .timeline figcaption", ".trace .timeline-canvas svg", ".trace-controls");
    const tracks = await r.$$eval(".trace .timeline-canvas svg", (svgs) => svgs.filter((n) => n.checkVisibility()).map((n) => Math.round(n.getBoundingClientRect().bottom)));
    const top = await bar();
    assert.ok(tracks.length >= 2 && tracks.every((b) => b <= top), `every track above the bar at ${top} px: ${tracks}`);
    await look(r, "b7-present-run");
    clean(r, "presenter mode");
    await room.close();
    time.print();
  });
});
