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
 * browser suite. script-runner's node suite (28 s) starts after every browser suite has started
 * and before the other node suites, which then run beside it, so the two lanes end together (at
 * the very end it ran alone for its whole length): its runner must start within 300 ms, which
 * two runs beside a browser suite under a load of 13-20 missed. */
const WEIGHT = {
  "browser/hostile.test.mjs": 68,
  "browser/a11y-2.test.mjs": 52,
  "browser/a11y.test.mjs": 52,
  "browser/language.test.mjs": 34,
  "browser/budget.test.mjs": 29,
  "browser/page.test.mjs": 29,
  "browser/present.test.mjs": 28,
  "browser/firstview.test.mjs": 27,
  "browser/offline.test.mjs": 27,
  "browser/csp.test.mjs": 25,
  "browser/page-trace.test.mjs": 24,
  "browser/progress.test.mjs": 23,
  "browser/scorm.test.mjs": 21,
  "browser/charts.test.mjs": 20,
  "browser/origins.test.mjs": 20,
  "browser/numbers.test.mjs": 19,
  "browser/pool.test.mjs": 19,
  "browser/export.test.mjs": 17,
  "browser/embed.test.mjs": 16,
  "browser/predict.test.mjs": 16,
  "browser/journeys.test.mjs": 15,
  "browser/spoiler.test.mjs": 15,
  "browser/page-embed.test.mjs": 14,
  "browser/script-lesson.test.mjs": 14,
  "browser/compare.test.mjs": 12,
  "node/reference.test.mjs": 12,
  "browser/timeline-marks.test.mjs": 11,
  "browser/timeline-traps.test.mjs": 11,
  "browser/timeline-zoom.test.mjs": 10,
  "browser/page-sweep.test.mjs": 8,
  "browser/script-runner.test.mjs": 6,
  "browser/sweep-flat.test.mjs": 6,
  "browser/state.test.mjs": 5,
  "browser/learn.test.mjs": 3,
  // Not seconds: after every browser suite and before the other node suites (see above).
  "node/script-runner.test.mjs": 2,
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
