// Every refusal the core words for the page (issue 19): each message key the core can give
// (`refuse.…` and `why.…` in src/, Error::keyed and the codec's reasons) is given by a real link
// listed here, and the page says it in Turkish and in English with every slot filled — never
// the core's English phrase on the Turkish page, never a key or a `{slot}`. Also the page's
// own logic around refusals: unknown keys are one problem, a key given twice is said as such,
// a cancelled first load does not speak of previous results, an answer about a lesson left
// meanwhile is dropped. Needs ./build.sh build (target/pkg-node).
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import en from "../../www/i18n/en.js";
import tr from "../../www/i18n/tr.js";
import { loadLessonTexts, translator } from "../../www/i18n/index.js";
import { errorText } from "../../www/i18n/errors.js";
import { update } from "../../www/state/actions.js";
import { rawQuery } from "../../www/state/link.js";
import { cancelNotice, known, problemText, problems } from "../../www/views/shown.js";
import { ROOT, booted, core } from "./page.mjs";
import { KEYED } from "./refusal-links.mjs";

before(() => Promise.all(core.lessons().map((l) => loadLessonTexts(l.id))));

/** Every message key of a refusal the core's sources name. */
function coreKeys() {
  const keys = new Set();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".rs")) for (const m of readFileSync(p, "utf8").matchAll(/"((?:refuse|why)\.[a-z0-9_.]+)"/g)) keys.add(m[1]);
    }
  };
  walk(join(ROOT, "src"));
  return keys;
}

/** The state the page holds for `link` with the core's reading of it. */
function read(link) {
  const s = booted(link);
  return update(s, { type: "resolved", resolved: core.resolve(rawQuery(s)) });
}

/** The refusals of `link` as the page gets them, each with the page's wording in `t`'s
 * language: the link's problems (listed without the panel: each one worded), then its watched
 * run's, its sweep's and its search's. */
function refusals(link, lang) {
  const s = read(link);
  const t = translator(lang, s.lesson);
  // The link's own problems (the first reading) and the state's reading of it.
  const errors = [...s.linkErrors, ...s.resolved.errors];
  const out = errors.map((error) => ({ error, text: problemText(s, error, t).text }));
  const q = s.resolved.query;
  const view = new URLSearchParams(link);
  for (const [key, run] of [
    ["trace", () => core.trace(q)],
    ["sweep", () => core.sweep(q)],
    ["find", () => core.find(q)],
  ]) {
    if (!view.has(key)) continue;
    try {
      run();
    } catch (err) {
      out.push({ error: err, text: errorText(err, t, known(s)) });
    }
  }
  return out;
}

/** Pieces of English messages long enough to tell the language (as tests/browser/language). */
const english = (() => {
  const theirs = Object.values(tr).join("\n");
  const out = [];
  for (const m of Object.values(en)) {
    // Between slots: {name}, and {name|one|other} (a counted word, www/i18n/index.js).
    for (const piece of m.split(/\{\w+(?:\|[^}]*)?\}/)) {
      const text = piece.replace(/^[\s.,;:()—–·→←"“”-]+|[\s.,;:()—–·→←"“”-]+$/g, "");
      if (((text.includes(" ") && /\p{L}{3}/u.test(text)) || text.length >= 10) && !theirs.includes(text)) out.push(text);
    }
  }
  return out;
})();

test("every message key the core words a refusal with has a real link here", () => {
  const listed = new Set(KEYED.map(([key]) => key));
  assert.deepEqual([...coreKeys()].filter((k) => !listed.has(k)), []);
  assert.deepEqual([...listed].filter((k) => !coreKeys().has(k)), [], "a key the core no longer gives");
});

for (const [key, link] of KEYED) {
  test(`${key}: given by its link and said in Turkish and English`, () => {
    for (const lang of ["tr", "en"]) {
      const all = refusals(link, lang);
      const found = all.find((r) => r.error?.key === key);
      assert.ok(found, `${lang}: ${link.slice(0, 120)} gives no ${key}: ${all.map((r) => r.error?.key ?? r.text).join(" | ")}`);
      const text = found.text;
      assert.doesNotMatch(text, /\{\w+(?:\|[^}]*)?\}/, `${lang}: a slot left unfilled: ${text}`);
      assert.doesNotMatch(text, /\b(refuse|why|ui)\.[a-z_]+/, `${lang}: a message key shown: ${text}`);
      if (lang === "tr") {
        assert.ok(!text.includes(found.error.allowed), `tr: the core's English “${found.error.allowed}” in “${text}”`);
        const foreign = english.filter((p) => text.includes(p));
        assert.deepEqual(foreign, [], `tr: English in “${text}”`);
      }
    }
  });
}

test("the sweep's point limit is said as a limit, with the numbers and what to lower", () => {
  const [r] = refusals("lesson=jobs&sweep=nights:1..10000:10000", "tr");
  assert.match(r.text, /200/);
  assert.match(r.text, /441/);
  const [e] = refusals("lesson=jobs&sweep=nights:1..10000:10000", "en");
  assert.match(e.text, /at most 200 points/);
  const [range] = refusals("lesson=jobs&trace=limit:99999999999999999999", "en");
  assert.match(range.text, /from 1 to 1000/);
});

test("thousands of unknown keys are one problem, named by the first few and counted", () => {
  const link = `lesson=jobs&seed=5&${Array.from({ length: 5000 }, (_, i) => `k${i}=1`).join("&")}`;
  const started = performance.now();
  const s = read(link);
  const t = translator("tr", "jobs");
  const shown = problems(s, t, { panel: true });
  const took = performance.now() - started;
  assert.equal(shown.length, 1, shown.map((p) => p.text).join("\n"));
  assert.match(shown[0].text, /5000 /);
  assert.match(shown[0].text, /k0, k1/);
  assert.equal(s.resolved.params.seed, "5", "the lesson's own keys still count");
  console.log(`5000 unknown keys: read and worded in ${Math.round(took)} ms`);
});

test("a key given twice is said as such (its first value counts), not as a refused value", () => {
  const s = update(read("lesson=jobs&seed=1&seed=2"), { type: "settled" });
  const fresh = read("lesson=jobs&seed=1&seed=2");
  const t = translator("tr", "jobs");
  const [p] = problems(fresh, t, { panel: true });
  assert.equal(p.text, t("ui.error.repeated_param", { param: "seed", value: "2" }));
  assert.equal(s.resolved.params.seed, "1");
});

test("a cancelled run speaks of previous results only when some are shown", () => {
  const t = translator("tr", "jobs");
  const s = read("lesson=jobs");
  assert.equal(cancelNotice(s, t), t("ui.cancelled_none"));
  const shown = update(s, { type: "computed", doc: core.run(s.resolved.query) });
  assert.equal(cancelNotice(shown, t), t("ui.cancelled"));
});

test("an answer about a lesson left meanwhile is dropped: the new tab keeps its own values and sweep options", () => {
  const s = read("lesson=jobs&seed=5");
  const moved = update(s, { type: "switchLesson", id: "supervisor" });
  const late = update(moved, { type: "resolved", resolved: core.resolve("lesson=jobs&seed=5") });
  assert.equal(late, moved, "the jobs answer changes nothing on the supervisor tab");
  const own = update(moved, { type: "resolved", resolved: core.resolve("lesson=supervisor&scan=3") });
  assert.equal(own.resolved.lesson, "supervisor");
});
