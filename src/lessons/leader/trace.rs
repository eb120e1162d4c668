//! The leader lesson's run watched round by round (lider/akis.mjs `kosum`): each node's state
//! (follower, leading, frozen while still believing, fenced, crashed), the lease record's owner,
//! version and expiry on a lane of its own, the renewals, take-overs, rejected writes and the
//! rounds run twice. The counters are the run's own counts, so their last values are the table's.

use super::model::{NodeState, Recorder, Run, Setup, run_recorded, sweep_renew};
use super::params::LeaderParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::trace::{
    Choice, Control, Counter, Event, Intervention, Lane, Selector, Trace, Track, check_cells,
    numbers_control, push_span,
};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str = "fencing:0 or fencing:1 (the run without or with fencing; by default the lesson's fencing), \
     lease:N (a lease of lease_sweep, renewing at half of it; by default the lesson's lease and renew)";

/// The parameters that make a run longer (its rounds) or wider (its nodes). (see `Trace::check_drawing`)
pub const LOWER: &str = "rounds, nodes";

/// The counters, named as the fencing table's rows, with the lease sweep's longest gap.
const COUNTERS: [&str; 9] = [
    "led_rounds",
    "leaderless_rounds",
    "double_run_rounds",
    "two_leader_rounds",
    "takeovers",
    "rejected_writes",
    "lease_writes",
    "record_reads",
    "longest_gap",
];

/// The run a selector picks: fencing, and the lease of the sweep (`None`: the lesson's).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    /// The store refuses stale versions.
    pub fencing: bool,
    /// A lease of `lease_sweep`, or `None` for the lesson's lease and renew.
    pub lease: Option<u32>,
}

impl Pick {
    /// The model's setup for this run (faults on, as the fencing table and the sweep run).
    pub fn setup(self, p: &LeaderParams) -> Setup {
        let (lease, renew) = match self.lease {
            Some(l) => (l, sweep_renew(l)),
            None => (p.lease, p.renew),
        };
        Setup {
            lease,
            renew,
            faults: true,
            fencing: self.fencing,
        }
    }

    /// The canonical selector.
    pub fn selector(self) -> String {
        let f = u8::from(self.fencing);
        match self.lease {
            Some(l) => format!("fencing:{f},lease:{l}"),
            None => format!("fencing:{f}"),
        }
    }
}

/// The run a selector picks (`fencing:0|1`, `lease:N`; the lesson's values by default).
pub fn select(set: &ParamSet, text: &str) -> Result<Pick, Error> {
    let p = LeaderParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["fencing", "lease"], HELP)?;
    let fencing = match sel.get("fencing") {
        None => p.fencing,
        Some("0") => false,
        Some("1") => true,
        Some(_) => {
            return Err(Error::bad("trace", text, "fencing: 0 or 1")
                .keyed("refuse.leader.trace_fencing", &[]));
        }
    };
    let lease = match sel.get("lease") {
        None => None,
        Some(v) => {
            let found = v.parse::<u32>().ok().filter(|l| p.lease_sweep.contains(l));
            if found.is_none() {
                let mut list = String::new();
                for (i, l) in p.lease_sweep.iter().enumerate() {
                    if i > 0 {
                        list.push_str(", ");
                    }
                    list.push_str(&l.to_string());
                }
                return Err(Error::bad(
                    "trace",
                    text,
                    format!("lease: a lease of lease_sweep ({list})"),
                )
                .keyed("refuse.leader.trace_lease", &[("list", &list)]));
            }
            found
        }
    };
    let cells = u64::from(p.nodes) * u64::from(p.rounds);
    check_cells(text, cells, "node-rounds", "nodes", "rounds")?;
    Ok(Pick { fencing, lease })
}

/// The form's controls: without or with fencing, and the lease (the lesson's or one of the sweep).
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let pick = select(set, text)?;
    let p = LeaderParams::from_set(set)?;
    let fencing = Control {
        key: "fencing",
        choices: vec![
            Choice::new("fencing:0", "trace.choice.fencing_off"),
            Choice::new("fencing:1", "trace.choice.fencing_on"),
        ],
        chosen: usize::from(pick.fencing),
    };
    let mut lease = numbers_control("lease", "trace.choice.lease", &p.lease_sweep, 0);
    // `numbers_control` adds the current value: 0 stands for the lesson's own lease, first.
    lease.choices[0] = Choice::numbered("", "trace.choice.lesson_lease", u64::from(p.lease));
    lease.chosen = 0;
    if let Some(l) = pick.lease {
        for (i, c) in lease.choices.iter().enumerate() {
            if c.n.as_deref() == Some(&l.to_string()) && i > 0 {
                lease.chosen = i;
            }
        }
    }
    Ok(vec![fencing, lease])
}

/// What the run told, round by round.
#[derive(Default)]
struct Log {
    /// Each node's state per round, node-major once finished (`states[t * nodes + i]`).
    states: Vec<NodeState>,
    /// (round, node, kind, note)
    events: Vec<(i64, Option<usize>, &'static str, Option<String>)>,
    /// The record after each round's leader phase: owner, version, expiry.
    record: Vec<(usize, u64, i64)>,
    /// The counters after each round, in [`COUNTERS`]' order.
    counts: Vec<[u64; 9]>,
}

impl Recorder for Log {
    fn node(&mut self, t: i64, i: usize, state: NodeState) {
        self.states.push(state);
        if state == NodeState::Fenced {
            self.events.push((t, Some(i), "rejected", None));
        }
    }
    fn renew(&mut self, t: i64, i: usize, ok: bool) {
        let kind = if ok { "renew" } else { "step_down" };
        self.events.push((t, Some(i), kind, None));
    }
    fn record(&mut self, _t: i64, owner: usize, version: u64, expiry: i64) {
        self.record.push((owner, version, expiry));
    }
    fn takeover(&mut self, t: i64, i: usize, version: u64) {
        self.events
            .push((t, Some(i), "takeover", Some(format!("v{version}"))));
    }
    fn round(&mut self, t: i64, acting: u32, r: &Run) {
        if acting > 1 {
            self.events
                .push((t, None, "double_run", Some(acting.to_string())));
        }
        self.counts.push([
            r.led,
            r.leaderless,
            r.double,
            r.two_believe,
            r.takeovers,
            r.rejected,
            r.writes,
            r.reads,
            r.longest_gap,
        ]);
    }
}

fn state_key(s: NodeState) -> &'static str {
    match s {
        NodeState::Follower => "follower",
        NodeState::Paused => "paused",
        NodeState::Leader => "leader",
        NodeState::Frozen => "frozen",
        NodeState::Fenced => "fenced",
        NodeState::Crashed => "crashed",
    }
}

/// Records the selected run, with the run's own counts (for the tests: the model's result).
pub fn record(set: &ParamSet, text: &str) -> Result<(Trace, Run), Error> {
    let pick = select(set, text)?;
    let p = LeaderParams::from_set(set)?;
    let setup = pick.setup(&p);
    let mut log = Log::default();
    let run = run_recorded(&p, setup, &mut log);
    let n = p.nodes as usize;
    let rounds = p.rounds;
    let mut lanes: Vec<Lane> = Vec::with_capacity(n);
    for i in 0..n {
        let mut lane = Lane {
            label: format!("N{}", i + 1),
            spans: Vec::new(),
        };
        for t in 0..rounds {
            let s = log.states[t as usize * n + i];
            push_span(&mut lane, t, t + 1, state_key(s), None);
        }
        lanes.push(lane);
    }
    let mut record = Lane {
        // A word the page translates (`trace.lane.record`).
        label: "record".to_string(),
        spans: Vec::new(),
    };
    for (t, &(owner, version, expiry)) in log.record.iter().enumerate() {
        let t = t as u32;
        let (state, note) = if expiry > i64::from(t) + 1 {
            ("held", format!("N{} v{version} → {expiry}", owner + 1))
        } else {
            ("expired", format!("N{} v{version}", owner + 1))
        };
        push_span(&mut record, t, t + 1, state, Some(&note));
    }
    let mut events = Vec::with_capacity(log.events.len());
    let mut record_events = Vec::new();
    for (t, lane, kind, note) in log.events {
        let e = Event {
            at: (t - 1) as u32,
            lane,
            kind,
            note,
            took: None,
        };
        if kind == "takeover" {
            record_events.push(Event {
                lane: Some(0),
                ..e.clone()
            });
        }
        events.push(e);
    }
    crate::trace::sort_in_time(&mut events);
    let mut counters = Vec::with_capacity(COUNTERS.len());
    for (k, &key) in COUNTERS.iter().enumerate() {
        let mut values = Vec::with_capacity(rounds as usize + 1);
        values.push(0.0);
        for c in &log.counts {
            values.push(c[k] as f64);
        }
        counters.push(Counter { key, values });
    }
    // The record's version (the fencing token) starts at 1 and each take-over raises it.
    let mut version = Vec::with_capacity(rounds as usize + 1);
    version.push(1.0);
    for c in &log.counts {
        version.push((1 + c[4]) as f64);
    }
    let facts = vec![
        ("fencing", u8::from(setup.fencing).to_string()),
        ("lease", setup.lease.to_string()),
        ("renew", setup.renew.to_string()),
        ("poll", p.poll.to_string()),
    ];
    // A node crashed in round `c` is crashed for good (the model's `alive`): from round `c` on
    // a pause changes nothing and a crash is there already.
    let mut until = vec![None; n];
    for e in &p.crash {
        until[e.node as usize - 1] = Some(u32::try_from(e.round).unwrap_or(u32::MAX));
    }
    let tr = Trace::rounds(
        "leader",
        pick.selector(),
        rounds,
        vec![
            // A learner may crash or pause a node from the round shown on: the crash and pause
            // maps' rows, a pause as long as the lease and a renewal (the lesson's 6 rounds).
            Track {
                intervene: vec![
                    Intervention {
                        param: "crash",
                        more: Vec::new(),
                        until: until.clone(),
                    },
                    Intervention {
                        param: "pause",
                        more: vec![setup.lease + setup.renew],
                        until,
                    },
                ],
                ..Track::new("nodes", lanes, events, counters)
            },
            Track::new(
                "lease_record",
                vec![record],
                record_events,
                vec![Counter {
                    key: "version",
                    values: version,
                }],
            ),
        ],
        facts,
    );
    Ok((tr, run))
}

/// Records the selected run.
pub fn trace(set: &ParamSet, text: &str) -> Result<Trace, Error> {
    record(set, text).map(|(tr, _)| tr)
}

#[cfg(test)]
mod tests {
    use super::super::model::run;
    use super::super::params::SCHEMA;
    use super::*;

    fn set(pairs: &[(&str, &str)]) -> ParamSet {
        ParamSet::of(&SCHEMA, pairs)
    }

    #[test]
    fn the_recorded_run_is_the_run() {
        for pairs in [
            &[][..],
            &[("fencing", "1")],
            &[("crash", "N2@10"), ("pause", "")],
            &[("pause", "N3@10+4")],
            &[("rounds", "1")],
        ] {
            let s = set(pairs);
            let p = LeaderParams::from_set(&s).unwrap();
            for sel in [
                "",
                "fencing:0",
                "fencing:1",
                "lease:2",
                "fencing:1,lease:16",
            ] {
                let (tr, got) = record(&s, sel).unwrap();
                let pick = select(&s, sel).unwrap();
                assert_eq!(got, run(&p, pick.setup(&p)), "{pairs:?} {sel}");
                let track = &tr.tracks[0];
                assert_eq!(track.total("double_run_rounds"), Some(got.double as f64));
                assert_eq!(track.total("lease_writes"), Some(got.writes as f64));
                for lane in track.lanes.iter().chain(&tr.tracks[1].lanes) {
                    lane.assert_tiles(tr.end);
                }
                let doubles = track.events.iter().filter(|e| e.kind == "double_run");
                assert_eq!(doubles.count() as u64, got.double);
                let rejected = track.events.iter().filter(|e| e.kind == "rejected");
                assert_eq!(rejected.count() as u64, got.rejected);
            }
        }
    }

    #[test]
    fn a_crashed_node_takes_no_fault_from_its_crash_on() {
        for crash in ["N1@20", "N1@20,N3@30", "N2@0", ""] {
            let tr = trace(&set(&[("crash", crash)]), "fencing:1").unwrap();
            let nodes = &tr.tracks[0];
            let until = |node: u32| {
                let entry = format!("N{node}@");
                crash
                    .split(',')
                    .find_map(|e| e.strip_prefix(&entry))
                    .map(|r| r.parse::<u32>().unwrap())
            };
            for iv in &nodes.intervene {
                assert_eq!(iv.until, (1..=3).map(until).collect::<Vec<_>>(), "{crash}");
            }
            // From there a pause changes nothing at all, and a crash nothing from its round on.
            for (i, until) in nodes.intervene[0].until.iter().enumerate() {
                let Some(until) = *until else { continue };
                for round in [until, until + 1, until + 7] {
                    // The lesson's N2@50+6 with this node's row set, as the page writes it.
                    let pause = if i == 1 {
                        format!("N2@{round}+6")
                    } else {
                        format!("N2@50+6,N{}@{round}+6", i + 1)
                    };
                    let paused = trace(&set(&[("crash", crash), ("pause", &pause)]), "fencing:1");
                    assert_eq!(paused.unwrap(), tr, "{crash} {pause}");
                    let moved = crash.replace(
                        &format!("N{}@{until}", i + 1),
                        &format!("N{}@{round}", i + 1),
                    );
                    let later = trace(&set(&[("crash", &moved)]), "fencing:1").unwrap();
                    for s in later.tracks[0].lanes[i]
                        .spans
                        .iter()
                        .filter(|s| s.end >= round)
                    {
                        assert_eq!(s.state, "crashed", "{moved}");
                    }
                }
            }
        }
    }

    #[test]
    fn selectors_are_named_when_refused() {
        let s = set(&[]);
        for bad in ["fencing:2", "lease:5", "lease:x", "bogus", "on"] {
            let e = select(&s, bad).unwrap_err();
            assert_eq!(e.param.as_deref(), Some("trace"), "{bad}");
        }
        assert_eq!(select(&s, "").unwrap().selector(), "fencing:0");
        assert_eq!(
            select(&set(&[("fencing", "1")]), "lease:8")
                .unwrap()
                .selector(),
            "fencing:1,lease:8"
        );
        let c = controls(&s, "lease:8").unwrap();
        assert_eq!(crate::trace::compose(&c), "fencing:0,lease:8");
        let c = controls(&s, "fencing:1").unwrap();
        assert_eq!(crate::trace::compose(&c), "fencing:1");
    }
}
