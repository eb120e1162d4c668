//! A comparison as CSV (`--vs` with `--format csv`), shaped as the report's CSV
//! ([`crate::csv`]): one block per table with `#` metadata records (`#vs` is A's query), a
//! header of column keys, one row per compared row. Every column `c` is followed by `c.vs` (A's
//! value) and, for a numeric column, `c.delta` (B − A); a column whose printed text is not its
//! value adds `c_text`, `c.vs_text` and `c.delta_text`. The last two columns, `vs.side`
//! (`both`, `only_a`, `only_b`) and `vs.changed` (0 or 1), mark the row.

use super::cell::{CellDiff, Delta};
use super::{Comparison, Side, TableDiff};
use crate::csv::{meta, number, record};
use crate::error::Error;
use crate::report::Cell;

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

/// The comparison's tables as CSV blocks; `table` picks one by its key (an unknown key is an
/// error that lists the keys).
pub fn comparison(c: &Comparison, table: Option<&str>) -> Result<String, Error> {
    let mut all = Vec::new();
    for s in &c.sections {
        for g in &s.groups {
            for b in &g.blocks {
                if let super::BlockDiff::Table(t) = b {
                    all.push((s.name, g.key, t));
                }
            }
        }
    }
    if let Some(key) = table {
        if !all.iter().any(|(_, _, t)| t.key == key) {
            let keys: Vec<&str> = all.iter().map(|(_, _, t)| t.key).collect();
            return Err(Error::bad(
                "table",
                key,
                format!("the tables of this report are {}", keys.join(", ")),
            ));
        }
        all.retain(|(_, _, t)| t.key == key);
    }
    let blocks: Vec<String> = all
        .iter()
        .map(|&(section, group, t)| block(c, section, group, t))
        .collect();
    Ok(blocks.join("\n"))
}

fn block(c: &Comparison, section: &str, group: &str, t: &TableDiff) -> String {
    let mut out = String::new();
    meta(&mut out, "tatbikat", c.tatbikat);
    meta(&mut out, "lesson", c.lesson);
    meta(&mut out, "query", &c.b.query);
    meta(&mut out, "vs", &c.a.query);
    meta(&mut out, "section", section);
    meta(&mut out, "group", group);
    meta(&mut out, "table", t.key);
    let cells = |i: usize| {
        t.rows
            .iter()
            .flat_map(move |r| [r.cells[i].b.as_ref(), r.cells[i].a.as_ref()])
            .flatten()
    };
    let numbers: Vec<bool> = (0..t.columns.len())
        .map(|i| cells(i).any(|c| c.number().is_some()))
        .collect();
    let texts: Vec<bool> = (0..t.columns.len())
        .map(|i| cells(i).any(needs_text))
        .collect();
    let mut header = Vec::new();
    for (i, col) in t.columns.iter().enumerate() {
        let k = col.column.key;
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
    for row in &t.rows {
        let mut fields = Vec::new();
        for (i, cell) in row.cells.iter().enumerate() {
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
        fields.push(
            match row.side {
                Side::Both => "both",
                Side::OnlyA => "only_a",
                Side::OnlyB => "only_b",
            }
            .to_string(),
        );
        fields.push(u8::from(row.changed).to_string());
        record(&mut out, &fields);
    }
    out
}
