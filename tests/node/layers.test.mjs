// The page's layers (.dependency-cruiser.cjs), checked by dependency-cruiser: www/ keeps them, and
// each rule fails on a probe — a copy of www/ where the state imports a control, a renderer a
// control, a view the shell, a script realm the page, a lesson folder another, and two modules
// each other — so a rule that could not fail is not trusted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cruise } from "dependency-cruiser";
import { ROOT } from "./page.mjs";

const config = createRequire(import.meta.url)(join(ROOT, ".dependency-cruiser.cjs"));

/** The rules' violations in the www/ under `base`: ["rule: from → to"], sorted. */
async function violations(base) {
  const { output } = await cruise(["www"], { ...config.options, baseDir: base, validate: true, ruleSet: { forbidden: config.forbidden } });
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

test("www/ keeps the page's layers: no rule of .dependency-cruiser.cjs is broken", async () => {
  assert.deepEqual(await violations(ROOT), []);
});

test("each layer rule fails on a probe that breaks it", async () => {
  const base = mkdtempSync(join(tmpdir(), "tatbikat-layers-"));
  try {
    cpSync(join(ROOT, "www"), join(base, "www"), { recursive: true, filter: (src) => !/\/www\/(min|disk|pkg)$/.test(src) });
    const add = (file, line) => {
      const path = join(base, "www", file);
      writeFileSync(path, `${line}\n${readFileSync(path, "utf8")}`);
    };
    add("state/link.js", 'import "../controls/panel.js";');
    add("render/table.js", 'import "../controls/rows.js";');
    add("views/why.js", 'import "../app.js";');
    add("script/host.js", 'import "../dom.js";');
    add("pool.js", 'import "./engine.js";');
    mkdirSync(join(base, "www", "lessons", "probe"));
    writeFileSync(join(base, "www", "lessons", "probe", "other.mjs"), "export const x = 1;\n");
    add("lessons/replica/olc.mjs", 'import "../probe/other.mjs";');
    const found = await violations(base);
    for (const expected of [
      "state-imports-down: www/state/link.js → www/controls/panel.js",
      "render-imports-down: www/render/table.js → www/controls/rows.js",
      "views-imports-down: www/views/why.js → www/app.js",
      "script-realm-apart: www/script/host.js → www/dom.js",
      "lesson-folder-apart: www/lessons/replica/olc.mjs → www/lessons/probe/other.mjs",
    ])
      assert.ok(found.includes(expected), `${expected}\nnot among:\n${found.join("\n")}`);
    // The cycle is told from whichever of its modules the cruise meets first.
    assert.ok(found.some((v) => /^no-circular: www\/(pool|engine)\.js → www\/(engine|pool)\.js$/.test(v)), found.join("\n"));
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
