//! The summary's largest changes.

use super::cell::CellDiff;
use super::model::{BlockDiff, Change, LARGEST, SectionDiff};

/// The largest changes of numbers in the results: by |relative change| (cells without one
/// after), then |Δ|. Values echoing a parameter are left out (the parameters are listed), and so
/// are groups beyond the lesson: they restate the lesson's numbers (intervals, exact values,
/// spreads) and would crowd the list with one change told several times.
pub fn largest(sections: &[SectionDiff], echo: &dyn Fn(&str) -> bool) -> Vec<Change> {
    let mut all: Vec<Change> = Vec::new();
    for s in sections {
        for g in s.groups.iter().filter(|g| !g.extension) {
            for block in &g.blocks {
                let mut push = |key, row: Option<&str>, column: &'static str, c: &CellDiff| {
                    if c.changed && c.delta.is_some() && !echo(column) {
                        all.push(Change {
                            section: s.name,
                            group: g.key,
                            block: key,
                            row: row.map(str::to_string),
                            column,
                            cell: c.clone(),
                        });
                    }
                };
                match block {
                    BlockDiff::Line(l) => {
                        for (name, c) in &l.values {
                            push(l.key, None, name, c);
                        }
                    }
                    BlockDiff::Table(t) => {
                        for r in &t.rows {
                            for (col, c) in t.columns.iter().zip(&r.cells).skip(1) {
                                push(t.key, Some(&r.key), col.column.key, c);
                            }
                        }
                    }
                }
            }
        }
    }
    let size = |c: &Change| {
        (
            c.cell.relative.map_or(-1.0, f64::abs),
            c.cell.delta.map_or(0.0, |d| d.as_f64().abs()),
        )
    };
    // The first LARGEST by size, ties in the report's order: picked one by one rather than
    // sorted (a stable sort costs the page's WebAssembly 2.9 KB; the list is a few hundred cells).
    let mut picked: Vec<Change> = Vec::with_capacity(LARGEST);
    while picked.len() < LARGEST && !all.is_empty() {
        let mut best = 0;
        for i in 1..all.len() {
            let ((rx, dx), (rb, db)) = (size(&all[i]), size(&all[best]));
            if rx.total_cmp(&rb).then(dx.total_cmp(&db)).is_gt() {
                best = i;
            }
        }
        picked.push(all.remove(best));
    }
    picked
}
