// The link ↔ the state: what a resolved link sets, the query the state asks the core for, and the
// links the page hands out (the full page, run A of a comparison, an embed). Pure functions of
// the state; the core canonicalizes every query (it writes the share link the URL shows).
import { splitAxis } from "./axis.js";
import { PAGE_KEYS, VIEW_KEYS } from "./keys.js";

// The link's keys, from the core (keys.js, written by the build).
export { PAGE_KEYS, VIEW_KEYS };

/** The typed values a share query gives for the parameters of `specs` (only those it names). */
export function valuesOf(specs, share) {
  const shared = new URLSearchParams(share);
  const values = {};
  for (const spec of specs ?? []) if (shared.has(spec.name)) values[spec.name] = shared.get(spec.name);
  return values;
}

/** What a resolved link (the core's reading of the address) sets: the lesson, the page's
 * settings, the values as typed, the claim, the view keys and compare mode's run A. */
export function fromResolved(resolved, specs) {
  return {
    lesson: resolved.lesson,
    lang: resolved.lang,
    section: resolved.section,
    embed: resolved.embed,
    controls: resolved.controls,
    exports: resolved.exports,
    figure: resolved.figure,
    scorm: resolved.scorm,
    present: resolved.present,
    values: valuesOf(specs, resolved.share),
    linkErrors: resolved.errors,
    preset: resolved.preset,
    challenge: resolved.challenge ?? null,
    predict: resolved.predict,
    // A link that asks for a prediction holds its claim's figure until the guess.
    awaiting: resolved.preset && resolved.predict === true ? resolved.preset : null,
    view: { ...resolved.view },
    vs: resolved.vs ?? null,
    origins: resolved.origins ?? [],
    // The origin= texts given when one was refused: the embed then talks to no page (fails closed).
    originRefused: resolved.originRefused ?? [],
  };
}

/** The query of the state, values as typed; the core canonicalizes it. */
export function rawQuery(state) {
  const q = new URLSearchParams({ lesson: state.lesson });
  if (state.section) q.set("section", state.section);
  for (const spec of state.specs[state.lesson] ?? []) {
    if (spec.name in state.values) q.set(spec.name, state.values[spec.name]);
  }
  if (state.preset) q.set("preset", state.preset);
  if (state.challenge) q.set("challenge", state.challenge);
  if (state.embed) q.set("embed", "1");
  if (!state.controls) q.set("controls", "0");
  if (state.exports !== state.controls) q.set("exports", state.exports ? "1" : "0");
  if (state.predict !== null) q.set("predict", state.predict ? "1" : "0");
  if (state.figure) q.set("figure", state.figure);
  if (state.present) q.set("present", "1");
  if (state.lang !== "tr") q.set("lang", state.lang);
  if (state.scorm) q.set("scorm", "1");
  for (const key of VIEW_KEYS) if (state.view[key] !== undefined && state.view[key] !== null) q.set(key, state.view[key]);
  if (state.vs !== null) q.set("vs", state.vs);
  if (state.origins?.length) q.set("origin", state.origins.join(","));
  for (const text of state.originRefused ?? []) q.append("origin", text);
  q.set("v", "1");
  return q.toString();
}

/** How this document links to `file` of its own folder: "./" for the folder's index.html where a
 * folder's address reaches it (any host, and node without a document), else the file itself:
 * from disk (file://) a folder is a listing. */
function inFolder(file, location) {
  return file === "index.html" && location?.protocol !== "file:" ? "./" : file;
}

/** The address of this site's page with `query`: this document's own file, so the page is reached
 * where folders are not (from disk, where a folder is a listing; a package's jobs.html in an LMS,
 * which serves files), and "./" for the folder's index.html on a host (inFolder). */
export function pageHref(query, location = globalThis.location) {
  return `${inFolder(location?.pathname.split("/").pop() || "index.html", location)}?${query}`;
}

/** The site's home in `lang` (the logo's link): its index.html (inFolder). */
export function homeHref(lang, location = globalThis.location) {
  const home = inFolder("index.html", location);
  return lang === "tr" ? home : `${home}?lang=en`;
}

/** The query of the whole lesson at the same state: no embed, panel, exports, single-figure or
 * presenter settings. The pairs stay as the core wrote them (URLSearchParams would escape every
 * ":" and ","). */
export function fullPageQuery(state) {
  const drop = new Set(["embed", "controls", "exports", "figure", "origin", "present"]);
  return (state.resolved?.share ?? rawQuery(state))
    .split("&")
    .filter((pair) => !drop.has(pair.split("=")[0]))
    .join("&");
}

/** The whole lesson's page at the same state (fullPageQuery at pageHref). */
export function fullPageHref(state, location = globalThis.location) {
  return pageHref(fullPageQuery(state), location);
}

/** Run A's own page (its values, the same lesson and section) of a compared report `doc`. */
export function vsHref(state, doc, location = globalThis.location) {
  const q = new URLSearchParams({ lesson: state.lesson });
  if (state.section) q.set("section", state.section);
  const own = doc.vs.query ? `&${doc.vs.query}` : "";
  return pageHref(`${q.toString()}${own}${state.lang !== "tr" ? "&lang=en" : ""}&v=1`, location);
}

/** The address of an embed of the shared state `share` at page address `href`, as the embed
 * dialog's choice says: {section, figure, controls, exports, predict}, and if given `lang` and
 * `claim` (a claim's own query, or null: no claim, the values of `share`). */
export function embedHref(share, href, { section, figure, controls, exports, predict, lang, claim }) {
  const q = new URLSearchParams(claim ? claim.query : share);
  if (claim === null) q.delete("preset");
  if (lang) q.set("lang", lang);
  if (lang === "tr") q.delete("lang");
  q.set("embed", "1");
  for (const k of ["section", "figure", "controls", "exports", "predict"]) q.delete(k);
  if (section) q.set("section", section);
  if (figure) q.set("figure", figure);
  if (!controls) q.set("controls", "0");
  if (!controls && exports) q.set("exports", "1");
  if (predict) q.set("predict", "1");
  const url = new URL(href);
  url.search = q.toString();
  return url.toString();
}

/** The parameters the sweep form's choices are worked out at: the link without its view keys
 * (the lesson's id before the core has read the link). */
export function optionsKey(state) {
  if (!state.resolved) return state.lesson;
  const q = new URLSearchParams(state.resolved.query);
  for (const k of [...VIEW_KEYS, "lang", "embed", "controls", "preset", "challenge", "v"]) q.delete(k);
  return q.toString();
}

/** The sweep's identity: its query without the swept parameters (their values do not matter),
 * the watched run or the language. */
export function sweepKey(state) {
  const q = new URLSearchParams(state.resolved.query);
  for (const axis of [state.view.sweep, state.view.sweep_y]) if (axis) q.delete(splitAxis(axis).name);
  q.delete("trace");
  q.delete("lang");
  q.delete("challenge");
  return q.toString();
}

/** The search's identity: its question, its narrowed scope and the parameters it walks from
 * (not the watched run, the sweep or the language). */
export function findKey(state) {
  const q = new URLSearchParams(optionsKey(state));
  q.set("find", state.view.find ?? "");
  if (state.view.scope) q.set("scope", state.view.scope);
  return q.toString();
}
