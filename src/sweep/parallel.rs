//! A sweep's points on several threads (native only), through the lessons' own runner
//! ([`crate::parallel::try_map_indexed`]): the cells back in point order, the first error in
//! point order, progress from the caller's thread. Inside a point its Monte Carlo rows and
//! replications then run serially, so the threads are not multiplied. The module runs the
//! points one by one (the page's pool is its workers).

use super::part::PointCells;
use super::plan::Plan;
use crate::error::Error;

/// The cells of points `from..to` in order, run on `jobs` threads; the first error in point
/// order.
pub fn run_points(
    plan: &Plan,
    [from, to]: [usize; 2],
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<PointCells>, Error> {
    let count = to.saturating_sub(from);
    crate::parallel::try_map_indexed(count, jobs, |i, tick| plan.point(from + i, tick), progress)
}
