//! The jobs lesson's parameters (olcum/isler.mjs) and their typed form.

use crate::error::Error;
use crate::params::{Kind, ParamSet, ParamSpec};
use crate::rng::Minstd;

/// Every constant of the lesson, with the lesson's values as defaults.
pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "nights",
        kind: Kind::Int { min: 1, max: 10000 },
        default: "30",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "nights simulated, one scheduled run each",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "GECE",
        extension: false,
    },
    ParamSpec {
        name: "slices",
        kind: Kind::Int { min: 1, max: 10000 },
        default: "12",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "slices of the nightly work, each one pod completion",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "DILIM",
        extension: false,
    },
    ParamSpec {
        name: "interval",
        kind: Kind::Int { min: 1, max: 10000 },
        default: "24",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "hours between two scheduled runs",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "ARALIK",
        extension: false,
    },
    ParamSpec {
        name: "seed",
        kind: Kind::Seed {
            min: 1,
            max: 2_147_483_646,
        },
        default: "20260813",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "seed of the lesson's minstd generator",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "TOHUM",
        extension: false,
    },
    ParamSpec {
        name: "fail_prob",
        kind: Kind::Prob,
        default: "0.5",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "probability that one attempt of a night's job fails",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "P_HATA",
        extension: false,
    },
    ParamSpec {
        name: "retry_limits",
        kind: Kind::IntList {
            min: 1,
            max: 1000,
            max_len: 16,
        },
        default: "1,3,6",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "attempt limits compared in the guarantee table (backoffLimit + 1)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "deneme siniri",
        extension: false,
    },
    ParamSpec {
        name: "replications",
        kind: Kind::Int { min: 1, max: 100 },
        default: "1",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "guarantee tables with seeds seed, seed+1, ... for the spread of completed nights (beyond the lesson)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: false,
    },
    ParamSpec {
        name: "parallelisms",
        kind: Kind::IntList {
            min: 1,
            max: 10000,
            max_len: 16,
        },
        default: "1,3,5,6,12",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "parallelism values compared for the slices",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "paralellik",
        extension: false,
    },
    ParamSpec {
        name: "long_prob",
        kind: Kind::Prob,
        default: "0.25",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "probability that a night's run is a long one",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "rast() < 0.25",
        extension: false,
    },
    ParamSpec {
        name: "long_hours",
        kind: Kind::Range {
            min: 0,
            max: 100_000,
        },
        default: "30-54",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "hours a long run takes, uniform over the range",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "30 + floor(r*25)",
        extension: false,
    },
    ParamSpec {
        name: "short_hours",
        kind: Kind::Range {
            min: 0,
            max: 100_000,
        },
        default: "3-7",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "hours a short run takes, uniform over the range",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "3 + floor(r*5)",
        extension: false,
    },
    ParamSpec {
        name: "missed",
        kind: Kind::Int { min: 0, max: 10000 },
        default: "3",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "scheduled runs missed while the controller was down",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "KACAN",
        extension: false,
    },
    ParamSpec {
        name: "windows",
        kind: Kind::IntList {
            min: 0,
            max: 10000,
            max_len: 16,
        },
        default: "0,1,3",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "starting windows compared, in missed runs that may still start",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "baslangic penceresi",
        extension: false,
    },
    ParamSpec {
        name: "replace_policy",
        kind: Kind::Switch,
        default: "0",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "adds Kubernetes' Replace policy: kill the run still going, start on time",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "starting_deadline",
        kind: Kind::OptInt {
            min: 0,
            max: 100_000,
        },
        default: "",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "hours a run may start late, else it is skipped (queue); empty = none",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "failed_pod_ttl",
        kind: Kind::OptInt {
            min: 0,
            max: 1_000_000,
        },
        default: "",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "hours a failed pod is kept; empty = forever",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "backoff",
        kind: Kind::Switch,
        default: "0",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "back-off before each retry: 10 s doubling, at most 360 s",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
];

/// The lesson's parameters, typed.
#[derive(Debug, Clone, PartialEq)]
pub struct JobsParams {
    /// Nights (GECE).
    pub nights: usize,
    /// Slices (DILIM).
    pub slices: u64,
    /// Hours between runs (ARALIK).
    pub interval: i64,
    /// Generator seed (TOHUM).
    pub seed: u64,
    /// Failure probability of an attempt (P_HATA).
    pub fail_prob: f64,
    /// Attempt limits compared.
    pub retry_limits: Vec<u32>,
    /// Replications with seeds seed, seed+1, … (1: the lesson's run only).
    pub replications: u32,
    /// Parallelism values compared.
    pub parallelisms: Vec<u64>,
    /// Probability of a long run.
    pub long_prob: f64,
    /// Hours of a long run, inclusive.
    pub long_hours: (i64, i64),
    /// Hours of a short run, inclusive.
    pub short_hours: (i64, i64),
    /// Missed runs (KACAN).
    pub missed: u64,
    /// Starting windows compared.
    pub windows: Vec<u64>,
    /// Whether the Replace policy is added (beyond the lesson).
    pub replace_policy: bool,
    /// Hours a run may start late; `None`: no deadline (beyond the lesson).
    pub starting_deadline: Option<i64>,
    /// Hours a failed pod is kept; `None`: forever (beyond the lesson).
    pub failed_pod_ttl: Option<i64>,
    /// Whether retries wait an exponential back-off (beyond the lesson).
    pub backoff: bool,
}

impl JobsParams {
    /// Reads the typed parameters; the seed is checked against the generator, and a guarantee
    /// table beyond [`DRAW_BUDGET`] draws is refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let seed = set.int("seed") as u64;
        generator(seed)?;
        let p = Self::read(set, seed);
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

    fn read(set: &ParamSet, seed: u64) -> Self {
        Self {
            nights: set.int("nights") as usize,
            slices: set.int("slices") as u64,
            interval: set.int("interval"),
            seed,
            fail_prob: set.real("fail_prob"),
            replications: set.int("replications") as u32,
            retry_limits: set
                .int_list("retry_limits")
                .into_iter()
                .map(|x| x as u32)
                .collect(),
            parallelisms: set
                .int_list("parallelisms")
                .into_iter()
                .map(|x| x as u64)
                .collect(),
            long_prob: set.real("long_prob"),
            long_hours: set.range("long_hours"),
            short_hours: set.range("short_hours"),
            missed: set.int("missed") as u64,
            windows: set
                .int_list("windows")
                .into_iter()
                .map(|x| x as u64)
                .collect(),
            replace_policy: set.switch("replace_policy"),
            starting_deadline: set.opt_int("starting_deadline"),
            failed_pod_ttl: set.opt_int("failed_pod_ttl"),
            backoff: set.switch("backoff"),
        }
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
