// The learner's progress, kept on the device: answered predictions, explanations ("why"), solved
// challenges and the hints revealed for each, searches' questions answered ("does such a run
// exist?", issue 36), one journal per lesson in localStorage, versioned.
// The logic is pure (tested in node); `keeper` binds it to a storage that may be missing or throw
// (Safari's private mode, a full quota, storage blocked): then the journal lives for the visit
// only and says so. A stored journal the page cannot read (cut off, of another version — a newer
// page's too —, of another shape, larger than it reads) is never deleted: it is kept aside, as
// it was, until the learner downloads or clears it (issue 33). Nothing leaves the device unless
// the learner exports it (views/progress.js). Loaded lazily.

/** The stored format's version: a journal of another version is kept aside, not read. */
export const VERSION = 1;
/** The storage key of a lesson's journal. */
export const PREFIX = "tatbikat.journal.";
/** The storage key of a lesson's journal that could not be read, kept aside as it was stored. */
export const UNREAD = "tatbikat.journal-unread.";
/** The longest stored journal read, in characters (UTF-16 code units, as localStorage counts
 * them): a journal the page writes holds one entry per claim and challenge, a few KB; 1 MiB is
 * hundreds of times that and still parses in tens of ms on a phone. A longer one is not read;
 * it is kept aside when it fits here too, else it stays under its own key (see `keeper`). */
export const MAX_STORED = 1 << 20;
/** The rows of one part of a lesson's journal the progress view draws; the count of the others
 * is said, and the downloads hold them all. */
export const MAX_ROWS = 100;
const LESSON = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_TEXT = 200; // longer texts are not a guess, a claim id or a link the page made
// A search's question's link holds the learner's values and its narrowed scope (scope=, up to
// 4000 characters: src/find.rs SCOPE_MAX), so it may be longer.
const MAX_LINK = 8000;

/** The store actions a journal keeps, and the part of the journal each goes to. */
export const KEPT = { predicted: "predicted", explained: "explained", solved: "solved", hinted: "hints", findGuessed: "searched" };
/** Parts a journal of this version may lack: journals kept before hints, or searches, were kept
 * have none. */
const LATER = ["hints", "searched"];
/** More hints than a challenge could have (src/challenge.rs gives a few). */
const MAX_HINTS = 20;

/** A lesson's journal with nothing in it. */
export function emptyJournal() {
  return { v: VERSION, predicted: {}, explained: {}, solved: {}, hints: {}, searched: {} };
}

const text = (x) => typeof x === "string" && x.length > 0 && x.length <= MAX_TEXT;
const time = (x) => Number.isFinite(x) && x >= 0;
const link = (x) => typeof x === "string" && x.length > 0 && x.length <= MAX_LINK;

/** Each part's entry, checked: what a well-formed entry holds, or null. */
const ENTRY = {
  predicted: (e) => (text(e?.guess) && text(e?.computed) && time(e?.at) ? { guess: e.guess, computed: e.computed, at: e.at } : null),
  explained: (e) => (text(e?.choice) && typeof e?.right === "boolean" && time(e?.at) ? { choice: e.choice, right: e.right, at: e.at } : null),
  solved: (e) => (text(e?.query) && time(e?.at) ? { query: e.query, at: e.at } : null),
  hints: (e) => (Number.isInteger(e?.n) && e.n > 0 && e.n <= MAX_HINTS && time(e?.at) ? { n: e.n, at: e.at } : null),
  searched: (e) =>
    ["yes", "no"].includes(e?.guess) && ["right", "wrong", "open"].includes(e?.verdict) && link(e?.query) && time(e?.at) ? { guess: e.guess, verdict: e.verdict, query: e.query, at: e.at } : null,
};

/** A stored text read: {journal, unread}. `unread` is null when the text was read whole (nothing
 * stored is an empty journal), else why it was not: {reason} with reason "size" (longer than
 * MAX_STORED), "json" (not JSON), "shape" (not a journal), "version" (an older or unknown one:
 * {v}), "newer" (written by a newer page: {v}) — the journal is then empty —, or "entries"
 * ({left}: that many entries not well formed, left out; the journal holds the others). */
export function parseJournal(stored) {
  const none = (reason, more = {}) => ({ journal: emptyJournal(), unread: { reason, ...more } });
  if (stored === null || stored === undefined) return { journal: emptyJournal(), unread: null };
  if (stored.length > MAX_STORED) return none("size");
  let data;
  try {
    data = JSON.parse(stored);
  } catch {
    return none("json");
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || !Number.isInteger(data.v)) return none("shape");
  if (data.v !== VERSION) return none(data.v > VERSION ? "newer" : "version", { v: data.v });
  const journal = emptyJournal();
  let left = 0;
  for (const part of Object.keys(ENTRY)) {
    const entries = data[part] ?? (LATER.includes(part) ? {} : undefined);
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) return none("shape");
    for (const [id, entry] of Object.entries(entries)) {
      const kept = text(id) ? ENTRY[part](entry) : null;
      if (kept) journal[part][id] = kept;
      else left += 1;
    }
  }
  return { journal, unread: left ? { reason: "entries", left } : null };
}

/** The first `max` entries of one part of a journal ([id, entry] pairs, in the order kept) and
 * how many more it holds: what the progress view draws of a part. */
export function firstRows(entries, max = MAX_ROWS) {
  const rows = [];
  let more = 0;
  for (const id in entries) {
    if (rows.length < max) rows.push([id, entries[id]]);
    else more += 1;
  }
  return { rows, more };
}

/** The lesson an action is about, if it is one a journal keeps and is well formed; else null. */
export function lessonOf(action) {
  return KEPT[action?.type] && typeof action.lesson === "string" && LESSON.test(action.lesson) ? action.lesson : null;
}

/** The journal with `action` recorded at time `at` (ms): `predicted` {claim, guess, computed},
 * `explained` {claim, choice, right}, `solved` {challenge, query}, `hinted` {challenge, n: the
 * hints revealed}, `findGuessed` {search: find= as the link writes it, guess: yes or no,
 * verdict: right, wrong or open, query: the question's link}. The latest answer to a claim (or a
 * search) replaces the one before; hints revealed stay
 * revealed (the most kept). An action it does not keep, or not well formed, changes nothing
 * (the same journal is returned). */
export function record(journal, action, at = Date.now()) {
  if (!lessonOf(action)) return journal;
  const part = KEPT[action.type];
  const [id, entry] = FROM_ACTION[part](action, at, journal);
  if (!text(id) || !entry) return journal;
  return { ...journal, [part]: { ...journal[part], [id]: entry } };
}

/** Each part's [id, entry] from its action (record): the entry checked as a stored one is. */
const FROM_ACTION = {
  predicted: (a, at) => [a.claim, ENTRY.predicted({ guess: String(a.guess ?? ""), computed: String(a.shown ?? a.computed ?? ""), at })],
  explained: (a, at) => [a.claim, ENTRY.explained({ choice: String(a.choice ?? ""), right: a.right, at })],
  solved: (a, at) => [a.challenge, ENTRY.solved({ query: a.query, at })],
  // Only more hints than revealed change the journal: revealed hints stay revealed.
  hints: (a, at, journal) => [a.challenge, a.n > (journal.hints[a.challenge]?.n ?? 0) && ENTRY.hints({ n: a.n, at })],
  searched: (a, at) => [a.search, ENTRY.searched({ guess: a.guess, verdict: a.verdict, query: a.query, at })],
};

/** How much a lesson's journal holds: predictions answered (of `claims`, the lesson's claims
 * that ask), explanations given and how many were right, challenges solved. */
export function summary(journal, claims = []) {
  const explained = Object.values(journal.explained);
  return {
    predicted: Object.keys(journal.predicted).length,
    claims: claims.length,
    explained: explained.length,
    right: explained.filter((e) => e.right).length,
    solved: Object.keys(journal.solved).length,
  };
}

/** Whether a journal holds anything. */
export const isEmpty = (journal) => Object.values(KEPT).every((part) => Object.keys(journal[part]).length === 0);

/** The file a learner exports: every lesson's journal, tatbikat's name and the time. */
export function exportData(journals, { exported = new Date().toISOString(), app = "tatbikat" } = {}) {
  const lessons = {};
  for (const [lesson, journal] of Object.entries(journals)) if (!isEmpty(journal)) lessons[lesson] = journal;
  return { app, kind: "progress", v: VERSION, exported, lessons };
}

/**
 * The journals bound to a storage: `getStorage()` returns it (localStorage), and may throw, as
 * may every call on it. Returns {get(lesson), keep(action), clear(lesson), lessons(), unread(),
 * unreadText(lesson), why(lesson), forget(lesson), kept}: `kept` is false once the storage
 * failed (then the journals live in memory, for this visit).
 *
 * A stored journal that cannot be read (parseJournal) is never deleted by the page: when met, it
 * is copied as it was to the lesson's side key (UNREAD) and then, once that copy is stored,
 * removed from the journal's key, so the lesson's new answers are kept from there; a journal
 * with some entries left out keeps the readable ones under its key. When it cannot be copied —
 * longer than MAX_STORED, the quota refuses it, or the side key already holds another unread
 * text of the lesson — it stays under its own key, untouched: the lesson's new answers are then
 * kept for the visit only (`held(lesson)`), until the learner downloads the text and clears it
 * (`forget`), after which they are stored.
 */
export function keeper(getStorage) {
  const memory = new Map();
  /** Lessons whose unread text stays under the journal's own key. */
  const held = new Set();
  /** Why each unread text met in this visit was not read (parseJournal's `unread`). */
  const reasons = new Map();
  let kept = true;
  const storage = () => {
    try {
      const s = getStorage();
      if (!s) throw new Error("no storage");
      return s;
    } catch {
      kept = false;
      return null;
    }
  };
  const attempt = (f, fallback) => {
    const s = storage();
    if (!s) return fallback;
    try {
      return f(s);
    } catch {
      kept = false;
      return fallback;
    }
  };
  /** Copies `raw` to the lesson's side key; true once it is stored there. A refusal (the quota)
   * is not the storage failing: the text just stays where it is. */
  const setAside = (lesson, raw) =>
    attempt((s) => {
      const there = s.getItem(UNREAD + lesson);
      if (there === raw) return true;
      if (there !== null || raw.length > MAX_STORED) return false;
      try {
        s.setItem(UNREAD + lesson, raw);
        return true;
      } catch {
        return false;
      }
    }, false);
  function get(lesson) {
    if (memory.has(lesson)) return memory.get(lesson);
    const stored = attempt((s) => s.getItem(PREFIX + lesson), null);
    const { journal, unread } = parseJournal(stored);
    if (unread) {
      reasons.set(lesson, { ...unread, size: stored.length });
      if (!setAside(lesson, stored)) held.add(lesson);
      else if (unread.reason === "entries") attempt((s) => s.setItem(PREFIX + lesson, JSON.stringify(journal)));
      else attempt((s) => s.removeItem(PREFIX + lesson));
    }
    memory.set(lesson, journal);
    return journal;
  }
  /** The lesson's unread text exactly as it was stored, or null. */
  const unreadText = (lesson) => attempt((s) => s.getItem((held.has(lesson) ? PREFIX : UNREAD) + lesson), null);
  const store = (lesson, journal) => {
    if (!held.has(lesson)) attempt((s) => s.setItem(PREFIX + lesson, JSON.stringify(journal)));
  };
  return {
    get,
    /** Records the action; true when it was one a journal keeps. */
    keep(action, at = Date.now()) {
      const lesson = lessonOf(action);
      if (!lesson) return false;
      const before = get(lesson);
      const journal = record(before, action, at);
      if (journal === before) return false;
      memory.set(lesson, journal);
      store(lesson, journal);
      return true;
    },
    /** Forgets the lesson's journal, on the device as well (not an unread text held under its
     * key: `forget` clears that). */
    clear(lesson) {
      get(lesson);
      memory.set(lesson, emptyJournal());
      if (!held.has(lesson)) attempt((s) => s.removeItem(PREFIX + lesson));
    },
    /** The lessons with a journal, stored or of this visit. */
    lessons() {
      const ids = new Set([...memory].filter(([, j]) => !isEmpty(j)).map(([id]) => id));
      attempt((s) => {
        for (let i = 0; i < s.length; i++) {
          const key = s.key(i);
          if (key?.startsWith(PREFIX) && LESSON.test(key.slice(PREFIX.length))) ids.add(key.slice(PREFIX.length));
        }
      });
      return [...ids].filter((id) => !isEmpty(get(id))).sort();
    },
    /** The lessons with a stored journal that could not be read: kept aside (by this visit or an
     * earlier one), or held under their own key. */
    unread() {
      const ids = new Set(held);
      attempt((s) => {
        for (let i = 0; i < s.length; i++) {
          const key = s.key(i);
          if (key?.startsWith(UNREAD) && LESSON.test(key.slice(UNREAD.length))) ids.add(key.slice(UNREAD.length));
        }
      });
      return [...ids].sort();
    },
    unreadText,
    /** Why the lesson's unread text was not read: parseJournal's `unread` with its `size`
     * (characters) and `held` (whether it stays under the journal's own key), or null. */
    why(lesson) {
      if (!reasons.has(lesson)) {
        const raw = unreadText(lesson);
        if (raw === null) return null;
        reasons.set(lesson, { ...(parseJournal(raw).unread ?? { reason: "unknown" }), size: raw.length });
      }
      return { ...reasons.get(lesson), held: held.has(lesson) };
    },
    /** Whether the lesson's new answers are kept for the visit only: its unread text stays under
     * its own key until it is cleared. */
    held: (lesson) => held.has(lesson),
    /** Clears the lesson's unread text from the device (the learner's choice, after the view
     * offered to download it); the answers of the visit are then stored. */
    forget(lesson) {
      attempt((s) => s.removeItem((held.has(lesson) ? PREFIX : UNREAD) + lesson));
      reasons.delete(lesson);
      if (!held.delete(lesson)) return;
      const journal = memory.get(lesson);
      if (journal && !isEmpty(journal)) store(lesson, journal);
    },
    get kept() {
      return kept;
    },
  };
}
