// The texts of the challenges and the claims' "why" questions, loaded with the views that show
// them (views/challenge.js, why.js): the page's (i18n/learn.<lang>.js) and the lesson's
// (i18n/lesson/<id>.learn.<lang>.js, which tools/texts.mjs keeps apart from the lesson's first
// texts), over the page's translator; and their stylesheet (learn.css).
import { translator } from "../i18n/index.js";

/** The translator of `lesson` in `lang` with those texts; the views' stylesheet, once. */
export async function learnTranslator(lang, lesson) {
  if (!document.querySelector('link[href="learn.css"]')) document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "learn.css" }));
  const code = lang === "en" ? "en" : "tr";
  const [page, own] = await Promise.all([import(`../i18n/learn.${code}.js`), import(`../i18n/lesson/${lesson}.learn.${code}.js`)]);
  const extra = { ...page.default, ...own.default };
  const base = translator(code, lesson);
  const t = (key, vars = {}) => (key in extra ? extra[key].replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole)) : base(key, vars));
  return Object.assign(t, base, { has: (key) => key in extra || base.has(key) });
}
