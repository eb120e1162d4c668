// tatbikat's page, wired: one store holds the whole state (state/store.js), every change is a
// named action (state/actions.js), the core answers what the state asks for (state/compute.js),
// the views draw the state (views/*.js) and the URL is the core's share link of the state,
// written here alone. This file connects them and holds what is neither state nor view: the
// lazy modules, the clipboard, the embed dialog and the page's first steps.
import { el, clear } from "./dom.js";
import { engine, booting } from "./start.js";
import { loadLessonTexts, translator } from "./i18n/index.js";
import { errorText } from "./i18n/errors.js";
import { registerOffline } from "./offline.js";
import LESSONS from "./lessons.js";
import { createStore } from "./state/store.js";
import { initialState, update } from "./state/actions.js";
import { computer } from "./state/compute.js";
import { embedHref } from "./state/link.js";
import { cancelNotice, embedChoices, known } from "./views/shown.js";
import { frame } from "./views/frame.js";

/** A module the first table does not need, loaded when a view asks for it (the first load stays
 * within its budget); `.value` is the module once loaded. */
const once = (load) => {
  let promise = null;
  const get = () => (promise ??= load().then((m) => (get.value = m)));
  return get;
};

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
    predict: once(() => import("./controls/predict.js")),
    compare: once(() => import("./render/compare.js")),
  },
};
/** A core error in the page's language. */
const explain = (e) => errorText(e, ctx.t, known(store.state));
const notice = (text) => store.dispatch({ type: "notice", text });

ctx.act = {
  /** Another lesson's tab: its module and texts first, when it is met for the first time. */
  async switchLesson(id) {
    if (id === store.state.lesson) return;
    if (!store.state.specs[id]) {
      try {
        const [boot] = await Promise.all([engine.call("boot", [new URLSearchParams({ lesson: id }).toString()]), loadLessonTexts(id)]);
        store.dispatch({ type: "learned", boot });
      } catch (err) {
        if (!err.cancelled) notice(explain(err));
        return;
      }
    }
    store.dispatch({ type: "switchLesson", id });
  },
  switchLanguage() {
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
  /** The embed dialog for the state shown: its address follows the dialog's choices. */
  async openEmbed() {
    const { embedDialog } = await ctx.load.embed();
    const s = store.state;
    const t = ctx.t;
    const { sections, figures } = embedChoices(s.doc, s.lesson, t);
    const urlFor = (choice) => embedHref(store.state.resolved.share, location.href, choice);
    const dialog = embedDialog(t, `tatbikat — ${t(`lesson.${s.lesson}`)}`, { urlFor, sections, figures, claim: Boolean(s.preset) });
    // Focus goes back to the button that opened it (the dialog is removed when it closes).
    dialog.addEventListener("close", () => document.getElementById("embed-button")?.focus());
    document.body.append(dialog);
    dialog.showModal();
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

async function boot() {
  if (!engine) return fatal("app.no_wasm");
  engine.onPanic = (message) => notice(`${ctx.t("app.panic")} ${message}`);
  let first;
  try {
    first = await booting;
    await loadLessonTexts(first.resolved.lesson);
  } catch (err) {
    return fatal("app.no_wasm", err);
  }
  // body[data-busy] while the core works for the state: the page has settled when it is gone.
  const onBusy = (busy) => (busy ? (document.body.dataset.busy = "1") : delete document.body.dataset.busy);
  ctx.runner = computer({ store, engine, explain, load: ctx.load, onShown: shown, onBusy });
  // The URL is the core's share link of the state, written here and nowhere else.
  store.subscribe(
    (s) => s.resolved?.share,
    (share) => share !== undefined && history.replaceState(null, "", `?${share}`),
  );
  // The frame follows the lesson and the language; its views follow the rest.
  let shell = null;
  store.subscribe(
    (s) => [s.lesson, s.lang],
    () => {
      shell?.stop();
      shell = frame(ctx);
    },
  );
  store.dispatch({ type: "booted", boot: first });
  await ctx.runner.settled();
  store.dispatch({ type: "settled" });
  registerOffline(); // after the first table: the offline copy never delays it
}

function fatal(key, err) {
  const s = store.state;
  clear(document.getElementById("main")).append(el("p", { class: "fatal", role: "alert" }, translator(s.lang, s.lesson)(key), err ? ` (${err.message ?? err})` : ""));
}
