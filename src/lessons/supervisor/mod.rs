//! Scheduler–Agent–Supervisor (Zamanlayıcı–Aracı–Denetçi), seed 000: a round-based run of twelve
//! workflows with hung and permanently failing steps, with and without the supervisor's scans.

pub mod challenges;
pub mod find;
pub mod kinds;
pub mod model;
pub mod params;
pub mod presets;
pub mod real;
pub mod report;
pub mod simulate;
pub mod trace;

use crate::lesson::prelude::*;
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
    mark("redrive", Tone::Success, "circle"),
    decisive("wasted", Tone::Failure, "diamond"),
    mark("compensate", Tone::Reverted, "square"),
    decisive("duplicate_line", Tone::Strong, "cross"),
];

crate::lesson!(
    Supervisor,
    About {
        default_metric: Some("recovery.supervisor_on"),
        watch: Some(crate::watch!(STATES, MARKS)),
        presets: presets::PRESETS,
        why: presets::WHY,
        challenges: challenges::CHALLENGES,
        finder: Some(&find::Find),
        examples: &[
            "fault_mode=random&idempotent=0",
            "idempotent=0&invoice_steps=tarife,indirim,fatura,bildirim",
            "trace=off",
            "idempotent=0&trace=on",
        ],
        ..About::new(
            &params::SCHEMA,
            "Scheduler-Agent-Supervisor",
            &["measure", "daily"]
        )
    }
);

impl Definition for Supervisor {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = SupervisorParams::from_set(asked.params)?;
        let r = simulate::simulate(&p);
        Ok(asked
            .sections
            .iter()
            .map(|s| match *s {
                "daily" => report::daily(&p, &r),
                _ => report::measure(&p, &r, asked.charts),
            })
            .collect())
    }

    /// Job-rounds: every job for every round, in the two comparison runs and each sweep run.
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        let p = SupervisorParams::from_set(set)?;
        Ok(p.jobs as f64 * f64::from(p.max_rounds) * (p.scan_sweep.len() as f64 + 2.0))
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

    /// Random faults ignore the fault maps.
    fn ignored(&self, set: &ParamSet) -> Vec<&'static str> {
        if SupervisorParams::read(set).random_faults() {
            vec!["hung", "permanent"]
        } else {
            Vec::new()
        }
    }
}
