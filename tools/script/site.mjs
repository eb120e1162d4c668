// The site's script lessons (issue 34), for the build's tools (texts.mjs, prerender.mjs) and the
// tests: each folder of lessons/ with a lesson.json, its scripts' defaults (VARSAYILAN), the core
// told of it (the node package's loadScript), its page texts worked out from its manifest and
// from the core's report at its values, and its files copied into the site (www/lessons/<id>/,
// where the page's script worker loads them: www/script/worker-run.js).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readDefaults } from "./defaults.mjs";
import { Runner } from "./runner.mjs";

export const ROOT = join(import.meta.dirname, "..", "..");
/** The folder of script lesson folders: TATBIKAT_LESSONS, else the checkout's lessons/ (as the CLI's). */
export const LESSONS = process.env.TATBIKAT_LESSONS ?? join(ROOT, "lessons");

/** Each script lesson folder: {id, dir, manifest (its text), parsed}. In the folders' name order. */
export function scriptLessons(root = LESSONS) {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, "lesson.json")))
    .map((d) => d.name)
    .sort()
    .map((id) => {
      const dir = join(root, id);
      const manifest = readFileSync(join(dir, "lesson.json"), "utf8");
      let parsed;
      try {
        parsed = JSON.parse(manifest);
      } catch (err) {
        throw new Error(`${id}/lesson.json: ${err.message}`);
      }
      if (parsed.id !== id) throw new Error(`${id}/lesson.json: its "id" is ${JSON.stringify(parsed.id)}; a lesson's id is its folder's name (${id})`);
      return { id, dir, manifest, parsed };
    });
}

/** The lesson's defaults (its `defaults` script's VARSAYILAN), as the CLI reads them (defaults.mjs). */
export async function defaultsOf({ id, dir, parsed }) {
  try {
    return await readDefaults(dir, parsed.defaults ?? "");
  } catch (err) {
    throw new Error(`${id}/${err.message}`);
  }
}

/** Loads every script lesson into `core` (the node package) and tells it their ids; the lessons. */
export async function loadAll(core, root = LESSONS) {
  const all = scriptLessons(root);
  for (const l of all) {
    l.defaults = await defaultsOf(l);
    // The manifest read by the core against the defaults: what the page's script module reads.
    l.declared = core.declareScript(l.manifest, JSON.stringify(l.defaults));
    core.loadScript(l.declared);
  }
  core.knowScripts(all.map((l) => l.id));
  return all;
}

/** Provides `core` the texts an operation on `query` needs (scriptNeeds: the run, its vs= run and
 * the sweep points `from..to`), each run by `runner` (a tools/script/runner.mjs Runner) from the
 * lesson folder `dir`. */
export async function provide(core, runner, dir, query, from = 0, to = 0) {
  const needs = core.scriptNeeds(query, from, to);
  const texts = [];
  for (const n of needs) {
    const { text } = await runner.run({ dir, section: n.script, params: n.params === null || n.params === undefined ? undefined : JSON.parse(n.params) });
    texts.push({ ...n, text });
  }
  for (const t of texts) core.provideText(t.lesson, t.script, t.params ?? null, t.text);
}

/** The page's texts of a script lesson in each language, from its manifest and its report at its
 * values (`doc`: the core's run of `lesson=<id>`, whose keys the page asks for). */
export function textsOf(parsed, doc) {
  const { id } = parsed;
  const out = { tr: {}, en: {} };
  const put = (key, words) => {
    out.tr[key] = words.tr;
    out.en[key] = words.en;
  };
  put(`lesson.${id}`, parsed.title);
  put(`intro.${id}`, parsed.intro);
  if (parsed.preview) put(`preview.${id}`, parsed.note ?? { tr: "Önizleme: kursun sıradaki derslerinden birinin modeli; metni henüz yazılmadı.", en: "Preview: the model of one of the course's coming lessons; its text is not written yet." });
  for (const s of parsed.sections) {
    put(`ui.section.${s.id}`, s.title);
    for (const g of s.groups ?? []) put(`group.${id}.${g.key}`, g);
  }
  for (const p of parsed.params) {
    put(`param.${id}.${p.name}`, p.label);
    put(`help.${id}.${p.name}`, p.help);
    for (const o of p.options ?? []) put(`choice.${id}.${p.name}.${o}`, { tr: o, en: o });
  }
  // Column headers: the script's (Turkish) and the manifest's English, under the core's keys.
  const columns = parsed.columns ?? {};
  for (const section of doc.sections)
    for (const g of section.groups)
      for (const b of g.blocks) {
        if (b.type !== "table") continue;
        // A table's name (a sweep's metric, an embed's figure) is its group's title.
        const titled = parsed.sections.flatMap((s) => s.groups ?? []).find((x) => x.key === g.key);
        if (titled) put(`table.${id}.${b.key}`, titled);
        for (const c of b.columns) {
          const label = c.label.trim();
          if (columns[label]) put(`col.${id}.${c.key}`, { tr: label, en: columns[label].en });
        }
      }
  for (const c of parsed.claims ?? []) {
    const pid = `${id}.${c.id}`;
    put(`claim.${pid}`, c.caption);
    if (c.predict) put(`predict.${pid}`, c.predict);
    if (c.why) {
      put(`explain.${pid}`, c.why.question);
      c.why.choices.forEach((choice, n) => {
        put(`explain.${pid}.c${n}`, choice);
        put(`explain.${pid}.f${n}`, choice.feedback);
      });
    }
  }
  for (const c of parsed.challenges ?? []) {
    const cid = `${id}.${c.id}`;
    put(`challenge.${cid}`, c.goal);
    (c.hints ?? []).forEach((h, n) => put(`challenge.${cid}.hint${n + 1}`, h));
  }
  return out;
}

/** Copies the lesson's scripts into `out` (www/lessons/<id>/), with its declaration (lesson.txt:
 * its manifest as the core read it against its defaults, which the page's script module reads). */
export function copyLesson({ dir, declared }, out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(dir)) if (/\.m?js$/.test(f)) copyFileSync(join(dir, f), join(out, f));
  writeFileSync(join(out, "lesson.txt"), declared);
}

/** A runner for the build's tools: one worker thread for many runs. */
export const runner = () => new Runner();
