//! The lessons' claims as presets: every summary bullet (Özet) of a lesson is a named share link
//! (`preset=ID`) with the parameters that demonstrate it and pointers to the report cells, line
//! values and chart points that support it. Each lesson lists its own (`presets.rs` in its
//! folder, static text); [`locate`] resolves a pointer against a report, so the page only applies
//! classes to what the core found.

use serde::Serialize;

use crate::chart::X;
use crate::jsfmt::number_to_string;
use crate::report::{Block, Cell, Part, Report, Section};

/// One claim of a lesson: its id, the parameters that show it and what supports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Short ascii id, `lesson.claim` (the link's `preset=` value).
    pub id: &'static str,
    /// Parameter assignments over the lesson's values, as in a link: `name=value&...`.
    pub set: &'static str,
    /// What supports the claim, space-separated marks (group keys are unique within a lesson):
    /// - `c:GROUP:ROW:COLUMN`, a cell of the group's table (every table pointed at has its
    ///   group's key); ROW is `#n` (from 0) or the text of the row's first cell (a label's key,
    ///   or the cell as printed: `8` for scan 8);
    /// - `v:GROUP:LINE:NAME`, a named value of a line (`LINE#n` for the n-th line with that key);
    /// - `p:GROUP:CHART:SERIES:X`, a chart point by its x as printed (`#n` by index);
    /// - `r:GROUP:ROW:COLUMN:ROW:COLUMN`, the ratio of two cells of the group's table, the
    ///   number a claim quotes ("on kattan fazla", ×17.4), computed here and not by the reader;
    /// - `q:N`, `q:rN` or `q:N~M`, what the learner is asked to predict before the claim is
    ///   shown: the value of the N-th mark found (from 0, `r:` and `q:` marks not counted), of
    ///   the N-th ratio, or how the N-th compares with the M-th (more, the same, less).
    pub marks: &'static str,
}

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

    /// The marks of what supports the claim (cells, values, points), one text each.
    pub fn marks(&self) -> impl Iterator<Item = &'static str> {
        self.marks
            .split(' ')
            .filter(|m| !m.is_empty() && !m.starts_with("r:") && !m.starts_with("q:"))
    }

    /// The prediction it asks for (its `q:` mark), without its `q:`.
    pub fn question(&self) -> Option<&'static str> {
        self.marks.split(' ').find_map(|m| m.strip_prefix("q:"))
    }

    /// The ratios it quotes (`r:` marks), without their `r:`.
    pub fn ratio_marks(&self) -> impl Iterator<Item = &'static str> {
        self.marks.split(' ').filter_map(|m| m.strip_prefix("r:"))
    }
}

/// A claim's "why" question, asked after its prediction is revealed: [`WHY_CHOICES`]
/// explanations written for that claim, one right and the others usual misconceptions, each with
/// its feedback. Texts: `explain.CLAIM` (the question), `explain.CLAIM.cN` (choice N) and `explain.CLAIM.fN`
/// (its feedback) in the lesson's texts; each lesson lists them beside its claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Why {
    /// The claim's (preset's) id.
    pub claim: &'static str,
    /// The right choice, from 0.
    pub right: u8,
}

/// How many explanations a "why" question offers.
pub const WHY_CHOICES: u8 = 3;

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
        value: cell.number(),
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

/// A ratio a claim quotes: cell `of` divided by cell `to`, and the quotient as shown (one decimal).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ratio {
    /// The dividend's cell.
    pub of: Found,
    /// The divisor's cell.
    pub to: Found,
    /// `of / to`, or `None` when the divisor is 0 or a cell holds no number.
    pub value: Option<f64>,
    /// The quotient with one decimal, as the lesson would print it (`17.4`).
    pub text: String,
}

/// The preset's `r:` marks computed in `report` (left out when the report lacks a cell).
pub fn ratios(preset: &Preset, report: &Report) -> Vec<Ratio> {
    preset
        .ratio_marks()
        .filter_map(|rest| {
            let mut p = rest.split(':');
            let group = p.next()?;
            let (ra, ca, rb, cb) = (p.next()?, p.next()?, p.next()?, p.next()?);
            let of = locate(report, &format!("c:{group}:{ra}:{ca}"))?;
            let to = locate(report, &format!("c:{group}:{rb}:{cb}"))?;
            let value = match (of.value, to.value) {
                (Some(a), Some(b)) if b != 0.0 => Some(a / b),
                _ => None,
            };
            let text = value.map_or(String::new(), |v| crate::jsfmt::to_fixed(v, 1));
            Some(Ratio {
                of,
                to,
                value,
                text,
            })
        })
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
    /// The ratios it quotes, computed from this report's cells.
    pub ratios: Vec<Ratio>,
}

/// The preset with its highlights in `report`.
pub fn shown(preset: &Preset, report: &Report) -> Shown {
    Shown {
        id: preset.id,
        caption: preset.caption_key(),
        highlights: highlights(preset, report),
        ratios: ratios(preset, report),
    }
}

/// The marks a claim's question (`q:`, see [`Preset::question`]) is answered from in `shown`, as
/// the page reads them (www/controls/predict.js): the N-th highlight, both cells of the N-th
/// ratio, or the two highlights compared. `None` when the report lacks one: the page then shows
/// the claim without asking.
pub fn answer_marks<'a>(question: &str, shown: &'a Shown) -> Option<Vec<&'a Found>> {
    let index = |n: &str| -> Option<usize> {
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        n.parse().ok()
    };
    if let Some(n) = question.strip_prefix('r') {
        let r = shown.ratios.get(index(n)?)?;
        r.value?;
        return Some(vec![&r.of, &r.to]);
    }
    let mut picked = Vec::new();
    for n in question.splitn(2, '~') {
        picked.push(shown.highlights.get(index(n)?)?);
    }
    // How two values compare needs both numbers.
    if picked.len() == 2 && picked.iter().any(|f| f.value.is_none()) {
        return None;
    }
    Some(picked)
}

/// Where a claim's answer can be seen: the figures (`figure=` keys) and the sections that show
/// every one of its marks. A one-figure view shows a table or chart under the first group that
/// holds it and none of its sentences, so a value of a sentence is in no figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Holders {
    /// The figures that show the whole answer, in the report's order.
    pub figures: Vec<&'static str>,
    /// The sections that show the whole answer.
    pub sections: Vec<&'static str>,
}

/// The figures and sections of `sections` that show every mark of `marks` (see [`Holders`]).
pub fn holders(sections: &[Section], marks: &[&Found]) -> Holders {
    let mut out = Holders {
        figures: Vec::new(),
        sections: Vec::new(),
    };
    let mut seen: Vec<&str> = Vec::new();
    for s in sections {
        if marks
            .iter()
            .all(|m| s.groups.iter().any(|g| g.key == m.group))
        {
            out.sections.push(s.name);
        }
        for g in &s.groups {
            let tables = g.blocks.iter().filter_map(|b| match b {
                Block::Table(t) => Some(t.key),
                Block::Line(_) => None,
            });
            // A figure is shown under the first group that holds it.
            for key in tables.chain(g.charts.iter().map(|c| c.key)) {
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let all = marks
                    .iter()
                    .all(|m| m.kind != "value" && m.key == key && m.group == g.key);
                if all {
                    out.figures.push(key);
                }
            }
        }
    }
    out
}
