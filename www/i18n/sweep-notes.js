// The sweep form's notes on flat drawings, pairs and a cancel (learn-sweep, issue 21), in both
// languages: loaded with the sweep form (controls/sweep.js), not with the page's first texts.
// tests/node/glossary.test.mjs checks both languages have every note and every note is used.
export const NOTES = {
  tr: {
    flat_drawn: "Dikkat: bu ölçü taranan değerlerde {params} ile hiç değişmiyor; çizim o yönde düz. Düzlük parametrenin etkisiz olduğunu değil, bu ölçünün onu okumadığını gösterir.",
    no_pair: "Hiçbir ölçü hem {x} hem {y} ile değişmiyor: ısı haritası en az bir yönde düz olurdu.",
    pairs: "Birlikte değişen çiftler (seçmek için dokunun):",
    pair: "{x} × {y}",
    cancelled: "Tarama iptal edildi; bağlantı taramadan önceki hâlinde kaldı.",
  },
  en: {
    flat_drawn: "Note: this metric does not change at all with {params} over the values swept; the drawing is flat that way. Flat means this metric does not read that parameter, not that the parameter does not matter.",
    no_pair: "No metric changes with both {x} and {y}: the heatmap would be flat along at least one axis.",
    pairs: "Pairs that change together (tap to choose):",
    pair: "{x} × {y}",
    cancelled: "Sweep cancelled; the link is as it was before the sweep.",
  },
};

/** The note `key` in `lang` with its {slots} filled. */
export function note(lang, key, vars = {}) {
  const text = (NOTES[lang] ?? NOTES.tr)[key];
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}
