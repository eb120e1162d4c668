// Every message the page asks for exists, and every message it carries is asked for, in both
// languages. The page's own texts are www/i18n/{tr,en}.js; each lesson's are in its folder,
// src/lessons/<id>/texts/{tr,en}.json. The keys a lesson needs are worked out from what the core
// gives the page for it — its schema, its reports at its values, its examples and presets, and
// the runs they can watch — with the same key patterns the page's renderers use. The page's own
// keys are the ones its code names. Needs ./build.sh build (target/pkg-node).
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI } from "../cli.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const LANGS = ["tr", "en"];
const lessons = core.lessons();
const presets = core.presets();
const challenges = core.challenges();

// The page's texts: its first ones and those its learning views load with them (learn.<lang>.js).
const pageTexts = async (l) => ({ ...(await import(join(ROOT, "www", "i18n", `${l}.js`))).default, ...(await import(join(ROOT, "www", "i18n", `learn.${l}.js`))).default });
const shared = Object.fromEntries(await Promise.all(LANGS.map(async (l) => [l, await pageTexts(l)])));
const own = Object.fromEntries(
  lessons.map((l) => [l.id, Object.fromEntries(LANGS.map((lang) => [lang, JSON.parse(readFileSync(join(ROOT, "src", "lessons", l.id, "texts", `${lang}.json`), "utf8"))]))]),
);

/** The message keys the page asks for when it shows lesson `id`, from what the core gives it. */
function lessonKeys(lesson) {
  const id = lesson.id;
  const keys = new Set();
  const add = (k) => keys.add(k);
  const cellKeys = (cell) => {
    if (cell.kind === "label") add(`label.${cell.key}`);
    // Data text led by a word the lesson translates (formatCell: "kota 6/3/3").
    const word = cell.kind === "text" && `text.${String(cell.value).split(" ")[0]}`;
    if (word && String(cell.value).includes(" ") && LANGS.some((lang) => word in own[id][lang])) add(word);
  };
  add(`lesson.${id}`);
  add(`intro.${id}`);
  // A preview of one of the course's next lessons: its sentence of orientation.
  if (lesson.preview) add(`preview.${id}`);
  for (const s of core.params(id)) {
    add(`param.${id}.${s.name}`);
    add(`help.${id}.${s.name}`);
    if (s.kind.type === "choice") for (const o of s.kind.options) add(`choice.${id}.${s.name}.${o}`);
    // The supervisor's fault maps: its grid's states are named after them (its page.js).
    if (s.kind.type === "faults") add(`ui.fault.${s.name}`);
    // What the kind allows, said by the panel (i18n/errors.js kindText): a lesson's own kind
    // says it in its texts.
    add(`allowed.${s.kind.type === "real" && s.kind.min_open ? "real_open" : s.kind.type}`);
    // A kind that asks for rows (controls/rows.js): their column titles and their inputs' names.
    const rows = s.kind.rows;
    if (rows) [rows.head_key, ...rows.fields.flatMap((f) => [f.title_key, f.label_key])].forEach(add);
  }
  for (const p of presets.filter((p) => p.lesson === id)) {
    add(p.caption);
    // The prediction it asks for first (its q: mark).
    if (p.question) add(`predict.${p.id}`);
    // Its "why" question: the question, each choice and its feedback (www/views/why.js).
    if (p.why !== null) for (const k of [`explain.${p.id}`, ...[0, 1, 2].flatMap((n) => [`explain.${p.id}.c${n}`, `explain.${p.id}.f${n}`])]) add(k);
  }
  // Its challenges: the goal and each hint (www/views/challenge.js).
  for (const c of challenges.filter((c) => c.lesson === id)) {
    add(`challenge.${c.id}`);
    for (let n = 1; n <= c.hints; n++) add(`challenge.${c.id}.hint${n}`);
  }
  const report = (doc) => {
    // The ratios a claim quotes, each in a sentence of its own.
    doc.preset?.ratios?.forEach((_, i) => add(`${doc.preset.caption}.ratio${i ? i + 1 : ""}`));
    for (const section of doc.sections) {
      add(`ui.section.${section.name}`);
      for (const g of section.groups) {
        add(`group.${id}.${g.key}`);
        for (const b of g.blocks) {
          if (b.type === "line") {
            add(`line.${b.key}`);
            Object.values(b.values).forEach(cellKeys);
          } else {
            add(`table.${id}.${b.key}`);
            for (const c of b.columns) add(`col.${id}.${c.key}`);
            b.rows.flat().forEach(cellKeys);
          }
        }
        for (const ch of g.charts) {
          add(`chart.${id}.${ch.key}`);
          for (const axis of [ch.x, ch.y]) {
            add(axis.title_key ?? `axis.${id}.${axis.key}`);
            if (axis.unit) add(`unit.${axis.unit}`);
          }
          for (const r of ch.rules) add(`rule.${r.key}`);
          for (const s of ch.series) add(s.name_key ? `label.${s.name_key}` : s.name === undefined ? `col.${id}.${s.key}` : null);
          for (const c of ch.x.categories ?? []) if (c.key) add(`label.${c.key}`);
        }
      }
    }
  };
  const trace = (doc) => {
    const tr = doc.trace;
    add(`ui.trace.selector_help.${id}`);
    add(`trace.unit.${tr.unit}`);
    add(`ui.trace.unit_name.${tr.unit}`);
    // A fact's value may be a word with its own message (`trace.fact.supervisor.on`): given in
    // one language, it must be in every one.
    for (const [k, v] of tr.facts) {
      add(`trace.fact.${k}`);
      if (LANGS.some((lang) => `trace.fact.${k}.${v}` in own[id][lang])) add(`trace.fact.${k}.${v}`);
    }
    for (const c of doc.controls) {
      add(`trace.control.${c.key}`);
      for (const choice of c.choices) add(choice.label);
    }
    for (const track of tr.tracks) {
      add(`trace.track.${track.key}`);
      // Alternatives of each other (a group): their tablist's name and each one's tab.
      if (track.group) {
        add(`trace.group.${track.group}`);
        add(`trace.tab.${track.key}`);
      }
      for (const lane of track.lanes) for (const s of lane.spans) add(`trace.state.${s.state}`);
      // A lane's label the lesson words in the page's language (`trace.lane.record`).
      for (const lane of track.lanes) if (LANGS.some((lang) => `trace.lane.${lane.label}` in own[id][lang])) add(`trace.lane.${lane.label}`);
      // Faults set from the timeline: the lane list's name and each fault's button.
      if (track.intervene?.length) [track.key, ...track.intervene.map((iv) => iv.param)].forEach((k) => add(`trace.intervene.${k}`));
      for (const e of track.events) {
        add(`trace.event.${e.kind}`);
        // Drawn as a line (the whole track's) or a dot (a kind the lesson marks): a legend entry.
        if (e.lane === null || doc.marks.some((m) => m.kind === e.kind)) add(`trace.mark.${e.kind}`);
        // A duration in the trace's unit, in each language's plural forms (Turkish has them too).
        if (e.took !== null) for (const form of ["one", "other"]) add(`trace.took.${tr.unit}.${form}`);
      }
      for (const c of track.counters) add(`trace.counter.${c.key}`);
    }
  };
  const links = ["", ...lesson.examples, ...presets.filter((p) => p.lesson === id).map((p) => p.query.replace(/^lesson=[^&]*&?/, ""))];
  const selectors = new Set([""]);
  for (const link of links) {
    const q = new URLSearchParams(link);
    const selector = q.get("trace");
    q.delete("trace");
    const query = `lesson=${id}&${q}`;
    const doc = core.run(query);
    report(doc);
    // Every run a chart point opens.
    JSON.stringify(doc, (k, v) => (k === "trace" && typeof v === "string" && selectors.add(v), v));
    if (!lesson.traces) continue;
    // Every run the links open, and every run their "which run" lists reach (as the page composes
    // a choice: the earlier lists' chosen parts, then the choice's).
    const queue = selector === null ? [...selectors] : [selector];
    const seen = new Set(queue);
    while (queue.length) {
      const doc = core.trace(`${query}&trace=${encodeURIComponent(queue.shift())}`);
      trace(doc);
      doc.controls.forEach((c, i) => {
        for (const choice of c.choices) {
          const parts = [...doc.controls.slice(0, i).map((d) => d.choices[d.chosen].part), choice.part];
          const next = parts.filter(Boolean).join(",");
          if (!seen.has(next) && seen.size < 200) seen.add(next) && queue.push(next);
        }
      });
    }
  }
  // The refusals its code words itself (Error::keyed in its folder: refuse.<id>.…).
  for (const k of keyedIn(join(ROOT, "src", "lessons", id))) add(k);
  // The keys its own page controls name (src/lessons/<id>/page.js), as the page's code does.
  const controls = join(ROOT, "src", "lessons", id, "page.js");
  if (existsSync(controls)) for (const k of keysIn([controls]).literal) add(k);
  // The properties its search names (Property ids in find.rs), each worded for the page.
  const find = join(ROOT, "src", "lessons", id, "find.rs");
  if (existsSync(find)) for (const [, p] of readFileSync(find, "utf8").matchAll(/\bid: "([a-z0-9-]+)"/g)) add(`find.${id}.${p}`);
  keys.delete(null);
  return keys;
}

/** The message keys of the core's refusals named in the Rust sources under `dir` (the
 * `refuse.…` and `why.…` keys `Error::keyed` and the codec's reasons give the page), leaving
 * out the folders of `skip`. */
function keyedIn(dir, skip = []) {
  const keys = new Set();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!skip.includes(p)) walk(p);
      } else if (p.endsWith(".rs")) for (const m of readFileSync(p, "utf8").matchAll(/"((?:refuse|why)\.[a-z0-9_.]+)"/g)) keys.add(m[1]);
    }
  };
  walk(dir);
  return keys;
}

/** The page's own keys: those its code names, and the families it composes from a literal
 * prefix (`ui.trace.${key}`) — a shared key under such a prefix counts as used. Not the lesson
 * folders' code, which the build copies into www/lessons/ (a lesson's own keys). */
function pageKeys() {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!["pkg", "vendor", "vendor-src", "i18n", "min", "disk", "lessons"].includes(e.name)) walk(p);
      } else if (p.endsWith(".js")) files.push(p);
    }
  };
  walk(join(ROOT, "www"));
  // The translator and the error texts; not the message files themselves.
  for (const f of readdirSync(join(ROOT, "www", "i18n"))) if (f.endsWith(".js") && !["tr.js", "en.js", "lessons.js", "learn.tr.js", "learn.en.js"].includes(f)) files.push(join(ROOT, "www", "i18n", f));
  return keysIn(files);
}

/** The keys the code of `files` names: given to t() as literals (`literal`), every dotted string
 * (`named`), and the literal prefixes of composed keys (`prefixes`). */
function keysIn(files) {
  const literal = new Set(); // keys given to t() as literals: they must exist
  const named = new Set(); // every dotted string in the code: a key among them is used
  const prefixes = new Set();
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/\bt(?:\.has)?\(\s*"([a-z_][\w.]*)"/g)) literal.add(m[1]);
    for (const m of text.matchAll(/\?\s*"([a-z_]+\.[\w.]+)"\s*:\s*"([a-z_]+\.[\w.]+)"/g)) literal.add(m[1]).add(m[2]);
    for (const m of text.matchAll(/"([a-z_]+\.[a-z_.]+)"/g)) named.add(m[1]);
    for (const m of text.matchAll(/\bt(?:\.has)?\(\s*`([a-z_.]+)\$\{/g)) prefixes.add(m[1]);
  }
  return { literal, named, prefixes };
}

const page = pageKeys();
const needs = new Map(lessons.map((l) => [l.id, lessonKeys(l)]));
// The shared refusals' keys: named by the core outside the lesson folders.
const refusals = keyedIn(join(ROOT, "src"), [join(ROOT, "src", "lessons")]);

for (const lang of LANGS) {
  test(`${lang}: every key a lesson needs has a message, in its folder or the page's`, () => {
    const missing = [];
    for (const [id, keys] of needs) for (const k of keys) if (!(k in own[id][lang]) && !(k in shared[lang])) missing.push(`${id}: ${k}`);
    for (const k of page.literal) if (!(k in shared[lang])) missing.push(`page: ${k}`);
    for (const k of refusals) if (!(k in shared[lang])) missing.push(`core's refusal: ${k}`);
    assert.deepEqual(missing, []);
  });

  test(`${lang}: every message is used (a lesson's by its lesson, the page's by the page or a lesson)`, () => {
    const unused = [];
    for (const [id, keys] of needs) for (const k of Object.keys(own[id][lang])) if (!keys.has(k)) unused.push(`src/lessons/${id}/texts/${lang}.json: ${k}`);
    const anyLesson = new Set([...needs.values()].flatMap((s) => [...s]));
    for (const k of Object.keys(shared[lang])) {
      if (k === "locale" || page.literal.has(k) || page.named.has(k) || anyLesson.has(k) || refusals.has(k)) continue;
      // The shared report's labels (report::inside_cell) need not show at the lessons' values.
      if (["label.yes", "label.no"].includes(k)) continue;
      if ([...page.prefixes].some((p) => k.startsWith(p) && !/^(param|help|choice|col|group|table|chart|axis|line|label|unit|rule|trace|claim|lesson|intro)\./.test(p))) continue;
      unused.push(`www/i18n/${lang}.js: ${k}`);
    }
    assert.deepEqual(unused, []);
  });
}

test("both languages have the same keys, for the page and for every lesson", () => {
  const diff = (a, b) => Object.keys(a).filter((k) => !(k in b));
  assert.deepEqual([diff(shared.tr, shared.en), diff(shared.en, shared.tr)], [[], []], "www/i18n");
  for (const { id } of lessons) assert.deepEqual([diff(own[id].tr, own[id].en), diff(own[id].en, own[id].tr)], [[], []], id);
});

test("every lesson folder with texts is a lesson of the registry", () => {
  const dir = join(ROOT, "src", "lessons");
  const folders = readdirSync(dir).filter((d) => existsSync(join(dir, d, "texts")));
  // The CLI's registry has every lesson; the page's module may leave some out (src/lessons/mod.rs
  // says which and why), never add one.
  const help = execFileSync(CLI, ["--help"], { encoding: "utf8" });
  const block = help.split("Lessons and sections")[1].split("\n\n")[0];
  const cli = [...block.matchAll(/^ {2}([a-z_]+) /gm)].map((m) => m[1]);
  assert.deepEqual(folders.sort(), [...cli].sort());
  assert.ok(lessons.every((l) => cli.includes(l.id)), "the module's lessons are the CLI's");
});

/** English nouns a count stands before, each with its singular. */
const NOUNS = { rounds: "round", nodes: "node", jobs: "job", steps: "step", hours: "hour", nights: "night", units: "unit", slices: "slice", cells: "cell", events: "event", attempts: "attempt", runs: "run", points: "point", lines: "line", numbers: "number", entries: "entry", times: "time", bytes: "byte", workflows: "workflow", consumers: "consumer" };

test("en: a counted noun agrees with its count ({n|one|other}), never “1 rounds”", async () => {
  const bare = new RegExp(`\\{(\\w+)\\} (${Object.keys(NOUNS).join("|")})\\b`);
  const all = [["www/i18n/en.js", shared.en], ...lessons.map(({ id }) => [`src/lessons/${id}/texts/en.json`, own[id].en])];
  // `trace.took.<unit>.other` is already the plural form of a key chosen by Intl.PluralRules.
  const bad = all.flatMap(([file, messages]) => Object.entries(messages).filter(([k, m]) => !k.endsWith(".other") && bare.test(m)).map(([k, m]) => `${file}: ${k}: ${m.match(bare)[0]}`));
  assert.deepEqual(bad, []);
  // The translator picks the form by the value the page gives it; Turkish has one form.
  const { loadTexts, translator } = await import(join(ROOT, "www", "i18n", "index.js"));
  await loadTexts("en", "leader");
  const t = translator("en", "leader");
  assert.equal(t("ui.compare.count", { count: 1 }), "1 cell differs from A.");
  assert.equal(t("ui.compare.count", { count: 12 }), "12 cells differ from A.");
  assert.equal(t("ui.trace.more", { count: 1 }), "… and 1 more event");
  assert.equal(t("trace.intervene.pause", { lane: "N2", n: 1, round: 7 }), "Pause N2 for 1 round (round 7)");
  assert.equal(t("trace.intervene.pause", { lane: "N2", n: 3, round: 7 }), "Pause N2 for 3 rounds (round 7)");
});

test("an explanation's feedback says its verdict once: the page writes Right/Wrong, the lesson's text never repeats it", () => {
  // views/why.js puts `ui.why.right` or `ui.why.wrong` before the chosen explanation's feedback
  // (`explain.<claim>.f<n>`), so a feedback that opens with a verdict reads "Doğru. Doğru: …".
  const verdicts = Object.fromEntries(LANGS.map((l) => [l, [shared[l]["ui.why.right"], shared[l]["ui.why.wrong"], ...(l === "tr" ? ["Doğru", "Yanlış", "Pek değil"] : ["Right", "Wrong", "Not quite", "Correct"])].map((v) => v.replace(/[.:!]$/, ""))]));
  const repeated = presets
    .filter((p) => p.why != null)
    .flatMap((p) => LANGS.flatMap((l) => [0, 1, 2].map((n) => [l, `explain.${p.id}.f${n}`, own[p.lesson][l][`explain.${p.id}.f${n}`]])))
    .filter(([l, , text]) => verdicts[l].some((v) => text?.toLocaleLowerCase(l).startsWith(v.toLocaleLowerCase(l))))
    .map(([l, key, text]) => `${l} ${key}: ${text.slice(0, 30)}`);
  assert.ok(presets.some((p) => p.why != null), "the core lists claims with a why-question");
  assert.deepEqual(repeated, []);
});
