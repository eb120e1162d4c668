// The learner's progress, kept on the device: answered predictions, explanations ("why"), solved
// challenges and the hints revealed for each, one journal per lesson in localStorage, versioned.
// The logic is pure (tested in node); `keeper` binds it to a storage that may be missing or throw
// (Safari's private mode, a full quota, storage blocked): then the journal lives for the visit
// only and says so. Nothing leaves the device unless the learner exports it (views/progress.js).
// Loaded lazily.

/** The stored format's version: a journal of another version is discarded, not read. */
export const VERSION = 1;
/** The storage key of a lesson's journal. */
export const PREFIX = "tatbikat.journal.";
const LESSON = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_TEXT = 200; // longer texts are not a guess, a claim id or a link the page made

/** The store actions a journal keeps, and the part of the journal each goes to. */
export const KEPT = { predicted: "predicted", explained: "explained", solved: "solved", hinted: "hints" };
/** Parts a journal of this version may lack: journals kept before hints were kept have none. */
const LATER = ["hints"];
/** More hints than a challenge could have (src/challenge.rs gives a few). */
const MAX_HINTS = 20;

/** A lesson's journal with nothing in it. */
export function emptyJournal() {
  return { v: VERSION, predicted: {}, explained: {}, solved: {}, hints: {} };
}

const text = (x) => typeof x === "string" && x.length > 0 && x.length <= MAX_TEXT;
const time = (x) => Number.isFinite(x) && x >= 0;

/** Each part's entry, checked: what a well-formed entry holds, or null. */
const ENTRY = {
  predicted: (e) => (text(e?.guess) && text(e?.computed) && time(e?.at) ? { guess: e.guess, computed: e.computed, at: e.at } : null),
  explained: (e) => (text(e?.choice) && typeof e?.right === "boolean" && time(e?.at) ? { choice: e.choice, right: e.right, at: e.at } : null),
  solved: (e) => (text(e?.query) && time(e?.at) ? { query: e.query, at: e.at } : null),
  hints: (e) => (Number.isInteger(e?.n) && e.n > 0 && e.n <= MAX_HINTS && time(e?.at) ? { n: e.n, at: e.at } : null),
};

/** A stored text read: {journal, discarded}. Nothing stored is an empty journal; text that is
 * not JSON, a journal of another version or of another shape is discarded (an empty journal);
 * an entry that is not well formed is left out. */
export function parseJournal(stored) {
  if (stored === null || stored === undefined) return { journal: emptyJournal(), discarded: false };
  let data;
  try {
    data = JSON.parse(stored);
  } catch {
    return { journal: emptyJournal(), discarded: true };
  }
  if (!data || typeof data !== "object" || data.v !== VERSION) return { journal: emptyJournal(), discarded: true };
  const journal = emptyJournal();
  for (const part of Object.keys(ENTRY)) {
    const entries = data[part] ?? (LATER.includes(part) ? {} : undefined);
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) return { journal: emptyJournal(), discarded: true };
    for (const [id, entry] of Object.entries(entries)) {
      const kept = text(id) ? ENTRY[part](entry) : null;
      if (kept) journal[part][id] = kept;
    }
  }
  return { journal, discarded: false };
}

/** The lesson an action is about, if it is one a journal keeps and is well formed; else null. */
export function lessonOf(action) {
  return KEPT[action?.type] && typeof action.lesson === "string" && LESSON.test(action.lesson) ? action.lesson : null;
}

/** The journal with `action` recorded at time `at` (ms): `predicted` {claim, guess, computed},
 * `explained` {claim, choice, right}, `solved` {challenge, query}, `hinted` {challenge, n: the
 * hints revealed}. The latest answer to a claim replaces the one before; hints revealed stay
 * revealed (the most kept). An action it does not keep, or not well formed, changes nothing
 * (the same journal is returned). */
export function record(journal, action, at = Date.now()) {
  if (!lessonOf(action)) return journal;
  const part = KEPT[action.type];
  const id = part === "solved" || part === "hints" ? action.challenge : action.claim;
  const entry =
    part === "predicted"
      ? ENTRY.predicted({ guess: String(action.guess ?? ""), computed: String(action.shown ?? action.computed ?? ""), at })
      : part === "explained"
        ? ENTRY.explained({ choice: String(action.choice ?? ""), right: action.right, at })
        : part === "hints"
          ? action.n > (journal.hints[id]?.n ?? 0) && ENTRY.hints({ n: action.n, at })
          : ENTRY.solved({ query: action.query, at });
  if (!text(id) || !entry) return journal;
  return { ...journal, [part]: { ...journal[part], [id]: entry } };
}

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
 * may every call on it. Returns {get(lesson), keep(action), clear(lesson), lessons(), kept}:
 * `kept` is false once the storage failed (then the journals live in memory, for this visit).
 * A stored journal that cannot be read is removed when met.
 */
export function keeper(getStorage) {
  const memory = new Map();
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
  function get(lesson) {
    if (memory.has(lesson)) return memory.get(lesson);
    const stored = attempt((s) => s.getItem(PREFIX + lesson), null);
    const { journal, discarded } = parseJournal(stored);
    if (discarded) attempt((s) => s.removeItem(PREFIX + lesson));
    memory.set(lesson, journal);
    return journal;
  }
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
      attempt((s) => s.setItem(PREFIX + lesson, JSON.stringify(journal)));
      return true;
    },
    /** Forgets the lesson's journal, on the device as well. */
    clear(lesson) {
      memory.set(lesson, emptyJournal());
      attempt((s) => s.removeItem(PREFIX + lesson));
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
    get kept() {
      return kept;
    },
  };
}
