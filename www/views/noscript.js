// The static page's part for a browser without JavaScript (tools/prerender.mjs draws it into
// every lesson's view at build time; noscript.css shows it): what needs JavaScript, and a link to
// every lesson's view in this language and to this view in the other.
import { el } from "../dom.js";

/** The file of lesson `id`'s view in `lang` (tools/prerender.mjs writes it). */
export const viewFile = (id, lang) => (lang === "tr" ? `${id}.html` : `${id}.${lang}.html`);

/** The <noscript> block of lesson `lesson`'s view in `lang`, among the lessons `ids`. */
export function noScript(ids, lesson, lang, t) {
  const other = lang === "tr" ? "en" : "tr";
  return el(
    "noscript",
    {},
    el(
      "div",
      { class: "no-script" },
      el("p", {}, t("ui.noscript")),
      el(
        "ul",
        { class: "no-script-views", "aria-label": t("ui.lessons") },
        ids.map((id) => el("li", {}, el("a", { href: viewFile(id, lang), "aria-current": id === lesson ? "page" : null }, t(`lesson.${id}`)))),
      ),
      el("p", {}, el("a", { href: viewFile(lesson, other), lang: other, hreflang: other }, t("ui.language"))),
    ),
  );
}
