//! The lessons' claims as presets: every summary bullet (Özet) of a lesson is a named share link
//! (`preset=ID`) with the parameters that demonstrate it and pointers to the report cells, line
//! values and chart points that support it. The table is static data; [`highlights`] resolves
//! the pointers against a report, so the page only applies classes to what the core found.

use serde::Serialize;

use crate::chart::X;
use crate::error::{Error, ErrorCode};
use crate::jsfmt::number_to_string;
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::report::{Block, Cell, Report};

/// A table row or a chart point: by position, or by the text of the row's first cell (a
/// label's key, or the cell as printed: `8` for scan 8) / the point's x (`8`, or a category id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Row {
    /// The n-th row or point, from 0.
    At(usize),
    /// The row or point named so.
    Key(&'static str),
}

/// Where a piece of support for a claim is in a lesson's report (group keys are unique within a
/// lesson).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mark {
    /// A table cell: the group, the table's key, the row and the column's key.
    Cell {
        /// Group key.
        group: &'static str,
        /// Table key.
        table: &'static str,
        /// The row.
        row: Row,
        /// Column key.
        column: &'static str,
    },
    /// A named value of a line: the group, the line's key, which of the lines with that key
    /// (from 0), and the value's name.
    Value {
        /// Group key.
        group: &'static str,
        /// Line key.
        line: &'static str,
        /// Which line with that key, from 0.
        nth: usize,
        /// The value's name.
        name: &'static str,
    },
    /// A chart point: the group, the chart's key, the series' key and the point.
    Point {
        /// Group key.
        group: &'static str,
        /// Chart key.
        chart: &'static str,
        /// Series key.
        series: &'static str,
        /// The point.
        point: Row,
    },
}

/// One claim of a lesson: its id, the parameters that show it and what supports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Short ascii id, `lesson.claim` (the link's `preset=` value).
    pub id: &'static str,
    /// The lesson the claim belongs to.
    pub lesson: Lesson,
    /// Parameter assignments in the codec's text form, over the lesson's values.
    pub set: &'static [(&'static str, &'static str)],
    /// The cells, values and points that support the claim.
    pub marks: &'static [Mark],
}

/// A cell of the table that has its group's key (every table the claims point at does).
const fn cell(group: &'static str, row: Row, column: &'static str) -> Mark {
    Mark::Cell {
        group,
        table: group,
        row,
        column,
    }
}

const fn value(group: &'static str, line: &'static str, nth: usize, name: &'static str) -> Mark {
    Mark::Value {
        group,
        line,
        nth,
        name,
    }
}

const fn point(group: &'static str, chart: &'static str, series: &'static str, at: Row) -> Mark {
    Mark::Point {
        group,
        chart,
        series,
        point: at,
    }
}

use Row::{At, Key};

const CMP: &str = "supervisor_comparison";
const OFF: &str = "supervisor_off";
const ON: &str = "supervisor_on";
const SWEEP: &str = "scan_sweep";

/// The claims, in the lessons' order: six summary bullets per lesson.
pub const PRESETS: &[Preset] = &[
    // Supervisor: the supervisor only reads the record; with nothing failing it changes nothing.
    Preset {
        id: "supervisor.roles",
        lesson: Lesson::Supervisor,
        set: &[("hung", ""), ("permanent", "")],
        marks: &[
            cell(CMP, Key("completed_jobs"), OFF),
            cell(CMP, Key("completed_jobs"), ON),
            cell(CMP, Key("steps_run"), OFF),
            cell(CMP, Key("steps_run"), ON),
            cell(CMP, Key("redriven_steps"), ON),
            cell(SWEEP, Key("2"), "records_read"),
        ],
    },
    Preset {
        id: "supervisor.silent-hang",
        lesson: Lesson::Supervisor,
        set: &[],
        marks: &[
            cell(CMP, Key("completed_jobs"), OFF),
            cell(CMP, Key("half_done_jobs"), OFF),
            cell(CMP, Key("compensated_jobs"), OFF),
        ],
    },
    Preset {
        id: "supervisor.recovery",
        lesson: Lesson::Supervisor,
        set: &[],
        marks: &[
            cell(CMP, Key("completed_jobs"), OFF),
            cell(CMP, Key("completed_jobs"), ON),
            cell(CMP, Key("compensated_jobs"), ON),
            cell(CMP, Key("half_done_jobs"), OFF),
            cell(CMP, Key("half_done_jobs"), ON),
        ],
    },
    Preset {
        id: "supervisor.cost",
        lesson: Lesson::Supervisor,
        set: &[],
        marks: &[
            cell(CMP, Key("steps_run"), OFF),
            cell(CMP, Key("steps_run"), ON),
            cell(CMP, Key("redriven_steps"), ON),
            cell(CMP, Key("wasted_steps"), ON),
        ],
    },
    Preset {
        id: "supervisor.scan-tradeoff",
        lesson: Lesson::Supervisor,
        set: &[("scan_sweep", "1,2,3,4,5,6,7,8")],
        marks: &[
            cell(SWEEP, Key("1"), "avg_recovery"),
            cell(SWEEP, Key("8"), "avg_recovery"),
            cell(SWEEP, Key("1"), "last_round"),
            cell(SWEEP, Key("8"), "last_round"),
            cell(SWEEP, Key("1"), "records_read"),
            cell(SWEEP, Key("8"), "records_read"),
            point(SWEEP, "recovery_vs_scan", "avg_recovery", Key("1")),
            point(SWEEP, "recovery_vs_scan", "avg_recovery", Key("8")),
            point(SWEEP, "records_vs_scan", "records_read", Key("1")),
            point(SWEEP, "records_vs_scan", "records_read", Key("8")),
        ],
    },
    Preset {
        id: "supervisor.daily",
        lesson: Lesson::Supervisor,
        set: &[],
        marks: &[
            value("daily_intro", "supervisor.daily_intro", 0, "daily_steps"),
            cell("daily_hang", At(0), "half_done_without_supervisor"),
            cell("daily_hang", At(0), "job_rate"),
            cell("daily_hang", At(0), "redrives_per_day"),
            cell("daily_hang", At(0), "wasted_per_day"),
        ],
    },
    // Jobs.
    Preset {
        id: "jobs.completions",
        lesson: Lesson::Jobs,
        set: &[],
        marks: &[
            cell("parallelism", At(0), "completions"),
            cell("parallelism", At(1), "completions"),
            cell("parallelism", At(2), "completions"),
            cell("parallelism", At(3), "completions"),
            cell("parallelism", At(4), "completions"),
        ],
    },
    Preset {
        id: "jobs.retry-limit",
        lesson: Lesson::Jobs,
        set: &[],
        marks: &[
            cell("retry_limit", Key("1"), "completed_nights"),
            cell("retry_limit", Key("3"), "completed_nights"),
            cell("retry_limit", Key("6"), "completed_nights"),
            cell("retry_limit", Key("1"), "wasted_attempts"),
            cell("retry_limit", Key("3"), "wasted_attempts"),
            cell("retry_limit", Key("6"), "wasted_attempts"),
            cell("retry_limit", Key("6"), "leftover_pods"),
        ],
    },
    Preset {
        id: "jobs.parallelism",
        lesson: Lesson::Jobs,
        set: &[],
        marks: &[
            cell("parallelism", Key("1"), "pod_rounds"),
            cell("parallelism", Key("12"), "pod_rounds"),
            cell("parallelism", Key("1"), "rounds"),
            cell("parallelism", Key("12"), "rounds"),
            cell("parallelism", Key("5"), "idle_slots"),
            cell("parallelism", Key("1"), "increase"),
            cell("parallelism", Key("12"), "increase"),
        ],
    },
    // The cluster counts what it is told: declare 20 completions and every row waits for 20.
    Preset {
        id: "jobs.completion-count",
        lesson: Lesson::Jobs,
        set: &[("slices", "20")],
        marks: &[
            cell("parallelism", At(0), "completions"),
            cell("parallelism", At(4), "completions"),
            value("missed", "jobs.info_items", 0, "items"),
        ],
    },
    Preset {
        id: "jobs.overlap",
        lesson: Lesson::Jobs,
        set: &[],
        marks: &[
            cell("overlap", Key("skip"), "skipped"),
            cell("overlap", Key("skip"), "pod_hours"),
            cell("overlap", Key("queue"), "avg_delay"),
            cell("overlap", Key("parallel"), "max_concurrent"),
            cell("overlap", Key("parallel"), "pod_hours"),
        ],
    },
    Preset {
        id: "jobs.missed-window",
        lesson: Lesson::Jobs,
        set: &[],
        marks: &[
            cell("missed", Key("0"), "compensated"),
            cell("missed", Key("1"), "compensated"),
            cell("missed", Key("3"), "compensated"),
            cell("missed", Key("3"), "skip_runs"),
            cell("missed", Key("3"), "queue_runs"),
        ],
    },
    // Compensation.
    Preset {
        id: "compensation.orderings",
        lesson: Lesson::Compensation,
        set: &[],
        marks: &[
            value("orderings_intro", "compensation.orderings", 0, "valid"),
            value("orderings_intro", "compensation.orderings", 0, "orderings"),
            cell("orderings", At(0), "ordering"),
            cell("orderings", At(1), "ordering"),
        ],
    },
    // The remedy: the period close gets a compensation, and no failure leaves a step behind.
    Preset {
        id: "compensation.reversible",
        lesson: Lesson::Compensation,
        set: &[(
            "steps",
            "donem-kapat:donem-ac,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)",
        )],
        marks: &[
            cell("failure_steps", At(1), "uncompensated"),
            cell("failure_steps", At(2), "uncompensated"),
            cell("failure_steps", At(3), "uncompensated"),
        ],
    },
    Preset {
        id: "compensation.notify-position",
        lesson: Lesson::Compensation,
        set: &[],
        marks: &[
            cell("daily_orderings", At(0), "uncompensated_per_day"),
            cell("daily_orderings", At(1), "uncompensated_per_day"),
            cell("daily_orderings", At(0), "per_year"),
            cell("daily_orderings", At(1), "per_year"),
        ],
    },
    Preset {
        id: "compensation.retry",
        lesson: Lesson::Compensation,
        set: &[],
        marks: &[
            cell("monte_carlo", Key("1"), "rate"),
            cell("monte_carlo", Key("2"), "rate"),
            cell("monte_carlo", Key("1"), "calls_per_job"),
            cell("monte_carlo", Key("2"), "calls_per_job"),
            point("monte_carlo", "hung_rate_vs_attempts", "rate", Key("1")),
            point("monte_carlo", "hung_rate_vs_attempts", "rate", Key("2")),
        ],
    },
    Preset {
        id: "compensation.hung-window",
        lesson: Lesson::Compensation,
        set: &[],
        marks: &[
            cell("daily_attempts", Key("1"), "intermediate_s_per_day"),
            cell("daily_attempts", Key("1"), "hung_hours_per_day"),
            value("ratio", "compensation.ratio", 0, "ratio"),
            value("ratio", "compensation.sensitivity", 0, "sensitivity_ratio"),
        ],
    },
    Preset {
        id: "compensation.fault-free",
        lesson: Lesson::Compensation,
        set: &[],
        marks: &[
            value("fault_free", "compensation.fault_free", 0, "written_paths"),
            value("fault_free", "compensation.fault_free", 0, "calls_per_day"),
        ],
    },
];

impl Preset {
    /// The message key of the claim's one-line caption on the page (`claim.<id>`).
    pub fn caption_key(&self) -> String {
        format!("claim.{}", self.id)
    }

    /// The lesson's values with the preset's assignments.
    pub fn params(&self) -> Result<ParamSet, Error> {
        ParamSet::from_assignments(self.lesson, self.set.iter().copied())
    }

    /// The preset's share link (`lesson=…&…&preset=ID&v=1`): its parameters spelled out, so the
    /// link shows the same numbers even where the preset is not known.
    pub fn query(&self) -> String {
        crate::query::resolve(&format!("preset={}", self.id)).share_query()
    }
}

/// The presets of one lesson.
pub fn of(lesson: Lesson) -> impl Iterator<Item = &'static Preset> {
    PRESETS.iter().filter(move |p| p.lesson == lesson)
}

fn ids(presets: impl Iterator<Item = &'static Preset>) -> String {
    presets.map(|p| p.id).collect::<Vec<_>>().join(", ")
}

/// The preset named `id`, for `lesson` when one is given; otherwise an error naming the key, the
/// value and the ids allowed.
pub fn find(id: &str, lesson: Option<Lesson>) -> Result<&'static Preset, Error> {
    let found = PRESETS.iter().find(|p| p.id == id);
    let allowed = match (found, lesson) {
        (Some(p), None) => return Ok(p),
        (Some(p), Some(l)) if p.lesson == l => return Ok(p),
        (_, Some(l)) => format!("the presets of {} are {}", l.id(), ids(of(l))),
        (None, None) => format!("the presets are {}", ids(PRESETS.iter())),
    };
    Err(Error {
        code: ErrorCode::UnknownPreset,
        param: Some("preset".into()),
        value: Some(id.to_string()),
        allowed,
    })
}

/// A mark found in a report: its position by index (what the page marks) with the value there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Found {
    /// Where it is.
    #[serde(flatten)]
    pub at: Place,
    /// The value as the lesson prints it.
    pub text: String,
    /// The number, when the value is one.
    pub value: Option<f64>,
}

/// A position in a rendered report: a table cell by row index and column key, a line value by
/// the line's key, its rank among lines with that key and the value's name, a chart point by
/// series and point index (after a log scale has left out its zeros).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Place {
    /// A table cell.
    Cell {
        /// Group key.
        group: &'static str,
        /// Table key.
        table: &'static str,
        /// Row index, from 0.
        row: usize,
        /// Column key.
        column: &'static str,
    },
    /// A value of a line.
    Value {
        /// Group key.
        group: &'static str,
        /// Line key.
        line: &'static str,
        /// Which line with that key, from 0.
        nth: usize,
        /// The value's name.
        name: &'static str,
    },
    /// A chart point.
    Point {
        /// Group key.
        group: &'static str,
        /// Chart key.
        chart: &'static str,
        /// Series index.
        series: usize,
        /// Point index.
        point: usize,
    },
}

fn number(cell: &Cell) -> Option<f64> {
    match cell {
        Cell::Int(v) | Cell::Grouped(v) => Some(*v as f64),
        Cell::Fixed { value, .. } | Cell::Percent { value, .. } | Cell::Number(value) => {
            Some(*value)
        }
        _ => None,
    }
}

fn names_row(row: &Row, index: usize, first: Option<&Cell>) -> bool {
    match (row, first) {
        (Row::At(n), _) => *n == index,
        (Row::Key(k), Some(Cell::Label { key, .. })) => key == k,
        (Row::Key(k), Some(c)) => c.text() == *k,
        (Row::Key(_), None) => false,
    }
}

/// Finds one mark in a report, or `None` when the report has no such cell, value or point.
pub fn locate(report: &Report, mark: &Mark) -> Option<Found> {
    let group_key = match mark {
        Mark::Cell { group, .. } | Mark::Value { group, .. } | Mark::Point { group, .. } => *group,
    };
    let group = report
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .find(|g| g.key == group_key)?;
    match *mark {
        Mark::Cell {
            table, row, column, ..
        } => {
            let t = group.blocks.iter().find_map(|b| match b {
                Block::Table(t) if t.key == table => Some(t),
                _ => None,
            })?;
            let c = t.columns.iter().position(|c| c.key == column)?;
            let (r, cells) = t
                .rows
                .iter()
                .enumerate()
                .find(|(i, cells)| names_row(&row, *i, cells.first()))?;
            let cell = cells.get(c)?;
            Some(Found {
                at: Place::Cell {
                    group: group.key,
                    table: t.key,
                    row: r,
                    column: t.columns[c].key,
                },
                text: cell.text(),
                value: number(cell),
            })
        }
        Mark::Value {
            line, nth, name, ..
        } => {
            let l = group
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::Line(l) if l.key == line => Some(l),
                    _ => None,
                })
                .nth(nth)?;
            l.parts.iter().find_map(|p| match p {
                crate::report::Part::Value(n, cell) if *n == name => Some(Found {
                    at: Place::Value {
                        group: group.key,
                        line: l.key,
                        nth,
                        name: n,
                    },
                    text: cell.text(),
                    value: number(cell),
                }),
                _ => None,
            })
        }
        Mark::Point {
            chart,
            series,
            point,
            ..
        } => {
            let ch = group.charts.iter().find(|c| c.key == chart)?;
            let s = ch.series.iter().position(|s| s.key == series)?;
            let (i, p) = ch.series[s]
                .points
                .iter()
                .enumerate()
                .find(|(i, p)| match point {
                    Row::At(n) => n == *i,
                    Row::Key(k) => match &p.x {
                        X::Num(x) => number_to_string(*x) == k,
                        X::Cat(c) => c == k,
                    },
                })?;
            Some(Found {
                at: Place::Point {
                    group: group.key,
                    chart: ch.key,
                    series: s,
                    point: i,
                },
                text: number_to_string(p.y),
                value: Some(p.y),
            })
        }
    }
}

/// A mark in short text form for the CLI: `table[row].column`, `line.name`, `chart/series[point]`.
pub fn describe(mark: &Mark) -> String {
    let row = |r: &Row| match r {
        Row::At(n) => format!("#{n}"),
        Row::Key(k) => (*k).to_string(),
    };
    match mark {
        Mark::Cell {
            table,
            row: r,
            column,
            ..
        } => format!("{table}[{}].{column}", row(r)),
        Mark::Value {
            line, nth, name, ..
        } if *nth > 0 => format!("{line}#{nth}.{name}"),
        Mark::Value { line, name, .. } => format!("{line}.{name}"),
        Mark::Point {
            chart,
            series,
            point,
            ..
        } => format!("{chart}/{series}[{}]", row(point)),
    }
}

/// The preset's marks found in `report`; marks outside the report (another section) are left out.
pub fn highlights(preset: &Preset, report: &Report) -> Vec<Found> {
    preset
        .marks
        .iter()
        .filter_map(|m| locate(report, m))
        .collect()
}

/// A preset shown with a report: what the JSON and the page get.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shown {
    /// The preset's id.
    pub id: &'static str,
    /// Message key of its caption.
    pub caption: String,
    /// What supports the claim in this report.
    pub highlights: Vec<Found>,
}

/// The preset with its highlights in `report`.
pub fn shown(preset: &Preset, report: &Report) -> Shown {
    Shown {
        id: preset.id,
        caption: preset.caption_key(),
        highlights: highlights(preset, report),
    }
}

/// A preset as the page's list shows it: id, lesson, link, caption key and marks.
#[derive(Debug, Clone, Serialize)]
pub struct Listed {
    /// The preset's id.
    pub id: &'static str,
    /// Lesson id.
    pub lesson: &'static str,
    /// Its share-link query.
    pub query: String,
    /// Message key of its caption.
    pub caption: String,
    /// What it points at.
    pub highlights: &'static [Mark],
}

/// Every preset, for the page and `tatbikat --presets`.
pub fn list() -> Vec<Listed> {
    PRESETS
        .iter()
        .map(|p| Listed {
            id: p.id,
            lesson: p.lesson.id(),
            query: p.query(),
            caption: p.caption_key(),
            highlights: p.marks,
        })
        .collect()
}
