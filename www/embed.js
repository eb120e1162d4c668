// Embedding, the embedded side: the compact view tells its parent page how tall it is, and
// answers the parent's messages (the API for the embedding page, docs/embedding.md): set the
// values or the claim, read the state; it tells the parent every change and every prediction.
// The dialog that makes the snippet is embed/dialog.js.
import { findAnswer, findId, findVerdict } from "./state/guess.js";
import { fullPageHref, PAGE_KEYS } from "./state/link.js";
import { problemText } from "./views/shown.js";

/** The version of the messages between the embed and its page (docs/embedding.md). */
export const API_VERSION = 1;

// One observer of the page's height for the page's life, however often the page is rebuilt
// (another language, another lesson), and the height last posted: one message per change.
let observer = null;
let last = 0;

// The origins the link allows (origin=): the only pages this embed talks to. Empty: its parent,
// whatever its origin.
let allowed = [];
// A refused origin= (malformed, given twice): the allow-list fails closed, the embed talks to
// no page at all (it says why on its page, with the link's other problems, and on the console).
let closed = false;

/** Where the embed's own messages go: any origin, or with origin= the parent's if it is
 * allowed (the browser names it, where it does: location.ancestorOrigins), else each allowed
 * one (the browser delivers a message only where the parent is that origin). */
function targets() {
  if (!allowed.length) return ["*"];
  const parent = location.ancestorOrigins?.[0];
  if (parent === undefined) return allowed;
  return allowed.includes(parent) ? [parent] : [];
}

/** Posts `message` to the parent: to `origin` (a request's), else see targets(). */
function tell(message, origin = null) {
  if (window.parent === window || closed) return;
  const body = { ...message, version: API_VERSION };
  for (const target of origin ? [origin] : targets()) window.parent.postMessage(body, target);
}

/** The page's height, posted to the parent when it is not the one posted last. */
function sendHeight() {
  // Not the empty shell's height, nor one while the core still works (a sweep's figure not yet
  // drawn): a snippet copied early would keep it. The end of the work posts it (below).
  if (!document.body.dataset.ready || document.body.dataset.busy) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== last) {
    last = height;
    tell({ type: "tatbikat:height", height });
  }
}

/** Posts {type: "tatbikat:height", height} to the parent whenever the page's height changes
 * (called after every build of the page: it observes once). */
export function postHeight() {
  if (window.parent === window) return;
  if (!observer) {
    observer = new ResizeObserver(sendHeight);
    observer.observe(document.documentElement);
    // And after every render: a frame the browser does not show yet (a loader's frame is 0 px
    // tall until it hears a height) gets no resize callbacks, but its mutations are observed.
    new MutationObserver(sendHeight).observe(document.body, { attributes: true, attributeFilter: ["data-renders", "data-busy"] });
  }
  sendHeight();
}

/** A value as an HTML attribute's text (inside double quotes). */
const attr = (s) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

// The snippet's sandbox holds only what the embedded page needs (each flag tested from another
// origin in tests/browser/csp.test.mjs): allow-scripts (the page is a script); allow-same-origin
// (without it the frame's origin is opaque and its modules, worker and WebAssembly, all on the
// page's own origin, are refused as cross-origin); allow-forms (without it a form's submit event
// never fires: the sweep and trace-selector forms would do nothing); allow-downloads (the export
// buttons save CSV, JSON, SVG and PNG files); allow-popups and
// allow-popups-to-escape-sandbox ("open the full page" opens a new tab, an ordinary page there).
// Not granted: top navigation, modals, pointer lock, presentation.
/** The iframe snippet for `url` (a full page address with embed=1), `height` px tall at first
 * (the frame then follows the page's tatbikat:height messages). */
export function snippet(url, title, height = 720) {
  return [
    `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="${Math.round(height)}" loading="lazy"`,
    `  style="border:0;max-width:100%" referrerpolicy="no-referrer"`,
    `  sandbox="allow-scripts allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox"></iframe>`,
    `<script>addEventListener("message", (e) => { if (e.data && e.data.type === "tatbikat:height")`,
    `  for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = e.data.height + "px"; });</script>`,
  ].join("\n");
}

/** The same embed as the loader's element (www/tatbikat-embed.js, from the site that serves
 * `url`): its script and a <tatbikat-embed> with the link's query (the element adds embed=1). */
export function elementSnippet(url, title) {
  const address = new URL(url);
  const query = new URLSearchParams(address.search);
  query.delete("embed");
  return [
    `<script src="${attr(new URL("tatbikat-embed.js", address).href)}" defer></script>`,
    `<tatbikat-embed query="${attr(query.toString())}" title="${attr(title)}"></tatbikat-embed>`,
  ].join("\n");
}

/** Keeps Tab inside a modal dialog: past the last control it wraps to the first, and back. */
export function trapTab(dialog, e) {
  if (e.key !== "Tab") return;
  const stops = [...dialog.querySelectorAll("button, input, textarea, select, a[href], [tabindex]")].filter((n) => !n.disabled && n.tabIndex >= 0);
  if (!stops.length) return;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

// ------------------------------------------------------------------ the embedding page's API

let listening = false;

/** The embed's state as its page reads it: the lesson, the share link's query and the full
 * page's link, every value, the claim (and whether it waits for the learner's guess). */
function stateOf(s) {
  return {
    type: "tatbikat:state",
    lesson: s.lesson,
    lang: s.lang,
    query: s.resolved?.share ?? "",
    link: new URL(fullPageHref(s), location.href).href,
    values: { ...(s.resolved?.params ?? {}) },
    changed: [...(s.resolved?.changed ?? [])],
    claim: s.preset ? { id: s.preset, waiting: s.awaiting === s.preset } : null,
  };
}

/** A refusal as the page sends it: the core's error (code, param, value, allowed) and its
 * sentence in the page's language. */
function refusal(e, text) {
  return { code: e.code ?? null, param: e.param ?? null, value: e.value ?? null, allowed: e.allowed ?? null, message: text };
}

/** The page keys that are the embed's own (its snippet's): a host sets the lesson's parameters
 * and the claim (preset=), not these — every page key of the core's but the lesson, the claim
 * and the link's version. */
const OWN_KEYS = PAGE_KEYS.filter((k) => !["lesson", "preset", "v"].includes(k));

/** Keys that are no parameter value (`values` sets parameters only; a claim is a query's). */
const NOT_VALUES = PAGE_KEYS;

/** The most a `tatbikat:set` may carry, checked before any work (docs/embedding.md): keys (a
 * lesson has at most a few dozen parameters) and characters of its query or its values. */
export const SET_LIMITS = { keys: 64, chars: 16384 };

/** Whether `origins` (the link's, read by the core) let a message of `origin` in. */
function admits(origin) {
  return !closed && (!allowed.length || allowed.includes(origin));
}

/** Follows the state's allow-list: the origins, and whether a refused one closed it (said once
 * on the console: the course site's author reads it when the embed stays silent). */
function follow(state) {
  allowed = state.origins ?? [];
  const was = closed;
  closed = (state.originRefused ?? []).length > 0;
  if (closed && !was) {
    // What is allowed in the core's words (its refusal of origin=), not a copy of its rules.
    const rules = (state.resolved?.errors ?? []).filter((e) => e.param === "origin").map((e) => e.allowed);
    console.error(
      `tatbikat: origin=${state.originRefused.map((t) => JSON.stringify(t)).join(", origin=")} is refused ` +
        `(${[...new Set(rules)].join("; ")}), ` +
        "so this embed talks to no page: it answers no tatbikat:get or tatbikat:set and posts nothing. Fix the link's origin=.",
    );
  }
}

/**
 * The embed's side of the page's API (once, for the page's life): the parent's `tatbikat:set`
 * and `tatbikat:get` are answered, from the parent only and, with origin=, from those origins
 * only; `tatbikat:state` is posted after every change and `tatbikat:prediction` after every guess.
 */
function listen(ctx) {
  if (listening || window.parent === window) return;
  listening = true;
  const { store } = ctx;
  const say = async (key, vars) => (await import("./embed/texts.js")).sayer(ctx.t)(key, vars);
  // A refusal in the page's words, as its problems list says it (a parameter by its label), and
  // that nothing changed: a set is refused whole, where a link's bad value falls back.
  const explain = async (e) => `${problemText(store.state, e, ctx.t, null, { refused: true }).text} ${await say("nothing_changed")}`;
  follow(store.state);
  store.subscribe(
    (s) => [s.origins, s.originRefused],
    (_, __, s) => follow(s),
  );

  /** `tatbikat:set`: a link's query or parameter values, read by the core like a link. */
  async function set(data, origin) {
    const s = store.state;
    const refuse = (error, errors = [error]) => tell({ type: "tatbikat:error", id: data.id ?? null, request: "tatbikat:set", error, errors }, origin);
    const specs = s.specs[s.lesson] ?? [];
    const tooLarge = async (keys, chars) =>
      refuse({
        code: "too_large",
        param: null,
        value: `${keys} keys, ${chars} characters`,
        allowed: `at most ${SET_LIMITS.keys} keys and ${SET_LIMITS.chars} characters`,
        message: `${await say("too_large", { keys: SET_LIMITS.keys, chars: SET_LIMITS.chars })} ${await say("nothing_changed")}`,
      });
    let query;
    let values = null;
    if (typeof data.query === "string") {
      // Bounded before any work: the text, then its keys.
      if (data.query.length > SET_LIMITS.chars) return tooLarge("?", data.query.length);
      const q = new URLSearchParams(data.query.replace(/^\?/, ""));
      const keys = [...q.keys()];
      if (keys.length > SET_LIMITS.keys) return tooLarge(keys.length, data.query.length);
      const lesson = q.get("lesson");
      if (lesson !== null && lesson !== s.lesson) {
        return refuse({ code: "other_lesson", param: "lesson", value: lesson, allowed: s.lesson, message: await say("other_lesson", { lesson: s.lesson, value: lesson }) });
      }
      const own = [...new Set(keys)].find((k) => OWN_KEYS.includes(k));
      if (own) return refuse({ code: "not_settable", param: own, value: q.get(own), allowed: "the lesson's parameters and preset=", message: await say("not_settable", { param: own }) });
      // The query as given (a repeated lesson= is the core's to refuse, as any repeated key).
      query = lesson === null ? `lesson=${encodeURIComponent(s.lesson)}&${q}` : q.toString();
    } else if (data.values && typeof data.values === "object" && !Array.isArray(data.values)) {
      const entries = Object.entries(data.values);
      if (entries.length > SET_LIMITS.keys) return tooLarge(entries.length, "?");
      // A value is text, a number or true/false; anything else is no parameter's value.
      const odd = entries.find(([, v]) => !["string", "number", "boolean"].includes(typeof v));
      if (odd) return refuse({ code: "bad_request", param: odd[0], value: null, allowed: "a string, a number or a boolean", message: await say("bad_request") });
      values = Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
      const chars = entries.reduce((n, [k, v]) => n + k.length + values[k].length, 0);
      if (chars > SET_LIMITS.chars) return tooLarge(entries.length, chars);
      const own = entries.map(([k]) => k).find((k) => NOT_VALUES.includes(k));
      if (own) return refuse({ code: "not_settable", param: own, value: values[own], allowed: "the lesson's parameters", message: OWN_KEYS.includes(own) ? await say("not_settable", { param: own }) : await say("not_a_value", { param: own }) });
      const q = new URLSearchParams(s.resolved?.query ?? `lesson=${s.lesson}`);
      q.delete("preset");
      for (const [k, v] of Object.entries(values)) q.set(k, v);
      query = q.toString();
    } else {
      return refuse({ code: "bad_request", param: null, value: null, allowed: null, message: await say("bad_request") });
    }
    let resolved;
    try {
      resolved = await ctx.engine.call("resolve", [query]);
    } catch (err) {
      // A newer request (another lesson's module, a restart) ended this one: said as such.
      if (err?.cancelled) return refuse({ code: "superseded", param: null, value: null, allowed: null, message: `${await say("superseded")} ${await say("nothing_changed")}` });
      return refuse(refusal(err, await explain(err)));
    }
    if (resolved.errors.length) {
      const errors = await Promise.all(resolved.errors.map(async (e) => refusal(e, await explain(e))));
      return refuse(errors[0], errors);
    }
    if (values) store.dispatch({ type: "setValues", changes: values });
    else if (resolved.preset) store.dispatch({ type: "choosePreset", preset: { id: resolved.preset } });
    else {
      // Every value: the link's, or the lesson's where it names none, and no claim, as opening
      // the link would (also when the values are those the embed shows).
      const shared = new URLSearchParams(resolved.share);
      store.dispatch({ type: "openValues", values: Object.fromEntries(specs.filter((p) => shared.has(p.name)).map((p) => [p.name, shared.get(p.name)])) });
    }
    await ctx.runner?.settled();
    tell({ ...stateOf(store.state), id: data.id ?? null }, origin);
  }

  window.addEventListener("message", (e) => {
    if (e.source !== window.parent || !admits(e.origin)) return;
    const data = e.data;
    if (!data || typeof data !== "object" || typeof data.type !== "string") return;
    // Answered to the page that asked (an opaque origin cannot be addressed: any).
    const origin = e.origin === "null" ? "*" : e.origin;
    if (data.type === "tatbikat:get") tell({ ...stateOf(store.state), id: data.id ?? null }, origin);
    else if (data.type === "tatbikat:set") set(data, origin);
  });

  // Every change the page shows: the link, the values, the claim.
  store.subscribe(
    (s) => [s.doc, s.resolved?.share, s.awaiting],
    (_, __, s) => s.doc && tell(stateOf(s)),
  );
  if (store.state.doc) tell(stateOf(store.state));
  // Every guess answered: the learner's and the core's value (the one the page compared with).
  store.subscribe(
    (s) => s.guess,
    async (g, _, s) => {
      if (!g || g.input === undefined) return;
      const m = await ctx.load.predict();
      const q = m.question(s.presets.find((p) => p.id === g.preset));
      const shown = s.doc?.preset;
      const a = q && m.answer(q, shown, ctx.t);
      const computed = !a ? null : q.kind === "choice" ? a.choice : q.kind === "ratio" ? shown.ratios[q.index].value : (a.mark.value ?? a.mark.text);
      tell({ type: "tatbikat:prediction", claim: g.preset, guess: g.input, computed, text: g.text });
    },
  );
  // A search's question answered (predict=1 with find=): the same message, with the search in
  // place of a claim, the learner's "yes" or "no", the core's ("no" only when every run was
  // tried; null when a sample met none) and the verdict (state/guess.js), as the page shows it.
  store.subscribe(
    (s) => s.findGuess,
    (guess, _, s) => {
      const doc = s.find?.doc;
      const verdict = doc && findVerdict(guess, doc);
      if (!verdict) return;
      tell({ type: "tatbikat:prediction", claim: null, search: findId(doc), guess, computed: findAnswer(doc), verdict, text: ctx.t("ui.find.predict") });
    },
  );
}

/** The embedded page's side: its height and the API for its parent (called after every build
 * of the page; each starts once). */
export function embedded(ctx) {
  listen(ctx);
  postHeight();
}
