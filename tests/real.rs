//! Closer to the real systems (issue 4, part 4): each extension does what it says, checked
//! against naive recomputations and the lesson's own figures.

use crate::common;
use common::lesson;
use proptest::prelude::*;
use tatbikat::Lesson;
use tatbikat::lessons::compensation::kinds::StepSpec;
use tatbikat::lessons::compensation::model as comp;
use tatbikat::lessons::compensation::params::CompensationParams;
use tatbikat::lessons::jobs::model::night_attempts;
use tatbikat::lessons::jobs::model::{self as jobs, Policy, policy, policy_with};
use tatbikat::lessons::jobs::params::{JobsParams, generator};
use tatbikat::lessons::jobs::real::{backoff_s, kept_pods};
use tatbikat::lessons::supervisor::model as sup;
use tatbikat::lessons::supervisor::params::SupervisorParams;
use tatbikat::lessons::supervisor::simulate::simulate as sup_simulate;
use tatbikat::rng::UnitRng;

fn jobs_params(sets: &[(&str, &str)]) -> JobsParams {
    JobsParams::from_set(&lesson("jobs").params(sets.iter().copied()).unwrap()).unwrap()
}

fn sup_params(sets: &[(&str, &str)]) -> SupervisorParams {
    SupervisorParams::from_set(&lesson("supervisor").params(sets.iter().copied()).unwrap()).unwrap()
}

fn comp_params(sets: &[(&str, &str)]) -> CompensationParams {
    CompensationParams::from_set(&lesson("compensation").params(sets.iter().copied()).unwrap())
        .unwrap()
}

fn jobs_run(p: &JobsParams) -> jobs::JobsResult {
    let g = generator(p.seed).unwrap();
    jobs::simulate(p, |_| g.clone())
}

proptest! {
    /// Replace starts every night on time and kills exactly the runs still going when the next
    /// night's slot arrives; a killed run ran one interval, and that time is lost.
    #[test]
    fn replace_kills_exactly_the_overlapping_runs(
        durations in prop::collection::vec(0i64..80, 1..60),
        interval in 1i64..40,
    ) {
        let r = policy(Policy::Replace, &durations, interval);
        let n = durations.len();
        let killed: Vec<usize> = (0..n)
            .filter(|&g| g + 1 < n && (g as i64) * interval + durations[g] > (g as i64 + 1) * interval)
            .collect();
        prop_assert_eq!(r.killed, killed.len() as u64);
        prop_assert_eq!(r.lost_pod_hours, killed.len() as i64 * interval);
        prop_assert_eq!((r.started, r.skipped, r.total_delay), (n as u64, 0, 0));
        let ran: i64 = (0..n)
            .map(|g| if killed.contains(&g) { interval } else { durations[g] })
            .sum();
        prop_assert_eq!(r.pod_hours, ran);
        prop_assert!(r.max_concurrent <= 1);
        prop_assert_eq!(r.max_queue, 0);
    }

    /// The starting deadline: no started run is later than it; 0 turns queue into skip; a deadline
    /// at least the longest queue delay (or none) is the lesson's queue; it only affects queue.
    #[test]
    fn the_deadline_bounds_every_delay(
        durations in prop::collection::vec(0i64..80, 1..60),
        interval in 1i64..40,
        deadline in 0i64..100,
    ) {
        let queue = policy(Policy::Queue, &durations, interval);
        let late = policy_with(Policy::Queue, &durations, interval, Some(deadline));
        for (g, b) in late.starts.iter().enumerate() {
            if let Some(b) = b {
                prop_assert!(b - g as i64 * interval <= deadline);
            }
        }
        prop_assert_eq!(late.started + late.skipped, durations.len() as u64);
        let zero = policy_with(Policy::Queue, &durations, interval, Some(0));
        let skip = policy(Policy::Skip, &durations, interval);
        prop_assert_eq!((&zero.starts, zero.skipped), (&skip.starts, skip.skipped));
        let longest = queue.starts.iter().enumerate()
            .filter_map(|(g, b)| b.map(|b| b - g as i64 * interval)).max().unwrap_or(0);
        let loose = policy_with(Policy::Queue, &durations, interval, Some(longest + deadline));
        prop_assert_eq!(&loose, &queue);
        for pol in [Policy::Skip, Policy::Parallel, Policy::Replace] {
            prop_assert_eq!(
                policy_with(pol, &durations, interval, Some(deadline)),
                policy(pol, &durations, interval)
            );
        }
    }

    /// Failed pods kept under a TTL, against counting every pod at every night.
    #[test]
    fn kept_pods_equal_a_naive_count(
        failed in prop::collection::vec(0u64..6, 1..50),
        interval in 1i64..30,
        ttl in prop::option::of(0i64..400),
    ) {
        let n = failed.len();
        let kept_at = |g: usize| -> u64 {
            (0..n.min(g + 1))
                .filter(|&h| ttl.is_none_or(|ttl| ((g - h) as i64) * interval < ttl))
                .map(|h| failed[h])
                .sum()
        };
        let peak = (0..n).map(kept_at).max().unwrap_or(0);
        prop_assert_eq!(kept_pods(&failed, interval, ttl), (kept_at(n), peak));
    }
}

/// Whether a run starts can depend on an earlier run that a shorter deadline would have
/// skipped, so the number of skipped runs is not monotone in the deadline.
#[test]
fn a_longer_deadline_can_skip_more_runs() {
    let durations = [30, 54, 3, 3, 3];
    let skipped = |d| policy_with(Policy::Queue, &durations, 24, Some(d)).skipped;
    assert_eq!(
        (skipped(0), skipped(5), skipped(10), skipped(1000)),
        (1, 1, 2, 0)
    );
}

#[test]
fn replace_and_deadline_at_the_lessons_values() {
    let r = jobs_run(&jobs_params(&[
        ("replace_policy", "1"),
        ("starting_deadline", "0"),
    ]));
    let names: Vec<Policy> = r.policies.iter().map(|p| p.policy).collect();
    assert_eq!(
        names,
        [
            Policy::Skip,
            Policy::Queue,
            Policy::Parallel,
            Policy::Replace
        ]
    );
    // A zero deadline makes queue behave as skip.
    assert_eq!(r.policies[1].starts, r.policies[0].starts);
    // Five of the thirty nights run longer than the 24-hour interval; none is the last.
    let long = r.durations[..29].iter().filter(|&&d| d > 24).count() as u64;
    assert_eq!(r.policies[3].killed, long);
    assert_eq!(r.policies[3].lost_pod_hours, long as i64 * 24);
}

/// The extensions' nights are the guarantee table's nights, draw for draw.
#[test]
fn night_attempts_replay_the_guarantee_table() {
    for seed in [20260813, 1, 42, 999_999] {
        let p = jobs_params(&[("seed", &seed.to_string()), ("retry_limits", "1,2,3,6,10")]);
        let r = jobs_run(&p);
        for row in &r.retry {
            let nights = night_attempts(&p, row.limit, &mut generator(p.seed).unwrap());
            let attempts: u64 = nights.iter().map(|n| u64::from(n.0)).sum();
            let completed = nights.iter().filter(|n| n.1).count() as u64;
            assert_eq!((attempts, completed), (row.attempts, row.completed));
            // The lesson's own loop, draw for draw.
            let mut rng = generator(p.seed).unwrap();
            for &(made, ok) in &nights {
                let (mut d, mut done) = (0, false);
                while d < row.limit && !done {
                    d += 1;
                    done = rng.unit() >= p.fail_prob;
                }
                assert_eq!((d, done), (made, ok));
            }
        }
    }
}

#[test]
fn ttl_large_keeps_the_lessons_leftover_pods_and_zero_keeps_none() {
    let nights_hours = (30 * 24 + 1).to_string();
    for (ttl, all) in [
        ("1000000", true),
        (nights_hours.as_str(), true),
        ("0", false),
    ] {
        let r = jobs_run(&jobs_params(&[("failed_pod_ttl", ttl)]));
        assert_eq!(r.real.pods.len(), r.retry.len());
        for (pods, row) in r.real.pods.iter().zip(&r.retry) {
            assert_eq!(pods.failed_pods, row.wasted);
            if all {
                assert_eq!(pods.left_at_end, row.wasted, "ttl {ttl}");
            } else {
                assert_eq!((pods.left_at_end, pods.peak), (0, 0), "ttl {ttl}");
            }
        }
    }
    // Without a TTL (the lesson) nothing extra is computed.
    assert!(jobs_run(&jobs_params(&[])).real.pods.is_empty());
}

#[test]
fn backoff_is_ten_seconds_doubling_up_to_six_minutes() {
    let steps: Vec<u64> = (1..=9).map(backoff_s).collect();
    assert_eq!(steps, [10, 20, 40, 80, 160, 320, 360, 360, 360]);
    let p = jobs_params(&[("backoff", "1"), ("retry_limits", "1,3,6,12")]);
    let r = jobs_run(&p);
    for (row, b) in r.retry.iter().zip(&r.real.backoff) {
        // Replay the draws: each failed attempt followed by another waits min(10·2^(k−1), 360).
        let mut rng = generator(p.seed).unwrap();
        let (mut total, mut worst) = (0.0f64, 0.0f64);
        for _ in 0..p.nights {
            let (mut night, mut k) = (0.0, 0);
            while k < row.limit {
                k += 1;
                if rng.unit() >= p.fail_prob {
                    break;
                }
                if k < row.limit {
                    night += (10.0 * 2f64.powi(k as i32 - 1)).min(360.0);
                }
            }
            total += night;
            worst = worst.max(night);
        }
        assert_eq!(
            (b.total_s as f64, b.worst_s as f64, b.retries),
            (total, worst, row.attempts - p.nights as u64)
        );
        assert_eq!(b.avg_s, total / p.nights as f64);
    }
}

#[test]
fn random_faults_are_reproducible_and_absent_at_rate_zero() {
    let sets = [("fault_mode", "random"), ("fault_seed", "12345")];
    let a = sup_params(&sets).scenario();
    assert_eq!(a, sup_params(&sets).scenario());
    assert_ne!(
        a,
        sup_params(&[("fault_mode", "random"), ("fault_seed", "777")]).scenario()
    );
    // The fixed maps are ignored, even when they name jobs that no longer exist.
    let small = sup_params(&[("fault_mode", "random"), ("jobs", "3")]);
    assert_eq!(small.scenario().hung.len(), 3);
    let none = sup_params(&[
        ("fault_mode", "random"),
        ("hang_rate", "0"),
        ("fail_rate", "0"),
    ])
    .scenario();
    assert!(none.hung.iter().chain(&none.permanent).all(Option::is_none));
    let all = sup_params(&[
        ("fault_mode", "random"),
        ("hang_rate", "1"),
        ("fail_rate", "1"),
    ])
    .scenario();
    assert!(all.hung.iter().chain(&all.permanent).all(|s| *s == Some(0)));
    // Fixed mode is the lesson's map.
    let fixed = sup_params(&[]);
    assert_eq!(
        fixed.scenario().hung,
        fixed.fault_steps(&fixed.hung),
        "fixed faults are the map"
    );
}

#[test]
fn duplicate_lines_are_wasted_executions_of_invoice_steps() {
    // Idempotent steps (the lesson's requirement): nothing is duplicated.
    assert_eq!(sup_simulate(&sup_params(&[])).duplicates, None);
    // At the lesson's faults only S9's invoice step is re-run for nothing.
    let one = sup_simulate(&sup_params(&[("idempotent", "0")]));
    let d = one.duplicates.unwrap();
    assert_eq!((d.wasted, d.lines), (3, 1));
    // Counting every step (the lesson's prose): three wasted executions, three extra lines,
    // and 80 a day at KK3 = 0.005.
    let every = sup_simulate(&sup_params(&[
        ("idempotent", "0"),
        ("invoice_steps", "tarife,indirim,fatura,bildirim"),
    ]));
    let d = every.duplicates.unwrap();
    assert_eq!(d.lines, every.on.wasted);
    assert_eq!(d.lines_per_day, [80.0, 160.0]);
}

proptest! {
    /// The duplicate lines of each step alone add up to all wasted executions, for drawn faults.
    #[test]
    fn duplicate_lines_add_up_over_the_steps(
        seed in 1u64..2_000_000_000,
        jobs in 1usize..20,
        hang in 0.0f64..0.5,
        fail in 0.0f64..0.3,
        scan in 1u32..6,
    ) {
        let steps = ["a", "b", "c"];
        let p = sup_params(&[
            ("fault_mode", "random"),
            ("fault_seed", &seed.to_string()),
            ("jobs", &jobs.to_string()),
            ("steps", "a,b,c"),
            ("hang_rate", &hang.to_string()),
            ("fail_rate", &fail.to_string()),
            ("scan", &scan.to_string()),
        ]);
        let scenario = p.scenario();
        let cfg = p.config(true, p.scan);
        let total: u64 = steps
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let only: Vec<bool> = (0..3).map(|j| j == i).collect();
                tatbikat::lessons::supervisor::real::duplicate_lines(&scenario, &cfg, &only)
            })
            .sum();
        prop_assert_eq!(total, sup::run(&scenario, &cfg).wasted);
    }
}

#[test]
fn reversible_close_removes_the_lessons_uncompensated_steps() {
    let r = comp::simulate(&comp_params(&[("reversible_close", "1"), ("runs", "2000")]));
    let after = r.reversible.as_deref().unwrap();
    let before: Vec<u64> = r.orderings.iter().map(|o| o.uncompensated).collect();
    let now: Vec<u64> = after.orderings.iter().map(|o| o.uncompensated).collect();
    assert_eq!((before, now), (vec![3, 4], vec![0, 1]));
    assert!(
        comp::simulate(&comp_params(&[("runs", "2000")]))
            .reversible
            .is_none()
    );
}

/// Acyclic steps with random compensations and dependencies.
fn steps() -> impl Strategy<Value = Vec<StepSpec>> {
    (1usize..=5).prop_flat_map(|n| {
        (
            prop::collection::vec(any::<bool>(), n),
            prop::collection::vec(prop::collection::vec(any::<bool>(), n), n),
        )
            .prop_map(move |(comps, deps)| {
                (0..n)
                    .map(|i| StepSpec {
                        name: format!("s{i}"),
                        compensation: comps[i].then(|| format!("undo{i}")),
                        after: (0..i)
                            .filter(|&j| deps[i][j])
                            .map(|j| format!("s{j}"))
                            .collect(),
                    })
                    .collect()
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Making steps compensable never adds uncompensated steps to any ordering, and leaves none
    /// when every irreversible step is one that others depend on.
    #[test]
    fn reversible_close_never_adds_uncompensated_steps(steps in steps()) {
        let mut p = comp_params(&[("runs", "50"), ("reversible_close", "1")]);
        p.steps = steps.clone();
        let r = comp::simulate(&p);
        let after = r.reversible.as_deref().unwrap();
        prop_assert_eq!(r.orderings.len(), after.orderings.len());
        for (b, a) in r.orderings.iter().zip(&after.orderings) {
            prop_assert_eq!(&b.ordering, &a.ordering);
            prop_assert!(a.uncompensated <= b.uncompensated);
        }
        let stuck = tatbikat::lessons::compensation::real::stuck_irreversible(&steps);
        let irreversible = steps.iter().filter(|s| s.compensation.is_none()).count();
        if stuck.len() == irreversible {
            prop_assert!(after.orderings.iter().all(|o| o.uncompensated == 0));
        }
    }
}

/// Every parameter has a label and a help text, and every group, line, column and label of the
/// reports with every extension on has a message, in both of the page's languages.
#[test]
fn every_key_has_a_message_in_both_languages() {
    use tatbikat::report::{Block, Cell};
    let on: [(Lesson, &[(&str, &str)]); 3] = [
        (
            lesson("supervisor"),
            &[("fault_mode", "random"), ("idempotent", "0")],
        ),
        (
            lesson("jobs"),
            &[
                ("replace_policy", "1"),
                ("starting_deadline", "5"),
                ("failed_pod_ttl", "48"),
                ("backoff", "1"),
            ],
        ),
        (
            lesson("compensation"),
            &[("reversible_close", "1"), ("runs", "1000")],
        ),
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for lang in ["tr", "en"] {
        for (lesson, sets) in &on {
            let id = lesson.id();
            // The page's own texts and the lesson's, from its folder.
            let file = format!("www/i18n/{lang}.js and src/lessons/{id}/texts/{lang}.json");
            let text = [
                format!("www/i18n/{lang}.js"),
                format!("src/lessons/{id}/texts/{lang}.json"),
            ]
            .map(|f| std::fs::read_to_string(root.join(f)).unwrap())
            .join("\n");
            let has =
                |key: String| assert!(text.contains(&format!("\"{key}\":")), "{file} lacks {key}");
            for s in lesson.specs() {
                has(format!("param.{id}.{}", s.name));
                has(format!("help.{id}.{}", s.name));
                if let tatbikat::params::Kind::Choice { options } = s.kind {
                    for o in options {
                        has(format!("choice.{id}.{}.{o}", s.name));
                    }
                }
            }
            let params = lesson.params(sets.iter().copied()).unwrap();
            let report = tatbikat::run(&params, None).unwrap();
            for g in report.sections.iter().flat_map(|s| &s.groups) {
                has(format!("group.{id}.{}", g.key));
                for b in &g.blocks {
                    match b {
                        Block::Line(l) => has(format!("line.{}", l.key)),
                        Block::Table(t) => {
                            for c in &t.columns {
                                has(format!("col.{id}.{}", c.key));
                            }
                            for cell in t.rows.iter().flatten() {
                                if let Cell::Label { key, .. } = cell {
                                    has(format!("label.{key}"));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
