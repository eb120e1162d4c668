//! The workload behind the speed figures: a lesson's own benchmark link (see
//! [`Definition::benchmark`](crate::lesson::Definition::benchmark)), run from its link as the
//! page runs it, so native, WASM-in-node and WASM-in-chromium runs time the same work. Knows no
//! lesson: the first lesson of this build that offers a benchmark is the one timed.

use crate::error::Error;
use crate::lesson::Lesson;
use crate::query::Query;

/// The link of the benchmark's workload at `runs` runs in its `variant`-th form, and its name
/// (`compensation Monte Carlo, 1 attempt(s)`).
pub fn workload(runs: u64, variant: u32) -> Result<(String, String), Error> {
    crate::lessons::ALL
        .iter()
        .find_map(|l: &Lesson| {
            let (query, what) = l.benchmark(runs, variant)?;
            Some((
                format!("lesson={}&{query}", l.id()),
                format!("{} {what}", l.id()),
            ))
        })
        .ok_or_else(|| Error::usage("bench: this build holds no lesson with a benchmark workload"))
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

/// Times the workload on this thread, best of `repetitions` (native only: wasm32 has no clock
/// here).
#[cfg(not(target_arch = "wasm32"))]
pub fn time_workload(runs: u64, variant: u32, repetitions: u32) -> Result<Figure, Error> {
    let (query, what) = workload(runs, variant)?;
    let mut best = f64::INFINITY;
    for _ in 0..repetitions.max(1) {
        let start = std::time::Instant::now();
        std::hint::black_box(run(&query)?);
        best = best.min(start.elapsed().as_secs_f64());
    }
    Ok(Figure {
        what,
        runs,
        seconds: best,
    })
}
