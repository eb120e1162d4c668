#!/usr/bin/env node
// Writes DIR/precache.js (default www/): the version of the static site and the list of files the
// service worker (www/sw.js) keeps for offline use, each with its SRI hash, the lesson it belongs
// to ("" for the shell every lesson needs: the page's modules, the stylesheet, the router, the
// model worker's glue) and its size (bytes, and gzip -9 as a host would send it). The service
// worker keeps the shell and the lessons a visit opens; the others when asked (issue 20).
// The version is a hash of every listed file's path and contents, so a build that changes any
// byte gets a new cache name, and the browser sees a new service worker (it compares imported
// scripts byte for byte). The build is the same hash without the site's pages: it is written into
// every page (<meta name="tatbikat-build">), so a page knows which build's files it may run.
// Run by build.sh after the site is built; usage: node tools/precache.mjs [DIR]
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "www";
// Not part of the site a browser loads: the bundler's sources, the service worker and this list
// (the browser fetches those itself, outside the cache), wasm-bindgen's package metadata.
// Nor what no page of this site loads with JavaScript on (its offline copy has JavaScript on):
// the loader course sites load from their own pages (tatbikat-embed.js, outside this site's
// service worker) and the stylesheet inside <noscript> (3.2 KB gzip of a first visit's download).
// Nor what only a SCORM package opened from disk loads (disk/, built by tools/disk.mjs from
// disk-src/: src/scorm.rs adds it to every package).
const SKIP = [/^vendor-src\//, /^disk(-src)?\//, /^sw\.js$/, /^precache\.js$/, /(^|\/)\./, /(^|\/)package\.json$/, /\.d\.ts$/, /\.map$/, /^tatbikat-embed\.js$/, /^noscript\.css$/];

function walk(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const path = join(d, e.name);
    if (e.isDirectory() || (e.isSymbolicLink() && statSync(path).isDirectory())) return walk(path);
    return [path];
  });
}

// The sources tools/bundle.mjs bundled into min/: the site loads the bundle, not them.
const bundled = new Set(existsSync(join(dir, "min", ".bundle.json")) ? JSON.parse(readFileSync(join(dir, "min", ".bundle.json"), "utf8")).inputs : []);
const files = walk(dir)
  .map((p) => relative(dir, p).split(sep).join("/"))
  .filter((p) => !SKIP.some((re) => re.test(p)) && !bundled.has(p))
  .sort();
const page = (path) => /^[^/]+\.html$/.test(path);

// The build: every file but the pages, which carry it.
const build = createHash("sha256");
for (const path of files.filter((p) => !page(p))) {
  const bytes = readFileSync(join(dir, path));
  build.update(`${path}\0${bytes.length}\0`).update(bytes);
}
const buildId = build.digest("hex").slice(0, 16);
for (const path of files.filter(page)) {
  const text = readFileSync(join(dir, path), "utf8");
  const marked = text.replace(/<meta name="tatbikat-build" content="[^"]*">/, `<meta name="tatbikat-build" content="${buildId}">`);
  if (marked !== text) writeFileSync(join(dir, path), marked);
}

// Each lesson's own files: its module and its texts, its challenges' and "why" questions' too ("<id>"), kept when a page opens the lesson,
// and its view's pages ("<id>/view"), kept when fetched (a lesson works offline without them: the
// core computes its view); its speed module ("<id>/speed") and the SCORM packager ("scorm/packager"),
// kept when fetched; the rest is
// the shell.
// Script lessons (issue 34): a folder lessons/<id>/ each, its own files; the script module
// (pkg/script.wasm) and the script worker's modules (script/) belong to every one of them: their
// group is the lessons' ids, comma-separated (sw.js keeps them with any of those lessons).
const scripts = [...new Set(files.map((p) => /^lessons\/([a-z][a-z0-9_]*)\/lesson\.txt$/.exec(p)?.[1]).filter(Boolean))];
const lessons = [...files.map((p) => /^pkg\/([a-z][a-z0-9_]*)\.wasm$/.exec(p)?.[1]).filter((id) => id && id !== "script"), ...scripts];
const SCRIPT_TIER = /^(?:pkg\/script\.wasm|script\/[^/]+\.js|min\/runner-worker\.js)$/;
// A lesson's module and texts; its learning texts are in the bundle too, as chunks of their own
// (tools/bundle.mjs chunkNames "[name]-[hash]"): 1.2–2.1 KB gzip each, twelve of them, which the
// shell need not carry.
const OWN = /^(?:pkg\/([a-z][a-z0-9_]*)\.wasm|i18n\/lesson\/([a-z][a-z0-9_]*)\.(?:learn\.)?[a-z]{2}\.js|min\/([a-z][a-z0-9_]*)\.learn\.[a-z]{2}-[A-Z0-9]+\.js)$/;
const VIEW = /^([a-z][a-z0-9_]*)(?:\.[a-z]{2})?\.html$/;
/** The lesson among `lessons` that the first group matched by `re` in `path` names, if any. */
const lessonIn = (re, path) => {
  const id = re.exec(path)?.slice(1).find(Boolean);
  return lessons.includes(id) ? id : undefined;
};
const lessonOf = (path) => {
  const own = lessonIn(OWN, path);
  const view = lessonIn(VIEW, path);
  // The SCORM packager (www/scorm/package.js and its module) is loaded when a teacher asks for a
  // package: not the shell, which the service worker keeps for every visit (docs/embedding.md).
  const packager = /^(pkg\/scorm\/|scorm\/package\.js$)/.test(path) ? "scorm/packager" : null;
  // A lesson's speed module (pkg/speed/<id>.wasm), which the pool's workers load for a long search
  // or sweep: kept when fetched, not with the lesson (200 KB gzip that most visits never load).
  const speed = lessonIn(/^pkg\/speed\/([a-z][a-z0-9_]*)\.wasm$/, path);
  const folder = lessonIn(/^lessons\/([a-z][a-z0-9_]*)\//, path);
  const tier = SCRIPT_TIER.test(path) ? scripts.join(",") || null : null;
  return own ?? folder ?? tier ?? packager ?? (speed ? `${speed}/speed` : null) ?? (view ? `${view}/view` : "");
};

const version = createHash("sha256");
const list = files.map((path) => {
  const bytes = readFileSync(join(dir, path));
  version.update(`${path}\0${bytes.length}\0`).update(bytes);
  return [path, `sha256-${createHash("sha256").update(bytes).digest("base64")}`, lessonOf(path), bytes.length, gzipSync(bytes, { level: 9 }).length];
});
const hash = version.digest("hex").slice(0, 16);
const text = [
  "// Generated by tools/precache.mjs at build time; not edited, not committed.",
  "// The site's version and build, and the files sw.js keeps for offline use:",
  "// [path, SRI hash, lesson (\"\": the shell; \"<id>/view\": its view's pages; \"<id>/speed\": its speed module; \"<id>,<id>\": the script lessons' shared files), bytes, gzip -9 bytes].",
  `self.TATBIKAT_PRECACHE = {`,
  `  version: ${JSON.stringify(hash)},`,
  `  build: ${JSON.stringify(buildId)},`,
  `  files: [`,
  ...list.map((entry) => `    ${JSON.stringify(entry)},`),
  `  ],`,
  `};`,
  "",
].join("\n");
writeFileSync(join(dir, "precache.js"), text);
const shell = list.filter((f) => !f[2]);
console.log(
  `precache: ${list.length} files, version ${hash}, build ${buildId}; the shell ${shell.length} files (${(shell.reduce((a, f) => a + f[4], 0) / 1024).toFixed(1)} KB gzip), ` +
    lessons.map((id) => `${id} ${(list.filter((f) => f[2].split(",").includes(id)).reduce((a, f) => a + f[4], 0) / 1024).toFixed(1)}`).join(", ") +
    " KB",
);
