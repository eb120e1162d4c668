// The SCORM 1.2 package (issue 22): `tatbikat package --scorm QUERY` and the page's
// scorm/package.js build the same zip; the package, unpacked and served by a stand-in LMS on
// another origin than the site, finds the LMS's API (scorm-again's Scorm12API, the LMS side of
// SCORM 1.2) from its frame and reports one claim of each lesson: the prediction as an
// interaction with the core's value, the status, the score, commit and finish. Its launch page
// passes axe.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { extname, join, normalize } from "node:path";
import { CLI } from "../cli.mjs";
import { LESSONS, ROOT, clean, page, shot, suiteEnv } from "./lib.mjs";

const require = createRequire(import.meta.url);
const core = require(join(ROOT, "target", "pkg-node", "tatbikat.js"));
// The package exports no dist path: the browser build is read from its folder.
const SCORM12 = join(ROOT, "node_modules", "scorm-again", "dist", "scorm12.js");
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

/** A zip's entries {name: bytes}, read with Python's zipfile (CRC-checked). */
function unzip(file, dir) {
  rmSync(dir, { recursive: true, force: true });
  execFileSync("python3", ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2]); print('\\n'.join(z.namelist()))", file, dir]);
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".json": "application/json", ".xml": "text/xml" };

/** The stand-in LMS: its page (lms.html) sets window.API = new Scorm12API and frames the
 * launch link; the packages are served from /content/ on the same origin, as an LMS does. */
function lms() {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><script src="/scorm12.js"></script><script src="/lms.js"></script></head><body><iframe id="sco" title="Activity" width="1000" height="800"></iframe></body></html>`;
  const script = `
    window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
    window.lms = { calls: [], values: {} };
    for (const call of ["LMSInitialize", "LMSCommit", "LMSFinish"]) API.on(call, () => lms.calls.push(call));
    API.on("LMSSetValue.cmi.*", (key, value) => { lms.values[key] = value; });
    document.addEventListener("DOMContentLoaded", () => {
      document.getElementById("sco").src = new URLSearchParams(location.search).get("launch");
    });`;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const send = (type, body) => (res.writeHead(200, { "Content-Type": type }), res.end(body));
    if (path === "/lms.html") return send("text/html", page);
    if (path === "/lms.js") return send("text/javascript", script);
    if (path === "/scorm12.js") return send("text/javascript", readFileSync(SCORM12));
    if (path.startsWith("/content/")) {
      const file = normalize(join(WORK, path.slice("/content/".length)));
      if (file.startsWith(WORK)) {
        try {
          return send(TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
        } catch {
          // not there: 404 below
        }
      }
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, "localhost", () => resolve({ url: `http://localhost:${server.address().port}`, server })));
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
    host = await lms();
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
