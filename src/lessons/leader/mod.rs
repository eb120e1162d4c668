//! Leader lease (Lider Kirası), the course's next lesson after Scheduler–Agent–Supervisor: a
//! singleton scheduler held by a lease among several nodes, with a crash, a pause and fencing.

pub mod challenges;
pub mod exact;
pub mod find;
pub mod kinds;
pub mod model;
pub mod params;
pub mod presets;
pub mod report;
pub mod trace;

use crate::lesson::prelude::*;
use params::LeaderParams;

/// How its traces' states are drawn: the nodes' and the lease record's.
const STATES: &[StateStyle] = &[
    style("follower", Tone::Muted, '.'),
    style("paused", Tone::Queued, 'z'),
    style("leader", Tone::Active, '#'),
    style("frozen", Tone::Warning, 'Z'),
    style("fenced", Tone::Failure, '!'),
    style("crashed", Tone::Strong, 'X'),
    style("held", Tone::Done, '='),
    style("expired", Tone::Warning, '-'),
];

/// The events its timelines mark (a round run twice is the whole track's: a line); what the
/// lesson is about is a stale leader's work, run twice or rejected by the fenced store.
const MARKS: &[EventStyle] = &[
    mark("renew", Tone::Done, "circle"),
    mark("takeover", Tone::Success, "triangle"),
    mark("step_down", Tone::Warning, "square"),
    decisive("rejected", Tone::Strong, "cross"),
    decisive("double_run", Tone::Failure, "line"),
];

crate::lesson!(
    Leader,
    About {
        preview: true,
        default_metric: Some("lease_sweep.longest_gap"),
        watch: Some(crate::watch!(STATES, MARKS)),
        presets: presets::PRESETS,
        why: presets::WHY,
        challenges: challenges::CHALLENGES,
        finder: Some(&find::Find),
        examples: &[
            "trace=fencing:0",
            "trace=fencing:1",
            "trace=fencing:0,lease:16",
            "pause=N3@10%2B4&trace=fencing:1",
        ],
        ..About::new(&params::SCHEMA, "Leader lease", &["measure", "daily"])
    }
);

impl Definition for Leader {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = LeaderParams::from_set(asked.params)?;
        let mut out = Vec::with_capacity(asked.sections.len());
        for s in asked.sections {
            out.push(match *s {
                "daily" => report::daily(&p, &model::daily(&p), asked.charts),
                _ => report::measure(&p, &model::measure(&p), asked.charts),
            });
        }
        Ok(out)
    }

    /// Node-rounds over every run of both sections (see [`LeaderParams::node_rounds`]).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(LeaderParams::from_set(set)?.node_rounds())
    }

    /// The lease sweep's rows (and the daily ones) are runs at a lease without fencing; the
    /// fencing table's columns are the lesson's run without and with fencing.
    fn trace_for(&self, table: &str, column: &str, row: &str) -> Option<String> {
        match (table, column) {
            ("lease_sweep" | "daily_sweep", _) => Some(format!("fencing:0,lease:{row}")),
            ("fencing", "unfenced") => Some("fencing:0".into()),
            ("fencing", "fenced") => Some("fencing:1".into()),
            _ => None,
        }
    }
}
