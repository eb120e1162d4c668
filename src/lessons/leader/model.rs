//! The leader lesson's model, ported from lider/akis.mjs (`kosum`): nodes share a durable lease
//! record (owner, expiry round, version); the leader starts each round's work and renews by a
//! conditional write, followers poll the record and take over once it has expired.

use super::params::LeaderParams;

/// What one run counts (the script's `s`, with `ortKesinti` and `enUzunKesinti`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Run {
    /// Rounds whose work some leader started (`liderli`).
    pub led: u64,
    /// Rounds whose work nobody started (`lidersiz`).
    pub leaderless: u64,
    /// Rounds whose work two or more leaders started (`cift`).
    pub double: u64,
    /// Rounds that began with two live nodes believing they lead (`ikiInanan`).
    pub two_believe: u64,
    /// Take-overs of an expired lease (`devralma`).
    pub takeovers: u64,
    /// Work of a stale leader refused by the fenced store (`reddedilen`).
    pub rejected: u64,
    /// Writes of the lease record (`yazma`).
    pub writes: u64,
    /// Reads of the lease record (`okuma`).
    pub reads: u64,
    /// The mean of the leaderless gaps that ended (`ortKesinti`; 0 without one).
    pub avg_gap: f64,
    /// The longest leaderless gap that ended (`enUzunKesinti`).
    pub longest_gap: u64,
}

/// Which run of the model: the lease and renew interval, the crash and pause maps (or none), and
/// the fenced store.
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    /// Lease length in rounds.
    pub lease: u32,
    /// Rounds between renewals.
    pub renew: u32,
    /// Whether the crash and pause maps apply (the mis-set table runs without faults).
    pub faults: bool,
    /// Whether the store refuses a stale version.
    pub fencing: bool,
}

#[derive(Clone, Copy)]
struct Node {
    leader: bool,
    version: u64,
    renewed: i64,
    crash: Option<i64>,
    pause: Option<(i64, i64)>,
}

/// What a node is doing in a round, as the leader phase finds it (for the trace).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeState {
    /// Alive, not leading.
    Follower,
    /// Alive, not leading, frozen.
    Paused,
    /// Leading and starting the round's work.
    Leader,
    /// Believing it leads, frozen: it starts nothing and renews nothing.
    Frozen,
    /// Believing it leads with a stale version: the fenced store rejects its work.
    Fenced,
    /// Crashed, for good.
    Crashed,
}

/// A node's state from the model's own checks (alive, leader, frozen, stale under fencing).
fn node_state(leader: bool, alive: bool, frozen: bool, stale: bool) -> NodeState {
    match (alive, leader, frozen) {
        (false, _, _) => NodeState::Crashed,
        (true, false, false) => NodeState::Follower,
        (true, false, true) => NodeState::Paused,
        (true, true, true) => NodeState::Frozen,
        (true, true, false) if stale => NodeState::Fenced,
        (true, true, false) => NodeState::Leader,
    }
}

/// What a recorded run tells, in the order it happens within a round `t` (1-based).
pub trait Recorder {
    /// Node `i`'s state as the round's leader phase finds it.
    fn node(&mut self, _t: i64, _i: usize, _state: NodeState) {}
    /// Node `i`, leading, tried to renew: `ok`, or the conditional write failed and it stepped
    /// down.
    fn renew(&mut self, _t: i64, _i: usize, _ok: bool) {}
    /// The record after the leader phase: owner (index), version, expiry round.
    fn record(&mut self, _t: i64, _owner: usize, _version: u64, _expiry: i64) {}
    /// Follower `i` took the expired lease over, with version `version`.
    fn takeover(&mut self, _t: i64, _i: usize, _version: u64) {}
    /// The round is over: `acting` leaders started its work; `r` counts so far.
    fn round(&mut self, _t: i64, _acting: u32, _r: &Run) {}
}

impl Recorder for () {}

/// Runs the model once (`kosum`).
pub fn run(p: &LeaderParams, s: Setup) -> Run {
    run_recorded(p, s, &mut ())
}

/// [`run`], telling `rec` what happens.
pub fn run_recorded(p: &LeaderParams, s: Setup, rec: &mut impl Recorder) -> Run {
    let lease = i64::from(s.lease);
    let renew = i64::from(s.renew);
    let poll = i64::from(p.poll);
    let mut nodes = Vec::with_capacity(p.nodes as usize);
    for i in 0..p.nodes {
        nodes.push(Node {
            leader: i == 0,
            version: u64::from(i == 0),
            renewed: 0,
            crash: None,
            pause: None,
        });
    }
    if s.faults {
        for e in &p.crash {
            nodes[e.node as usize - 1].crash = Some(e.round);
        }
        for e in &p.pause {
            nodes[e.node as usize - 1].pause = Some((e.round, e.rounds.unwrap_or(0)));
        }
    }
    // The record: owner (index), expiry round, version.
    let (mut owner, mut expiry, mut version) = (0usize, lease, 1u64);
    let mut r = Run::default();
    let (mut gap, mut gaps, mut gap_sum) = (0u64, 0u64, 0u64);
    for t in 1..=i64::from(p.rounds) {
        let alive = |n: &Node| n.crash.is_none_or(|c| t < c);
        let frozen = |n: &Node| n.pause.is_some_and(|(a, len)| t >= a && t < a + len);
        let mut believers = 0;
        for n in &nodes {
            if n.leader && alive(n) {
                believers += 1;
            }
        }
        if believers > 1 {
            r.two_believe += 1;
        }
        let mut acting = 0u32;
        for (i, n) in nodes.iter_mut().enumerate() {
            let stale = s.fencing && n.version != version;
            rec.node(t, i, node_state(n.leader, alive(n), frozen(n), stale));
            if !n.leader || !alive(n) || frozen(n) {
                continue;
            }
            if stale {
                r.rejected += 1;
            } else {
                acting += 1;
            }
            if t - n.renewed >= renew {
                r.writes += 1;
                if owner == i && version == n.version {
                    expiry = t + lease;
                    n.renewed = t;
                    rec.renew(t, i, true);
                } else {
                    n.leader = false;
                    rec.renew(t, i, false);
                }
            }
        }
        rec.record(t, owner, version, expiry);
        for (i, n) in nodes.iter_mut().enumerate() {
            if n.leader || !alive(n) || frozen(n) || t % poll != 0 {
                continue;
            }
            r.reads += 1;
            if expiry > t {
                continue;
            }
            r.writes += 1;
            r.takeovers += 1;
            owner = i;
            expiry = t + lease;
            version += 1;
            n.leader = true;
            n.version = version;
            n.renewed = t;
            rec.takeover(t, i, version);
        }
        if acting == 0 {
            r.leaderless += 1;
            gap += 1;
        } else {
            if gap > 0 {
                gaps += 1;
                gap_sum += gap;
                r.longest_gap = r.longest_gap.max(gap);
            }
            gap = 0;
            r.led += 1;
            if acting > 1 {
                r.double += 1;
            }
        }
        rec.round(t, acting, &r);
    }
    if gaps > 0 {
        r.avg_gap = gap_sum as f64 / gaps as f64;
    }
    r
}

/// The renew interval the lease sweep uses: half the lease, at least 1.
pub fn sweep_renew(lease: u32) -> u32 {
    (lease / 2).max(1)
}

/// olc.mjs's runs: the fencing pair, the lease sweep, the mis-set leases with and without fencing.
#[derive(Debug, Clone)]
pub struct Measure {
    /// Without and with fencing, at the lesson's lease and faults.
    pub unfenced: Run,
    /// With fencing.
    pub fenced: Run,
    /// Each lease of the sweep (renew at half the lease, faults, no fencing).
    pub sweep: Vec<(u32, u32, Run)>,
    /// Each mis-set lease (renew `misset_renew`, no faults): without and with fencing.
    pub misset: Vec<(u32, Run, Run)>,
    /// Beyond the lesson: each lease of the sweep run with the crash map alone (no pause), so
    /// that its one gap is the crash's (see exact.rs).
    pub crash_alone: Vec<Run>,
}

/// The `measure` section's runs.
pub fn measure(p: &LeaderParams) -> Measure {
    let at = |lease, renew, fencing| Setup {
        lease,
        renew,
        faults: true,
        fencing,
    };
    let mut sweep = Vec::with_capacity(p.lease_sweep.len());
    let mut crash_alone = Vec::with_capacity(p.lease_sweep.len());
    let crash_only = LeaderParams {
        pause: Vec::new(),
        ..p.clone()
    };
    for &lease in &p.lease_sweep {
        let renew = sweep_renew(lease);
        sweep.push((lease, renew, run(p, at(lease, renew, false))));
        crash_alone.push(run(&crash_only, at(lease, renew, false)));
    }
    let mut misset = Vec::with_capacity(p.misset_leases.len());
    for &lease in &p.misset_leases {
        let plain = Setup {
            faults: false,
            ..at(lease, p.misset_renew, false)
        };
        let fenced = Setup {
            fencing: true,
            ..plain
        };
        misset.push((lease, run(p, plain), run(p, fenced)));
    }
    Measure {
        unfenced: run(p, at(p.lease, p.renew, false)),
        fenced: run(p, at(p.lease, p.renew, true)),
        sweep,
        misset,
        crash_alone,
    }
}

/// One row of hesap.mjs's table: a sweep lease at the day's scale.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyRow {
    /// The lease.
    pub lease: u32,
    /// The longest gap in seconds (`enUzunKesinti * round_s`).
    pub longest_gap_s: f64,
    /// Duplicate invoice lines a day (`cift`).
    pub duplicates_per_day: f64,
    /// The same over a year (`cift * 365`).
    pub duplicates_per_year: f64,
    /// Lease writes a day (`yazma / rounds * TUR_GUN`).
    pub writes_per_day: f64,
}

/// hesap.mjs's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Daily {
    /// Rounds in the end-of-day window (`PENCERE_TUR`).
    pub window_rounds: f64,
    /// Workflows started per round (`TUR_BASINA`).
    pub per_round: f64,
    /// Pause events in the model (`DONMA`).
    pub pauses: usize,
    /// One row per sweep lease.
    pub rows: Vec<DailyRow>,
    /// The share of rounds run twice at the mis-set lease (`pay`).
    pub misset_share: f64,
}

/// The `daily` section's figures, with hesap.mjs's arithmetic in its order.
pub fn daily(p: &LeaderParams) -> Daily {
    let window_rounds = (p.window_h * 3600.0) / p.round_s;
    let per_round = p.daily_workflows as f64 / window_rounds;
    let rounds_per_day = 86400.0 / p.round_s;
    let pauses = p.pause.len();
    let mut rows = Vec::with_capacity(p.lease_sweep.len());
    for &lease in &p.lease_sweep {
        let setup = Setup {
            lease,
            renew: sweep_renew(lease),
            faults: true,
            fencing: false,
        };
        let r = run(p, setup);
        let dup = if pauses > 0 {
            (p.pauses_per_day * r.double as f64 * per_round) / pauses as f64
        } else {
            0.0
        };
        rows.push(DailyRow {
            lease,
            longest_gap_s: r.longest_gap as f64 * p.round_s,
            duplicates_per_day: dup,
            duplicates_per_year: dup * 365.0,
            writes_per_day: r.writes as f64 / f64::from(p.rounds) * rounds_per_day,
        });
    }
    let setup = Setup {
        lease: p.misset_lease,
        renew: p.misset_renew,
        faults: false,
        fencing: false,
    };
    let misset = run(p, setup);
    Daily {
        window_rounds,
        per_round,
        pauses,
        rows,
        misset_share: misset.double as f64 / f64::from(p.rounds),
    }
}
