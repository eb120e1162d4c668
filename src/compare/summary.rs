//! The summary's largest changes, read from the aligned form (see [`super::aligned`]): the CLI's
//! comparison and the page's compare mode name the same ones.

use super::aligned::{Aligned, row_key};
use super::cell::{CellDiff, diff};
use super::model::{Change, LARGEST};
use crate::report::{Block, Part};

/// The largest changes of numbers in the results: by |relative change| (cells without one
/// after), then |Δ|. Values echoing a parameter are left out (the parameters are listed), and so
/// are groups beyond the lesson: they restate the lesson's numbers (intervals, exact values,
/// spreads) and would crowd the list with one change told several times. Rows and values on one
/// side only have no Δ.
pub fn largest(al: &Aligned, echo: &dyn Fn(&str) -> bool) -> Vec<Change> {
    let mut all: Vec<Change> = Vec::new();
    for (si, s) in al.b.iter().enumerate() {
        for (gi, g) in s.groups.iter().enumerate() {
            if g.extension {
                continue;
            }
            for (bi, block) in g.blocks.iter().enumerate() {
                let mut push = |key, row: Option<String>, column: &'static str, c: CellDiff| {
                    if c.changed && c.delta.is_some() && !echo(column) {
                        all.push(Change {
                            section: s.name,
                            group: g.key,
                            block: key,
                            row,
                            column,
                            cell: c,
                        });
                    }
                };
                match (block, &al.a[si].groups[gi].blocks[bi]) {
                    (Block::Line(lb), Block::Line(la)) => {
                        for part in &lb.parts {
                            let Part::Value(name, cb) = part else {
                                continue;
                            };
                            let ca = la.parts.iter().find_map(|p| match p {
                                Part::Value(n, c) if n == name => Some(c),
                                _ => None,
                            });
                            if let Some(ca) = ca {
                                push(lb.key, None, name, diff(Some(cb), Some(ca), !echo(name)));
                            }
                        }
                    }
                    (Block::Table(tb), Block::Table(ta)) => {
                        for (rb, ra) in tb.rows.iter().zip(&ta.rows) {
                            if rb.is_empty() || ra.is_empty() {
                                continue;
                            }
                            for (i, col) in tb.columns.iter().enumerate().skip(1) {
                                let c = diff(rb.get(i), ra.get(i), !echo(col.key));
                                push(tb.key, Some(row_key(rb)), col.key, c);
                            }
                        }
                    }
                    _ => {}
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
