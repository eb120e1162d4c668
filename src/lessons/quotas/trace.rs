//! The quotas lesson's run watched round by round (kiraci/akis.mjs `kosum`): the cluster's units,
//! each held by a tenant or free (free while a request waits drawn apart), and for each tenant its
//! units in use and its queue, with marks where requests are first rejected over the quota or
//! first wait on capacity. The counters are the run's own counts, so their last values are the
//! tenants table's and its idle line's (and, for a quota of the sweep, its row's).

use super::model::{Recorder, Run, TENANTS, Tenant, run_recorded, triple};
use super::params::QuotasParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::trace::{
    Choice, Control, Counter, Event, Lane, Selector, Trace, Track, check_cells, push_span,
};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str = "quota:none (the run without quotas) or quota:A/B/C (the lesson's quotas or an entry of quota_sweep; by default the lesson's quotas)";

/// The parameters that make a run wider (its units) or longer (its rounds). (see `Trace::check_drawing`)
pub const LOWER: &str = "capacity, rounds";

/// Each tenant's counters: the tenants table's columns, then its units in use and its queue.
const TENANT_COUNTERS: [&str; 8] = [
    "requests",
    "starved",
    "rejected",
    "longest_wait",
    "total_wait",
    "left",
    "in_use",
    "queued",
];

/// The run a selector picks: the quotas, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    /// The quotas of the run (`None`: without quotas).
    pub quota: Option<[i64; 3]>,
}

/// `a/b/c`.
fn slashed(q: &[i64; 3]) -> String {
    format!("{}/{}/{}", q[0], q[1], q[2])
}

impl Pick {
    /// The canonical selector.
    pub fn selector(self) -> String {
        match self.quota {
            Some(q) => format!("quota:{}", slashed(&q)),
            None => "quota:none".to_string(),
        }
    }
}

/// The quotas a selector may pick: the lesson's first, then the sweep's, each once.
fn quota_choices(p: &QuotasParams) -> Vec<[i64; 3]> {
    let mut out = vec![triple(&p.quotas)];
    for q in &p.quota_sweep {
        if !out.contains(q) {
            out.push(*q);
        }
    }
    out
}

/// The run a selector picks (`quota:none`, `quota:A/B/C`; the lesson's quotas by default).
pub fn select(set: &ParamSet, text: &str) -> Result<Pick, Error> {
    let p = QuotasParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["quota"], HELP)?;
    let quota = match sel.get("quota") {
        None => Some(triple(&p.quotas)),
        Some("none") => None,
        Some(v) => {
            let mut parts = Vec::with_capacity(3);
            for part in v.split('/') {
                parts.push(part.trim().parse::<i64>().ok());
            }
            let found = match parts[..] {
                [Some(a), Some(b), Some(c)] => Some([a, b, c]),
                _ => None,
            }
            .filter(|q| quota_choices(&p).contains(q));
            if found.is_none() {
                let mut list = String::new();
                for (i, q) in p.quota_sweep.iter().enumerate() {
                    if i > 0 {
                        list.push_str(", ");
                    }
                    list.push_str(&slashed(q));
                }
                return Err(Error::bad(
                    "trace",
                    text,
                    format!(
                        "quota: none, the lesson's quotas ({}) or an entry of quota_sweep ({list})",
                        slashed(&triple(&p.quotas))
                    ),
                )
                .keyed(
                    "refuse.quotas.trace_quota",
                    &[("quotas", &slashed(&triple(&p.quotas))), ("list", &list)],
                ));
            }
            found
        }
    };
    let cells = p.capacity as u64 * u64::from(p.rounds);
    check_cells(text, cells, "unit-rounds", "capacity", "rounds")?;
    Ok(Pick { quota })
}

/// The form's control: without quotas, the lesson's quotas, or one of the sweep.
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let pick = select(set, text)?;
    let p = QuotasParams::from_set(set)?;
    let mut choices = vec![Choice::new("quota:none", "trace.choice.no_quota")];
    let mut chosen = 0;
    for (i, q) in quota_choices(&p).into_iter().enumerate() {
        let label = if i == 0 {
            "trace.choice.lesson_quota"
        } else {
            "trace.choice.quota"
        };
        if pick.quota == Some(q) {
            chosen = choices.len();
        }
        choices.push(Choice {
            name: Some(slashed(&q)),
            ..Choice::new(format!("quota:{}", slashed(&q)), label)
        });
    }
    Ok(vec![Control {
        key: "quota",
        choices,
        chosen,
    }])
}

/// One round as the run ended it.
struct Round {
    free: i64,
    used: [i64; 3],
    /// Each tenant's requests left queued, and whether one of them was over its quota.
    queued: [i64; 3],
    over: [bool; 3],
}

/// What the run told, round by round.
#[derive(Default)]
struct Log {
    /// The round going on: each tenant's queued requests, over quota, first rejected, first
    /// starved.
    queued: [i64; 3],
    over: [bool; 3],
    first: [[i64; 2]; 3],
    rounds: Vec<Round>,
    /// (frame, tenant, kind, requests)
    events: Vec<(u32, usize, &'static str, i64)>,
    /// The figures after each round, and the idle unit-rounds.
    counts: Vec<([Tenant; 3], [i64; 2])>,
}

impl Recorder for Log {
    fn held(&mut self, _t: i64, tenant: usize, over_quota: bool, first: bool) {
        self.queued[tenant] += 1;
        self.over[tenant] |= over_quota;
        if first {
            self.first[tenant][usize::from(!over_quota)] += 1;
        }
    }

    fn round(&mut self, t: i64, free: i64, used: &[i64; 3], k: &[Tenant; 3], idle: [i64; 2]) {
        let frame = (t - 1) as u32;
        for i in 0..3 {
            for (j, kind) in ["rejected", "starved"].into_iter().enumerate() {
                if self.first[i][j] > 0 {
                    self.events.push((frame, i, kind, self.first[i][j]));
                }
            }
        }
        self.rounds.push(Round {
            free,
            used: *used,
            queued: self.queued,
            over: self.over,
        });
        self.counts.push((*k, idle));
        self.queued = [0; 3];
        self.over = [false; 3];
        self.first = [[0; 2]; 3];
    }
}

/// A counter from frame 0's value and one value per round.
fn counter(key: &'static str, start: i64, values: impl Iterator<Item = i64>) -> Counter {
    let mut out = vec![start as f64];
    for v in values {
        out.push(v as f64);
    }
    Counter { key, values: out }
}

/// Records the selected run, with the run's own figures (for the tests: the model's result).
pub fn record(set: &ParamSet, text: &str) -> Result<(Trace, Run), Error> {
    let pick = select(set, text)?;
    let p = QuotasParams::from_set(set)?;
    let mut log = Log::default();
    let run = run_recorded(&p, p.default_request, pick.quota, &mut log);
    // The requests still queued at the end are counted after the last round: the last frame
    // shows the run's figures.
    if let Some(last) = log.counts.last_mut() {
        last.0 = run.tenants;
    }
    let rounds = p.rounds;
    // The units stacked by tenant in each round, the free ones above.
    let mut units: Vec<Lane> = Vec::with_capacity(p.capacity as usize);
    for j in 0..p.capacity {
        units.push(Lane {
            label: format!("B{}", j + 1),
            spans: Vec::new(),
        });
    }
    for (t, r) in log.rounds.iter().enumerate() {
        let t = t as u32;
        let waiting = r.queued[0] + r.queued[1] + r.queued[2] > 0;
        for (j, lane) in units.iter_mut().enumerate() {
            let j = j as i64;
            let mut state = if waiting { "idle_waiting" } else { "free" };
            let mut below = 0;
            for (i, tenant) in TENANTS.iter().enumerate() {
                below += r.used[i];
                if j < below {
                    state = tenant;
                    break;
                }
            }
            push_span(lane, t, t + 1, state, None);
        }
    }
    let cluster = Track::new(
        "units",
        units,
        Vec::new(),
        vec![
            counter("free", p.capacity, log.rounds.iter().map(|r| r.free)),
            counter("idle", 0, log.counts.iter().map(|c| c.1[0])),
            counter("idle_waiting", 0, log.counts.iter().map(|c| c.1[1])),
        ],
    );
    let mut tracks = vec![cluster];
    for (i, &key) in TENANTS.iter().enumerate() {
        let mut in_use = Lane {
            // Words the page translates (`trace.lane.units`, `trace.lane.queue`).
            label: "units".to_string(),
            spans: Vec::new(),
        };
        let mut queue = Lane {
            label: "queue".to_string(),
            spans: Vec::new(),
        };
        for (t, r) in log.rounds.iter().enumerate() {
            let t = t as u32;
            let used = r.used[i].to_string();
            match r.used[i] {
                0 => push_span(&mut in_use, t, t + 1, "unused", None),
                _ => push_span(&mut in_use, t, t + 1, "in_use", Some(&used)),
            }
            let queued = r.queued[i].to_string();
            match (r.queued[i], r.over[i]) {
                (0, _) => push_span(&mut queue, t, t + 1, "empty", None),
                (_, true) => push_span(&mut queue, t, t + 1, "over_quota", Some(&queued)),
                (_, false) => push_span(&mut queue, t, t + 1, "waiting", Some(&queued)),
            }
        }
        let mut events = Vec::new();
        for &(at, tenant, kind, n) in &log.events {
            if tenant == i {
                events.push(Event {
                    at,
                    lane: Some(1),
                    kind,
                    note: Some(n.to_string()),
                    took: None,
                });
            }
        }
        let mut counters = Vec::with_capacity(TENANT_COUNTERS.len());
        for (c, &name) in TENANT_COUNTERS.iter().enumerate() {
            let values = log.counts.iter().zip(&log.rounds).map(|((k, _), r)| {
                let k = &k[i];
                [
                    k.requests,
                    k.starved,
                    k.rejected,
                    k.longest_wait,
                    k.total_wait,
                    k.left,
                    r.used[i],
                    r.queued[i],
                ][c]
            });
            counters.push(counter(name, 0, values));
        }
        tracks.push(Track::new(key, vec![in_use, queue], events, counters));
    }
    let quota = match pick.quota {
        Some(q) => slashed(&q),
        None => "none".to_string(),
    };
    let tr = Trace::rounds(
        "quotas",
        pick.selector(),
        rounds,
        tracks,
        vec![
            ("quota", quota),
            ("capacity", p.capacity.to_string()),
            ("default_request", p.default_request.to_string()),
        ],
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

    #[test]
    fn the_recorded_run_is_the_run() {
        for pairs in [
            &[][..],
            &[("quotas", "0,0,0")],
            &[("quotas", "20,20,20"), ("capacity", "5")],
            &[("rounds", "1")],
            &[("seed", "7"), ("night_units", "3")],
        ] {
            let s = ParamSet::of(&SCHEMA, pairs);
            let p = QuotasParams::from_set(&s).unwrap();
            for sel in ["", "quota:none", "quota:8/4/4", "quota:8/2/2"] {
                let (tr, got) = record(&s, sel).unwrap();
                let pick = select(&s, sel).unwrap();
                assert_eq!(
                    got,
                    run(&p, p.default_request, pick.quota),
                    "{pairs:?} {sel}"
                );
                assert_eq!(tr.tracks[0].total("idle"), Some(got.idle as f64));
                let units = &tr.tracks[0];
                let mut idle = 0;
                let mut idle_waiting = 0;
                for lane in units
                    .lanes
                    .iter()
                    .chain(tr.tracks[1..].iter().flat_map(|t| &t.lanes))
                {
                    lane.assert_tiles(tr.end);
                }
                for lane in &units.lanes {
                    for s in &lane.spans {
                        let n = i64::from(s.end - s.start);
                        if s.state == "free" || s.state == "idle_waiting" {
                            idle += n;
                        }
                        if s.state == "idle_waiting" {
                            idle_waiting += n;
                        }
                    }
                }
                assert_eq!((idle, idle_waiting), (got.idle, got.idle_waiting));
                for (i, k) in got.tenants.iter().enumerate() {
                    let track = &tr.tracks[i + 1];
                    assert_eq!(track.total("rejected"), Some(k.rejected as f64));
                    assert_eq!(track.total("starved"), Some(k.starved as f64));
                    for (kind, want) in [("rejected", k.rejected), ("starved", k.starved)] {
                        let mut n = 0;
                        for e in track.events.iter().filter(|e| e.kind == kind) {
                            n += e.note.as_deref().unwrap().parse::<i64>().unwrap();
                        }
                        assert_eq!(n, want, "{pairs:?} {sel} {kind}");
                    }
                }
            }
        }
    }

    #[test]
    fn selectors_are_named_when_refused() {
        let s = ParamSet::defaults(&SCHEMA);
        for bad in ["quota:5/5/5", "quota:x", "quota:6/3", "bogus", "fencing:0"] {
            let e = select(&s, bad).unwrap_err();
            assert_eq!(e.param.as_deref(), Some("trace"), "{bad}");
        }
        assert_eq!(select(&s, "").unwrap().selector(), "quota:6/3/3");
        assert_eq!(select(&s, "quota:none").unwrap().selector(), "quota:none");
        let c = controls(&s, "quota:4/2/2").unwrap();
        assert_eq!(crate::trace::compose(&c), "quota:4/2/2");
        let c = controls(&s, "").unwrap();
        assert_eq!(crate::trace::compose(&c), "quota:6/3/3");
        assert_eq!(c[0].choices.len(), 5);
    }
}
