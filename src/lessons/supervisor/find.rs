//! The supervisor lesson's "find a run" (issue 36): which job hangs at which step (ASILI) and
//! which fails there for good (KALICI), one of each at most, searched for a run that leaves work
//! half-done, runs a step for nothing or compensates. The run is the lesson's own (`kosum`),
//! with the supervisor off or on as the property says.

use super::model::{Scenario, run};
use super::params::SupervisorParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::search::{Axis, Check, Finder, Property, Scope};

/// The properties, the lesson's own first.
const PROPERTIES: &[Property] = &[
    Property {
        id: "half-done-on",
        about: "a job left half-done with the supervisor on (yarimKalanIs > 0)",
    },
    Property {
        id: "half-done-off",
        about: "a job left half-done without the supervisor (yarimKalanIs > 0)",
    },
    Property {
        id: "wasted",
        about: "a step run for nothing with the supervisor on (bosaYurutulen > 0)",
    },
    Property {
        id: "compensated",
        about: "the supervisor compensates a job (telafiEdilenIs > 0)",
    },
];

/// Its search.
pub struct Find;

/// Every placement, earliest step first, then job: `(job index, step index)`.
fn placements(p: &SupervisorParams) -> Vec<(usize, usize)> {
    (0..p.steps.len())
        .flat_map(|step| (0..p.jobs).map(move |job| (job, step)))
        .collect()
}

/// An axis of single placements of `param`'s map (or none).
fn axis(param: &'static str, p: &SupervisorParams) -> Axis {
    let texts = placements(p)
        .into_iter()
        .map(|(job, step)| format!("S{}@{}", job + 1, p.steps[step]));
    Axis::faults(param, texts)
}

/// The typed values, refused when the faults are drawn at random (the search places them).
fn typed(set: &ParamSet) -> Result<SupervisorParams, Error> {
    let p = SupervisorParams::from_set(set)?;
    if p.random_faults() {
        return Err(Error::bad(
            "fault_mode",
            "random",
            "fixed: the search places the faults itself, so they are not drawn",
        ));
    }
    Ok(p)
}

impl Finder for Find {
    fn properties(&self) -> &'static [Property] {
        PROPERTIES
    }

    fn scope(&self, set: &ParamSet) -> Result<Scope, Error> {
        let p = typed(set)?;
        Ok(Scope {
            axes: vec![axis("hung", &p), axis("permanent", &p)],
        })
    }

    fn checker<'a>(
        &'a self,
        set: &'a ParamSet,
        _scope: &'a Scope,
        property: usize,
    ) -> Result<Check<'a>, Error> {
        let p = typed(set)?;
        let places = placements(&p);
        let config = p.config(property != 1, p.scan);
        let (jobs, steps) = (p.jobs, p.steps.len());
        Ok(Box::new(move |at: &[usize]| {
            let map = |i: usize| {
                let mut per_job = vec![None; jobs];
                if let Some(&(job, step)) = places.get(i.wrapping_sub(1)) {
                    per_job[job] = Some(step);
                }
                per_job
            };
            let scenario = Scenario {
                steps,
                hung: map(at[0]),
                permanent: map(at[1]),
            };
            let o = run(&scenario, &config);
            match property {
                0 | 1 => o.half_done > 0,
                2 => o.wasted > 0,
                _ => o.compensated_jobs > 0,
            }
        }))
    }
}
