// The SCORM 1.2 package (issue 22): `tatbikat package --scorm QUERY` and the page's
// scorm/package.js build the same zip; the package, unpacked and served by a stand-in LMS on
// another origin than the site, finds the LMS's API (scorm-again's Scorm12API, the LMS side of
// SCORM 1.2) from its frame and reports one claim of each lesson: the prediction as an
// interaction with the core's value, the status, the score, commit and finish. Its launch page
// passes axe. Served, a package's page loads what the site's does and no disk file; unzipped and
// opened by double-click (file://, in the suites' chromium, which refuses module scripts, fetch
// and workers there as a learner's does), it shows the claim's prompt, the core's answer, the
// "why" question and the tables, and recomputes a changed parameter.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLI } from "../cli.mjs";
import { LESSONS, ROOT, browser, clean, page, rendered, setParam, shot, suiteEnv } from "./lib.mjs";
import { lms, unzip } from "./lms.mjs";

const require = createRequire(import.meta.url);
const core = require(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const WORK = join(ROOT, "target", "scorm-test");

/** One claim of each lesson that asks a question: a choice (more/same/less) on every other
 * lesson where it has one, a number on the rest (both kinds are met). */
const CLAIMS = LESSONS.map((lesson, i) => {
  const asks = core.presets().filter((p) => p.lesson === lesson && /^(r?)\d+(~\d+)?$/.test(p.question ?? ""));
  const choice = asks.find((p) => p.question.includes("~"));
  const number = asks.find((p) => !p.question.includes("~"));
  return (i % 2 === 0 ? (choice ?? number) : (number ?? choice)) ?? null;
}).filter(Boolean);

/** The core's answer to claim `preset`'s question: {type, pattern} as the LMS should get it. */
function expected(preset) {
  const doc = core.run(preset.query).preset;
  const [, ratio, a, b] = /^(r?)(\d+)(?:~(\d+))?$/.exec(preset.question);
  if (b !== undefined) {
    const [x, y] = [doc.highlights[a].value, doc.highlights[b].value];
    return { type: "choice", pattern: x > y ? "m" : x < y ? "l" : "s" };
  }
  const value = ratio ? doc.ratios[a].value : doc.highlights[a].value;
  return { type: "numeric", pattern: String(value) };
}

/** Runs the CLI's package command; returns its zip's bytes. */
function cliPackage(query, out) {
  execFileSync(CLI, ["package", "--scorm", query, "-o", out, "--site", join(ROOT, "www")], { stdio: ["ignore", "ignore", "inherit"] });
  return readFileSync(out);
}

describe("scorm package", () => {
  const env = suiteEnv();
  let ctx;
  let host;
  /** lesson → {preset, href (the launch file and query), dir} */
  const packages = new Map();
  before(async () => {
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    ctx = await env.b.newContext({ viewport: { width: 1000, height: 900 }, reducedMotion: "reduce" });
    host = await lms(WORK);
  });
  after(() => host?.server.close());

  test("the page's package.js and the CLI give the same zip: the manifest, one lesson's files, no other's", async () => {
    const query = "lesson=quotas&preset=quotas.starvation&predict=1";
    const p = await page(ctx);
    await p.goto(`${env.url}/?lesson=quotas&lang=en`);
    const built = await p.evaluate(async (query) => {
      const m = await import("./scorm/package.js");
      const { name, bytes } = await m.build(query, "en");
      return { name, bytes: Array.from(bytes) };
    }, query);
    const cli = cliPackage(`${query}&lang=en`, join(WORK, "cli.zip"));
    assert.equal(built.name, "tatbikat-quotas-starvation-en.zip");
    assert.equal(Buffer.from(built.bytes).length, cli.length);
    assert.ok(Buffer.from(built.bytes).equals(cli), "the same bytes");
    // The same query again: the same bytes (fixed timestamps, sorted entries).
    assert.ok(cliPackage(`${query}&lang=en`, join(WORK, "again.zip")).equals(cli));
    unzip(join(WORK, "cli.zip"), join(WORK, "cli"));
    const names = execFileSync("python3", ["-c", "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))", join(WORK, "cli.zip")], { encoding: "utf8" }).trim().split("\n");
    assert.deepEqual(names, [...names].sort(), "entries sorted");
    for (const want of ["imsmanifest.xml", "quotas.en.html", "quotas.html", "pkg/quotas.wasm", "i18n/lesson/quotas.en.js", "start.js", "style.css"]) assert.ok(names.includes(want), want);
    for (const other of LESSONS.filter((id) => id !== "quotas")) {
      assert.ok(!names.some((n) => n === `pkg/${other}.wasm` || n.startsWith(`i18n/lesson/${other}.`) || n.startsWith(`${other}.`)), `nothing of ${other}`);
    }
    const manifest = readFileSync(join(WORK, "cli", "imsmanifest.xml"), "utf8");
    const en = JSON.parse(readFileSync(join(ROOT, "src", "lessons", "quotas", "texts", "en.json"), "utf8"));
    assert.match(manifest, /<schema>ADL SCORM<\/schema>\s*<schemaversion>1\.2<\/schemaversion>/);
    assert.ok(manifest.includes(`<title>tatbikat — ${en["lesson.quotas"]}</title>`));
    assert.ok(manifest.includes(`<imsmd:langstring xml:lang="en">${en["claim.quotas.starvation"]}</imsmd:langstring>`));
    assert.equal(manifest.match(/adlcp:scormtype="sco"/g).length, 1);
    assert.equal(manifest.match(/<file href=/g).length, names.length - 1, "every file listed");
    // download() saves it under its name.
    const [download] = await Promise.all([p.waitForEvent("download"), p.evaluate((q) => import("./scorm/package.js").then((m) => m.download(q, "en")), query)]);
    assert.equal(download.suggestedFilename(), "tatbikat-quotas-starvation-en.zip");
    clean(p, "package.js");
    await p.close();
  });

  test("a refused link is the CLI's error, naming the value", () => {
    let err;
    try {
      execFileSync(CLI, ["package", "--scorm", "lesson=quotas&capacity=abc", "-o", join(WORK, "bad.zip"), "--site", join(ROOT, "www")], { stdio: "pipe" });
    } catch (e) {
      err = e;
    }
    assert.equal(err?.status, 2);
    assert.match(err.stderr.toString(), /capacity.*abc/);
  });

  for (const preset of CLAIMS) {
    test(`inside an LMS: ${preset.id}'s prediction, status, score, commit and finish reach scorm-again`, async () => {
      const lang = packages.size % 2 ? "tr" : "en";
      const query = `${preset.query.replace(/&v=1$/, "")}&predict=1${lang === "en" ? "&lang=en" : ""}`;
      const dir = join(WORK, preset.lesson);
      cliPackage(query, `${dir}.zip`);
      unzip(`${dir}.zip`, dir);
      const manifest = readFileSync(join(dir, "imsmanifest.xml"), "utf8");
      const href = /adlcp:scormtype="sco" href="([^"]+)"/.exec(manifest)[1].replaceAll("&amp;", "&");
      packages.set(preset.lesson, { preset, href, dir });
      const p = await page(ctx);
      const fetched = [];
      p.on("request", (r) => fetched.push(new URL(r.url()).pathname));
      await p.goto(`${host.url}/lms.html?launch=${encodeURIComponent(`/content/${preset.lesson}/${href}`)}`);
      const sco = p.frameLocator("#sco");
      await sco.locator(".claim-predict").waitFor({ timeout: 30000 });
      const want = expected(preset);
      let guess;
      if (want.type === "choice") {
        guess = "more";
        await sco.locator('.claim-predict input[value="more"]').check();
        await sco.locator(".claim-predict button[type=submit]").click();
      } else {
        guess = "3";
        await sco.locator(".predict-number").fill(guess);
        await sco.locator(".predict-number").press("Enter");
      }
      await p.waitForFunction(() => window.lms.values["cmi.core.lesson_status"] === "completed", null, { timeout: 20000 });
      let values = await p.evaluate(() => window.lms.values);
      assert.equal(values["cmi.interactions.0.id"], preset.id);
      assert.equal(values["cmi.interactions.0.type"], want.type);
      assert.equal(values["cmi.interactions.0.correct_responses.0.pattern"], want.pattern, "the core's value");
      if (want.type === "choice") {
        assert.equal(values["cmi.interactions.0.student_response"], "m");
        const right = want.pattern === "m";
        assert.equal(values["cmi.interactions.0.result"], right ? "correct" : "wrong");
        assert.equal(values["cmi.core.score.raw"], right ? "100" : "0");
        assert.equal(values["cmi.core.score.max"], "100");
      } else {
        assert.equal(values["cmi.interactions.0.student_response"], "3");
        assert.equal(values["cmi.interactions.0.result"], "neutral");
        assert.equal(values["cmi.core.score.raw"], undefined, "a guessed number is not scored");
      }
      // The LMS's own reading agrees (what it would store and send).
      assert.equal(await p.evaluate(() => window.API.LMSGetValue("cmi.interactions._count")), "1");
      assert.equal(await p.evaluate(() => window.API.LMSGetLastError()), "0");
      // Served, the page starts as the site's (start.js) after the tiny disk/boot.js, and loads
      // nothing of what opens it from disk.
      const base = `/content/${preset.lesson}/`;
      assert.ok(fetched.includes(`${base}disk/boot.js`) && fetched.includes(`${base}start.js`), "boot.js, then start.js");
      assert.deepEqual(fetched.filter((f) => f.startsWith(`${base}disk/`) && f !== `${base}disk/boot.js`), [], "no disk bundle over http");
      if (packages.size === 1) await shot(p, "scorm-lms");
      // Leaving the activity commits and finishes.
      await p.evaluate(() => (document.getElementById("sco").src = "about:blank"));
      await p.waitForFunction(() => window.lms.calls.includes("LMSFinish"), null, { timeout: 10000 });
      values = await p.evaluate(() => window.lms.values);
      assert.match(values["cmi.core.session_time"], /^\d{2,4}:\d{2}:\d{2}$/);
      const calls = await p.evaluate(() => window.lms.calls);
      assert.equal(calls[0], "LMSInitialize");
      assert.ok(calls.includes("LMSCommit"));
      assert.equal(calls.at(-1), "LMSFinish");
      clean(p, `${preset.id} in the LMS`);
      await p.close();
    });
  }

  test("a teacher's search as a question, packaged: inside an LMS the activity asks whether such a run exists, shows the core's count, and the LMS records the answer", async () => {
    // As the embed dialog writes it with "Yalnız arama": the search alone (figure=find), no panel.
    const query = "lesson=leader&fencing=1&rounds=24&find=round-twice&predict=1&figure=find&controls=0";
    const dir = join(WORK, "find-question");
    cliPackage(query, `${dir}.zip`);
    unzip(`${dir}.zip`, dir);
    const manifest = readFileSync(join(dir, "imsmanifest.xml"), "utf8");
    const href = /adlcp:scormtype="sco" href="([^"]+)"/.exec(manifest)[1].replaceAll("&amp;", "&");
    assert.match(href, /find=round-twice/, href);
    const p = await page(ctx);
    await p.goto(`${host.url}/lms.html?launch=${encodeURIComponent(`/content/find-question/${href}`)}`);
    const sco = p.frameLocator("#sco");
    await sco.locator("#find .find-question").waitFor({ timeout: 30000 });
    assert.equal(await sco.locator("#find .find-count").count(), 0, "the count is held");
    assert.equal(await sco.locator("#results .report table, #results .report figure").count(), 0, "the search alone: no table or chart");
    await sco.locator("#find .find-guess[data-guess=no]").click();
    await sco.locator("#find .find-verdict").waitFor({ timeout: 30000 });
    const want = core.find("lesson=leader&fencing=1&rounds=24&find=round-twice");
    assert.equal(want.met, 0);
    assert.match(await sco.locator("#find .find-count").textContent(), new RegExp(want.numbers[0]));
    // The answer reaches the LMS: true-false, "no run" right, and the activity completed.
    await p.waitForFunction(() => window.lms.values["cmi.core.lesson_status"] === "completed", null, { timeout: 20000 });
    const values = await p.evaluate(() => window.lms.values);
    assert.deepEqual(
      ["id", "type", "student_response", "correct_responses.0.pattern", "result"].map((k) => values[`cmi.interactions.0.${k}`]),
      ["find.leader.round-twice", "true-false", "f", "f", "correct"],
    );
    assert.equal(values["cmi.core.score.raw"], "100");
    clean(p, "the packaged question");
    await p.close();
  });

  test("the package's launch page passes axe (light and dark) and, without an LMS, is the page as always", async () => {
    const { href, dir } = packages.get("quotas") ?? [...packages.values()][0];
    const p = await page(ctx);
    // Served plainly, no LMS around it: no API, no error, the prompt as on the site.
    await p.goto(`${host.url}/content/${dir.slice(WORK.length + 1)}/${href}`);
    await p.waitForSelector(".claim-predict", { timeout: 30000 });
    const violations = [];
    for (const scheme of ["light", "dark"]) {
      await p.emulateMedia({ colorScheme: scheme });
      if (!(await p.evaluate(() => Boolean(window.axe)))) await p.evaluate(AXE);
      const found = await p.evaluate(async () => {
        const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] });
        return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
      violations.push(...found.map((f) => `${scheme}: ${f}`));
    }
    assert.deepEqual(violations, []);
    await shot(p, "scorm-launch");
    clean(p, "the launch page without an LMS");
    await p.close();
  });
});

/** A zip's entries: [{name, size, compressed}], read with Python's zipfile. */
function entries(file) {
  const out = execFileSync("python3", ["-c", "import sys, json, zipfile; print(json.dumps([[i.filename, i.file_size, i.compress_size] for i in zipfile.ZipFile(sys.argv[1]).infolist()]))", file], { encoding: "utf8" });
  return JSON.parse(out).map(([name, size, compressed]) => ({ name, size, compressed }));
}

/** The page's texts in `lang` (www/i18n/<lang>.js). */
const pageTexts = async (lang) => (await import(pathToFileURL(join(ROOT, "www", "i18n", `${lang}.js`)).href)).default;
/** The core's number as the page writes it in `lang` (i18n/index.js localizeNumber). */
const localized = (text, lang) => {
  const [whole, frac] = text.split(".");
  const grouped = /^\d{5,}$/.test(whole) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "tr" ? "." : ",") : whole;
  return frac === undefined ? grouped : `${grouped}${lang === "tr" ? "," : "."}${frac}`;
};
/** `template` with its {name} slots filled. */
const fill = (template, vars) => template.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));

describe("scorm package from disk", () => {
  // The suites' own browser (lib.mjs browser(): none of its flags opens file:// to scripts).
  let b;
  let ctx;
  const figures = [];
  before(async () => {
    mkdirSync(WORK, { recursive: true });
    b = await browser();
    ctx = await b.newContext({ viewport: { width: 1000, height: 900 }, reducedMotion: "reduce" });
  });
  after(async () => {
    await b?.close();
    if (figures.length) console.log(`from disk (file://), the package's launch file double-clicked:\n  ${figures.join("\n  ")}`);
  });

  test("the site's own page from disk shows nothing: this browser refuses module scripts from file://, as a learner's does", async () => {
    const p = await page(ctx);
    await p.goto(pathToFileURL(join(ROOT, "www", "jobs.html")).href);
    const refused = () => p.problems.some((x) => /start\.js.*CORS|CORS.*start\.js/.test(x));
    for (let i = 0; i < 100 && !refused(); i++) await p.waitForTimeout(100);
    assert.ok(refused(), `start.js refused: ${JSON.stringify(p.problems)}`);
    assert.ok(await p.evaluate(() => document.body.classList.contains("held")), "the view stays out of sight");
    await p.close();
  });

  // One claim asking for a number and one asking for a choice, in both languages.
  const choice = CLAIMS.find((c) => c.question.includes("~"));
  const number = CLAIMS.find((c) => !c.question.includes("~") && c.lesson !== choice?.lesson);
  for (const [preset, lang] of [
    [number, "tr"],
    [choice, "en"],
  ]) {
    test(`${preset.id} (${lang}): the prompt, the core's answer, the "why" question, the tables and a recompute`, async () => {
      const query = `${preset.query.replace(/&v=1$/, "")}&predict=1${lang === "en" ? "&lang=en" : ""}`;
      const dir = join(WORK, `disk-${preset.lesson}`);
      cliPackage(query, `${dir}.zip`);
      unzip(`${dir}.zip`, dir);
      const launch = /adlcp:scormtype="sco" href="([^"]+)"/.exec(readFileSync(join(dir, "imsmanifest.xml"), "utf8"))[1].replaceAll("&amp;", "&");
      const [file, launchQuery] = launch.split("?");
      const disk = entries(`${dir}.zip`).filter((e) => e.name.startsWith("disk/"));
      const p = await page(ctx);
      const started = Date.now();
      // A double-click: the file, no query.
      await p.goto(pathToFileURL(join(dir, file)).href);
      await p.waitForSelector(".claim-predict", { timeout: 30000 });
      const prompt = Date.now() - started;
      assert.equal(await p.evaluate(() => document.body.classList.contains("held")), false, "the view is shown");
      // The package's launch link became the page's link (the core's share link of it).
      const shown = new URLSearchParams(new URL(p.url()).search);
      for (const [k, v] of new URLSearchParams(launchQuery)) assert.equal(shown.get(k), v, `${k} in the page's link`);
      // The guess, and the core's answer beside it.
      const t = await pageTexts(lang);
      const doc = core.run(preset.query).preset;
      const [, a, other] = /^(\d+)(?:~(\d+))?$/.exec(preset.question);
      let said;
      if (other !== undefined) {
        const want = expected(preset);
        const way = { m: "more", s: "same", l: "less" }[want.pattern];
        await p.locator('.claim-predict input[value="more"]').check();
        said = fill(t["ui.predict.verdict_choice"], { guess: t["ui.predict.more"], answer: t[`ui.predict.${way}`], a: localized(doc.highlights[a].text, lang), b: localized(doc.highlights[other].text, lang) });
      } else {
        await p.locator(".predict-number").fill("3");
        said = fill(t["ui.predict.verdict_number"], { guess: "3", answer: localized(doc.highlights[a].text, lang) });
      }
      await p.click(".claim-predict button[type=submit]");
      await p.waitForSelector(".claim-guess:not([hidden])");
      assert.equal((await p.textContent(".claim-guess")).trim(), said, "the core's value");
      await p.waitForSelector(".claim-why", { timeout: 10000 });
      await p.waitForSelector("table.data");
      const tables = await p.locator("table.data").count();
      assert.ok(tables > 0, "the view's tables");
      // A changed parameter is computed again (by the lesson's module, on the page's thread).
      const param = core.params(preset.lesson).find((s) => s.kind.type === "int" && s.kind.max > s.kind.min);
      const input = p.locator(`input[name="${param.name}"]`);
      const was = Number(await input.inputValue());
      const value = String(was < param.kind.max ? was + 1 : was - 1);
      const before = await p.locator("table.data").allTextContents();
      const asked = Date.now();
      await setParam(p, param.name, value);
      const recompute = Date.now() - asked;
      assert.equal(new URLSearchParams(new URL(p.url()).search).get(param.name), value, "the link follows");
      assert.notDeepEqual(await p.locator("table.data").allTextContents(), before, `${param.name}=${value} changes the tables`);
      assert.ok(await p.evaluate(() => Boolean(globalThis.TATBIKAT_DISK?.lessons)), "the package's disk scripts ran");
      await shot(p, `scorm-disk-${preset.lesson}`);
      clean(p, `${preset.id} from disk`);
      await p.close();
      const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
      figures.push(
        `${preset.id}: prompt shown ${prompt} ms after opening, ${param.name}=${value} recomputed in ${recompute} ms; ` +
          `disk/ ${kb(disk.reduce((n, e) => n + e.compressed, 0))} in the zip (${disk.map((e) => `${e.name} ${kb(e.compressed)}`).join(", ")}) of ${kb(readFileSync(`${dir}.zip`).length)}`,
      );
    });
  }

  test("the lesson's view without a claim: its first table from disk, and a sweep", async () => {
    const dir = join(WORK, "disk-view");
    cliPackage("lesson=jobs", `${dir}.zip`);
    unzip(`${dir}.zip`, dir);
    const p = await page(ctx);
    const started = Date.now();
    await p.goto(pathToFileURL(join(dir, "jobs.html")).href);
    // The launch link is computed by the core (embed=1, scorm=1: not the page's own view), its
    // numbers hidden until then (body.computing), as served.
    await rendered(p);
    const first = Date.now() - started;
    assert.equal(await p.evaluate(() => document.body.className), "embed");
    assert.equal(await p.locator(".claim-predict").count(), 0);
    assert.ok((await p.locator("table.data").count()) > 0);
    // "Open in tatbikat" leads to the package's own page from disk (a folder there is a listing),
    // which shows the whole lesson.
    const full = new URL(await p.locator("a.open-full").getAttribute("href"), p.url());
    assert.equal(full.href.split("?")[0], pathToFileURL(join(dir, "jobs.html")).href, "the full page is the package's jobs.html");
    await p.goto(full.href);
    await rendered(p);
    assert.equal(await p.evaluate(() => document.body.classList.contains("embed")), false, "not the embed");
    assert.ok((await p.locator("form.panel").count()) > 0, "the lesson's controls");
    assert.ok((await p.locator("table.data").count()) > 0, "the lesson's tables");
    assert.deepEqual(await p.locator("#tabs [role=tab]").evaluateAll((tabs) => tabs.map((x) => x.dataset.lesson)), ["jobs"], "no tab leads to a lesson the package does not hold");
    // Its logo leads to the package's index.html (not a folder), which shows the lesson too.
    const home = new URL(await p.locator("#logo").getAttribute("href"), p.url());
    assert.equal(home.href, pathToFileURL(join(dir, "index.html")).href, "the logo is the package's index.html");
    await p.goto(home.href);
    await rendered(p);
    assert.equal(new URLSearchParams(new URL(p.url()).search).get("lesson"), "jobs", "the package's lesson");
    assert.ok((await p.locator("table.data").count()) > 0, "its tables");
    // A sweep's points, planned, run and joined by the one engine a page from disk has.
    const sweep = "sweep=fail_prob:0..1:20&metric=retry_limit.completed_nights";
    await p.goto(`${pathToFileURL(join(dir, "jobs.html")).href}?lesson=jobs&${sweep}&embed=1&scorm=1`);
    await p.waitForSelector(".sweep-result figure", { timeout: 30000 });
    assert.equal(await p.locator(".sweep-result figure").count(), 1);
    clean(p, "the view from disk");
    await p.close();
    figures.push(`jobs's view: first table (computed by the core) ${first} ms after opening`);
  });
});
