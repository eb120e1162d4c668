// The learner's progress kept on the device (www/state/journal.js, issues 21 and 33): the journal's
// pure logic and its storage binding against a storage that works, is corrupted, holds an old or a
// newer version or a journal larger than the page reads (each kept aside, never deleted), is
// full, or throws on every touch (Safari's private mode, storage blocked).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { MAX_ROWS, MAX_STORED, PREFIX, UNREAD, VERSION, emptyJournal, exportData, firstRows, isEmpty, keeper, parseJournal, record, summary } = await import(join(ROOT, "www", "state", "journal.js"));

/** A storage like localStorage, over a Map; `fail` names the calls that throw; `quota` (in
 * characters, keys and values, as browsers count it) makes a write that would exceed it throw. */
function storage(fail = [], quota = Infinity) {
  const items = new Map();
  const guard = (name) => {
    if (fail.includes(name)) throw Object.assign(new Error(`${name} refused`), { name: "QuotaExceededError" });
  };
  const used = () => [...items].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    items,
    get length() {
      guard("length");
      return items.size;
    },
    key: (i) => (guard("key"), [...items.keys()][i] ?? null),
    getItem: (k) => (guard("getItem"), items.has(k) ? items.get(k) : null),
    setItem: (k, v) => {
      guard("setItem");
      if (used() - (items.has(k) ? k.length + items.get(k).length : 0) + k.length + String(v).length > quota) throw Object.assign(new Error("quota"), { name: "QuotaExceededError" });
      items.set(k, String(v));
    },
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

test("parseJournal: nothing stored, a journal, and what it cannot read, each with why", () => {
  assert.deepEqual(parseJournal(null), { journal: emptyJournal(), unread: null });
  const j = record(record(emptyJournal(), predicted, 5), explained, 6);
  assert.deepEqual(parseJournal(JSON.stringify(j)), { journal: j, unread: null });
  for (const [bad, unread] of [
    ["{not json", { reason: "json" }],
    ["null", { reason: "shape" }],
    ["42", { reason: "shape" }],
    ['"text"', { reason: "shape" }],
    ["[]", { reason: "shape" }],
    [JSON.stringify({ predicted: {} }), { reason: "shape" }],
    [JSON.stringify({ ...j, v: "1" }), { reason: "shape" }],
    [JSON.stringify({ ...j, v: 0 }), { reason: "version", v: 0 }],
    [JSON.stringify({ ...j, v: VERSION + 1 }), { reason: "newer", v: VERSION + 1 }],
    [JSON.stringify({ v: VERSION, predicted: [] }), { reason: "shape" }],
    [" ".repeat(MAX_STORED + 1), { reason: "size" }],
  ]) {
    assert.deepEqual(parseJournal(bad), { journal: emptyJournal(), unread }, bad.slice(0, 40));
  }
  // A bad entry is left out and counted, the rest read.
  const mixed = { ...j, predicted: { ...j.predicted, "leader.pause": { guess: 3 }, "": { guess: "1", computed: "2", at: 1 } } };
  assert.deepEqual(parseJournal(JSON.stringify(mixed)), { journal: j, unread: { reason: "entries", left: 2 } });
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
  assert.deepEqual(parseJournal(JSON.stringify(old)), { journal: before, unread: null });
  assert.deepEqual(parseJournal(JSON.stringify({ ...old, hints: [] })).unread, { reason: "shape" }, "a hints part of another shape");
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

test("a stored journal that is corrupted, of another version or of a newer one is kept aside as it was, never deleted", () => {
  const s = storage();
  const cut = '{"v":1,"predicted":{'; // cut off mid-write
  const old = JSON.stringify({ v: 0, answers: [1, 2] }); // an old format
  const newer = JSON.stringify({ v: VERSION + 1, predicted: { "quotas.no-wait": { guess: "2", computed: "2", at: 1 } }, notes: ["a newer page's"] });
  s.items.set(`${PREFIX}leader`, cut);
  s.items.set(`${PREFIX}jobs`, old);
  s.items.set(`${PREFIX}quotas`, newer);
  const k = keeper(() => s);
  for (const id of ["leader", "jobs", "quotas"]) assert.ok(isEmpty(k.get(id)), id);
  // Each moved to its side key, exactly as it was; the journal's key free for new answers.
  assert.equal(s.items.get(`${UNREAD}leader`), cut);
  assert.equal(s.items.get(`${UNREAD}jobs`), old);
  assert.equal(s.items.get(`${UNREAD}quotas`), newer);
  for (const id of ["leader", "jobs", "quotas"]) assert.equal(s.items.has(`${PREFIX}${id}`), false, id);
  assert.deepEqual(k.lessons(), []);
  assert.deepEqual(k.unread(), ["jobs", "leader", "quotas"]);
  assert.equal(k.unreadText("quotas"), newer);
  assert.deepEqual(k.why("leader"), { reason: "json", size: cut.length, held: false });
  assert.deepEqual(k.why("quotas"), { reason: "newer", v: VERSION + 1, size: newer.length, held: false });
  assert.equal(k.kept, true);
  // It records again from there, the text aside untouched.
  k.keep(predicted, 3);
  assert.equal(parseJournal(s.items.get(`${PREFIX}leader`)).journal.predicted["leader.fencing"].guess, "3");
  assert.equal(s.items.get(`${UNREAD}leader`), cut);
  // A later visit still lists it, and says why, from the text aside.
  const later = keeper(() => s);
  assert.deepEqual(later.unread(), ["jobs", "leader", "quotas"]);
  assert.deepEqual(later.why("jobs"), { reason: "version", v: 0, size: old.length, held: false });
  assert.equal(later.get("leader").predicted["leader.fencing"].guess, "3");
  // Clearing the lesson's progress leaves it; clearing it (the learner's choice) removes it alone.
  later.clear("quotas");
  assert.equal(s.items.get(`${UNREAD}quotas`), newer);
  later.forget("quotas");
  assert.equal(s.items.has(`${UNREAD}quotas`), false);
  assert.deepEqual(later.unread(), ["jobs", "leader"]);
  assert.equal(later.why("quotas"), null);
  assert.equal(later.unreadText("quotas"), null);
});

test("a journal with entries that cannot be read: the rest is read and kept, the text as it was kept aside", () => {
  const s = storage();
  const j = record(emptyJournal(), predicted, 5);
  const raw = JSON.stringify({ ...j, predicted: { ...j.predicted, "leader.pause": { guess: 3 } } });
  s.items.set(`${PREFIX}leader`, raw);
  const k = keeper(() => s);
  assert.deepEqual(k.get("leader"), j);
  assert.deepEqual(k.why("leader"), { reason: "entries", left: 1, size: raw.length, held: false });
  assert.equal(s.items.get(`${UNREAD}leader`), raw);
  assert.deepEqual(JSON.parse(s.items.get(`${PREFIX}leader`)), j, "the readable entries stay under the journal's key");
  assert.deepEqual(keeper(() => s).lessons(), ["leader"]);
});

test("an unread journal that cannot be kept aside (too long, the quota, the side key taken) stays under its key, untouched, until cleared", () => {
  const j = record(emptyJournal(), predicted, 5);
  const huge = JSON.stringify({ ...j, notes: "x".repeat(MAX_STORED) });
  assert.ok(huge.length > MAX_STORED);
  for (const [what, s, raw] of [
    ["longer than the page reads", storage(), huge],
    ["the quota refuses the copy", storage([], 2000), JSON.stringify({ v: VERSION + 1, notes: "y".repeat(1200) })],
    ["another unread text of the lesson already aside", storage(), "{broken"],
  ]) {
    if (what.startsWith("another")) s.items.set(`${UNREAD}leader`, "{older and broken");
    s.items.set(`${PREFIX}leader`, raw);
    const k = keeper(() => s);
    assert.ok(isEmpty(k.get("leader")), what);
    assert.equal(s.items.get(`${PREFIX}leader`), raw, `${what}: still there`);
    assert.equal(k.held("leader"), true, what);
    assert.equal(k.why("leader").held, true, what);
    assert.equal(k.unreadText("leader"), raw, what);
    assert.deepEqual(k.unread(), ["leader"], what);
    assert.equal(k.kept, true, `${what}: the storage works`);
    // New answers are kept for the visit, not written over it; clearing the progress leaves it.
    assert.equal(k.keep(predicted, 9), true, what);
    assert.equal(k.get("leader").predicted["leader.fencing"].at, 9, what);
    assert.equal(s.items.get(`${PREFIX}leader`), raw, `${what}: not written over`);
    k.clear("leader");
    assert.equal(s.items.get(`${PREFIX}leader`), raw, `${what}: not cleared with the progress`);
    k.keep(predicted, 10);
    // Once the learner clears it, the visit's answers are stored.
    k.forget("leader");
    assert.equal(k.held("leader"), false, what);
    assert.equal(parseJournal(s.items.get(`${PREFIX}leader`)).journal.predicted["leader.fencing"].at, 10, what);
    k.keep({ ...predicted, guess: "4" }, 11);
    assert.equal(parseJournal(s.items.get(`${PREFIX}leader`)).journal.predicted["leader.fencing"].guess, "4", what);
  }
});

test("a large journal the page can read is read whole, kept whole, and shown capped", () => {
  const j = emptyJournal();
  for (let i = 0; i < 5000; i++) j.predicted[`leader.claim-${i}`] = { guess: String(i), computed: "0", at: i };
  const raw = JSON.stringify(j);
  assert.ok(raw.length > 250_000 && raw.length <= MAX_STORED);
  const s = storage();
  s.items.set(`${PREFIX}leader`, raw);
  const k = keeper(() => s);
  assert.equal(Object.keys(k.get("leader").predicted).length, 5000);
  assert.deepEqual(k.unread(), []);
  // A new answer keeps every entry on the device.
  k.keep(predicted, 1);
  assert.equal(Object.keys(parseJournal(s.items.get(`${PREFIX}leader`)).journal.predicted).length, 5001);
  // The view draws the first rows of a part and counts the others.
  const { rows, more } = firstRows(k.get("leader").predicted);
  assert.equal(rows.length, MAX_ROWS);
  assert.deepEqual(rows[0], ["leader.claim-0", { guess: "0", computed: "0", at: 0 }]);
  assert.equal(more, 5001 - MAX_ROWS);
  assert.deepEqual(firstRows({ a: 1, b: 2 }), { rows: [["a", 1], ["b", 2]], more: 0 });
  // The export holds them all.
  assert.equal(Object.keys(exportData({ leader: k.get("leader") }).lessons.leader.predicted).length, 5001);
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

test("the page looks for a lesson's journal under the journal's own key, and for any unread one, before it loads the journal (app.js)", async () => {
  const { readFileSync } = await import("node:fs");
  const app = readFileSync(join(ROOT, "www", "app.js"), "utf8");
  assert.ok(app.includes(`\`${PREFIX}\${store.state.lesson}\``));
  // Any journal kept, an unread one among them: both keys begin with what app.js looks for.
  const looked = /startsWith\("([^"]+)"\)/.exec(app)?.[1];
  assert.ok(looked && PREFIX.startsWith(looked) && UNREAD.startsWith(looked), looked);
  // The actions app.js hands the journal are those it keeps (a kept action not handed is lost).
  const { KEPT } = await import(join(ROOT, "www", "state", "journal.js"));
  const handed = /store\.observe\(\(action\) => (\[[^\]]*\])\.includes\(action\.type\)/.exec(app)?.[1];
  assert.deepEqual(JSON.parse(handed ?? "null")?.sort(), Object.keys(KEPT).sort(), handed);
});

test("a search's question answered is kept by the search, its guess, verdict and link; a journal kept before searches were is read", () => {
  const query = "lesson=leader&fencing=1&rounds=24&find=round-twice&predict=1";
  const guessed = { type: "findGuessed", lesson: "leader", search: "round-twice", guess: "no", verdict: "right", query };
  let j = record(emptyJournal(), guessed, 10);
  assert.deepEqual(j.searched, { "round-twice": { guess: "no", verdict: "right", query, at: 10 } });
  assert.equal(isEmpty(j), false, "a journal of searches alone is progress");
  j = record(j, { ...guessed, guess: "yes", verdict: "wrong" }, 20);
  assert.deepEqual(j.searched["round-twice"], { guess: "yes", verdict: "wrong", query, at: 20 }, "the latest answer replaces the one before");
  // A condition is its own search; a long link (a narrowed scope) is kept whole.
  const long = `${query}&scope=${"crash=N1@1,".repeat(300)}`;
  j = record(j, { ...guessed, search: "fencing.unfenced@double_run_rounds > 0", verdict: "open", query: long }, 30);
  assert.equal(j.searched["fencing.unfenced@double_run_rounds > 0"].query, long);
  // Shown without a guess (skip), or without an answer to judge it by: nothing kept.
  for (const bad of [{ guess: "skip", verdict: null }, { verdict: null }, { verdict: "maybe" }, { search: "" }, { query: "" }]) {
    assert.equal(record(j, { ...guessed, ...bad }, 40), j, JSON.stringify(bad));
  }
  assert.deepEqual(parseJournal(JSON.stringify(j)).journal, j, "read back as written");
  const { searched, ...old } = record(emptyJournal(), guessed, 5);
  assert.deepEqual(parseJournal(JSON.stringify(old)).journal.searched, {}, "a journal without the part is read");
  assert.deepEqual(parseJournal(JSON.stringify({ ...old, searched: { x: { guess: "no" } } })).unread, { reason: "entries", left: 1 });
});
