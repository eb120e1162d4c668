// The page's WebAssembly module within its budget (issue 9): 150 KB gzip -9. Sizes are exact, so
// this is a test; the time budgets are figures of ./build.sh bench. Needs ./build.sh build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const KB = 1024;

test("the WebAssembly module is at most 150 KB gzipped (figure printed)", (t) => {
  const bytes = gzipSync(readFileSync(join(ROOT, "www", "pkg", "tatbikat_bg.wasm")), { level: 9 }).length;
  t.diagnostic(`WebAssembly module: ${(bytes / KB).toFixed(1)} KB gzip -9 (${bytes} bytes), budget 150 KB`);
  assert.ok(bytes <= 150 * KB, `${bytes} bytes`);
});
