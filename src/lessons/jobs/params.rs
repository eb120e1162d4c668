//! The jobs lesson's parameters (olcum/isler.mjs) and their typed form.

use crate::error::Error;
use crate::params::{Kind, ParamSet};
use crate::rng::Minstd;

crate::declare_params! {
    /// The lesson's parameters, typed; every constant of the lesson, its values the defaults.
    pub struct JobsParams for "jobs" {
        nights: usize = "30", Kind::Int { min: 1, max: 10000 },
            "GECE", "nights simulated, one scheduled run each";
        slices: u64 = "12", Kind::Int { min: 1, max: 10000 },
            "DILIM", "slices of the nightly work, each one pod completion";
        interval: i64 = "24", Kind::Int { min: 1, max: 10000 },
            "ARALIK", "hours between two scheduled runs";
        seed: u64 = "20260813", Kind::Seed { min: 1, max: 2_147_483_646, },
            "TOHUM", "seed of the lesson's minstd generator";
        fail_prob: f64 = "0.5", Kind::Prob,
            "P_HATA", "probability that one attempt of a night's job fails";
        retry_limits: Vec<u32> = "1,3,6", Kind::IntList { min: 1, max: 1000, max_len: 16, },
            "deneme siniri", "attempt limits compared in the guarantee table (backoffLimit + 1)";
        replications: u32 = "1", Kind::Int { min: 1, max: 100 },
            "(tatbikat)", "guarantee tables with seeds seed, seed+1, ... for the spread of completed nights (beyond the lesson)";
        parallelisms: Vec<u64> = "1,3,5,6,12", Kind::IntList { min: 1, max: 10000, max_len: 16, },
            "paralellik", "parallelism values compared for the slices";
        long_prob: f64 = "0.25", Kind::Prob,
            "rast() < 0.25", "probability that a night's run is a long one";
        long_hours: (i64, i64) = "30-54", Kind::Range { min: 0, max: 100_000, },
            "30 + floor(r*25)", "hours a long run takes, uniform over the range";
        short_hours: (i64, i64) = "3-7", Kind::Range { min: 0, max: 100_000, },
            "3 + floor(r*5)", "hours a short run takes, uniform over the range";
        missed: u64 = "3", Kind::Int { min: 0, max: 10000 },
            "KACAN", "scheduled runs missed while the controller was down";
        windows: Vec<u64> = "0,1,3", Kind::IntList { min: 0, max: 10000, max_len: 16, },
            "baslangic penceresi", "starting windows compared, in missed runs that may still start";
        #[extension]
        replace_policy: bool = "0", Kind::Switch,
            "(tatbikat)", "adds Kubernetes' Replace policy: kill the run still going, start on time";
        #[extension]
        starting_deadline: Option<i64> = "", Kind::OptInt { min: 0, max: 100_000, },
            "(tatbikat)", "hours a run may start late, else it is skipped (queue); empty = none";
        #[extension]
        failed_pod_ttl: Option<i64> = "", Kind::OptInt { min: 0, max: 1_000_000, },
            "(tatbikat)", "hours a failed pod is kept; empty = forever";
        #[extension]
        backoff: bool = "0", Kind::Switch,
            "(tatbikat)", "back-off before each retry: 10 s doubling, at most 360 s";
    }
}

impl JobsParams {
    /// Reads the typed parameters; the seed is checked against the generator, and a guarantee
    /// table beyond [`DRAW_BUDGET`] draws is refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self::read(set);
        generator(p.seed)?;
        let draws = p.draws();
        if draws > DRAW_BUDGET {
            return Err(Error::too_much_work(
                "nights",
                &p.nights.to_string(),
                format!(
                    "the guarantee table would draw up to {} random numbers (nights x the sum of retry_limits x replications), more than the limit of {}; lower nights, retry_limits or replications",
                    crate::jsfmt::number_to_string(draws),
                    crate::jsfmt::number_to_string(DRAW_BUDGET)
                ),
            )
            .keyed(
                "refuse.jobs.draws",
                &[
                    ("draws", &crate::jsfmt::number_to_string(draws)),
                    ("max", &crate::jsfmt::number_to_string(DRAW_BUDGET)),
                ],
            ));
        }
        Ok(p)
    }

    /// The most draws the guarantee tables can take (every attempt failing), the extensions'
    /// replay included.
    pub fn draws(&self) -> f64 {
        let limits: f64 = self.retry_limits.iter().map(|&l| f64::from(l)).sum();
        let extensions = if self.failed_pod_ttl.is_some() || self.backoff {
            1.0
        } else {
            0.0
        };
        self.nights as f64 * (limits * (f64::from(self.replications) + extensions) + 2.0)
    }
}

/// The most random draws one request may ask of the jobs model (a few seconds natively).
pub const DRAW_BUDGET: f64 = 2e9;

/// The lesson's generator for `seed`, or an error naming the seed.
pub fn generator(seed: u64) -> Result<Minstd, Error> {
    Minstd::new(seed).map_err(|e| Error::bad("seed", &seed.to_string(), e.allowed))
}

/// The seed of replication `i`: seed, seed+1, … wrapping within 1..=2147483646, so every one
/// starts the generator.
pub fn replicate_seed(seed: u64, i: u32) -> u64 {
    1 + (seed - 1 + u64::from(i)) % (Minstd::MODULUS - 1)
}
