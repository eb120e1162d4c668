//! Monte Carlo rows and replications on several threads (issue 11): the CLI prints the same
//! bytes with `--jobs 1` and with 2, 3 or 8 threads, in the lesson's text and in JSON; and the
//! shared runner (`tatbikat::parallel`) keeps the order, gives the first error in order and tells
//! progress on the caller's thread.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};

use tatbikat::parallel;

/// `tatbikat LESSON --set …` with `--format FORMAT --jobs N`: its standard output.
fn output(lesson: &str, sets: &[&str], format: &str, jobs: usize) -> String {
    let mut args = vec![lesson];
    for s in sets {
        args.extend(["--set", s]);
    }
    let jobs = jobs.to_string();
    args.extend(["--format", format, "--jobs", &jobs]);
    let (code, out, err) = common::cli(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(!out.is_empty(), "{args:?} printed nothing");
    out
}

/// Every case's text and JSON with 2, 3 and 8 threads equal the serial output.
fn same_bytes_whatever_the_threads(lesson: &str, cases: &[&[&str]]) {
    for sets in cases {
        for format in ["lesson", "json"] {
            let serial = output(lesson, sets, format, 1);
            for jobs in [2, 3, 8] {
                assert!(
                    output(lesson, sets, format, jobs) == serial,
                    "{lesson} {sets:?} --format {format}: --jobs {jobs} differs from --jobs 1"
                );
            }
        }
    }
}

#[test]
fn compensation_rows_print_the_serial_bytes() {
    same_bytes_whatever_the_threads(
        "compensation",
        &[
            &[],
            &["runs=200000"],
            &["runs=200000", "retries=1,2,3,4,5"],
            &["runs=300001", "retries=5,1,3", "comp_fail=0.3", "seed=7"],
            &["runs=200000", "replications=4", "retries=1,2"],
            &["runs=100000", "reversible_close=1", "replications=3"],
            &[
                "runs=250000",
                "retries=1,2,3,4,5,6,7,8",
                "comp_fail=0.5",
                "steps=a:x,b:y(a),c,d:z(b)",
            ],
        ],
    );
}

#[test]
fn compensation_sections_and_comparisons_print_the_serial_bytes() {
    for extra in [
        &["--section", "daily"][..],
        &["--vs", "runs=200000&seed=1"][..],
    ] {
        let run = |jobs: &str| {
            let mut args = vec![
                "compensation",
                "--set",
                "runs=400000",
                "--set",
                "retries=1,2,3,4",
            ];
            args.extend_from_slice(extra);
            args.extend(["--jobs", jobs]);
            let (code, out, err) = common::cli(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            out
        };
        let serial = run("1");
        for jobs in ["2", "3", "8"] {
            assert!(run(jobs) == serial, "{extra:?} with --jobs {jobs}");
        }
    }
}

#[test]
fn jobs_replications_print_the_serial_bytes() {
    same_bytes_whatever_the_threads(
        "jobs",
        &[
            &[],
            &["replications=5"],
            // Over the threshold below which the rows run serially (2·10⁵ draws at most).
            &[
                "nights=10000",
                "retry_limits=1,3,6,20",
                "replications=12",
                "fail_prob=0.8",
            ],
            &[
                "nights=5000",
                "retry_limits=2,50,7",
                "replications=30",
                "seed=42",
                "backoff=1",
                "failed_pod_ttl=48",
            ],
        ],
    );
}

#[test]
fn a_sweep_of_heavy_points_prints_the_serial_bytes() {
    let run = |jobs: &str| {
        let (code, out, err) = common::cli(&[
            "compensation",
            "--set",
            "runs=300000",
            "--set",
            "retries=1,2,3,4",
            "--sweep",
            "comp_fail=0.1..0.4:3",
            "--format",
            "json",
            "--jobs",
            jobs,
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let serial = run("1");
    for jobs in ["2", "3", "8"] {
        assert!(run(jobs) == serial, "sweep with --jobs {jobs}");
    }
}

#[test]
fn progress_of_parallel_rows_grows_to_one() {
    let lesson = tatbikat::lessons::get("compensation").unwrap();
    let set = lesson
        .params([("runs", "2000000"), ("retries", "1,2,3,4,5")])
        .unwrap();
    let mut shares = Vec::new();
    let report = tatbikat::lessons::run_with_progress(&set, None, &mut |s| shares.push(s)).unwrap();
    assert!(shares.len() > 5, "progress told {} times", shares.len());
    assert!(
        shares.windows(2).all(|w| w[0] <= w[1]),
        "progress only grows"
    );
    assert_eq!(shares.last(), Some(&1.0));
    let text = tatbikat::render::lesson_text(&report);
    assert_eq!(
        text,
        tatbikat::render::lesson_text(&tatbikat::run(&set, None).unwrap())
    );
}

#[test]
fn map_ordered_keeps_the_order() {
    let items: Vec<u64> = (0..1000).collect();
    let serial: Vec<u64> = items.iter().map(|x| x * x + 1).collect();
    for jobs in [1, 2, 3, 8, 2000] {
        assert_eq!(parallel::map_ordered(&items, jobs, |x| x * x + 1), serial);
    }
    assert!(parallel::map_ordered(&[] as &[u8], 4, |x| *x).is_empty());
}

#[test]
fn try_map_ordered_gives_the_first_error_in_order() {
    let items: Vec<u32> = (0..200).collect();
    // Later units fail faster, so with threads a later error is usually found first.
    let f = |&i: &u32| {
        if i % 50 == 17 {
            Err(i)
        } else {
            std::thread::sleep(std::time::Duration::from_micros(u64::from(200 - i)));
            Ok(i * 2)
        }
    };
    for jobs in [1, 2, 3, 8] {
        assert_eq!(
            parallel::try_map_ordered(&items, jobs, f),
            Err(17),
            "{jobs}"
        );
    }
    let ok: Vec<u32> = (0..200).map(|i| i * 2).collect();
    for jobs in [1, 2, 8] {
        assert_eq!(
            parallel::try_map_ordered(&items, jobs, |&i| Ok::<u32, ()>(i * 2)),
            Ok(ok.clone())
        );
    }
    // Every unit before the first error runs; after it, the runner may stop.
    let ran = AtomicUsize::new(0);
    let r = parallel::try_map_ordered(&items, 3, |&i| {
        ran.fetch_add(1, Ordering::SeqCst);
        if i == 100 { Err("stop") } else { Ok(i) }
    });
    assert_eq!(r, Err("stop"));
    assert!(ran.load(Ordering::SeqCst) >= 101);
}

#[test]
fn progress_is_told_on_the_callers_thread() {
    for jobs in [1, 2, 8] {
        let caller = std::thread::current().id();
        let mut shares = Vec::new();
        let out = parallel::map_indexed(
            40,
            jobs,
            |i, tick| {
                tick(0.25);
                tick(0.5);
                i + 1
            },
            &mut |share| {
                assert_eq!(std::thread::current().id(), caller);
                shares.push(share);
            },
        );
        assert_eq!(out, (1..=40).collect::<Vec<_>>());
        assert_eq!(shares.len(), 120, "two ticks and the end of each unit");
        assert!(
            shares.windows(2).all(|w| w[0] <= w[1]),
            "progress only grows"
        );
        assert_eq!(shares.last(), Some(&1.0));
    }
}

#[test]
fn units_inside_a_worker_run_serially() {
    let items = [0u8; 4];
    assert_eq!(
        parallel::map_ordered(&items, 4, |_| parallel::jobs()),
        [1; 4]
    );
    assert!(parallel::jobs() >= 1);
    assert_eq!(parallel::jobs_for(10.0), 1, "too little work to share");
}
