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

before(() => Promise.all(core.lessons().map((l) => loadLessonTexts(l.id))));

const list = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join(",");
const enc = encodeURIComponent;

/** A real link for every message key the core words a refusal with: [key, link]. The link's
 * refusal comes from reading it, or from its watched run or its sweep. */
export const KEYED = [
  ["refuse.sweep.form", "lesson=jobs&sweep=nights"],
  ["refuse.sweep.param", "lesson=jobs&sweep=bogus:1..3"],
  ["refuse.sweep.range", "lesson=jobs&sweep=nights:5..1"],
  ["refuse.sweep.points", "lesson=jobs&sweep=nights:1..10000:10000"],
  ["refuse.sweep.too_many", "lesson=jobs&sweep=nights:1..1000"],
  ["refuse.sweep.count", "lesson=jobs&sweep=nights:"],
  ["refuse.sweep.value", "lesson=jobs&sweep=nights:1,x"],
  ["refuse.metric.name", "lesson=jobs&sweep=nights:1..3&metric=nope.x"],
  ["refuse.sweep.same", "lesson=jobs&sweep=nights:1..3&sweep_y=nights:1..3"],
  ["refuse.metric.count", `lesson=jobs&sweep=nights:1..3&metric=${Array(7).fill("retry_limit.completed_nights").join(",")}`],
  ["refuse.sweep.total", "lesson=jobs&sweep=nights:1..200:200&sweep_y=seed:1..3"],
  ["refuse.sweep.at", "lesson=supervisor&sweep=jobs:1..3"],
  ["refuse.sweep.work", "lesson=compensation&runs=100000000&sweep=seed:1..100"],
  ["refuse.trace.range", "lesson=jobs&trace=limit:99999999999999999999"],
  ["refuse.trace.cells", "lesson=supervisor&jobs=1000&max_rounds=10000&trace="],
  ["refuse.trace.size", "lesson=jobs&nights=300&fail_prob=1&retry_limits=1000&trace=limit:1000"],
  ["refuse.unknown_keys", `lesson=jobs&${list(5000, (i) => `k${i}=1`).replaceAll(",", "&")}`],
  ["refuse.broken_keys", "lesson=jobs&%zz=1&a%=2"],
  ["refuse.vs.lesson", `lesson=jobs&vs=${enc("lesson=supervisor&scan=2")}`],
  ["refuse.vs.nested", `lesson=jobs&vs=${enc(`vs=${enc("seed=1")}`)}`],
  ["refuse.vs.page_keys", `lesson=jobs&vs=${enc("embed=1&lang=en&trace=x&sweep=y")}`],
  ["why.item", "lesson=jobs&retry_limits=1,x"],
  ["why.range_order", "lesson=jobs&long_hours=9-3"],
  ["why.name_twice", "lesson=supervisor&steps=a,a"],
  ["why.job_twice", "lesson=supervisor&hung=S1@tarife,S1@indirim"],
  ["why.list_empty", "lesson=jobs&retry_limits="],
  ["why.list_gap", "lesson=jobs&retry_limits=1,,2"],
  ["why.list_long", `lesson=jobs&retry_limits=${list(17, (i) => i + 1)}`],
  ["why.name_empty", "lesson=supervisor&hung=S1@"],
  ["why.name_long", `lesson=supervisor&steps=${"a".repeat(41)}`],
  ["why.name_char", "lesson=supervisor&steps=a!b"],
  ["why.fault_form", "lesson=supervisor&hung=x"],
  ["why.step_open", "lesson=compensation&steps=a(b"],
  ["why.step_twice", "lesson=compensation&steps=a,a"],
  ["why.step_self", "lesson=compensation&steps=a(a)"],
  ["why.step_after", "lesson=compensation&steps=a(b)"],
  ["why.step_after_twice", "lesson=compensation&steps=a,b(a/a)"],
  ["why.step_cycle", "lesson=compensation&steps=a(b),b(a)"],
  ["refuse.jobs.draws", "lesson=jobs&nights=10000&retry_limits=1000,1000,1000&replications=100"],
  ["refuse.jobs.trace_nights", "lesson=jobs&nights=2000&trace="],
  ["refuse.compensation.draws", `lesson=compensation&runs=1000000000&comp_fail=1&retries=${list(8, (i) => 20 - i)}`],
  ["refuse.compensation.trace_step", "lesson=compensation&trace=attempts:1,run:5,step:1"],
  ["refuse.compensation.trace_replay", "lesson=compensation&runs=100000000&trace=attempts:1,run:99999999"],
  ["refuse.compensation.trace_no_step", "lesson=compensation&runs=2&trace=attempts:1,step:4"],
  ["refuse.supervisor.step", "lesson=supervisor&invoice_steps=nope&idempotent=0"],
  ["refuse.supervisor.job", "lesson=supervisor&jobs=1"],
  ["refuse.leader.node", "lesson=leader&crash=N9@3&nodes=3"],
  ["refuse.leader.work", "lesson=leader&rounds=1000000&nodes=100"],
  ["refuse.leader.trace_fencing", "lesson=leader&trace=fencing:7"],
  ["refuse.leader.trace_lease", "lesson=leader&trace=lease:999"],
  ["refuse.quotas.work", "lesson=quotas&rounds=100000"],
  ["refuse.quotas.trace_quota", "lesson=quotas&trace=quota:1/2/3"],
  ["refuse.claim_check.work", "lesson=claim_check&events=1000000000"],
  ["refuse.claim_check.trace_both", "lesson=claim_check&trace=dangling,event:1"],
];

/** Every message key of a refusal the core's sources name. */
function coreKeys() {
  const keys = new Set();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".rs")) for (const m of readFileSync(p, "utf8").matchAll(/"((?:refuse|why)\.[a-z_.]+)"/g)) keys.add(m[1]);
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
 * run's and its sweep's. */
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
    for (const piece of m.split(/\{\w+\}/)) {
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
      assert.doesNotMatch(text, /\{\w+\}/, `${lang}: a slot left unfilled: ${text}`);
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
