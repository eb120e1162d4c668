// The page's WebAssembly within its budget (issue 9): 150 KB gzip -9 for the module a visit loads.
// Each lesson has its own module (build.sh), so every one of them is held to it. Sizes are exact,
// so this is a test; the time budgets are figures of ./build.sh bench. Needs ./build.sh build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const KB = 1024;
const lessons = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js")).lessons();

test("every lesson's WebAssembly module is at most 150 KB gzipped (figures printed)", (t) => {
  assert.ok(lessons.length > 0);
  for (const { id } of lessons) {
    const bytes = gzipSync(readFileSync(join(ROOT, "www", "pkg", `${id}.wasm`)), { level: 9 }).length;
    t.diagnostic(`WebAssembly module of ${id}: ${(bytes / KB).toFixed(1)} KB gzip -9 (${bytes} bytes), budget 150 KB`);
    assert.ok(bytes <= 150 * KB, `${id}: ${bytes} bytes`);
  }
});
