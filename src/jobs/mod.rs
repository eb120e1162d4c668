//! Jobs and CronJobs (İşler ve Zamanlanmış İşler), seed 001: the completion guarantee of a Job's
//! retry limit, parallelism, and a CronJob's overlap policies over thirty nights.

pub mod model;
pub mod params;
pub mod real;
pub mod report;
pub mod trace;

use crate::error::Error;
use crate::params::ParamSet;
use crate::report::Report;

/// Runs the lesson and reports the given sections (it has one, `measure`).
pub fn report(set: &ParamSet, sections: &[&'static str]) -> Result<Report, Error> {
    let p = params::JobsParams::from_set(set)?;
    let generators = (0..p.replications.max(1))
        .map(|i| params::generator(params::replicate_seed(p.seed, i)))
        .collect::<Result<Vec<_>, _>>()?;
    let r = model::simulate(&p, |i| generators[i as usize].clone());
    let sections = sections.iter().map(|_| report::measure(&p, &r)).collect();
    Ok(Report {
        lesson: "jobs",
        sections,
    })
}
