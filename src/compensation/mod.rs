//! Compensating transactions (Telafi Edici İşlemler), seed 003: the order of a billing workflow's
//! steps decides what a rollback can undo; compensation calls fail with DD5 and are retried.

pub mod model;
pub mod params;
pub mod real;
pub mod report;
pub mod trace;

use crate::error::Error;
use crate::params::ParamSet;
use crate::report::Report;

/// Runs the lesson and reports the given sections; `progress` hears the share done.
pub fn report(
    set: &ParamSet,
    sections: &[&'static str],
    progress: &mut dyn FnMut(f64),
) -> Result<Report, Error> {
    let p = params::CompensationParams::from_set(set)?;
    let r = model::simulate_with_progress(
        &p,
        |replicate| crate::rng::Lcg32::new(p.seed.wrapping_add(replicate)),
        progress,
    );
    let sections = sections
        .iter()
        .map(|s| match *s {
            "daily" => report::daily(&p, &r),
            _ => report::measure(&p, &r),
        })
        .collect();
    Ok(Report {
        lesson: "compensation",
        sections,
    })
}
