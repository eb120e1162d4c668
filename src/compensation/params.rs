//! The compensation lesson's parameters (telafi/akis.mjs, olc.mjs, bedel.mjs) and their typed form.

use crate::error::Error;
use crate::params::{Kind, ParamSet, ParamSpec, StepSpec};

/// The lesson's steps: period close (irreversible), invoice line, collection record, supplier
/// notice (irreversible), with their compensations and dependencies.
pub const DEFAULT_STEPS: &str = "donem-kapat,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)";

/// Every constant of the lesson, with the lesson's values as defaults.
pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "steps",
        kind: Kind::Steps { max_len: 8 },
        default: DEFAULT_STEPS,
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "the workflow's steps as name[:compensation][(after/after)]; no compensation = cannot be undone",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "ADIM",
        extension: false,
    },
    ParamSpec {
        name: "seed",
        kind: Kind::Seed {
            min: 0,
            max: 4_294_967_295,
        },
        default: "20260730",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "seed of the lesson's 32-bit generator, fresh for every retry-count row",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "uretec(20260730)",
        extension: false,
    },
    ParamSpec {
        name: "comp_fail",
        kind: Kind::Prob,
        default: "0.05",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "probability that one compensation call fails",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "DD5, HATA",
        extension: false,
    },
    ParamSpec {
        name: "retries",
        kind: Kind::IntList {
            min: 1,
            max: 20,
            max_len: 8,
        },
        default: "1,2,3",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compensation attempts per step, one Monte Carlo row each",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "telafi denemesi",
        extension: false,
    },
    ParamSpec {
        name: "runs",
        kind: Kind::Int {
            min: 1,
            max: 1_000_000_000,
        },
        default: "100000",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "failed workflows simulated per row; the failing step is run mod steps",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "N",
        extension: false,
    },
    ParamSpec {
        name: "replications",
        kind: Kind::Int { min: 1, max: 100 },
        default: "1",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "Monte Carlo runs with seeds seed, seed+1, ... for the spread of the hung rate (beyond the lesson)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: false,
    },
    ParamSpec {
        name: "daily_workflows",
        kind: Kind::Int {
            min: 1,
            max: 1_000_000_000,
        },
        default: "4000",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "workflows (invoice lines) per day for the daily cost",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "FATURA",
        extension: false,
    },
    ParamSpec {
        name: "failure_rate",
        kind: Kind::Prob,
        default: "0.02",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "share of daily workflows that fail and roll back",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "KK2",
        extension: false,
    },
    ParamSpec {
        name: "round_s",
        kind: Kind::Real {
            min: 0.0,
            max: 86_400.0,
            min_open: true,
        },
        default: "0.25",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "seconds one rollback round takes",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "DD6, TUR",
        extension: false,
    },
    ParamSpec {
        name: "hang_close_h",
        kind: Kind::Real {
            min: 0.0,
            max: 8_760.0,
            min_open: false,
        },
        default: "4",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "hours until a hung workflow is closed by hand",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "DD7, ASKIDA_SAAT",
        extension: false,
    },
    ParamSpec {
        name: "round_factor",
        kind: Kind::Real {
            min: 0.0,
            max: 1_000.0,
            min_open: true,
        },
        default: "4",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "factor on the round time in the DD6 sensitivity line",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "TUR * 4",
        extension: false,
    },
    ParamSpec {
        name: "reversible_close",
        kind: Kind::Switch,
        default: "0",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "make irreversible steps that others depend on (donem-kapat) compensable",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
];

/// The lesson's parameters, typed.
#[derive(Debug, Clone, PartialEq)]
pub struct CompensationParams {
    /// The steps, in the lesson's declared order.
    pub steps: Vec<StepSpec>,
    /// Generator seed (`uretec(seed)`).
    pub seed: u32,
    /// Probability a compensation call fails (DD5).
    pub comp_fail: f64,
    /// Attempts per compensation, one row each.
    pub retries: Vec<u32>,
    /// Runs per row (N).
    pub runs: u64,
    /// Replications with seeds seed, seed+1, … (1: the lesson's run only).
    pub replications: u32,
    /// Workflows per day (FATURA).
    pub daily_workflows: u64,
    /// Failing share of workflows (KK2).
    pub failure_rate: f64,
    /// Seconds per rollback round (DD6).
    pub round_s: f64,
    /// Hours a hung workflow waits (DD7).
    pub hang_close_h: f64,
    /// The DD6 sensitivity factor.
    pub round_factor: f64,
    /// Whether the steps that cannot go last are made compensable too (beyond the lesson).
    pub reversible_close: bool,
}

/// The most random draws one request may ask of the Monte Carlo (about half a minute natively).
pub const DRAW_BUDGET: f64 = 2e10;

impl CompensationParams {
    /// Reads the typed parameters; a Monte Carlo beyond [`DRAW_BUDGET`] is refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self {
            steps: set.steps("steps"),
            seed: set.int("seed") as u32,
            comp_fail: set.real("comp_fail"),
            retries: set
                .int_list("retries")
                .into_iter()
                .map(|x| x as u32)
                .collect(),
            runs: set.int("runs") as u64,
            replications: set.int("replications") as u32,
            daily_workflows: set.int("daily_workflows") as u64,
            failure_rate: set.real("failure_rate"),
            round_s: set.real("round_s"),
            hang_close_h: set.real("hang_close_h"),
            round_factor: set.real("round_factor"),
            reversible_close: set.switch("reversible_close"),
        };
        let draws = p.expected_draws();
        if draws > DRAW_BUDGET {
            return Err(Error::too_much_work(
                "runs",
                &p.runs.to_string(),
                format!(
                    "the Monte Carlo would draw about {} random numbers (runs x retries x steps), more than the limit of {}; lower runs, the retries or comp_fail",
                    crate::jsfmt::number_to_string(draws.round()),
                    crate::jsfmt::number_to_string(DRAW_BUDGET)
                ),
            ));
        }
        Ok(p)
    }

    /// An upper estimate of the Monte Carlo's draws: per run at most (steps-1)/2 compensable
    /// steps on average, each taking 1 + f + … + f^(attempts-1) calls on average.
    pub fn expected_draws(&self) -> f64 {
        let per_step: f64 = self
            .retries
            .iter()
            .map(|&a| (0..a).map(|j| self.comp_fail.powi(j as i32)).sum::<f64>())
            .sum();
        self.runs as f64 * f64::from(self.replications) * (self.steps.len() as f64 - 1.0) / 2.0
            * per_step
            * if self.reversible_close { 2.0 } else { 1.0 }
    }
}
