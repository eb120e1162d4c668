// The benchmark's workload (the compensation Monte Carlo: the core's benchWorkload link) in
// WebAssembly under node, run through `run` as the page runs a link: runs per second, best of 5.
// Needs ./build.sh build (target/pkg-node). Prints a figure; asserts nothing.
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const runs = Number(process.argv[2] ?? 10_000_000);
for (const attempts of [1, 2, 3]) {
  const workload = core.benchWorkload(runs, attempts);
  let best = Infinity;
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    core.run(workload);
    best = Math.min(best, (performance.now() - start) / 1000);
  }
  const what = `WASM in node, ${attempts} attempt(s)`;
  console.log(`${what.padEnd(44)}${best.toFixed(4).padStart(12)}${(runs / best).toFixed(0).padStart(16)}`);
}
