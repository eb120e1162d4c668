//! One day of the claim check watched hour by hour: the selected events' payloads from arrival to
//! expiry in the store, every read of their messages (on time, late, redelivered, the replay) and
//! the reads that find the payload gone. The counters run over the whole day, so their last
//! values are the numbers of the lesson's tables at that TTL: the day is the model's own
//! (`model::day`) and every read is classified by the lesson's own tally (`Tally::add_with`).

use super::model::{Event as Day, Tally, day};
use super::params::ClaimCheckParams;
use crate::error::Error;
use crate::jsfmt::number_to_string;
use crate::params::ParamSet;
use crate::trace::{Choice, Control, Counter, Event, Lane, Selector, Trace, Track, push_span};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str = "dangling (the first events whose claim check dangles) or event:I (events I to I+7, from 0), with ttl:H (the payload's lifetime in hours, the lesson's by default; any of the TTL sweep)";

/// The parameter that makes a run longer (its events). (see `Trace::check_drawing`)
pub const LOWER: &str = "events";

/// Events drawn as lanes.
pub const LANES: u64 = 8;

/// Frames at most: a longer axis is played a few hours a frame.
const MAX_FRAMES: u32 = 240;

/// The counters, in order: the names of the tally's fields they equal at the end.
const COUNTERS: [&str; 5] = [
    "payload_reads",
    "dangling",
    "dangling_late",
    "dangling_replay",
    "store_gb_hours",
];

/// Which run: the payload's lifetime and the events shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    /// Hours a payload is kept (fractions and zero as the TTL parameter allows).
    pub ttl: f64,
    /// The first event shown, or `None` for the first events whose reference dangles.
    pub event: Option<u64>,
}

/// The run a selector picks (`dangling` by default, the lesson's TTL).
pub fn select(set: &ParamSet, text: &str) -> Result<Pick, Error> {
    let p = ClaimCheckParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["dangling", "event", "ttl"], HELP)?;
    let ttl = match sel.get("ttl") {
        None => p.ttl_h,
        Some(v) => {
            let mut other = set.clone();
            other
                .set("ttl_h", v)
                .map(|()| other.real("ttl_h"))
                .map_err(|_| {
                    Error::bad("trace", text, "ttl: a number of hours from 0 to 100000")
                        .keyed("refuse.claim_check.trace_ttl", &[])
                })?
        }
    };
    let event = match sel.get("event") {
        None => None,
        Some(_) => Some(sel.int(text, "event", 0, p.events as i64 - 1, 0)? as u64),
    };
    if event.is_some() && sel.get("dangling").is_some() {
        return Err(
            Error::bad("trace", text, "give dangling or event:I, not both")
                .keyed("refuse.claim_check.trace_both", &[]),
        );
    }
    Ok(Pick { ttl, event })
}

/// The form's controls: the TTL (the lesson's and the sweep's) and which events.
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let pick = select(set, text)?;
    let p = ClaimCheckParams::from_set(set)?;
    // The lesson's TTL and the sweep's, in order, each once (a handful: inserted in place).
    let mut ttls: Vec<f64> = Vec::with_capacity(p.ttl_sweep.len() + 2);
    for &h in [p.ttl_h, pick.ttl].iter().chain(&p.ttl_sweep) {
        let at = ttls.partition_point(|&x| x < h);
        if ttls.get(at) != Some(&h) {
            ttls.insert(at, h);
        }
    }
    let mut hours = Vec::with_capacity(ttls.len());
    let mut at = 0;
    for (i, &h) in ttls.iter().enumerate() {
        if h == pick.ttl {
            at = i;
        }
        let n = number_to_string(h);
        hours.push(Choice {
            part: format!("ttl:{n}"),
            label: "trace.choice.ttl",
            n: Some(n),
            name: None,
        });
    }
    let mut which = vec![
        Choice::new("dangling", "trace.choice.dangling"),
        Choice::new("event:0", "trace.choice.first_events"),
    ];
    let chosen = match pick.event {
        None => 0,
        Some(0) => 1,
        Some(i) => {
            which.push(Choice::numbered(
                format!("event:{i}"),
                "trace.choice.events",
                i,
            ));
            2
        }
    };
    Ok(vec![
        Control {
            key: "ttl",
            choices: hours,
            chosen: at,
        },
        Control {
            key: "events",
            choices: which,
            chosen,
        },
    ])
}

/// An event kept for its lane: the day's event and how the claim check's tally read it.
struct Shown {
    index: u64,
    event: Day,
    accepted: bool,
    /// Whether each read (by its index in `event.reads`) dangles; empty without a payload read.
    dangles: Vec<bool>,
}

impl Shown {
    fn new(index: u64, event: &Day, accepted: bool, dangles: Vec<bool>) -> Self {
        Self {
            index,
            event: event.clone(),
            accepted,
            dangles,
        }
    }
}

/// The frame from which something at `hour` counts (frame `f` shows the hours before `f * step`).
fn frame_of(hour: f64, step: u32) -> usize {
    (hour.floor() as u64 + 1).div_ceil(u64::from(step)) as usize
}

/// Adds one at `hour` to a per-hour tally that grows as needed.
fn bump(at: &mut Vec<u32>, hour: f64) {
    let h = hour.floor() as usize;
    if at.len() <= h {
        at.resize(h + 1, 0);
    }
    at[h] += 1;
}

/// Records the selected run.
pub fn trace(set: &ParamSet, text: &str) -> Result<Trace, Error> {
    let pick = select(set, text)?;
    let p = ClaimCheckParams::from_set(set)?;
    let ttl = pick.ttl;
    // The whole day through the lesson's tally, the reads counted by the hour they happen.
    let mut tally = Tally::default();
    let mut reads: Vec<u32> = Vec::new();
    let mut dangling_late: Vec<u32> = Vec::new();
    let mut dangling_replay: Vec<u32> = Vec::new();
    // The store's GB-hours after the last payload of each hour (arrivals come in order).
    let mut gb: Vec<(usize, f64)> = Vec::new();
    let mut shown: Vec<Shown> = Vec::new();
    let mut dangling_events = 0u64;
    let mut index = 0u64;
    day(&p, p.redelivery_prob, &mut |e| {
        let mut dangles: Vec<bool> = Vec::new();
        let mut any = false;
        let accepted = tally.add_with(&p, e, true, ttl, |i, d| {
            let r = &e.reads[i];
            bump(&mut reads, r.hour);
            if d {
                any = true;
                if r.replay {
                    bump(&mut dangling_replay, r.hour);
                } else {
                    bump(&mut dangling_late, r.hour);
                }
            }
            dangles.push(d);
        });
        if e.payload > 0 && accepted {
            let hour = e.arrival.floor() as usize;
            match gb.last_mut() {
                Some(last) if last.0 == hour => last.1 = tally.store_gb_hours,
                _ => gb.push((hour, tally.store_gb_hours)),
            }
        }
        dangling_events += u64::from(any);
        let wanted = match pick.event {
            Some(i) => index >= i && index < i + LANES,
            None => any,
        };
        if wanted && (shown.len() as u64) < LANES {
            shown.push(Shown::new(index, e, accepted, dangles));
        }
        index += 1;
    });
    // Without a dangling reference, the day's first events.
    let none_dangle = pick.event.is_none() && shown.is_empty();
    if none_dangle {
        let mut index = 0u64;
        day(&p, p.redelivery_prob, &mut |e| {
            if index < LANES {
                let mut dangles = Vec::new();
                let accepted = Tally::default().add_with(&p, e, true, ttl, |_, d| dangles.push(d));
                shown.push(Shown::new(index, e, accepted, dangles));
            }
            index += 1;
        });
    }

    // The axis: every read of the day and the shown payloads' expiry.
    let mut hours = reads.len() as u64;
    for s in &shown {
        hours = hours.max(s.event.arrival.floor() as u64 + 1);
        if s.event.payload > 0 && s.accepted {
            hours = hours.max((s.event.arrival + ttl).floor() as u64 + 1);
        }
        for r in &s.event.reads {
            hours = hours.max(r.hour.floor() as u64 + 1);
        }
    }
    let end = hours.max(1) as u32;
    let step = end.div_ceil(MAX_FRAMES).max(1);
    let frames = end.div_ceil(step);

    // Counters: per-hour tallies summed from the frame of their hour on.
    let mut counters = Vec::with_capacity(COUNTERS.len());
    for (k, key) in COUNTERS.iter().enumerate() {
        let mut values = vec![0.0; frames as usize + 1];
        if k == 4 {
            for &(hour, total) in &gb {
                let f = frame_of(hour as f64, step);
                for v in values.iter_mut().skip(f) {
                    *v = total;
                }
            }
        } else {
            let mut per = vec![0u32; frames as usize + 1];
            let mut add = |at: &[u32]| {
                for (h, &n) in at.iter().enumerate() {
                    per[frame_of(h as f64, step).min(frames as usize)] += n;
                }
            };
            match k {
                0 => add(&reads),
                1 => {
                    add(&dangling_late);
                    add(&dangling_replay);
                }
                2 => add(&dangling_late),
                _ => add(&dangling_replay),
            }
            let mut sum = 0.0;
            for (v, &n) in values.iter_mut().zip(&per) {
                sum += f64::from(n);
                *v = sum;
            }
        }
        counters.push(Counter { key, values });
    }

    let (lanes, mut events) = lanes(&shown, ttl, end);
    crate::trace::sort_in_time(&mut events);
    let mut facts = vec![
        ("ttl", number_to_string(pick.ttl)),
        ("dangling_events", dangling_events.to_string()),
    ];
    if none_dangle {
        facts.push(("no_dangling", p.events.to_string()));
    }
    Ok(Trace::hours(
        "claim_check",
        match pick.event {
            Some(i) => format!("ttl:{},event:{i}", number_to_string(pick.ttl)),
            None => format!("ttl:{},dangling", number_to_string(pick.ttl)),
        },
        frames,
        step,
        end,
        vec![Track::new("payloads", lanes, events, counters)],
        facts,
    ))
}

/// The shown events' lanes: the payload in the store until it expires, then gone while a read
/// still comes; each read a mark.
fn lanes(shown: &[Shown], ttl: f64, end: u32) -> (Vec<Lane>, Vec<Event>) {
    let mut lanes = Vec::with_capacity(shown.len());
    let mut events = Vec::new();
    for (l, s) in shown.iter().enumerate() {
        let e = &s.event;
        let mut lane = Lane {
            label: format!("#{}", s.index),
            spans: Vec::new(),
        };
        let arrival = e.arrival.floor() as u32;
        let mut last = arrival + 1;
        for r in &e.reads {
            last = last.max(r.hour.floor() as u32 + 1);
        }
        let last = last.min(end);
        if !s.accepted {
            push_span(&mut lane, arrival, arrival + 1, "refused", None);
            events.push(mark(arrival, l, "refused", None, None));
            lanes.push(lane);
            continue;
        }
        if e.payload == 0 {
            push_span(&mut lane, arrival, last, "no_proof", None);
        } else {
            let expiry = ((e.arrival + ttl).floor() as u32).min(end);
            let kb = format!("{} KB", e.payload / 1024);
            push_span(&mut lane, arrival, expiry, "stored", Some(&kb));
            push_span(&mut lane, expiry, last, "expired", None);
            if expiry < end {
                events.push(mark(expiry, l, "expired", None, None));
            }
        }
        let mut consumer = 0;
        for (i, r) in e.reads.iter().enumerate() {
            if !r.replay && !r.redelivered {
                consumer += 1;
            }
            let dangles = s.dangles.get(i).copied().unwrap_or(false);
            let kind = match (r.replay, dangles) {
                (true, true) => "dangling_replay",
                (true, false) => "replay",
                (false, true) => "dangling_late",
                _ if r.redelivered => "redelivered",
                _ if r.late => "late",
                _ => "on_time",
            };
            let note = if r.replay {
                None
            } else {
                Some(format!("C{consumer}"))
            };
            let took = if r.late && !r.replay {
                Some((r.hour - e.arrival).round() as u32)
            } else {
                None
            };
            events.push(mark(r.hour.floor() as u32, l, kind, note, took));
        }
        lanes.push(lane);
    }
    (lanes, events)
}

fn mark(
    at: u32,
    lane: usize,
    kind: &'static str,
    note: Option<String>,
    took: Option<u32>,
) -> Event {
    Event {
        at,
        lane: Some(lane),
        kind,
        note,
        took,
    }
}
