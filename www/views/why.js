// Predict → observe → explain: after a guess is revealed, the claim's "why" question — three
// explanations written for that claim (one right, the others usual misconceptions; the core lists
// which is right with the claim, the texts are the lesson's, src/presets.rs `Why`) — in the
// caption's place; the chosen one's feedback, then the claim's sentence. Loaded on first use.
import { el, uid } from "../dom.js";
import { learnTranslator } from "./learn-texts.js";

/** How many explanations a question offers (src/presets.rs WHY_CHOICES). */
const CHOICES = 3;

/** Asks `preset`'s "why" in the claims' place, after `verdict` (the guess beside the core's
 * number, a sentence). Resolves once asked; the answer dispatches `explained`. */
export async function askWhy(ctx, preset, verdict) {
  const { store } = ctx;
  const { lang, lesson } = store.state;
  const t = await learnTranslator(lang, lesson);
  if (store.state.lesson !== lesson || store.state.lang !== lang || store.state.preset !== preset.id) return;
  const titleId = uid("why");
  const name = uid("why-choice");
  const error = el("p", { class: "field-error", role: "alert", hidden: true });
  const choices = el(
    "fieldset",
    { class: "why-choices" },
    el("legend", { id: titleId }, el("strong", {}, t("ui.why.title")), " ", t(`explain.${preset.id}`)),
    Array.from({ length: CHOICES }, (_, n) => el("label", {}, el("input", { type: "radio", name, value: String(n) }), " ", t(`explain.${preset.id}.c${n}`))),
  );
  const submit = (e) => {
    e.preventDefault();
    const chosen = choices.querySelector("input:checked");
    if (!chosen) {
      error.textContent = t("ui.why.pick_one");
      error.hidden = false;
      return;
    }
    const choice = Number(chosen.value);
    const right = choice === preset.why;
    const feedback = el(
      "div",
      { class: `why-feedback ${right ? "right" : "wrong"}`, role: "status", tabindex: "-1" },
      el("p", {}, el("strong", {}, t(right ? "ui.why.right" : "ui.why.wrong")), " ", t(`explain.${preset.id}.f${choice}`)),
      right ? null : el("p", {}, t("ui.why.instead", { text: t(`explain.${preset.id}.c${preset.why}`) })),
    );
    // The feedback in the prompt's place, and the claim's sentence shown (controls/presets.js).
    ctx.claims.question.replaceChildren(el("div", { class: "why-done" }, verdict ? el("p", { class: "why-verdict" }, verdict) : null, feedback));
    ctx.claims.reveal(preset.id);
    feedback.focus({ preventScroll: true });
    store.dispatch({ type: "explained", lesson, claim: preset.id, choice, right });
  };
  const form = el(
    "form",
    { class: "claim-why", "aria-labelledby": titleId, onsubmit: submit, dataset: { preset: preset.id } },
    verdict ? el("p", { class: "why-verdict", role: "status" }, verdict) : null,
    choices,
    error,
    el("p", { class: "predict-actions" }, el("button", { type: "submit" }, t("ui.why.submit"))),
  );
  ctx.claims.ask(form);
  const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  form.scrollIntoView({ block: "nearest", behavior });
  form.querySelector("input")?.focus({ preventScroll: true });
}
