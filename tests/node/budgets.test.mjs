// The page's WebAssembly within its budget (issue 9): 150 KB gzip -9 for the module a visit loads.
// Each lesson has its own module (build.sh), so every one of them is held to it. Sizes are exact,
// so this is a test; the time budgets are figures of ./build.sh bench. Needs ./build.sh build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const KB = 1024;
// The site's lessons (www/lessons.js): the registry's, then the script lessons (issue 34), whose
// module is the script module and whose own files include the script worker's (a file's group in
// precache.js may name several lessons: "a,b").
const lessons = (await import(join(ROOT, "www", "lessons.js"))).default;
const mine = (f, id) => f.lesson.split(",").includes(id);

test("every lesson's WebAssembly module is at most 150 KB gzipped (figures printed)", (t) => {
  assert.ok(lessons.length > 0);
  // Each Rust lesson's own module, and the script module every script lesson shares (the core
  // without any lesson's model: issue 34's "script tier").
  const modules = [...new Set(lessons.map((l) => (l.script ? "script" : l.id)))];
  for (const id of modules) {
    const bytes = gzipSync(readFileSync(join(ROOT, "www", "pkg", `${id}.wasm`)), { level: 9 }).length;
    t.diagnostic(`WebAssembly module of ${id}: ${(bytes / KB).toFixed(1)} KB gzip -9 (${bytes} bytes), budget 150 KB`);
    assert.ok(bytes <= 150 * KB, `${id}: ${bytes} bytes`);
  }
});

// A lesson's speed module (pkg/speed/<id>.wasm, issue 36: its module at opt-level 3, which the
// pool's workers load for a long search or sweep) is downloaded only when the search's panel or
// the sweep's form opens, never on a first visit, and the service worker keeps it only once
// fetched: its group is "<id>/speed", not the lesson's.
test("every lesson's speed module is at most 230 KB gzipped and no first visit's (figures printed)", (t) => {
  const files = listed();
  for (const { id } of lessons.filter((l) => !l.script)) {
    const path = `pkg/speed/${id}.wasm`;
    const bytes = gzipSync(readFileSync(join(ROOT, "www", path)), { level: 9 }).length;
    const page = gzipSync(readFileSync(join(ROOT, "www", "pkg", `${id}.wasm`)), { level: 9 }).length;
    t.diagnostic(`speed module of ${id}: ${(bytes / KB).toFixed(1)} KB gzip -9 (the page's ${(page / KB).toFixed(1)} KB), budget 230 KB`);
    assert.ok(bytes <= 230 * KB, `${id}: ${bytes} bytes`);
    assert.equal(files.get(path)?.lesson, `${id}/speed`, path);
  }
});

/** The site's files as precache.js lists them (tools/precache.mjs): path → {lesson, gzip}. */
function listed() {
  const text = readFileSync(join(ROOT, "www", "precache.js"), "utf8");
  return new Map([...text.matchAll(/^\s+(\[.*\]),$/gm)].map((m) => JSON.parse(m[1])).map(([path, , lesson, , gzip]) => [path, { lesson, gzip }]));
}

// Issue 20: a phone's first visit. The time budgets (first table ≤ 1.0 s, a change answered ≤ 2.5 s
// on the mobile profile) are ./build.sh bench's figures; the bytes behind them are exact, so held here.
test("a first visit's bytes: until the first table at most 64 KB, in all at most 350 KB gzip (figures printed)", (t) => {
  const files = listed();
  const gz = (path) => files.get(path)?.gzip ?? assert.fail(`${path} is not in precache.js`);
  const KB_ = (n) => `${(n / KB).toFixed(1)} KB`;
  let worstTable = 0;
  let worstVisit = 0;
  for (const { id } of lessons) {
    // The first table: the page (index.html, whose first screens a Turkish ?lesson= link shows at
    // once, or the view's own page), the stylesheet and start.js; both pages are counted, as a
    // link in English still fetches its view's page after index.html. Nothing else is on its path.
    const table = gz("index.html") + gz(`${id}.html`) + gz("style.css") + gz("start.js");
    // The whole visit, each file once: the shell, the lesson's module and texts, its view's page,
    // the service worker and its list.
    const shell = [...files].filter(([, f]) => f.lesson === "").reduce((a, [, f]) => a + f.gzip, 0);
    const own = [...files].filter(([, f]) => mine(f, id)).reduce((a, [, f]) => a + f.gzip, 0);
    const visit = shell + own + gz(`${id}.html`) + gzipSync(readFileSync(join(ROOT, "www", "sw.js")), { level: 9 }).length + gzipSync(readFileSync(join(ROOT, "www", "precache.js")), { level: 9 }).length;
    t.diagnostic(`${id}: until the first table ${KB_(table)}, the whole first visit ${KB_(visit)} (shell ${KB_(shell)}, module and texts ${KB_(own)})`);
    worstTable = Math.max(worstTable, table);
    worstVisit = Math.max(worstVisit, visit);
  }
  assert.ok(worstTable <= 64 * KB, `until the first table: ${worstTable} bytes`);
  assert.ok(worstVisit <= 350 * KB, `a first visit: ${worstVisit} bytes`);
});

// The first-load budget of issue 9 (≤ 250 KB gzip), now that the first table comes before the
// WebAssembly: everything a first visit fetches until the page is interactive — the pages and
// start.js, the engine and the model worker's scripts, the page's modules (the graph start.js
// preloads, as the site's map lists it), the view's texts in its language and the lesson's module.
test("a first visit until the page is interactive: at most 250 KB gzip (figures printed)", (t) => {
  const files = listed();
  const gz = (path) => files.get(path)?.gzip ?? assert.fail(`${path} is not in precache.js`);
  const html = readFileSync(join(ROOT, "www", "index.html"), "utf8");
  const site = JSON.parse(/<script [^>]*id="tatbikat-site"[^>]*>([^<]*)<\/script>/.exec(html)[1]);
  assert.ok(site.modules.includes(site.app), "the site's map lists the page's modules (the bundle, tools/bundle.mjs)");
  let worst = 0;
  for (const { id, script } of lessons) {
    // A script lesson's module and its script worker's files, its manifest, defaults and scripts.
    const module = script ? [...files].filter(([p, f]) => mine(f, id) && !p.startsWith("i18n/")).map(([p]) => p) : [`pkg/${id}.wasm`];
    for (const lang of ["tr", "en"]) {
      const view = lang === "tr" ? `${id}.html` : `${id}.${lang}.html`;
      // The model worker: the bundled one the site's map names (its glue inside), or the sources.
      const worker = site.worker === "worker.js" ? ["worker.js", "pkg/tatbikat.js"] : [site.worker];
      const paths = ["index.html", "style.css", "start.js", view, "engine.js", ...worker, ...site.modules, `i18n/${lang}.js`, `i18n/lesson/${id}.${lang}.js`, ...module];
      const bytes = [...new Set(paths)].reduce((a, p) => a + gz(p), 0);
      if (lang === "tr") t.diagnostic(`${id}: until interactive ${(bytes / KB).toFixed(1)} KB gzip -9 (${paths.length} files)`);
      worst = Math.max(worst, bytes);
    }
  }
  assert.ok(worst <= 250 * KB, `until interactive: ${worst} bytes`);
});
