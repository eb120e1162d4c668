//! The claim check lesson's "find a run" (issue 36): how few status events in a day, which
//! payload lifetime of the TTL sweep (ttl taramasi) and which seed of the generator — which
//! events carry a proof, which consumer reads late and by how much — make a claim check (talep
//! fisi) dangle or a message overflow the queue. The run is the lesson's own day (`olaylar`)
//! tallied as `kosum` does, at the scope's events, TTL and seed.

use super::model::{Tally, day};
use super::params::ClaimCheckParams;
use crate::error::Error;
use crate::jsfmt::number_to_string;
use crate::params::ParamSet;
use crate::search::{Axis, Check, Finder, Property, Scope};

/// The most events in a searched day (the lesson's, if fewer).
const EVENTS: u64 = 24;

/// Seeds tried from the lesson's (the search anchors it: `search::anchored`): seed, seed+1, …
/// (wrapping at 2^32).
const SEEDS: u32 = 1000;

/// The properties, the lesson's own first.
const PROPERTIES: &[Property] = &[
    Property {
        id: "dangles",
        about: "a claim check dangles: a read finds its payload expired (sarkan baslangic > 0)",
    },
    Property {
        id: "late-dangles",
        about: "a consumer's late read finds its payload expired (sarkan, gec okumadan > 0)",
    },
    Property {
        id: "too-large",
        about: "with the proof inside, a message is over the queue's limit (siniri asan ileti > 0)",
    },
];

/// Its search.
pub struct Find;

/// The scope's values at these parameters: events 1 to [`EVENTS`] (or the lesson's), the TTL
/// sweep's lifetimes shortest first, the seeds.
fn values(p: &ClaimCheckParams) -> (u64, Vec<f64>, Vec<u32>) {
    let mut ttls = p.ttl_sweep.clone();
    ttls.sort_by(f64::total_cmp);
    ttls.dedup();
    let seeds = (0..SEEDS).map(|i| p.seed.wrapping_add(i)).collect();
    (p.events.min(EVENTS), ttls, seeds)
}

impl Finder for Find {
    fn properties(&self) -> &'static [Property] {
        PROPERTIES
    }

    fn scope(&self, set: &ParamSet) -> Result<Scope, Error> {
        let (events, ttls, seeds) = values(&ClaimCheckParams::from_set(set)?);
        Ok(Scope {
            axes: vec![
                Axis::plain("events", (1..=events).map(|n| n.to_string())),
                Axis::plain("ttl_h", ttls.iter().map(|&h| number_to_string(h))),
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
        let base = ClaimCheckParams::from_set(set)?;
        let (_, ttls, seeds) = values(&base);
        Ok(Box::new(move |at: &[usize]| {
            let p = ClaimCheckParams {
                events: at[0] as u64 + 1,
                seed: seeds[at[2]],
                ..base.clone()
            };
            let ttl = ttls[at[1]];
            let mut t = Tally::default();
            let claim = property != 2;
            day(&p, p.redelivery_prob, &mut |e| {
                t.add(&p, e, claim, ttl);
            });
            match property {
                0 => t.dangling > 0,
                1 => t.dangling_late > 0,
                _ => t.too_large > 0,
            }
        }))
    }
}
