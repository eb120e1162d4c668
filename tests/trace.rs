//! A trace's totals equal the numbers the same run's tables print (issue 4, "watch one run"),
//! at the lesson's values and at random ones. What `--trace` prints and refuses in the CLI, for
//! every lesson: `tests/trace_cli.rs`.

use crate::common;
use common::lesson;

use proptest::prelude::*;
use tatbikat::lessons::compensation::model as comp_model;
use tatbikat::lessons::compensation::params::CompensationParams;
use tatbikat::lessons::jobs::model as jobs_model;
use tatbikat::lessons::jobs::params::{JobsParams, generator};
use tatbikat::lessons::supervisor::params::SupervisorParams;
use tatbikat::trace::Trace;
use tatbikat::{Lesson, ParamSet};

/// The run `selector` picks, recorded by the parameters' lesson.
fn trace(set: &ParamSet, selector: &str) -> Result<Trace, tatbikat::Error> {
    tatbikat::lessons::of(set).trace(set, selector)
}

fn set(lesson: Lesson, pairs: &[(&str, String)]) -> ParamSet {
    lesson
        .params(pairs.iter().map(|(k, v)| (*k, v.as_str())))
        .unwrap()
}

fn total(tr: &Trace, track: &str, key: &str) -> u64 {
    tr.track(track).unwrap().total(key).unwrap() as u64
}

/// The supervisor's outcome table row for a selector equals the trace's counters.
fn check_supervisor(set: &ParamSet) -> Result<(), TestCaseError> {
    let p = SupervisorParams::from_set(set).unwrap();
    let r = tatbikat::lessons::supervisor::simulate::simulate(&p);
    let mut runs = vec![
        ("off".to_string(), r.off.clone()),
        ("on".into(), r.on.clone()),
    ];
    runs.extend(
        r.sweep
            .iter()
            .map(|(s, o)| (format!("scan:{s}"), o.clone())),
    );
    for (selector, o) in runs {
        let tr = trace(set, &selector).unwrap();
        for (key, want) in [
            ("steps_run", o.steps_run),
            ("completed", o.completed),
            ("records_read", o.records_read),
            ("redriven", o.redriven),
            ("wasted", o.wasted),
            ("worst_recovery", o.worst_recovery),
            ("compensated_jobs", o.compensated_jobs),
            ("compensated_steps", o.compensated_steps),
        ] {
            prop_assert_eq!(total(&tr, "jobs", key), want, "{} {}", selector, key);
        }
        // Half-done jobs are the lanes still running or stuck at the end (unrecorded, waiting
        // for the supervisor or, without it, for nobody).
        let open = tr.tracks[0]
            .lanes
            .iter()
            .filter(|l| {
                l.spans
                    .last()
                    .is_some_and(|s| matches!(s.state, "stuck" | "stuck_off" | "run"))
            })
            .count() as u64;
        prop_assert_eq!(open, o.half_done, "{} half done", selector);
        if selector == "on" {
            if let Some(d) = &r.duplicates {
                prop_assert_eq!(total(&tr, "jobs", "duplicate_lines"), d.lines);
            }
        }
    }
    Ok(())
}

fn check_jobs(set: &ParamSet) -> Result<(), TestCaseError> {
    let p = JobsParams::from_set(set).unwrap();
    let g = generator(p.seed).unwrap();
    let r = jobs_model::simulate(&p, |_| g.clone());
    for row in &r.retry {
        let tr = trace(set, &format!("limit:{}", row.limit)).unwrap();
        prop_assert_eq!(total(&tr, "attempts", "completed"), row.completed);
        prop_assert_eq!(total(&tr, "attempts", "attempts"), row.attempts);
        prop_assert_eq!(total(&tr, "attempts", "wasted"), row.wasted);
        for pol in &r.policies {
            let key = match pol.policy {
                jobs_model::Policy::Skip => "skip",
                jobs_model::Policy::Queue => "queue",
                jobs_model::Policy::Parallel => "parallel",
                jobs_model::Policy::Replace => "replace",
            };
            prop_assert_eq!(total(&tr, key, "started"), pol.started);
            prop_assert_eq!(total(&tr, key, "skipped"), pol.skipped);
            prop_assert_eq!(total(&tr, key, "total_delay") as i64, pol.total_delay);
            prop_assert_eq!(total(&tr, key, "max_concurrent"), pol.max_concurrent);
            prop_assert_eq!(total(&tr, key, "max_queue"), pol.max_queue);
            prop_assert_eq!(total(&tr, key, "spill_over"), pol.spill_over);
            prop_assert_eq!(total(&tr, key, "pod_hours") as i64, pol.pod_hours);
            prop_assert_eq!(total(&tr, key, "killed"), pol.killed);
            prop_assert_eq!(total(&tr, key, "lost_pod_hours") as i64, pol.lost_pod_hours);
        }
    }
    Ok(())
}

/// With no compensation failing, the trace of the run failing at each step equals the lesson's
/// per-step rollback table.
fn check_compensation(set: &ParamSet) -> Result<(), TestCaseError> {
    let p = CompensationParams::from_set(set).unwrap();
    let r = comp_model::simulate(&p);
    let n = p.steps.len();
    for f in &r.failures {
        let k = f.completed as usize;
        let mut zero = set.clone();
        zero.set("comp_fail", "0").unwrap();
        let tr = trace(&zero, &format!("run:{k}")).unwrap();
        prop_assert_eq!(total(&tr, "rollback", "calls"), f.rollback.calls);
        prop_assert_eq!(total(&tr, "rollback", "rounds"), f.rollback.rounds);
        prop_assert_eq!(
            total(&tr, "rollback", "uncompensated"),
            f.rollback.uncompensated
        );
        prop_assert_eq!(total(&tr, "rollback", "hung"), 0);
        prop_assert_eq!(tr.tracks[0].lanes.len(), n);
    }
    Ok(())
}

#[test]
fn lesson_values() {
    check_supervisor(&lesson("supervisor").defaults()).unwrap();
    check_jobs(&lesson("jobs").defaults()).unwrap();
    check_compensation(&lesson("compensation").defaults()).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn supervisor_at_random_values(
        jobs in 4u32..16,
        scan in 1u32..6,
        lease in 1u32..6,
        retry in 1u32..5,
        max_rounds in 5u32..60,
        hung_job in 1u32..3,
        perm_job in 1u32..3,
        random in any::<bool>(),
        idempotent in any::<bool>(),
        fault_seed in 1u32..100_000,
    ) {
        let s = set(lesson("supervisor"), &[
            ("jobs", jobs.to_string()),
            ("scan", scan.to_string()),
            ("lease", lease.to_string()),
            ("retry_limit", retry.to_string()),
            ("max_rounds", max_rounds.to_string()),
            ("hung", format!("S{hung_job}@fatura")),
            ("permanent", format!("S{}@tarife", perm_job + 2)),
            ("scan_sweep", "1,3,5".into()),
            ("fault_mode", if random { "random" } else { "fixed" }.into()),
            ("hang_rate", "0.2".into()),
            ("fail_rate", "0.1".into()),
            ("fault_seed", fault_seed.to_string()),
            ("idempotent", u8::from(idempotent).to_string()),
            ("invoice_steps", "indirim,fatura".into()),
        ]);
        check_supervisor(&s)?;
    }

    #[test]
    fn jobs_at_random_values(
        seed in 1u64..2_000_000_000,
        nights in 1usize..60,
        interval in 1i64..40,
        fail in 0.0f64..1.0,
        replace in any::<bool>(),
        deadline in prop::option::of(0i64..30),
    ) {
        let s = set(lesson("jobs"), &[
            ("seed", seed.to_string()),
            ("nights", nights.to_string()),
            ("interval", interval.to_string()),
            ("fail_prob", fail.to_string()),
            ("replace_policy", u8::from(replace).to_string()),
            ("starting_deadline", deadline.map_or(String::new(), |d| d.to_string())),
        ]);
        check_jobs(&s)?;
    }

    #[test]
    fn compensation_at_random_values(seed in 1u32..u32::MAX, runs in 4u64..50) {
        let s = set(lesson("compensation"), &[
            ("seed", seed.to_string()),
            ("runs", runs.to_string()),
        ]);
        check_compensation(&s)?;
    }
}
