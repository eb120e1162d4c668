// Embedding: the compact view tells its parent page how tall it is, and the "embed" dialog
// gives a teacher the iframe snippet for the current state.
import { el } from "./dom.js";

/** Posts {type: "tatbikat:height", height} to the parent whenever the page's height changes. */
export function postHeight() {
  if (window.parent === window) return;
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      window.parent.postMessage({ type: "tatbikat:height", height }, "*");
    }
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}

// The snippet's sandbox holds only what the embedded page needs (each flag tested from another
// origin in tests/browser/csp.test.mjs): allow-scripts (the page is a script); allow-same-origin
// (without it the frame's origin is opaque and its modules, worker and WebAssembly, all on the
// page's own origin, are refused as cross-origin); allow-forms (without it a form's submit event
// never fires: the sweep and trace-selector forms would do nothing); allow-downloads (the export
// buttons save CSV, JSON, SVG and PNG files); allow-popups and
// allow-popups-to-escape-sandbox ("open the full page" opens a new tab, an ordinary page there).
// Not granted: top navigation, modals, pointer lock, presentation.
/** The iframe snippet for `url` (a full page address with embed=1). */
export function snippet(url, title) {
  const attr = (s) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
  return [
    `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="720" loading="lazy"`,
    `  style="border:0;max-width:100%" referrerpolicy="no-referrer"`,
    `  sandbox="allow-scripts allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox"></iframe>`,
    `<script>addEventListener("message", (e) => { if (e.data && e.data.type === "tatbikat:height")`,
    `  for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = e.data.height + "px"; });</script>`,
  ].join("\n");
}

/** A dialog showing the snippet; `urlFor(controls)` gives the embed address. */
export function embedDialog(t, title, urlFor) {
  const area = el("textarea", { class: "snippet", readonly: true, rows: "7", spellcheck: "false", "aria-label": t("ui.embed_title") });
  const controls = el("input", { type: "checkbox", id: "embed-controls", checked: true });
  const fill = () => {
    area.value = snippet(urlFor(controls.checked), title);
  };
  controls.addEventListener("change", fill);
  const dialog = el(
    "dialog",
    { class: "embed-dialog", "aria-labelledby": "embed-title" },
    el("h2", { id: "embed-title" }, t("ui.embed_title")),
    el("p", {}, t("ui.embed_help")),
    el("p", {}, controls, " ", el("label", { for: "embed-controls" }, t("ui.embed_controls"))),
    area,
    el(
      "p",
      { class: "dialog-buttons" },
      el("button", { type: "button", onclick: () => { area.select(); navigator.clipboard?.writeText(area.value).catch(() => {}); } }, t("ui.copy_code")),
      el("button", { type: "button", onclick: () => dialog.close() }, t("ui.close")),
    ),
  );
  fill();
  dialog.addEventListener("close", () => dialog.remove());
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
