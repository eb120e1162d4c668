// The glossary: the course's references (K01, its V10, the assumptions KK2 and KK3) and the
// models' terms (minstd, the 32-bit LCG) the lessons' texts use, in both languages. Loaded when
// the lesson's "Terms" fold is first opened (views/frame.js): it lists the terms on the page.
import { el } from "./dom.js";

/** Each term: how it shows in a text, and what it means in each language. */
export const TERMS = [
  {
    term: "K01",
    find: /\bK01/,
    tr: "Dersin baştan beri kullandığı ölçek hesabı: günde 4000 fatura satırı (iş akışı), iş başına dört adım, 220 baytlık durum olayı kaydı, 4 saatlik gün sonu penceresi. “K01 ölçeğinde” bu günlük hacimle demektir.",
    en: "The course's running sizing: 4000 invoice lines (workflows) a day, four steps each, a 220-byte status event record, a 4-hour end-of-day window. “At K01's scale” means at that daily volume.",
  },
  {
    term: "V10",
    find: /\bV10/,
    tr: "“K01'in V10'u”: K01 hesabındaki gün sonu toplu işlem penceresi (burada 4 saat, window_h).",
    en: "“K01's V10”: the end-of-day batch window of the K01 sizing (4 hours here, window_h).",
  },
  {
    term: "KK2",
    find: /\bKK2\b/,
    tr: "Dersin varsayımı: gün sonu iş akışlarının kalıcı hata oranı, 0,02.",
    en: "The course's assumption: the permanent failure rate of end-of-day workflows, 0.02.",
  },
  {
    term: "KK3",
    find: /\bKK3\b/,
    tr: "Dersin varsayımı: bir adımın askıda (asılı) kalma oranı, 0,005 (duyarlılık için 0,01).",
    en: "The course's assumption: the rate at which a step hangs, 0.005 (0.01 for the sensitivity).",
  },
  {
    term: "minstd",
    find: /minstd/i,
    tr: "Park ile Miller'ın “minimal standard” rastgele sayı üreteci: s = s × 48271 mod 2147483647, sayı s / 2147483647. Aynı tohum hep aynı sayıları verir; dersin tabloları bu yüzden tekrarlanır.",
    en: "Park and Miller's “minimal standard” random number generator: s = s × 48271 mod 2147483647, the number s / 2147483647. The same seed always gives the same numbers, so the lesson's tables repeat exactly.",
  },
  {
    term: "LCG",
    find: /32 bitlik doğrusal|32-bit (linear )?generator|\bLCG\b/i,
    tr: "32 bitlik doğrusal eşlikli üreteç (LCG): s = s × 1103515245 + 12345 (mod 2³²), sayı s / 2³². Aynı tohum aynı koşuyu verir.",
    en: "The 32-bit linear congruential generator (LCG): s = s × 1103515245 + 12345 (mod 2³²), the number s / 2³². The same seed gives the same run.",
  },
];

/** The terms found in `text` (all of them when none is), as a definition list in `lang`. */
export function glossaryList(text, lang) {
  const found = TERMS.filter((e) => e.find.test(text));
  const code = lang === "en" ? "en" : "tr";
  return el(
    "dl",
    { class: "glossary-list" },
    (found.length ? found : TERMS).map((e) => [el("dt", {}, e.term), el("dd", {}, e[code])]),
  );
}
