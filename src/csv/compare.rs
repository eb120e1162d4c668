//! A comparison as CSV (`--vs` with `--format csv`), shaped as the report's CSV
//! ([`crate::csv`]): one block per table with `#` metadata records (`#vs` is A's query), a
//! header of column keys, one row per compared row. Every column `c` is followed by `c.vs` (A's
//! value) and, for a numeric column, `c.delta` (B − A); a column whose printed text is not its
//! value adds `c_text`, `c.vs_text` and `c.delta_text`. The last two columns, `vs.side`
//! (`both`, `only_a`, `only_b`) and `vs.changed` (0 or 1), mark the row.

use super::{meta, number, record};
use crate::compare::aligned::aligned;
use crate::compare::cell::{CellDiff, Delta, diff};
use crate::error::Error;
use crate::params::ParamSet;
use crate::report::{Block, Cell, Report, Table};

/// A cell's value field, as the report's CSV writes it.
fn value(cell: Option<&Cell>) -> String {
    match cell {
        None => String::new(),
        Some(Cell::Int(v) | Cell::Grouped(v)) => v.to_string(),
        Some(c @ (Cell::Fixed { .. } | Cell::Percent { .. } | Cell::Number(_))) => {
            number(c.number().unwrap_or(f64::NAN))
        }
        Some(c) => c.text(),
    }
}

/// Whether the printed text of a cell says more than its value field (as the report's CSV).
fn needs_text(cell: &Cell) -> bool {
    match cell {
        Cell::Grouped(_) | Cell::Fixed { .. } | Cell::Percent { .. } => true,
        Cell::Number(v) => !v.is_finite(),
        _ => false,
    }
}

fn delta(d: Option<Delta>) -> String {
    match d {
        None => String::new(),
        Some(Delta::Int(i)) => i.to_string(),
        Some(Delta::Real(x)) => number(x),
    }
}

/// The comparison's tables as CSV blocks, from B's and A's reports (each run with its
/// parameters and `section`); `table` picks one by its key (an unknown key is an error that lists
/// the keys). Written from the aligned form ([`super::aligned`]), which the page's module has
/// anyway: the CLI and the page's CSV are one code path.
pub fn comparison(
    b: &Report,
    a: &Report,
    pb: &ParamSet,
    pa: &ParamSet,
    section: Option<&str>,
    table: Option<&str>,
) -> Result<String, Error> {
    let al = aligned(&b.sections, &a.sections);
    let mut all = Vec::new();
    for (si, s) in al.b.iter().enumerate() {
        for (gi, g) in s.groups.iter().enumerate() {
            for (bi, block) in g.blocks.iter().enumerate() {
                if let (Block::Table(tb), Block::Table(ta)) =
                    (block, &al.a[si].groups[gi].blocks[bi])
                {
                    all.push((s.name, g.key, tb, ta));
                }
            }
        }
    }
    if let Some(key) = table {
        if !all.iter().any(|x| x.2.key == key) {
            let keys: Vec<&str> = all.iter().map(|x| x.2.key).collect();
            return Err(Error::bad(
                "table",
                key,
                format!("the tables of this report are {}", keys.join(", ")),
            ));
        }
        all.retain(|x| x.2.key == key);
    }
    let head = [
        ("tatbikat", env!("CARGO_PKG_VERSION").to_string()),
        ("lesson", b.lesson.to_string()),
        ("query", crate::query::encode(pb, section)),
        ("vs", crate::query::encode(pa, section)),
    ];
    let mut blocks = Vec::new();
    for (section, group, tb, ta) in all {
        blocks.push(block(&head, section, group, tb, ta));
    }
    Ok(blocks.join("\n"))
}

fn block(head: &[(&str, String)], section: &str, group: &str, tb: &Table, ta: &Table) -> String {
    let mut out = String::new();
    for (k, v) in head {
        meta(&mut out, k, v);
    }
    meta(&mut out, "section", section);
    meta(&mut out, "group", group);
    meta(&mut out, "table", tb.key);
    // A side's cell: none where that side has no such row.
    let side = |rows: &[Vec<Cell>], r: usize, i: usize| rows[r].get(i).cloned();
    let rows = tb.rows.len();
    let mut diffs: Vec<Vec<CellDiff>> = Vec::with_capacity(rows);
    for r in 0..rows {
        let mut cells = Vec::new();
        for i in 0..tb.columns.len() {
            let (b, a) = (side(&tb.rows, r, i), side(&ta.rows, r, i));
            cells.push(diff(b.as_ref(), a.as_ref(), false));
        }
        diffs.push(cells);
    }
    let column = |i: usize| {
        diffs
            .iter()
            .flat_map(move |r| [r[i].b.as_ref(), r[i].a.as_ref()])
            .flatten()
    };
    let numbers: Vec<bool> = (0..tb.columns.len())
        .map(|i| column(i).any(|c| c.number().is_some()))
        .collect();
    let texts: Vec<bool> = (0..tb.columns.len())
        .map(|i| column(i).any(needs_text))
        .collect();
    let mut header = Vec::new();
    for (i, col) in tb.columns.iter().enumerate() {
        let k = col.key;
        header.push(k.to_string());
        header.push(format!("{k}.vs"));
        if numbers[i] {
            header.push(format!("{k}.delta"));
        }
        if texts[i] {
            header.extend([format!("{k}_text"), format!("{k}.vs_text")]);
            if numbers[i] {
                header.push(format!("{k}.delta_text"));
            }
        }
    }
    header.extend(["vs.side".to_string(), "vs.changed".to_string()]);
    record(&mut out, &header);
    let text = |c: &Option<Cell>| c.as_ref().map_or(String::new(), Cell::text);
    for (r, cells) in diffs.iter().enumerate() {
        let (in_b, in_a) = (!tb.rows[r].is_empty(), !ta.rows[r].is_empty());
        let mut fields = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            let CellDiff { b, a, .. } = cell;
            fields.push(value(b.as_ref()));
            fields.push(value(a.as_ref()));
            if numbers[i] {
                fields.push(delta(cell.delta));
            }
            if texts[i] {
                fields.extend([text(b), text(a)]);
                if numbers[i] {
                    fields.push(cell.delta_text.clone().unwrap_or_default());
                }
            }
        }
        let both = in_b && in_a;
        fields.push(
            match (in_b, in_a) {
                (true, false) => "only_b",
                (false, true) => "only_a",
                _ => "both",
            }
            .to_string(),
        );
        let changed = !both || cells.iter().any(|c| c.changed);
        fields.push(u8::from(changed).to_string());
        record(&mut out, &fields);
    }
    out
}
