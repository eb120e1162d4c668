// A script lesson in the benchmark (issue 34): what its author writes (the scripts' and the
// manifest's lines), the script tier's WebAssembly module (the core without lesson models), and
// a 441-point heatmap of the replica lesson, natively (the CLI, node running the author's script)
// with one thread and with every core, and in chromium through the page's engine with one worker
// and with the pool — alternating rounds, best of 3 after a warm-up round, each pair checked to
// give the same bytes. Prints figures; asserts nothing but the pairs' bytes.
// Needs ./build.sh build. Usage: node tests/bench/script.mjs (suite.mjs runs it too).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, browser, rendered, serve, stopServers } from "../browser/lib.mjs";

const LESSON = "replica";
const METRIC = "kinds.kopya_kumesi";
// Each round sweeps seeds of its own: the page's core keeps the texts a script printed (a
// repeated sweep would time nothing but the core), and the CLI is given the same points.
const seeds = (round) => `${round * 21 + 1}..${round * 21 + 21}`;
const cliSweep = (round) => [LESSON, "--sweep", "reconcile_every=1..21", "--sweep", `seed=${seeds(round)}`, "--metric", METRIC];
const pageSweep = (round) => `lesson=${LESSON}&sweep=reconcile_every:1..21&sweep_y=seed:${seeds(round)}&metric=${METRIC}`;

const lines = (file) => readFileSync(file, "utf8").split("\n").filter((l, i, all) => i < all.length - 1 || l !== "").length;

/** Lines an author writes for the lesson: its scripts and its manifest. */
export function authorLines(id = LESSON) {
  const dir = join(ROOT, "lessons", id);
  const scripts = readdirSync(dir).filter((f) => /\.m?js$/.test(f)).sort();
  const script = scripts.reduce((n, f) => n + lines(join(dir, f)), 0);
  return { id, scripts, script, manifest: lines(join(dir, "lesson.json")) };
}

/** The script tier's module, gzip -9 bytes. */
export const scriptModule = () => gzipSync(readFileSync(join(ROOT, "www", "pkg", "script.wasm")), { level: 9 }).length;

/** One sweep `query` through the page's engine (on page `p`) with `size` workers: {ms, doc}. */
export function sweepInPage(p, query, size) {
  return p.evaluate(
    async ({ query, size }) => {
      const { engine } = await import(new URL("./start.js", location.href));
      window.__tatbikatPoolSize = size;
      const start = performance.now();
      const doc = JSON.stringify(await engine.call("sweep", [query]));
      const ms = performance.now() - start;
      delete window.__tatbikatPoolSize;
      return { ms, doc };
    },
    { query, size },
  );
}

/** The heatmap's times (ms, best of 3) by threads natively and by workers in chromium. */
export async function scriptSweep({ url, b }) {
  const cores = Number(execFileSync("nproc", { encoding: "utf8" }).trim());
  const native = { 1: Infinity, [cores]: Infinity };
  const out = {};
  const c = await b.newContext();
  const p = await c.newPage();
  await p.goto(`${url}?lesson=${LESSON}`);
  await rendered(p);
  const workers = await p.evaluate(() => Math.min(navigator.hardwareConcurrency || 1, 8));
  const inPage = { 1: Infinity, [workers]: Infinity };
  const doc = {};
  for (let round = 0; round < 4; round += 1) {
    for (const jobs of [1, cores]) {
      const start = performance.now();
      out[jobs] = execFileSync(join(ROOT, "target", "release", "tatbikat"), [...cliSweep(round), "--jobs", String(jobs)], { encoding: "utf8", maxBuffer: 1 << 26 });
      if (round > 0) native[jobs] = Math.min(native[jobs], performance.now() - start);
    }
    for (const size of [1, workers]) {
      // The pool's workers and the page's own worker hold separate cores: neither has these.
      const r = await sweepInPage(p, pageSweep(round), size);
      doc[size] = r.doc;
      if (round > 0) inPage[size] = Math.min(inPage[size], r.ms);
    }
    // Each round's pairs, from the same points.
    if (out[1] !== out[cores]) throw new Error("the script lesson's threaded sweep printed other bytes than the serial one");
    if (doc[1] !== doc[workers]) throw new Error("the script lesson's pool sweep gave another document than one worker's");
  }
  await c.close();
  return { cores, workers, native, inPage };
}

/** The rows this module adds to the bench's table: [label, value]. */
export function scriptRows(lines, module, sweep) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    [`a script lesson (${lines.id}): lines its author writes, scripts (${lines.scripts.join(", ")})`, String(lines.script)],
    ["  and its manifest (lesson.json), both languages", String(lines.manifest)],
    ["the script tier's WebAssembly module (pkg/script.wasm), gzip -9", `${(module / 1024).toFixed(1)} KB`],
    [`441-point ${lines.id} heatmap natively (node runs the script), --jobs 1`, s(sweep.native[1])],
    [`  with --jobs ${sweep.cores} (every core; same bytes)`, s(sweep.native[sweep.cores])],
    [`  speed-up on ${sweep.cores} cores`, `${(sweep.native[1] / sweep.native[sweep.cores]).toFixed(2)}×`],
    [`441-point ${lines.id} heatmap in chromium, one worker`, s(sweep.inPage[1])],
    [`  with the pool (${sweep.workers} workers; same document)`, s(sweep.inPage[sweep.workers])],
    [`  speed-up on ${sweep.cores} cores`, `${(sweep.inPage[1] / sweep.inPage[sweep.workers]).toFixed(2)}×`],
  ];
}

/** The issue's goals against this run's figures: [what, value, limit, unit, kind]. */
export function scriptBudgets(lines, sweep) {
  return [
    [`${lines.id}: manifest lines / script lines`, lines.manifest / lines.script, 1.5, "×", "max"],
    [`${lines.id} heatmap speed-up, native, ${sweep.cores} cores`, sweep.native[1] / sweep.native[sweep.cores], 1.6, "×", "min"],
    [`${lines.id} heatmap speed-up, chromium pool, ${sweep.workers} workers`, sweep.inPage[1] / sweep.inPage[sweep.workers], 1.6, "×", "min"],
  ];
}

// Run as a script: these figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  const b = await browser();
  let sweep;
  try {
    sweep = await scriptSweep({ url: server.url, b });
  } finally {
    await b.close();
    await stopServers();
  }
  const lines = authorLines();
  for (const [what, value] of scriptRows(lines, scriptModule(), sweep)) console.log(`${what.padEnd(72)}${value.padStart(10)}`);
  console.log("\nbudgets");
  for (const [what, value, limit, unit, kind] of scriptBudgets(lines, sweep)) {
    const ok = kind === "max" ? value <= limit : value >= limit;
    console.log(`  ${what.padEnd(62)}${`${value.toFixed(2)} ${unit}`.padStart(11)}  ${kind === "max" ? "≤" : "≥"} ${limit} ${unit}  ${ok ? "ok" : kind === "max" ? "over" : "under"}`);
  }
}
