//! Jobs and CronJobs (İşler ve Zamanlanmış İşler), seed 001: the completion guarantee of a Job's
//! retry limit, parallelism, and a CronJob's overlap policies over thirty nights.

pub mod challenges;
pub mod find;
pub mod model;
pub mod params;
pub mod presets;
pub mod real;
pub mod report;
pub mod trace;

use crate::lesson::prelude::*;
use params::JobsParams;

/// How its traces' states are drawn.
const STATES: &[StateStyle] = &[
    style("queued", Tone::Queued, '-'),
    style("running", Tone::Active, '='),
    style("skipped", Tone::Muted, '*'),
    style("attempt_ok", Tone::Success, '*'),
    style("attempt_failed", Tone::Failure, '*'),
];

/// The events its timelines mark.
const MARKS: &[EventStyle] = &[
    decisive("killed", Tone::Failure, "cross"),
    decisive("skip", Tone::Strong, "square"),
    mark("start_late", Tone::Queued, "triangle"),
    decisive("night_failed", Tone::Failure, "diamond"),
];

crate::lesson!(
    Jobs,
    About {
        default_metric: Some("retry_limit.completed_nights"),
        watch: Some(crate::watch!(STATES, MARKS)),
        presets: presets::PRESETS,
        why: presets::WHY,
        challenges: challenges::CHALLENGES,
        examples: &[
            "replace_policy=1",
            "replace_policy=1&starting_deadline=2&trace=limit:1",
            "failed_pod_ttl=24&backoff=1&replications=3",
        ],
        finder: Some(&find::Find),
        ..About::new(&params::SCHEMA, "Jobs and CronJobs", &["measure"])
    }
);

impl Definition for Jobs {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = JobsParams::from_set(asked.params)?;
        let generators = (0..p.replications.max(1))
            .map(|i| params::generator(params::replicate_seed(p.seed, i)))
            .collect::<Result<Vec<_>, _>>()?;
        let r =
            model::simulate_with_progress(&p, |i| generators[i as usize].clone(), asked.progress);
        Ok(asked
            .sections
            .iter()
            .map(|_| report::measure(&p, &r, asked.charts))
            .collect())
    }

    /// Random draws, at most (see [`JobsParams::draws`]).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(JobsParams::from_set(set)?.draws())
    }

    /// Nights: every night of each retry-limit row and of the three overlap policies.
    fn sweep_units(&self, set: &ParamSet) -> f64 {
        let p = JobsParams::read(set);
        p.nights as f64 * (p.retry_limits.len() as f64 + 3.0) * f64::from(p.replications)
    }

    /// A retry-limit row is the nights' attempts under that limit; the overlap policies are the
    /// Gantt of the default run.
    fn trace_for(&self, table: &str, _column: &str, row: &str) -> Option<String> {
        match table {
            "retry_limit" | "retry_exact" => Some(format!("limit:{row}")),
            "overlap" => Some(String::new()),
            _ => None,
        }
    }
}
