// The page's CSV downloads against the CLI: the module's exportCsv, sweepCsv and traceCsv give,
// byte for byte, what `tatbikat ... --format csv` prints for the same link.
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
const csv = (args) => execFileSync(CLI, [...args, "--format", "csv"], { encoding: "utf8" });

test("every table's CSV equals the CLI's --format csv --table", () => {
  const cases = [
    ["lesson=supervisor", ["supervisor"]],
    ["lesson=jobs&seed=42&fail_prob=0.3&replace_policy=1&backoff=1", ["jobs", "--set", "seed=42", "--set", "fail_prob=0.3", "--set", "replace_policy=1", "--set", "backoff=1"]],
    ["lesson=compensation&section=daily&comp_fail=0.1&runs=5000", ["compensation", "--section", "daily", "--set", "comp_fail=0.1", "--set", "runs=5000"]],
    [
      `lesson=compensation&runs=1000&steps=${encodeURIComponent("dönem-kapat,ödeme:iade(dönem-kapat)")}`,
      ["compensation", "--set", "runs=1000", "--set", "steps=dönem-kapat,ödeme:iade(dönem-kapat)"],
    ],
    ["lesson=jobs&preset=jobs.completion-count", ["jobs", "--preset", "jobs.completion-count"]],
    // The previews (issue 12): their kinds of value in a link, and a claim.
    [`lesson=leader&crash=${encodeURIComponent("N2@10")}&pause=${encodeURIComponent("N1@5+4")}`, ["leader", "--set", "crash=N2@10", "--set", "pause=N1@5+4"]],
    [`lesson=quotas&quotas=${encodeURIComponent("8,4,4")}&quota_sweep=${encodeURIComponent("6/3/3,1/1/1")}`, ["quotas", "--set", "quotas=8,4,4", "--set", "quota_sweep=6/3/3,1/1/1"]],
    ["lesson=claim_check&preset=claim_check.ttl", ["claim_check", "--preset", "claim_check.ttl"]],
  ];
  for (const [query, args] of cases) {
    const whole = csv(args);
    const keys = [...whole.matchAll(/^#table,(.*)$/gm)].map((m) => m[1]);
    assert.ok(keys.length >= 2, query);
    const blocks = keys.map((key) => {
      const one = core.exportCsv(query, key);
      assert.equal(one, csv([...args, "--table", key]), `${query} ${key}`);
      return one;
    });
    assert.equal(blocks.join("\n"), whole, `${query}: the blocks make the whole`);
  }
});

test("sweep and trace CSV equal the CLI's", () => {
  assert.equal(core.sweepCsv("lesson=supervisor&sweep=lease:1..4"), csv(["supervisor", "--sweep", "lease=1..4"]));
  assert.equal(
    core.sweepCsv("lesson=supervisor&sweep=scan:1..3&sweep_y=lease:1..3&metric=recovery.supervisor_on@worst_recovery"),
    csv(["supervisor", "--sweep", "scan=1..3", "--sweep", "lease=1..3", "--metric", "recovery.supervisor_on@worst_recovery"]),
  );
  assert.equal(core.traceCsv("lesson=jobs&trace=limit:6"), csv(["jobs", "--trace=limit:6"]));
  assert.equal(core.traceCsv("lesson=compensation&comp_fail=0.3&trace=attempts:2,run:7"), csv(["compensation", "--set", "comp_fail=0.3", "--trace=attempts:2,run:7"]));
  assert.equal(core.sweepCsv("lesson=leader&sweep=lease:2..10:5&sweep_y=poll:1..3"), csv(["leader", "--sweep", "lease=2..10:5", "--sweep", "poll=1..3"]));
  assert.equal(core.traceCsv("lesson=leader&trace=fencing:1"), csv(["leader", "--trace=fencing:1"]));
  assert.equal(core.traceCsv(`lesson=quotas&trace=${encodeURIComponent("quota:8/4/4")}&quota_sweep=${encodeURIComponent("8/4/4")}`), csv(["quotas", "--set", "quota_sweep=8/4/4", "--trace=quota:8/4/4"]));
  assert.equal(core.traceCsv("lesson=claim_check&trace=ttl:96,dangling"), csv(["claim_check", "--trace=ttl:96,dangling"]));
});

test("the page's CSV keeps text a spreadsheet would evaluate as text, and numbers as numbers (issue 33)", () => {
  // A step named -2-3: a spreadsheet showed the label as −5. The core's one rule gives the page's
  // download what the CLI prints: a ' first. Negative numbers (a comparison's B − A) stay bare.
  const query = "lesson=compensation&steps=-2-3&runs=1000";
  const args = ["compensation", "--set", "steps=-2-3", "--set", "runs=1000"];
  const orderings = core.exportCsv(query, "orderings");
  assert.equal(orderings, csv([...args, "--table", "orderings"]));
  assert.match(orderings, /^'-2-3,/m);
  assert.doesNotMatch(orderings, /^-2-3,/m);
  assert.match(core.traceCsv(`${query}&trace=attempts:1`), /,'?-2-3,/);
  assert.doesNotMatch(core.traceCsv(`${query}&trace=attempts:1`), /,-2-3,/);
  const compared = core.compareCsv("lesson=jobs&seed=42&vs=", "retry_limit");
  assert.equal(compared, csv(["jobs", "--set", "seed=42", "--vs", "", "--table", "retry_limit"]));
  assert.match(compared, /,-\d+(\.\d+)?,/);
  assert.doesNotMatch(compared, /'-\d/);
});

test("an unknown table names the tables", () => {
  assert.throws(() => core.exportCsv("lesson=jobs", "nope"), (e) => e.param === "table" && /retry_limit, retry_exact/.test(e.message));
});
