//! The lessons' claims as presets: every summary bullet (Özet) of a lesson is a named share link
//! (`preset=ID`) with the parameters that demonstrate it and pointers to the report cells, line
//! values and chart points that support it. The table is static text (compact in the page's
//! WebAssembly); [`locate`] resolves a pointer against a report, so the page only applies classes
//! to what the core found.

use serde::Serialize;

use crate::chart::X;
use crate::error::{Error, ErrorCode};
use crate::jsfmt::number_to_string;
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::report::{Block, Cell, Part, Report};

/// One claim of a lesson: its id, the parameters that show it and what supports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Short ascii id, `lesson.claim` (the link's `preset=` value).
    pub id: &'static str,
    /// The lesson the claim belongs to.
    pub lesson: Lesson,
    /// Parameter assignments over the lesson's values, as in a link: `name=value&...`.
    pub set: &'static str,
    /// What supports the claim, space-separated marks (group keys are unique within a lesson):
    /// - `c:GROUP:ROW:COLUMN`, a cell of the group's table (every table pointed at has its
    ///   group's key); ROW is `#n` (from 0) or the text of the row's first cell (a label's key,
    ///   or the cell as printed: `8` for scan 8);
    /// - `v:GROUP:LINE:NAME`, a named value of a line (`LINE#n` for the n-th line with that key);
    /// - `p:GROUP:CHART:SERIES:X`, a chart point by its x as printed (`#n` by index).
    pub marks: &'static str,
}

/// The claims, in the lessons' order: six summary bullets per lesson. Most show the lesson's own
/// values; `supervisor.roles` (no faults), `supervisor.scan-tradeoff` (a finer sweep),
/// `jobs.completion-count` (another declared count) and `compensation.reversible` (the period
/// close made reversible) change parameters to show their point.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "supervisor.roles",
        lesson: Lesson::Supervisor,
        set: "hung=&permanent=",
        marks: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_off ",
            "c:supervisor_comparison:completed_jobs:supervisor_on ",
            "c:supervisor_comparison:steps_run:supervisor_off ",
            "c:supervisor_comparison:steps_run:supervisor_on ",
            "c:supervisor_comparison:redriven_steps:supervisor_on ",
            "c:scan_sweep:2:records_read",
        ),
    },
    Preset {
        id: "supervisor.silent-hang",
        lesson: Lesson::Supervisor,
        set: "",
        marks: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_off ",
            "c:supervisor_comparison:half_done_jobs:supervisor_off ",
            "c:supervisor_comparison:compensated_jobs:supervisor_off",
        ),
    },
    Preset {
        id: "supervisor.recovery",
        lesson: Lesson::Supervisor,
        set: "",
        marks: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_off ",
            "c:supervisor_comparison:completed_jobs:supervisor_on ",
            "c:supervisor_comparison:compensated_jobs:supervisor_on ",
            "c:supervisor_comparison:half_done_jobs:supervisor_off ",
            "c:supervisor_comparison:half_done_jobs:supervisor_on",
        ),
    },
    Preset {
        id: "supervisor.cost",
        lesson: Lesson::Supervisor,
        set: "",
        marks: concat!(
            "c:supervisor_comparison:steps_run:supervisor_off ",
            "c:supervisor_comparison:steps_run:supervisor_on ",
            "c:supervisor_comparison:redriven_steps:supervisor_on ",
            "c:supervisor_comparison:wasted_steps:supervisor_on",
        ),
    },
    Preset {
        id: "supervisor.scan-tradeoff",
        lesson: Lesson::Supervisor,
        set: "scan_sweep=1,2,3,4,5,6,7,8",
        marks: concat!(
            "c:scan_sweep:1:avg_recovery ",
            "c:scan_sweep:8:avg_recovery ",
            "c:scan_sweep:1:last_round ",
            "c:scan_sweep:8:last_round ",
            "c:scan_sweep:1:records_read ",
            "c:scan_sweep:8:records_read ",
            "p:scan_sweep:recovery_vs_scan:avg_recovery:1 ",
            "p:scan_sweep:recovery_vs_scan:avg_recovery:8 ",
            "p:scan_sweep:records_vs_scan:records_read:1 ",
            "p:scan_sweep:records_vs_scan:records_read:8",
        ),
    },
    Preset {
        id: "supervisor.daily",
        lesson: Lesson::Supervisor,
        set: "",
        marks: concat!(
            "v:daily_intro:supervisor.daily_intro:daily_steps ",
            "c:daily_hang:#0:half_done_without_supervisor ",
            "c:daily_hang:#0:job_rate ",
            "c:daily_hang:#0:redrives_per_day ",
            "c:daily_hang:#0:wasted_per_day",
        ),
    },
    Preset {
        id: "jobs.completions",
        lesson: Lesson::Jobs,
        set: "",
        marks: concat!(
            "c:parallelism:#0:completions ",
            "c:parallelism:#1:completions ",
            "c:parallelism:#2:completions ",
            "c:parallelism:#3:completions ",
            "c:parallelism:#4:completions",
        ),
    },
    Preset {
        id: "jobs.retry-limit",
        lesson: Lesson::Jobs,
        set: "",
        marks: concat!(
            "c:retry_limit:1:completed_nights ",
            "c:retry_limit:3:completed_nights ",
            "c:retry_limit:6:completed_nights ",
            "c:retry_limit:1:wasted_attempts ",
            "c:retry_limit:3:wasted_attempts ",
            "c:retry_limit:6:wasted_attempts ",
            "c:retry_limit:6:leftover_pods",
        ),
    },
    Preset {
        id: "jobs.parallelism",
        lesson: Lesson::Jobs,
        set: "",
        marks: concat!(
            "c:parallelism:1:pod_rounds ",
            "c:parallelism:12:pod_rounds ",
            "c:parallelism:1:rounds ",
            "c:parallelism:12:rounds ",
            "c:parallelism:5:idle_slots ",
            "c:parallelism:1:increase ",
            "c:parallelism:12:increase",
        ),
    },
    Preset {
        id: "jobs.completion-count",
        lesson: Lesson::Jobs,
        set: "slices=20",
        marks: concat!(
            "c:parallelism:#0:completions ",
            "c:parallelism:#4:completions ",
            "v:missed:jobs.info_items:items",
        ),
    },
    Preset {
        id: "jobs.overlap",
        lesson: Lesson::Jobs,
        set: "",
        marks: concat!(
            "c:overlap:skip:skipped ",
            "c:overlap:skip:pod_hours ",
            "c:overlap:queue:avg_delay ",
            "c:overlap:parallel:max_concurrent ",
            "c:overlap:parallel:pod_hours",
        ),
    },
    Preset {
        id: "jobs.missed-window",
        lesson: Lesson::Jobs,
        set: "",
        marks: concat!(
            "c:missed:0:compensated ",
            "c:missed:1:compensated ",
            "c:missed:3:compensated ",
            "c:missed:3:skip_runs ",
            "c:missed:3:queue_runs",
        ),
    },
    Preset {
        id: "compensation.orderings",
        lesson: Lesson::Compensation,
        set: "",
        marks: concat!(
            "v:orderings_intro:compensation.orderings:valid ",
            "v:orderings_intro:compensation.orderings:orderings ",
            "c:orderings:#0:ordering ",
            "c:orderings:#1:ordering",
        ),
    },
    Preset {
        id: "compensation.reversible",
        lesson: Lesson::Compensation,
        set: "steps=donem-kapat:donem-ac,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)",
        marks: concat!(
            "c:failure_steps:#1:uncompensated ",
            "c:failure_steps:#2:uncompensated ",
            "c:failure_steps:#3:uncompensated",
        ),
    },
    Preset {
        id: "compensation.notify-position",
        lesson: Lesson::Compensation,
        set: "",
        marks: concat!(
            "c:daily_orderings:#0:uncompensated_per_day ",
            "c:daily_orderings:#1:uncompensated_per_day ",
            "c:daily_orderings:#0:per_year ",
            "c:daily_orderings:#1:per_year",
        ),
    },
    Preset {
        id: "compensation.retry",
        lesson: Lesson::Compensation,
        set: "",
        marks: concat!(
            "c:monte_carlo:1:rate ",
            "c:monte_carlo:2:rate ",
            "c:monte_carlo:1:calls_per_job ",
            "c:monte_carlo:2:calls_per_job ",
            "p:monte_carlo:hung_rate_vs_attempts:rate:1 ",
            "p:monte_carlo:hung_rate_vs_attempts:rate:2",
        ),
    },
    Preset {
        id: "compensation.hung-window",
        lesson: Lesson::Compensation,
        set: "",
        marks: concat!(
            "c:daily_attempts:1:intermediate_s_per_day ",
            "c:daily_attempts:1:hung_hours_per_day ",
            "v:ratio:compensation.ratio:ratio ",
            "v:ratio:compensation.sensitivity:sensitivity_ratio",
        ),
    },
    Preset {
        id: "compensation.fault-free",
        lesson: Lesson::Compensation,
        set: "",
        marks: concat!(
            "v:fault_free:compensation.fault_free:written_paths ",
            "v:fault_free:compensation.fault_free:calls_per_day",
        ),
    },
];

impl Preset {
    /// The message key of the claim's one-line caption on the page (`claim.<id>`).
    pub fn caption_key(&self) -> String {
        format!("claim.{}", self.id)
    }

    /// The assignments as `(name, value)` pairs.
    pub fn assignments(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.set
            .split('&')
            .filter(|a| !a.is_empty())
            .map(|a| a.split_once('=').unwrap_or((a, "")))
    }

    /// The marks, one text each.
    pub fn marks(&self) -> impl Iterator<Item = &'static str> {
        self.marks.split(' ').filter(|m| !m.is_empty())
    }

    /// The lesson's values with the preset's assignments.
    pub fn params(&self) -> Result<ParamSet, Error> {
        ParamSet::from_assignments(self.lesson, self.assignments())
    }

    /// The preset's share link (`lesson=…&…&preset=ID&v=1`): its parameters spelled out, so the
    /// link shows the same numbers even where the preset is not known.
    pub fn query(&self) -> String {
        let params = self
            .params()
            .unwrap_or_else(|_| ParamSet::defaults(self.lesson));
        let q = crate::query::encode(&params, None);
        format!("{q}&preset={}&v={}", self.id, crate::query::VERSION)
    }
}

/// The presets of one lesson.
pub fn of(lesson: Lesson) -> impl Iterator<Item = &'static Preset> {
    PRESETS.iter().filter(move |p| p.lesson == lesson)
}

fn ids<'a>(presets: impl Iterator<Item = &'a Preset>) -> String {
    let mut out = String::new();
    for p in presets {
        if !out.is_empty() {
            out.push_str(", ");
        }
        out.push_str(p.id);
    }
    out
}

/// The preset named `id`, for `lesson` when one is given; otherwise an error naming the key, the
/// value and the ids allowed.
pub fn find(id: &str, lesson: Option<Lesson>) -> Result<&'static Preset, Error> {
    let mine = |p: &&Preset| lesson.is_none_or(|l| p.lesson == l);
    match PRESETS.iter().find(|p| p.id == id).filter(mine) {
        Some(p) => Ok(p),
        None => Err(Error {
            code: ErrorCode::UnknownPreset,
            param: Some("preset".into()),
            value: Some(id.to_string()),
            allowed: match (lesson, ids(PRESETS.iter().filter(mine))) {
                (Some(l), list) => format!("the presets of {} are {list}", l.id()),
                (None, list) => format!("the presets are {list}"),
            },
        }),
    }
}

/// A mark found in a report, by index, with the value there: what the JSON and the page get.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Found {
    /// `cell`, `value` or `point`.
    pub kind: &'static str,
    /// Group key.
    pub group: &'static str,
    /// The table's, the line's or the chart's key.
    pub key: &'static str,
    /// The column's key, the value's name or the series' key.
    pub name: &'static str,
    /// The row, the rank among lines with the key, or the point (after a log scale has left out
    /// its zeros), from 0.
    pub index: usize,
    /// The series' index, for a point.
    pub series: usize,
    /// The value as the lesson prints it.
    pub text: String,
    /// The number, when the value is one.
    pub value: Option<f64>,
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

/// Whether `at` (`#n`, or a name) names the `index`-th row or point whose name is `name`.
fn names(at: &str, index: usize, name: &str) -> bool {
    match at.strip_prefix('#') {
        Some(n) => n == index.to_string(),
        None => at == name,
    }
}

/// Finds one mark in a report, or `None` when the report has no such cell, value or point (or
/// the mark does not read).
pub fn locate(report: &Report, mark: &str) -> Option<Found> {
    let mut part = mark.split(':');
    let (kind, group, a, b) = (part.next()?, part.next()?, part.next()?, part.next()?);
    let group = report
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .find(|g| g.key == group)?;
    let found = |kind, key, name, index, series, cell: &Cell| Found {
        kind,
        group: group.key,
        key,
        name,
        index,
        series,
        text: cell.text(),
        value: number(cell),
    };
    match kind {
        "c" => {
            let t = group.blocks.iter().find_map(|x| match x {
                Block::Table(t) if t.key == group.key => Some(t),
                _ => None,
            })?;
            let c = t.columns.iter().position(|c| c.key == b)?;
            let (r, cells) = t.rows.iter().enumerate().find(|(i, cells)| {
                let name = match cells.first() {
                    Some(Cell::Label { key, .. }) => (*key).to_string(),
                    Some(cell) => cell.text(),
                    None => String::new(),
                };
                names(a, *i, &name)
            })?;
            Some(found("cell", t.key, t.columns[c].key, r, 0, cells.get(c)?))
        }
        "v" => {
            let (line, n) = a.split_once('#').unwrap_or((a, "0"));
            let (nth, l) = group
                .blocks
                .iter()
                .filter_map(|x| match x {
                    Block::Line(l) if l.key == line => Some(l),
                    _ => None,
                })
                .enumerate()
                .find(|(i, _)| n == i.to_string())?;
            l.parts.iter().find_map(|p| match p {
                Part::Value(n, cell) if *n == b => Some(found("value", l.key, n, nth, 0, cell)),
                _ => None,
            })
        }
        "p" => {
            let x = part.next()?;
            let ch = group.charts.iter().find(|c| c.key == a)?;
            let s = ch.series.iter().position(|s| s.key == b)?;
            let (i, p) = ch.series[s].points.iter().enumerate().find(|(i, p)| {
                let name = match &p.x {
                    X::Num(v) => number_to_string(*v),
                    X::Cat(c) => c.clone(),
                };
                names(x, *i, &name)
            })?;
            Some(found(
                "point",
                ch.key,
                ch.series[s].key,
                i,
                s,
                &Cell::Number(p.y),
            ))
        }
        _ => None,
    }
}

/// The preset's marks found in `report`; marks outside the report (another section) are left out.
pub fn highlights(preset: &Preset, report: &Report) -> Vec<Found> {
    preset.marks().filter_map(|m| locate(report, m)).collect()
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
    /// What it points at: the marks, space-separated ([`Preset::marks`]).
    pub highlights: &'static str,
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
