//! What a sweep asks for, in the codec's one text form: its axes (`name:a..b:n`), its metrics
//! (`table.column@row`), the budgets, and what a lesson's report offers to sweep and read.

use serde::Serialize;

use crate::error::Error;
use crate::jsfmt::{number_to_string, parse_number, to_fixed};
use crate::lesson::Lesson;
use crate::params::Kind;
use crate::report::{Cell, Report, Table};

/// Values on one axis at most.
pub const MAX_AXIS: usize = 200;
/// Points of a whole sweep at most (a 21 × 21 heatmap).
pub const MAX_POINTS: usize = 441;
/// Simulated units of work (runs, job-rounds, nights) a sweep may take in all.
pub const MAX_WORK: f64 = 2e9;
/// Metrics one sweep reads at most.
pub const MAX_METRICS: usize = 6;

/// One swept parameter and its values.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AxisSpec {
    /// The parameter.
    pub name: &'static str,
    /// Each value in the codec's text form.
    pub texts: Vec<String>,
    /// Each value as a number.
    pub values: Vec<f64>,
    /// The axis as given, canonical (`scan:1..8`).
    pub text: String,
}

/// What a metric reads: a numeric column of a table, and optionally one row of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metric {
    /// The table's key.
    pub table: &'static str,
    /// The column's key.
    pub column: &'static str,
    /// The row label chosen with `@row`, if any.
    pub row: Option<String>,
    /// The section that prints the table (at the lesson's values): a point runs only it. Not in
    /// the sweep's JSON (the table names the metric).
    #[serde(skip)]
    pub section: &'static str,
}

impl Metric {
    /// `table.column[@row]`.
    pub fn text(&self) -> String {
        match &self.row {
            Some(r) => format!("{}.{}@{r}", self.table, self.column),
            None => format!("{}.{}", self.table, self.column),
        }
    }
}

/// A whole sweep request.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepSpec {
    /// The x axis.
    pub x: AxisSpec,
    /// The y axis of a heatmap.
    pub y: Option<AxisSpec>,
    /// What is read at each point.
    pub metric: Metric,
    /// Further metrics read from the same runs (`metric=a.b,c.d`: small multiples).
    pub more: Vec<Metric>,
}

impl SweepSpec {
    /// The link's keys of this sweep (`&sweep=…&sweep_y=…&metric=…`), to follow the base
    /// parameters' query.
    pub fn query(&self) -> String {
        let metrics: Vec<String> = std::iter::once(&self.metric)
            .chain(&self.more)
            .map(Metric::text)
            .collect();
        crate::query::sweep_keys(
            &self.x.text,
            self.y.as_ref().map(|y| y.text.as_str()),
            &metrics.join(","),
        )
    }
}

/// The numeric parameters of a lesson: the ones that can be swept.
pub fn sweepable(lesson: Lesson) -> Vec<&'static str> {
    lesson
        .specs()
        .iter()
        .filter(|s| {
            matches!(
                s.kind,
                Kind::Int { .. } | Kind::Seed { .. } | Kind::Real { .. } | Kind::Prob
            )
        })
        .map(|s| s.name)
        .collect()
}

/// The default metric of a lesson when none is given: the lesson's choice, else its first.
pub fn default_metric(lesson: Lesson) -> String {
    match lesson.default_metric() {
        Some(m) => m.to_string(),
        None => metrics(lesson).into_iter().next().unwrap_or_default(),
    }
}

/// Every metric of a lesson (`table.column` of each numeric column), read from the report's
/// tables at the lesson's values.
pub fn metrics(lesson: Lesson) -> Vec<String> {
    metric_keys(lesson)
        .into_iter()
        .map(|(_, t, c)| format!("{t}.{c}"))
        .collect()
}

/// Every metric as `(section, table, column)`.
fn metric_keys(lesson: Lesson) -> Vec<(&'static str, &'static str, &'static str)> {
    // The lesson's tables at its own values (a blink even for the largest).
    match lesson.run_tables(&lesson.defaults(), &[], &mut |_| {}) {
        Ok(report) => crate::report::tables(&report.sections)
            .flat_map(|(s, _, t)| numeric_columns(t).map(move |c| (s, t.key, c)))
            .collect(),
        Err(_) => Vec::new(),
    }
}

pub(super) fn tables(report: &Report) -> impl Iterator<Item = &Table> {
    crate::report::tables(&report.sections).map(|(_, _, t)| t)
}

pub(super) fn numeric_columns(t: &Table) -> impl Iterator<Item = &'static str> + '_ {
    t.columns.iter().enumerate().skip(1).filter_map(|(i, c)| {
        t.rows
            .first()
            .and_then(|r| r.get(i))
            .and_then(Cell::number)
            .map(|_| c.key)
    })
}

/// A row's label: the text of its first cell.
pub(super) fn row_label(cell: &Cell) -> (String, Option<&'static str>) {
    match cell {
        Cell::Label { key, text } => ((*text).to_string(), Some(*key)),
        other => (other.text(), None),
    }
}

/// Parses one axis (`scan:1..8`, `fail_prob=0.1..0.9:9`, `lease:1,2,4`) for `lesson`.
pub fn parse_axis(lesson: Lesson, key: &str, text: &str) -> Result<AxisSpec, Error> {
    let names = sweepable(lesson);
    let bad = |why: String| Error::bad(key, text, why);
    let Some((name, values)) = text.split_once([':', '=']) else {
        return Err(bad(format!(
            "name:values, such as {}:1..8 or {}:1,2,4; the numeric parameters of {} are {}",
            names[0],
            names[0],
            lesson.id(),
            names.join(", ")
        ))
        .keyed("refuse.sweep.form", &[("names", &names.join(", "))]));
    };
    let name = name.trim();
    let Some(&name) = names.iter().find(|n| **n == name) else {
        return Err(bad(format!(
            "a numeric parameter of {}: {}",
            lesson.id(),
            names.join(", ")
        ))
        .keyed(
            "refuse.sweep.param",
            &[("name", &name), ("names", &names.join(", "))],
        ));
    };
    let spec = lesson
        .schema()
        .spec(name)
        .ok_or_else(|| bad("a parameter".into()))?;
    let whole = matches!(spec.kind, Kind::Int { .. } | Kind::Seed { .. });
    let values = values.trim();
    let texts: Vec<String> = if let Some((a, rest)) = split_range(values) {
        let (b, n) = match rest.split_once(':') {
            Some((b, n)) => (b, Some(n)),
            None => (rest, None),
        };
        let range_help = || {
            format!(
                "a range a..b{} or a list; a <= b, at most {MAX_AXIS} values",
                if whole { " or a..b:n" } else { ":n (n points)" }
            )
        };
        let a = parse_number(a.trim()).filter(|v| v.is_finite());
        let b = parse_number(b.trim()).filter(|v| v.is_finite());
        let range_refused = || bad(range_help()).keyed("refuse.sweep.range", &[("max", &MAX_AXIS)]);
        let (Some(a), Some(b)) = (a, b) else {
            return Err(range_refused());
        };
        if a > b {
            return Err(range_refused());
        }
        let n = match n {
            Some(n) => match n.trim().parse::<usize>() {
                Ok(n) if (2..=MAX_AXIS).contains(&n) => n,
                _ => {
                    return Err(bad(format!(
                        "the number of points after ':' is a whole number from 2 to {MAX_AXIS}"
                    ))
                    .keyed(
                        "refuse.sweep.points",
                        &[("n", &n.trim()), ("max", &MAX_AXIS), ("all", &MAX_POINTS)],
                    ));
                }
            },
            None if whole => {
                let count = b - a + 1.0;
                if count > MAX_AXIS as f64 {
                    return Err(bad(format!(
                        "{} values; at most {MAX_AXIS}: narrow the range or give a..b:n",
                        number_to_string(count)
                    ))
                    .keyed(
                        "refuse.sweep.too_many",
                        &[("count", &number_to_string(count)), ("max", &MAX_AXIS)],
                    ));
                }
                count as usize
            }
            None => 11,
        };
        // Whole numbers are evenly spaced only in whole steps: 6..24:11 would round to
        // 6, 8, 10, 11, 13, ... (steps of 1.8); say which point counts give whole steps.
        // In whole numbers (u64: no float remainder, whose fmod the module would carry).
        let span = b - a;
        let whole_span = (span.fract() == 0.0 && span < 9e15).then_some(span as u64);
        if let Some(s) = whole_span.filter(|s| whole && n > 1 && s % (n as u64 - 1) != 0) {
            let fits = |c: &usize| s % (*c as u64 - 1) == 0;
            let counts: Vec<String> = [(2..n).rev().find(fits), (n + 1..=MAX_AXIS).find(fits)]
                .into_iter()
                .flatten()
                .map(|c| c.to_string())
                .collect();
            let counts = counts.join(" / ");
            let step =
                number_to_string(parse_number(&to_fixed(span / (n - 1) as f64, 2)).unwrap_or(0.0));
            // The ends through number_to_string: f64's Display would bring core's float
            // formatting into every module.
            let (from, to) = (number_to_string(a), number_to_string(b));
            return Err(bad(format!(
                "{n} points from {from} to {to} are not evenly spaced whole numbers (a step of {step}); give {counts} points, or move an end"
            ))
            .keyed(
                "refuse.sweep.uneven",
                &[
                    ("n", &n),
                    ("from", &from),
                    ("to", &to),
                    ("step", &step),
                    ("counts", &counts),
                ],
            ));
        }
        let mut out: Vec<String> = Vec::with_capacity(n);
        for i in 0..n {
            let v = if n == 1 {
                a
            } else {
                a + (b - a) * i as f64 / (n - 1) as f64
            };
            let text = if whole {
                number_to_string(v.round())
            } else {
                // Twelve decimals hide the sum's last-bit noise (0.30000000000000004).
                number_to_string(parse_number(&to_fixed(v, 12)).unwrap_or(v))
            };
            if !out.contains(&text) {
                out.push(text);
            }
        }
        out
    } else {
        values
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect()
    };
    if texts.is_empty() || texts.len() > MAX_AXIS {
        return Err(bad(format!("1 to {MAX_AXIS} values")).keyed(
            "refuse.sweep.count",
            &[("count", &texts.len()), ("max", &MAX_AXIS)],
        ));
    }
    let mut set = lesson.defaults();
    let mut numbers = Vec::with_capacity(texts.len());
    for t in &texts {
        set.set(name, t).map_err(|e| {
            Error::bad(
                key,
                text,
                format!("{t} is not a value of {name}: {}", e.allowed),
            )
            .keyed("refuse.sweep.value", &[("item", t), ("name", &name)])
        })?;
        numbers.push(parse_number(t).unwrap_or(f64::NAN));
    }
    Ok(AxisSpec {
        name,
        text: format!("{name}:{values}"),
        texts,
        values: numbers,
    })
}

/// `values` split at its first `..`. By hand: a `&str` pattern's searcher brings core's
/// panicking string slicing, char `Debug` and the Unicode printable tables into the module
/// (153,169 → 148,425 bytes gzip -9 measured without them).
fn split_range(values: &str) -> Option<(&str, &str)> {
    let i = values.as_bytes().windows(2).position(|w| w == b"..")?;
    Some((values.get(..i)?, values.get(i + 2..)?))
}

/// Parses a metric (`scan_sweep.worst_recovery`, `monte_carlo.rate@2`) for `lesson`.
pub fn parse_metric(lesson: Lesson, text: &str) -> Result<Metric, Error> {
    let (name, row) = match text.split_once('@') {
        Some((n, r)) => (n.trim(), Some(r.trim().to_string())),
        None => (text.trim(), None),
    };
    let keys = metric_keys(lesson);
    let (section, table, column) = keys
        .iter()
        .copied()
        .find(|(_, t, c)| name.split_once('.') == Some((t, c)))
        .ok_or_else(|| {
            Error::bad(
                "metric",
                text,
                format!("table.column[@row], one of: {}", metrics(lesson).join(", ")),
            )
            .keyed(
                "refuse.metric.name",
                &[("metrics", &metrics(lesson).join(", "))],
            )
        })?;
    Ok(Metric {
        table,
        column,
        row,
        section,
    })
}

/// Parses a whole request: the x axis, an optional y axis and an optional metric.
pub fn parse(
    lesson: Lesson,
    x: &str,
    y: Option<&str>,
    metric: Option<&str>,
) -> Result<SweepSpec, Error> {
    let x = parse_axis(lesson, "sweep", x)?;
    let y = y.map(|y| parse_axis(lesson, "sweep_y", y)).transpose()?;
    if let Some(y) = &y {
        if y.name == x.name {
            return Err(Error::bad(
                "sweep_y",
                &y.text,
                format!("a parameter other than the x axis' {}", x.name),
            )
            .keyed("refuse.sweep.same", &[("name", &x.name)]));
        }
    }
    let fallback = default_metric(lesson);
    let text = metric.unwrap_or(&fallback);
    // Several metrics, comma-separated, read from the same runs (at most a handful).
    let mut metrics = text
        .split(',')
        .map(|m| {
            parse_metric(lesson, m).map_err(|e| Error {
                value: Some(text.to_string()),
                ..e
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if metrics.len() > MAX_METRICS {
        return Err(Error::bad(
            "metric",
            text,
            format!("at most {MAX_METRICS} metrics, comma-separated"),
        )
        .keyed(
            "refuse.metric.count",
            &[("count", &metrics.len()), ("max", &MAX_METRICS)],
        ));
    }
    let metric = metrics.remove(0);
    Ok(SweepSpec {
        x,
        y,
        metric,
        more: metrics,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs() -> Lesson {
        crate::lessons::get("jobs").unwrap()
    }

    #[test]
    fn whole_number_axes_take_whole_steps_and_say_which_counts_do() {
        // 6..24 in 10 points: by 2, every value whole and the steps equal.
        let a = parse_axis(jobs(), "sweep_y", "slices:6..24:10").unwrap();
        assert_eq!(
            a.texts,
            ["6", "8", "10", "12", "14", "16", "18", "20", "22", "24"]
        );
        assert!(a.values.windows(2).all(|w| w[1] - w[0] == 2.0));
        // 11 points would be 6, 7.8, 9.6, ... rounded to 6, 8, 10, 11, 13: refused, naming 10 and 19.
        let e = parse_axis(jobs(), "sweep_y", "slices:6..24:11").unwrap_err();
        assert_eq!(e.why.as_ref().map(|w| w.key), Some("refuse.sweep.uneven"));
        assert_eq!(e.param.as_deref(), Some("sweep_y"));
        assert!(
            e.allowed.contains("step of 1.8") && e.allowed.contains("10 / 19"),
            "{}",
            e.allowed
        );
        // A span no count divides but 2 and itself (1..8: 7): the counts are 2 and 8.
        let e = parse_axis(jobs(), "sweep", "interval:1..8:4").unwrap_err();
        assert!(e.allowed.contains("2 / 8"), "{}", e.allowed);
        // Whole ranges without a count are every whole number; one value is one point.
        assert_eq!(
            parse_axis(jobs(), "sweep", "interval:3..6").unwrap().texts,
            ["3", "4", "5", "6"]
        );
        assert_eq!(
            parse_axis(jobs(), "sweep", "interval:5..5:3")
                .unwrap()
                .texts,
            ["5"]
        );
    }

    #[test]
    fn real_axes_are_exact_decimals() {
        let a = parse_axis(jobs(), "sweep", "fail_prob:0..1:11").unwrap();
        assert_eq!(
            a.texts,
            [
                "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"
            ]
        );
        for (t, v) in a.texts.iter().zip(&a.values) {
            assert_eq!(*v, t.parse::<f64>().unwrap(), "{t}");
        }
        let b = parse_axis(jobs(), "sweep", "fail_prob:0.1..0.3:3").unwrap();
        assert_eq!(b.texts, ["0.1", "0.2", "0.3"]);
    }
}
