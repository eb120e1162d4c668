//! The first-load WebAssembly module's stand-in for [`presets`](../presets/index.html): it
//! knows no claim and refuses every `preset=` by name, so the page asks the full module, which
//! has the claims, their links and their highlights (kept out of the first load for its size).

use serde::Serialize;

use crate::error::{Error, ErrorCode};
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::report::Report;

/// A claim (never made in this module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Its id.
    pub id: &'static str,
    /// Its lesson.
    pub lesson: Lesson,
}

impl Preset {
    /// The claim's parameters.
    pub fn params(&self) -> Result<ParamSet, Error> {
        Ok(ParamSet::defaults(self.lesson))
    }
}

/// Every `preset=` is refused here: the full module has the claims.
pub fn find(id: &str, _lesson: Option<Lesson>) -> Result<&'static Preset, Error> {
    Err(Error {
        code: ErrorCode::NeedsFullModule,
        param: Some("preset".into()),
        value: Some(id.to_string()),
        allowed: "this module leaves out the lessons' claims; the full module shows them".into(),
    })
}

/// A claim shown with a report (never made in this module).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shown {}

/// Never called: [`find`] finds nothing.
pub fn shown(_: &Preset, _: &Report) -> Shown {
    Shown {}
}
