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

/** Lesson `id`'s page module, instantiated through its own copy of the page's glue. */
async function pageModule(id) {
  const glue = pathToFileURL(join(ROOT, "www", "pkg", "tatbikat.js"));
  glue.search = `?lesson=${id}`; // a fresh instance of the glue for each module
  const m = await import(glue.href);
  m.initSync({ module: readFileSync(join(ROOT, "www", "pkg", `${id}.wasm`)) });
  return m;
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
    const queries = [];
    const cases = [[], ...(SETS[lesson.id] ?? [])];
    for (const c of cases) {
      for (const section of [null, ...lesson.sections]) {
        const q = new URLSearchParams({ lesson: lesson.id });
        if (section) q.set("section", section);
        for (const kv of c) q.set(kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1));
        queries.push(q.toString());
      }
    }
    for (const query of queries) assert.equal(m.lessonText(query), cliText(query), query);
    // The other lessons' links: the module names the lesson whose module answers them.
    for (const other of LESSONS.filter((l) => l.id !== lesson.id)) {
      assert.deepEqual(m.resolve(`lesson=${other.id}&seed=1`), { elsewhere: other.id });
    }
    assert.equal(m.resolve(`lesson=${lesson.id}`).lesson, lesson.id);
    console.log(`${lesson.id}: ${queries.length} texts equal to the CLI's`);
  });
}
