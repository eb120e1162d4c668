// `./build.sh new-lesson ID` (tools/new-lesson.mjs, --scaffold-only: without building the CLI
// and the goldens) on a copy of the checkout's registry and templates: it adds one line to the
// registry, after the last lesson, the lesson's folder and its page module's package; it refuses
// an id the registry has. (The whole path, new-lesson and then every test, is run by hand
// on a fresh clone; docs/adding-a-lesson.md.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("new-lesson adds one registry line and the folder, and refuses a lesson that exists", () => {
  const dir = mkdtempSync(join(tmpdir(), "tatbikat-scaffold-"));
  try {
    for (const part of ["tools/new-lesson.mjs", "tools/lesson-template", "tools/page-package.toml", "src/lessons/mod.rs"]) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
    const before = readFileSync(join(dir, "src/lessons/mod.rs"), "utf8");
    const run = (id) => spawnSync("node", [join(dir, "tools/new-lesson.mjs"), "--scaffold-only", id], { encoding: "utf8" });
    const made = run("demo_lesson");
    assert.equal(made.status, 0, made.stderr);
    const after = readFileSync(join(dir, "src/lessons/mod.rs"), "utf8");
    const added = after.split("\n").filter((l) => !before.split("\n").includes(l));
    assert.deepEqual(added, ["    demo_lesson,"], "one line in the registry");
    assert.match(after, /crate::registry! \{[^}]*\n {4}demo_lesson,\n\}/, "after the last lesson");
    assert.ok(readFileSync(join(dir, "src/lessons/demo_lesson/mod.rs"), "utf8").includes("DemoLesson"));
    assert.ok(existsSync(join(dir, "src/lessons/demo_lesson/texts/tr.json")));
    assert.match(readFileSync(join(dir, "pages/demo_lesson/Cargo.toml"), "utf8"), /^name = "page-demo_lesson"$/m);
    const again = run("jobs");
    assert.equal(again.status, 2);
    assert.match(again.stderr, /jobs/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
