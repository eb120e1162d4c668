//! Beyond the lesson: what the claim check model gives on average, in closed form, beside the
//! day it samples (the proofs, the messages over the queue's limit, the bytes through the queue).
//! Each event draws its proof, its kind and its size independently of its reads, so the
//! expectations multiply.

use super::params::ClaimCheckParams;

/// The expected counts and bytes of one day at these values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expected {
    /// Events with a proof of delivery: `events · proof_prob`.
    pub with_proof: f64,
    /// The probability that a message with its payload inside is over the limit.
    pub over_inline: f64,
    /// The same with the claim check (the reference instead of the payload).
    pub over_claim: f64,
    /// Bytes through the queue with the payload inside (every read counted).
    pub queue_inline: f64,
    /// The same with the claim check.
    pub queue_claim: f64,
}

/// For a payload of `k` KB, `k` uniform over `lo..=hi`: the share of messages over `limit` bytes
/// and the mean of the accepted ones' bytes times their acceptance (`E[size · 1{size ≤ limit}]`),
/// with `base` bytes of event record beside the payload.
fn payload_range(base: f64, (lo, hi): (i64, i64), limit: f64) -> (f64, f64) {
    let n = (hi - lo + 1) as f64;
    // The largest whole k that still fits: base + 1024 k ≤ limit.
    let fits = ((limit - base) / 1024.0).floor();
    let top = fits.min(hi as f64);
    let accepted = (top - lo as f64 + 1.0).max(0.0);
    let sum = if accepted > 0.0 {
        accepted * base + 1024.0 * (lo as f64 + top) * accepted / 2.0
    } else {
        0.0
    };
    ((n - accepted) / n, sum / n)
}

/// The closed form at `p` (the redelivery probability is `p.redelivery_prob`).
pub fn expected(p: &ClaimCheckParams) -> Expected {
    let events = p.events as f64;
    let base = p.event_bytes as f64;
    let limit = p.max_message_kb * 1024.0;
    let fits = |bytes: f64| if bytes <= limit { 1.0 } else { 0.0 };
    let (sig_over, sig_bytes) = payload_range(base, p.signature_kb, limit);
    let (photo_over, photo_bytes) = payload_range(base, p.photo_kb, limit);
    let (pp, ps) = (p.proof_prob, p.signature_prob);
    let plain = (1.0 - pp) * base * fits(base);
    let over_inline =
        (1.0 - pp) * (1.0 - fits(base)) + pp * (ps * sig_over + (1.0 - ps) * photo_over);
    let claim_size = base + p.ref_bytes as f64;
    // A proof of 0 KB (a range from 0) is no payload: the model sends the bare event record.
    let zero = |(lo, hi): (i64, i64)| if lo == 0 { 1.0 / (hi + 1) as f64 } else { 0.0 };
    let empty = ps * zero(p.signature_kb) + (1.0 - ps) * zero(p.photo_kb);
    let over_claim = (1.0 - pp) * (1.0 - fits(base))
        + pp * ((1.0 - empty) * (1.0 - fits(claim_size)) + empty * (1.0 - fits(base)));
    // Reads of one message: each consumer once, again with the redelivery probability, and the
    // replay when there is one.
    let reads =
        f64::from(p.consumers) * (1.0 + p.redelivery_prob) + f64::from(u8::from(p.replay_h > 0.0));
    Expected {
        with_proof: events * pp * (1.0 - empty),
        over_inline,
        over_claim,
        queue_inline: events * reads * (plain + pp * (ps * sig_bytes + (1.0 - ps) * photo_bytes)),
        queue_claim: events
            * reads
            * (plain
                + pp * ((1.0 - empty) * claim_size * fits(claim_size) + empty * base * fits(base))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::Lesson;
    use crate::lessons::claim_check::model::simulate;

    fn params(set: &[(&str, &str)]) -> ClaimCheckParams {
        let lesson = Lesson(&super::super::LESSON);
        ClaimCheckParams::from_set(&lesson.params(set.iter().copied()).unwrap()).unwrap()
    }

    #[test]
    fn a_payload_range_splits_at_the_limit() {
        // 1..=4 KB beside 0 bytes, limit 2 KB: 1 and 2 fit (mean bytes (1024 + 2048) / 4).
        assert_eq!(payload_range(0.0, (1, 4), 2048.0), (0.5, 768.0));
        assert_eq!(payload_range(0.0, (1, 4), 100.0), (1.0, 0.0));
        assert_eq!(payload_range(10.0, (1, 4), 1e9), (0.0, 10.0 + 1024.0 * 2.5));
    }

    #[test]
    fn with_no_randomness_left_the_day_is_its_expectation() {
        // Every event a 30 KB signature, limit 20 KB, two consumers, no lag, no redelivery.
        let p = params(&[
            ("events", "500"),
            ("proof_prob", "1"),
            ("signature_prob", "1"),
            ("signature_kb", "30-30"),
            ("max_message_kb", "20"),
            ("consumers", "2"),
            ("redelivery_prob", "0"),
            ("redelivery_sweep", "0"),
        ]);
        let e = expected(&p);
        let r = simulate(&p, &mut |_| {});
        assert_eq!(e.with_proof, r.with_proof as f64);
        assert_eq!(e.over_inline, 1.0);
        assert_eq!(e.over_inline * 500.0, r.inline.too_large as f64);
        assert_eq!(e.over_claim, 0.0);
        assert_eq!(e.queue_inline, r.inline.queue_bytes);
        assert_eq!(e.queue_claim, r.claim.queue_bytes);
    }

    #[test]
    fn a_proof_of_zero_kb_is_no_payload_as_in_the_model() {
        // Every proof a signature of exactly 0 KB: the model sends the bare record, no reference.
        let p = params(&[
            ("events", "300"),
            ("proof_prob", "1"),
            ("signature_prob", "1"),
            ("signature_kb", "0-0"),
            ("ref_bytes", "0"),
            ("event_bytes", "100"),
            ("max_message_kb", "0.05"),
            ("redelivery_prob", "0"),
            ("redelivery_sweep", "0"),
        ]);
        let (e, r) = (expected(&p), simulate(&p, &mut |_| {}));
        assert_eq!((e.with_proof, r.with_proof), (0.0, 0));
        assert_eq!(e.queue_claim, r.claim.queue_bytes);
        assert_eq!(e.queue_inline, r.inline.queue_bytes);
        // 0.05 KB is 51.2 bytes: the 100-byte record is over it, in both ways.
        assert_eq!((e.over_inline, r.inline.too_large), (1.0, 300));
        assert_eq!((e.over_claim, r.claim.too_large), (1.0, 300));
    }

    #[test]
    fn the_lessons_day_is_near_its_expectation() {
        let p = params(&[]);
        let e = expected(&p);
        let r = simulate(&p, &mut |_| {});
        let near = |sampled: f64, expected: f64, within: f64| {
            assert!(
                (sampled - expected).abs() <= within * expected,
                "{sampled} against {expected}"
            );
        };
        near(r.with_proof as f64, e.with_proof, 0.03);
        near(
            r.inline.too_large as f64,
            e.over_inline * p.events as f64,
            0.06,
        );
        near(r.inline.queue_bytes, e.queue_inline, 0.03);
        near(r.claim.queue_bytes, e.queue_claim, 0.03);
    }
}
