//! The supervisor lesson's run watched round by round: each job's step, the rounds it sits
//! unrecorded, the scans (tarama), the re-drives after the lease (kira) and the compensations.

use super::model::{Outcome, Recorder, run_recorded};
use super::params::SupervisorParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::trace::{
    Choice, Control, Counters, Event, Lane, Selector, Trace, Track, numbers_control, push_span,
};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str =
    "on (the run with the supervisor), off (without it) or scan:N (with scan interval N)";

/// Lanes × rounds above which a trace is refused (the page draws every cell).
const MAX_CELLS: u64 = 400_000;

/// The run a selector picks: with the supervisor at a scan interval, or without it.
pub fn select(set: &ParamSet, text: &str) -> Result<(bool, u32), Error> {
    let p = SupervisorParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["on", "off", "scan"], HELP)?;
    let off = sel.get("off").is_some();
    if off && sel.pairs.len() > 1 {
        return Err(Error::bad("trace", text, HELP));
    }
    let scan = sel.int(text, "scan", 1, 10_000, i64::from(p.scan))? as u32;
    let cells = p.jobs as u64 * u64::from(p.max_rounds);
    if cells > MAX_CELLS {
        return Err(Error::bad(
            "trace",
            text,
            format!(
                "a trace of at most {MAX_CELLS} job-rounds; jobs × max_rounds is {cells}: lower jobs or max_rounds"
            ),
        ));
    }
    Ok((!off, scan))
}

/// The form's controls: with or without the supervisor, and its scan interval (the lesson's own
/// and those of its scan sweep).
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let (supervisor, scan) = select(set, text)?;
    let p = SupervisorParams::from_set(set)?;
    let mut out = vec![Control {
        key: "supervisor",
        choices: vec![Choice::new("", "trace.choice.on"), Choice::new("off", "trace.choice.off")],
        chosen: usize::from(!supervisor),
    }];
    if supervisor {
        let mut scans = p.scan_sweep.clone();
        scans.push(p.scan);
        out.push(numbers_control("scan", "trace.choice.scan", &scans, scan));
    }
    Ok(out)
}

/// Records the selected run.
pub fn trace(set: &ParamSet, text: &str) -> Result<Trace, Error> {
    let (supervisor, scan) = select(set, text)?;
    let p = SupervisorParams::from_set(set)?;
    let scenario = p.scenario();
    let mut rec = Log::default();
    let o = run_recorded(&scenario, &p.config(supervisor, scan), &mut rec);
    Ok(build(&p, supervisor, scan, &rec, &o))
}

/// What happened, as told by the run.
#[derive(Default)]
struct Log {
    /// (round, job, what, step, delay)
    items: Vec<(u32, usize, Item, usize, u64)>,
    scans: Vec<u32>,
}

#[derive(Clone, Copy, PartialEq)]
enum Item {
    Start,
    Record,
    Redrive,
    Wasted,
    Complete,
    Compensate,
}

impl Recorder for Log {
    fn record(&mut self, t: u32, job: usize, step: usize) {
        self.items.push((t, job, Item::Record, step, 0));
    }
    fn scan(&mut self, t: u32) {
        self.scans.push(t);
    }
    fn redrive(&mut self, t: u32, job: usize, step: usize, delay: u64, wasted: bool) {
        let item = if wasted { Item::Wasted } else { Item::Redrive };
        self.items.push((t, job, item, step, delay));
    }
    fn start(&mut self, t: u32, job: usize, step: usize) {
        self.items.push((t, job, Item::Start, step, 0));
    }
    fn complete(&mut self, t: u32, job: usize) {
        self.items.push((t, job, Item::Complete, 0, 0));
    }
    fn compensate(&mut self, t: u32, job: usize, steps: usize) {
        self.items.push((t, job, Item::Compensate, steps, 0));
    }
}

fn build(p: &SupervisorParams, supervisor: bool, scan: u32, log: &Log, o: &Outcome) -> Trace {
    // The run ends when every job is finished or compensated, or after max_rounds.
    let last = log
        .items
        .iter()
        .map(|i| i.0)
        .chain(log.scans.iter().copied())
        .max()
        .unwrap_or(0)
        .max(o.last_round);
    let rounds = if o.half_done > 0 { p.max_rounds } else { last };
    let n = p.jobs;
    let mut lanes: Vec<Lane> = (1..=n)
        .map(|j| Lane {
            label: format!("S{j}"),
            spans: Vec::new(),
        })
        .collect();
    let mut events = Vec::new();
    let keys = [
        "steps_run",
        "completed",
        "records_read",
        "redriven",
        "wasted",
        "worst_recovery",
        "compensated_jobs",
        "compensated_steps",
    ];
    let mut keys = keys.to_vec();
    if !p.idempotent {
        keys.push("duplicate_lines");
    }
    let mut c = Counters::new(&keys, rounds);
    for &t in &log.scans {
        events.push(Event {
            at: t - 1,
            lane: None,
            kind: "scan",
            note: Some(n.to_string()),
        });
        c.add("records_read", t, n as f64);
    }
    for (j, lane) in lanes.iter_mut().enumerate() {
        // The job's running step and the round it started.
        let mut running: Option<(u32, usize)> = None;
        for &(t, _, item, step, delay) in log.items.iter().filter(|i| i.1 == j) {
            let name = p.steps.get(step).map(String::as_str);
            match item {
                Item::Start => {
                    if let Some((s, k)) = running.take() {
                        close(lane, s, t, p.steps.get(k).map(String::as_str));
                    }
                    running = Some((t, step));
                }
                Item::Record => {
                    c.add("steps_run", t, 1.0);
                    events.push(event(t, j, "record", name));
                }
                Item::Redrive | Item::Wasted => {
                    c.add("redriven", t, 1.0);
                    c.max("worst_recovery", t, delay as f64);
                    if item == Item::Wasted {
                        c.add("wasted", t, 1.0);
                        // Not idempotent: re-running an invoice step writes its line again.
                        if !p.idempotent
                            && name.is_some_and(|n| p.invoice_steps.iter().any(|s| s == n))
                        {
                            c.add("duplicate_lines", t, 1.0);
                            events.push(event(t, j, "duplicate_line", name));
                        }
                    }
                    let kind = if item == Item::Wasted {
                        "wasted"
                    } else {
                        "redrive"
                    };
                    events.push(Event {
                        at: t - 1,
                        lane: Some(j),
                        kind,
                        note: name.map(|s| format!("{s}, +{delay}")),
                    });
                }
                Item::Complete | Item::Compensate => {
                    if let Some((s, k)) = running.take() {
                        close(lane, s, t, p.steps.get(k).map(String::as_str));
                    }
                    if item == Item::Complete {
                        c.add("completed", t, 1.0);
                        events.push(event(t, j, "complete", None));
                        push_span(lane, t - 1, rounds, "done", None);
                    } else {
                        c.add("compensated_jobs", t, 1.0);
                        c.add("compensated_steps", t, step as f64);
                        events.push(Event {
                            at: t - 1,
                            lane: Some(j),
                            kind: "compensate",
                            note: Some(step.to_string()),
                        });
                        push_span(lane, t - 1, rounds, "compensated", None);
                    }
                }
            }
        }
        if let Some((s, k)) = running {
            close(lane, s, rounds + 1, p.steps.get(k).map(String::as_str));
        }
    }
    crate::trace::sort_in_time(&mut events);
    let mut facts = vec![(
        "supervisor",
        if supervisor { "on" } else { "off" }.to_string(),
    )];
    if supervisor {
        facts.push(("scan", scan.to_string()));
    }
    facts.push(("lease", p.lease.to_string()));
    facts.push(("retry_limit", p.retry_limit.to_string()));
    facts.push(("half_done", o.half_done.to_string()));
    Trace {
        lesson: "supervisor",
        selector: if supervisor {
            format!("scan:{scan}")
        } else {
            "off".into()
        },
        unit: "round",
        frames: rounds,
        step: 1,
        first: 1,
        end: rounds,
        tracks: vec![Track {
            key: "jobs",
            lanes,
            events,
            counters: c.finish(),
        }],
        facts,
    }
}

/// A step started in round `s` and left in round `t`: one round running, then unrecorded.
fn close(lane: &mut Lane, s: u32, t: u32, step: Option<&str>) {
    push_span(lane, s - 1, s, "run", step);
    push_span(lane, s, t - 1, "stuck", step);
}

fn event(t: u32, j: usize, kind: &'static str, note: Option<&str>) -> Event {
    Event {
        at: t - 1,
        lane: Some(j),
        kind,
        note: note.map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_run_unfolds_as_its_table_says() {
        let set = ParamSet::defaults(&super::super::params::SCHEMA);
        let p = SupervisorParams::from_set(&set).unwrap();
        let tr = trace(&set, "").unwrap();
        let o = super::super::model::run(&p.scenario(), &p.config(true, p.scan));
        let track = &tr.tracks[0];
        assert_eq!(track.total("redriven"), Some(o.redriven as f64));
        assert_eq!(tr.frames, o.last_round);
        // Every job's lane covers the run without gaps or overlaps.
        for lane in &track.lanes {
            assert_eq!(lane.spans[0].start, 0, "{lane:?}");
            for w in lane.spans.windows(2) {
                assert_eq!(w[0].end, w[1].start, "{lane:?}");
            }
            assert_eq!(lane.spans.last().unwrap().end, tr.end, "{lane:?}");
        }
    }
}
