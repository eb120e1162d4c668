//! The comparison as the page draws it: B's sections, A's sections and the Δ sections laid out
//! in one shape (the same sections, groups, blocks, columns and rows, in one order), made of the
//! report's own types. What one side lacks is there as an empty shell: a row with no cells, a
//! line with no parts, a blank cell in a column it does not have. B's charts carry A's series
//! behind their own, on axes that hold both. The page needs nothing else to draw every table,
//! sentence and chart against A, and the module no serializer of its own for it. Charts are not
//! copied: A's series are drawn into B's own (see [`charts_behind`]).

use super::align::pairs;
use super::cell::delta_cell;
use crate::report::{Block, Cell, Column, Group, Line, Part, Section, Table};
use serde::Serialize;

/// B, A and Δ in one shape (see the module's doc).
#[derive(Debug, Clone, Serialize)]
pub struct Aligned {
    /// B's sections (the run shown).
    pub b: Vec<Section>,
    /// A's sections (`vs`).
    pub a: Vec<Section>,
    /// Δ = B − A: for each cell numeric on both sides, a cell of B's kind holding B − A (a
    /// `String(x)` number as many decimals as the longer text); a blank text cell elsewhere.
    pub delta: Vec<Section>,
}

fn blank() -> Cell {
    Cell::Text(String::new())
}

fn keys<T>(items: &[T], key: impl Fn(&T) -> String) -> Vec<String> {
    items.iter().map(key).collect()
}

/// Aligns B's sections with A's.
pub fn aligned(b: &[Section], a: &[Section]) -> Aligned {
    let mut out = Aligned {
        b: Vec::new(),
        a: Vec::new(),
        delta: Vec::new(),
    };
    let name = |s: &Section| s.name.to_string();
    for (i, j) in pairs(&keys(b, name), &keys(a, name)) {
        let (sb, sa) = (i.map(|i| &b[i]), j.map(|j| &a[j]));
        let empty: &[Group] = &[];
        let (gb, ga, gd) = groups(
            sb.map_or(empty, |s| &s.groups),
            sa.map_or(empty, |s| &s.groups),
        );
        let name = sb.or(sa).map_or("", |s| s.name);
        out.b.push(Section { name, groups: gb });
        out.a.push(Section { name, groups: ga });
        out.delta.push(Section { name, groups: gd });
    }
    out
}

type Three<T> = (Vec<T>, Vec<T>, Vec<T>);

fn groups(b: &[Group], a: &[Group]) -> Three<Group> {
    let (mut ob, mut oa, mut od) = (Vec::new(), Vec::new(), Vec::new());
    let key = |g: &Group| g.key.to_string();
    for (i, j) in pairs(&keys(b, key), &keys(a, key)) {
        let (gb, ga) = (i.map(|i| &b[i]), j.map(|j| &a[j]));
        let empty: &[Block] = &[];
        let (bb, ba, bd) = blocks(
            gb.map_or(empty, |g| &g.blocks),
            ga.map_or(empty, |g| &g.blocks),
        );
        let proto = gb.or(ga).expect("a pair has a side");
        // Charts stay in the document's own sections (see [`charts_behind`]).
        let shell = |blocks| Group {
            key: proto.key,
            blocks,
            charts: Vec::new(),
            extension: proto.extension,
        };
        ob.push(shell(bb));
        oa.push(shell(ba));
        od.push(shell(bd));
    }
    (ob, oa, od)
}

/// Draws each of A's charts behind B's chart of the same key (in B's own sections, where the
/// page finds its charts): A's series first, marked `vs`, on axes that hold both.
pub fn charts_behind(b: &mut [Section], a: &[Section]) {
    for s in b {
        for g in &mut s.groups {
            for c in &mut g.charts {
                let theirs = a
                    .iter()
                    .filter(|x| x.name == s.name)
                    .flat_map(|x| &x.groups)
                    .filter(|x| x.key == g.key)
                    .flat_map(|x| &x.charts)
                    .find(|x| x.key == c.key);
                if let Some(theirs) = theirs {
                    c.behind(theirs);
                }
            }
        }
    }
}

/// A block's key for matching: lines by key, tables by key, never a line with a table.
pub(super) fn block_key(block: &Block) -> String {
    match block {
        Block::Line(l) => format!("l{}", l.key),
        Block::Table(t) => format!("t{}", t.key),
    }
}

fn blocks(b: &[Block], a: &[Block]) -> Three<Block> {
    let (mut ob, mut oa, mut od) = (Vec::new(), Vec::new(), Vec::new());
    for (i, j) in pairs(&keys(b, block_key), &keys(a, block_key)) {
        let (xb, xa) = (i.map(|i| &b[i]), j.map(|j| &a[j]));
        // `pairs` matched a table with a table and a line with a line (see `block_key`).
        if table_of(xb).or(table_of(xa)).is_some() {
            let (tb, ta, td) = table(table_of(xb), table_of(xa));
            ob.push(Block::Table(tb));
            oa.push(Block::Table(ta));
            od.push(Block::Table(td));
        } else {
            let (lb, la, ld) = line(line_of(xb), line_of(xa));
            ob.push(Block::Line(lb));
            oa.push(Block::Line(la));
            od.push(Block::Line(ld));
        }
    }
    (ob, oa, od)
}

pub(super) fn table_of(x: Option<&Block>) -> Option<&Table> {
    match x {
        Some(Block::Table(t)) => Some(t),
        _ => None,
    }
}

pub(super) fn line_of(x: Option<&Block>) -> Option<&Line> {
    match x {
        Some(Block::Line(l)) => Some(l),
        _ => None,
    }
}

fn values(line: Option<&Line>) -> Vec<(&'static str, &Cell)> {
    let mut out = Vec::new();
    for part in line.map_or(&[][..], |l| &l.parts) {
        if let Part::Value(name, cell) = part {
            out.push((*name, cell));
        }
    }
    out
}

fn line(b: Option<&Line>, a: Option<&Line>) -> (Line, Line, Line) {
    let key = b.or(a).map_or("", |l| l.key);
    let shell = |l: Option<&Line>| Line {
        key,
        parts: l.map_or(Vec::new(), |l| l.parts.clone()),
    };
    let (vb, va) = (values(b), values(a));
    let name = |v: &(&'static str, &Cell)| v.0.to_string();
    let mut parts = Vec::new();
    for (i, j) in pairs(&keys(&vb, name), &keys(&va, name)) {
        if let (Some(i), Some(j)) = (i, j) {
            if let Some(d) = delta_cell(vb[i].1, va[j].1) {
                parts.push(Part::Value(vb[i].0, d));
            }
        }
    }
    (shell(b), shell(a), Line { key, parts })
}

/// A row's key: its first cell's message key for a label, else the cell's printed text.
pub fn row_key(row: &[Cell]) -> String {
    match row.first() {
        Some(Cell::Label { key, .. }) => (*key).to_string(),
        Some(cell) => cell.text(),
        None => String::new(),
    }
}

fn table(b: Option<&Table>, a: Option<&Table>) -> (Table, Table, Table) {
    let none: &[Column] = &[];
    let (cb, ca) = (
        b.map_or(none, |t| &t.columns),
        a.map_or(none, |t| &t.columns),
    );
    let key = |c: &Column| c.key.to_string();
    let columns: Vec<(Option<usize>, Option<usize>)> = pairs(&keys(cb, key), &keys(ca, key));
    let mut heads = Vec::with_capacity(columns.len());
    for &(i, j) in &columns {
        heads.push(match (i, j) {
            (Some(i), _) => cb[i].clone(),
            (None, Some(j)) => ca[j].clone(),
            (None, None) => crate::report::left("", "", 0),
        });
    }
    let no_rows: &[Vec<Cell>] = &[];
    let (rb, ra) = (
        b.map_or(no_rows, |t| &t.rows),
        a.map_or(no_rows, |t| &t.rows),
    );
    let key = |r: &Vec<Cell>| row_key(r);
    let tkey = b.or(a).map_or("", |t| t.key);
    let mut out = [(); 3].map(|_| Table {
        key: tkey,
        columns: heads.clone(),
        rows: Vec::new(),
    });
    for (i, j) in pairs(&keys(rb, key), &keys(ra, key)) {
        let (xb, xa) = (i.map(|i| &rb[i]), j.map(|j| &ra[j]));
        // One side's row laid out on the aligned columns (a blank where it has no such column).
        let lay = |row: Option<&Vec<Cell>>, b_side: bool| -> Vec<Cell> {
            let Some(row) = row else { return Vec::new() };
            let mut cells = Vec::with_capacity(columns.len());
            for &(i, j) in &columns {
                let at = if b_side { i } else { j };
                cells.push(at.and_then(|k| row.get(k)).cloned().unwrap_or_else(blank));
            }
            cells
        };
        let (lb, la) = (lay(xb, true), lay(xa, false));
        let mut ld = Vec::new();
        if !lb.is_empty() && !la.is_empty() {
            for k in 0..lb.len() {
                // The first column is the row's key: the same on both sides.
                let d = if k == 0 {
                    None
                } else {
                    delta_cell(&lb[k], &la[k])
                };
                ld.push(d.unwrap_or_else(blank));
            }
        }
        out[0].rows.push(lb);
        out[1].rows.push(la);
        out[2].rows.push(ld);
    }
    let [tb, ta, td] = out;
    (tb, ta, td)
}
