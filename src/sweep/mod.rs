//! Sweep anything (issue 4): run the lesson at every value of one numeric parameter (a line
//! chart) or two (a heatmap) and read one metric — any numeric column of any table the lesson
//! prints — from each run's own report, so every point is exactly the table of that single run.
//!
//! Codec (one text form for the CLI, the URL and the JSON): an axis is `name:values` (or
//! `name=values`), values a list `1,2,4` or a range `a..b` (whole numbers) / `a..b:n` (n evenly
//! spaced points); the metric is `table.column`, with `@row` choosing the row a heatmap shows.

mod options;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
pub mod part;

pub use options::{AxisOption, MetricOption, RowOption, SweepOptions, options};
pub use part::PointCells;

use serde::Serialize;

use crate::chart::{Chart, Point, Scale, Series, X};
use crate::error::Error;
use crate::jsfmt::{number_to_string, parse_number, to_fixed};
use crate::lesson::Lesson;
use crate::lessons::validate;
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
        .map(|(t, c)| format!("{t}.{c}"))
        .collect()
}

fn metric_keys(lesson: Lesson) -> Vec<(&'static str, &'static str)> {
    // The lesson's tables at its own values (a blink even for the largest).
    match lesson.run(&lesson.defaults(), None, &mut |_| {}) {
        Ok(report) => tables(&report)
            .flat_map(|t| numeric_columns(t).map(move |c| (t.key, c)))
            .collect(),
        Err(_) => Vec::new(),
    }
}

fn tables(report: &Report) -> impl Iterator<Item = &Table> {
    crate::report::tables(&report.sections).map(|(_, _, t)| t)
}

fn numeric_columns(t: &Table) -> impl Iterator<Item = &'static str> + '_ {
    t.columns.iter().enumerate().skip(1).filter_map(|(i, c)| {
        t.rows
            .first()
            .and_then(|r| r.get(i))
            .and_then(Cell::number)
            .map(|_| c.key)
    })
}

/// A row's label: the text of its first cell.
fn row_label(cell: &Cell) -> (String, Option<&'static str>) {
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
        )));
    };
    let name = name.trim();
    let Some(&name) = names.iter().find(|n| **n == name) else {
        return Err(bad(format!(
            "a numeric parameter of {}: {}",
            lesson.id(),
            names.join(", ")
        )));
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
        let (Some(a), Some(b)) = (a, b) else {
            return Err(bad(range_help()));
        };
        if a > b {
            return Err(bad(range_help()));
        }
        let n = match n {
            Some(n) => match n.trim().parse::<usize>() {
                Ok(n) if (2..=MAX_AXIS).contains(&n) => n,
                _ => {
                    return Err(bad(format!(
                        "the number of points after ':' is a whole number from 2 to {MAX_AXIS}"
                    )));
                }
            },
            None if whole => {
                let count = b - a + 1.0;
                if count > MAX_AXIS as f64 {
                    return Err(bad(format!(
                        "{} values; at most {MAX_AXIS}: narrow the range or give a..b:n",
                        number_to_string(count)
                    )));
                }
                count as usize
            }
            None => 11,
        };
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
        return Err(bad(format!("1 to {MAX_AXIS} values")));
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
    let (table, column) = keys
        .iter()
        .copied()
        .find(|(t, c)| name.split_once('.') == Some((t, c)))
        .ok_or_else(|| {
            Error::bad(
                "metric",
                text,
                format!("table.column[@row], one of: {}", metrics(lesson).join(", ")),
            )
        })?;
    Ok(Metric { table, column, row })
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
            ));
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

/// One series: a row of the metric's table across the points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesOut {
    /// The row's label as the lesson prints it.
    pub name: String,
    /// Message key of a fixed label.
    pub name_key: Option<&'static str>,
    /// Digits after the point the table shows for this row.
    pub decimals: u8,
    /// The value at each point (x order; row-major y then x for a heatmap); `None` where that
    /// run has no such row.
    pub values: Vec<Option<f64>>,
}

/// A finished sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sweep {
    /// Lesson id.
    pub lesson: &'static str,
    /// The x axis.
    pub x: AxisSpec,
    /// The y axis of a heatmap.
    pub y: Option<AxisSpec>,
    /// The metric.
    pub metric: Metric,
    /// The metric as text.
    pub metric_text: String,
    /// The key of the table's first column, which names the rows (the series).
    pub row_column: &'static str,
    /// One series per row of the metric's table (a heatmap keeps the chosen row, or the first).
    pub series: Vec<SeriesOut>,
    /// The share-link query of each point's single run (x order; row-major for a heatmap).
    pub queries: Vec<String>,
    /// The trace selector behind each series, if its run can be watched.
    pub traces: Vec<Option<String>>,
    /// The line chart of a one-parameter sweep.
    pub chart: Option<Chart>,
    /// The heatmap's value range `[min, max]` over its cells.
    pub range: Option<[f64; 2]>,
    /// The further metrics, read from the same runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub more: Vec<Panel>,
}

/// One more metric of a sweep: what [`Sweep`] holds for its first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Panel {
    /// The metric.
    pub metric: Metric,
    /// The metric as text.
    pub metric_text: String,
    /// The key of the table's first column.
    pub row_column: &'static str,
    /// One series per row of the metric's table.
    pub series: Vec<SeriesOut>,
    /// The trace selector behind each series.
    pub traces: Vec<Option<String>>,
    /// The line chart of a one-parameter sweep.
    pub chart: Option<Chart>,
    /// The heatmap's value range.
    pub range: Option<[f64; 2]>,
}

/// What the text and CSV renderers read of a metric: its name and its series.
pub struct PanelRef<'a> {
    /// The metric as text.
    pub metric_text: &'a str,
    /// Its series.
    pub series: &'a [SeriesOut],
}

impl Sweep {
    /// Every metric's name and series, the first one first.
    pub fn panels(&self) -> Vec<PanelRef<'_>> {
        std::iter::once(PanelRef {
            metric_text: &self.metric_text,
            series: &self.series,
        })
        .chain(self.more.iter().map(|p| PanelRef {
            metric_text: &p.metric_text,
            series: &p.series,
        }))
        .collect()
    }

    /// Every metric, as the link's `metric=` writes them.
    pub fn metrics_text(&self) -> String {
        std::iter::once(self.metric_text.as_str())
            .chain(self.more.iter().map(|p| p.metric_text.as_str()))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Compare mode: draws `a`'s curves (the same sweep from run A's parameters) behind `s`'s, in
/// each line chart (see [`Chart::behind`]); a heatmap keeps B's cells.
pub fn behind(s: &mut Sweep, a: &Sweep) {
    if let (Some(c), Some(theirs)) = (&mut s.chart, &a.chart) {
        c.behind(theirs);
    }
    for (p, theirs) in s.more.iter_mut().zip(&a.more) {
        if let (Some(c), Some(theirs)) = (&mut p.chart, &theirs.chart) {
            c.behind(theirs);
        }
    }
}

/// Runs the sweep, telling `progress` the share done.
pub fn run(
    base: &crate::params::ParamSet,
    spec: &SweepSpec,
    progress: &mut dyn FnMut(f64),
) -> Result<Sweep, Error> {
    run_jobs(base, spec, 1, progress)
}

/// As [`run`], with the points shared among `jobs` threads (natively; one in WebAssembly). Every
/// point is independent work with its own generators, so the result is the serial one.
pub fn run_jobs(
    base: &crate::params::ParamSet,
    spec: &SweepSpec,
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Sweep, Error> {
    let plan = plan(base, spec)?;
    let cells = run_points(&plan, jobs, progress)?;
    plan.join(&cells)
}

/// A sweep checked and laid out before any point runs: every point's parameters in point order
/// (row-major y then x for a heatmap), within [`MAX_POINTS`] and [`MAX_WORK`]. Serial runs,
/// native threads and the page's pool of workers all run points of a plan ([`Plan::point`],
/// [`run_range`]) and assemble them with the one [`Plan::join`], so all three give the same sweep.
#[derive(Debug, Clone)]
pub struct Plan {
    lesson: Lesson,
    spec: SweepSpec,
    sets: Vec<crate::params::ParamSet>,
    units: Vec<f64>,
}

/// Checks a whole sweep and lays out its points: the budget errors (naming `sweep`) come here,
/// before anything runs.
pub fn plan(base: &crate::params::ParamSet, spec: &SweepSpec) -> Result<Plan, Error> {
    let lesson = crate::lessons::of(base);
    let ny = spec.y.as_ref().map_or(1, |y| y.texts.len());
    let nx = spec.x.texts.len();
    let points = nx * ny;
    if points > MAX_POINTS {
        return Err(Error::bad(
            "sweep",
            &spec.x.text,
            format!(
                "at most {MAX_POINTS} points in all; this sweep has {nx} × {ny} = {points}: use fewer values"
            ),
        ));
    }
    // Every point's parameters, checked before anything runs.
    let mut sets = Vec::with_capacity(points);
    let mut units = Vec::with_capacity(points);
    for yi in 0..ny {
        for xi in 0..nx {
            let mut set = base.clone();
            set.set(spec.x.name, &spec.x.texts[xi])?;
            if let Some(y) = &spec.y {
                set.set(y.name, &y.texts[yi])?;
            }
            validate(&set).map_err(|e| {
                let at = match &spec.y {
                    Some(y) => format!(
                        "{}={}, {}={}",
                        spec.x.name, spec.x.texts[xi], y.name, y.texts[yi]
                    ),
                    None => format!("{}={}", spec.x.name, spec.x.texts[xi]),
                };
                Error {
                    allowed: format!("at {at}: {}", e.message()),
                    ..Error::bad("sweep", &spec.x.text, "")
                }
            })?;
            units.push(lesson.sweep_units(&set));
            sets.push(set);
        }
    }
    let total: f64 = units.iter().sum();
    if total > MAX_WORK {
        return Err(Error::too_much_work(
            "sweep",
            &spec.x.text,
            format!(
                "a sweep of at most {} simulated units (runs, job-rounds or nights) in all; this one needs {}: use fewer points or a smaller sample (runs, nights)",
                number_to_string(MAX_WORK),
                number_to_string(total.round())
            ),
        ));
    }
    Ok(Plan {
        lesson,
        spec: spec.clone(),
        sets,
        units,
    })
}

impl Plan {
    /// The number of points.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether the sweep has no point (never, once planned).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Runs point `i` and keeps what the sweep reads of it; `progress` hears the point's share.
    pub fn point(&self, i: usize, progress: &mut dyn FnMut(f64)) -> Result<PointCells, Error> {
        let set = self
            .sets
            .get(i)
            .ok_or_else(|| Error::bad("sweep", &self.spec.x.text, "a point of this sweep"))?;
        let report = self.lesson.run(set, None, progress)?;
        let metrics: Vec<&Metric> = std::iter::once(&self.spec.metric)
            .chain(&self.spec.more)
            .collect();
        Ok(part::extract(&report, &metrics))
    }

    /// Assembles the sweep from every point's cells, in point order: the series, their decimals,
    /// the chart and its domains, the heatmap's range and the points' links.
    pub fn join(&self, cells: &[PointCells]) -> Result<Sweep, Error> {
        if cells.len() != self.len() {
            return Err(Error::bad(
                "sweep",
                &self.spec.x.text,
                format!("the cells of all {} points of this sweep", self.len()),
            ));
        }
        let (lesson, spec) = (self.lesson, &self.spec);
        let queries: Vec<String> = self
            .sets
            .iter()
            .map(|set| crate::query::encode(set, None))
            .collect();
        let first = read(lesson, spec, 0, &spec.metric, cells)?;
        let more = spec
            .more
            .iter()
            .enumerate()
            .map(|(i, m)| read(lesson, spec, i + 1, m, cells))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Sweep {
            lesson: lesson.id(),
            x: spec.x.clone(),
            y: spec.y.clone(),
            metric_text: first.metric_text,
            row_column: first.row_column,
            metric: first.metric,
            series: first.series,
            queries,
            traces: first.traces,
            chart: first.chart,
            range: first.range,
            more,
        })
    }
}

/// Points of several plans taken as one list, the first plan's points first (compare mode: B's
/// sweep, then A's): the point at `i` of that list.
fn locate(plans: &[Plan], mut i: usize) -> Option<(&Plan, usize)> {
    for p in plans {
        if i < p.len() {
            return Some((p, i));
        }
        i -= p.len();
    }
    None
}

/// Cuts the points of `plans` (taken as one list) into at most `n` contiguous parts of about
/// equal work (the lesson's sweep units), each `[from, to)`, in order: the page's pool hands
/// them to its workers as they free up.
pub fn parts(plans: &[Plan], n: usize) -> Vec<[usize; 2]> {
    let units: Vec<f64> = plans.iter().flat_map(|p| p.units.iter().copied()).collect();
    let points = units.len();
    let n = n.clamp(1, points.max(1));
    let total: f64 = units.iter().map(|u| u.max(0.0)).sum();
    let mut out = Vec::with_capacity(n);
    let (mut from, mut done) = (0, 0.0);
    for (i, u) in units.iter().enumerate() {
        done += u.max(0.0);
        // The part being filled is the `filling`-th; it ends once it holds its share of the
        // work, or when the points left are just enough for one in each part after it.
        let filling = out.len() + 1;
        let parts_after = n - filling;
        let points_after = points - i - 1;
        let share = total * filling as f64 / n as f64;
        if parts_after > 0 && (done >= share || points_after == parts_after) {
            out.push([from, i + 1]);
            from = i + 1;
        }
    }
    if from < points {
        out.push([from, points]);
    }
    out
}

/// Runs the points `from..to` of `plans` (taken as one list) one by one, telling `progress` the
/// share of this range done; the first error in point order.
pub fn run_range(
    plans: &[Plan],
    from: usize,
    to: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<PointCells>, Error> {
    let count = to.saturating_sub(from) as f64;
    let mut out = Vec::with_capacity(to.saturating_sub(from));
    for (k, i) in (from..to).enumerate() {
        let (plan, at) = locate(plans, i).ok_or_else(|| {
            Error::bad(
                "sweep",
                &format!("{from}..{to}"),
                "a range of this sweep's points",
            )
        })?;
        let share = |d: f64| (k as f64 + d) / count;
        out.push(plan.point(at, &mut |d| progress(share(d)))?);
        progress(share(1.0));
    }
    Ok(out)
}

/// Assembles every plan's sweep from parts in byte form ([`part::encode`], in any order), each
/// point given exactly once.
pub fn join_parts(plans: &[Plan], parts: &[Vec<u8>]) -> Result<Vec<Sweep>, Error> {
    let total: usize = plans.iter().map(Plan::len).sum();
    let mut cells: Vec<Option<PointCells>> = vec![None; total];
    let twice = || Error::bad("sweep", "", "each point of this sweep in exactly one part");
    for bytes in parts {
        let (from, points) = part::decode(bytes)?;
        for (k, c) in points.into_iter().enumerate() {
            let slot = cells.get_mut(from + k).ok_or_else(twice)?;
            if slot.replace(c).is_some() {
                return Err(twice());
            }
        }
    }
    let mut cells = cells.into_iter();
    plans
        .iter()
        .map(|p| {
            let mine: Option<Vec<PointCells>> = cells.by_ref().take(p.len()).collect();
            p.join(&mine.ok_or_else(twice)?)
        })
        .collect()
}

/// Every point's cells, in order; the first error in point order, as a serial run gives it.
fn run_points(
    plan: &Plan,
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<PointCells>, Error> {
    #[cfg(not(target_arch = "wasm32"))]
    if jobs > 1 && plan.len() > 1 {
        return parallel::run_points(plan, jobs, progress);
    }
    let _ = jobs;
    run_range(std::slice::from_ref(plan), 0, plan.len(), progress)
}

/// Reads one metric (the `index`-th of the spec) from every point's cells.
fn read(
    lesson: Lesson,
    spec: &SweepSpec,
    index: usize,
    metric: &Metric,
    cells: &[PointCells],
) -> Result<Panel, Error> {
    let points = cells.len();
    let mut rows: Vec<(String, Option<&'static str>)> = Vec::new();
    let mut values: Vec<Vec<Option<f64>>> = Vec::new();
    let mut decimals: Vec<u8> = Vec::new();
    let mut row_column = "";
    for (i, point) in cells.iter().enumerate() {
        let Some(Some(table)) = point.metrics.get(index) else {
            continue;
        };
        row_column = table.row_column;
        for row in &table.rows {
            let at = match rows.iter().position(|r| r.0 == row.label) {
                Some(at) => at,
                None => {
                    rows.push((row.label.clone(), row.key));
                    values.push(vec![None; points]);
                    decimals.push(0);
                    rows.len() - 1
                }
            };
            values[at][i] = row.value;
            decimals[at] = decimals[at].max(row.decimals);
        }
    }
    if rows.is_empty() {
        return Err(Error::bad(
            "metric",
            &metric.text(),
            match &metric.row {
                Some(r) => format!("a row of {} that exists; {r} is not one", metric.table),
                None => "a metric the lesson prints".into(),
            },
        ));
    }
    if spec.y.is_some() {
        rows.truncate(1);
        values.truncate(1);
    }
    let traces: Vec<Option<String>> = rows
        .iter()
        .map(|(label, _)| lesson.trace_for(metric.table, metric.column, label))
        .collect();
    let series: Vec<SeriesOut> = rows
        .into_iter()
        .zip(values)
        .zip(decimals)
        .map(|(((name, name_key), values), decimals)| SeriesOut {
            name,
            name_key,
            decimals,
            values,
        })
        .collect();
    let chart = spec
        .y
        .is_none()
        .then(|| line_chart(lesson, spec, metric, &series, &traces));
    let range = spec.y.as_ref().map(|_| {
        let vals = series[0]
            .values
            .iter()
            .flatten()
            .copied()
            .filter(|v| v.is_finite());
        let (lo, hi) = vals.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
        if lo.is_finite() { [lo, hi] } else { [0.0, 0.0] }
    });
    Ok(Panel {
        metric_text: metric.text(),
        metric: metric.clone(),
        row_column,
        series,
        traces,
        chart,
        range,
    })
}

fn line_chart(
    lesson: Lesson,
    spec: &SweepSpec,
    metric: &Metric,
    series: &[SeriesOut],
    traces: &[Option<String>],
) -> Chart {
    let lines: Vec<Series> = series
        .iter()
        .zip(traces)
        .map(|(s, trace)| Series {
            key: "sweep",
            decimals: s.decimals,
            points: s
                .values
                .iter()
                .zip(&spec.x.values)
                .filter_map(|(v, &x)| {
                    v.filter(|v| v.is_finite()).map(|y| Point {
                        x: X::Num(x),
                        y,
                        lo: None,
                        hi: None,
                        trace: trace.clone(),
                    })
                })
                .collect(),
            name: Some(s.name.clone()),
            name_key: s.name_key,
            vs: false,
        })
        .collect();
    let mut chart = Chart::line("sweep", ("sweep_x", None), ("sweep_y", None), lines);
    chart.x.title_key = Some(format!("param.{}.{}", lesson.id(), spec.x.name));
    chart.y.title_key = Some(format!("col.{}.{}", lesson.id(), metric.column));
    // A metric that goes negative keeps its own range.
    if chart.y.scale == Scale::Linear {
        if let Some(d) = &mut chart.y.domain {
            if d[0] == d[1] {
                d[1] = d[0] + 1.0;
            }
        }
    }
    chart
}

/// The sweep as text: one line per point (x, then each series), or a grid for a heatmap; a
/// block per metric, one empty line apart.
pub fn text(s: &Sweep) -> String {
    let fmt = |v: &Option<f64>, d: u8| match v {
        Some(v) if v.is_finite() => to_fixed(*v, usize::from(d)),
        _ => "-".into(),
    };
    let mut blocks = Vec::new();
    for panel in s.panels() {
        let mut out = format!(
            "sweep: {} {} over {}",
            s.lesson, panel.metric_text, s.x.text
        );
        if let Some(y) = &s.y {
            out.push_str(&format!(" and {}", y.text));
        }
        out.push('\n');
        match &s.y {
            None => {
                let mut head = format!("{:>12}", s.x.name);
                for series in panel.series {
                    head.push_str(&format!(" {:>15}", series.name));
                }
                out.push_str(head.trim_end());
                out.push('\n');
                for (i, x) in s.x.texts.iter().enumerate() {
                    let mut line = format!("{x:>12}");
                    for series in panel.series {
                        line.push_str(&format!(" {:>15}", fmt(&series.values[i], series.decimals)));
                    }
                    out.push_str(&line);
                    out.push('\n');
                }
            }
            Some(y) => {
                let first = &panel.series[0];
                out.push_str(&format!("row: {}\n", first.name));
                let mut head = format!("{:>12}", format!("{}\\{}", y.name, s.x.name));
                for x in &s.x.texts {
                    head.push_str(&format!("{x:>10}"));
                }
                out.push_str(&head);
                out.push('\n');
                let nx = s.x.texts.len();
                for (yi, yt) in y.texts.iter().enumerate() {
                    let mut line = format!("{yt:>12}");
                    for xi in 0..nx {
                        line.push_str(&format!(
                            "{:>10}",
                            fmt(&first.values[yi * nx + xi], first.decimals)
                        ));
                    }
                    out.push_str(&line);
                    out.push('\n');
                }
            }
        }
        blocks.push(out);
    }
    blocks.join("\n")
}
