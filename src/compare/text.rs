//! A comparison as terminal text (`--vs` with `--format lesson`): the summary, then every table
//! with, beside each column that changed, A's value and B − A; rows and lines are marked `~`
//! (changed), `+` (only in B), `-` (only in A). Groups beyond the lesson are left out, as in the
//! lesson's text (the JSON has them).

use super::{BlockDiff, Comparison, LineDiff, Side, TableDiff};
use crate::jsfmt::{js_len, pad_end, pad_start};
use crate::report::Align;

/// The comparison as text.
pub fn text(c: &Comparison) -> String {
    let mut out = format!("compare: {}\n", c.lesson);
    out.push_str(&format!("  B: {}\n  A: {} (vs)\n", c.b.query, c.a.query));
    if c.summary.params.is_empty() {
        out.push_str("parameters: the same\n");
    } else {
        let changed: Vec<String> = c
            .summary
            .params
            .iter()
            .map(|p| format!("{} {} -> {}", p.name, shown(&p.a), shown(&p.b)))
            .collect();
        out.push_str(&format!("parameters: {}\n", changed.join("; ")));
    }
    if !c.changed {
        out.push_str("results: no change\n");
    } else if c.summary.largest.is_empty() {
        out.push_str("results: rows or lines on one side only, no number changed on both\n");
    } else {
        out.push_str("largest changes:\n");
        for ch in &c.summary.largest {
            let at = match &ch.row {
                Some(row) => format!("{}.{}@{}", ch.block, ch.column, row),
                None => format!("{}.{}", ch.block, ch.column),
            };
            let text =
                |x: &Option<crate::report::Cell>| x.as_ref().map_or(String::new(), |c| c.text());
            let mut how = ch.cell.delta_text.clone().unwrap_or_default();
            if let Some(r) = ch.cell.relative {
                how.push_str(&format!(", {}", percent(r)));
            }
            out.push_str(&format!(
                "  {at}: {} was {} ({how})\n",
                text(&ch.cell.b),
                text(&ch.cell.a)
            ));
        }
    }
    for s in &c.sections {
        out.push_str(&format!("\n[{}]{}\n", s.name, mark_side(s.side)));
        let mut first = true;
        for g in s.groups.iter().filter(|g| !g.extension) {
            if !first {
                out.push('\n');
            }
            first = false;
            for block in &g.blocks {
                match block {
                    BlockDiff::Line(l) => line(l, &mut out),
                    BlockDiff::Table(t) => table(t, &mut out),
                }
            }
        }
    }
    out
}

/// An empty parameter value, visibly.
fn shown(v: &str) -> &str {
    if v.is_empty() { "(none)" } else { v }
}

/// A relative change as a signed percentage with one decimal (`+12.5%`).
fn percent(r: f64) -> String {
    let p = crate::jsfmt::to_fixed((r * 100.0).abs(), 1);
    let sign = if r > 0.0 {
        "+"
    } else if r < 0.0 {
        "-"
    } else {
        ""
    };
    format!("{sign}{p}%")
}

fn mark_side(side: Side) -> &'static str {
    match side {
        Side::Both => "",
        Side::OnlyA => " (only in A)",
        Side::OnlyB => " (only in B)",
    }
}

/// The row mark: unchanged, changed, only in B, only in A.
fn mark(side: Side, changed: bool) -> &'static str {
    match (side, changed) {
        (Side::OnlyB, _) => "+ ",
        (Side::OnlyA, _) => "- ",
        (Side::Both, true) => "~ ",
        (Side::Both, false) => "  ",
    }
}

fn line(l: &LineDiff, out: &mut String) {
    let text = l.b_text.as_deref().or(l.a_text.as_deref()).unwrap_or("");
    out.push_str(mark(l.side, l.changed));
    out.push_str(text);
    out.push('\n');
    if l.side == Side::Both && l.changed {
        out.push_str(&format!("  A: {}\n", l.a_text.as_deref().unwrap_or("")));
        let deltas: Vec<String> = l
            .values
            .iter()
            .filter(|(_, c)| c.changed)
            .filter_map(|(name, c)| c.delta_text.as_ref().map(|d| format!("{name} {d}")))
            .collect();
        if !deltas.is_empty() {
            out.push_str(&format!("  B-A: {}\n", deltas.join(", ")));
        }
    }
}

/// One printed column: its header, alignment and one text per row.
struct Out {
    header: String,
    align: Align,
    cells: Vec<String>,
}

fn table(t: &TableDiff, out: &mut String) {
    let mut cols: Vec<Out> = Vec::new();
    for (i, col) in t.columns.iter().enumerate() {
        let cell = |r: usize| &t.rows[r].cells[i];
        let rows = 0..t.rows.len();
        let text = |c: &Option<crate::report::Cell>| c.as_ref().map_or(String::new(), |c| c.text());
        cols.push(Out {
            header: col.column.label.to_string(),
            align: col.column.align,
            // The key column shows A's key on a row only A has.
            cells: rows
                .clone()
                .map(|r| match (&cell(r).b, i) {
                    (None, 0) => text(&cell(r).a),
                    (b, _) => text(b),
                })
                .collect(),
        });
        // Beside a column that changed somewhere: A's value and, for numbers, B − A.
        if i == 0 || !rows.clone().any(|r| cell(r).changed) {
            continue;
        }
        let a = rows.clone().map(|r| {
            let c = cell(r);
            if c.changed { text(&c.a) } else { String::new() }
        });
        cols.push(Out {
            header: "A".into(),
            align: col.column.align,
            cells: a.collect(),
        });
        if rows
            .clone()
            .any(|r| cell(r).changed && cell(r).delta.is_some())
        {
            cols.push(Out {
                header: "B-A".into(),
                align: Align::Right,
                cells: rows
                    .map(|r| {
                        let c = cell(r);
                        match (&c.delta_text, c.changed) {
                            (Some(d), true) => d.clone(),
                            _ => String::new(),
                        }
                    })
                    .collect(),
            });
        }
    }
    let widths: Vec<usize> = cols
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .map(|x| js_len(x))
                .chain([js_len(&c.header)])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row = |texts: Vec<&str>, lead: &str| {
        let mut s = lead.to_string();
        for (k, (text, c)) in texts.into_iter().zip(&cols).enumerate() {
            if k > 0 {
                s.push_str("  ");
            }
            s.push_str(&match c.align {
                Align::Left => pad_end(text, widths[k]),
                Align::Right => pad_start(text, widths[k]),
            });
        }
        s.trim_end().to_string() + "\n"
    };
    out.push_str(&row(cols.iter().map(|c| c.header.as_str()).collect(), "  "));
    for (r, rd) in t.rows.iter().enumerate() {
        out.push_str(&row(
            cols.iter().map(|c| c.cells[r].as_str()).collect(),
            mark(rd.side, rd.changed),
        ));
    }
}
