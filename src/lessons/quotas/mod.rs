//! Tenants and quotas (Kiracılar ve Kotalar), the course's next lesson after Jobs and CronJobs:
//! three tenants share one cluster; quotas end starvation but reject, and the default request of
//! a pod that declares none moves both.

pub mod challenges;
pub mod find;
pub mod kinds;
pub mod model;
pub mod params;
pub mod presets;
pub mod report;
pub mod trace;

use crate::lesson::prelude::*;
use params::QuotasParams;

/// How its traces' states are drawn: the units (by tenant, or free), each tenant's units in use
/// and its queue.
const STATES: &[StateStyle] = &[
    style("olcum", Tone::Active, 'o'),
    style("portal", Tone::Success, 'p'),
    style("rapor", Tone::Reverted, 'r'),
    style("free", Tone::Muted, '.'),
    style("idle_waiting", Tone::Warning, '-'),
    style("in_use", Tone::Active, '#'),
    style("unused", Tone::Muted, '.'),
    style("empty", Tone::Done, '.'),
    style("waiting", Tone::Queued, 'w'),
    style("over_quota", Tone::Failure, 'x'),
];

/// The events its timelines mark: requests first rejected over the quota, first waiting on
/// capacity.
const MARKS: &[EventStyle] = &[
    decisive("rejected", Tone::Failure, "cross"),
    decisive("starved", Tone::Warning, "triangle_down"),
];

crate::lesson!(
    Quotas,
    About {
        preview: true,
        default_metric: Some("quota_sweep.rejected_requests"),
        watch: Some(crate::watch!(STATES, MARKS)),
        presets: presets::PRESETS,
        why: presets::WHY,
        challenges: challenges::CHALLENGES,
        finder: Some(&find::Find),
        examples: &["trace=quota:none", "trace=quota:6/3/3", "trace=quota:8/2/2"],
        ..About::new(&params::SCHEMA, "Tenants and quotas", &["measure"])
    }
);

impl Definition for Quotas {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = QuotasParams::from_set(asked.params)?;
        let m = model::measure(&p);
        let mut out = Vec::with_capacity(asked.sections.len());
        for _ in asked.sections {
            out.push(report::measure(&p, &m, asked.charts));
        }
        Ok(out)
    }

    /// Queue visits at most (see [`QuotasParams::queue_visits`]).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(QuotasParams::from_set(set)?.queue_visits())
    }

    /// Rounds: every round of every run.
    fn sweep_units(&self, set: &ParamSet) -> f64 {
        let p = QuotasParams::read(set);
        f64::from(p.rounds) * p.runs() as f64
    }

    /// The quota sweep's rows are runs at that quota.
    fn trace_for(&self, table: &str, _column: &str, row: &str) -> Option<String> {
        (table == "quota_sweep").then(|| format!("quota:{row}"))
    }
}
