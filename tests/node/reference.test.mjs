// The previews against their specification at random parameter sets: the reference scripts
// (../shared/next-lessons, run with node) and the CLI print the same bytes for every set drawn
// here, 25 per lesson from a fixed seed (crashes and pauses of any node, leases shorter than the
// renew interval, quotas above and below capacity, zero quotas, TTLs around the replay, ranges of
// one value, single events, fractional hours (a TTL or a replay of half an hour, fractional TTL
// sweeps) and zero sizes (a zero-byte record or reference, proofs of 0 KB, a queue limit of 0 or
// 0.5 KB, no invoice lines) wherever the scripts accept them...). Each set is checked to hold a
// fractional hour and a zero size in 25 sets, so the draws cannot drift away from them. tests/next_lessons.rs and next_claim_check.rs hold the chosen
// sets; this one covers what nobody chose. Skipped with a note when the scripts are not here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI } from "../cli.mjs";
import { generators } from "./param-sets.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// The course's shared folder beside the checkout (as CI lays it out), or TATBIKAT_SHARED, as
// tests/common/mod.rs looks for it. Under CI its absence fails: CI always lays it out.
const NEXT = join(process.env.TATBIKAT_SHARED ?? join(ROOT, "..", "shared"), "next-lessons");
const MISSING = `${NEXT} is not here (the course's shared folder; set TATBIKAT_SHARED to its path)`;

// The sets, drawn from one seeded sequence in the lessons' order.
const gens = generators(20261201);

const fraction = (x) => !Number.isInteger(Number(x));
/** What the drawn sets must include somewhere among their 25, per lesson: [what, test of a set]. */
const REACH = {
  leader: [["no invoice lines (daily_workflows=0)", (p) => p.daily_workflows === 0], ["a fractional window or round", (p) => fraction(p.window_h) || fraction(p.round_s)]],
  claim_check: [
    ["a TTL of a fraction of an hour", (p) => fraction(p.ttl_h)],
    ["a TTL of 0", (p) => p.ttl_h === 0],
    ["a fractional replay hour", (p) => fraction(p.replay_h)],
    ["a fractional hour in the TTL sweep", (p) => String(p.ttl_sweep).split(",").some(fraction)],
    ["a zero-byte reference", (p) => p.ref_bytes === 0],
    ["a zero-byte event record", (p) => p.event_bytes === 0],
    ["a proof of 0 KB", (p) => /^0-/.test(p.signature_kb) || /^0-/.test(p.photo_kb)],
    ["a queue limit in fractions of a KB", (p) => fraction(p.max_message_kb)],
    ["a queue limit of 0 KB", (p) => p.max_message_kb === 0],
    ["a late read of 0 hours", (p) => /^0-/.test(p.lag_hours)],
  ],
};

for (const [lesson, gen] of Object.entries(gens)) {
  test(`${lesson}: 25 random parameter sets print what the reference prints`, (t) => {
    if (!existsSync(NEXT)) {
      assert.ok(!process.env.CI, MISSING);
      return t.skip(MISSING);
    }
    let compared = 0;
    const drawn = [];
    for (let i = 0; i < 25; i += 1) {
      const [p, sections] = gen();
      drawn.push(p);
      for (const [section, script] of sections) {
        const reference = spawnSync("node", [join(NEXT, script), JSON.stringify(p)], { encoding: "utf8" });
        assert.equal(reference.status, 0, `the reference failed at ${JSON.stringify(p)}: ${reference.stderr}`);
        const args = [lesson, "--section", section, ...Object.entries(p).flatMap(([k, v]) => ["--set", `${k}=${v}`])];
        const ours = spawnSync(CLI, args, { encoding: "utf8" });
        assert.equal(ours.status, 0, `${ours.stderr} at ${JSON.stringify(p)}`);
        assert.equal(ours.stdout, reference.stdout, `${lesson} ${section} at ${JSON.stringify(p)}`);
        compared += 1;
      }
    }
    // The sets reached what the scripts accept beyond whole numbers from 1 (fractional hours, zeros).
    for (const [name, holds] of REACH[lesson] ?? []) assert.ok(drawn.some(holds), `${lesson}: no set drawn with ${name}`);
    t.diagnostic(`${lesson}: ${compared} outputs equal to the reference's`);
  });
}
