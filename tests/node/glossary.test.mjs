// The glossary (www/glossary.js): every course reference and model term a lesson's texts use
// (K01, its V10, KK2, KK3, minstd, the 32-bit generator) has an entry, in Turkish and English,
// and an entry is listed for a page that shows its term; the sweep form's notes are in both
// languages. Runs without a build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseHTML } from "linkedom";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { document, Node } = parseHTML("<!doctype html><html><body></body></html>");
Object.assign(globalThis, { document, Node });
const { TERMS, glossaryList } = await import("../../www/glossary.js");

test("every entry is worded in both languages, and every reference a lesson's texts use has one", () => {
  for (const e of TERMS) for (const lang of ["tr", "en"]) assert.ok(e[lang]?.length > 20, `${e.term} in ${lang}`);
  // The references the course writes as a letter code and a number (K01, V10, KK2), and minstd.
  const used = new Set();
  const dir = join(ROOT, "src", "lessons");
  for (const id of readdirSync(dir)) {
    for (const lang of ["tr", "en"]) {
      let texts;
      try {
        texts = JSON.parse(readFileSync(join(dir, id, "texts", `${lang}.json`), "utf8"));
      } catch {
        continue;
      }
      for (const v of Object.values(texts)) for (const m of String(v).matchAll(/\b(K\d\d|V\d\d|KK\d|minstd)\b/g)) used.add(m[1]);
    }
  }
  assert.ok(used.has("K01") && used.has("minstd"), "the scan finds the references");
  const missing = [...used].filter((term) => !TERMS.some((e) => e.find.test(term)));
  assert.deepEqual(missing, []);
});

test("the list shows the terms of the page's text, in the page's language", () => {
  const list = glossaryList("… K01'in V10'u (4 saat) …", "en");
  assert.deepEqual([...list.querySelectorAll("dt")].map((d) => d.textContent), ["K01", "V10"]);
  assert.match(list.querySelector("dd").textContent, /invoice lines/);
  assert.equal(glossaryList("nothing here", "tr").querySelectorAll("dt").length, TERMS.length, "without a term: all of them");
});

test("the sweep form's notes (www/i18n/sweep-notes.js): both languages, every note used, every slot filled", async () => {
  const { NOTES, note } = await import("../../www/i18n/sweep-notes.js");
  assert.deepEqual(Object.keys(NOTES.tr).sort(), Object.keys(NOTES.en).sort());
  const code = ["controls/sweep.js", "views/sweep.js"].map((f) => readFileSync(join(ROOT, "www", f), "utf8")).join("\n");
  for (const key of Object.keys(NOTES.tr)) assert.match(code, new RegExp(`note\\(t\\.lang, "${key}"|"${key}"\\)`), `${key} is used`);
  for (const lang of ["tr", "en"]) for (const key of Object.keys(NOTES[lang])) {
    const slots = [...NOTES.tr[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    assert.deepEqual([...NOTES[lang][key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort(), slots, `${lang} ${key}: the same slots`);
    assert.doesNotMatch(note(lang, key, Object.fromEntries(slots.map((s) => [s, "v"]))), /\{\w+(?:\|[^}]*)?\}/);
  }
});
