//! The quotas lesson's parameters (kiraci/akis.mjs `VARSAYILAN`, olc.mjs) and the checks across
//! them: the seed against the minstd generator, the queue work within a budget.

use super::kinds::{Triple, Triples};
use crate::error::Error;
use crate::jsfmt::number_to_string;
use crate::params::{Kind, ParamSet};
use crate::rng::Minstd;

crate::declare_params! {
    /// The lesson's parameters, typed; every key of the script's `VARSAYILAN`, its values the
    /// defaults, its comments the meanings.
    pub struct QuotasParams for "quotas" {
        capacity: i64 = "12", Kind::Int { min: 1, max: 100_000 },
            "bos", "kumenin birimi";
        rounds: u32 = "48", Kind::Int { min: 1, max: 100_000 },
            "tur", "kosum uzunlugu (tur)";
        seed: u64 = "20260901", Kind::Seed { min: 1, max: 2_147_483_646 },
            "rast", "minstd tohumu: portal ve rapor isteklerinin gelisi";
        night_every: u32 = "24", Kind::Int { min: 1, max: 100_000 },
            "olcum", "olcum: gecelik is bu kadar turda bir, 1. turdan baslayarak";
        night_slices: u32 = "12", Kind::Int { min: 0, max: 10_000 },
            "olcum", "olcum: gecelik isin dilim (kapsul) sayisi, hepsi birden acilir";
        night_units: i64 = "1", Kind::Int { min: 1, max: 100_000 },
            "olcum", "olcum: dilim basina istenen birim";
        night_rounds: u32 = "4", Kind::Int { min: 1, max: 100_000 },
            "olcum", "olcum: bir dilimin suresi (tur)";
        portal_prob: f64 = "0.6", Kind::Prob,
            "portal", "portal: bir turda istek gelme olasiligi";
        portal_units: i64 = "1", Kind::Int { min: 1, max: 100_000 },
            "portal", "portal: istenen birim";
        portal_rounds: u32 = "3", Kind::Int { min: 1, max: 100_000 },
            "portal", "portal: sure (tur)";
        report_prob: f64 = "0.3", Kind::Prob,
            "rapor", "rapor: bir turda istek gelme olasiligi; istek degeri bildirmez";
        report_rounds: u32 = "4", Kind::Int { min: 1, max: 100_000 },
            "rapor", "rapor: sure (tur)";
        default_request: i64 = "2", Kind::Int { min: 1, max: 100_000 },
            "LimitRange", "istek bildirmeyen kapsule yazilan varsayilan birim (LimitRange)";
        quotas: Vec<i64> = "6,3,3", Kind::Custom(&Triple { max: 1_000_000 }),
            "KOTA", "olcum, portal, rapor kotalari (birim)";
        quota_sweep: Vec<[i64; 3]> = "6/3/3,8/4/4,4/2/2,8/2/2", Kind::Custom(&Triples { max: 1_000_000, max_len: 16 }),
            "kotalar", "kota taramasi";
        default_sweep: Vec<i64> = "1,2,4", Kind::IntList { min: 1, max: 100_000, max_len: 16 },
            "varsayilan istek", "varsayilan istek taramasi";
    }
}

/// The most queue visits one request may take (about half a second natively at worst).
pub const QUEUE_BUDGET: f64 = 5e8;

impl QuotasParams {
    /// Reads the typed parameters; the seed is checked against the generator, and runs whose
    /// queue could take more than [`QUEUE_BUDGET`] visits are refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self::read(set);
        generator(p.seed)?;
        let work = p.queue_visits();
        if work > QUEUE_BUDGET {
            // The most rounds within the budget at these values (the work grows with rounds).
            let (mut lo, mut hi) = (0u32, p.rounds);
            while lo + 1 < hi {
                let mid = lo + (hi - lo) / 2;
                let fits = Self {
                    rounds: mid,
                    ..p.clone()
                }
                .queue_visits()
                    <= QUEUE_BUDGET;
                if fits { lo = mid } else { hi = mid }
            }
            return Err(Error::too_much_work(
                "rounds",
                &p.rounds.to_string(),
                format!(
                    "rounds={} with night_slices={} could visit the queue {} times in the lesson's {} runs (rounds x the requests that may wait), more than the limit of {}; lower rounds (at most {lo} with these values), night_slices, quota_sweep or default_sweep",
                    p.rounds,
                    p.night_slices,
                    number_to_string(work),
                    p.runs(),
                    number_to_string(QUEUE_BUDGET)
                ),
            )
            .keyed(
                "refuse.quotas.work",
                &[
                    ("rounds", &p.rounds),
                    ("night_slices", &p.night_slices),
                    ("work", &number_to_string(work)),
                    ("max", &number_to_string(QUEUE_BUDGET)),
                    ("most", &lo),
                ],
            ));
        }
        Ok(p)
    }

    /// The model's runs: without and with quotas, each quota of the sweep, each default request
    /// without and with quotas.
    pub fn runs(&self) -> usize {
        2 + self.quota_sweep.len() + 2 * self.default_sweep.len()
    }

    /// The requests one run receives at most: every night's slices and two a round.
    pub fn arrivals(&self) -> f64 {
        let nights = self.rounds.div_ceil(self.night_every);
        f64::from(nights) * f64::from(self.night_slices) + 2.0 * f64::from(self.rounds)
    }

    /// Queue visits over every run, at most: each round may visit every request that arrived.
    pub fn queue_visits(&self) -> f64 {
        self.runs() as f64 * f64::from(self.rounds) * (self.arrivals() + 1.0)
    }
}

/// The lesson's generator for `seed`, or an error naming the seed.
pub fn generator(seed: u64) -> Result<Minstd, Error> {
    Minstd::new(seed).map_err(|e| Error::bad("seed", &seed.to_string(), e.allowed))
}
