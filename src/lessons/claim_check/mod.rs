//! Claim check (Talep Fişi), the course's next lesson after compensating transactions: a large
//! proof of delivery inside the message, or in a store behind a reference that expires.

pub mod exact;
pub mod model;
pub mod params;
pub mod presets;
pub mod report;
pub mod trace;

use crate::error::Error;
use crate::lesson::{Definition, Watch};
use crate::params::{ParamSet, Schema};
use crate::presets::Preset;
use crate::report::Report;
use crate::trace::{EventStyle, StateStyle, Tone, mark, style};
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
    mark("on_time", Tone::Success),
    mark("late", Tone::Queued),
    mark("redelivered", Tone::Active),
    mark("replay", Tone::Done),
    mark("dangling_late", Tone::Failure),
    mark("dangling_replay", Tone::Failure),
    mark("expired", Tone::Strong),
    mark("refused", Tone::Failure),
];

/// Its runs are watched through `trace.rs`.
static WATCH: Watch = crate::watch!(STATES, MARKS);

/// The lesson, as the registry lists it.
pub static LESSON: ClaimCheck = ClaimCheck;

/// The claim check lesson's definition.
pub struct ClaimCheck;

impl Definition for ClaimCheck {
    fn schema(&self) -> &'static Schema {
        &params::SCHEMA
    }

    fn preview(&self) -> bool {
        true
    }

    fn title(&self) -> &'static str {
        "Claim check"
    }

    fn sections(&self) -> &'static [&'static str] {
        &["measure"]
    }

    fn report(
        &self,
        set: &ParamSet,
        _sections: &[&'static str],
        progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        let p = ClaimCheckParams::from_set(set)?;
        let r = model::simulate(&p, progress);
        Ok(Report {
            lesson: "claim_check",
            // One section: `sections` is a non-empty subset of ["measure"].
            sections: vec![report::measure(&p, &r)],
        })
    }

    /// Events drawn and tallied (see [`ClaimCheckParams::work`]); over the budget is refused.
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(ClaimCheckParams::from_set(set)?.work())
    }

    fn default_metric(&self) -> Option<&'static str> {
        Some("compare.claim@dangling")
    }

    fn watch(&self) -> Option<&'static Watch> {
        Some(&WATCH)
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

    fn presets(&self) -> &'static [Preset] {
        presets::PRESETS
    }

    fn examples(&self) -> &'static [&'static str] {
        &[
            "trace=dangling",
            "trace=ttl:168,dangling",
            "trace=ttl:6,event:0",
            "lag_prob=0.5&redelivery_prob=0.5&trace=ttl:24,event:100",
            "ref_bytes=300000&trace=event:0",
        ]
    }
}
