//! Every numeric parameter of every lesson at its extremes (issue 19: each end of its range, and
//! 0, huge, tiny, NaN and Infinity as typed text): the core either refuses
//! the value, naming the parameter and what is allowed, or its output is finite everywhere —
//! no `NaN` or `Infinity` in the lesson's text, in the report's cells, in a chart's points or
//! domains, or in the watched run's counters. One parameter at a time, the others the lesson's.
//!
//! A run whose work is more than this test's allowance (a few seconds of a debug build) runs at the
//! largest value of that parameter within it, found by halving toward the lesson's value: what
//! grows past it is a sample's size (runs, events, rounds), which only counts more of the same.
//! The test prints what it checked, what was refused and what ran at a smaller value.

use tatbikat::chart::X;
use tatbikat::lessons::{self, ALL};
use tatbikat::params::{Kind, ParamSpec};
use tatbikat::report::{Block, Cell, Part, Report};
use tatbikat::{Error, Lesson, render};

/// The work (the lesson's own units: draws, job-rounds, steps) a checked run may take here.
const ALLOWANCE: f64 = 4e6;

/// The extreme texts of a parameter's kind: each end of its range, and the longest list.
fn extremes(spec: &ParamSpec) -> Vec<String> {
    let list =
        |n: usize, item: &dyn Fn(usize) -> String| (0..n).map(item).collect::<Vec<_>>().join(",");
    match spec.kind {
        Kind::Int { min, max } | Kind::Seed { min, max } | Kind::OptInt { min, max } => {
            vec![min.to_string(), max.to_string()]
        }
        Kind::Real { min, max, min_open } => {
            // Above an open lower end: the smallest number a link can give (5e-324 above 0).
            let low = if min_open {
                if min == 0.0 {
                    "5e-324".to_string()
                } else {
                    format!("{}", min + min.abs() * 1e-15)
                }
            } else {
                tatbikat::jsfmt::number_to_string(min)
            };
            let mut out = vec![low, tatbikat::jsfmt::number_to_string(max)];
            // Above a closed 0: the smallest number a link can give too.
            if min == 0.0 && !min_open {
                out.push("5e-324".into());
            }
            out
        }
        Kind::Prob => vec!["0".into(), "1".into()],
        Kind::IntList { min, max, max_len } => vec![
            min.to_string(),
            max.to_string(),
            list(max_len, &|i| (max - i as i64).max(min).to_string()),
        ],
        Kind::ProbList { max_len } => vec![
            "0".into(),
            "1".into(),
            list(max_len, &|i| {
                tatbikat::jsfmt::number_to_string(i as f64 / (max_len - 1).max(1) as f64)
            }),
        ],
        Kind::Range { min, max } => vec![
            format!("{min}-{min}"),
            format!("{max}-{max}"),
            format!("{min}-{max}"),
        ],
        _ => Vec::new(),
    }
}

/// What a careless or hostile user types into any numeric parameter: 0, huge, tiny, signed and
/// non-finite numbers as text (each either refused by name or run to finite output).
const TYPED: [&str; 14] = [
    "0",
    "-0",
    "-1",
    "1e-320",
    "1e308",
    "-1e308",
    "1e400",
    "99999999999999999999",
    "NaN",
    "nan",
    "Infinity",
    "-Infinity",
    "inf",
    "0x10",
];

/// Non-finite numbers in what the report shows: `where: what` for each.
fn non_finite(report: &Report) -> Vec<String> {
    let mut bad = Vec::new();
    let text = render::lesson_text(report);
    for word in ["NaN", "Infinity"] {
        if let Some(at) = text.find(word) {
            let line = text[..at].rsplit('\n').next().unwrap_or("").to_string()
                + text[at..].split('\n').next().unwrap_or("");
            bad.push(format!("lesson text: {line}"));
        }
    }
    let cell = |bad: &mut Vec<String>, place: String, c: &Cell| {
        let shown = c.text();
        // A number with no value (0/0: a share of nothing) is shown as a dash, and only so.
        let dash = c.number().is_some_and(|v| !v.is_finite()) && shown != "—";
        if dash || shown.contains("NaN") || shown.contains("Infinity") {
            bad.push(format!("{place} = {shown}"));
        }
    };
    for g in report.sections.iter().flat_map(|s| &s.groups) {
        for b in &g.blocks {
            match b {
                Block::Table(t) => {
                    for (r, row) in t.rows.iter().enumerate() {
                        for (c, v) in row.iter().enumerate() {
                            cell(
                                &mut bad,
                                format!("{}.{} row {r} {}", g.key, t.key, t.columns[c].key),
                                v,
                            );
                        }
                    }
                }
                Block::Line(l) => {
                    for p in &l.parts {
                        if let Part::Value(name, v) = p {
                            cell(&mut bad, format!("{}.{} {name}", g.key, l.key), v);
                        }
                    }
                }
            }
        }
        for ch in &g.charts {
            for axis in [&ch.x, &ch.y] {
                if axis
                    .domain
                    .is_some_and(|d| !d.iter().all(|v| v.is_finite()))
                {
                    bad.push(format!("chart {}: domain {:?}", ch.key, axis.domain));
                }
            }
            for s in &ch.series {
                for p in &s.points {
                    let x = match p.x {
                        X::Num(v) => v,
                        X::Cat(_) => 0.0,
                    };
                    if ![Some(x), Some(p.y), p.lo, p.hi]
                        .iter()
                        .flatten()
                        .all(|v| v.is_finite())
                    {
                        bad.push(format!("chart {} series {}: point {:?}", ch.key, s.key, p));
                    }
                }
            }
        }
    }
    bad
}

/// The lesson at `name=text`: `Ok(None)` when refused with a named reason, the report's
/// problems otherwise; an unnamed refusal is an error.
fn check(lesson: Lesson, name: &str, text: &str) -> Result<Option<Vec<String>>, String> {
    let named = |e: &Error| {
        if e.param.as_deref().is_some_and(|p| !p.is_empty()) && !e.allowed.is_empty() {
            Ok(None)
        } else {
            Err(format!(
                "{} {name}={text}: refused without naming why: {e:?}",
                lesson.id()
            ))
        }
    };
    let set = match lesson.params([(name, text)]) {
        Ok(set) => set,
        Err(e) => return named(&e),
    };
    if let Err(e) = lessons::validate(&set) {
        return named(&e);
    }
    let report = lessons::run(&set, None)
        .map_err(|e| format!("{} {name}={text}: the run failed: {e}", lesson.id()))?;
    let mut bad = non_finite(&report);
    // The JSON and the CSV as the CLI prints them (a number with no value is null, or empty).
    let doc = render::document(&report, &set, None);
    let outputs = [
        render::document_json(&doc),
        tatbikat::csv::report(&doc, None).unwrap_or_default(),
    ];
    for (what, out) in ["json", "csv"].iter().zip(&outputs) {
        for word in ["NaN", "Infinity"] {
            if out.contains(word) {
                bad.push(format!("{what} has {word}"));
            }
        }
    }
    // The watched run at these values, if the lesson has one and its budget allows it.
    if lesson.watch().is_some()
        && let Ok(tr) = lesson.trace(&set, "")
    {
        for t in &tr.tracks {
            for c in &t.counters {
                if !c.values.iter().all(|v| v.is_finite()) {
                    bad.push(format!("trace {} counter {}", t.key, c.key));
                }
            }
        }
    }
    Ok(Some(bad))
}

/// `text` if its run is within the allowance, else the largest whole value between the
/// lesson's and it that is (a sample's size halved toward the lesson's).
fn within(lesson: Lesson, spec: &ParamSpec, text: &str) -> String {
    let work = |t: &str| {
        lesson
            .params([(spec.name, t)])
            .ok()
            .and_then(|s| lessons::work(&s).ok())
    };
    match work(text) {
        Some(w) if w > ALLOWANCE => {}
        _ => return text.to_string(),
    }
    let (Ok(mut hi), Ok(mut lo)) = (text.parse::<i64>(), spec.default.parse::<i64>()) else {
        return text.to_string();
    };
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if work(&mid.to_string()).is_some_and(|w| w <= ALLOWANCE) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo.to_string()
}

#[test]
fn every_numeric_parameter_at_its_extremes_is_finite_or_refused_by_name() {
    let (mut checked, mut refused, mut smaller) = (0, Vec::new(), Vec::new());
    let mut typed_refused = 0;
    let mut failures = Vec::new();
    for &lesson in ALL {
        for spec in lesson.specs() {
            let ends = extremes(spec);
            let typed = TYPED.iter().map(|t| t.to_string());
            let texts: Vec<String> = if ends.is_empty() {
                Vec::new()
            } else {
                ends.into_iter().chain(typed).collect()
            };
            for text in texts {
                let run = within(lesson, spec, &text);
                if run != text {
                    smaller.push(format!("{}.{}={text} ran at {run}", lesson.id(), spec.name));
                }
                match check(lesson, spec.name, &run) {
                    Err(e) => failures.push(e),
                    // The typed texts are counted; the range's ends refused are listed.
                    Ok(None) if TYPED.contains(&run.as_str()) => typed_refused += 1,
                    Ok(None) => {
                        refused.push(format!("{}.{}={}", lesson.id(), spec.name, short(&run)))
                    }
                    Ok(Some(bad)) => {
                        checked += 1;
                        failures.extend(bad.into_iter().map(|b| {
                            format!("{}.{}={}: {b}", lesson.id(), spec.name, short(&run))
                        }));
                    }
                }
            }
        }
    }
    println!(
        "extremes: {checked} runs checked finite; {typed_refused} typed texts (0, huge, NaN, …) and {} ends refused by name: {}",
        refused.len(),
        refused.join("; ")
    );
    println!(
        "ran at a smaller value (over the test's allowance of {ALLOWANCE} units): {}",
        smaller.join("; ")
    );
    assert!(checked > 100, "only {checked} runs checked");
    assert!(
        failures.is_empty(),
        "non-finite output or unnamed refusals:\n{}",
        failures.join("\n")
    );
}

fn short(text: &str) -> String {
    if text.len() > 24 {
        format!("{}…", &text[..24])
    } else {
        text.to_string()
    }
}

/// The page's drawing budget of a watched run (Trace::check_drawing): every lesson's own run
/// is within it, a run over it is refused naming what to lower, and a run zoomed into one lane
/// counts the lane it draws.
#[test]
fn a_watched_run_is_drawn_within_the_page_budget_or_refused_naming_what_to_lower() {
    use tatbikat::trace::{MAX_LANES, MAX_MARKS};
    let trace = |lesson: Lesson, pairs: &[(&str, &str)], selector: &str| {
        let set = lesson.params(pairs.iter().copied()).unwrap();
        let tr = lesson.trace(&set, selector).unwrap();
        let lower = lesson.watch().unwrap().lower;
        (tr.size(), tr.check_drawing(selector, lower))
    };
    for &lesson in ALL.iter().filter(|l| l.watch().is_some()) {
        let (size, checked) = trace(lesson, &[], "");
        assert!(
            checked.is_ok(),
            "{}: the lesson's own run {size:?}: {checked:?}",
            lesson.id()
        );
    }
    let jobs = lessons::get("jobs").unwrap();
    // Four tracks of a lane per night: 250 nights are the most.
    let ((lanes, _, _), ok) = trace(jobs, &[("nights", "250")], "");
    assert_eq!((lanes, ok.is_ok()), (MAX_LANES, true));
    let (_, refused) = trace(jobs, &[("nights", "251")], "");
    let e = refused.unwrap_err();
    assert_eq!(e.code, tatbikat::ErrorCode::TooMuchWork);
    assert_eq!(e.param.as_deref(), Some("trace"));
    assert!(e.allowed.contains("lower nights"), "{}", e.allowed);
    assert_eq!(e.why.as_ref().map(|w| w.key), Some("refuse.trace.size"));
    // One night of a thousand: its lane of each track is what is drawn.
    let ((lanes, marks, _), ok) = trace(jobs, &[("nights", "1000")], "night:3");
    assert!(
        ok.is_ok() && lanes == 4 && marks < MAX_MARKS,
        "{lanes} lanes, {marks} marks"
    );
}
