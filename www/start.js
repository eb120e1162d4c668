// The page's first steps (issues 20 and 32). Every page of the site (each lesson's <id>.html and
// <id>.en.html, written by tools/prerender.mjs) holds one lesson's view at the lesson's values,
// drawn at build time by the page's own renderers from the core's answers, out of sight
// (body.held) until this module has read the link; index.html holds the first screen of each
// lesson's view in the course's language (templates: the view up to its first table):
// - a link the core resolves to a lesson's view (the site's map, `tatbikat-site`) shows that
//   view at once: this page's own, or its first screen from this page completed by the page of
//   that view when it arrives, or the page of that view fetched and put in its place;
// - any other link is computed by the core as before, with that lesson's view as a placeholder
//   of the right size whose numbers are never shown (body.computing).
// Only then do the engine (the model worker and its WebAssembly), the page's modules and app.js
// load, so the first table waits for nothing else. No static import here: each would be one
// more round trip before the first table.

/** The JSON data block `id` of document `doc` (null if it has none). */
const data = (doc, id) => {
  const node = doc.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
};
const site = data(document, "tatbikat-site") ?? { views: {}, modules: [] };
const own = data(document, "tatbikat-view");
/** This page's build (tools/precache.mjs writes it into every page): the page runs its files only. */
export const build = document.querySelector('meta[name="tatbikat-build"]')?.content ?? "";

/** The page of the view that `query` opens (its file name), or undefined where the link is not
 * a lesson's view at its values. A view's page without a query is its own view; index.html
 * holds none (a link without parameters opens the first lesson's view). */
export function viewFile(query) {
  const q = query.replace(/^\?/, "");
  return (q === "" && own?.file) || site.views[q];
}

const pages = new Map(); // file → the promise of its parsed document

/** The parsed page `file` of this site (a Document: the browser parses it, nothing is built
 * from strings here). A page of another build fails: a reload gets the new build whole.
 * `onHeaders()` is called once its response's headers are in (its body follows). */
function fetchPage(file, onHeaders = null) {
  if (!pages.has(file)) {
    const loading = new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("GET", new URL(file, document.baseURI));
      xhr.responseType = "document";
      if (onHeaders) xhr.onreadystatechange = () => xhr.readyState === XMLHttpRequest.HEADERS_RECEIVED && onHeaders();
      xhr.onload = () => {
        const doc = xhr.status === 200 ? xhr.responseXML : null;
        if (!doc?.getElementById("tatbikat-view")) return reject(new Error(`${file}: ${xhr.status}`));
        const theirs = doc.querySelector('meta[name="tatbikat-build"]')?.content ?? "";
        if (theirs !== build) return reject(Object.assign(new Error(`${file} is of another build`), { otherBuild: true }));
        resolve(doc);
      };
      xhr.onerror = () => reject(new Error(`${file}: the network failed`));
      xhr.send();
    });
    loading.catch(() => pages.delete(file)); // tried again next time
    pages.set(file, loading);
  }
  return pages.get(file);
}

/** The view data (the core's answers a view was drawn from: boot, resolved, doc) of the page
 * that `query` opens, or null. The page's own view needs no fetch. */
export async function viewFor(query) {
  const file = viewFile(query);
  if (!file) return null;
  if (file === own?.file) return own;
  return data(await fetchPage(file), "tatbikat-view");
}

/** The first screen of view page `file` this page holds (index.html), or null. */
const firstScreen = (file) => [...document.querySelectorAll("template[data-view]")].find((t) => t.dataset.view === file) ?? null;

/** Shows the first screen `template` in place of this page's body (out of sight while held). */
function showFirst(template) {
  document.documentElement.lang = template.dataset.lang;
  document.title = template.dataset.title;
  const held = document.body.classList.contains("held");
  document.body.replaceChildren(document.importNode(template.content, true));
  document.body.className = template.dataset.class;
  document.body.classList.toggle("held", held);
}

/** Completes the first screen shown (showFirst) with page `doc`'s view: the screen is the start
 * of that view — its nodes up to the first table, each closed fold with its summary only — so
 * every node it lacks is added in its place and none on screen is replaced (focus, scroll and a
 * fold opened meanwhile stay). Where the two differ after all, the view replaces the screen. */
function complete(doc) {
  const fill = (mine, theirs) => {
    const nodes = [...theirs.childNodes].filter((n) => n.nodeName !== "NOSCRIPT");
    const have = mine.childNodes.length;
    if (have > nodes.length || nodes.slice(0, have).some((n, i) => n.nodeName !== mine.childNodes[i].nodeName)) throw new Error("not the view's start");
    nodes.slice(0, have).forEach((n, i) => n.nodeType === Node.ELEMENT_NODE && fill(mine.childNodes[i], n));
    mine.append(...nodes.slice(have).map((n) => document.importNode(n, true)));
  };
  try {
    fill(document.body, doc.body);
  } catch {
    swapIn(doc);
  }
}

/** Puts page `doc`'s view in place of this one (its <noscript> part is for pages without JavaScript). */
function swapIn(doc) {
  document.documentElement.lang = doc.documentElement.lang;
  document.title = doc.title;
  const held = document.body.classList.contains("held");
  // Copies (the fetched page stays whole: its view data answers the page later too).
  document.body.replaceChildren(...[...doc.body.childNodes].filter((n) => n.nodeName !== "NOSCRIPT").map((n) => document.importNode(n, true)));
  document.body.className = doc.body.className;
  document.body.classList.toggle("held", held);
}

/** The folds (<details>) the learner opened or closed on the view before the page took it over. */
export const toggled = new Set();

/** The view shown first (its data), or null when the core computes the link. */
export let view = null;
/** The page's model worker (null where WebAssembly is missing). */
export let engine = null;
/** The boot request for a link that is not a view (lessons, schemas and the resolved link). */
export let booting = null;

async function start() {
  // What the page says without JavaScript is not for this one.
  for (const n of document.querySelectorAll("body noscript")) n.remove();
  const query = location.search;
  const file = viewFile(query);
  // A view's lesson and language are in its file's name (views/noscript.js viewFile).
  const [, lesson, lang = "tr"] = /^([a-z][a-z0-9_]*)(?:\.([a-z]{2}))?\.html$/.exec(file ?? "") ?? [];
  // The folds the learner opens or closes from the first frame on, a first screen's included.
  document.addEventListener("toggle", (e) => toggled.add(e.target), true);
  try {
    // Another view's page: asked for first, then its first screen shown from this page where
    // it has one (index.html): the first table now, the rest of its view a round trip later.
    const page = file && file !== own?.file ? fetchPage(file, () => loadBeside(lesson, lang)) : null;
    const screen = page && firstScreen(file);
    if (screen) {
      showFirst(screen);
      document.body.classList.remove("held");
    }
    if (file && file === own?.file) loadBeside(lesson, lang);
    else if (page) {
      const doc = await page;
      if (screen) complete(doc);
      else swapIn(doc);
    }
    view = file ? data(document, "tatbikat-view") : null;
  } catch (err) {
    // Another build answered: this page reloads as the new build, whole.
    if (err.otherBuild && reloadOnce()) return;
    view = null; // offline or failed: the core computes the link
  }
  if (!view) document.body.classList.add("computing");
  document.body.classList.remove("held");
  performance.mark("tatbikat:first-view");

  const wasm = typeof WebAssembly === "object";
  const [{ Engine }, route] = await Promise.all([view ? loadBeside(view.lesson, view.lang) : loadBeside(null, null), view ? null : import("./route.js")]);
  // The router names the lesson of a link that is not a view, before any lesson's module loads.
  // A view's lesson is known, and the links its page makes next are of the lesson held or of a
  // tab (Engine.prepare moves the worker first): it loads the router for its first sweep only,
  // which the pool shares out before any answer. Without it the engine still finds the lesson
  // (a module's {elsewhere} answer).
  const routing = wasm && route ? route.loadRouter() : null;
  routing?.catch(() => {});
  const routeLater = () => import("./route.js").then((r) => r.loadRouter());
  const script = site.worker ? new URL(site.worker, import.meta.url) : null;
  engine = wasm ? new Engine({ route: routing, routeLater, modules: compileModule, script }) : null;
  if (engine && view) engine.prepare(view.lesson);
  if (engine && !view) {
    booting = engine.call("boot", [query]);
    // The page reports a failure when it awaits this; an unawaited rejection must not reach the console.
    booting.catch(() => {});
    placeholder(routing);
  }
  // The page's modules: the bundle the site's map names (min/app.js), or app.js itself.
  try {
    await import(new URL(site.app ?? "./app.js", import.meta.url).href);
  } catch (err) {
    startFailed(err);
  }
}

/** The page's modules did not load (the network failed, or the host now has another build): one
 * reload, then the failure said, never a page left waiting. A view drawn at build time stays
 * readable under the message; a placeholder's numbers, not the link's own, are taken away. Said
 * as app.js's fatal() says a failure, by hand: that module is what did not load. */
function startFailed(err) {
  if (reloadOnce()) return;
  const lang = view?.lang ?? (new URLSearchParams(location.search).get("lang") === "en" ? "en" : "tr");
  const said = document.createElement("p");
  said.className = "fatal";
  said.setAttribute("role", "alert");
  said.textContent = `${site.texts?.[lang]?.["app.code_failed"] ?? ""} (${err?.message ?? err})`;
  document.body.dataset.live = "1"; // a placeholder arriving later does not cover it
  document.body.classList.remove("computing");
  const main = document.getElementById("main") ?? document.body;
  if (view) main.prepend(said);
  else main.replaceChildren(said);
}

let beside = null; // the promise of engine.js, once loadBeside has asked for what follows the view

/** What the page needs after its first view, asked for at once: lesson `lesson`'s module (the
 * largest file, fetched and compiled from now on), the engine (the model worker starts as soon as
 * it is in), the view's texts in `lang` (its language's only) and the page's modules (the bundle,
 * tools/bundle.mjs), all at once rather than import by import. For a view's page fetched by
 * start(), asked for as its headers arrive: their first bytes come a round trip later, after its
 * body (the first table waits for none of them), and a round trip sooner than after its parsing.
 * Without a lesson (a link the core computes), the engine and the page's modules only. */
function loadBeside(lesson, lang) {
  if (beside) return beside;
  if (lesson && typeof WebAssembly === "object") compileModule(lesson);
  beside = import("./engine.js");
  // The engine's one import first (the worker starts once it is in), then the texts, then the rest.
  const texts = lesson ? [`./i18n/${lang}.js`, `./i18n/lesson/${lesson}.${lang}.js`] : [];
  for (const href of new Set(["lessons.js", ...texts, ...(site.modules ?? [])])) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  }
  return beside;
}

/** A link the core computes: its lesson's view, out of sight, keeps the place the results will
 * take (body.computing hides every number of it and shows that the model is loading). */
async function placeholder(routing) {
  try {
    const lesson = (await routing)(location.search);
    const { viewFile: fileOf } = await import("./views/noscript.js");
    const doc = await fetchPage(fileOf(lesson, "tr"));
    // The page may have started meanwhile: then its own frame, or what failed, is there already.
    if (!document.body.dataset.live) {
      swapIn(doc);
      document.body.classList.add("computing");
    }
  } catch {
    /* no placeholder: the loading line stays */
  }
}

const compiled = new Map(); // lesson → the promise of its compiled module

/** Lesson `id`'s WebAssembly module (pkg/<id>.wasm), fetched and compiled on this page once (the
 * compiler works off the main thread) and handed compiled to each model worker of the lesson
 * (engine.js): the download starts as soon as the lesson is known, not after the worker's own
 * scripts, and a restarted worker or the sweep pool's need no other. A failure is not kept: the
 * worker then fetches the module itself and says what failed. */
export async function compileModule(id) {
  // A script lesson's module is the script module (pkg/script.wasm, issue 34), which lessons.js names.
  const { default: LESSONS } = await import("./lessons.js");
  const file = LESSONS.find((l) => l.id === id)?.script ? "script" : id;
  if (!compiled.has(file)) {
    const loading = fetch(new URL(`./pkg/${file}.wasm`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`pkg/${file}.wasm: ${response.status}`);
      // Streaming needs the host to say application/wasm; any other type is compiled whole.
      const streams = /^application\/wasm\b/.test(response.headers.get("Content-Type") ?? "");
      return streams ? WebAssembly.compileStreaming(response) : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
    });
    loading.catch(() => compiled.delete(file));
    compiled.set(file, loading);
  }
  return compiled.get(file);
}

/** Reloads the page once (a second reload in a row is not tried: the page says what failed). */
export function reloadOnce() {
  const key = `tatbikat:reloaded:${location.href}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
  } catch {
    return false;
  }
  location.reload();
  return true;
}

start();
