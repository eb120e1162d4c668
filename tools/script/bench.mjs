#!/usr/bin/env node
// What a run of a lesson script costs in node, four ways, for choosing how a sweep runs them:
// a child process of the script itself (the reference), a child process of the CLI
// (tools/script/run.mjs), a worker thread per run, and one worker thread for every run (Runner,
// a fresh section module per run). Prints runs per second and the thread's heap after the runs.
// Usage: node tools/script/bench.mjs [<lesson dir> <section>] (default: the quotas preview in
// ../shared/next-lessons, as the tests find it).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { Runner } from "./runner.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const [dir = join(process.env.TATBIKAT_SHARED ?? join(ROOT, "..", "shared"), "next-lessons", "quotas"), section = "olc.mjs"] = process.argv.slice(2);
/** The i-th parameter set: the quotas preview's seed and capacity moved (other scripts ignore them). */
const params = (i) => ({ seed: 1000 + i, capacity: 6 + (i % 12) });

async function measure(name, n, once) {
  const start = process.hrtime.bigint();
  let last;
  for (let i = 0; i < n; i++) last = await once(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${name.padEnd(34)} ${String(n).padStart(4)} runs ${seconds.toFixed(2).padStart(6)} s ${(n / seconds).toFixed(1).padStart(7)} runs/s${last?.heap ? `, heap ${(last.heap / 2 ** 20).toFixed(1)} MB` : ""}`);
}

await measure("child process: node <script> <json>", 30, (i) => execFileSync(process.execPath, [join(dir, section), JSON.stringify(params(i))]));
await measure("child process: run.mjs (CLI)", 30, (i) => execFileSync(process.execPath, [join(import.meta.dirname, "run.mjs"), dir, section, JSON.stringify(params(i))]));
const fresh = new Runner({ recycleAfter: 1 });
await measure("worker thread per run", 60, (i) => fresh.run({ dir, section, params: params(i) }));
await fresh.close();
const shared = new Runner({ recycleAfter: Infinity });
await shared.run({ dir, section, params: params(0) }); // its start, not counted
for (const n of [100, 341]) await measure(`one worker thread (${n} more runs)`, n, (i) => shared.run({ dir, section, params: params(i) }));
await shared.close();
