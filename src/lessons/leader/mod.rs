//! Leader lease (Lider Kirası), the course's next lesson after Scheduler–Agent–Supervisor: a
//! singleton scheduler held by a lease among several nodes, with a crash, a pause and fencing.

pub mod model;
pub mod params;
pub mod presets;
pub mod report;

use crate::error::Error;
use crate::lesson::Definition;
use crate::params::{ParamSet, Schema};
use crate::presets::Preset;
use crate::report::Report;
use params::LeaderParams;

/// The lesson, as the registry lists it.
pub static LESSON: Leader = Leader;

/// The leader lesson's definition.
pub struct Leader;

impl Definition for Leader {
    fn schema(&self) -> &'static Schema {
        &params::SCHEMA
    }

    fn preview(&self) -> bool {
        true
    }

    fn title(&self) -> &'static str {
        "Leader lease"
    }

    fn sections(&self) -> &'static [&'static str] {
        &["measure", "daily"]
    }

    fn report(
        &self,
        set: &ParamSet,
        sections: &[&'static str],
        _progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        let p = LeaderParams::from_set(set)?;
        let mut out = Vec::with_capacity(sections.len());
        for s in sections {
            out.push(match *s {
                "daily" => report::daily(&p, &model::daily(&p)),
                _ => report::measure(&p, &model::measure(&p)),
            });
        }
        Ok(Report {
            lesson: "leader",
            sections: out,
        })
    }

    /// Node-rounds over every run of both sections (see [`LeaderParams::node_rounds`]).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(LeaderParams::from_set(set)?.node_rounds())
    }

    fn default_metric(&self) -> Option<&'static str> {
        Some("lease_sweep.longest_gap")
    }

    fn presets(&self) -> &'static [Preset] {
        presets::PRESETS
    }
}
