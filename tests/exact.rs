//! Beyond the lesson, checked: the exact values the Monte Carlo and the guarantee table
//! estimate lie inside the sampled rates' intervals at large sample sizes (about 95% of the time
//! for 95% intervals, always for 99.9% ones), and the additions leave the lesson's output as it
//! was.

use crate::common;
use common::lesson;
use std::process::Command;

use tatbikat::lessons::compensation::model::{exact, monte_carlo};
use tatbikat::lessons::jobs::model::{retry_exact, retry_table};
use tatbikat::lessons::jobs::params::{JobsParams, generator};
use tatbikat::rng::Lcg32;
use tatbikat::stats::{Z95, wilson};

const Z999: f64 = 3.290_526_731_491_926;

/// (inside the 95% interval, cases) over all checks; panics if any is outside the 99.9% one.
fn coverage(checks: impl Iterator<Item = (u64, u64, f64)>) -> (usize, usize) {
    let (mut inside, mut cases) = (0, 0);
    for (k, n, exact) in checks {
        let (lo, hi) = wilson(k, n, Z95);
        inside += usize::from(lo <= exact && exact <= hi);
        cases += 1;
        let (lo, hi) = wilson(k, n, Z999);
        assert!(
            lo <= exact && exact <= hi,
            "{k}/{n} is far from the exact {exact}"
        );
    }
    (inside, cases)
}

#[test]
fn compensation_hung_rate_is_inside_its_intervals() {
    // The lesson's chosen ordering: donem-kapat, fatura-satiri, tahsilat-kaydi, satici-bildirimi.
    let compensable = [false, true, true, false];
    let runs = 400_000;
    let mut checks = Vec::new();
    for seed in 0..20u32 {
        for (attempts, fail) in [(1, 0.05), (2, 0.05), (1, 0.3), (3, 0.3)] {
            let t = monte_carlo(
                &compensable,
                attempts,
                fail,
                runs,
                Lcg32::new(seed * 7919 + 1),
            );
            let e = exact(&compensable, attempts, fail, runs);
            checks.push((t.hung_jobs, runs, e.rate));
            let calls = t.calls as f64 / runs as f64;
            assert!(
                (calls - e.calls_per_job).abs() < 0.01 * e.calls_per_job,
                "calls {calls} vs {}",
                e.calls_per_job
            );
        }
    }
    let (inside, cases) = coverage(checks.into_iter());
    assert!(
        inside * 100 >= cases * 90,
        "only {inside} of {cases} inside the 95% interval"
    );
    // The lesson's own figure: one attempt, 0.036875 exactly.
    assert!((exact(&compensable, 1, 0.05, 100_000).rate - 0.036875).abs() < 1e-12);
}

#[test]
fn jobs_completion_is_inside_its_intervals() {
    let set = lesson("jobs").defaults();
    let base = JobsParams::from_set(&set).unwrap();
    let mut checks = Vec::new();
    for seed in 1..=20u64 {
        for fail_prob in [0.5, 0.3] {
            let p = JobsParams {
                nights: 10_000,
                fail_prob,
                retry_limits: vec![1, 2, 3, 6],
                ..base.clone()
            };
            let rows = retry_table(&p, &generator(seed * 104_729).unwrap());
            for (row, ex) in rows.iter().zip(retry_exact(&p)) {
                checks.push((row.completed, 10_000, ex.completion));
            }
        }
    }
    let (inside, cases) = coverage(checks.into_iter());
    assert!(
        inside * 100 >= cases * 90,
        "only {inside} of {cases} inside the 95% interval"
    );
}

#[test]
fn replications_and_exact_values_leave_the_lessons_output_unchanged() {
    for (lesson, golden) in [
        ("jobs", include_str!("golden/jobs.txt")),
        ("compensation", include_str!("golden/compensation.txt")),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tatbikat"))
            .args([lesson, "--set", "replications=4"])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), golden, "{lesson}");
    }
}
