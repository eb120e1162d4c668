//! The workload behind the speed figures: a lesson run from its link, as the page runs it. The
//! figures time the compensation lesson's Monte Carlo (olc.mjs, `measure`) at the lesson's values
//! with more runs and one retry count, so native, WASM-in-node and WASM-in-chromium runs time the
//! same work.

use crate::error::Error;
use crate::query::Query;

/// The link of the benchmark's workload: `runs` runs of the Monte Carlo row with `attempts`
/// compensation attempts.
pub fn monte_carlo_query(runs: u64, attempts: u32) -> String {
    format!("lesson=compensation&section=measure&runs={runs}&retries={attempts}")
}

/// Runs a link's report and returns how many table rows it printed (so the work cannot be
/// skipped).
pub fn run(query: &str) -> Result<usize, Error> {
    let q = Query::decode(query)?;
    let report = crate::lessons::run(&q.params()?, q.section.as_deref())?;
    Ok(crate::report::tables(&report.sections)
        .map(|(_, _, t)| t.rows.len())
        .sum())
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

/// Times the Monte Carlo on this thread, best of `repetitions` (native only: wasm32 has no clock
/// here).
#[cfg(not(target_arch = "wasm32"))]
pub fn time_monte_carlo(runs: u64, attempts: u32, repetitions: u32) -> Result<Figure, Error> {
    let query = monte_carlo_query(runs, attempts);
    let mut best = f64::INFINITY;
    for _ in 0..repetitions.max(1) {
        let start = std::time::Instant::now();
        std::hint::black_box(run(&query)?);
        best = best.min(start.elapsed().as_secs_f64());
    }
    Ok(Figure {
        what: format!("compensation Monte Carlo, {attempts} attempt(s)"),
        runs,
        seconds: best,
    })
}
