//! The leader lesson's "find a run" (issue 36): which node crashes in which round, which node
//! pauses from which round and for how long, searched for a run that breaks the lease's promise.
//! The run is the lesson's own (`kosum` with the crash and pause maps), its fencing the
//! learner's `fencing`.

use super::kinds::NodeAt;
use super::model::{self, Setup};
use super::params::LeaderParams;
use crate::error::Error;
use crate::params::{KindValue, ParamSet};
use crate::search::{Axis, Check, Finder, Property, Scope};

/// The rounds a crash or a pause may start in: 1 to this (or the run's length).
const WINDOW: u32 = 40;

/// The properties, the lesson's own first.
const PROPERTIES: &[Property] = &[
    Property {
        id: "round-twice",
        about: "a round's work is started by two leaders (cift > 0)",
    },
    Property {
        id: "two-believe",
        about: "two live nodes believe they lead at a round's start (ikiInanan > 0)",
    },
    Property {
        id: "long-gap",
        about: "a leaderless gap longer than the lease (enUzunKesinti > kira)",
    },
];

/// Its search.
pub struct Find;

/// One entry of a node map, or none (the axis's baseline).
fn entry(node: u32, round: i64, rounds: Option<i64>) -> NodeAt {
    NodeAt {
        node,
        round,
        rounds,
    }
}

/// The entries of the scope at these values: crashes and pauses of every node starting in
/// rounds 1 to [`WINDOW`], pauses of 1 to twice the lease rounds.
fn entries(p: &LeaderParams) -> (Vec<NodeAt>, Vec<NodeAt>) {
    let last = i64::from(p.rounds.min(WINDOW));
    let longest = i64::from(p.lease.saturating_mul(2).min(WINDOW));
    let mut crash = Vec::new();
    let mut pause = Vec::new();
    for round in 1..=last {
        for node in 1..=p.nodes {
            crash.push(entry(node, round, None));
            for rounds in 1..=longest {
                pause.push(entry(node, round, Some(rounds)));
            }
        }
    }
    (crash, pause)
}

impl Finder for Find {
    fn properties(&self) -> &'static [Property] {
        PROPERTIES
    }

    fn scope(&self, set: &ParamSet) -> Result<Scope, Error> {
        let (crash, pause) = entries(&LeaderParams::from_set(set)?);
        Ok(Scope {
            axes: vec![
                Axis::faults("crash", crash.into_iter().map(|e| vec![e].to_text())),
                Axis::faults("pause", pause.into_iter().map(|e| vec![e].to_text())),
            ],
        })
    }

    /// A run's rounds times its nodes, against the lesson's own 80 × 3.
    fn cost(&self, set: &ParamSet) -> f64 {
        LeaderParams::from_set(set)
            .map_or(1.0, |p| f64::from(p.rounds) * f64::from(p.nodes) / 240.0)
    }

    fn checker<'a>(
        &'a self,
        set: &'a ParamSet,
        _scope: &'a Scope,
        property: usize,
    ) -> Result<Check<'a>, Error> {
        let base = LeaderParams::from_set(set)?;
        let (crash, pause) = entries(&base);
        let setup = Setup {
            lease: base.lease,
            renew: base.renew,
            faults: true,
            fencing: base.fencing,
        };
        let lease = u64::from(base.lease);
        Ok(Box::new(move |at: &[usize]| {
            let pick = |list: &[NodeAt], i: usize| list.get(i.wrapping_sub(1)).copied();
            let p = LeaderParams {
                crash: pick(&crash, at[0]).into_iter().collect(),
                pause: pick(&pause, at[1]).into_iter().collect(),
                ..base.clone()
            };
            let r = model::run(&p, setup);
            match property {
                0 => r.double > 0,
                1 => r.two_believe > 0,
                _ => r.longest_gap > lease,
            }
        }))
    }
}
