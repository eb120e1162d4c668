//! What the page's sweep form offers, worked out by the core for the parameters at hand: each
//! numeric parameter with a range to start from, and each metric with its table's rows and the
//! parameters it changes with. A metric that does not move with the swept parameter (the
//! supervisor's scan table, whose rows are the lesson's own scan sweep, against `scan`) would
//! draw a flat line or heatmap that reads as "this does not matter": the form flags it.

use serde::Serialize;

use super::spec::{numeric_columns, row_label, sweepable, tables};
use crate::jsfmt::{number_to_string, parse_number, to_fixed};
use crate::lesson::Lesson;
use crate::params::{Kind, ParamSet, ParamSpec, Value};
use crate::report::Cell;
use crate::report::Report;

/// Points a suggested range has at most (a line that reads well, a heatmap that fits).
const SUGGESTED_POINTS: u32 = 11;
/// Above this many simulated units per run, the dependence probe is skipped (it runs the lesson
/// twice per parameter): the metrics then carry no `depends`.
const PROBE_UNITS: f64 = 2e7;

/// A parameter the sweep can vary, with a range to start from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AxisOption {
    /// The parameter.
    pub name: &'static str,
    /// Whether its values are whole numbers.
    pub whole: bool,
    /// Its bounds.
    pub min: f64,
    /// Its bounds.
    pub max: f64,
    /// A range around its current value: the first value, in the codec's text form.
    pub from: String,
    /// The last value.
    pub to: String,
    /// The number of points.
    pub steps: u32,
}

impl AxisOption {
    /// The axis in the codec's text form (`scan:1..4`, `fail_prob:0..1:11`).
    pub fn text(&self) -> String {
        format!("{}:{}..{}:{}", self.name, self.from, self.to, self.steps)
    }
}

/// A row of a metric's table, as `@row` names it and as the table shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowOption {
    /// What `@row` takes: the label's key, or the row's first cell as printed.
    pub value: String,
    /// The row's first cell as the lesson prints it.
    pub text: String,
    /// The label's message key, for a translated label.
    pub key: Option<&'static str>,
}

/// A metric the sweep can read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricOption {
    /// `table.column`.
    pub metric: String,
    /// The table's key.
    pub table: &'static str,
    /// The column's key.
    pub column: &'static str,
    /// The table's rows at these parameters.
    pub rows: Vec<RowOption>,
    /// The parameters whose change moves this metric (probed at two nearby values each), or
    /// `None` when the probe was skipped for the run's size.
    pub depends: Option<Vec<&'static str>>,
}

/// The sweep form's choices for the lesson at these parameters.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepOptions {
    /// The numeric parameters, in schema order.
    pub axes: Vec<AxisOption>,
    /// Every numeric column of every table the lesson prints at these parameters.
    pub metric_options: Vec<MetricOption>,
}

/// Works out the options at `base`.
pub fn options(lesson: Lesson, base: &ParamSet) -> SweepOptions {
    let names = sweepable(lesson);
    let axes: Vec<AxisOption> = names
        .iter()
        .filter_map(|n| lesson.schema().spec(n))
        .map(|spec| axis_option(spec, base))
        .collect();
    let Ok(report) = lesson.run(base, None, &mut |_| {}) else {
        return SweepOptions {
            axes,
            metric_options: Vec::new(),
        };
    };
    let mut metrics: Vec<MetricOption> = tables(&report)
        .flat_map(|t| {
            numeric_columns(t).map(move |column| MetricOption {
                metric: format!("{}.{column}", t.key),
                table: t.key,
                column,
                rows: t
                    .rows
                    .iter()
                    .filter_map(|r| r.first())
                    .map(|c| {
                        let (text, key) = row_label(c);
                        RowOption {
                            value: key.map_or_else(|| text.clone(), str::to_string),
                            text,
                            key,
                        }
                    })
                    .collect(),
                depends: Some(Vec::new()),
            })
        })
        .collect();
    if lesson.sweep_units(base) > PROBE_UNITS || !lesson.probes_sweeps() {
        for m in &mut metrics {
            m.depends = None;
        }
        return SweepOptions {
            axes,
            metric_options: metrics,
        };
    }
    let base_values: Vec<Vec<Option<f64>>> = metrics.iter().map(|m| column(&report, m)).collect();
    for spec in names.iter().filter_map(|n| lesson.schema().spec(n)) {
        for probe in probes(spec, base.get(spec.name)) {
            let mut set = base.clone();
            if set.set(spec.name, &probe).is_err() || crate::lessons::validate(&set).is_err() {
                continue;
            }
            let Ok(other) = lesson.run(&set, None, &mut |_| {}) else {
                continue;
            };
            for (m, was) in metrics.iter_mut().zip(&base_values) {
                let moved = column(&other, m) != *was;
                let deps = m.depends.get_or_insert_with(Vec::new);
                if moved && !deps.contains(&spec.name) {
                    deps.push(spec.name);
                }
            }
        }
    }
    SweepOptions {
        axes,
        metric_options: metrics,
    }
}

/// A metric's column, every row, in a report (empty when the table is not there).
fn column(report: &Report, m: &MetricOption) -> Vec<Option<f64>> {
    tables(report)
        .find(|t| t.key == m.table)
        .and_then(|t| {
            let i = t.columns.iter().position(|c| c.key == m.column)?;
            Some(
                t.rows
                    .iter()
                    .map(|r| r.get(i).and_then(Cell::number))
                    .collect(),
            )
        })
        .unwrap_or_default()
}

/// The value as a number (whole-number kinds and reals).
fn value_number(v: &Value) -> f64 {
    match v {
        Value::Int(n) => *n as f64,
        Value::Real(x) => *x,
        _ => f64::NAN,
    }
}

/// Twelve decimals hide a sum's last-bit noise (0.30000000000000004).
fn tidy(x: f64) -> String {
    number_to_string(parse_number(&to_fixed(x, 12)).unwrap_or(x))
}

/// A range around the current value that stays within the bounds, trimmed at either end while
/// the lesson's checks refuse the point there with the other parameters as they are (down to two
/// points): supervisor's jobs from 10, not 6, while job S9 hangs (`hung`), leader's nodes from 2
/// while node N2 pauses; the form's first sweep was refused for both.
fn axis_option(spec: &ParamSpec, base: &ParamSet) -> AxisOption {
    let v = value_number(base.get(spec.name));
    let (min, max, whole) = match spec.kind {
        Kind::Int { min, max } | Kind::Seed { min, max } => (min as f64, max as f64, true),
        Kind::Real { min, max, .. } => (min, max, false),
        _ => (0.0, 1.0, false),
    };
    let (mut from, mut to, mut steps) = match spec.kind {
        Kind::Prob => (0.0, 1.0, SUGGESTED_POINTS),
        // A seed is an identifier: ten consecutive ones.
        Kind::Seed { .. } => {
            let from = v.min(max - 9.0).max(min);
            (from, (from + 9.0).min(max), 10)
        }
        // Evenly spaced whole numbers: a whole step, the last value moved in to land on one.
        Kind::Int { .. } => {
            let from = (v / 2.0).floor().max(min);
            let to = (v * 2.0).max(from + 1.0).min(max);
            let step = ((to - from) / f64::from(SUGGESTED_POINTS - 1))
                .ceil()
                .max(1.0);
            let count = ((to - from) / step).floor() + 1.0;
            (from, from + step * (count - 1.0), count as u32)
        }
        _ => {
            let from = if v > 0.0 { v / 2.0 } else { min };
            let to = if v > 0.0 { (v * 2.0).min(max) } else { max };
            (from.max(min), to, SUGGESTED_POINTS)
        }
    };
    let text = |x: f64| {
        if whole {
            number_to_string(x.round())
        } else {
            tidy(x)
        }
    };
    let step = (to - from) / f64::from(steps.max(2) - 1);
    let passes = |x: f64| {
        let mut set = base.clone();
        set.set(spec.name, &text(x)).is_ok() && crate::lessons::validate(&set).is_ok()
    };
    while steps > 2 && !passes(from) {
        (from, steps) = (from + step, steps - 1);
    }
    while steps > 2 && !passes(to) {
        (to, steps) = (to - step, steps - 1);
    }
    AxisOption {
        name: spec.name,
        whole,
        min,
        max,
        from: text(from),
        to: text(to),
        steps: steps.max(2),
    }
}

/// Two values near the current one, within the bounds, in the codec's text form.
fn probes(spec: &ParamSpec, value: &Value) -> Vec<String> {
    let v = value_number(value);
    match spec.kind {
        Kind::Int { min, max } | Kind::Seed { min, max } => {
            let v = v as i64;
            let mut out: Vec<i64> = [v - 1, v + 1, v + 2]
                .into_iter()
                .filter(|x| (min..=max).contains(x))
                .collect();
            out.truncate(2);
            out.into_iter().map(|x| x.to_string()).collect()
        }
        Kind::Real { min, max, min_open } => [v / 2.0, (v + max.min(v * 4.0 + 1.0)) / 2.0]
            .into_iter()
            .filter(|x| (if min_open { *x > min } else { *x >= min }) && *x <= max && *x != v)
            .map(tidy)
            .collect(),
        _ => [v / 2.0, (v + 1.0) / 2.0]
            .into_iter()
            .filter(|x| *x != v)
            .map(tidy)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_table_does_not_move_with_scan_and_the_recovery_does() {
        let lesson = crate::lessons::get("supervisor").unwrap();
        let o = options(lesson, &lesson.defaults());
        let find = |m: &str| o.metric_options.iter().find(|x| x.metric == m).unwrap();
        let deps = |m: &str| find(m).depends.clone().unwrap();
        assert!(!deps("scan_sweep.avg_recovery").contains(&"scan"));
        assert!(deps("recovery.supervisor_on").contains(&"scan"));
        assert!(deps("recovery.supervisor_on").contains(&"lease"));
        let rows: Vec<&str> = find("scan_sweep.avg_recovery")
            .rows
            .iter()
            .map(|r| r.value.as_str())
            .collect();
        assert_eq!(rows, ["1", "2", "4", "8"]);
        // Whole numbers in whole steps: 6 to 24 by 2, never 6, 8, 10, 11, 13, ...
        let jobs = crate::lessons::get("jobs").unwrap();
        let o_jobs = options(jobs, &jobs.defaults());
        let slices = o_jobs.axes.iter().find(|a| a.name == "slices").unwrap();
        assert_eq!(slices.text(), "slices:6..24:10");
        for a in o_jobs.axes.iter().chain(&o.axes).filter(|a| a.whole) {
            let (from, to): (f64, f64) = (a.from.parse().unwrap(), a.to.parse().unwrap());
            let step = (to - from) / f64::from(a.steps - 1);
            assert_eq!(step, step.round(), "{}", a.text());
        }
        let scan = o.axes.iter().find(|a| a.name == "scan").unwrap();
        assert_eq!(scan.text(), "scan:1..4:4");
        let p = o.axes.iter().find(|a| a.name == "permanent_rate").unwrap();
        assert_eq!(p.text(), "permanent_rate:0..1:11");
    }

    /// Every range the form suggests at a lesson's defaults is a sweep the core plans (the form's
    /// first "Tara" was refused for supervisor's and leader's).
    #[test]
    fn every_suggested_range_is_a_sweep_the_core_takes() {
        for lesson in crate::lessons::ALL {
            let base = lesson.defaults();
            for a in options(*lesson, &base).axes {
                let spec = crate::sweep::parse(*lesson, &a.text(), None, None)
                    .unwrap_or_else(|e| panic!("{}: {}: {}", lesson.id(), a.text(), e.message()));
                if let Err(e) = crate::sweep::plan(&base, &spec) {
                    panic!("{}: {}: {}", lesson.id(), a.text(), e.message());
                }
            }
        }
        let supervisor = crate::lessons::get("supervisor").unwrap();
        let jobs = options(supervisor, &supervisor.defaults()).axes.into_iter();
        let jobs = jobs.filter(|a| a.name == "jobs").map(|a| a.text());
        assert_eq!(jobs.collect::<Vec<_>>(), ["jobs:10..24:8"]);
    }
}
