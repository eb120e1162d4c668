//! A sweep's points on several threads (native only): workers take the next point from a shared
//! counter, the reports are put back in point order, and progress is told from the caller's
//! thread as points finish. The module runs them one by one (the page's pool is its workers).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::error::Error;
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::report::Report;

/// Every point's report in order, run on `jobs` threads; the first error in point order.
pub fn run_points(
    lesson: Lesson,
    sets: &[ParamSet],
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<Report>, Error> {
    let next = AtomicUsize::new(0);
    let (done, finished) = mpsc::channel::<(usize, Result<Report, Error>)>();
    let mut results: Vec<Option<Result<Report, Error>>> = (0..sets.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(sets.len()) {
            let done = done.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(set) = sets.get(i) else { break };
                    let report = lesson.run(set, None, &mut |_| {});
                    let failed = report.is_err();
                    if done.send((i, report)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(done);
        let mut count = 0;
        for (i, report) in finished {
            count += 1;
            progress(count as f64 / sets.len() as f64);
            results[i] = Some(report);
        }
    });
    // In point order: the reports up to the first error (a point after it may not have run).
    let mut reports = Vec::with_capacity(sets.len());
    for r in results {
        match r {
            Some(Ok(report)) => reports.push(report),
            Some(Err(e)) => return Err(e),
            None => unreachable!("every point before an error has run"),
        }
    }
    Ok(reports)
}
