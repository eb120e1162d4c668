#!/usr/bin/env node
// Bundles and minifies the page's modules for the built site (issue 20: a change answered sooner
// on a phone): app.js's graph and the modules it loads lazily, from 29 ES modules (71 KB gzip,
// one request each) into DIR/min/ (a few files, about 40 KB gzip), with esbuild (the lockfile's).
// The sources in www/ stay ES modules (the node tests and tools import them); the site's pages
// load min/app.js instead of app.js (start.js reads it from the site's map, tools/prerender.mjs).
// Modules that hold state shared with code outside the bundle, or resolve files next to
// themselves at run time, stay as they are, one copy each, imported by path from the bundle:
//   start.js (the page's first steps and the view it showed), engine.js (and the sweep pool it
//   loads), lessons.js, i18n/index.js (the texts loaded, by language; it imports them by path).
// Elsewhere `import.meta.url` is the bundle's: each source's own is put back (offline.js finds
// sw.js next to itself). DIR/min/.bundle.json says what the site loads: {app, modules (the
// files min/app.js imports, at once or through others: start.js preloads them), inputs (the
// sources the bundle holds that nothing loads as they are: tools/precache.mjs leaves them out of
// the offline copy), worker}.
// The model worker is bundled with the WebAssembly glue it imports (min/worker.js, named by the
// site's map: engine.js starts it from there).
// Usage (build.sh, after tools/texts.mjs): node tools/bundle.mjs [DIR]
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { build } from "esbuild";

const dir = resolve(process.argv[2] ?? "www");
const out = join(dir, "min");
/** The modules kept out of the bundle, as paths in DIR. */
const EXTERNAL = ["start.js", "engine.js", "lessons.js", "i18n/index.js"];
const site = (path) => relative(dir, path).split(sep).join("/");

/** Imports of the external modules stay imports, by their path from min/. */
const externals = {
  name: "tatbikat-externals",
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const path = site(resolve(args.resolveDir, args.path));
      return EXTERNAL.includes(path) ? { path: `../${path}`, external: true } : undefined;
    });
    // Each source's own address where it asks for it: the folder it lives in, seen from min/.
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      // The script lessons' runner (issue 34) starts its realm from min/, bundled beside the
      // model worker (min/runner-worker.js), and finds the lessons' folder one level up, as
      // from script/: its own address is the bundle's.
      if (site(args.path) === "script/worker-run.js") return undefined;
      const folder = site(dirname(args.path));
      const base = `new URL(${JSON.stringify(`../${folder ? `${folder}/` : ""}`)}, import.meta.url).href`;
      return { contents: text.replaceAll("import.meta.url", base), loader: "js" };
    });
  },
};

rmSync(out, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(dir, "app.js")],
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: "es2022",
  outdir: out,
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [externals],
});

// The model worker and the WebAssembly glue it imports, one file (one request, not two in a row).
/** A worker's bundle: one minified file in min/, named as its source. */
const WORKER = {
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  outdir: out,
  entryNames: "[name]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [externals],
};
const worker = await build({ ...WORKER, entryPoints: [join(dir, "worker.js")] });

// The script lessons' realm (issue 34): the worker the model worker's script runner starts,
// bundled and minified (its sources carry the contract's comments: 8.6 KB gzip as five files,
// 3.6 KB as one).
const realm = await build({ ...WORKER, entryPoints: [join(dir, "script", "runner-worker.js")], plugins: [] });

// What min/app.js loads before it runs: its static imports, at once or through others (the
// bundle's chunks, then the external modules and theirs).
const outputs = result.metafile.outputs;
const modules = new Set();
const visit = (path) => {
  if (modules.has(path)) return;
  modules.add(path);
  const output = outputs[relative(process.cwd(), join(dir, path))];
  if (output) {
    for (const i of output.imports) {
      if (i.kind !== "import-statement") continue;
      visit(i.external ? site(resolve(out, i.path)) : site(resolve(process.cwd(), i.path)));
    }
    return;
  }
  // A source module outside the bundle: its own static imports.
  const text = readFileSync(join(dir, path), "utf8");
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"/gm)) {
    visit(site(resolve(dir, dirname(path), m[1] ?? m[2])));
  }
};
visit("min/app.js");
modules.delete("start.js"); // the page's first module: running already
// The sources the page still loads as they are: start.js's own graph (static imports and
// dynamic ones of a literal path: the engine, the sweep pool, the router, views/noscript.js for a
// computed link's placeholder, and what they import).
const unbundled = new Set();
const walk = (path) => {
  if (unbundled.has(path)) return;
  unbundled.add(path);
  const text = readFileSync(join(dir, path), "utf8");
  for (const m of text.matchAll(/(?:^\s*(?:import|export)\s[^;]*?from\s+|^\s*import\s+|\bimport\()"(\.[^"]+)"/gm)) {
    walk(site(resolve(dir, dirname(path), m[1])));
  }
};
walk("start.js");
const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(worker.metafile.inputs), ...Object.keys(realm.metafile.inputs)])]
  .map((p) => site(resolve(process.cwd(), p)))
  .filter((p) => !unbundled.has(p))
  .sort();
const bundle = { app: "min/app.js", worker: "min/worker.js", modules: [...modules].sort(), inputs };
writeFileSync(join(out, ".bundle.json"), `${JSON.stringify(bundle, null, 1)}\n`);
console.log(`bundle: ${Object.keys(result.metafile.inputs).length + Object.keys(worker.metafile.inputs).length} modules into ${Object.keys(outputs).length} files in ${site(out)}/; min/app.js loads ${bundle.modules.length} files at once`);
