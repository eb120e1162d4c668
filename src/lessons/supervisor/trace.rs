//! The supervisor lesson's run watched round by round: each job's step, the rounds it sits
//! unrecorded, the scans (tarama), the re-drives after the lease (kira) and the compensations.

use super::model::{Outcome, Recorder, run_recorded};
use super::params::SupervisorParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::trace::{
    Choice, Control, Counters, Event, Lane, Selector, Trace, Track, check_cells, numbers_control,
    push_span,
};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str = "on (the run with the supervisor), off (without it), both (the two side by side) \
     or scan:N (with scan interval N)";

/// The parameters that make a run wider (its jobs) or longer (its rounds). (see `Trace::check_drawing`)
pub const LOWER: &str = "jobs, max_rounds";

/// Which runs a selector shows.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Runs {
    /// With the supervisor.
    On,
    /// Without it.
    Off,
    /// Both, side by side on one time axis (the lesson's comparison table as a picture).
    Both,
}

/// The runs a selector picks: with the supervisor at a scan interval, without it, or both.
pub fn select(set: &ParamSet, text: &str) -> Result<(Runs, u32), Error> {
    let p = SupervisorParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["on", "off", "both", "scan"], HELP)?;
    let off = sel.get("off").is_some();
    let both = sel.get("both").is_some();
    if off && sel.pairs.len() > 1 || both && sel.get("on").is_some() {
        return Err(Error::bad("trace", text, HELP));
    }
    let scan = sel.int(text, "scan", 1, 10_000, i64::from(p.scan))? as u32;
    let cells = p.jobs as u64 * u64::from(p.max_rounds);
    check_cells(text, cells, "job-rounds", "jobs", "max_rounds")?;
    let runs = match (off, both) {
        (true, _) => Runs::Off,
        (_, true) => Runs::Both,
        _ => Runs::On,
    };
    Ok((runs, scan))
}

/// The form's controls: with or without the supervisor or both, and its scan interval (the
/// lesson's own and those of its scan sweep).
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let (runs, scan) = select(set, text)?;
    let p = SupervisorParams::from_set(set)?;
    let mut out = vec![Control {
        key: "supervisor",
        choices: vec![
            Choice::new("", "trace.choice.on"),
            Choice::new("off", "trace.choice.off"),
            Choice::new("both", "trace.choice.both"),
        ],
        chosen: runs as usize,
    }];
    if runs != Runs::Off {
        let mut scans = p.scan_sweep.clone();
        scans.push(p.scan);
        out.push(numbers_control("scan", "trace.choice.scan", &scans, scan));
    }
    Ok(out)
}

/// Records the selected run, or both runs on one time axis.
pub fn trace(set: &ParamSet, text: &str) -> Result<Trace, Error> {
    let (runs, scan) = select(set, text)?;
    let p = SupervisorParams::from_set(set)?;
    let scenario = p.scenario();
    let record = |supervisor: bool| {
        let mut rec = Log::default();
        let o = run_recorded(&scenario, &p.config(supervisor, scan), &mut rec);
        let rounds = rounds_of(&p, &rec, &o);
        (rec, o, rounds)
    };
    let chosen: Vec<bool> = match runs {
        Runs::On => vec![true],
        Runs::Off => vec![false],
        Runs::Both => vec![true, false],
    };
    let recorded: Vec<_> = chosen.iter().map(|&s| (s, record(s))).collect();
    let rounds = recorded.iter().map(|r| r.1.2).max().unwrap_or(0);
    let tracks = recorded
        .iter()
        .map(|(s, (rec, _, _))| {
            let key = match runs {
                Runs::Both if *s => "with_supervisor",
                Runs::Both => "without_supervisor",
                _ => "jobs",
            };
            build(&p, *s, key, rounds, rec)
        })
        .collect();
    let mut facts = vec![(
        "supervisor",
        match runs {
            Runs::On => "on",
            Runs::Off => "off",
            Runs::Both => "both",
        }
        .to_string(),
    )];
    if runs != Runs::Off {
        facts.push(("scan", scan.to_string()));
    }
    facts.push(("lease", p.lease.to_string()));
    facts.push(("retry_limit", p.retry_limit.to_string()));
    for (s, (_, o, _)) in &recorded {
        let key = if runs == Runs::Both && !*s {
            "half_done_off"
        } else {
            "half_done"
        };
        facts.push((key, o.half_done.to_string()));
    }
    Ok(Trace::rounds(
        "supervisor",
        match runs {
            Runs::On => format!("scan:{scan}"),
            Runs::Off => "off".into(),
            Runs::Both => format!("both,scan:{scan}"),
        },
        rounds,
        tracks,
        facts,
    ))
}

/// How many rounds a run takes: until every job is finished or compensated, or max_rounds.
fn rounds_of(p: &SupervisorParams, log: &Log, o: &Outcome) -> u32 {
    let last = log
        .items
        .iter()
        .map(|i| i.0)
        .chain(log.scans.iter().copied())
        .max()
        .unwrap_or(0)
        .max(o.last_round);
    if o.half_done > 0 { p.max_rounds } else { last }
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

/// One run's track, its lanes filled to `rounds` (the time axis the page draws).
fn build(
    p: &SupervisorParams,
    supervisor: bool,
    key: &'static str,
    rounds: u32,
    log: &Log,
) -> Track {
    let n = p.jobs;
    // Without the supervisor nobody comes for an unrecorded step.
    let stuck = if supervisor { "stuck" } else { "stuck_off" };
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
            took: None,
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
                        close(lane, s, t, p.steps.get(k).map(String::as_str), stuck);
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
                        note: name.map(str::to_string),
                        took: Some(delay as u32),
                    });
                }
                Item::Complete | Item::Compensate => {
                    if let Some((s, k)) = running.take() {
                        close(lane, s, t, p.steps.get(k).map(String::as_str), stuck);
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
                            took: None,
                        });
                        push_span(lane, t - 1, rounds, "compensated", None);
                    }
                }
            }
        }
        if let Some((s, k)) = running {
            close(
                lane,
                s,
                rounds + 1,
                p.steps.get(k).map(String::as_str),
                stuck,
            );
        }
    }
    crate::trace::sort_in_time(&mut events);
    Track {
        faults: true,
        ..Track::new(key, lanes, events, c.finish())
    }
}

/// A step started in round `s` and left in round `t`: one round running, then unrecorded.
fn close(lane: &mut Lane, s: u32, t: u32, step: Option<&str>, stuck: &'static str) {
    push_span(lane, s - 1, s, "run", step);
    push_span(lane, s, t - 1, stuck, step);
}

fn event(t: u32, j: usize, kind: &'static str, note: Option<&str>) -> Event {
    Event {
        at: t - 1,
        lane: Some(j),
        kind,
        note: note.map(str::to_string),
        took: None,
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
            lane.assert_tiles(tr.end);
        }
    }

    #[test]
    fn both_runs_side_by_side_are_each_run_on_one_axis() {
        let set = ParamSet::defaults(&super::super::params::SCHEMA);
        let both = trace(&set, "both").unwrap();
        let on = trace(&set, "").unwrap();
        let off = trace(&set, "off").unwrap();
        assert_eq!(both.selector, "both,scan:2");
        assert_eq!(both.end, on.end.max(off.end));
        assert_eq!(both.tracks.len(), 2);
        for (track, single) in both.tracks.iter().zip([&on, &off]) {
            let one = &single.tracks[0];
            assert_eq!(track.events, one.events);
            for c in &one.counters {
                assert_eq!(track.total(c.key), one.total(c.key), "{}", c.key);
            }
            for lane in &track.lanes {
                assert_eq!(lane.spans.last().unwrap().end, both.end);
            }
        }
        // Without the supervisor an unrecorded step waits for nobody.
        let states = |tr: &Trace| -> Vec<&str> {
            tr.tracks[0]
                .lanes
                .iter()
                .flat_map(|l| l.spans.iter().map(|s| s.state))
                .collect()
        };
        assert!(states(&off).contains(&"stuck_off") && !states(&off).contains(&"stuck"));
        assert!(states(&on).contains(&"stuck") && !states(&on).contains(&"stuck_off"));
        assert!(trace(&set, "both,on").is_err());
    }
}
