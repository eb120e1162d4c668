//! Tenants and quotas (Kiracılar ve Kotalar), the course's next lesson after Jobs and CronJobs:
//! three tenants share one cluster; quotas end starvation but reject, and the default request of
//! a pod that declares none moves both.

pub mod model;
pub mod params;
pub mod presets;
pub mod report;

use crate::error::Error;
use crate::lesson::Definition;
use crate::params::{ParamSet, Schema};
use crate::presets::Preset;
use crate::report::Report;
use params::QuotasParams;

/// The lesson, as the registry lists it.
pub static LESSON: Quotas = Quotas;

/// The quotas lesson's definition.
pub struct Quotas;

impl Definition for Quotas {
    fn schema(&self) -> &'static Schema {
        &params::SCHEMA
    }

    fn preview(&self) -> bool {
        true
    }

    fn title(&self) -> &'static str {
        "Tenants and quotas"
    }

    fn sections(&self) -> &'static [&'static str] {
        &["measure"]
    }

    fn report(
        &self,
        set: &ParamSet,
        sections: &[&'static str],
        _progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        let p = QuotasParams::from_set(set)?;
        let m = model::measure(&p);
        let mut out = Vec::with_capacity(sections.len());
        for _ in sections {
            out.push(report::measure(&p, &m));
        }
        Ok(Report {
            lesson: "quotas",
            sections: out,
        })
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

    fn default_metric(&self) -> Option<&'static str> {
        Some("quota_sweep.rejected_requests")
    }

    fn presets(&self) -> &'static [Preset] {
        presets::PRESETS
    }
}
