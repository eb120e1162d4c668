// The WebAssembly module's traces, sweeps and real-systems extensions against the native CLI, for
// the same requests: the trace and sweep documents must be equal to the CLI's JSON.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI } from "../cli.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);
const core = require(join(ROOT, "target", "pkg-node", "tatbikat.js"));
const cli = (args) => JSON.parse(execFileSync(CLI, [...args, "--format", "json"], { encoding: "utf8" }));

test("traces equal the CLI's --trace", () => {
  const cases = [
    ["lesson=supervisor&trace=", ["supervisor", "--trace"]],
    ["lesson=supervisor&scan=3&trace=off", ["supervisor", "--set", "scan=3", "--trace=off"]],
    ["lesson=supervisor&fault_mode=random&idempotent=0&trace=scan:4", ["supervisor", "--set", "fault_mode=random", "--set", "idempotent=0", "--trace=scan:4"]],
    ["lesson=jobs&replace_policy=1&trace=limit:6", ["jobs", "--set", "replace_policy=1", "--trace=limit:6"]],
    ["lesson=compensation&comp_fail=0.3&trace=attempts:2,run:7", ["compensation", "--set", "comp_fail=0.3", "--trace=attempts:2,run:7"]],
  ];
  for (const [query, args] of cases) assert.deepEqual(core.trace(query), cli(args), query);
});

test("sweeps equal the CLI's --sweep", () => {
  const cases = [
    ["lesson=supervisor&sweep=lease:1..4", ["supervisor", "--sweep", "lease=1..4"]],
    [
      "lesson=supervisor&sweep=scan:1..3&sweep_y=lease:1..3&metric=recovery.supervisor_on@worst_recovery",
      ["supervisor", "--sweep", "scan=1..3", "--sweep", "lease=1..3", "--metric", "recovery.supervisor_on@worst_recovery"],
    ],
    ["lesson=jobs&nights=20&sweep=fail_prob:0..1:5&metric=overlap.skipped", ["jobs", "--set", "nights=20", "--sweep", "fail_prob=0..1:5", "--metric", "overlap.skipped"]],
    ["lesson=compensation&runs=2000&sweep=comp_fail:0,0.1,0.2", ["compensation", "--set", "runs=2000", "--sweep", "comp_fail=0,0.1,0.2"]],
  ];
  for (const [query, args] of cases) {
    const shares = [];
    const doc = core.sweep(query, (s) => shares.push(s));
    assert.deepEqual(doc, cli(args), query);
    assert.ok(shares.length > 0 && shares.every((s, i) => s >= 0 && s <= 1 && (i === 0 || s >= shares[i - 1])), "progress rises from 0 to 1");
  }
});

test("a bad sweep or trace names the key, the value and what is allowed", () => {
  for (const [query, param, says] of [
    ["lesson=supervisor&sweep=steps:1..3", "sweep", /numeric parameter of supervisor/],
    ["lesson=jobs&sweep=nights:1..1000", "sweep", /1000 values; at most 200/],
    ["lesson=compensation&sweep=comp_fail:0..1:3&metric=nope", "metric", /monte_carlo\.rate/],
    ["lesson=supervisor&trace=scan:0", "trace", /scan: a whole number from 1 to 10000/],
  ]) {
    assert.throws(
      () => (query.includes("sweep=") ? core.sweep(query) : core.trace(query)),
      (e) => e.param === param && says.test(e.message) && typeof e.allowed === "string",
      query,
    );
  }
});

test("the extensions compute as the CLI", () => {
  const query = "lesson=jobs&replace_policy=1&backoff=1";
  const doc = core.run(query);
  assert.deepEqual(doc, cli(["jobs", "--set", "replace_policy=1", "--set", "backoff=1"]));
});

test("sweep options list the numeric parameters and every metric", () => {
  const o = core.sweepOptions("supervisor");
  assert.ok(o.params.includes("scan") && o.params.includes("lease") && !o.params.includes("steps"));
  assert.ok(o.metrics.includes("recovery.supervisor_on") && o.metrics.includes("scan_sweep.worst_recovery"));
  assert.equal(o.default_metric, "recovery.supervisor_on");
});
