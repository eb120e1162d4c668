// The embed dialog's logic and texts without a browser (issue 22): which choices may ask for a
// prediction (pairing) and what they offer instead, the embed's address with a claim and a
// language, the dialog's lazily loaded texts (both languages, every key used), and the core's
// claimFigures against the claims' own reports.
// Needs ./build.sh build (target/pkg-node).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { holdersIn, pairing, readHolders } from "../../www/embed/dialog.js";
import * as predict from "../../www/controls/predict.js";
import TEXTS, { sayer } from "../../www/embed/texts.js";
import { embedHref, fullPageHref, rawQuery } from "../../www/state/link.js";
import { initialState } from "../../www/state/actions.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

test("pairing: a prediction only where the number is seen, else why not and the choice that shows it", () => {
  const h = { figures: ["default_sweep"], sections: ["measure"] };
  const c = (over) => ({ scope: "figure", section: "measure", figure: "default_sweep", claim: "quotas.default-request", predict: true, ...over });
  assert.deepEqual(pairing(c({}), h), { predict: true, problem: null, fix: null });
  assert.deepEqual(pairing(c({ figure: "quota_sweep" }), h), { predict: false, problem: "wrong_figure", fix: { scope: "figure", figure: "default_sweep" } });
  assert.deepEqual(pairing(c({ scope: "lesson" }), h).predict, true);
  assert.deepEqual(pairing(c({ scope: "section", section: "daily" }), h), { predict: false, problem: "wrong_section", fix: { scope: "section", section: "measure" } });
  // A number in a sentence: no figure shows it, its section does (or the lesson, of one section).
  const sentence = { figures: [], sections: ["daily"] };
  assert.deepEqual(pairing(c({}), sentence), { predict: false, problem: "wrong_sentence", fix: { scope: "section", section: "daily" } });
  assert.deepEqual(pairing(c({}), sentence, { oneSection: true }).fix, { scope: "lesson" });
  // Not asked, not known yet, or nowhere in the report: no prediction in the code.
  assert.deepEqual(pairing(c({ predict: false, figure: "x" }), h), { predict: false, problem: null, fix: null });
  assert.deepEqual(pairing(c({ claim: null }), h).predict, false);
  assert.deepEqual(pairing(c({}), undefined), { predict: false, problem: "checking", fix: null });
  assert.deepEqual(pairing(c({}), null), { predict: false, problem: "no_answer", fix: null });
});

test("claimFigures: every claim's number is in the figures it names, as the claim's own report has it", () => {
  let named = 0;
  for (const p of core.presets()) {
    const h = readHolders(core.claimFigures(p.query));
    // The dialog reads the same from the claim's report as the core's claimFigures says.
    assert.deepEqual(holdersIn(core.run(p.query), p, predict), h, p.id);
    if (!p.question) {
      assert.equal(h, null, p.id);
      continue;
    }
    assert.ok(h && h.sections.length > 0, `${p.id}: seen somewhere`);
    const doc = core.run(p.query);
    const keys = doc.preset.highlights.map((m) => m.key);
    for (const f of h.figures) assert.ok(keys.includes(f), `${p.id}: ${f} holds a mark of the claim`);
    named += h.figures.length;
  }
  assert.ok(named > 20, `${named} figures named`);
  assert.equal(core.claimFigures(core.presets().find((p) => p.id === "quotas.default-request").query), "default_sweep|measure");
  assert.deepEqual(readHolders("|daily"), { figures: [], sections: ["daily"] });
  assert.equal(core.claimFigures("lesson=quotas"), undefined, "no claim, nothing to pair");
});

test("the embed's address: the dialog's claim (or none) and language, and origin= carried by the page's links", () => {
  const share = "lesson=jobs&seed=7&preset=jobs.x&origin=https://a.example&v=1";
  const at = "https://t.example/tatbikat/?lesson=jobs";
  const q = (choice) => new URL(embedHref(share, at, { controls: false, exports: false, predict: false, ...choice })).searchParams;
  assert.equal(q({}).get("preset"), "jobs.x", "unsaid: the page's claim");
  assert.equal(q({ claim: null }).get("preset"), null, "no claim: the values stay");
  assert.equal(q({ claim: null }).get("seed"), "7");
  const claimed = q({ claim: { query: "lesson=jobs&fail_prob=0.6&preset=jobs.y&v=1" }, predict: true });
  assert.deepEqual([claimed.get("preset"), claimed.get("fail_prob"), claimed.get("seed"), claimed.get("predict")], ["jobs.y", "0.6", null, "1"]);
  assert.equal(q({ lang: "en" }).get("lang"), "en");
  assert.equal(new URL(embedHref(`${share}&lang=en`, at, { controls: true, lang: "tr" })).searchParams.get("lang"), null, "Turkish is the default");
  // origin= stays in the page's own query and the embed's, not in the full page's link.
  const s = { ...initialState([]), lesson: "jobs", specs: { jobs: [] }, embed: true, origins: ["https://a.example"], resolved: { share } };
  assert.match(rawQuery(s), /origin=https%3A%2F%2Fa\.example/);
  assert.doesNotMatch(fullPageHref(s), /origin=/);
});

test("the dialog's texts: both languages have the same keys, every key is used and every key used exists", () => {
  assert.deepEqual(Object.keys(TEXTS.tr).sort(), Object.keys(TEXTS.en).sort());
  const code = ["www/embed/dialog.js", "www/embed.js"].map((f) => readFileSync(join(ROOT, f), "utf8")).join("\n");
  const used = new Set([...code.matchAll(/\bsay\(\s*"([a-z_]+)"/g)].map((m) => m[1]));
  // The pairing's problems are said by their names (pairing returns them).
  const dialog = readFileSync(join(ROOT, "www/embed/dialog.js"), "utf8");
  for (const m of dialog.matchAll(/problem: "([a-z_]+)"/g)) used.add(m[1]);
  assert.deepEqual([...used].filter((k) => !(k in TEXTS.en)), [], "used but missing");
  assert.deepEqual(Object.keys(TEXTS.en).filter((k) => !used.has(k)), [], "never used");
  // No message name for a teacher to decode.
  for (const lang of ["tr", "en"]) for (const [k, v] of Object.entries(TEXTS[lang])) if (!["bad_request", "not_settable", "too_large"].includes(k)) assert.doesNotMatch(v, /tatbikat:/, `${lang}.${k}`);
  const say = sayer({ lang: "en" });
  assert.equal(say("height", { height: 512 }).includes("512 px"), true);
});
