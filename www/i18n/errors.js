// The core's refusals in the reader's language. The core names each one by code, key and value
// (its `allowed` is an English phrase for the CLI); the page words them here, listing the valid
// choices from what the core already told it (the lessons, sections, claims and parameters).
// A refusal the core words itself (a budget, a limit, a reason) carries a message key and its
// values, in the page's or the lesson's texts.
import { localizeNumber } from "./index.js";

/** A refusal the core words with a message key (`e.key`, its values `e.vars`), in `t`'s
 * language; null when it gives none (or the page lacks it: the caller words it by its code).
 * Numbers among the values get the reader's separators. */
export function keyedText(e, t) {
  if (!e?.key || !t.has(e.key)) return null;
  const vars = { param: e.param ?? "", value: e.value ?? "" };
  for (const [k, v] of Object.entries(e.vars ?? {})) vars[k] = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/.test(v) ? localizeNumber(v, t) : v;
  return t(e.key, vars);
}

/** `e` (a core error: {code, param, value, allowed, message}) as a sentence in `t`'s language.
 * `known`: {lessons, sections, presets, params, numeric, lesson} — the valid choices. */
export function errorText(e, t, known = {}) {
  const list = (xs) => (xs ?? []).join(", ");
  const vars = { param: e.param ?? "", value: e.value ?? "" };
  // The core's own wording of it (a limit and what to lower, a reason), in the page's language,
  // said of what it is about: run A, the sweep, the watched run or a value.
  const reason = keyedText(e, t);
  if (reason !== null) {
    if (e.code === "unknown_param" || e.code === "usage") return reason; // a sentence of its own
    if (e.param === "vs") return t("ui.error.vs_reason", { ...vars, reason });
    if (["sweep", "sweep_y", "metric"].includes(e.param)) return t("ui.error.sweep_reason", { ...vars, reason });
    if (e.param === "trace") return t("ui.error.trace_reason", { ...vars, reason });
    return t("ui.error.reason", { ...vars, reason });
  }
  switch (e.code) {
    case "unknown_lesson":
      return t("ui.error.unknown_lesson", { ...vars, allowed: list(known.lessons) });
    case "unknown_section":
      return t("ui.error.unknown_section", { ...vars, allowed: list(known.sections) });
    case "unknown_preset":
      return t("ui.error.unknown_preset", { ...vars, allowed: list(known.presets) });
    case "unknown_param":
      return t("ui.error.unknown_param", { ...vars, allowed: list(known.params) });
    case "repeated_param":
      return t("ui.error.repeated_param", vars);
    case "too_much_work":
      return t("ui.error.too_much_work", vars);
    case "module_failed":
      return `${t("app.module_failed")} (${e.value ?? ""})`;
    case "bad_value":
      switch (e.param) {
        case "lang":
          return t("ui.error.lang", vars);
        case "embed":
        case "controls":
        case "exports":
        case "predict":
        case "present":
          return t("ui.error.switch", vars);
        case "v":
          return t("ui.error.version", vars);
        case "figure":
          return t("ui.error.figure_form", vars);
        case "trace":
          return t("ui.error.trace", { ...vars, help: known.lesson && t.has(`ui.trace.selector_help.${known.lesson}`) ? t(`ui.trace.selector_help.${known.lesson}`) : "" });
        case "sweep":
        case "sweep_y": {
          // A parameter that is not a number cannot be swept: say so, with the ones that can.
          const name = String(e.value ?? "").split(":")[0];
          const allowed = list(known.numeric);
          if (known.params?.includes(name) && !known.numeric?.includes(name)) return t("ui.error.sweep_not_numeric", { ...vars, name, allowed });
          return t("ui.error.sweep", { ...vars, allowed });
        }
        case "metric":
          return t("ui.error.metric", vars);
        case "heat":
          return t("ui.error.heat", vars);
        case "vs":
          return t("ui.error.vs", { ...vars, allowed: list(known.params) });
        default:
          return e.message;
      }
    default:
      return e.message;
  }
}

/** What is allowed for `spec`, in the reader's language where the kind is a simple one. */
export function allowedText(spec, error, t) {
  // The core's reason (`why.…`: a value that does not read) is followed by what the kind
  // allows; a whole refusal (`refuse.…`: a limit, another parameter) says it all.
  const said = keyedText(error, t);
  if (said !== null && !error.key.startsWith("why.")) return said;
  const kind = kindText(spec, t);
  if (said !== null) return kind ? `${said}; ${kind}` : said;
  // Not said by the core: English is the core's own sentence (its reason too), Turkish the kind's.
  return t.lang === "en" ? error.allowed : (kind ?? error.allowed);
}

/** What `spec`'s kind allows, in the reader's language (a lesson's own kind from its texts,
 * `allowed.<type>` with the kind's bounds), or null when no message says it. */
export function kindText(spec, t) {
  const k = spec.kind;
  const key = k.type === "real" && k.min_open ? "allowed.real_open" : `allowed.${k.type}`;
  if (!t.has(key)) return null;
  return t(key, { ...k, options: (k.options ?? []).join(", ") });
}
