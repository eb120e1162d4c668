// Two script lessons whose scripts have the same names (akis.mjs, olc.mjs: the names the docs
// suggest) keep apart in one core, as the build's tools (texts.mjs, prerender.mjs) load every
// script lesson into one: each lesson's text is its own script's. Before, the texts the core was
// given were keyed by the script's name alone, and the second lesson's page showed the first's
// tables (found by a course author trying docs/adding-a-lesson.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAll, provide, runner } from "../../tools/script/site.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

test("two script lessons with the same script names each print their own script's text", async () => {
  const root = mkdtempSync(join(tmpdir(), "tatbikat-two-lessons-"));
  try {
    // Two copies of the replica lesson whose defaults differ (3 and 5 replicas).
    for (const [id, replicas] of [["aa_one", 3], ["aa_two", 5]]) {
      const dir = join(root, id);
      cpSync(join(ROOT, "lessons", "replica"), dir, { recursive: true });
      const manifest = JSON.parse(readFileSync(join(dir, "lesson.json"), "utf8"));
      writeFileSync(join(dir, "lesson.json"), JSON.stringify({ ...manifest, id, claims: [], challenges: [] }));
      const akis = join(dir, "akis.mjs");
      writeFileSync(akis, readFileSync(akis, "utf8").replace(/replicas: 3,/, `replicas: ${replicas},`));
    }
    const lessons = await loadAll(core, root);
    assert.deepEqual(lessons.map((l) => l.id), ["aa_one", "aa_two"]);
    const run = runner();
    try {
      for (const l of lessons) await provide(core, run, l.dir, `lesson=${l.id}`);
    } finally {
      await run.close();
    }
    for (const l of lessons) {
      const own = execFileSync("node", [join(l.dir, "olc.mjs")], { encoding: "utf8" });
      assert.ok(core.lessonText(`lesson=${l.id}`).includes(own.split("\n")[0]), `${l.id}: its own script's first line`);
    }
    assert.notEqual(core.lessonText("lesson=aa_one"), core.lessonText("lesson=aa_two"));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
