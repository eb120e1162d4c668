//! The compensation lesson's parameters (telafi/akis.mjs, olc.mjs, bedel.mjs) and their typed form.

use super::kinds::{StepList, StepSpec};
use crate::error::Error;
use crate::params::{Kind, ParamSet};

/// The lesson's steps: period close (irreversible), invoice line, collection record, supplier
/// notice (irreversible), with their compensations and dependencies.
pub const DEFAULT_STEPS: &str = "donem-kapat,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)";

crate::declare_params! {
    /// The lesson's parameters, typed; every constant of the lesson, its values the defaults.
    pub struct CompensationParams for "compensation" {
        steps: Vec<StepSpec> = DEFAULT_STEPS, Kind::Custom(&StepList { max_len: 8 }),
            "ADIM", "the workflow's steps as name[:compensation][(after/after)]; no compensation = cannot be undone";
        seed: u32 = "20260730", Kind::Seed { min: 0, max: 4_294_967_295, },
            "uretec(20260730)", "seed of the lesson's 32-bit generator, fresh for every retry-count row";
        comp_fail: f64 = "0.05", Kind::Prob,
            "DD5, HATA", "probability that one compensation call fails";
        retries: Vec<u32> = "1,2,3", Kind::IntList { min: 1, max: 20, max_len: 8, },
            "telafi denemesi", "compensation attempts per step, one Monte Carlo row each";
        runs: u64 = "100000", Kind::Int { min: 1, max: 1_000_000_000, },
            "N", "failed workflows simulated per row; the failing step is run mod steps";
        replications: u32 = "1", Kind::Int { min: 1, max: 100 },
            "(tatbikat)", "Monte Carlo runs with seeds seed, seed+1, ... for the spread of the hung rate (beyond the lesson)";
        daily_workflows: u64 = "4000", Kind::Int { min: 1, max: 1_000_000_000, },
            "FATURA", "workflows (invoice lines) per day for the daily cost";
        failure_rate: f64 = "0.02", Kind::Prob,
            "KK2", "share of daily workflows that fail and roll back";
        round_s: f64 = "0.25", Kind::Real { min: 0.000_001, max: 86_400.0, min_open: false, },
            "DD6, TUR", "seconds one rollback round takes";
        hang_close_h: f64 = "4", Kind::Real { min: 0.0, max: 8_760.0, min_open: false, },
            "DD7, ASKIDA_SAAT", "hours until a hung workflow is closed by hand";
        round_factor: f64 = "4", Kind::Real { min: 0.000_001, max: 1_000.0, min_open: false, },
            "TUR * 4", "factor on the round time in the DD6 sensitivity line";
        #[extension]
        reversible_close: bool = "0", Kind::Switch,
            "(tatbikat)", "make irreversible steps that others depend on (donem-kapat) compensable";
    }
}

/// The most random draws one request may ask of the Monte Carlo (about half a minute natively).
pub const DRAW_BUDGET: f64 = 2e10;

impl CompensationParams {
    /// Reads the typed parameters; a Monte Carlo beyond [`DRAW_BUDGET`] is refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self::read(set);
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
            )
            .keyed(
                "refuse.compensation.draws",
                &[
                    ("draws", &crate::jsfmt::number_to_string(draws.round())),
                    ("max", &crate::jsfmt::number_to_string(DRAW_BUDGET)),
                ],
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
