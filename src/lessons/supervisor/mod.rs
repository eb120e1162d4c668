//! Scheduler–Agent–Supervisor (Zamanlayıcı–Aracı–Denetçi), seed 000: a round-based run of twelve
//! workflows with hung and permanently failing steps, with and without the supervisor's scans.

pub mod model;
pub mod params;
pub mod presets;
pub mod real;
pub mod report;
pub mod simulate;
pub mod trace;

use crate::error::Error;
use crate::lesson::{Definition, Watch};
use crate::params::{ParamSet, Schema};
use crate::presets::Preset;
use crate::report::Report;
use crate::trace::{EventStyle, StateStyle, Tone, mark, style};
use params::SupervisorParams;

/// How its traces' states are drawn.
const STATES: &[StateStyle] = &[
    style("run", Tone::Active, '='),
    style("stuck", Tone::Warning, '?'),
    style("stuck_off", Tone::Warning, '?'),
    style("done", Tone::Done, '.'),
    style("compensated", Tone::Reverted, 'x'),
];

/// The events its timelines mark.
const MARKS: &[EventStyle] = &[
    mark("redrive", Tone::Strong),
    mark("wasted", Tone::Failure),
    mark("compensate", Tone::Strong),
    mark("duplicate_line", Tone::Failure),
];

/// Its runs are watched through `trace.rs`.
static WATCH: Watch = crate::watch!(STATES, MARKS);

/// The lesson, as the registry lists it.
pub static LESSON: Supervisor = Supervisor;

/// The supervisor lesson's definition.
pub struct Supervisor;

impl Definition for Supervisor {
    fn schema(&self) -> &'static Schema {
        &params::SCHEMA
    }

    fn title(&self) -> &'static str {
        "Scheduler-Agent-Supervisor"
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
        let p = SupervisorParams::from_set(set)?;
        let r = simulate::simulate(&p);
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

    /// Job-rounds: every job for every round, in the two comparison runs and each sweep run.
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        let p = SupervisorParams::from_set(set)?;
        Ok(p.jobs as f64 * f64::from(p.max_rounds) * (p.scan_sweep.len() as f64 + 2.0))
    }

    fn default_metric(&self) -> Option<&'static str> {
        Some("recovery.supervisor_on")
    }

    fn watch(&self) -> Option<&'static Watch> {
        Some(&WATCH)
    }

    /// The scan sweep's rows are runs at a scan interval; the comparison's columns are the runs
    /// without and with the supervisor.
    fn trace_for(&self, table: &str, column: &str, row: &str) -> Option<String> {
        match table {
            "scan_sweep" => Some(format!("scan:{row}")),
            "supervisor_comparison" | "recovery" => Some(
                if column == "supervisor_off" {
                    "off"
                } else {
                    "on"
                }
                .to_string(),
            ),
            _ => None,
        }
    }

    fn presets(&self) -> &'static [Preset] {
        presets::PRESETS
    }

    /// Random faults ignore the fault maps.
    fn ignored(&self, set: &ParamSet) -> Vec<&'static str> {
        if SupervisorParams::read(set).random_faults() {
            vec!["hung", "permanent"]
        } else {
            Vec::new()
        }
    }

    fn examples(&self) -> &'static [&'static str] {
        &[
            "fault_mode=random&idempotent=0",
            "idempotent=0&invoice_steps=tarife,indirim,fatura,bildirim",
            "trace=off",
            "idempotent=0&trace=on",
        ]
    }
}
