// Predict, then try: before a claim is shown the learner guesses the number it rests on, or which
// way it goes; then the core's number is shown beside the guess. The question is the claim's `q:`
// mark (src/presets.rs): `q:N` the value of the N-th mark found, `q:rN` the N-th quoted ratio,
// `q:N~M` how the N-th compares with the M-th. The page computes no number: it shows the core's.
import { el, mayTakeFocus, uid } from "../dom.js";
import { localizeNumber } from "../i18n/index.js";

const CHOICES = ["more", "same", "less"];

/** The claim's question (the core lists it with the claim), or null. */
export function question(preset) {
  const m = /^(r?)(\d+)(?:~(\d+))?$/.exec(preset?.question ?? "");
  if (!m) return null;
  if (m[1]) return { kind: "ratio", index: Number(m[2]) };
  if (m[3] !== undefined) return { kind: "choice", a: Number(m[2]), b: Number(m[3]) };
  return { kind: "number", index: Number(m[2]) };
}

/** The core's answer in `shown` (the report's `preset`): its text, the groups that show it,
 * and for a choice which of the three it is. Null when the report lacks it. */
export function answer(q, shown, t) {
  const found = shown?.highlights ?? [];
  if (q.kind === "ratio") {
    const r = shown?.ratios?.[q.index];
    return r && r.value !== null ? { text: `×${localizeNumber(r.text, t)}`, groups: [r.of.group], value: r.value } : null;
  }
  if (q.kind === "number") {
    const f = found[q.index];
    return f ? { text: localizeNumber(f.text, t), groups: [f.group], mark: f, value: f.value } : null;
  }
  const [a, b] = [found[q.a], found[q.b]];
  if (!a || !b || a.value === null || b.value === null) return null;
  const choice = a.value > b.value ? "more" : a.value < b.value ? "less" : "same";
  return { choice, text: localizeNumber(a.text, t), other: localizeNumber(b.text, t), groups: [a.group, b.group], mark: a };
}

/** What reads as a guessed number: digits with one decimal separator, an optional sign, × or %. */
const GUESS = /^[-+]?[×x%]?\s*\d+(?:[.,]\d+)?\s*%?$/;

/**
 * The prompt: the question, a number field or three choices, "Predict" and "Show without
 * guessing". `onAnswer(guess)` gets the text typed (trimmed) or the choice, `onSkip()` nothing.
 * A guess that does not read as a number is named beside the field, and stays there.
 */
export function promptView({ t, preset, q, onAnswer, onSkip }) {
  const titleId = uid("predict");
  const errorId = uid("predict-error");
  const error = el("p", { class: "field-error", id: errorId, role: "alert", hidden: true });
  let field;
  let body;
  if (q.kind === "choice") {
    const name = uid("predict-choice");
    field = el(
      "fieldset",
      { class: "predict-choices" },
      el("legend", { class: "visually-hidden" }, t("ui.predict.choose")),
      CHOICES.map((c) => el("label", {}, el("input", { type: "radio", name, value: c }), " ", t(`ui.predict.${c}`))),
    );
    body = field;
  } else {
    field = el("input", {
      type: "text",
      inputmode: "decimal",
      autocomplete: "off",
      class: "predict-number",
      "aria-labelledby": titleId,
      "aria-describedby": errorId,
    });
    body = el("label", { class: "predict-field" }, el("span", {}, t(q.kind === "ratio" ? "ui.predict.your_ratio" : "ui.predict.your_number")), " ", field);
  }
  const submit = (e) => {
    e.preventDefault();
    if (q.kind === "choice") {
      const chosen = field.querySelector("input:checked");
      if (!chosen) return refuse(t("ui.predict.pick_one"));
      return onAnswer(chosen.value);
    }
    const text = field.value.trim();
    if (!GUESS.test(text)) return refuse(t("ui.predict.not_a_number", { value: text }));
    field.removeAttribute("aria-invalid");
    onAnswer(text);
  };
  const refuse = (message) => {
    error.textContent = message;
    error.hidden = false;
    if (q.kind !== "choice") field.setAttribute("aria-invalid", "true");
  };
  return el(
    "form",
    { class: "claim-predict", "aria-labelledby": titleId, onsubmit: submit, dataset: { preset: preset.id } },
    el("p", { class: "predict-title" }, el("strong", {}, t("ui.predict.title")), " ", el("span", { id: titleId }, t(`predict.${preset.id}`))),
    body,
    error,
    el(
      "p",
      { class: "predict-actions" },
      el("button", { type: "submit" }, t("ui.predict.submit")),
      " ",
      el("button", { type: "button", class: "small", onclick: onSkip }, t("ui.predict.skip")),
    ),
  );
}

/** The guess beside the core's answer, in a sentence. */
export function verdict(t, q, guess, ans) {
  if (q.kind === "choice") {
    return t("ui.predict.verdict_choice", { guess: t(`ui.predict.${guess}`), answer: t(`ui.predict.${ans.choice}`), a: ans.text, b: ans.other });
  }
  return t("ui.predict.verdict_number", { guess, answer: ans.text });
}

/** Takes every figure out of the report `root` while a guess waits, each leaving its heading and
 * a note (the report is drawn again, whole, once the learner has answered): at the claim's values
 * any figure may state its number, and blurred text would still be read out or copied. */
export function holdBack(root, t) {
  for (const group of root.querySelectorAll(".group[data-group]")) {
    group.replaceWith(el("div", { class: "group held", dataset: { held: group.dataset.group } }, group.firstElementChild, el("p", { class: "held-note" }, t("ui.predict.held"))));
  }
}

/** The prompt in view on every screen (on a phone it sits below the list of claims), then its
 * field focused where it is; in a frame not yet used, neither (dom.js mayTakeFocus). */
export function focusPrompt(form) {
  if (!mayTakeFocus()) return;
  const box = form.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) form.scrollIntoView({ block: "center", behavior: "auto" });
  form.querySelector("input")?.focus({ preventScroll: true });
}
