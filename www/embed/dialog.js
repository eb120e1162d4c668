// The embed dialog: a teacher chooses what the embed shows (the lesson, a section or one figure),
// a claim and whether the learner predicts its number first, the panel, the language; a live
// preview shows that embed at its real height and the code to paste follows every choice.
// Loaded when the dialog is first opened (app.js), with its texts (texts.js) and styles.
// It cannot produce a broken embed: a prediction is paired only with a figure or section that
// shows the claim's number (read from the marks the core located in the claim's report, by the
// rule of the core's claimFigures), else it says why and offers the right one in one click.
import { el } from "../dom.js";
import { sayer } from "./texts.js";
import { elementSnippet, snippet, trapTab } from "../embed.js";
import { embedHref } from "../state/link.js";
import { embedChoices } from "../views/shown.js";

/** Where the claim's number is seen in `doc`, the core's report of the claim's link (its
 * `preset` holds the marks the core located): {figures, sections}, or null when the claim asks
 * nothing or the report lacks its answer. The marks compared are the prompt's (predict.js
 * answer); a figure shows them when each is a cell or point of that table or chart under the
 * first group holding it (a one-figure view shows no sentence). The same rule as the core's
 * presets::holders, checked against it for every claim (tests/node/embed.test.mjs). */
export function holdersIn(doc, preset, predict) {
  const q = predict.question(preset);
  const shown = doc?.preset;
  if (!q || !shown) return null;
  let marks;
  if (q.kind === "ratio") {
    const r = shown.ratios?.[q.index];
    marks = r && r.value !== null ? [r.of, r.to] : null;
  } else {
    marks = (q.kind === "number" ? [q.index] : [q.a, q.b]).map((i) => shown.highlights[i]);
    if (marks.some((m) => !m) || (q.kind === "choice" && marks.some((m) => m.value === null))) marks = null;
  }
  if (!marks) return null;
  const figures = [];
  const seen = new Set();
  for (const g of doc.sections.flatMap((s) => s.groups)) {
    for (const key of [...g.blocks.filter((b) => b.type === "table").map((b) => b.key), ...g.charts.map((c) => c.key)]) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (marks.every((m) => m.kind !== "value" && m.key === key && m.group === g.key)) figures.push(key);
    }
  }
  const sections = doc.sections.filter((s) => marks.every((m) => s.groups.some((g) => g.key === m.group))).map((s) => s.name);
  return { figures, sections };
}

/** The core's claimFigures answer ("FIGURES|SECTIONS", or null) as {figures, sections}. */
export function readHolders(text) {
  if (typeof text !== "string") return null;
  const [figures, sections = ""] = text.split("|");
  const list = (s) => s.split(",").filter(Boolean);
  return { figures: list(figures), sections: list(sections) };
}

/** Opens the dialog for the state `ctx.store` shows (app.js's openEmbed): its address follows
 * the dialog's choices; where each claim's number is seen is read from the claim's report. */
export async function openEmbed(ctx) {
  await loadStyles();
  const { store, engine } = ctx;
  const s = store.state;
  const t = ctx.t;
  const { sections, figures } = embedChoices(s.doc, s.lesson, t);
  const own = s.presets.filter((p) => p.lesson === s.lesson);
  const claims = own.map((p) => ({ id: p.id, caption: t(p.caption), question: Boolean(p.question) }));
  const query = (id) => own.find((p) => p.id === id)?.query;
  const predict = await ctx.load.predict();
  const holders = (id) => engine.call("run", [query(id)]).then((doc) => holdersIn(doc, own.find((p) => p.id === id), predict));
  const urlFor = (choice) => embedHref(store.state.resolved.share, location.href, { ...choice, claim: choice.claim ? { query: query(choice.claim) } : null });
  // The page's search (find=), which an embed without a claim can ask as a question first.
  const search = s.view.find ?? null;
  const dialog = embedDialog(t, { title: `tatbikat — ${t(`lesson.${s.lesson}`)}`, urlFor, sections, figures, claims, claim: s.preset, holders, search, asking: s.predict === true });
  // Focus goes back to the button that opened it (the dialog is removed when it closes).
  dialog.addEventListener("close", () => document.getElementById("embed-button")?.focus());
  document.body.append(dialog);
  dialog.showModal();
}

/**
 * Whether the embed may ask for the claim's prediction with these choices, given `holders`, the
 * core's answer for the claim ({figures, sections}: where its number is seen; null: nowhere;
 * undefined: not known yet). Returns {predict, problem, fix}: `problem` names why not (a text
 * key of texts.js), `fix` the choice that shows the number ({scope, figure | section}). A lesson
 * of one section (`oneSection`) is offered whole instead of that section.
 */
export function pairing({ scope, section, figure, claim, predict }, holders, { oneSection = false } = {}) {
  if (!claim || !predict) return { predict: false, problem: null, fix: null };
  if (holders === undefined) return { predict: false, problem: "checking", fix: null };
  if (holders === null) return { predict: false, problem: "no_answer", fix: null };
  const whole = { scope: "lesson" };
  const sectionFix = !oneSection && holders.sections.length ? { scope: "section", section: holders.sections[0] } : whole;
  if (scope === "figure" && !holders.figures.includes(figure)) {
    return holders.figures.length
      ? { predict: false, problem: "wrong_figure", fix: { scope: "figure", figure: holders.figures[0] } }
      : { predict: false, problem: "wrong_sentence", fix: sectionFix };
  }
  if (scope === "section" && !holders.sections.includes(section)) return { predict: false, problem: "wrong_section", fix: sectionFix };
  return { predict: true, problem: null, fix: null };
}

/** The dialog's stylesheet, linked once; resolves when it has loaded (or failed: the page's
 * own styles still hold the dialog). */
let styled = null;
export function loadStyles() {
  styled ??= new Promise((done) => {
    const link = el("link", { rel: "stylesheet", href: new URL("./dialog.css", import.meta.url).href });
    link.addEventListener("load", done);
    link.addEventListener("error", done);
    document.head.append(link);
  });
  return styled;
}

/** Whether this site has the SCORM package's module (another part of the site may not be
 * deployed): read from the site's file list, so a missing module costs no failed request. */
let scormHere = null;
function hasScorm() {
  scormHere ??= fetch(new URL("../precache.js", import.meta.url))
    .then((r) => (r.ok ? r.text() : ""))
    .then((text) => text.includes('"pkg/scorm/package.wasm"'))
    .catch(() => false);
  return scormHere;
}

/**
 * The dialog. `t` is the page's translator; `title` the frame's title; `sections` [{name,
 * label}] and `figures` [{key, label}] what can be shown; `claims` [{id, caption, question}] the
 * lesson's claims and `claim` the one on the page (or null); `holders(id)` the core's answer for
 * a claim (see pairing); `urlFor({section, figure, controls, exports, predict, lang, claim})`
 * the embed's address; `search` the page's search (find=, or null): without a claim, the embed
 * may ask first whether a run meeting it exists (predict=1, views/find.js), asked from the start
 * when the page itself asks it (`asking`: its link has predict=1).
 */
export function embedDialog(t, { title, sections, figures, claims, claim = null, holders, urlFor, search = null, asking = false }) {
  const say = sayer(t);
  const radio = (value, checked) => el("input", { type: "radio", name: "embed-scope", id: `embed-scope-${value}`, value, checked });
  const scopes = { lesson: radio("lesson", true), section: radio("section", false), figure: radio("figure", false), search: radio("search", false) };
  const sectionSelect = el("select", { id: "embed-section", "aria-label": say("section") }, sections.map((s) => el("option", { value: s.name }, s.label)));
  const figureSelect = el("select", { id: "embed-figure", "aria-label": say("figure") }, figures.map((f) => el("option", { value: f.key }, f.label)));
  const claimSelect = el(
    "select",
    { id: "embed-claim", "aria-describedby": "embed-claim-help" },
    el("option", { value: "" }, say("no_claim")),
    claims.map((c) => el("option", { value: c.id, selected: c.id === claim }, c.caption)),
  );
  const predict = el("input", { type: "checkbox", id: "embed-predict", "aria-describedby": "embed-pairing" });
  const predictLabel = el("label", { for: "embed-predict" }, say("predict"));
  const pairingNote = el("div", { class: "embed-pairing", id: "embed-pairing", role: "status" });
  const controls = el("input", { type: "checkbox", id: "embed-controls", checked: true });
  const exports = el("input", { type: "checkbox", id: "embed-exports", checked: true, disabled: true });
  const langSelect = el("select", { id: "embed-lang" }, el("option", { value: "tr", selected: t.lang === "tr", lang: "tr" }, "Türkçe"), el("option", { value: "en", selected: t.lang === "en", lang: "en" }, "English"));
  const area = el("textarea", { class: "snippet", id: "embed-code", readonly: true, rows: "6", spellcheck: "false" });
  // The code as a frame (any site) or as the loader's element (a site that allows a script).
  const kindSelect = el("select", { id: "embed-kind" }, el("option", { value: "frame" }, say("kind_frame")), el("option", { value: "element" }, say("kind_element")));
  const code = () => (kindSelect.value === "element" ? elementSnippet(url, title) : snippet(url, title, height));
  const copied = el("span", { class: "embed-copied", role: "status" });
  const scormButton = el("button", { type: "button", id: "embed-scorm", hidden: true }, say("scorm"));
  // The preview is a picture of the embed, not a second page to work in: inert (none of its
  // controls join the dialog's Tab order, and no key pressed in it escapes the dialog), as tall
  // as the embed says it is, in a box that scrolls (a Tab stop of its own, for the keyboard).
  const preview = el("iframe", { class: "embed-preview", title: say("preview"), inert: true });
  const measured = el("p", { class: "hint embed-height", "aria-live": "polite" }, say("measuring"));

  const known = new Map(); // claim id → the core's holders (null: asks nothing)
  let controlsTouched = false;
  let height = 720;
  let url = "";
  let shown = ""; // the preview's address
  let previewTimer = 0;
  let closed = false;

  const scope = () => Object.keys(scopes).find((k) => scopes[k].checked);
  // The search alone (figure=find) shows no claim's number: it asks only its own question.
  const chosenClaim = () => (scopes.search.checked ? null : (claims.find((c) => c.id === claimSelect.value) ?? null));
  const choice = () => ({ scope: scope(), section: sectionSelect.value, figure: figureSelect.value, claim: chosenClaim()?.id ?? null, predict: predict.checked });
  const current = () => {
    const c = choice();
    const pair = pairing(c, c.claim ? known.get(c.claim) : null, { oneSection: sections.length <= 1 });
    return { c, pair };
  };

  /** Asks the core where the chosen claim's number is, once per claim. */
  const learn = (id) => {
    if (!id || known.has(id)) return;
    known.set(id, undefined);
    dialog.dataset.pending = "1";
    holders(id)
      .catch(() => null)
      .then((h) => {
        known.set(id, h ?? null);
        if ([...known.values()].every((v) => v !== undefined)) delete dialog.dataset.pending;
        if (!closed) update();
      });
  };

  const fixLabel = (fix) =>
    fix.scope === "figure"
      ? say("use_figure", { where: figures.find((f) => f.key === fix.figure)?.label ?? fix.figure })
      : fix.scope === "section"
        ? say("use_section", { where: sections.find((s) => s.name === fix.section)?.label ?? fix.section })
        : say("use_lesson");
  const whereOf = (problem, holdersOf) => {
    if (problem === "wrong_figure") return figures.find((f) => f.key === holdersOf.figures[0])?.label ?? holdersOf.figures[0];
    const name = holdersOf?.sections?.[0];
    return sections.find((s) => s.name === name)?.label ?? name ?? "";
  };
  const apply = (fix) => {
    scopes[fix.scope].checked = true;
    if (fix.figure) figureSelect.value = fix.figure;
    if (fix.section) sectionSelect.value = fix.section;
    update();
    pairingNote.querySelector("button")?.remove();
    predict.focus();
  };

  function update() {
    const alone = scopes.search.checked;
    claimSelect.disabled = alone;
    const c = chosenClaim();
    learn(c?.id);
    // No claim, and the page has a search: the question is whether such a run exists.
    const asksSearch = !c && search !== null;
    const asks = Boolean(c?.question) || asksSearch;
    predict.disabled = !asks;
    if (!asks) predict.checked = false;
    predictLabel.textContent = asksSearch ? say("predict_search") : say("predict");
    sectionSelect.disabled = !scopes.section.checked;
    figureSelect.disabled = !scopes.figure.checked;
    // One figure, or the search alone, is shown without the panel (and its downloads) unless
    // the teacher asked for it.
    const panel = !scopes.figure.checked && !alone;
    if (!controlsTouched && controls.checked !== panel) {
      controls.checked = panel;
      if (!exports.dataset.touched) exports.checked = panel;
    }
    exports.disabled = controls.checked;
    if (controls.checked) exports.checked = true;

    const { c: ch, pair } = current();
    const predicts = asksSearch ? predict.checked : pair.predict;
    const note = asksSearch ? "" : !c ? say("predict_pick") : !asks ? say("predict_none") : pair.problem ? say(pair.problem, { where: whereOf(pair.problem, known.get(c.id)) }) : "";
    pairingNote.replaceChildren(note ? el("p", {}, note) : "", pair.fix ? el("button", { type: "button", class: "small", id: "embed-fix", onclick: () => apply(pair.fix) }, fixLabel(pair.fix)) : "");
    pairingNote.classList.toggle("warn", Boolean(pair.problem && pair.problem !== "checking"));
    dialog.dataset.predicts = predicts ? "1" : "0";

    const next = urlFor({
      section: ch.scope === "section" ? ch.section : null,
      figure: ch.scope === "figure" ? ch.figure : alone ? "find" : null,
      controls: controls.checked,
      exports: controls.checked || exports.checked,
      predict: predicts,
      lang: langSelect.value,
      claim: c ? c.id : null,
    });
    if (next === url) return;
    url = next;
    // Until the new preview reports, no height of an earlier choice is shown.
    if (shown !== url) measured.textContent = say("measuring");
    area.value = code();
    copied.textContent = "";
    // The preview follows once the choices rest (a run of changes loads it once).
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => {
      if (closed || shown === url) return;
      shown = url;
      measured.textContent = say("measuring");
      preview.src = url;
    }, 250);
  }

  // The preview posts its height like any embed: the code starts at that height.
  const onMessage = (e) => {
    if (e.source !== preview.contentWindow || e.data?.type !== "tatbikat:height") return;
    if (shown !== url) return; // the preview still shows an earlier choice
    height = Number(e.data.height) || height;
    preview.style.height = `${Math.round(height)}px`;
    measured.textContent = say("height", { height: Math.round(height) });
    area.value = code();
  };
  window.addEventListener("message", onMessage);
  controls.addEventListener("change", () => {
    controlsTouched = true;
    exports.checked = controls.checked;
  });
  exports.addEventListener("change", () => (exports.dataset.touched = "1"));
  kindSelect.addEventListener("change", () => {
    area.value = code();
    copied.textContent = "";
  });
  for (const input of [...Object.values(scopes), sectionSelect, figureSelect, claimSelect, controls, exports, predict, langSelect]) input.addEventListener("change", update);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(area.value);
      copied.textContent = say("copied");
    } catch {
      area.focus();
      area.select();
      copied.textContent = say("copy_failed");
    }
  };
  const downloadScorm = async () => {
    copied.textContent = "";
    try {
      const { search } = new URL(url);
      await (await import("../scorm/package.js")).download(search.slice(1), langSelect.value);
    } catch (err) {
      copied.textContent = say("scorm_failed", { reason: err?.message ?? String(err) });
    }
  };
  scormButton.addEventListener("click", downloadScorm);
  hasScorm().then((yes) => (scormButton.hidden = !yes));

  const option = (input, label, extra) => el("div", { class: "embed-option" }, input, " ", el("label", { for: input.id }, label), extra ? [" ", extra] : null);
  const dialog = el(
    "dialog",
    { class: "embed-dialog", "aria-labelledby": "embed-title" },
    el("h2", { id: "embed-title" }, say("title")),
    el("p", {}, say("help")),
    el(
      "div",
      { class: "embed-columns" },
      el(
        "div",
        { class: "embed-choices" },
        el(
          "fieldset",
          { class: "embed-scope" },
          el("legend", {}, say("what")),
          option(scopes.lesson, say("lesson")),
          sections.length > 1 ? option(scopes.section, say("section"), sectionSelect) : null,
          figures.length ? option(scopes.figure, say("figure"), figureSelect) : null,
          // figure=find: the page's search alone (views/frame.js), when the page has one.
          search !== null ? option(scopes.search, say("search")) : null,
        ),
        el(
          "fieldset",
          { class: "embed-scope embed-claim" },
          el("legend", {}, say("claim")),
          el("div", { class: "embed-option embed-select" }, el("label", { for: "embed-claim", class: "visually-hidden" }, say("claim")), claimSelect),
          el("p", { class: "hint", id: "embed-claim-help" }, say("claim_help")),
          el("div", { class: "embed-option" }, predict, " ", predictLabel),
          pairingNote,
        ),
        option(controls, say("controls")),
        option(exports, say("exports")),
        el("div", { class: "embed-option embed-select" }, el("label", { for: "embed-lang" }, say("language")), langSelect),
      ),
      el(
        "div",
        { class: "embed-look" },
        el("div", { class: "embed-preview-box", tabindex: "0", role: "region", "aria-label": say("preview") }, preview),
        measured,
      ),
    ),
    el("label", { for: "embed-code", class: "embed-code-label" }, say("code")),
    el("div", { class: "embed-option embed-select" }, el("label", { for: "embed-kind" }, say("kind")), kindSelect),
    area,
    el(
      "div",
      { class: "dialog-buttons" },
      copied,
      el("button", { type: "button", id: "embed-copy", onclick: copy }, say("copy")),
      scormButton,
      el("button", { type: "button", onclick: () => dialog.close() }, t("ui.close")),
    ),
  );
  // The page asks its search as a question already: so does its embed, until the teacher says no.
  predict.checked = asking && search !== null && !claim;
  update();
  dialog.addEventListener("close", () => {
    closed = true;
    clearTimeout(previewTimer);
    window.removeEventListener("message", onMessage);
    dialog.remove();
  });
  dialog.addEventListener("keydown", (e) => trapTab(dialog, e));
  return dialog;
}
