// Embedding: the compact view tells its parent page how tall it is, and the "embed" dialog
// gives a teacher the iframe snippet for the current state.
import { el } from "./dom.js";

// One observer of the page's height for the page's life, however often the page is rebuilt
// (another language, another lesson), and the height last posted: one message per change.
let observer = null;
let last = 0;

/** The page's height, posted to the parent when it is not the one posted last. */
function sendHeight() {
  // Not the empty shell's height: a snippet copied early would keep it.
  if (!document.body.dataset.ready) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== last) {
    last = height;
    window.parent.postMessage({ type: "tatbikat:height", height }, "*");
  }
}

/** Posts {type: "tatbikat:height", height} to the parent whenever the page's height changes
 * (called after every build of the page: it observes once). */
export function postHeight() {
  if (window.parent === window) return;
  if (!observer) {
    observer = new ResizeObserver(sendHeight);
    observer.observe(document.documentElement);
  }
  sendHeight();
}

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
  const attr = (s) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return [
    `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="${Math.round(height)}" loading="lazy"`,
    `  style="border:0;max-width:100%" referrerpolicy="no-referrer"`,
    `  sandbox="allow-scripts allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox"></iframe>`,
    `<script>addEventListener("message", (e) => { if (e.data && e.data.type === "tatbikat:height")`,
    `  for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = e.data.height + "px"; });</script>`,
  ].join("\n");
}

/** The embed dialog: what to show (the whole lesson, one section or one figure, from
 * `sections` [{name, label}] and `figures` [{key, label}]), the parameter panel on or off (off:
 * the export buttons on or off), a live preview of that embed, and its snippet with the height
 * the preview measured. `urlFor({section, figure, controls, exports, predict})` gives the
 * address; with a claim shown (`claim`), it can first ask the learner for a prediction. */
export function embedDialog(t, title, { urlFor, sections, figures, claim = false }) {
  const area = el("textarea", { class: "snippet", readonly: true, rows: "7", spellcheck: "false", "aria-label": t("ui.embed_code") });
  const radio = (value, checked) => el("input", { type: "radio", name: "embed-scope", id: `embed-scope-${value}`, value, checked });
  const scopes = { lesson: radio("lesson", true), section: radio("section", false), figure: radio("figure", false) };
  const sectionSelect = el("select", { id: "embed-section", "aria-label": t("ui.embed_section") }, sections.map((s) => el("option", { value: s.name }, s.label)));
  const figureSelect = el("select", { id: "embed-figure", "aria-label": t("ui.embed_figure") }, figures.map((f) => el("option", { value: f.key }, f.label)));
  const controls = el("input", { type: "checkbox", id: "embed-controls", checked: true });
  const exports = el("input", { type: "checkbox", id: "embed-exports", checked: true, disabled: true });
  const predict = el("input", { type: "checkbox", id: "embed-predict" });
  // The preview is a picture of the embed, not a second page to work in: inert (none of its
  // controls join the dialog's Tab order, and no key pressed in it escapes the dialog), as tall
  // as the embed says it is, in a box that scrolls (a Tab stop of its own, for the keyboard).
  const preview = el("iframe", { class: "embed-preview", title: t("ui.embed_preview"), loading: "lazy", inert: true });
  const measured = el("p", { class: "hint embed-height", "aria-live": "polite" }, t("ui.embed_measuring"));
  let height = 720;
  let url = "";
  const choice = () => ({
    section: scopes.section.checked ? sectionSelect.value : null,
    figure: scopes.figure.checked ? figureSelect.value : null,
    controls: controls.checked,
    exports: controls.checked || exports.checked,
    predict: claim && predict.checked,
  });
  const fill = () => {
    area.value = snippet(url, title, height);
  };
  const update = () => {
    exports.disabled = controls.checked;
    sectionSelect.disabled = !scopes.section.checked;
    figureSelect.disabled = !scopes.figure.checked;
    const next = urlFor(choice());
    if (next === url) return;
    url = next;
    measured.textContent = t("ui.embed_measuring");
    preview.src = url;
    fill();
  };
  // The preview posts its height like any embed: the snippet starts at that height.
  const onMessage = (e) => {
    if (e.source !== preview.contentWindow || e.data?.type !== "tatbikat:height") return;
    height = Number(e.data.height) || height;
    preview.style.height = `${Math.round(height)}px`;
    measured.textContent = t("ui.embed_height", { height: Math.round(height) });
    fill();
  };
  window.addEventListener("message", onMessage);
  // Without the panel the exports are off too, unless asked for.
  controls.addEventListener("change", () => (exports.checked = controls.checked));
  for (const input of [...Object.values(scopes), sectionSelect, figureSelect, controls, exports, predict]) input.addEventListener("change", update);
  const option = (input, label, extra) => el("div", { class: "embed-option" }, input, " ", el("label", { for: input.id }, label), extra ? [" ", extra] : null);
  const dialog = el(
    "dialog",
    { class: "embed-dialog", "aria-labelledby": "embed-title" },
    el("h2", { id: "embed-title" }, t("ui.embed_title")),
    el("p", {}, t("ui.embed_help")),
    el(
      "fieldset",
      { class: "embed-scope" },
      el("legend", {}, t("ui.embed_what")),
      option(scopes.lesson, t("ui.embed_lesson")),
      sections.length > 1 ? option(scopes.section, t("ui.embed_section"), sectionSelect) : null,
      figures.length ? option(scopes.figure, t("ui.embed_figure"), figureSelect) : null,
    ),
    option(controls, t("ui.embed_controls")),
    option(exports, t("ui.embed_exports")),
    claim ? option(predict, t("ui.embed_predict")) : null,
    el("div", { class: "embed-preview-box", tabindex: "0", role: "region", "aria-label": t("ui.embed_preview") }, preview),
    measured,
    area,
    el(
      "p",
      { class: "dialog-buttons" },
      el("button", { type: "button", onclick: () => { area.select(); navigator.clipboard?.writeText(area.value).catch(() => {}); } }, t("ui.copy_code")),
      el("button", { type: "button", onclick: () => dialog.close() }, t("ui.close")),
    ),
  );
  update();
  dialog.addEventListener("close", () => {
    window.removeEventListener("message", onMessage);
    dialog.remove();
  });
  dialog.addEventListener("keydown", (e) => trapTab(dialog, e));
  return dialog;
}

/** Keeps Tab inside a modal dialog: past the last control it wraps to the first, and back. */
function trapTab(dialog, e) {
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
