// The learner's progress kept on the device (www/state/journal.js, issue 21): the journal's pure
// logic and its storage binding against a storage that works, is corrupted, holds an old version,
// is full, or throws on every touch (Safari's private mode, storage blocked).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { PREFIX, VERSION, emptyJournal, exportData, isEmpty, keeper, parseJournal, record, summary } = await import(join(ROOT, "www", "state", "journal.js"));

/** A storage like localStorage, over a Map; `fail` names the calls that throw. */
function storage(fail = []) {
  const items = new Map();
  const guard = (name) => {
    if (fail.includes(name)) throw Object.assign(new Error(`${name} refused`), { name: "QuotaExceededError" });
  };
  return {
    items,
    get length() {
      guard("length");
      return items.size;
    },
    key: (i) => (guard("key"), [...items.keys()][i] ?? null),
    getItem: (k) => (guard("getItem"), items.has(k) ? items.get(k) : null),
    setItem: (k, v) => (guard("setItem"), items.set(k, String(v))),
    removeItem: (k) => (guard("removeItem"), items.delete(k)),
  };
}

const predicted = { type: "predicted", lesson: "leader", claim: "leader.fencing", guess: "3", computed: "0" };
const explained = { type: "explained", lesson: "leader", claim: "leader.fencing", choice: "b", right: false };
const solved = { type: "solved", lesson: "quotas", challenge: "quotas.no-wait", query: "lesson=quotas&quotas=4/2/2" };

test("record keeps each kept action in its part, the latest answer replacing the one before", () => {
  const empty = Object.freeze(emptyJournal());
  let j = record(empty, predicted, 10);
  assert.deepEqual(j.predicted, { "leader.fencing": { guess: "3", computed: "0", at: 10 } });
  assert.deepEqual(empty.predicted, {}, "pure: the journal given is unchanged");
  j = record(j, { ...predicted, guess: "0" }, 20);
  assert.deepEqual(j.predicted["leader.fencing"], { guess: "0", computed: "0", at: 20 });
  j = record(j, explained, 30);
  assert.deepEqual(j.explained, { "leader.fencing": { choice: "b", right: false, at: 30 } });
  j = record(j, { ...solved, lesson: "leader", challenge: "leader.fewest-writes" }, 40);
  assert.deepEqual(j.solved, { "leader.fewest-writes": { query: solved.query, at: 40 } });
  assert.deepEqual(summary(j, ["a", "b", "c"]), { predicted: 1, claims: 3, explained: 1, right: 0, solved: 1 });
});

test("record ignores actions it does not keep and malformed ones (the same journal back)", () => {
  const j = emptyJournal();
  for (const bad of [
    { type: "guessed", lesson: "leader", claim: "x" },
    { ...predicted, lesson: "../etc" },
    { ...predicted, lesson: undefined },
    { ...predicted, claim: "" },
    { ...predicted, claim: "x".repeat(500) },
    { ...predicted, guess: "" },
    { ...explained, right: "yes" },
    { ...solved, query: 42 },
    { ...solved, challenge: undefined },
    null,
  ]) {
    assert.equal(record(j, bad, 1), j, JSON.stringify(bad));
  }
});

test("parseJournal: nothing stored, a journal, corrupted text, another version, another shape", () => {
  assert.deepEqual(parseJournal(null), { journal: emptyJournal(), discarded: false });
  const j = record(record(emptyJournal(), predicted, 5), explained, 6);
  assert.deepEqual(parseJournal(JSON.stringify(j)), { journal: j, discarded: false });
  for (const bad of ["{not json", "null", "42", '"text"', "[]", JSON.stringify({ ...j, v: 0 }), JSON.stringify({ ...j, v: VERSION + 1 }), JSON.stringify({ v: VERSION, predicted: [] })]) {
    assert.deepEqual(parseJournal(bad), { journal: emptyJournal(), discarded: true }, bad);
  }
  // A bad entry is left out, the rest kept.
  const mixed = { ...j, predicted: { ...j.predicted, "leader.pause": { guess: 3 }, "": { guess: "1", computed: "2", at: 1 } } };
  assert.deepEqual(parseJournal(JSON.stringify(mixed)).journal, j);
});

test("hints revealed are kept per challenge, the most revealed staying (a reload shows them again)", () => {
  const hinted = { type: "hinted", lesson: "compensation", challenge: "compensation.hung-share", n: 2 };
  let j = record(emptyJournal(), hinted, 10);
  assert.deepEqual(j.hints, { "compensation.hung-share": { n: 2, at: 10 } });
  assert.equal(record(j, { ...hinted, n: 1 }, 20), j, "fewer than revealed changes nothing");
  assert.equal(record(j, { ...hinted, n: 2 }, 20), j, "as many as revealed changes nothing");
  j = record(j, { ...hinted, n: 3 }, 30);
  assert.deepEqual(j.hints["compensation.hung-share"], { n: 3, at: 30 });
  for (const n of [0, -1, 1.5, "2", 21, undefined]) assert.equal(record(emptyJournal(), { ...hinted, n }, 1).hints["compensation.hung-share"], undefined, String(n));
  assert.equal(isEmpty(j), false, "a journal of hints alone is progress");
  assert.deepEqual(parseJournal(JSON.stringify(j)).journal, j);
  // A journal kept before hints were (the same version, no hints part) is read, not discarded.
  const before = record(emptyJournal(), predicted, 5);
  const { hints, ...old } = before;
  assert.deepEqual(hints, {});
  assert.deepEqual(parseJournal(JSON.stringify(old)), { journal: before, discarded: false });
  assert.equal(parseJournal(JSON.stringify({ ...old, hints: [] })).discarded, true, "a hints part of another shape");
  const s = storage();
  const k = keeper(() => s);
  k.keep(hinted, 7);
  assert.deepEqual(keeper(() => s).get("compensation").hints, { "compensation.hung-share": { n: 2, at: 7 } }, "read back from the storage");
});

test("a keeper stores each lesson under its own versioned key, reads it back, lists and clears it", () => {
  const s = storage();
  const k = keeper(() => s);
  assert.equal(k.keep(predicted, 7), true);
  assert.equal(k.keep({ type: "reset" }), false);
  assert.equal(k.keep(solved, 8), true);
  assert.deepEqual([...s.items.keys()].sort(), [`${PREFIX}leader`, `${PREFIX}quotas`]);
  assert.equal(JSON.parse(s.items.get(`${PREFIX}leader`)).v, VERSION);
  // A new visit reads what the last one kept.
  const again = keeper(() => s);
  assert.deepEqual(again.get("leader").predicted, { "leader.fencing": { guess: "3", computed: "0", at: 7 } });
  assert.deepEqual(again.lessons(), ["leader", "quotas"]);
  again.clear("leader");
  assert.equal(s.items.has(`${PREFIX}leader`), false);
  assert.ok(isEmpty(again.get("leader")));
  assert.deepEqual(again.lessons(), ["quotas"]);
  assert.equal(again.kept, true);
  // Other keys of the site's storage are not the journal's.
  s.items.set("tatbikat.other", "x");
  s.items.set(`${PREFIX}Bad Name`, "{}");
  assert.deepEqual(keeper(() => s).lessons(), ["quotas"]);
});

test("a stored journal that is corrupted or of another version is discarded and removed, not crashed on", () => {
  const s = storage();
  s.items.set(`${PREFIX}leader`, "{\"v\":1,\"predicted\":{"); // cut off mid-write
  s.items.set(`${PREFIX}jobs`, JSON.stringify({ v: 0, answers: [1, 2] })); // an old format
  const k = keeper(() => s);
  assert.ok(isEmpty(k.get("leader")));
  assert.ok(isEmpty(k.get("jobs")));
  assert.equal(s.items.has(`${PREFIX}leader`), false);
  assert.equal(s.items.has(`${PREFIX}jobs`), false);
  assert.deepEqual(k.lessons(), []);
  // And it records again from there.
  k.keep(predicted, 3);
  assert.equal(parseJournal(s.items.get(`${PREFIX}leader`)).journal.predicted["leader.fencing"].guess, "3");
});

test("storage that throws (private mode, blocked, full): the journal lives for the visit and says it is not kept", () => {
  for (const [what, getStorage] of [
    ["localStorage itself throws", () => { throw new DOMException("denied", "SecurityError"); }],
    ["no storage", () => null],
    ["every call throws", () => storage(["getItem", "setItem", "removeItem", "key", "length"])],
    ["writes refused (quota)", () => storage(["setItem"])],
  ]) {
    const k = keeper(getStorage);
    assert.equal(k.keep(predicted, 1), true, what);
    assert.equal(k.get("leader").predicted["leader.fencing"].guess, "3", what);
    assert.deepEqual(k.lessons(), ["leader"], what);
    assert.equal(k.kept, false, what);
    k.clear("leader");
    assert.ok(isEmpty(k.get("leader")), what);
  }
});

test("the exported file holds every lesson with progress, tatbikat's name, the format's version and the time", () => {
  const j = record(emptyJournal(), predicted, 1);
  const data = exportData({ leader: j, jobs: emptyJournal() }, { exported: "2026-12-02T10:00:00.000Z" });
  assert.deepEqual(data, { app: "tatbikat", kind: "progress", v: VERSION, exported: "2026-12-02T10:00:00.000Z", lessons: { leader: j } });
  // What was exported reads back as journals.
  assert.deepEqual(parseJournal(JSON.stringify(data.lessons.leader)).journal, j);
});

test("the progress view's texts (loaded with it): both languages have the same keys, each used by the view", async () => {
  const { readFileSync } = await import("node:fs");
  const texts = (await import(join(ROOT, "www", "i18n", "progress.js"))).default;
  assert.deepEqual(Object.keys(texts.en).sort(), Object.keys(texts.tr).sort());
  for (const lang of ["tr", "en"]) for (const [k, v] of Object.entries(texts[lang])) assert.ok(v.trim().length > 0, `${lang}: ${k} is empty`);
  const code = readFileSync(join(ROOT, "www", "views", "progress.js"), "utf8");
  const used = new Set([...code.matchAll(/say\(\s*"([\w.]+)"/g), ...code.matchAll(/"(progress\.[\w.]+)"/g)].map((m) => m[1]));
  // The parts' captions are named by the part: `progress.${part}`.
  for (const part of /const HEADS = \{([^}]*)\}/.exec(code)[1].matchAll(/(\w+): \[/g)) used.add(`progress.${part[1]}`);
  assert.deepEqual(Object.keys(texts.tr).filter((k) => !used.has(k)), [], "unused");
  assert.deepEqual([...used].filter((k) => !(k in texts.tr)), [], "missing");
});

test("the page looks for a lesson's journal under the journal's own key before it loads the journal (app.js)", async () => {
  const { readFileSync } = await import("node:fs");
  assert.ok(readFileSync(join(ROOT, "www", "app.js"), "utf8").includes(`\`${PREFIX}\${store.state.lesson}\``));
});
