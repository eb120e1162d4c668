// What the main-thread and language checks of the hostile-link and budget suites share (issue
// 19): a long-task observer installed before the page's own scripts, the page's longest task,
// the renderer's memory, and the texts of one language that must not show on the other's page.
// No fixed sleeps: each wait is for something the page says (its renders, its figures, an
// animation frame).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib.mjs";

/** The task length (ms) the page's main thread stays under for any link the core accepts. */
export const MAX_TASK_MS = 200;

/** Records every main-thread task of 50 ms or more of each document `p` loads (a
 * PerformanceObserver of long tasks installed before the page's scripts run). */
export async function watchLongTasks(p) {
  await p.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: "longtask", buffered: true });
  });
}

/** Waits until what the page does after the last change is on screen: two animation frames
 * and a task after them (a long task's entry is delivered after it ends). */
export async function settle(p) {
  await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
}

/** The longest main-thread task (ms) of the document shown, 0 if none reached 50 ms. */
export async function worstTask(p) {
  return p.evaluate(() => Math.max(0, ...(window.__longTasks ?? [])));
}

/** The longest main-thread task of `load()` (which loads a document on `p`, of browser `b`):
 * `wall` the long-task observer's figures (ms) of each load, `cpu` (ms, or null if not needed)
 * the main thread's CPU time in that task, from a trace of the browser ("toplevel" events' thread
 * duration). The first load is the observer's alone; when its longest task reaches the limit the
 * link is loaded again, traced (up to twice): on 2 cores shared with other work a task's wall
 * time counts the time the thread waited for a core (a 276 ms task under a load average of 14
 * was 72 ms of CPU), while its CPU time is the page's own work. `ok`: under the limit by either. */
export async function longestTask(b, p, load) {
  await load();
  const out = { wall: [await worstTask(p)], cpu: null };
  const under = () => out.cpu !== null && out.cpu < MAX_TASK_MS;
  while (out.wall[0] >= MAX_TASK_MS && out.wall.length < 3 && !under()) {
    const once = await traced(b, p, load);
    out.wall.push(once.wall);
    out.cpu = Math.min(out.cpu ?? Infinity, once.cpu);
  }
  out.ok = Math.min(...out.wall) < MAX_TASK_MS || under();
  out.ms = out.cpu ?? Math.min(...out.wall); // the figure that counts
  out.text = out.cpu === null ? `${out.ms}` : `${out.cpu} CPU (wall ${out.wall.join(", ")})`;
  return out;
}

/** How much longer (ms) a link's longest main-thread task may be than a plain link's of the
 * same lesson (issue 33): the link's own cost, with the page's boot that every link pays left out. */
export const MAX_EXTRA_MS = 200;

/** A link's longest main-thread task beyond a plain link's of its lesson (issue 33). `load()`
 * loads the link on `p` (of browser `b`), `plain()` the plain link. The link's longest task (the
 * observer's wall time) bounds what it costs beyond the plain link's; when that reaches the limit
 * the two are measured against each other (tracedPairs) and a pair's difference of CPU times
 * counts. The page shows the link at the end. `extra`: the figure that counts (ms; the wall
 * time alone is an upper bound), `ok`: under the limit. */
export async function beyondPlain(b, p, load, plain) {
  await load();
  const wall = await worstTask(p);
  const pairs = wall >= MAX_EXTRA_MS ? await tracedPairs(b, p, load, plain) : [];
  return { wall, pairs, ...pairFigures(pairs, wall) };
}

/** The plain link and the link, loaded in turn under a trace (up to `most` pairs, fewer once a
 * pair's difference is under the limit): [[link, plain], …], each traced()'s answer. A pair is
 * measured within a second on the same page, and on shared cores a task's wall time counts the
 * time it waited for a core while its CPU time is the page's own work (a link's CPU minus its
 * plain link's). The page shows the link at the end. */
export async function tracedPairs(b, p, load, plain, most = 2) {
  const pairs = [];
  while (pairs.length < most && !pairs.some(([link, them]) => link.cpu - them.cpu < MAX_EXTRA_MS)) {
    const them = await traced(b, p, plain);
    pairs.push([await traced(b, p, load), them]);
  }
  return pairs;
}

/** What `pairs` (tracedPairs) say: `extra` the least difference of CPU times (or `wall`, the
 * link's own wall time, without pairs), `ok` under the limit, `text` the figures (ms). */
export function pairFigures(pairs, wall) {
  if (!pairs.length) return { extra: wall, ok: wall < MAX_EXTRA_MS, text: `≤ ${wall}` };
  const extra = Math.min(...pairs.map(([link, them]) => link.cpu - them.cpu));
  const each = pairs.map(([link, them]) => `CPU ${link.cpu} − ${them.cpu}, wall ${link.wall} − ${them.wall}`);
  return { extra, ok: extra < MAX_EXTRA_MS, text: `${extra} (${each.join("; ")})` };
}

/** One load of `load()` on `p` under a trace of browser `b`: its longest main-thread task, the
 * observer's wall time and the main thread's CPU time (ms). */
export async function traced(b, p, load) {
  await p.goto("about:blank"); // the old document's teardown stays out of the trace
  await b.startTracing(p, { categories: ["toplevel", "__metadata"] });
  let trace;
  try {
    await load();
  } finally {
    trace = await b.stopTracing();
  }
  return { wall: await worstTask(p), cpu: mainThreadCpu(trace) };
}

/** The longest task's CPU time (ms) on a renderer's main thread in a trace (Chromium's JSON). */
export function mainThreadCpu(buffer) {
  const parsed = JSON.parse(buffer.toString());
  const events = parsed.traceEvents ?? parsed;
  const main = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  let worst = 0;
  for (const e of events) if (e.ph === "X" && e.tdur !== undefined && main.has(`${e.pid}:${e.tid}`)) worst = Math.max(worst, e.tdur);
  return Math.round(worst / 1000);
}

/** Waits for what a link asks for beyond its tables: the watched run (or its refusal) and the
 * sweep (or its refusal). */
export async function viewsShown(p, query, timeout = 60000) {
  const q = new URLSearchParams(query);
  if (q.has("trace")) await p.waitForSelector(".trace .timeline svg, .trace-box .field-error", { timeout });
  if (q.has("sweep")) await p.waitForSelector(".sweep-result figure, .sweep .field-error:not([hidden])", { timeout });
}

/** The renderer processes alive now (their pids), to tell a new page's renderer apart. */
export function rendererPids() {
  return new Set(
    readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
        } catch {
          return false;
        }
      }),
  );
}

/** The peak resident memory (MB) of the renderer processes among `pids`. */
export function peakMB(pids) {
  let peak = 0;
  for (const pid of pids) {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // ended meanwhile
    }
  }
  return Math.round(peak);
}

const LANGS = ["tr", "en"];
const shared = Object.fromEntries(await Promise.all(LANGS.map(async (l) => [l, (await import(join(ROOT, "www", "i18n", `${l}.js`))).default])));
const lessonTexts = (lang) =>
  readdirSync(join(ROOT, "src", "lessons"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      try {
        return [JSON.parse(readFileSync(join(ROOT, "src", "lessons", d.name, "texts", `${lang}.json`), "utf8"))];
      } catch {
        return [];
      }
    });
const messages = Object.fromEntries(LANGS.map((l) => [l, [shared[l], ...lessonTexts(l)].flatMap((m) => Object.values(m))]));

/** The literal pieces of `lang`'s messages long enough to tell the language that are in none
 * of the other language's messages (as tests/browser/language.test.mjs finds them). */
export function onlyIn(lang) {
  const theirs = messages[LANGS.find((l) => l !== lang)].join("\n");
  const out = new Set();
  for (const m of messages[lang]) {
    // Between slots: {name}, and {name|one|other} (a counted word, www/i18n/index.js).
    for (const piece of m.split(/\{\w+(?:\|[^}]*)?\}/)) {
      const text = piece.replace(/^[\s.,;:()—–·→←"“”'-]+|[\s.,;:()—–·→←"“”'-]+$/g, "");
      if (((text.includes(" ") && /\p{L}{3}/u.test(text)) || text.length >= 10) && !theirs.includes(text)) out.add(text);
    }
  }
  return [...out];
}

/** Every text the page shows or reads out, one per line, without the lesson's own printed output,
 * links and the link syntax's `names` (parameter names and claim ids are the same in both
 * languages). The names are taken out of the joined text, one name after another: no name holds a
 * line break, so that is what taking them out of each text gave, at one call per name instead of
 * one per name and text (40 ms a link in node, ~2,000 texts × 260 names). */
export async function pageTexts(p, names) {
  const texts = await p.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode;
      if (node.parentElement?.closest("script, style, pre.lesson-text, a[href], textarea")) continue;
      if (node.textContent.trim()) out.push(node.textContent.trim());
    }
    for (const n of document.querySelectorAll("[aria-label], [title]")) out.push(n.getAttribute("aria-label") ?? "", n.getAttribute("title") ?? "");
    return out.filter(Boolean);
  });
  return names.reduce((s, name) => s.replaceAll(name, "·"), texts.map((text) => text.replace(/https?:\/\/\S+/g, "·")).join("\n"));
}
