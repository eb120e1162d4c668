// The two message files and the helpers that put the core's values into the reader's language.
// Numbers arrive from the core already rounded as the lesson prints them (the cell's `text`);
// here only the separators change: 0.03724 → 0,03724 in Turkish, 8000 → 8.000.
import tr from "./tr.js";
import en from "./en.js";

export const LANGS = { tr, en };

/** The translator for `lang`: t(key, {name: value}) fills {name} placeholders. */
export function translator(lang) {
  const messages = LANGS[lang] ?? tr;
  const t = (key, vars = {}) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
  t.has = (key) => key in messages;
  t.lang = LANGS[lang] ? lang : "tr";
  t.locale = messages.locale;
  t.decimal = t.lang === "tr" ? "," : ".";
  t.group = t.lang === "tr" ? "." : ",";
  return t;
}

/** Splits a template into text and {name} slots: [["text", "..."], ["slot", "name"], ...]. */
export function slots(template) {
  const parts = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    if (m.index > last) parts.push(["text", template.slice(last, m.index)]);
    parts.push(["slot", m[1]]);
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push(["text", template.slice(last)]);
  return parts;
}

/** Puts a number printed by the core (toFixed / String) into the reader's separators. Whole
 * parts of five digits or more are grouped; `always` groups from four (the lesson's 8.000). */
export function localizeNumber(text, t, { always = false } = {}) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(e[+-]?\d+)?$/.exec(text);
  if (!m) return text; // NaN, Infinity
  const [, sign, whole, frac, exp] = m;
  const grouped = whole.length >= (always ? 4 : 5) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, t.group) : whole;
  return `${sign}${grouped}${frac !== undefined ? t.decimal + frac : ""}${exp ?? ""}`;
}

/** A report cell as the reader sees it. */
export function formatCell(cell, t, { name } = {}) {
  switch (cell.kind) {
    case "int":
      // A seed is an identifier, not a quantity: never grouped.
      return name === "seed" ? String(cell.value) : localizeNumber(String(cell.value), t, { always: Boolean(cell.grouping) });
    case "fixed":
    case "number":
      return cell.value === null ? "—" : localizeNumber(cell.text, t);
    case "percent": {
      if (cell.value === null) return "—";
      const n = localizeNumber(cell.text.replace(/^%/, ""), t);
      return t.lang === "tr" ? `%${n}` : `${n}%`;
    }
    case "label":
      return t.has(`label.${cell.key}`) ? t(`label.${cell.key}`) : cell.value;
    case "list":
      return cell.value.join(t.lang === "tr" ? "; " : ", ");
    default:
      return String(cell.value);
  }
}

/** A plain number for axes and tooltips, with up to `decimals` digits. */
export function formatNumber(value, t, decimals = 2) {
  if (value === null || !Number.isFinite(value)) return "—";
  return new Intl.NumberFormat(t.locale, { maximumFractionDigits: decimals, useGrouping: "min2" }).format(value);
}
