// Random parameter sets for the previews (leader, quotas, claim_check) from a fixed seed: what
// tests/node/reference.test.mjs checks the CLI at, and script-runner.test.mjs the script runner.
// Each draw is [params, [[section, "<lesson>/<script>"]...]]: the sections and their scripts in
// ../shared/next-lessons.

/** The generators of one seeded sequence (the C library's LCG), so every run draws the same sets:
 * {lesson: () => [params, sections]}. */
export function generators(seed) {
  const r = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const int = (a, b) => a + Math.floor(r() * (b - a + 1));
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  return {
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
}
