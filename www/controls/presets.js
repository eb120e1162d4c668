// The lesson's claims: one button per preset of the lesson (each a share link the core defines)
// and, for the claim shown, its caption and marks on the cells, sentence values and chart points
// the core found. Built with DOM methods and textContent only; the core decides what is marked,
// this file only adds a class and a description.
import { el, uid } from "../dom.js";
import { localizeNumber } from "../i18n/index.js";

const MARK = "claim-mark";

export class Claims {
  /** presets: the core's list for this lesson; onChoose(preset or null). `asks`: a prediction
   * comes first, so each item is its question (its sentence would give the answer away). */
  constructor({ presets, t, onChoose, list = true, asks = false }) {
    const titleId = uid("claims");
    this.captionId = uid("claim-caption");
    this.markId = uid("claim-mark");
    this.text = el("span", { class: "claim-text" });
    this.caption = el(
      "p",
      { class: "claim-caption", id: this.captionId, role: "status", hidden: true },
      el("strong", {}, t("claims.shown")),
      " ",
      this.text,
      (this.ratios = el("span", { class: "claim-ratios" })),
    );
    // The question asked before the claim is shown.
    this.question = el("div", { class: "claim-question" });
    this.buttons = [null, ...presets].map((p) =>
      el(
        "button",
        {
          type: "button",
          class: "claim",
          "aria-pressed": "false",
          dataset: { preset: p?.id ?? "" },
          onclick: () => onChoose(p),
        },
        p ? t(asks && p.question ? `predict.${p.id}` : p.caption) : t("claims.none"),
      ),
    );
    this.presets = presets;
    this.t = t;
    // A lesson without claims shows no fold.
    this.fold =
      list && presets.length
        ? el(
            "details",
            { class: "claims-fold" },
            el("summary", {}, el("h2", { id: titleId }, t("claims.title"))),
            el("p", { class: "hint" }, t(asks ? "claims.hint" : "claims.hint_plain")),
            el("ul", { class: "claim-list" }, this.buttons.map((b) => el("li", {}, b))),
          )
        : null;
    this.node = el(
      "section",
      { class: "claims", "aria-labelledby": this.fold ? titleId : this.captionId },
      this.fold,
      this.question,
      this.caption,
      // What a marked cell's aria-describedby reads out.
      el("span", { class: "visually-hidden", id: this.markId }, t("claims.mark")),
    );
  }

  /** Shows the claim `id` (or none) as chosen; `asking`, its caption waits for a guess. */
  show(id, { asking = false } = {}) {
    const preset = this.presets.find((p) => p.id === id);
    for (const b of this.buttons) b.setAttribute("aria-pressed", String(b.dataset.preset === (id ?? "")));
    this.caption.hidden = !preset || asking;
    if (!asking) this.question.replaceChildren();
    // Not in the page while a guess waits (it states the answer).
    this.text.textContent = preset && !asking ? this.t(preset.caption) : "";
    if (preset && this.fold) this.fold.open = true;
  }

  /** Shows the claim's sentence under whatever the question's place holds (the "why" feedback):
   * the payoff of predict → explain, unlike `show`, which empties that place. */
  reveal(id) {
    const preset = this.presets.find((p) => p.id === id);
    this.text.textContent = preset ? this.t(preset.caption) : "";
    this.caption.hidden = !preset;
  }

  /** Asks `form` (a prediction prompt) in the caption's place. */
  ask(form) {
    this.caption.hidden = true;
    this.text.textContent = "";
    this.question.replaceChildren(form);
  }

  /** The ratios the claim quotes (the core's `doc.preset.ratios`), in words after its caption. */
  showRatios(preset) {
    this.ratios.replaceChildren(...ratioSentences(preset, this.t).map((text) => [" ", text]).flat());
  }

  /** The ids a marked element is described by: the mark's meaning and the caption. */
  get describedBy() {
    return `${this.markId} ${this.captionId}`;
  }
}

/** The sentences of a shown claim's ratios (`claim.<id>.ratio`, `.ratio2`, ...), with the core's
 * numbers in the reader's separators. */
export function ratioSentences(preset, t) {
  return (preset?.ratios ?? [])
    .filter((r) => r.value !== null)
    .map((r, i) => t(`${preset.caption}.ratio${i ? i + 1 : ""}`, { of: localizeNumber(r.of.text, t), to: localizeNumber(r.to.text, t), ratio: localizeNumber(r.text, t) }));
}

/** Puts each ratio's sentence under the table that holds its cells. */
export function placeRatios(root, preset, t) {
  const texts = ratioSentences(preset, t);
  (preset?.ratios ?? []).filter((r) => r.value !== null).forEach((r, i) => {
    const wrap = root.querySelector(`[data-group="${CSS.escape(r.of.group)}"] table[data-table="${CSS.escape(r.of.key)}"]`)?.closest(".table-wrap");
    wrap?.after(el("p", { class: "claim-ratio", dataset: { ratio: String(i) } }, texts[i]));
  });
}

/** Marks the core's highlights (`doc.preset.highlights`) in the rendered report under `root`.
 * Idempotent, so it runs again after charts are redrawn. Returns how many were found. */
export function markHighlights(root, highlights, describedBy) {
  let marked = 0;
  for (const h of highlights ?? []) {
    const group = root.querySelector(`[data-group="${CSS.escape(h.group)}"]`);
    const target = group && find(group, h);
    if (!target) continue;
    target.classList.add(MARK);
    if (describedBy) target.setAttribute("aria-describedby", describedBy);
    if (h.kind === "point") target.closest("figure")?.classList.add("has-claim");
    marked += 1;
  }
  return marked;
}

// A highlight names its table, line or chart (key), the column, value or series (name) and the
// row, the line's rank or the point (index).
function find(group, h) {
  const q = (s) => CSS.escape(String(s));
  switch (h.kind) {
    case "cell": {
      const row = group.querySelector(`table[data-table="${q(h.key)}"]`)?.tBodies[0]?.rows[h.index];
      return row ? [...row.cells].find((c) => c.dataset.col === h.name) : null;
    }
    case "value": {
      const line = group.querySelectorAll(`p[data-line="${q(h.key)}"]`)[h.index];
      return line?.querySelector(`[data-value="${q(h.name)}"]`) ?? null;
    }
    case "point":
      return group.querySelector(`figure[data-chart="${q(h.key)}"] [data-point="${h.series}:${h.index}"]`);
    default:
      return null;
  }
}
