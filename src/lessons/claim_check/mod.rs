//! Claim check (Talep Fişi), the course's next lesson after compensating transactions: a large
//! proof of delivery inside the message, or in a store behind a reference that expires.

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
use params::ClaimCheckParams;

/// How its traces' states are drawn.
const STATES: &[StateStyle] = &[
    style("stored", Tone::Active, '#'),
    style("expired", Tone::Warning, 'x'),
    style("no_proof", Tone::Muted, '-'),
    style("refused", Tone::Failure, 'R'),
];

/// The events its timelines mark.
const MARKS: &[EventStyle] = &[
    mark("on_time", Tone::Success, "circle"),
    mark("late", Tone::Queued, "triangle"),
    mark("redelivered", Tone::Reverted, "square"),
    mark("replay", Tone::Done, "plus"),
    decisive("dangling_late", Tone::Failure, "diamond"),
    decisive("dangling_replay", Tone::Alert, "star"),
    mark("expired", Tone::Strong, "triangle_down"),
    mark("refused", Tone::Warning, "cross"),
];

crate::lesson!(
    ClaimCheck,
    About {
        preview: true,
        default_metric: Some("compare.claim@dangling"),
        watch: Some(crate::watch!(STATES, MARKS)),
        presets: presets::PRESETS,
        why: presets::WHY,
        challenges: challenges::CHALLENGES,
        finder: Some(&find::Find),
        examples: &[
            "trace=dangling",
            "trace=ttl:168,dangling",
            "trace=ttl:6,event:0",
            "lag_prob=0.5&redelivery_prob=0.5&trace=ttl:24,event:100",
            "ref_bytes=300000&trace=event:0",
        ],
        ..About::new(&params::SCHEMA, "Claim check", &["measure"])
    }
);

impl Definition for ClaimCheck {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = ClaimCheckParams::from_set(asked.params)?;
        let r = model::simulate(&p, asked.progress);
        // One section: `sections` is a non-empty subset of ["measure"].
        Ok(vec![report::measure(&p, &r, asked.charts)])
    }

    /// Events drawn and tallied (see [`ClaimCheckParams::work`]); over the budget is refused.
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(ClaimCheckParams::from_set(set)?.work())
    }

    /// A TTL of the sweep is watched at its first dangling references; the comparison's claim
    /// check column at the lesson's TTL.
    fn trace_for(&self, table: &str, column: &str, row: &str) -> Option<String> {
        match (table, column) {
            ("ttl_sweep", _) => Some(format!("ttl:{row},dangling")),
            ("compare", "claim") => Some("dangling".to_string()),
            _ => None,
        }
    }
}
