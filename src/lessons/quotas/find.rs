//! The quotas lesson's "find a run" (issue 36): how big a burst of the nightly job (olcum's
//! dilim), which quota triple (KOTA) and which seed of the arrivals make the quotas break their
//! promise — a request starved for free units, a tenant waiting longer than anyone waits without
//! quotas, units idle while a request waits. The run is the lesson's own (`kosum`) with the quota
//! triple, and without quotas where the property compares.

use super::model::{Arrivals, Run, arrivals, run_on};
use super::params::{QuotasParams, generator};
use crate::error::Error;
use crate::params::ParamSet;
use crate::rng::Minstd;
use crate::search::{Axis, Check, Finder, Property, Scope};

/// Seeds tried from the lesson's (the search anchors it): seed, seed+1, … (wrapping past the
/// generator's largest to 1).
const SEEDS: u32 = 8;

/// The properties, the lesson's own first.
const PROPERTIES: &[Property] = &[
    Property {
        id: "starved",
        about: "a request waits for free units under the quotas (ac kalan > 0 with kota)",
    },
    Property {
        id: "longer-wait",
        about: "under the quotas a tenant waits longer than any waits without them (en uzun bekleme)",
    },
    Property {
        id: "idle-waiting",
        about: "units stay idle while a request waits under the quotas (bekleyen varken bosta > 0)",
    },
];

/// Its search.
pub struct Find;

/// The scope's values at these parameters (the lesson's for the axes: `search::anchored`): burst
/// sizes 0 to `night_slices`; every quota triple from each tenant's own request (a quota below
/// it never admits one) to the largest quota named (in `quotas` or the learner's `quota_sweep`,
/// at most the capacity, at least the request), smallest sum first, then in order; the seeds.
fn values(p: &QuotasParams) -> (Vec<u32>, Vec<[i64; 3]>, Vec<u64>) {
    let largest = p
        .quota_sweep
        .iter()
        .flatten()
        .chain(&p.quotas)
        .copied()
        .max()
        .unwrap_or(1)
        .min(p.capacity);
    let [a, b, c] = [p.night_units, p.portal_units, p.default_request].map(|u| u..=largest.max(u));
    let mut quotas: Vec<[i64; 3]> = a
        .flat_map(|x| {
            let c = c.clone();
            b.clone()
                .flat_map(move |y| c.clone().map(move |z| [x, y, z]))
        })
        .collect();
    quotas.sort_by_key(|q| (q.iter().sum::<i64>(), *q));
    let seeds = (0..SEEDS)
        .map(|i| 1 + (p.seed - 1 + u64::from(i)) % (Minstd::MODULUS - 1))
        .collect();
    ((0..=p.night_slices).collect(), quotas, seeds)
}

/// A run's longest wait over the tenants (en uzun bekleme).
fn longest(r: &Run) -> i64 {
    r.tenants.iter().map(|k| k.longest_wait).max().unwrap_or(0)
}

impl Finder for Find {
    fn properties(&self) -> &'static [Property] {
        PROPERTIES
    }

    fn scope(&self, set: &ParamSet) -> Result<Scope, Error> {
        let (slices, quotas, seeds) = values(&QuotasParams::from_set(set)?);
        Ok(Scope {
            axes: vec![
                Axis::plain("night_slices", slices.iter().map(|s| s.to_string())),
                Axis::plain(
                    "quotas",
                    quotas.iter().map(|[a, b, c]| format!("{a},{b},{c}")),
                ),
                Axis::plain("seed", seeds.iter().map(|s| s.to_string())),
            ],
        })
    }

    fn checker<'a>(
        &'a self,
        set: &'a ParamSet,
        _scope: &'a Scope,
        property: usize,
    ) -> Result<Check<'a>, Error> {
        let base = QuotasParams::from_set(set)?;
        let (slices, quotas, seeds) = values(&base);
        // Every run of the scope is the lesson's own, at a burst size and a seed.
        for &seed in &seeds {
            generator(seed)?;
        }
        // The lesson's values at each burst size and seed (the quota triple is the run's own
        // argument), made once: index slice × seeds + seed.
        let count = seeds.len();
        let runs: Vec<QuotasParams> = slices
            .iter()
            .flat_map(|&night_slices| seeds.iter().map(move |&seed| (night_slices, seed)))
            .map(|(night_slices, seed)| QuotasParams {
                night_slices,
                seed,
                ..base.clone()
            })
            .collect();
        // Each seed's arrivals, drawn once: the burst size and the quota do not change them
        // (the first burst size's entries hold every seed, in order).
        let drawn: Vec<Arrivals> = runs[..count].iter().map(arrivals).collect();
        // The longest wait without quotas at each of them, for the property that compares (the
        // quota triple does not change it).
        let open: Vec<i64> = if property == 1 {
            runs.iter()
                .enumerate()
                .map(|(i, p)| {
                    let r = run_on(p, &drawn[i % count], p.default_request, None, &mut ());
                    longest(&r)
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Box::new(move |at: &[usize]| {
            let i = at[0] * count + at[2];
            let p = &runs[i];
            let r = run_on(
                p,
                &drawn[at[2]],
                p.default_request,
                Some(quotas[at[1]]),
                &mut (),
            );
            match property {
                0 => r.starved > 0,
                1 => longest(&r) > open[i],
                _ => r.idle_waiting > 0,
            }
        }))
    }
}
