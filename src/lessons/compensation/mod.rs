//! Compensating transactions (Telafi Edici İşlemler), seed 003: the order of a billing workflow's
//! steps decides what a rollback can undo; compensation calls fail with DD5 and are retried.

pub mod challenges;
pub mod find;
pub mod kinds;
pub mod model;
pub mod params;
pub mod presets;
pub mod real;
pub mod report;
pub mod trace;

use crate::lesson::prelude::*;
use params::CompensationParams;

/// How its traces' states are drawn.
const STATES: &[StateStyle] = &[
    style("completed", Tone::Active, '#'),
    style("failed", Tone::Failure, 'F'),
    style("call_ok", Tone::Success, 'o'),
    style("call_failed", Tone::Alert, '!'),
    style("compensated", Tone::Reverted, 'x'),
    style("hung", Tone::Warning, 'H'),
    style("uncompensated", Tone::Strong, 'U'),
];

/// The events its timelines mark.
const MARKS: &[EventStyle] = &[
    decisive("hung", Tone::Warning, "diamond"),
    mark("call_failed", Tone::Alert, "cross"),
    mark("step_failed", Tone::Failure, "triangle"),
    decisive("uncompensated", Tone::Strong, "square"),
];

crate::lesson!(
    Compensation,
    About {
        default_metric: Some("monte_carlo.rate"),
        watch: Some(crate::watch!(STATES, MARKS)),
        presets: presets::PRESETS,
        why: presets::WHY,
        challenges: challenges::CHALLENGES,
        finder: Some(&find::Find),
        examples: &[
            "reversible_close=1&runs=20000",
            "replications=3&runs=20000",
            "comp_fail=0&trace=attempts:1,run:hung",
            "trace=attempts:2,run:hung,step:2",
            "trace=attempts:1,run:7",
        ],
        ..About::new(
            &params::SCHEMA,
            "Compensating transactions",
            &["measure", "daily"]
        )
    }
);

impl Definition for Compensation {
    /// olc.mjs's Monte Carlo (`measure`) at the lesson's values with more runs and one retry
    /// count, so native, WASM-in-node and WASM-in-chromium runs time the same work.
    fn benchmark(&self, runs: u64, attempts: u32) -> Option<(String, String)> {
        Some((
            format!("section=measure&runs={runs}&retries={attempts}"),
            format!("Monte Carlo, {attempts} attempt(s)"),
        ))
    }

    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = CompensationParams::from_set(asked.params)?;
        let r = model::simulate_with_progress(
            &p,
            |replicate| crate::rng::Lcg32::new(p.seed.wrapping_add(replicate)),
            asked.progress,
        );
        Ok(asked
            .sections
            .iter()
            .map(|s| match *s {
                "daily" => report::daily(&p, &r, asked.charts),
                _ => report::measure(&p, &r, asked.charts),
            })
            .collect())
    }

    /// Random draws of the Monte Carlo (see [`CompensationParams::expected_draws`]).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(CompensationParams::from_set(set)?.expected_draws())
    }

    /// Runs: every run of every retry-count row and replication.
    fn sweep_units(&self, set: &ParamSet) -> f64 {
        let p = CompensationParams::read(set);
        p.runs as f64 * p.retries.len() as f64 * f64::from(p.replications)
    }

    /// A Monte Carlo row is watched at its first run that leaves a step hung.
    fn trace_for(&self, table: &str, _column: &str, row: &str) -> Option<String> {
        match table {
            "monte_carlo" | "monte_carlo_exact" | "daily_attempts" => {
                Some(format!("attempts:{row},run:hung"))
            }
            _ => None,
        }
    }
}
