//! Claim check (Talep Fişi), the course's next lesson after compensating transactions: a large
//! proof of delivery inside the message, or in a store behind a reference that expires.

pub mod model;
pub mod params;
pub mod report;

use crate::error::Error;
use crate::lesson::Definition;
use crate::params::{ParamSet, Schema};
use crate::report::Report;
use params::ClaimCheckParams;

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
}
