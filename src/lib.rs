//! tatbikat: the models of three distributed-systems lessons (Scheduler–Agent–Supervisor, Jobs
//! and CronJobs, Compensating transactions), exact at the lessons' values and faithful at any
//! other. One core serves the CLI and, compiled to WebAssembly, the playground page.
//!
//! A run goes parameters → model → report → renderer:
//! [`ParamSet`] (the one codec) → `<lesson>::model::simulate` → [`report::Report`] →
//! [`render::lesson_text`] or [`render::json`].

pub mod bench;
pub mod chart;
pub mod compensation;
pub mod csv;
pub mod error;
pub mod jobs;
pub mod jsfmt;
pub mod lesson;
pub mod params;
pub mod presets;
pub mod query;
pub mod render;
pub mod report;
pub mod rng;
pub mod stats;
pub mod supervisor;
pub mod sweep;
pub mod trace;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::{Error, ErrorCode};
pub use lesson::{Lesson, run};
pub use params::ParamSet;
pub use report::Report;

/// Runs a share-link query and returns what the CLI prints for it in `--format lesson`.
pub fn lesson_text_for_query(query: &str) -> Result<String, Error> {
    let q = query::Query::decode(query)?;
    let params = q.params()?;
    let report = run(&params, q.section.as_deref())?;
    Ok(render::lesson_text(&report))
}
