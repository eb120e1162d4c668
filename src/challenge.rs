//! Challenges: a goal stated in a lesson's terms that the core checks on every run. Each lesson
//! lists its own (`challenges.rs` in its folder, static text): an id, a starting link, a number
//! of hints and a check — conditions on the report's marks (found as a claim's marks are,
//! [`crate::presets::locate`]) and on the parameters, all of which must hold. Lesson-neutral.

use serde::Serialize;

use crate::error::Error;
use crate::params::ParamSet;
use crate::presets::locate;
use crate::report::{Block, Cell, Report};

/// One challenge of a lesson. Its texts are `challenge.ID` (the goal) and `challenge.ID.hintN`
/// (N from 1, shown one at a time) in the lesson's texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Challenge {
    /// Short ascii id, `lesson.name` (the link's `challenge=` value).
    pub id: &'static str,
    /// Where the learner starts: assignments over the lesson's values, as in a link.
    pub start: &'static str,
    /// How many hints its texts hold.
    pub hints: u8,
    /// Conditions, space-separated, every one to hold: `MARK OP NUMBER` without spaces, MARK a
    /// claim's mark (`c:GROUP:ROW:COLUMN`, ROW `*` for every row; `v:GROUP:LINE:NAME`, `p:…`)
    /// or `param:NAME`, OP one of
    /// `<=`, `>=`, `<`, `>`, `=`. "With the fewest X" is a bound at the model's least X.
    pub check: &'static str,
}

impl Challenge {
    /// The start's `(name, value)` pairs.
    pub fn assignments(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.start
            .split('&')
            .filter(|a| !a.is_empty())
            .map(|a| a.split_once('=').unwrap_or((a, "")))
    }

    /// The check's conditions, each as `(what, op, bound)`; `None` for one that does not read.
    pub fn conditions(&self) -> impl Iterator<Item = Option<(&'static str, &'static str, f64)>> {
        self.check.split(' ').filter(|c| !c.is_empty()).map(|c| {
            let at = c.find(['<', '>', '='])?;
            // `get`, not `split_at`: no panic path, and none of the string formatting it would
            // bring into every page module (measured: several KB gzip).
            let (what, rest) = (c.get(..at)?, c.get(at..)?);
            let op = ["<=", ">=", "<", ">", "="]
                .into_iter()
                .find(|op| rest.starts_with(op))?;
            // The codec's own reader: str::parse::<f64> would bring core's float parser into
            // every page module (22 KB gzip, measured).
            let bound = crate::jsfmt::parse_number(rest.get(op.len()..)?)?;
            Some((what, op, bound))
        })
    }
}

/// One condition read in a run: what was found there and whether it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// `cell`, `value`, `point` or `param`.
    pub kind: &'static str,
    /// The table's, line's or chart's key (empty for a parameter).
    pub key: &'static str,
    /// The column's, value's or series' key, or the parameter's name.
    pub name: &'static str,
    /// A cell's row as named by its first cell and the label or text cells right after it (a
    /// label by its key, `label.<key>` on the page; a cell as printed), joined by `|`.
    pub row: String,
    /// The operator and the bound.
    pub op: &'static str,
    /// The bound.
    pub bound: f64,
    /// What the run has there, as printed (empty when the report lacks it).
    pub text: String,
    /// Whether the condition holds.
    pub ok: bool,
}

/// A challenge checked on a run: what the JSON and the page get.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The challenge's id.
    pub id: &'static str,
    /// Whether every condition holds.
    pub met: bool,
    /// Each condition, in the check's order.
    pub found: Vec<Reading>,
}

/// The refusal of a `challenge=` (`--challenge`) that is not one of `lesson`'s (or of any, without
/// one), naming the ids allowed, `list`; the page words it from its key.
pub fn unknown(id: &str, lesson: Option<&str>, list: &str) -> Error {
    let allowed = match lesson {
        Some(l) => format!("the challenges of {l} are {list}"),
        None => format!("the challenges are {list}"),
    };
    Error::bad("challenge", id, allowed).keyed("refuse.unknown_challenge", &[("allowed", &list)])
}

fn holds(value: f64, op: &str, bound: f64) -> bool {
    match op {
        "<=" => value <= bound,
        ">=" => value >= bound,
        "<" => value < bound,
        ">" => value > bound,
        _ => value == bound,
    }
}

/// The row a cell mark found, as its first cell and the label or text cells right after it name
/// it (quotas' tenants are a mode and a tenant): what the page names it by.
fn row_name(report: &Report, group: &str, index: usize) -> String {
    let table = report
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .filter(|g| g.key == group)
        .flat_map(|g| &g.blocks)
        .find_map(|b| match b {
            Block::Table(t) if t.key == group => Some(t),
            _ => None,
        });
    let cells = table
        .and_then(|t| t.rows.get(index))
        .map_or(&[][..], Vec::as_slice);
    let name = |cell: &Cell| match cell {
        Cell::Label { key, .. } => (*key).to_string(),
        cell => cell.text(),
    };
    let more = cells
        .iter()
        .skip(1)
        .take_while(|c| matches!(c, Cell::Label { .. } | Cell::Text(_)));
    cells
        .first()
        .into_iter()
        .chain(more)
        .map(name)
        .collect::<Vec<_>>()
        .join("|")
}

/// A mark whose row is `*` (`c:GROUP:*:COLUMN`: every row of the table, as many as the
/// parameters list) as one mark per row; any other mark as itself.
fn every_row(report: &Report, what: &str) -> impl Iterator<Item = String> {
    let mut part = what.splitn(4, ':');
    let rows = match (part.next(), part.next(), part.next(), part.next()) {
        (Some("c"), Some(group), Some("*"), Some(column)) => {
            let n = report
                .sections
                .iter()
                .flat_map(|s| &s.groups)
                .filter(|g| g.key == group)
                .flat_map(|g| &g.blocks)
                .find_map(|b| match b {
                    Block::Table(t) if t.key == group => Some(t.rows.len()),
                    _ => None,
                })
                .unwrap_or(0);
            Some(
                (0..n.max(1))
                    .map(|i| format!("c:{group}:#{i}:{column}"))
                    .collect(),
            )
        }
        _ => None,
    };
    rows.unwrap_or_else(|| vec![what.to_string()]).into_iter()
}

/// Checks `challenge` on a run: its report (whole, before the page cuts long tables) and its
/// parameters. A condition whose mark the report lacks (another section asked for) does not hold.
pub fn check(challenge: &Challenge, report: &Report, params: &ParamSet) -> Outcome {
    let found: Vec<Reading> = challenge
        .conditions()
        .flatten()
        .flat_map(|(what, op, bound)| every_row(report, what).map(move |w| (w, op, bound)))
        .map(|(what, op, bound)| {
            let mut r = Reading {
                kind: "param",
                key: "",
                name: "",
                row: String::new(),
                op,
                bound,
                text: String::new(),
                ok: false,
            };
            if let Some(name) = what.strip_prefix("param:") {
                if let Some(spec) = params.schema().specs.iter().find(|s| s.name == name) {
                    let text = params.get(name).to_text();
                    r.name = spec.name;
                    r.ok = crate::jsfmt::parse_number(&text).is_some_and(|v| holds(v, op, bound));
                    r.text = text;
                }
            } else if let Some(f) = locate(report, &what) {
                r.kind = f.kind;
                r.key = f.key;
                r.name = f.name;
                if f.kind == "cell" {
                    r.row = row_name(report, f.group, f.index);
                }
                r.ok = f.value.is_some_and(|v| holds(v, op, bound));
                r.text = f.text;
            }
            r
        })
        .collect();
    Outcome {
        id: challenge.id,
        met: !found.is_empty() && found.iter().all(|r| r.ok),
        found,
    }
}
