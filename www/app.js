// tatbikat's page, wired: one store holds the whole state (state/store.js), every change is a
// named action (state/actions.js), the core answers what the state asks for (state/compute.js),
// the views draw the state (views/*.js) and the URL is the core's share link of the state,
// written here alone. This file connects them and holds what is neither state nor view: the
// lazy modules, the clipboard, the embed dialog and the page's first steps.
import { el, clear, noteUse } from "./dom.js";
import { booting, engine, toggled, view, viewFor } from "./start.js";
import { loadTexts, translator } from "./i18n/index.js";
import { errorText } from "./i18n/errors.js";
import { keepLesson, registerOffline, showOffline } from "./offline.js";
import LESSONS from "./lessons.js";
import { createStore } from "./state/store.js";
import { initialState, update } from "./state/actions.js";
import { computer } from "./state/compute.js";
import { cancelNotice, known } from "./views/shown.js";
import { frame } from "./views/frame.js";

/** A module the first table does not need, loaded when a view asks for it (the first load stays
 * within its budget); `.value` is the module once loaded. */
const once = (load) => {
  let promise = null;
  const get = () => (promise ??= load().then((m) => (get.value = m)));
  return get;
};

noteUse();
const store = createStore(update, initialState(LESSONS));
const ctx = {
  store,
  engine,
  t: translator("tr", null), // the frame's translator (views/frame.js sets it)
  panel: null,
  claims: null,
  load: {
    timeline: once(() => import("./render/timeline.js")),
    runPicker: once(() => import("./controls/runpicker.js")),
    sweep: once(() => import("./controls/sweep.js")),
    embed: once(() => import("./embed.js")),
    embedDialog: once(() => import("./embed/dialog.js")),
    predict: once(() => import("./controls/predict.js")),
    compare: once(() => import("./render/compare.js")),
    challenge: once(() => import("./views/challenge.js")),
    why: once(() => import("./views/why.js")),
    find: once(() => import("./views/find.js")),
    // learn-page: the learner's progress (the journal) and its view.
    progress: once(() => import("./views/progress.js")),
    qr: once(() => import("./qr.js")),
    present: once(() => import("./present.js")),
  },
};
store.observe((action) => ["predicted", "explained", "solved", "hinted", "findGuessed"].includes(action.type) && ctx.load.progress().then((m) => m.keep(ctx, action), () => {}));
/** A core error in the page's language. */
const explain = (e) => errorText(e, ctx.t, known(store.state));
const notice = (text) => store.dispatch({ type: "notice", text });

ctx.act = {
  /** Another lesson's tab: its schema and claims (from its view's page, else its module) and
   * texts first, when it is met for the first time; its module starts loading at once. */
  async switchLesson(id) {
    if (id === store.state.lesson) return;
    const query = new URLSearchParams({ lesson: id }).toString();
    engine.prepare(id);
    if (!store.state.specs[id]) {
      try {
        const bootOf = async () => (await viewFor(query).catch(() => null))?.boot ?? engine.call("boot", [query]);
        const [boot] = await Promise.all([bootOf(), loadTexts(store.state.lang, id)]);
        store.dispatch({ type: "learned", boot });
      } catch (err) {
        if (!err.cancelled) notice(explain(err));
        return;
      }
    } else {
      // Met before, perhaps in the other language: its texts in this one.
      const lang = store.state.lang;
      try {
        await loadTexts(lang, id);
      } catch {
        notice(ctx.t("ui.language_failed"));
        return;
      }
      if (store.state.lang !== lang) return;
    }
    store.dispatch({ type: "switchLesson", id });
  },
  /** The other language, its texts loaded first (a page loads its own language's only). */
  async switchLanguage() {
    const { lang, lesson } = store.state;
    try {
      await loadTexts(lang === "tr" ? "en" : "tr", lesson);
    } catch {
      notice(ctx.t("ui.language_failed"));
      return;
    }
    if (store.state.lang !== lang) return; // switched meanwhile
    store.dispatch({ type: "switchLanguage" });
    document.querySelector("#tools .lang")?.focus();
  },
  async randomSeed(name) {
    try {
      store.dispatch({ type: "seeded", name, seed: await engine.call("randomSeed", [store.state.lesson]) });
    } catch (err) {
      if (!err.cancelled) notice(explain(err));
    }
  },
  cancelRun() {
    ctx.runner.cancel();
    store.dispatch({ type: "cancelled", text: cancelNotice(store.state, ctx.t) });
  },
  toggleProgress: () => ctx.load.progress().then((m) => m.toggle(ctx)),
  closeTrace() {
    store.dispatch({ type: "closeTrace" });
    document.getElementById("watch-button")?.focus();
  },
  async copyLink() {
    try {
      await navigator.clipboard.writeText(location.href);
      notice(ctx.t("ui.copied"));
    } catch {
      notice(ctx.t("ui.copy_failed"));
    }
  },
  /** The embed dialog for the state shown (embed/dialog.js). */
  async openEmbed() {
    (await ctx.load.embedDialog()).openEmbed(ctx);
  },
};

/** A report on screen, its charts drawn: the page says it is ready (tests and embeds wait for
 * it) and times it. */
async function shown(started) {
  await ctx.reportDrawn?.();
  const first = !document.body.dataset.ready;
  document.body.dataset.ready = "1";
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  performance.measure(first ? "tatbikat:first-render" : "tatbikat:render", { start: started });
  if (first) performance.mark("tatbikat:first-table");
}

boot();

/** A lesson's view at its values: the core's answers its page was drawn from (start.js). */
async function viewAnswer(query) {
  const v = await viewFor(query).catch(() => null);
  // A view drawn at build time is on screen with its charts: the report that takes its place
  // draws them in the same task (a later task would paint the page without them: a layout shift).
  if (v) ctx.drawAtOnce = true;
  return v && { resolved: v.resolved, doc: v.doc };
}

async function boot() {
  if (!engine && !view) return fatal("app.no_wasm");
  if (engine) engine.onPanic = (message) => notice(`${ctx.t("app.panic")} ${message}`);
  let first;
  try {
    // A view's page has the module's boot answer; any other link asks the module.
    first = view ? view.boot : await booting;
    await loadTexts(first.resolved.lang, first.resolved.lesson);
  } catch (err) {
    registerOffline(); // a fixed build reaches this page through the offline code's update
    return fatal(startFailure(err), err);
  }
  // body[data-busy] while the core works for the state: the page has settled when it is gone.
  const onBusy = (busy) => (busy ? (document.body.dataset.busy = "1") : delete document.body.dataset.busy);
  ctx.runner = computer({ store, engine, explain, load: ctx.load, onShown: shown, onBusy, views: viewAnswer });
  // The URL is the core's share link of the state, written here and nowhere else.
  store.subscribe(
    (s) => s.resolved?.share,
    (share) => share !== undefined && history.replaceState(null, "", `?${share}`),
  );
  // The frame follows the lesson and the language; its views follow the rest. The first frame
  // takes the place of the view drawn at build time, in the same task (nothing is painted in
  // between): focus, scroll and the folds the learner opened stay as they were.
  let shell = null;
  let place = keepPlace();
  store.subscribe(
    (s) => [s.lesson, s.lang],
    () => {
      shell?.stop();
      document.body.dataset.live = "1";
      document.body.classList.remove("computing");
      shell = frame(ctx);
      showProgress();
      keepLesson(store.state.lesson);
      // The offline box is the site's own chrome: not in a package's page nor in an embed's frame.
      if (!store.state.scorm && !store.state.embed) showOffline(ctx.t);
    },
  );
  // Presenter mode (present=1): its code and stylesheet load when it is first asked for.
  store.subscribe(
    (s) => s.present,
    async (on) => {
      if (!on) {
        ctx.presenter?.stop();
        ctx.presenter = null;
        return;
      }
      const { presenter } = await ctx.load.present();
      if (store.state.present && !ctx.presenter) ctx.presenter = presenter(ctx);
    },
  );
  store.dispatch({ type: "booted", boot: first });
  // Launched from a SCORM package (scorm=1): the LMS's runtime, loaded then only.
  const scorm = store.state.scorm && import("./scorm/runtime.js").then((m) => m.start(store));
  await ctx.runner.settled();
  place?.restore();
  place = null;
  store.dispatch({ type: "settled" });
  if (!engine) notice(ctx.t("app.no_wasm"));
  // A package has no service worker of its own (the LMS serves its files).
  // The offline copy never delays the learner: a first visit's (its whole download) waits for a
  // quiet page; a page the offline copy already serves checks for a new build at once.
  if (!scorm) navigator.serviceWorker?.controller ? registerOffline() : whenQuiet(QUIET_MS, registerOffline);
  showProgress(); // after the first table
}

/** How long a first visit's page is left quiet before its offline copy starts (its service worker
 * fetches the shell and the lesson: 300 KB). On a phone's link (tests/bench/phone.mjs) that download,
 * started at the first table, held up the learner's first change: jobs answered it 819 ms after
 * the tap. */
const QUIET_MS = 3000;

/** Calls `f` once, when the page has been quiet for `ms`: no action on the store, nothing being
 * computed. */
function whenQuiet(ms, f) {
  let timer = 0;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (document.body.dataset.busy) return arm();
      stop();
      f();
    }, ms);
  };
  const stop = store.observe(arm);
  arm();
}

/** learn-page: the claims answered, marked; the journal loads only where this lesson has one
 * (its key: state/journal.js PREFIX) or another journal is kept on the device — one the page
 * could not read, kept aside under UNREAD, or another lesson's, which may turn out so: the "My
 * progress" button says so —, so a first visit loads nothing more. */
function showProgress() {
  const m = ctx.load.progress.value;
  if (m) return m.shown(ctx);
  try {
    // PREFIX and UNREAD both begin so.
    const any = () => Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).some((k) => k?.startsWith("tatbikat.journal"));
    if (localStorage.getItem(`tatbikat.journal.${store.state.lesson}`) === null && !any()) return;
  } catch {
    return; // no storage: nothing kept
  }
  ctx.load.progress().then((m) => m.shown(ctx), () => {});
}

/** Why the page could not start, as a message key: WebAssembly missing, or the lesson's module
 * (missing, damaged or of another build), or the core's refusal. */
function startFailure(err) {
  if (typeof WebAssembly !== "object") return "app.no_wasm";
  if (err?.code === "module_failed") return "app.module_failed";
  return "app.start_failed";
}

/** What the view drawn at build time has that its replacement must keep: the focused element,
 * the scroll position and the folds the learner opened or closed (start.js records them), each
 * found again at the same place in the new DOM. Null when the page is not a view. */
function keepPlace() {
  if (!view) return null;
  const path = (node) => {
    const steps = [];
    for (let n = node; n && n !== document.body; n = n.parentElement) steps.unshift([...n.parentElement.children].indexOf(n));
    return steps;
  };
  const at = (steps) => steps.reduce((n, i) => n?.children[i] ?? null, document.body);
  const focused = document.activeElement && document.activeElement !== document.body ? [path(document.activeElement), document.activeElement.tagName] : null;
  const folds = [...toggled].filter((d) => d.isConnected).map((d) => [path(d), d.open]);
  const y = window.scrollY;
  return {
    restore() {
      for (const [steps, open] of folds) {
        const d = at(steps);
        if (d?.tagName === "DETAILS") d.open = open;
      }
      const target = focused && at(focused[0]);
      if (target && target.tagName === focused[1]) target.focus({ preventScroll: true });
      if (window.scrollY !== y) window.scrollTo(0, y);
    },
  };
}

async function fatal(key, err) {
  const s = store.state;
  // The page holds the body now: a placeholder view arriving later (start.js) must not cover this.
  document.body.dataset.live = "1";
  document.body.classList.remove("computing");
  await loadTexts(s.lang).catch(() => {}); // the page's texts may be what failed: then the key is said
  const t = translator(s.lang, s.lesson);
  clear(document.getElementById("main")).append(el("p", { class: "fatal", role: "alert" }, t.has(key) ? t(key) : key, err ? ` (${err.message ?? err})` : ""));
}
