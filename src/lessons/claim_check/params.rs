//! The claim check lesson's parameters (fis/akis.mjs `VARSAYILAN`, olc.mjs) and their typed form.
//! Each name is the script's key; the lesson's name is the script's comment, in Turkish.

use super::kinds::HourList;
use crate::error::Error;
use crate::params::{Kind, ParamSet};

crate::declare_params! {
    /// The lesson's parameters, typed; every constant of the lesson, its values the defaults.
    pub struct ClaimCheckParams for "claim_check" {
        seed: u32 = "20260915", Kind::Seed { min: 0, max: 4_294_967_295 },
            "32 bitlik dogrusal esitlikli uretec, tohum acik", "seed of the lesson's 32-bit generator (uretec), one for the day and one for each redelivery row";
        events: u64 = "20000", Kind::Int { min: 1, max: 1_000_000_000 },
            "bir gunun durum olayi", "status events in one day, spread evenly over 24 hours";
        event_bytes: u64 = "220", Kind::Int { min: 0, max: 100_000_000 },
            "K01: durum olayi kaydi (bayt)", "bytes of one status event record (K01)";
        proof_prob: f64 = "0.4", Kind::Prob,
            "olayin teslim kaniti tasima olasiligi", "probability that an event carries a proof of delivery";
        signature_prob: f64 = "0.7", Kind::Prob,
            "kanitin imza olma olasiligi (otesi fotograf)", "probability that a proof is a signature (otherwise a photo)";
        signature_kb: (i64, i64) = "20-60", Kind::Range { min: 0, max: 10_000_000 },
            "imza boyutu (KB, esit dagilim, uclar dahil)", "size of a signature in KB, uniform over the range (ends included)";
        photo_kb: (i64, i64) = "200-800", Kind::Range { min: 0, max: 10_000_000 },
            "fotograf boyutu (KB)", "size of a photo in KB, uniform over the range (ends included)";
        ref_bytes: u64 = "64", Kind::Int { min: 0, max: 100_000_000 },
            "talep fisi: iletideki baslangic (anahtar + ozet)", "bytes of the claim check in the message (key and digest)";
        consumers: u32 = "3", Kind::Int { min: 1, max: 1000 },
            "faturalama, bildirim, analitik; sonuncusu yeniden isler", "consumers of every message (billing, notification, analytics); the last one replays the day";
        redelivery_prob: f64 = "0.05", Kind::Prob,
            "bir teslimin bir kez daha teslim edilme olasiligi (en az bir kez)", "probability that a delivery is delivered once more (at-least-once)";
        max_message_kb: f64 = "256", Kind::Real { min: 0.0, max: 10_000_000.0, min_open: false },
            "kuyrugun ileti siniri (KB)", "the queue's message size limit in KB";
        lag_prob: f64 = "0.02", Kind::Prob,
            "bir tuketicinin bir olayi gec okuma olasiligi", "probability that a consumer reads an event late";
        lag_hours: (i64, i64) = "1-96", Kind::Range { min: 0, max: 100_000 },
            "gec okumanin gecikmesi (saat)", "hours a late read is late, uniform over the range";
        replay_h: f64 = "72", Kind::Real { min: 0.0, max: 100_000.0, min_open: false },
            "son tuketici gunun butun olaylarini bu saatte yeniden isler (0: hic)", "hour at which the last consumer replays every event of the day (0: never)";
        ttl_h: f64 = "24", Kind::Real { min: 0.0, max: 100_000.0, min_open: false },
            "yukun depoda yasama suresi (saat)", "hours a payload lives in the store";
        ttl_sweep: Vec<f64> = "6,24,48,96,168", Kind::Custom(&HourList { max_len: 16, max: 100_000 }),
            "ttl taramasi", "payload lifetimes (hours) compared in the TTL sweep";
        redelivery_sweep: Vec<f64> = "0,0.05,0.2,0.5", Kind::ProbList { max_len: 16 },
            "yeniden teslim taramasi", "redelivery probabilities compared in the redelivery sweep, one day of events each";
    }
}

/// The most work one request may ask (see [`ClaimCheckParams::work`]). Measured at 0.5 to 0.9 ns
/// a unit natively, so a run within it takes under half a second (a second or so in the page).
pub const WORK_BUDGET: f64 = 5e8;

/// [`WORK_BUDGET`] as the messages print it.
const WORK_BUDGET_TEXT: &str = "500000000";

impl ClaimCheckParams {
    /// Reads the typed parameters; a run over [`WORK_BUDGET`] is refused with what to lower.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self::read(set);
        let work = p.work();
        if work > WORK_BUDGET {
            return Err(Error::too_much_work(
                "events",
                &p.events.to_string(),
                format!(
                    "events={} with consumers={} would take about {} steps (events x (2 x consumers + 2) x (days generated + tallies)), more than the limit of {WORK_BUDGET_TEXT}; lower events (at most {} with these values), consumers, ttl_sweep or redelivery_sweep",
                    p.events,
                    p.consumers,
                    crate::jsfmt::number_to_string(work.round()),
                    crate::jsfmt::number_to_string(
                        (WORK_BUDGET / (work / p.events as f64)).floor()
                    )
                ),
            )
            .keyed(
                "refuse.claim_check.work",
                &[
                    ("events", &p.events),
                    ("consumers", &p.consumers),
                    ("work", &crate::jsfmt::number_to_string(work.round())),
                    ("max", &WORK_BUDGET_TEXT),
                    (
                        "most",
                        &crate::jsfmt::number_to_string(
                            (WORK_BUDGET / (work / p.events as f64)).floor(),
                        ),
                    ),
                ],
            ));
        }
        Ok(p)
    }

    /// The tallies olc.mjs makes (`kosum` calls): inline and claim check, the TTL sweep, and both
    /// for every redelivery probability.
    pub fn tallies(&self) -> usize {
        2 + self.ttl_sweep.len() + 2 * self.redelivery_sweep.len()
    }

    /// The run's work: every event's draws and reads (at most two per consumer and the replay)
    /// for each day generated (`olaylar`) and each tally over it (`kosum`).
    pub fn work(&self) -> f64 {
        let per_event = 2.0 * f64::from(self.consumers) + 2.0;
        let passes = (1 + self.redelivery_sweep.len() + self.tallies()) as f64;
        self.events as f64 * per_event * passes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_prints_as_its_text() {
        assert_eq!(
            crate::jsfmt::number_to_string(WORK_BUDGET),
            WORK_BUDGET_TEXT
        );
    }
}
