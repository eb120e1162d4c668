//! Scheduler–Agent–Supervisor (Zamanlayıcı–Aracı–Denetçi), seed 000: a round-based run of twelve
//! workflows with hung and permanently failing steps, with and without the supervisor's scans.

pub mod model;
pub mod params;
pub mod real;
pub mod report;
pub mod trace;

use crate::error::Error;
use crate::params::ParamSet;
use crate::report::Report;

/// Runs the lesson and reports the given sections.
pub fn report(set: &ParamSet, sections: &[&'static str]) -> Result<Report, Error> {
    let p = params::SupervisorParams::from_set(set)?;
    let r = model::simulate(&p);
    let sections = sections
        .iter()
        .map(|s| match *s {
            "daily" => report::daily(&p, &r),
            _ => report::measure(&p, &r),
        })
        .collect();
    Ok(Report {
        lesson: "supervisor",
        sections,
    })
}
