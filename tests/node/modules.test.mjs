// The page's own WebAssembly, one module per lesson (www/pkg/<id>.wasm, see build.sh), loaded in
// node through the page's glue: each gives the CLI's text byte for byte for its lesson, in every
// section, at the lesson's values and (for the previews) at every parameter set the reference
// scripts are checked at (tests/next-lessons.json); and it sends a link of another lesson on.
// Needs ./build.sh build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CLI } from "../cli.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LESSONS = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js")).lessons();
const SETS = JSON.parse(readFileSync(join(ROOT, "tests", "next-lessons.json"), "utf8"));

/** Lesson `id`'s page module (`file`: pkg/<file>.wasm), instantiated through its own copy of the
 * page's glue. */
async function pageModule(id, file = id) {
  const glue = pathToFileURL(join(ROOT, "www", "pkg", "tatbikat.js"));
  glue.search = `?module=${file}`; // a fresh instance of the glue for each module
  const m = await import(glue.href);
  m.initSync({ module: readFileSync(join(ROOT, "www", "pkg", `${file}.wasm`)) });
  return m;
}

/** The queries whose texts a module is checked on: the lesson's defaults and each parameter set
 * of tests/next-lessons.json, each whole and section by section. */
function textQueries(lesson) {
  const queries = [];
  for (const c of [[], ...(SETS[lesson.id] ?? [])]) {
    for (const section of [null, ...lesson.sections]) {
      const q = new URLSearchParams({ lesson: lesson.id });
      if (section) q.set("section", section);
      for (const kv of c) q.set(kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1));
      queries.push(q.toString());
    }
  }
  return queries;
}

/** The CLI's text for a query (`lesson=...&section=...&name=value...`). */
function cliText(query) {
  const q = new URLSearchParams(query);
  const args = [q.get("lesson")];
  for (const [k, v] of q) {
    if (k === "section") args.push("--section", v);
    else if (k !== "lesson") args.push("--set", `${k}=${v}`);
  }
  return execFileSync(CLI, args, { encoding: "utf8" });
}

for (const lesson of LESSONS) {
  test(`${lesson.id}: its page module prints the CLI's text, holds its lesson only and sends other links on`, async () => {
    const m = await pageModule(lesson.id);
    assert.deepEqual(m.lessons().map((l) => l.id), [lesson.id], "the module holds its lesson");
    const queries = textQueries(lesson);
    for (const query of queries) assert.equal(m.lessonText(query), cliText(query), query);
    // The other lessons' links: the module names the lesson whose module answers them.
    for (const other of LESSONS.filter((l) => l.id !== lesson.id)) {
      assert.deepEqual(m.resolve(`lesson=${other.id}&seed=1`), { elsewhere: other.id });
    }
    assert.equal(m.resolve(`lesson=${lesson.id}`).lesson, lesson.id);
    console.log(`${lesson.id}: ${queries.length} texts equal to the CLI's`);
  });
}

// A lesson's speed module (pkg/speed/<id>.wasm: the same crate at opt-level 3, for the pool's
// workers) computes what its page module computes, byte for byte: the texts above, a sweep's
// parts and every search's.
for (const lesson of LESSONS) {
  test(`${lesson.id}: its speed module answers as its page module does`, async () => {
    const page = await pageModule(lesson.id);
    const speed = await pageModule(lesson.id, `speed/${lesson.id}`);
    assert.deepEqual(speed.lessons().map((l) => l.id), [lesson.id]);
    const queries = textQueries(lesson);
    for (const q of queries) assert.equal(speed.lessonText(q), page.lessonText(q), q);
    const texts = queries.length;
    const { properties } = page.findOptions(lesson.id);
    for (const property of properties) {
      const query = `lesson=${lesson.id}&find=${property}`;
      const plan = page.findPlan(query, 4);
      assert.deepEqual(speed.findPlan(query, 4), plan, query);
      for (const [from, to] of plan.parts) assert.deepEqual([...speed.findPart(query, from, to)], [...page.findPart(query, from, to)], `${query} ${from}..${to}`);
    }
    // The sweep the form suggests first (its first axis): its parts' bytes.
    const [axis] = page.sweepOptions(`lesson=${lesson.id}`).axes;
    const sweep = `lesson=${lesson.id}&sweep=${axis.name}:${axis.from}..${axis.to}:${axis.steps}`;
    const { parts } = page.sweepPlan(sweep, 3);
    assert.equal(parts.length, 3, sweep);
    for (const [from, to] of parts) assert.deepEqual(speed.sweepPart(sweep, from, to), page.sweepPart(sweep, from, to), `${sweep} ${from}..${to}`);
    console.log(`${lesson.id}: ${texts} texts and ${properties.length} searches equal in its speed module`);
  });
}
