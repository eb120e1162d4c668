// The WebAssembly bindings against the native CLI, for the same queries: lessonText must be the
// CLI's text byte for byte, run() the CLI's --format json report, and bad input the CLI's error.
// Needs ./build.sh build (target/pkg-node and target/release/tatbikat).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI } from "../cli.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** The CLI's arguments for a query. */
function cliArgs(query, extra = []) {
  const q = new URLSearchParams(query);
  const args = [q.get("lesson")];
  for (const [k, v] of q) {
    if (k === "lesson") continue;
    if (k === "section") args.push("--section", v);
    else args.push("--set", `${k}=${v}`);
  }
  return [...args, ...extra];
}

// A small seeded generator for the parameter sets (mulberry32).
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function queries() {
  const r = rng(20261130);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const int = (a, b) => a + Math.floor(r() * (b - a + 1));
  const prob = () => pick(["0", "1", String(Math.round(r() * 1000) / 1000)]);
  // Every lesson of the registry at its values, whole and section by section; then random ones.
  const out = core.lessons().flatMap((l) => [`lesson=${l.id}`, ...l.sections.map((s) => `lesson=${l.id}&section=${s}`)]);
  for (let i = 0; i < 20; i += 1) {
    out.push(
      new URLSearchParams({
        lesson: "supervisor",
        jobs: String(int(10, 20)),
        scan: String(int(1, 6)),
        lease: String(int(1, 5)),
        retry_limit: String(int(1, 5)),
        hung: pick(["", "S1@tarife", "S2@indirim,S9@bildirim,S10@tarife"]),
        permanent: pick(["", "S3@fatura", "S7@indirim,S2@indirim"]),
        scan_sweep: pick(["1,2,3", "5", "8,4,2,1"]),
        hang_rates: `${prob()},${prob()}`,
        permanent_rate: prob(),
        daily_workflows: String(int(1, 100000)),
      }).toString(),
      new URLSearchParams({
        lesson: "jobs",
        seed: String(int(1, 2147483646)),
        fail_prob: prob(),
        nights: String(int(1, 90)),
        interval: String(int(1, 48)),
        long_prob: prob(),
        long_hours: pick(["30-54", "10-20", "0-100"]),
        short_hours: pick(["3-7", "1-1", "0-5"]),
        retry_limits: pick(["1,3,6", "2", "1,2,3,4,5"]),
        parallelisms: pick(["1,3,5,6,12", "7", "2,4"]),
        windows: pick(["0,1,3", "5,2"]),
        missed: String(int(0, 6)),
      }).toString(),
      new URLSearchParams({
        lesson: "compensation",
        seed: String(int(0, 4294967295)),
        comp_fail: prob(),
        retries: pick(["1,2,3", "1", "4,2"]),
        runs: String(int(1, 50000)),
        steps: pick([
          "a,b:undo-b(a),c:undo-c",
          "donem-kapat,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)",
          "x:ux,y:uy,z(x/y)",
        ]),
        failure_rate: prob(),
        round_s: pick(["0.25", "1", "0.1"]),
        hang_close_h: pick(["4", "0", "2.5"]),
        round_factor: pick(["4", "0.5"]),
      }).toString(),
    );
  }
  return out;
}

test("lessonText is the CLI's text, byte for byte", () => {
  for (const q of queries()) {
    const want = execFileSync(CLI, cliArgs(q), { encoding: "utf8" });
    assert.equal(core.lessonText(q), want, q);
  }
});

test("run() is the CLI's --format json report", () => {
  for (const q of queries()) {
    const want = JSON.parse(execFileSync(CLI, cliArgs(q, ["--format", "json"]), { encoding: "utf8" }));
    const got = core.run(q);
    assert.deepEqual(got.sections, want.sections, q);
    assert.deepEqual(got.params, want.params, q);
    assert.equal(got.query, want.query, q);
  }
});

test("bad input is the CLI's error, thrown", () => {
  for (const q of [
    "lesson=jobs&seed=0",
    "lesson=jobs&retry_limits=",
    "lesson=jobs&long_hours=54-30",
    "lesson=compensation&steps=a(b),b(a)",
    "lesson=supervisor&permanent=S7@kargo",
    "lesson=supervisor&section=nope",
  ]) {
    const cli = spawnSync(CLI, cliArgs(q), { encoding: "utf8" });
    assert.equal(cli.status, 2, q);
    const message = cli.stderr.split("\n")[0].replace(/^tatbikat: /, "");
    assert.throws(() => core.run(q), (err) => err instanceof Error && err.message === message && typeof err.param === "string", q);
  }
});

test("presets(): each claim's link runs as the CLI's --preset, highlights included", () => {
  const full = core;
  const presets = full.presets();
  // The same claims as the CLI's list, in its order (one id line, then its link and highlights).
  const listed = execFileSync(CLI, ["--presets"], { encoding: "utf8" }).split("\n").filter((l) => /^\S/.test(l));
  assert.deepEqual(presets.map((p) => p.id), listed);
  for (const p of presets) {
    assert.equal(p.caption, `claim.${p.id}`);
    assert.ok(p.highlights.split(" ").length > 0);
    const args = [p.lesson, "--preset", p.id];
    const want = JSON.parse(execFileSync(CLI, [...args, "--format", "json"], { encoding: "utf8" }));
    const got = full.run(p.query);
    assert.deepEqual(got.sections, want.sections, p.id);
    assert.deepEqual(got.preset, want.preset, p.id);
    assert.equal(got.preset.highlights.length, p.highlights.split(" ").length, p.id);
    assert.equal(full.lessonText(p.query), execFileSync(CLI, args, { encoding: "utf8" }), p.id);
    const resolved = full.resolve(p.query);
    assert.equal(resolved.preset, p.id);
    assert.equal(resolved.share, p.query);
  }
  const cli = spawnSync(CLI, ["jobs", "--preset", "nope"], { encoding: "utf8" });
  assert.equal(cli.status, 2);
  const message = cli.stderr.split("\n")[0].replace(/^tatbikat: /, "");
  assert.throws(() => full.run("lesson=jobs&preset=nope"), (err) => err.message === message && err.param === "preset" && err.code === "unknown_preset");
  assert.equal(full.resolve("lesson=jobs&preset=nope").errors[0].value, "nope");
});
