//! Sweeps equal single runs at each point (issue 4, "sweep anything"): every value a sweep
//! reports is the same cell of the table a single run with that point's share link prints.

use crate::common;
use common::lesson;
use std::process::Command;

use tatbikat::query::Query;
use tatbikat::report::{Block, Cell};
use tatbikat::sweep::{self, Sweep};
use tatbikat::{ErrorCode, Lesson};

/// The metric's cell in the report of a single run of `query`, for the row named `row`.
fn single_run(query: &str, table: &str, column: &str, row: &str) -> Option<f64> {
    let q = Query::decode(query).unwrap();
    let report = tatbikat::run(&q.params().unwrap(), None).unwrap();
    let t = report
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.blocks)
        .find_map(|b| match b {
            Block::Table(t) if t.key == table => Some(t),
            _ => None,
        })?;
    let col = t.columns.iter().position(|c| c.key == column)?;
    let r = t.rows.iter().find(|r| match &r[0] {
        Cell::Label { text, .. } => *text == row,
        other => other.text() == row,
    })?;
    match r[col] {
        Cell::Int(v) | Cell::Grouped(v) => Some(v as f64),
        Cell::Fixed { value, .. } | Cell::Number(value) | Cell::Percent { value, .. } => {
            Some(value)
        }
        _ => None,
    }
}

fn sweep(
    lesson: Lesson,
    base: &[(&str, &str)],
    x: &str,
    y: Option<&str>,
    metric: Option<&str>,
) -> Sweep {
    let set = lesson.params(base.iter().copied()).unwrap();
    let spec = sweep::parse(lesson, x, y, metric).unwrap();
    sweep::run(&set, &spec, &mut |_| {}).unwrap()
}

fn assert_points_equal_single_runs(s: &Sweep) {
    assert!(!s.series.is_empty());
    for series in &s.series {
        assert_eq!(series.values.len(), s.queries.len());
        for (value, query) in series.values.iter().zip(&s.queries) {
            let single = single_run(query, s.metric.table, s.metric.column, &series.name);
            assert_eq!(
                *value, single,
                "{} row {} at {query}",
                s.metric_text, series.name
            );
        }
    }
}

#[test]
fn one_parameter_sweeps_equal_single_runs() {
    type Case<'a> = (Lesson, &'a [(&'a str, &'a str)], &'a str, Option<&'a str>);
    let cases: &[Case] = &[
        (lesson("supervisor"), &[], "lease:1..6", None),
        (
            lesson("supervisor"),
            &[("retry_limit", "2")],
            "scan=1,3,9",
            Some("scan_sweep.avg_recovery"),
        ),
        (lesson("jobs"), &[], "fail_prob:0..1:6", None),
        (
            lesson("jobs"),
            &[("nights", "40")],
            "interval:12..36:5",
            Some("overlap.skipped"),
        ),
        (
            lesson("compensation"),
            &[("runs", "5000")],
            "comp_fail:0..0.3:4",
            Some("monte_carlo.rate"),
        ),
        (
            lesson("compensation"),
            &[("runs", "2000")],
            "seed:1..4",
            Some("monte_carlo_exact.ci_high"),
        ),
    ];
    for (lesson, base, x, metric) in cases {
        let s = sweep(*lesson, base, x, None, *metric);
        assert!(s.chart.is_some());
        assert_points_equal_single_runs(&s);
    }
}

#[test]
fn heatmaps_equal_single_runs() {
    let s = sweep(
        lesson("supervisor"),
        &[],
        "scan:1..4",
        Some("lease:1..3"),
        Some("recovery.supervisor_on@worst_recovery"),
    );
    assert_eq!(s.queries.len(), 12);
    assert_eq!(s.series.len(), 1);
    assert!(s.chart.is_none() && s.range.is_some());
    assert_points_equal_single_runs(&s);
    // Row-major: y then x; the point (scan 3, lease 2) is the run with those two values.
    // (lease 2 is the lesson's value, so the link leaves it out.)
    assert_eq!(s.queries[4 + 2], "lesson=supervisor&scan=3");
    let s = sweep(
        lesson("compensation"),
        &[("runs", "3000")],
        "comp_fail:0.1..0.3:3",
        Some("seed:5..6"),
        Some("monte_carlo.calls_per_job@2"),
    );
    assert_eq!(s.series[0].name, "2");
    assert_points_equal_single_runs(&s);
}

#[test]
fn the_lesson_row_of_a_sweep_at_the_lessons_value_is_the_lessons_number() {
    // At comp_fail = 0.05 (the lesson's DD5) the one-attempt rate is the lesson's 0.03724.
    let s = sweep(
        lesson("compensation"),
        &[],
        "comp_fail:0.05,0.1",
        None,
        Some("monte_carlo.rate"),
    );
    assert_eq!(s.series[0].values[0], Some(0.03724));
}

#[test]
fn bad_sweeps_name_the_problem() {
    let err = |x: &str, y: Option<&str>, metric: Option<&str>| {
        sweep::parse(lesson("supervisor"), x, y, metric)
            .and_then(|spec| sweep::run(&lesson("supervisor").defaults(), &spec, &mut |_| {}))
            .unwrap_err()
    };
    let e = err("steps:1..3", None, None);
    assert_eq!(e.param.as_deref(), Some("sweep"));
    assert!(
        e.allowed
            .contains("a numeric parameter of supervisor: jobs, scan"),
        "{e:?}"
    );
    let e = err("scan:8..1", None, None);
    assert!(e.allowed.contains("a <= b"), "{e:?}");
    let e = err("scan:1..1000", None, None);
    assert!(e.allowed.contains("1000 values; at most 200"), "{e:?}");
    let e = err("scan:0,1", None, None);
    assert!(
        e.allowed
            .contains("0 is not a value of scan: a whole number from 1 to 10000"),
        "{e:?}"
    );
    let e = err("scan:1..30", Some("lease:1..30"), None);
    assert!(e.allowed.contains("at most 441 points"), "{e:?}");
    let e = err("scan:1..3", Some("scan:1..3"), None);
    assert_eq!(e.param.as_deref(), Some("sweep_y"));
    let e = err("scan:1..3", None, Some("recovery.nope"));
    assert_eq!(e.param.as_deref(), Some("metric"));
    assert!(e.allowed.contains("recovery.supervisor_on"), "{e:?}");
    let e = err("jobs:1..3", None, None);
    assert!(e.allowed.contains("at jobs=1: parameter hung"), "{e:?}");
    let e = err("scan:1..3", None, Some("recovery.supervisor_on@nope"));
    assert!(e.allowed.contains("nope is not one"), "{e:?}");
    // Too much work is refused before anything runs, saying how to reduce it.
    let set = lesson("compensation")
        .params([("runs", "100000000")])
        .unwrap();
    let spec = sweep::parse(lesson("compensation"), "comp_fail:0..1:20", None, None).unwrap();
    let e = sweep::run(&set, &spec, &mut |_| {}).unwrap_err();
    assert_eq!(e.code, ErrorCode::TooMuchWork);
    assert!(
        e.allowed.contains("use fewer points or a smaller sample"),
        "{e:?}"
    );
}

#[test]
fn cli_sweeps_as_text_and_json() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tatbikat"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, _) = run(&["supervisor", "--sweep", "lease=1..4"]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("sweep: supervisor recovery.supervisor_on over lease:1..4\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "           3              84               6            2.67               3"
        ),
        "{out}"
    );
    let (code, out, _) = run(&[
        "supervisor",
        "--sweep",
        "scan=1..2",
        "--sweep",
        "lease=1..2",
        "--metric",
        "recovery.supervisor_on@worst_recovery",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["query"],
        "lesson=supervisor&sweep=scan:1..2&sweep_y=lease:1..2&metric=recovery.supervisor_on@worst_recovery"
    );
    let (code, _, err) = run(&["jobs", "--sweep", "nights=0..3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("0 is not a value of nights"), "{err}");
    let (code, _, err) = run(&["jobs", "--metric", "overlap.skipped"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--metric goes with --sweep"), "{err}");
}

/// A sweep to run: lesson, base values, x, y and metric.
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

/// Issue 11: the points shared among threads give the serial sweep, byte for byte (its JSON),
/// whatever the number of threads; an error is the serial run's (the first point that fails).
#[test]
fn threads_give_the_serial_sweep() {
    let cases: [Case; 3] = [
        (
            "compensation",
            &[("runs", "20000")],
            "comp_fail=0..0.5:7",
            Some("seed=1..3"),
            Some("monte_carlo.rate@2"),
        ),
        ("supervisor", &[], "scan=1..6", Some("lease=1..4"), None),
        ("jobs", &[], "fail_prob=0..1:9", None, None),
    ];
    for (id, base, x, y, metric) in cases {
        let l = lesson(id);
        let set = l.params(base.iter().copied()).unwrap();
        let spec = sweep::parse(l, x, y, metric).unwrap();
        let json = |jobs| {
            let mut shares = Vec::new();
            let s = sweep::run_jobs(&set, &spec, jobs, &mut |p| shares.push(p)).unwrap();
            assert_eq!(shares.last(), Some(&1.0), "{id}: progress ends at 1");
            assert!(
                shares.windows(2).all(|w| w[0] <= w[1]),
                "{id}: progress only grows"
            );
            serde_json::to_string(&s).unwrap()
        };
        let serial = json(1);
        for jobs in [2, 3, 8] {
            assert_eq!(json(jobs), serial, "{id} with {jobs} threads");
        }
    }
    // A point that cannot run fails the sweep as the serial run does.
    let l = lesson("compensation");
    let set = l.params([("runs", "20000000")]).unwrap();
    let spec = sweep::parse(l, "comp_fail=0..0.5:3", None, None).unwrap();
    let serial = sweep::run_jobs(&set, &spec, 1, &mut |_| {}).map(|_| ());
    let threaded = sweep::run_jobs(&set, &spec, 4, &mut |_| {}).map(|_| ());
    assert_eq!(
        threaded.map_err(|e| e.to_string()),
        serial.map_err(|e| e.to_string())
    );
}

/// `--jobs N`: the same bytes with one thread and with several, in every format; a bad N is
/// refused naming the flag.
#[test]
fn the_cli_prints_the_same_sweep_whatever_the_jobs() {
    for format in ["lesson", "json", "csv"] {
        let out = |jobs: &str| {
            let (code, out, err) = common::cli(&[
                "compensation",
                "--sweep",
                "comp_fail=0..0.5:6",
                "--sweep",
                "seed=1..4",
                "--metric",
                "monte_carlo.rate",
                "--set",
                "runs=20000",
                "--jobs",
                jobs,
                "--format",
                format,
            ]);
            assert_eq!(code, 0, "{err}");
            out
        };
        let serial = out("1");
        assert_eq!(out("2"), serial, "{format}");
        assert_eq!(out("5"), serial, "{format}");
    }
    let (code, _, err) = common::cli(&["jobs", "--sweep", "fail_prob=0..1:3", "--jobs", "0"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--jobs") && err.contains("\"0\"") && err.contains("1 to 256"),
        "{err}"
    );
}

/// The page's pool (issue 11): a sweep cut into parts, each run on its own, passed through the
/// byte form and joined, is the serial sweep, whatever the number of parts and their order;
/// compare mode's two sides share one list of points.
#[test]
fn parts_joined_give_the_serial_sweep() {
    let cases: [Case; 4] = [
        (
            "compensation",
            &[("runs", "20000")],
            "comp_fail=0..0.5:7",
            Some("seed=1..3"),
            Some("monte_carlo.rate@2,monte_carlo.rate"),
        ),
        ("supervisor", &[], "scan=1..6", Some("lease=1..4"), None),
        ("supervisor", &[], "lease=1..5", None, None),
        ("jobs", &[], "fail_prob=0..1:9", None, None),
    ];
    for (id, base, x, y, metric) in cases {
        let l = lesson(id);
        let set = l.params(base.iter().copied()).unwrap();
        let spec = sweep::parse(l, x, y, metric).unwrap();
        let serial = serde_json::to_string(&sweep::run(&set, &spec, &mut |_| {}).unwrap()).unwrap();
        let plan = sweep::plan(&set, &spec).unwrap();
        let plans = [plan];
        for n in [1, 2, 3, 8, 1000] {
            let parts = sweep::parts(&plans, n);
            assert!(parts.len() <= n.max(1), "{id}: at most {n} parts");
            assert_eq!(parts[0][0], 0, "{id}: the parts start at the first point");
            assert_eq!(
                parts.last().unwrap()[1],
                plans[0].len(),
                "{id}: and end at the last"
            );
            assert!(
                parts.windows(2).all(|w| w[0][1] == w[1][0]) && parts.iter().all(|p| p[0] < p[1]),
                "{id}: contiguous, none empty: {parts:?}"
            );
            let mut bytes: Vec<Vec<u8>> = parts
                .iter()
                .map(|&[from, to]| {
                    let mut shares = Vec::new();
                    let cells =
                        sweep::run_range(&plans, from, to, &mut |s| shares.push(s)).unwrap();
                    assert_eq!(
                        shares.last(),
                        Some(&1.0),
                        "{id}: a part's progress ends at 1"
                    );
                    sweep::part::encode(from, &cells)
                })
                .collect();
            bytes.reverse(); // any order
            let joined = sweep::join_parts(&plans, &bytes).unwrap();
            assert_eq!(
                serde_json::to_string(&joined[0]).unwrap(),
                serial,
                "{id} in {n} parts"
            );
        }
    }
}

/// Compare mode through parts: B's points then A's, joined, are the two serial sweeps; a part
/// may hold points of both.
#[test]
fn compare_mode_parts_hold_both_sides() {
    let l = lesson("jobs");
    let spec = sweep::parse(l, "fail_prob=0..1:5", None, None).unwrap();
    let b = l.params([("seed", "42")]).unwrap();
    let a = l.defaults();
    let plans = [
        sweep::plan(&b, &spec).unwrap(),
        sweep::plan(&a, &spec).unwrap(),
    ];
    let parts = sweep::parts(&plans, 3);
    assert!(
        parts.iter().any(|p| p[0] < 5 && p[1] > 5),
        "a part across the sides: {parts:?}"
    );
    let bytes: Vec<Vec<u8>> = parts
        .iter()
        .map(|&[f, t]| {
            sweep::part::encode(f, &sweep::run_range(&plans, f, t, &mut |_| {}).unwrap())
        })
        .collect();
    let joined = sweep::join_parts(&plans, &bytes).unwrap();
    for (got, set) in joined.iter().zip([&b, &a]) {
        assert_eq!(got, &sweep::run(set, &spec, &mut |_| {}).unwrap());
    }
}

/// A missing, repeated or damaged part is refused naming `sweep`, never a panic; the budget is
/// checked for the whole sweep when it is planned, before any part runs.
#[test]
fn bad_parts_and_budgets_are_refused_before_running() {
    let l = lesson("supervisor");
    let spec = sweep::parse(l, "scan=1..4", None, None).unwrap();
    let plans = [sweep::plan(&l.defaults(), &spec).unwrap()];
    let one = |f, t| sweep::part::encode(f, &sweep::run_range(&plans, f, t, &mut |_| {}).unwrap());
    let (a, b) = (one(0, 2), one(2, 4));
    for bad in [
        vec![a.clone()],
        vec![a.clone(), a.clone(), b.clone()],
        vec![a[..a.len() - 1].to_vec(), b.clone()],
    ] {
        let e = sweep::join_parts(&plans, &bad).unwrap_err();
        assert_eq!(e.param.as_deref(), Some("sweep"), "{e}");
    }
    assert!(
        sweep::run_range(&plans, 3, 9, &mut |_| {}).is_err(),
        "a range past the end"
    );
    assert!(sweep::part::decode(&[1, 2, 3]).is_err());
    // Over budget: refused by the plan, naming sweep.
    let c = lesson("compensation");
    let set = c.params([("runs", "10000000")]).unwrap();
    let spec = sweep::parse(c, "comp_fail=0..0.5:21", Some("seed=1..21"), None).unwrap();
    let e = sweep::plan(&set, &spec).unwrap_err();
    assert_eq!(e.code, ErrorCode::TooMuchWork);
    assert_eq!(e.param.as_deref(), Some("sweep"));
}

/// Whether every series of a panel holds one value along an axis (x: within each row of points).
fn constant_along(s: &Sweep, series: &[tatbikat::sweep::SeriesOut], along_x: bool) -> bool {
    let nx = s.x.values.len();
    let ny = s.y.as_ref().map_or(1, |y| y.values.len());
    let (outer, inner) = if along_x { (ny, nx) } else { (nx, ny) };
    let at = |o: usize, i: usize| if along_x { o * nx + i } else { i * nx + o };
    inner > 1
        && series.iter().all(|v| {
            (0..outer).all(|o| (0..inner).all(|i| v.values[at(o, i)] == v.values[at(o, 0)]))
        })
}

#[test]
fn a_panel_names_the_axes_it_is_flat_along_from_its_own_values() {
    // The pair: the jobs failure probability × slices, every metric of the lesson.
    let jobs = lesson("jobs");
    let metrics = sweep::metrics(jobs);
    let mut flat_seen = 0;
    for chunk in metrics.chunks(sweep::MAX_METRICS) {
        let s = sweep(
            jobs,
            &[],
            "fail_prob:0..1:5",
            Some("slices:6..24:4"),
            Some(&chunk.join(",")),
        );
        let panels = std::iter::once((&s.series, &s.flat))
            .chain(s.more.iter().map(|p| (&p.series, &p.flat)));
        for (series, flat) in panels {
            let mut want = Vec::new();
            if constant_along(&s, series, true) {
                want.push("fail_prob");
            }
            if constant_along(&s, series, false) {
                want.push("slices");
            }
            flat_seen += usize::from(!want.is_empty());
            assert_eq!(flat, &want);
        }
    }
    assert!(flat_seen > 0, "this pair has flat panels");
    // A line that moves names nothing.
    let s = sweep(
        jobs,
        &[],
        "fail_prob:0..1:5",
        None,
        Some("retry_limit.completed_nights"),
    );
    assert!(s.flat.is_empty());
}

/// A sweep's or a search's point asks for its sections' tables alone (`Lesson::run_tables`):
/// every lesson gives the tables of its whole run, section by section, at its values and at
/// every claim's, and draws no chart for them.
#[test]
fn a_points_tables_are_the_whole_runs_and_no_chart_is_drawn() {
    let json = |r: &tatbikat::Report| -> Vec<String> {
        tatbikat::report::tables(&r.sections)
            .map(|(s, g, t)| format!("{s}/{g}: {}", serde_json::to_string(t).unwrap()))
            .collect()
    };
    let charts = |r: &tatbikat::Report| -> usize {
        r.sections
            .iter()
            .flat_map(|s| &s.groups)
            .map(|g| g.charts.len())
            .sum()
    };
    for lesson in tatbikat::lessons::ALL {
        let mut sets = vec![(lesson.id().to_string(), lesson.defaults())];
        for p in lesson.presets() {
            let set = tatbikat::lessons::preset_params(*lesson, p).unwrap();
            sets.push((p.id.to_string(), set));
        }
        for (name, set) in &sets {
            let whole = lesson.run(set, None, &mut |_| {}).unwrap();
            assert!(charts(&whole) > 0, "{name}: the whole run draws its charts");
            let tables = lesson.run_tables(set, &[], &mut |_| {}).unwrap();
            assert_eq!(json(&tables), json(&whole), "{name}");
            assert_eq!(
                charts(&tables),
                0,
                "{name}: charts drawn for a reader of tables"
            );
            for &section in lesson.sections() {
                let alone = lesson.run_tables(set, &[section], &mut |_| {}).unwrap();
                let of_section: Vec<String> = json(&whole)
                    .into_iter()
                    .filter(|t| t.starts_with(&format!("{section}/")))
                    .collect();
                assert_eq!(json(&alone), of_section, "{name}, section {section}");
            }
        }
    }
}
