//! The workload behind the speed figures: the compensation lesson's Monte Carlo (olc.mjs) at the
//! lesson's values, so native, WASM-in-node and WASM-in-chromium runs time the same work.

use crate::compensation::model::{Totals, monte_carlo};
use crate::compensation::params::CompensationParams;
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::rng::Lcg32;

/// The lesson's Monte Carlo row for `attempts`, with `runs` runs and the lesson's other values.
pub fn monte_carlo_workload(runs: u64, attempts: u32) -> Totals {
    let set = ParamSet::defaults(Lesson::Compensation);
    let p = CompensationParams::from_set(&set).unwrap_or_else(|e| panic!("lesson defaults: {e}"));
    let r = crate::compensation::model::simulate_with(
        &CompensationParams {
            runs: 1,
            retries: vec![1],
            ..p.clone()
        },
        |_| Lcg32::new(p.seed),
    );
    let chosen = &r.orderings[r.chosen].ordering;
    let compensable: Vec<bool> = chosen
        .iter()
        .map(|&i| p.steps[i].compensation.is_some())
        .collect();
    monte_carlo(
        &compensable,
        attempts,
        p.comp_fail,
        runs,
        Lcg32::new(p.seed),
    )
}

/// One benchmark line: a workload, its size and its best time.
#[derive(Debug, Clone)]
pub struct Figure {
    /// What was measured.
    pub what: String,
    /// Runs per repetition.
    pub runs: u64,
    /// Best wall time of the repetitions, seconds.
    pub seconds: f64,
}

impl Figure {
    /// Runs per second at the best time.
    pub fn runs_per_second(&self) -> f64 {
        self.runs as f64 / self.seconds
    }
}

/// Times the Monte Carlo on this thread (native only: wasm32 has no clock here).
#[cfg(not(target_arch = "wasm32"))]
pub fn time_monte_carlo(runs: u64, attempts: u32, repetitions: u32) -> Figure {
    let mut best = f64::INFINITY;
    for _ in 0..repetitions.max(1) {
        let start = std::time::Instant::now();
        let totals = monte_carlo_workload(runs, attempts);
        std::hint::black_box(totals);
        best = best.min(start.elapsed().as_secs_f64());
    }
    Figure {
        what: format!("compensation Monte Carlo, {attempts} attempt(s)"),
        runs,
        seconds: best,
    }
}
