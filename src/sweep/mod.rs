//! Sweep anything (issue 4): run the lesson at every value of one numeric parameter (a line
//! chart) or two (a heatmap) and read one metric — any numeric column of any table the lesson
//! prints — from each run's own report, so every point is exactly the table of that single run.
//!
//! Codec (one text form for the CLI, the URL and the JSON): an axis is `name:values` (or
//! `name=values`), values a list `1,2,4` or a range `a..b` (whole numbers) / `a..b:n` (n evenly
//! spaced points); the metric is `table.column`, with `@row` choosing the row a heatmap shows.

pub mod batch;
mod options;
mod out;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
pub mod part;
mod plan;
mod spec;

pub use options::{AxisOption, MetricOption, RowOption, SweepOptions, options};
pub use out::{Panel, PanelRef, SeriesOut, Sweep, behind, text};
pub use part::PointCells;
pub use plan::{Plan, join_parts, parts, plan, run_range};
pub use spec::{
    AxisSpec, MAX_AXIS, MAX_METRICS, MAX_POINTS, MAX_WORK, Metric, SweepSpec, default_metric,
    metrics, parse, parse_axis, parse_metric, sweepable,
};

use crate::error::Error;

/// Runs the sweep, telling `progress` the share done.
pub fn run(
    base: &crate::params::ParamSet,
    spec: &SweepSpec,
    progress: &mut dyn FnMut(f64),
) -> Result<Sweep, Error> {
    run_jobs(base, spec, 1, progress)
}

/// As [`run`], with the points shared among `jobs` threads (natively; one in WebAssembly). Every
/// point is independent work with its own generators, so the result is the serial one.
pub fn run_jobs(
    base: &crate::params::ParamSet,
    spec: &SweepSpec,
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Sweep, Error> {
    let plan = plan(base, spec)?;
    let cells = run_points(&plan, [0, plan.len()], jobs, progress)?;
    plan.join(&cells)
}

/// The cells of points `from..to` of `plan`, in order, on up to `jobs` threads (natively); the
/// first error in point order, as a serial run gives it.
fn run_points(
    plan: &Plan,
    range: [usize; 2],
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<PointCells>, Error> {
    #[cfg(not(target_arch = "wasm32"))]
    if jobs > 1 && range[1] > range[0] + 1 {
        return parallel::run_points(plan, range, jobs, progress);
    }
    let _ = jobs;
    run_range(std::slice::from_ref(plan), range[0], range[1], progress)
}
