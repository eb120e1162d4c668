// Find a run (issue 36) as the page runs it: the WebAssembly bindings against the native CLI for
// every property of every lesson that declares a search (the same count and witness, as the
// page's pool finds it: findPlan, findPart on one or two "workers", findJoin, the same bytes on
// both), and a search in a link read back into the same answer.
// Needs ./build.sh build (target/pkg-node and target/release/tatbikat).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI } from "../cli.mjs";
import { splitCondition } from "../../www/views/find.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const core = createRequire(import.meta.url)(join(ROOT, "target", "pkg-node", "tatbikat.js"));

/** The lessons that declare a search, each with its properties. */
const searching = core
  .lessons()
  .filter((l) => l.finds)
  .map((l) => ({ id: l.id, properties: core.findOptions(l.id).properties }));

/** The page's answer split as the pool splits it among `workers` (parts of blocks, run in turn). */
function pooled(query, workers) {
  const plan = core.findPlan(query, workers * 4);
  const parts = plan.parts.map(([from, to]) => core.findPart(query, from, to));
  return core.findJoin(query, parts.reverse());
}

test("every lesson with a search has at least two properties, and the page knows which lessons search", () => {
  assert.ok(searching.length >= 3, searching.map((l) => l.id).join(", "));
  for (const l of searching) assert.ok(l.properties.length >= 2, `${l.id}: ${l.properties}`);
  for (const l of core.lessons().filter((l) => !l.finds)) assert.deepEqual(core.findOptions(l.id).properties, []);
});

test("the CLI and the page give the same count and witness for every lesson's every property, on one worker or two", () => {
  for (const { id, properties } of searching) {
    for (const property of properties) {
      const query = `lesson=${id}&find=${encodeURIComponent(property)}`;
      // The page's answer is the pool's (www/pool.js): on one worker, then on two, the same bytes.
      const page = pooled(query, 1);
      assert.deepEqual(JSON.stringify(pooled(query, 2)), JSON.stringify(page), `${id} ${property}: 2 workers`);
      const cli = spawnSync(CLI, [id, `--find=${property}`, "--format", "json", "--jobs", "2"], { encoding: "utf8" });
      assert.equal(cli.status, 0, cli.stderr);
      const native = JSON.parse(cli.stdout);
      const { numbers, ...finding } = page;
      assert.deepEqual(finding, native, `${id} ${property}`);
      assert.deepEqual(numbers, [String(native.tried), String(native.met), native.size === null ? "" : String(native.size)]);
    }
  }
});

test("a condition on a metric is searched as the CLI searches it, and read back into the form's fields", () => {
  const asked = "fencing.unfenced@double_run_rounds > 0";
  const query = `lesson=leader&fencing=0&rounds=12&find=${encodeURIComponent(asked)}`;
  const page = core.find(query);
  const cli = spawnSync(CLI, ["leader", "--set", "fencing=0", "--set", "rounds=12", "--find", asked, "--format", "json"], { encoding: "utf8" });
  assert.equal(cli.status, 0, cli.stderr);
  const { numbers, ...finding } = page;
  assert.deepEqual(finding, JSON.parse(cli.stdout));
  assert.equal(page.condition, asked);
  // The property that says the same thing finds the same runs.
  const same = core.find("lesson=leader&fencing=0&rounds=12&find=round-twice");
  assert.equal(page.met, same.met);
  assert.deepEqual(page.witness, same.witness);
  assert.deepEqual(splitCondition(asked), { metric: "fencing.unfenced", row: "double_run_rounds", op: ">", value: "0" });
  assert.equal(splitCondition("round-twice"), null);
});

test("a search in a link reproduces: the resolved link keeps find=, and its witness's link finds the witness again", () => {
  const query = "lesson=leader&fencing=0&find=round-twice";
  const resolved = core.resolve(query);
  assert.equal(resolved.view.find, "round-twice");
  assert.match(resolved.share, /find=round-twice/);
  const first = core.find(resolved.query);
  assert.ok(first.met > 0 && first.link, "without fencing a round runs twice");
  const again = core.find(`${first.link}&find=round-twice`);
  assert.deepEqual(again.witness, first.witness, "the witness's own link finds it again");
  const fenced = core.find("lesson=leader&fencing=1&find=round-twice");
  assert.equal(fenced.met, 0);
  assert.equal(fenced.exhaustive, true);
  assert.equal(fenced.witness, null);
});

test("in every lesson a witness's link asks the search its sender saw: the same count and witness (the scope's axes are the lesson's, not the link's)", () => {
  for (const { id, properties } of searching) {
    const query = `lesson=${id}&find=${encodeURIComponent(properties[0])}`;
    const first = core.find(query);
    if (!first.link) continue;
    const again = core.find(`${first.link}&find=${encodeURIComponent(properties[0])}`);
    assert.deepEqual([again.tried, again.met, again.witness, again.axes], [first.tried, first.met, first.witness, first.axes], `${id}: ${first.link}`);
  }
});

test("a narrowed scope in a link (scope=) searches as the CLI's --scope does, and the options name each axis with its values", () => {
  const narrowed = "seed=20260730..20260739;runs=1..8";
  const asked = "monte_carlo.hung_jobs >= 2";
  const page = core.find(`lesson=compensation&find=${encodeURIComponent(asked)}&scope=${encodeURIComponent(narrowed)}`);
  const cli = spawnSync(CLI, ["compensation", "--find", asked, "--scope", narrowed, "--format", "json"], { encoding: "utf8" });
  assert.equal(cli.status, 0, cli.stderr);
  const { numbers, ...finding } = page;
  assert.deepEqual(finding, JSON.parse(cli.stdout));
  assert.deepEqual(page.axes, [["retries", 3], ["runs", 8], ["seed", 10]]);
  // The share link keeps the narrowing.
  assert.match(core.resolve(`lesson=compensation&find=left-hung&scope=${encodeURIComponent(narrowed)}`).share, /scope=seed%3D20260730\.\.20260739%3Bruns%3D1\.\.8|scope=seed=20260730\.\.20260739;runs=1\.\.8/);
  // A value the axis does not have is refused naming the scope.
  assert.throws(() => core.find("lesson=leader&find=round-twice&scope=pause%3DN9%401%2B1"), (e) => e.param === "scope" && e.value === "pause=N9@1+1");
  const { axes } = core.findOptions("leader");
  assert.deepEqual(axes.map(([param, baseline]) => [param, baseline]), [["crash", true], ["pause", true]]);
  assert.deepEqual(axes[0].slice(2), ["N1@1", "N3@40"]);
});

test("a bad search is refused naming find, the value and what is allowed", () => {
  for (const bad of ["nope", "fencing.nope > 1", "fencing.unfenced > x"]) {
    assert.throws(
      () => core.find(`lesson=leader&find=${encodeURIComponent(bad)}`),
      (e) => e.param === "find" && e.value === bad && /table\.column/.test(e.allowed),
      bad,
    );
  }
});
