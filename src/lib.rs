//! tatbikat: the models of a distributed-systems course's lessons, exact at the lessons' values
//! and faithful at any other. One core serves the CLI and, compiled to WebAssembly, the page.
//!
//! A run goes parameters → model → report → renderer: [`ParamSet`] (the one codec) → a lesson's
//! [`Definition`](lesson::Definition) → [`Report`] → [`render::lesson_text`] or JSON. The
//! lessons live in [`lessons`], one folder each, listed by its registry; everything else knows
//! them only through [`lesson::Definition`]. See ARCHITECTURE.md.

pub mod bench;
pub mod challenge;
pub mod chart;
pub mod compare;
pub mod csv;
pub mod error;
pub mod find;
pub mod jsfmt;
pub mod lesson;
pub mod lessons;
pub mod parallel;
pub mod params;
pub mod presets;
pub mod query;
pub mod render;
pub mod report;
pub mod rng;
// The SCORM package (natively for the CLI; in WebAssembly only in the packager's build).
#[cfg(all(target_arch = "wasm32", feature = "route"))]
pub mod route;
#[cfg(any(not(target_arch = "wasm32"), feature = "scorm"))]
pub mod scorm;
#[cfg(all(target_arch = "wasm32", feature = "scorm"))]
pub mod scorm_wasm;
pub mod script;
pub mod search;
pub mod stats;
pub mod sweep;
pub mod trace;
// The page's bindings; the router's build (feature `route`, see route.rs) and the packager's
// (feature `scorm`) leave them out, so their modules hold what they use only.
#[cfg(all(target_arch = "wasm32", not(feature = "route"), not(feature = "scorm")))]
pub mod wasm;

pub use error::{Error, ErrorCode};
pub use lesson::Lesson;
pub use lessons::run;
pub use params::ParamSet;
pub use report::Report;

/// Runs a share-link query and returns what the CLI prints for it in `--format lesson`.
pub fn lesson_text_for_query(query: &str) -> Result<String, Error> {
    let q = query::Query::decode(query)?;
    let params = q.params()?;
    let report = run(&params, q.section.as_deref())?;
    Ok(render::lesson_text(&report))
}
