//! A sweep's points on several threads (native only), through the lessons' own runner
//! ([`crate::parallel::try_map_indexed`]): the cells back in point order, the first error in
//! point order, progress from the caller's thread. Inside a point its Monte Carlo rows and
//! replications then run serially, so the threads are not multiplied. The module runs the
//! points one by one (the page's pool is its workers).

use super::{Plan, PointCells};
use crate::error::Error;

/// Every point's cells in order, run on `jobs` threads; the first error in point order.
pub fn run_points(
    plan: &Plan,
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<PointCells>, Error> {
    crate::parallel::try_map_indexed(plan.len(), jobs, |i, tick| plan.point(i, tick), progress)
}
