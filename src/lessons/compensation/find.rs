//! The compensation lesson's "find a run" (issue 36): how many compensation attempts (telafi
//! denemesi), how few runs — run i fails at step i mod steps, so the runs say which steps fail —
//! and which seed of the generator, i.e. which compensation calls fail (DD5), leave a saga
//! half-compensated or retry a call. The run is the lesson's own Monte Carlo row (olc.mjs) over
//! its chosen ordering, at the scope's attempts, runs and seed.

use super::model::{choose, compensable_of, monte_carlo, ordering_rows};
use super::params::CompensationParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::rng::Lcg32;
use crate::search::{Axis, Check, Finder, Property, Scope};

/// Runs tried at most, per step of the workflow: every step fails this many times at most.
const CYCLES: u64 = 8;

/// Seeds tried from the lesson's (the search anchors it: `search::anchored`): seed, seed+1, …
/// (wrapping at 2^32, as replications do).
const SEEDS: u32 = 500;

/// The properties, the lesson's own first.
const PROPERTIES: &[Property] = &[
    Property {
        id: "left-hung",
        about: "a saga left half-compensated: a compensation fails every attempt and the step hangs (askida is > 0)",
    },
    Property {
        id: "two-hung",
        about: "two sagas left half-compensated in one Monte Carlo row (askida is >= 2)",
    },
    Property {
        id: "retried",
        about: "a compensation call fails and is retried: more calls than completed compensable steps (telafi cagrisi)",
    },
];

/// Its search.
pub struct Find;

/// The scope's values at these parameters (the lesson's for the axes: `search::anchored`): the
/// attempt counts (smallest first), the runs 1 to [`CYCLES`] × steps (or fewer runs), the seeds.
fn values(p: &CompensationParams) -> (Vec<u32>, u64, Vec<u32>) {
    let attempts = crate::trace::sorted_distinct(p.retries.iter().copied());
    let runs = p.runs.min(CYCLES * p.steps.len() as u64);
    let seeds = (0..SEEDS).map(|i| p.seed.wrapping_add(i)).collect();
    (attempts, runs, seeds)
}

impl Finder for Find {
    fn properties(&self) -> &'static [Property] {
        PROPERTIES
    }

    fn scope(&self, set: &ParamSet) -> Result<Scope, Error> {
        let (attempts, runs, seeds) = values(&CompensationParams::from_set(set)?);
        let text = |v: &u32| v.to_string();
        Ok(Scope {
            axes: vec![
                Axis::plain("retries", attempts.iter().map(text)),
                Axis::plain("runs", (1..=runs).map(|n| n.to_string())),
                Axis::plain("seed", seeds.iter().map(text)),
            ],
        })
    }

    fn checker<'a>(
        &'a self,
        set: &'a ParamSet,
        _scope: &'a Scope,
        property: usize,
    ) -> Result<Check<'a>, Error> {
        let p = CompensationParams::from_set(set)?;
        let (attempts, _, seeds) = values(&p);
        let orderings = ordering_rows(&p);
        let ordering = orderings
            .get(choose(&orderings))
            .map(|o| o.ordering.clone())
            .unwrap_or_default();
        let comp = compensable_of(&p, &ordering);
        // The calls of runs 0..n when none fails: run i undoes the compensable steps before
        // step i mod steps.
        let before: Vec<u64> = (0..comp.len())
            .map(|k| comp[..k].iter().filter(|c| **c).count() as u64)
            .collect();
        let fail = p.comp_fail;
        Ok(Box::new(move |at: &[usize]| {
            let runs = at[1] as u64 + 1;
            let t = monte_carlo(&comp, attempts[at[0]], fail, runs, Lcg32::new(seeds[at[2]]));
            match property {
                0 => t.hung_jobs > 0,
                1 => t.hung_jobs >= 2,
                _ => {
                    let n = before.len() as u64;
                    let error_free: u64 = (0..runs).map(|i| before[(i % n) as usize]).sum();
                    t.calls > error_free
                }
            }
        }))
    }
}
