//! One run of the compensation lesson's Monte Carlo watched round by round: the chosen ordering's
//! steps complete, one fails, and the completed ones are undone in reverse, each compensation
//! call retried up to the attempt count (DD5) until it succeeds or the step is left hung.

use super::model::{choose, compensable_of, ordering_rows, rollback, rollback_recorded};
use super::params::CompensationParams;
use crate::error::Error;
use crate::params::ParamSet;
use crate::rng::{Lcg32, UnitRng};
use crate::trace::{
    Choice, Control, Counters, Event, Lane, Selector, Trace, Track, numbers_control, push_span,
};

/// What the `trace` selector may say (errors and `--help`).
pub const HELP: &str = "attempts:A,run:I (run I of the Monte Carlo row with A attempts; run:hung is the first run that leaves a step hung; step:K keeps to the runs failing at the K-th step)";

/// The parameters that make a run wider (its steps) or longer (the attempts watched). (see `Trace::check_drawing`)
pub const LOWER: &str = "steps, attempts";

/// Runs a trace replays at most to reach the one it shows (a second or so): later runs are
/// refused, and `run:hung` looks no further.
pub const MAX_REPLAY: u64 = 10_000_000;

/// Which run: the attempt count and the run's index in the Monte Carlo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    /// Attempts per compensation.
    pub attempts: u32,
    /// The run's index, or `None` for the first run that leaves a step hung.
    pub run: Option<u64>,
    /// Only runs failing at this step of the ordering (0-based), if given.
    pub step: Option<usize>,
}

/// The run a selector picks (`attempts:A,run:I`, `run:hung`, `step:K`; the first attempt count
/// and the first hung run by default). `step:K` (1-based, as the lesson's failing-step table
/// counts) keeps to the runs failing at the ordering's K-th step: alone, the first of them;
/// with `run:hung`, the first of them left hung.
pub fn select(set: &ParamSet, text: &str) -> Result<Pick, Error> {
    let p = CompensationParams::from_set(set)?;
    let sel = Selector::parse(text);
    sel.only(text, &["attempts", "run", "step"], HELP)?;
    let first = p.retries.first().copied().unwrap_or(1);
    let attempts = sel.int(text, "attempts", 1, 20, i64::from(first))? as u32;
    let n = p.steps.len() as u64;
    let step = match sel.get("step") {
        None => None,
        Some(_) => Some(sel.int(text, "step", 1, n as i64, 1)? as usize - 1),
    };
    let run = match (sel.get("run"), step) {
        (None, Some(k)) => Some(k as u64),
        (None | Some("hung"), _) => None,
        (Some(_), _) => Some(sel.int(text, "run", 0, p.runs as i64 - 1, 0)? as u64),
    };
    if let (Some(i), Some(k)) = (run, step) {
        if i % n != k as u64 {
            return Err(Error::bad(
                "trace",
                text,
                format!(
                    "run {i} fails at step {}, not at step {}; give run or step",
                    i % n + 1,
                    k + 1
                ),
            )
            .keyed(
                "refuse.compensation.trace_step",
                &[("run", &i), ("at", &(i % n + 1)), ("step", &(k + 1))],
            ));
        }
    }
    if let Some(i) = run.filter(|&i| i >= MAX_REPLAY) {
        return Err(Error::bad(
            "trace",
            text,
            format!(
                "run: a trace replays the Monte Carlo's first {MAX_REPLAY} runs at most; run {i} is beyond them, pick an earlier run"
            ),
        )
        .keyed(
            "refuse.compensation.trace_replay",
            &[("max", &MAX_REPLAY), ("run", &i)],
        ));
    }
    if run.is_some_and(|i| i >= p.runs) {
        return Err(Error::bad(
            "trace",
            text,
            format!(
                "step: the Monte Carlo has {} runs; no run fails at that step",
                p.runs
            ),
        )
        .keyed("refuse.compensation.trace_no_step", &[("runs", &p.runs)]));
    }
    Ok(Pick {
        attempts,
        run,
        step,
    })
}

/// The ordering the trace replays: the one the lesson's Monte Carlo runs.
fn chosen_ordering(p: &CompensationParams) -> Vec<usize> {
    let orderings = ordering_rows(p);
    orderings
        .get(choose(&orderings))
        .map(|o| o.ordering.clone())
        .unwrap_or_default()
}

/// The form's controls: the attempt count (one per Monte Carlo row), the failing step (any, or
/// one of the chosen ordering's) and which run (the first left hung, or the first one).
pub fn controls(set: &ParamSet, text: &str) -> Result<Vec<Control>, Error> {
    let pick = select(set, text)?;
    let p = CompensationParams::from_set(set)?;
    let ordering = chosen_ordering(&p);
    let mut steps = vec![Choice::new("", "trace.choice.any_step")];
    for (k, &i) in ordering.iter().enumerate() {
        steps.push(Choice {
            name: Some(p.steps[i].name.clone()),
            ..Choice::numbered(format!("step:{}", k + 1), "trace.choice.step", k as u64 + 1)
        });
    }
    // Runs go round the steps: run I fails at step I mod n, and the first failing at step K is
    // run K-1.
    let n = ordering.len().max(1);
    let step = pick.step.or(pick.run.map(|i| (i % n as u64) as usize));
    let first = step.unwrap_or(0) as u64;
    let mut runs = vec![
        Choice::new("run:hung", "trace.choice.hung"),
        Choice::new(format!("run:{first}"), "trace.choice.first"),
    ];
    let chosen = match pick.run {
        None => 0,
        Some(i) if i == first => 1,
        Some(i) => {
            runs.push(Choice::numbered(format!("run:{i}"), "trace.choice.run", i));
            2
        }
    };
    Ok(vec![
        numbers_control(
            "attempts",
            "trace.choice.attempts",
            &p.retries,
            pick.attempts,
        ),
        Control {
            key: "step",
            choices: steps,
            chosen: step.map_or(0, |s| s + 1),
        },
        Control {
            key: "run",
            choices: runs,
            chosen,
        },
    ])
}

/// Records the selected run.
pub fn trace(set: &ParamSet, text: &str) -> Result<Trace, Error> {
    let pick = select(set, text)?;
    let p = CompensationParams::from_set(set)?;
    let ordering = chosen_ordering(&p);
    let comp = compensable_of(&p, &ordering);
    let n = comp.len() as u64;
    // Replay the Monte Carlo's draws up to the run (the lesson's generator, replication 0).
    let mut rng = Lcg32::new(p.seed);
    let mut index = 0u64;
    let mut hung_found = false;
    let target = loop {
        let before = rng.clone();
        let k = (index % n) as usize;
        if pick.run == Some(index) {
            break before;
        }
        // One rollback per replayed run: a hung one (for `run:hung`) is replayed from `before`.
        let hung = rollback(&comp, k, p.comp_fail, pick.attempts, &mut rng).hung > 0;
        if pick.run.is_none() && hung && pick.step.is_none_or(|s| s == k) {
            hung_found = true;
            break before;
        }
        index += 1;
        if index == p.runs.min(MAX_REPLAY) {
            // No run left a step hung: show the first run failing at the step asked for, or the
            // one that undoes the most steps.
            index = pick.step.map_or(n - 1, |s| s as u64).min(p.runs - 1);
            let mut again = Lcg32::new(p.seed);
            for i in 0..index {
                rollback(
                    &comp,
                    (i % n) as usize,
                    p.comp_fail,
                    pick.attempts,
                    &mut again,
                );
            }
            break again;
        }
    };
    let k = (index % n) as usize;
    Ok(build(
        &p, &ordering, &comp, k, pick, index, hung_found, target,
    ))
}

#[allow(clippy::too_many_arguments)]
fn build<R: UnitRng>(
    p: &CompensationParams,
    ordering: &[usize],
    comp: &[bool],
    k: usize,
    pick: Pick,
    index: u64,
    hung_found: bool,
    mut rng: R,
) -> Trace {
    let mut calls: Vec<(usize, bool)> = Vec::new();
    let r = rollback_recorded(
        comp,
        k,
        p.comp_fail,
        pick.attempts,
        &mut rng,
        &mut |s, ok| calls.push((s, ok)),
    );
    let forward = k as u32 + 1;
    let end = forward + r.rounds as u32;
    let name = |i: usize| p.steps[ordering[i]].name.clone();
    let mut lanes: Vec<Lane> = (0..comp.len())
        .map(|i| Lane {
            label: name(i),
            spans: Vec::new(),
        })
        .collect();
    let mut events = Vec::new();
    let mut c = Counters::new(&["rounds", "calls", "hung", "uncompensated"], end);
    for (i, lane) in lanes.iter_mut().enumerate().take(k) {
        push_span(lane, i as u32, i as u32 + 1, "completed", None);
    }
    push_span(&mut lanes[k], k as u32, forward, "failed", None);
    events.push(Event {
        at: k as u32,
        lane: Some(k),
        kind: "step_failed",
        note: None,
        took: None,
    });
    // The rollback, round by round, in the order the rounds are spent.
    let mut t = forward;
    let mut next_call = calls.iter().peekable();
    for i in (0..k).rev() {
        let lane = &mut lanes[i];
        push_span(lane, i as u32 + 1, t, "completed", None);
        let comp_name = p.steps[ordering[i]].compensation.clone();
        if !comp[i] {
            push_span(lane, t, end, "uncompensated", None);
            events.push(Event {
                at: t,
                lane: Some(i),
                kind: "uncompensated",
                note: None,
                took: None,
            });
            c.add("rounds", t + 1, 1.0);
            c.add("uncompensated", t + 1, 1.0);
            t += 1;
            continue;
        }
        let mut ok = false;
        let mut attempt = 0;
        while let Some(&&(_, success)) = next_call.peek().filter(|(s, _)| *s == i) {
            next_call.next();
            attempt += 1;
            ok = success;
            let state = if success { "call_ok" } else { "call_failed" };
            push_span(lane, t, t + 1, state, comp_name.as_deref());
            events.push(Event {
                at: t,
                lane: Some(i),
                kind: state,
                note: Some(format!("{attempt}/{}", pick.attempts)),
                took: None,
            });
            c.add("rounds", t + 1, 1.0);
            c.add("calls", t + 1, 1.0);
            t += 1;
        }
        if ok {
            push_span(lane, t, end, "compensated", None);
        } else {
            push_span(lane, t, end, "hung", None);
            events.push(Event {
                at: t - 1,
                lane: Some(i),
                kind: "hung",
                note: None,
                took: None,
            });
            c.add("hung", t, 1.0);
        }
    }
    let mut facts = vec![
        ("run", index.to_string()),
        ("attempts", pick.attempts.to_string()),
        ("comp_fail", crate::jsfmt::number_to_string(p.comp_fail)),
        ("failing_step", name(k)),
    ];
    if pick.run.is_none() && !hung_found {
        facts.push(("no_hung_run", p.runs.min(MAX_REPLAY).to_string()));
    }
    let selector = match (pick.run, pick.step) {
        (Some(i), _) => format!("attempts:{},run:{i}", pick.attempts),
        (None, Some(s)) => format!("attempts:{},step:{},run:hung", pick.attempts, s + 1),
        (None, None) => format!("attempts:{},run:hung", pick.attempts),
    };
    let tracks = vec![Track::new("rollback", lanes, events, c.finish())];
    Trace::rounds("compensation", selector, end, tracks, facts)
}

#[cfg(test)]
mod tests {
    use super::super::model::{Totals, monte_carlo};
    use super::*;

    /// Every run's trace, summed, gives the Monte Carlo's totals.
    #[test]
    fn traces_of_every_run_add_up_to_the_monte_carlo() {
        let mut set = ParamSet::defaults(&super::super::params::SCHEMA);
        set.set("runs", "200").unwrap();
        set.set("comp_fail", "0.4").unwrap();
        let p = CompensationParams::from_set(&set).unwrap();
        let orderings = ordering_rows(&p);
        let comp = compensable_of(&p, &orderings[choose(&orderings)].ordering);
        for attempts in [1, 2, 3] {
            let mc = monte_carlo(&comp, attempts, p.comp_fail, p.runs, Lcg32::new(p.seed));
            let mut sum = Totals {
                runs: p.runs,
                ..Totals::default()
            };
            for run in 0..p.runs {
                let tr = trace(&set, &format!("attempts:{attempts},run:{run}")).unwrap();
                let track = &tr.tracks[0];
                sum.calls += track.total("calls").unwrap() as u64;
                sum.rounds += track.total("rounds").unwrap() as u64;
                sum.hung_jobs += u64::from(track.total("hung").unwrap() > 0.0);
            }
            assert_eq!(sum, mc, "attempts {attempts}");
        }
    }

    #[test]
    fn step_picks_the_runs_failing_there() {
        let set = ParamSet::defaults(&super::super::params::SCHEMA);
        let tr = trace(&set, "step:3").unwrap();
        assert_eq!(tr.facts[0].1, "2");
        assert_eq!(tr.selector, "attempts:1,run:2");
        let tr = trace(&set, "step:3,run:hung").unwrap();
        let run: u64 = tr.facts[0].1.parse().unwrap();
        assert_eq!(run % 4, 2);
        assert!(tr.tracks[0].total("hung").unwrap() >= 1.0);
        assert!(trace(&set, "step:3,run:4").is_err());
        assert!(trace(&set, "step:5").is_err());
    }

    #[test]
    fn run_hung_finds_the_first_hung_run() {
        let set = ParamSet::defaults(&super::super::params::SCHEMA);
        let tr = trace(&set, "").unwrap();
        assert!(tr.tracks[0].total("hung").unwrap() >= 1.0);
        let run: u64 = tr.facts[0].1.parse().unwrap();
        for earlier in 0..run {
            let t = trace(&set, &format!("run:{earlier}")).unwrap();
            assert_eq!(t.tracks[0].total("hung"), Some(0.0));
        }
    }
}
