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

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// The course's shared folder beside the checkout (as CI lays it out), or TATBIKAT_SHARED, as
// tests/common/mod.rs looks for it. Under CI its absence fails: CI always lays it out.
const NEXT = join(process.env.TATBIKAT_SHARED ?? join(ROOT, "..", "shared"), "next-lessons");
const MISSING = `${NEXT} is not here (the course's shared folder; set TATBIKAT_SHARED to its path)`;

// A small seeded generator (the C library's LCG), so every run draws the same sets.
let seed = 20261201;
const r = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const int = (a, b) => a + Math.floor(r() * (b - a + 1));
const pick = (xs) => xs[Math.floor(r() * xs.length)];
const gens = {
  leader: () => {
    const nodes = int(1, 6), rounds = int(1, 150);
    const p = { nodes, lease: int(1, 20), renew: int(1, 12), poll: int(1, 6), rounds, fencing: int(0, 1) };
    const used = new Set();
    const map = (span) => { const out = []; for (let i = 0; i < int(0, Math.min(3, nodes)); i++) { const n = int(1, nodes); if (used.has(`${span}${n}`)) continue; used.add(`${span}${n}`); out.push(`N${n}@${int(0, rounds + 5)}${span ? `+${int(1, 20)}` : ""}`); } return out.join(","); };
    p.crash = map(false); p.pause = map(true);
    p.lease_sweep = Array.from({ length: int(1, 4) }, () => int(1, 24)).join(",");
    p.misset_renew = int(1, 10); p.misset_leases = Array.from({ length: int(1, 4) }, () => int(1, 12)).join(",");
    p.misset_lease = int(1, 10); p.daily_workflows = pick([0, int(1, 20000)]); p.window_h = pick([1, 2.5, 4, 8]); p.round_s = pick([0.5, 1, 2, 7]); p.pauses_per_day = pick([0, 0.5, 2, 3]);
    return [p, [["measure", "leader/olc.mjs"], ["daily", "leader/hesap.mjs"]]];
  },
  quotas: () => {
    const q = () => `${int(0, 10)}`;
    const p = { capacity: int(1, 20), rounds: int(1, 120), seed: int(1, 2147483646), night_every: int(1, 40), night_slices: int(0, 14), night_units: int(1, 4), night_rounds: int(1, 6),
      portal_prob: pick([0, 0.3, 0.6, 1]), portal_units: int(1, 4), portal_rounds: int(1, 5), report_prob: pick([0, 0.3, 1]), report_rounds: int(1, 10), default_request: int(1, 6),
      quotas: `${q()},${q()},${q()}`, quota_sweep: Array.from({ length: int(1, 3) }, () => `${q()}/${q()}/${q()}`).join(","), default_sweep: Array.from({ length: int(1, 3) }, () => int(1, 8)).join(",") };
    return [p, [["measure", "quotas/olc.mjs"]]];
  },
  claim_check: () => {
    const range = (a, b) => { const x = int(a, b), y = int(x, b); return `${x}-${y}`; };
    // Hours as the script reads them (Number): whole, fractional (half an hour) or zero.
    const hours = (max) => pick([0, 0.5, 0.25 * int(1, 4 * max), int(1, max), int(1, max) + pick([0.1, 0.75])]);
    // Sizes from zero (a zero-byte record or reference, a proof of 0 KB) and limits in KB with fractions.
    const p = { seed: int(0, 4294967295), events: int(1, 3000), event_bytes: pick([0, int(1, 5000)]), proof_prob: pick([0, 0.2, 0.4, 1]), signature_prob: pick([0, 0.7, 1]), signature_kb: pick([range(1, 100), `0-${int(0, 100)}`]), photo_kb: pick([range(1, 900), `0-${int(0, 900)}`]),
      ref_bytes: pick([0, int(1, 400)]), consumers: int(1, 5), redelivery_prob: pick([0, 0.05, 0.5, 1]), max_message_kb: pick([0, 0.5, int(1, 600), int(1, 600) + 0.25]), lag_prob: pick([0, 0.02, 0.5]), lag_hours: pick([range(1, 120), `0-${int(0, 120)}`]), replay_h: hours(120), ttl_h: hours(200),
      ttl_sweep: Array.from({ length: int(1, 4) }, () => hours(200)).join(","), redelivery_sweep: Array.from({ length: int(1, 3) }, () => pick([0, 0.05, 0.2, 0.5, 1])).join(",") };
    return [p, [["measure", "claim_check/olc.mjs"]]];
  },
};

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
