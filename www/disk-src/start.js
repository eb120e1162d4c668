// The page's first steps opened from disk (file://): start.js for a SCORM package's pages
// unzipped and opened by double-click, bundled in its place into disk/page.js (tools/disk.mjs).
// Browsers refuse a file:// page module scripts, fetch and workers, so everything here comes
// from the package's classic scripts (disk/boot.js loads them): the launch link and lesson
// (disk/launch.js), the lesson's texts and WebAssembly in base64 (disk/<id>.js). The model
// worker is a stand-in on this thread (disk-src/worker.js). It exports what start.js exports,
// as app.js and offline.js import it.
import { Engine } from "../engine.js";

/** What the package's classic scripts set: {launch: {lesson, query}, lessons: {id: {wasm, texts}}}. */
const disk = globalThis.TATBIKAT_DISK ?? {};

/** The JSON data block `id` of this page (null if it has none). */
const data = (id) => {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
};
const site = data("tatbikat-site") ?? { views: {} };
const own = data("tatbikat-view");
/** This page's build (as start.js: offline.js reads it). */
export const build = document.querySelector('meta[name="tatbikat-build"]')?.content ?? "";

/** The page of the view that `query` opens (as start.js viewFile). */
export function viewFile(query) {
  const q = query.replace(/^\?/, "");
  return (q === "" && own?.file) || site.views[q];
}

/** This page's own view data when `query` opens it, else null: no other page can be read from
 * disk, so the core computes every other view. */
export async function viewFor(query) {
  const file = viewFile(query);
  return file && file === own?.file ? own : null;
}

// The exports below repeat start.js's on purpose: start.js imports nothing (each import would be
// a round trip before the first table), so there is no shared module for the two to import.

/** The folds (<details>) the learner opened or closed on the view before the page took it over. */
export const toggled = new Set();
/** The view shown first (its data), or null when the core computes the link. */
export let view = null;
/** The page's model engine (null where WebAssembly is missing). */
export let engine = null;
/** The boot request for a link that is not a view. */
export let booting = null;

async function start() {
  for (const n of document.querySelectorAll("body noscript")) n.remove();
  // A file opened by double-click has no query: the package's launch link is its link.
  if (!location.search && disk.launch?.query) history.replaceState(null, "", `?${disk.launch.query}`);
  const query = location.search;
  const file = viewFile(query);
  view = file && file === own?.file ? own : null;
  // Any other link: this page's view is its placeholder, its numbers hidden (as start.js's).
  if (!view) document.body.classList.add("computing");
  document.body.classList.remove("held");
  performance.mark("tatbikat:first-view");
  document.addEventListener("toggle", (e) => toggled.add(e.target), true);
  const lesson = disk.launch?.lesson ?? view?.lesson ?? null;
  if (typeof WebAssembly === "object") {
    if (lesson) compileModule(lesson);
    // The package holds one lesson: every link is its module's (a link of another lesson is
    // sent on by the module's {elsewhere} answer, and fails as a module the package lacks).
    const route = lesson ? Promise.resolve(() => lesson) : null;
    engine = new Engine({ route, modules: compileModule });
  }
  if (engine && view) engine.prepare(view.lesson);
  if (engine && !view) {
    booting = engine.call("boot", [query]);
    booting.catch(() => {});
  }
  await import("../app.js");
}

const compiled = new Map(); // lesson → the promise of its compiled module

/** Lesson `id`'s WebAssembly module, compiled once from the package's base64 copy. */
export function compileModule(id) {
  if (!compiled.has(id)) {
    const loading = new Promise((resolve) => {
      const text = disk.lessons?.[id]?.wasm;
      if (!text) throw new Error(`pkg/${id}.wasm: not in this package`);
      resolve(Uint8Array.fromBase64 ? Uint8Array.fromBase64(text) : Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
    }).then((bytes) => WebAssembly.compile(bytes));
    loading.catch(() => compiled.delete(id));
    compiled.set(id, loading);
  }
  return compiled.get(id);
}

/** A page from disk never reloads into another build (start.js's reloadOnce). */
export function reloadOnce() {
  return false;
}

start();
