// `npm test`: every node and browser suite (tests/node/*.test.mjs, tests/browser/*.test.mjs)
// under node's own runner, TEST_CONCURRENCY files at a time (default 2), the heaviest first.
// `node --test` sorts the files it is given by path, so the longest browser suite could start
// last and run alone on one core at the end; node:test's run() keeps the order given. ONLY=regex
// runs only the tests whose names match (a suite's name counts too), the rest listed as skipped.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const TESTS = dirname(fileURLToPath(import.meta.url));

/** Seconds each heavy suite took in `npm test` (two at a time, printed at the end of a run; the
 * a11y halves are one line there, browser/a11y.mjs): the order only, so no long file starts
 * last and runs alone. reference's node suite runs scripts in child processes, as long as a
 * browser suite; script-runner's (25 s) stays at the end, beside the last short files: its
 * runner must start within 300 ms, which two runs beside a browser suite under a load of 13-20
 * missed. */
const WEIGHT = {
  "browser/hostile.test.mjs": 100,
  "browser/a11y-2.test.mjs": 70,
  "browser/a11y.test.mjs": 70,
  "browser/language.test.mjs": 45,
  "browser/offline.test.mjs": 40,
  "browser/scorm.test.mjs": 32,
  "browser/pool.test.mjs": 30,
  "browser/embed.test.mjs": 29,
  "node/reference.test.mjs": 28,
  "browser/script-lesson.test.mjs": 27,
  "browser/predict.test.mjs": 27,
  "browser/page-trace.test.mjs": 26,
  "browser/numbers.test.mjs": 25,
  "browser/present.test.mjs": 25,
  "browser/charts.test.mjs": 24,
  "browser/page.test.mjs": 23,
  "browser/csp.test.mjs": 22,
  "browser/progress.test.mjs": 22,
};

/** A suite not listed: a browser suite is heavier than any node test. */
const weight = (file) => WEIGHT[file] ?? (file.startsWith("browser/") ? 20 : 1);

const files = ["node", "browser"]
  .flatMap((dir) => readdirSync(join(TESTS, dir)).filter((f) => f.endsWith(".test.mjs")).map((f) => `${dir}/${f}`))
  .sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
const concurrency = Number(process.env.TEST_CONCURRENCY || 2);
console.log(`tests/run.mjs: ${files.length} files, ${concurrency} at a time, heaviest first: ${files.slice(0, 4).join(", ")}, …`);

const stream = run({
  files: files.map((f) => join(TESTS, f)),
  concurrency,
  ...(process.env.ONLY ? { testNamePatterns: [process.env.ONLY] } : {}),
});
stream.on("test:fail", () => (process.exitCode = 1));
// Each file's seconds (the sum of its top-level tests and suites, which run one after another),
// printed after the report: the figures WEIGHT and docs/testing.md are kept from.
const seconds = new Map();
for (const event of ["test:pass", "test:fail"]) {
  stream.on(event, (data) => {
    if (data.nesting !== 0 || !data.file) return;
    const file = data.file.slice(TESTS.length + 1);
    seconds.set(file, (seconds.get(file) ?? 0) + data.details.duration_ms / 1000);
  });
}
const report = stream.compose(spec);
report.pipe(process.stdout, { end: false });
report.on("end", () => {
  const rows = [...seconds].sort((a, b) => b[1] - a[1]);
  console.log(`seconds per test file (${concurrency} at a time), the longest first:`);
  for (const [file, s] of rows) if (s >= 1) console.log(`  ${s.toFixed(0).padStart(5)}  ${file}`);
});
