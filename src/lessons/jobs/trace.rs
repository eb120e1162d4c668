//! The jobs lesson's nights watched slot by slot: for each overlap policy a Gantt of nights ×
//! hours (planned, queued, running, skipped), and each night's attempts under one retry limit.

use super::model::{Policy, durations, night_attempts, policy_with};
use super::params::{JobsParams, generator};
use crate::error::Error;
use crate::params::ParamSet;
use crate::trace::{
    Control, Counters, Event, Lane, Selector, Trace, Track, numbers_control, push_span,
};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str =
    "limit:N (the attempts under attempt limit N), night:N (night N alone, 1 to nights)";

/// The parameters that make a run wider (its nights) or longer (the attempt limit watched). (see `Trace::check_drawing`)
pub const LOWER: &str = "nights, limit";

/// Nights above which a trace is refused (the page draws a lane per night).
const MAX_NIGHTS: usize = 1000;

/// The attempt limit a selector picks (the first of `retry_limits` by default) and the night it
/// zooms into (0 when absent: all nights).
pub fn select(set: &ParamSet, text: &str) -> Result<(u32, usize), Error> {
    let p = JobsParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["limit", "night"], HELP)?;
    let first = p.retry_limits.first().copied().unwrap_or(1);
    let limit = sel.int(text, "limit", 1, 1000, i64::from(first))? as u32;
    let night = sel.int(text, "night", 1, p.nights as i64, 0)? as usize;
    if p.nights > MAX_NIGHTS {
        return Err(Error::bad(
            "trace",
            text,
            format!(
                "a trace of at most {MAX_NIGHTS} nights; nights is {}: lower nights",
                p.nights
            ),
        )
        .keyed(
            "refuse.jobs.trace_nights",
            &[("max", &MAX_NIGHTS), ("nights", &p.nights)],
        ));
    }
    Ok((limit, night))
}

/// The form's controls: the night zoomed into ("all nights", then each night) and the attempt
/// limit whose attempts are shown (one per row of the lesson's retry-limit table). Either
/// keeps the other: a night's choice carries the limit shown, and a change of limit keeps the
/// night before it (the selector's last pair wins).
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let (limit, night) = select(set, text)?;
    let p = JobsParams::from_set(set)?;
    let all: Vec<u32> = (0..p.nights as u32 + 1).collect();
    let mut nights = numbers_control("night", "trace.choice.night", &all, night as u32);
    let limit_part = format!("limit:{limit}");
    for c in &mut nights.choices {
        c.part.push(',');
        c.part.push_str(&limit_part);
    }
    if let Some(c) = nights.choices.first_mut() {
        c.part = limit_part;
        c.label = "trace.choice.all_nights";
    }
    Ok(vec![
        nights,
        numbers_control("limit", "trace.choice.limit", &p.retry_limits, limit),
    ])
}

/// Records the nights of every policy and the attempts under the selected limit.
pub fn trace(set: &ParamSet, text: &str) -> Result<Trace, Error> {
    let (limit, night) = select(set, text)?;
    let p = JobsParams::from_set(set)?;
    let fresh = generator(p.seed)?;
    let durations = durations(&p, &mut fresh.clone());
    let interval = p.interval.max(1);
    let nights = p.nights;
    let mut tracks = Vec::new();
    let results: Vec<_> = Policy::ALL
        .iter()
        .chain(p.replace_policy.then_some(&Policy::Replace))
        .map(|&pol| policy_with(pol, &durations, p.interval, p.starting_deadline))
        .collect();
    // Hours each run ran: its run time, or, under Replace, until the next run started.
    let ran_of = |r: &super::model::PolicyResult| -> Vec<i64> {
        let mut ran = durations.clone();
        if r.policy == Policy::Replace {
            let started: Vec<(usize, i64)> = r
                .starts
                .iter()
                .enumerate()
                .filter_map(|(g, b)| b.map(|b| (g, b)))
                .collect();
            for w in started.windows(2) {
                let ((g, b), (_, next)) = (w[0], w[1]);
                if next < b + durations[g] {
                    ran[g] = next - b;
                }
            }
        }
        ran
    };
    // The guarantee table's draws for this limit, the attempts side by side in the night's slot
    // (past it when there are more attempts than hours: the run's end holds them all).
    let width = (interval as u32 / limit).max(1);
    let attempts = night_attempts(&p, limit, &mut fresh.clone());
    let last_attempt = attempts
        .iter()
        .enumerate()
        .map(|(g, &(made, _))| g as i64 * interval + i64::from(made * width))
        .max()
        .unwrap_or(0);
    let end_hour = results
        .iter()
        .flat_map(|r| r.starts.iter().zip(&durations))
        .filter_map(|(b, d)| b.map(|b| b + d))
        .max()
        .unwrap_or(0)
        .max(nights as i64 * p.interval)
        .max(last_attempt);
    // A night zoomed into plays hour by hour (while the frames stay few).
    let step = if night > 0 && end_hour <= 20_000 {
        1
    } else {
        interval
    };
    let frames = ((end_hour as u64).div_ceil(step as u64) as u32).max(nights as u32);
    let end = frames * step as u32;
    let frame_of = |hour: i64| (hour / step + 1).min(i64::from(frames)) as u32;
    for r in &results {
        let ran = ran_of(r);
        let mut lanes = Vec::with_capacity(nights);
        let mut events = Vec::new();
        let mut c = Counters::new(
            &[
                "started",
                "skipped",
                "total_delay",
                "max_concurrent",
                "max_queue",
                "spill_over",
                "pod_hours",
                "killed",
                "lost_pod_hours",
            ],
            frames,
        );
        for (g, (&start, &d)) in r.starts.iter().zip(&ran).enumerate() {
            let t = g as i64 * p.interval;
            let mut lane = Lane {
                label: format!("G{}", g + 1),
                spans: Vec::new(),
            };
            let f = frame_of(t);
            match start {
                None => {
                    push_span(&mut lane, t as u32, t as u32 + 1, "skipped", None);
                    events.push(Event {
                        at: t as u32,
                        lane: Some(g),
                        kind: "skip",
                        note: None,
                        took: None,
                    });
                    c.add("skipped", f, 1.0);
                }
                Some(b) => {
                    push_span(&mut lane, t as u32, b as u32, "queued", None);
                    push_span(&mut lane, b as u32, (b + d) as u32, "running", None);
                    events.push(Event {
                        at: b as u32,
                        lane: Some(g),
                        kind: if b > t { "start_late" } else { "start" },
                        note: None,
                        took: Some(d as u32),
                    });
                    c.add("started", f, 1.0);
                    c.add("total_delay", f, (b - t) as f64);
                    c.add("pod_hours", f, d as f64);
                    if d < durations[g] {
                        let at = (b + d) as u32;
                        events.push(Event {
                            at,
                            lane: Some(g),
                            kind: "killed",
                            note: None,
                            took: Some(d as u32),
                        });
                        c.add("killed", frame_of(b + d), 1.0);
                        c.add("lost_pod_hours", frame_of(b + d), d as f64);
                    }
                    if b >= nights as i64 * p.interval {
                        c.add("spill_over", frame_of(b), 1.0);
                    }
                }
            }
            // Runs going and waiting at this night's scheduled time (the lesson's peaks).
            let going = (0..nights)
                .filter(|&i| r.starts[i].is_some_and(|b| b <= t && b + ran[i] > t))
                .count();
            let waiting = (0..nights)
                .filter(|&i| r.starts[i].is_some_and(|b| b > t && i as i64 * p.interval <= t))
                .count();
            c.max("max_concurrent", f, going as f64);
            c.max("max_queue", f, waiting as f64);
            lanes.push(lane);
        }
        crate::trace::sort_in_time(&mut events);
        let key = match r.policy {
            Policy::Skip => "skip",
            Policy::Queue => "queue",
            Policy::Parallel => "parallel",
            Policy::Replace => "replace",
        };
        tracks.push(Track {
            group: Some("policy"),
            ..Track::new(key, lanes, events, c.finish())
        });
    }
    let mut lanes = Vec::with_capacity(nights);
    let mut events = Vec::new();
    let mut c = Counters::new(&["completed", "attempts", "wasted"], frames);
    for (g, &(made, ok)) in attempts.iter().enumerate() {
        let t = g as u32 * interval as u32;
        let mut lane = Lane {
            label: format!("G{}", g + 1),
            spans: Vec::new(),
        };
        for a in (0..made).take_while(|a| t + a * width < end) {
            let last = a + 1 == made;
            let state = if last && ok {
                "attempt_ok"
            } else {
                "attempt_failed"
            };
            lane.spans.push(crate::trace::Span {
                start: t + a * width,
                end: (t + (a + 1) * width).min(end),
                state,
                note: None,
            });
        }
        events.push(Event {
            at: t,
            lane: Some(g),
            kind: if ok { "night_done" } else { "night_failed" },
            note: Some(made.to_string()),
            took: None,
        });
        let f = frame_of(i64::from(t));
        c.add("attempts", f, f64::from(made));
        c.add("wasted", f, f64::from(made - u32::from(ok)));
        c.add("completed", f, f64::from(u8::from(ok)));
        lanes.push(lane);
    }
    tracks.push(Track::new("attempts", lanes, events, c.finish()));
    let mut selector = format!("limit:{limit}");
    let mut focus = None;
    if let Some(lane) = night.checked_sub(1) {
        selector.push_str(",night:");
        selector.push_str(&night.to_string());
        // The night's slot, and on to the end of its latest run.
        let start = lane as u32 * interval as u32;
        let mut stop = start + (interval as u32).max(attempts[lane].0 * width);
        for r in &results {
            if let Some(b) = r.starts[lane] {
                stop = stop.max((b + durations[lane]) as u32);
            }
        }
        focus = Some((lane as u32, start, stop.min(end)));
    }
    Ok(Trace {
        focus_lane: focus.map(|f| f.0),
        focus_start: focus.map(|f| f.1),
        focus_end: focus.map(|f| f.2),
        ..Trace::hours(
            "jobs",
            selector,
            frames,
            step as u32,
            end,
            tracks,
            vec![
                ("nights", nights.to_string()),
                ("interval", p.interval.to_string()),
                ("limit", limit.to_string()),
            ],
        )
    })
}
