//! The claim check model (fis/akis.mjs): a day of status events, some with a proof of delivery,
//! read by every consumer (late, redelivered, replayed), tallied with the payload inside the
//! message or in a store behind a claim check that expires after a TTL.
//!
//! Faithful to the script: the same generator and order of draws (`olaylar`), the same sums in
//! the same order (`kosum`, doubles where the script adds doubles). Events are streamed to the
//! tallies instead of kept in an array, so a long day needs no memory; the numbers are the same.

use super::params::ClaimCheckParams;
use crate::rng::{Lcg32, UnitRng};

/// `2 ** 30`: bytes in a GB for the store's GB-hours.
const GB: f64 = 1_073_741_824.0;

/// One read of an event's message by a consumer (`okuma` of akis.mjs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Read {
    /// The hour it is read (`saat`): arrival plus the lag, or the replay hour.
    pub hour: f64,
    /// Whether it is the last consumer's replay of the day (`yeniden`).
    pub replay: bool,
    /// Whether the consumer read it late (`gec`; no tally reads it, the trace does).
    pub late: bool,
    /// Whether it is the second delivery of the same read (at-least-once), for the trace.
    pub redelivered: bool,
}

/// One status event of the day (an element of `O` in akis.mjs).
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Its arrival hour, `24 i / events` (`varis`).
    pub arrival: f64,
    /// Bytes of its proof of delivery, 0 without one (`yuk`).
    pub payload: u64,
    /// Every read of it, in the script's order (`okuma`).
    pub reads: Vec<Read>,
}

/// Generates the day's events in order (`olaylar(P)` with `redelivery_prob`) and hands each to
/// `visit`; the event is reused, so `visit` copies what it keeps.
pub fn day(p: &ClaimCheckParams, redelivery_prob: f64, visit: &mut dyn FnMut(&Event)) {
    let mut rnd = Lcg32::new(p.seed);
    let (sig_a, sig_u) = p.signature_kb;
    let (photo_a, photo_u) = p.photo_kb;
    let (lag_a, lag_u) = p.lag_hours;
    let mut e = Event {
        arrival: 0.0,
        payload: 0,
        reads: Vec::with_capacity(2 * p.consumers as usize + 1),
    };
    let events = p.events as f64;
    for i in 0..p.events {
        e.arrival = (24.0 * i as f64) / events;
        e.payload = 0;
        if rnd.unit() < p.proof_prob {
            let (a, u) = if rnd.unit() < p.signature_prob {
                (sig_a, sig_u)
            } else {
                (photo_a, photo_u)
            };
            e.payload = ((a as f64 + (rnd.unit() * (u - a + 1) as f64).floor()) * 1024.0) as u64;
        }
        e.reads.clear();
        for _ in 0..p.consumers {
            let lag = if rnd.unit() < p.lag_prob {
                lag_a as f64 + (rnd.unit() * (lag_u - lag_a + 1) as f64).floor()
            } else {
                0.0
            };
            let times = if rnd.unit() < redelivery_prob { 2 } else { 1 };
            for k in 0..times {
                e.reads.push(Read {
                    hour: e.arrival + lag,
                    replay: false,
                    late: lag > 0.0,
                    redelivered: k > 0,
                });
            }
        }
        if p.replay_h > 0.0 {
            e.reads.push(Read {
                hour: p.replay_h,
                replay: true,
                late: false,
                redelivered: false,
            });
        }
        visit(&e);
    }
}

/// What one way of carrying the payload costs over a day (`kosum`'s result `r`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Messages the queue accepted (`ileti`).
    pub messages: u64,
    /// Their bytes (`iletiBayt`).
    pub message_bytes: f64,
    /// The largest accepted message (`enBuyuk`).
    pub largest: u64,
    /// Messages over the queue's limit, refused (`sigmayan`).
    pub too_large: u64,
    /// Bytes through the queue, every read counted (`kuyrukBayt`).
    pub queue_bytes: f64,
    /// Payload bytes written to the store (`depoBayt`).
    pub store_bytes: f64,
    /// The store's GB-hours over the TTL (`depoGBSaat`).
    pub store_gb_hours: f64,
    /// Reads that fetch a payload from the store (`yukOkuma`).
    pub payload_reads: u64,
    /// Of those, reads after the payload expired (`sarkan`).
    pub dangling: u64,
    /// Dangling reads by a consumer's first or late delivery (`sarkanGec`).
    pub dangling_late: u64,
    /// Dangling reads by the replay (`sarkanYeniden`).
    pub dangling_replay: u64,
}

impl Tally {
    /// Adds one event (the body of `kosum`'s loop): `claim` puts the payload in the store behind
    /// a reference of `ref_bytes`, kept `ttl` hours.
    pub fn add(&mut self, p: &ClaimCheckParams, e: &Event, claim: bool, ttl: f64) {
        self.add_with(p, e, claim, ttl, |_, _| {});
    }

    /// [`add`](Tally::add), telling `read` the index (in `e.reads`) of every payload read and
    /// whether it dangles: the trace records the lesson's own tally this way. Returns whether the
    /// queue accepted the message.
    #[inline]
    pub fn add_with<F: FnMut(usize, bool)>(
        &mut self,
        p: &ClaimCheckParams,
        e: &Event,
        claim: bool,
        ttl: f64,
        mut read: F,
    ) -> bool {
        let size = p.event_bytes
            + match (e.payload, claim) {
                (0, _) => 0,
                (_, true) => p.ref_bytes,
                (payload, false) => payload,
            };
        if size as f64 > p.max_message_kb * 1024.0 {
            self.too_large += 1;
            return false;
        }
        self.messages += 1;
        self.message_bytes += size as f64;
        self.largest = self.largest.max(size);
        self.queue_bytes += size as f64 * e.reads.len() as f64;
        if !claim || e.payload == 0 {
            return true;
        }
        self.store_bytes += e.payload as f64;
        self.store_gb_hours += (e.payload as f64 / GB) * ttl;
        let expiry = e.arrival + ttl;
        for (i, r) in e.reads.iter().enumerate() {
            self.payload_reads += 1;
            if r.hour < expiry {
                read(i, false);
                continue;
            }
            read(i, true);
            self.dangling += 1;
            if r.replay {
                self.dangling_replay += 1;
            } else {
                self.dangling_late += 1;
            }
        }
        true
    }

    /// The average accepted message in bytes, 0 without any.
    pub fn average_message(&self) -> f64 {
        if self.messages > 0 {
            self.message_bytes / self.messages as f64
        } else {
            0.0
        }
    }

    /// The share of payload reads that dangle, 0 without any.
    pub fn dangling_share(&self) -> f64 {
        if self.payload_reads > 0 {
            self.dangling as f64 / self.payload_reads as f64
        } else {
            0.0
        }
    }
}

/// One row of the redelivery sweep: the day redrawn at a redelivery probability.
#[derive(Debug, Clone, PartialEq)]
pub struct RedeliveryRow {
    /// The redelivery probability.
    pub prob: f64,
    /// With the payload inside the message.
    pub inline: Tally,
    /// With the claim check.
    pub claim: Tally,
}

impl RedeliveryRow {
    /// How many times more bytes the inline payload puts through the queue (`kat`), 0 when the
    /// claim check puts none.
    pub fn factor(&self) -> f64 {
        if self.claim.queue_bytes != 0.0 {
            self.inline.queue_bytes / self.claim.queue_bytes
        } else {
            0.0
        }
    }
}

/// Everything olc.mjs prints.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimCheckResult {
    /// Events carrying a proof of delivery (`kanitli`).
    pub with_proof: u64,
    /// The day with the payload inside the message.
    pub inline: Tally,
    /// The day with the claim check and the lesson's TTL.
    pub claim: Tally,
    /// The claim check at each TTL of the sweep.
    pub ttl_sweep: Vec<Tally>,
    /// The redelivery sweep.
    pub redelivery: Vec<RedeliveryRow>,
}

/// Runs olc.mjs: the day at the lesson's values, both ways and at every TTL of the sweep, then
/// the day redrawn at every redelivery probability. `progress` hears the share of days done.
pub fn simulate(p: &ClaimCheckParams, progress: &mut dyn FnMut(f64)) -> ClaimCheckResult {
    let days = (1 + p.redelivery_sweep.len()) as f64;
    let ttl = p.ttl_h;
    let mut with_proof = 0;
    let mut inline = Tally::default();
    let mut claim = Tally::default();
    let mut sweep = Vec::with_capacity(p.ttl_sweep.len());
    for _ in &p.ttl_sweep {
        sweep.push(Tally::default());
    }
    day(p, p.redelivery_prob, &mut |e| {
        with_proof += u64::from(e.payload > 0);
        inline.add(p, e, false, ttl);
        claim.add(p, e, true, ttl);
        for (tally, &h) in sweep.iter_mut().zip(&p.ttl_sweep) {
            tally.add(p, e, true, h);
        }
    });
    progress(1.0 / days);
    let mut redelivery = Vec::with_capacity(p.redelivery_sweep.len());
    for (k, &prob) in p.redelivery_sweep.iter().enumerate() {
        let mut row = RedeliveryRow {
            prob,
            inline: Tally::default(),
            claim: Tally::default(),
        };
        if prob == p.redelivery_prob {
            // The lesson's own day (0.05 in 0,0.05,0.2,0.5): a day is a function of the
            // parameters and the probability (its generator starts at the seed), tallied above.
            row.inline = inline.clone();
            row.claim = claim.clone();
        } else {
            day(p, prob, &mut |e| {
                row.inline.add(p, e, false, ttl);
                row.claim.add(p, e, true, ttl);
            });
        }
        redelivery.push(row);
        progress((k + 2) as f64 / days);
    }
    ClaimCheckResult {
        with_proof,
        inline,
        claim,
        ttl_sweep: sweep,
        redelivery,
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::SCHEMA;
    use super::*;
    use crate::params::ParamSet;

    /// The redelivery sweep's row of the lesson's probability, taken from the day tallied first,
    /// is that day redrawn; so is every other row, with the probability among the sweep or not.
    #[test]
    fn redelivery_rows_are_their_days() {
        for pairs in [
            &[("events", "400")][..],
            &[("events", "300"), ("redelivery_prob", "0.3")],
            &[("events", "300"), ("redelivery_sweep", "0.05,0.05,1")],
            &[("events", "200"), ("seed", "9"), ("redelivery_prob", "0")],
        ] {
            let p = ClaimCheckParams::from_set(&ParamSet::of(&SCHEMA, pairs)).unwrap();
            let r = simulate(&p, &mut |_| {});
            assert_eq!(r.redelivery.len(), p.redelivery_sweep.len());
            for (row, &prob) in r.redelivery.iter().zip(&p.redelivery_sweep) {
                let (mut inline, mut claim) = (Tally::default(), Tally::default());
                day(&p, prob, &mut |e| {
                    inline.add(&p, e, false, p.ttl_h);
                    claim.add(&p, e, true, p.ttl_h);
                });
                assert_eq!(
                    (row.prob, &row.inline, &row.claim),
                    (prob, &inline, &claim),
                    "{pairs:?} {prob}"
                );
            }
        }
    }
}
