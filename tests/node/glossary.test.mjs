// The glossary (www/glossary.js): every course reference and model term a lesson's texts use
// (K01, its V10, KK2, KK3, minstd, the 32-bit generator) has an entry, in Turkish and English,
// and an entry is listed for a page that shows its term. Runs without a build.
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
