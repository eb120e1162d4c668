//! The jobs lesson's "find a run" (issue 36): how few nights, and which seed of the run times
//! (SURE), make a CronJob's concurrency policy bite — a night skipped (atla), a backlog of two
//! runs or a run spilling past the last night (siraya al). The run is the lesson's own policy table at the
//! learner's values, its nights and seed the scope's (from the lesson's: `search::anchored`).

use super::model::{Policy, durations, policy};
use super::params::{JobsParams, generator, replicate_seed};
use crate::error::Error;
use crate::params::ParamSet;
use crate::search::{Axis, Check, Finder, Property, Scope};

/// Seeds tried from the lesson's (the search anchors it): seed, seed+1, … (wrapping as
/// replications do).
const SEEDS: u32 = 200;

/// The properties, the lesson's own first.
const PROPERTIES: &[Property] = &[
    Property {
        id: "night-skipped",
        about: "a night is skipped under atla (Forbid): its run would overlap the last one",
    },
    Property {
        id: "queue-two",
        about: "two runs wait at once under siraya al (queue): the backlog grows (enKuyruk >= 2)",
    },
    Property {
        id: "spill-over",
        about: "under siraya al a run starts after the last night's slot (kalan > 0)",
    },
];

/// Its search.
pub struct Find;

/// The nights (1 to the lesson's 30) and the seeds, fewest nights first: no fault in either.
fn scope_of(p: &JobsParams) -> Scope {
    Scope {
        axes: vec![
            Axis::plain("nights", (1..=p.nights).map(|n| n.to_string())),
            Axis::plain(
                "seed",
                (0..SEEDS).map(|i| replicate_seed(p.seed, i).to_string()),
            ),
        ],
    }
}

impl Finder for Find {
    fn properties(&self) -> &'static [Property] {
        PROPERTIES
    }

    fn scope(&self, set: &ParamSet) -> Result<Scope, Error> {
        Ok(scope_of(&JobsParams::from_set(set)?))
    }

    fn checker<'a>(
        &'a self,
        set: &'a ParamSet,
        _scope: &'a Scope,
        property: usize,
    ) -> Result<Check<'a>, Error> {
        let base = JobsParams::from_set(set)?;
        let seeds: Vec<u64> = (0..SEEDS).map(|i| replicate_seed(base.seed, i)).collect();
        let kind = if property == 0 {
            Policy::Skip
        } else {
            Policy::Queue
        };
        Ok(Box::new(move |at: &[usize]| {
            let p = JobsParams {
                nights: at[0] + 1,
                ..base.clone()
            };
            let Ok(mut rng) = generator(seeds[at[1]]) else {
                return false;
            };
            let r = policy(kind, &durations(&p, &mut rng), p.interval);
            match property {
                0 => r.skipped > 0,
                1 => r.max_queue >= 2,
                _ => r.spill_over > 0,
            }
        }))
    }
}
