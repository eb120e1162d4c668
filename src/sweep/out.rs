//! A finished sweep: each metric's series over the points, its line chart or heatmap range,
//! the points' links, and the text the CLI prints. Read from the points' cells ([`read`]).

use serde::Serialize;

use super::part::PointCells;
use super::spec::{AxisSpec, Metric, SweepSpec};
use crate::chart::{Chart, Point, Scale, Series, X};
use crate::error::Error;
use crate::jsfmt::to_fixed;
use crate::lesson::Lesson;

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
    /// The swept parameters along which this metric does not change at all (every series the
    /// same at every value of that axis): the page says so beside the drawing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flat: Vec<&'static str>,
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
    /// The swept parameters along which this metric does not change (see [`Sweep::flat`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flat: Vec<&'static str>,
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

/// Reads one metric (the `index`-th of the spec) from every point's cells.
pub(super) fn read(
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
    let flat = flat_axes(spec, &series);
    Ok(Panel {
        flat,
        metric_text: metric.text(),
        metric: metric.clone(),
        row_column,
        series,
        traces,
        chart,
        range,
    })
}

/// The axes along which every series is constant: along x, each row of points (one per y
/// value) holds one value; along y, each column does. An axis of one value is not flat.
fn flat_axes(spec: &SweepSpec, series: &[SeriesOut]) -> Vec<&'static str> {
    let nx = spec.x.values.len();
    let ny = spec.y.as_ref().map_or(1, |y| y.values.len());
    let same = |at: &dyn Fn(usize, usize) -> usize, outer: usize, inner: usize| {
        inner > 1
            && series.iter().all(|s| {
                (0..outer).all(|o| (1..inner).all(|i| s.values[at(o, i)] == s.values[at(o, 0)]))
            })
    };
    let mut out = Vec::new();
    if same(&|y, x| y * nx + x, ny, nx) {
        out.push(spec.x.name);
    }
    if let Some(y) = &spec.y {
        if same(&|x, y| y * nx + x, nx, ny) {
            out.push(y.name);
        }
    }
    out
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
