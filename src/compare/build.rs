//! Building the comparison: sections, groups and blocks matched by key, table columns by key
//! and rows by row key, every cell compared.

use super::align::align;
use super::aligned::{block_key, line_of, row_key, table_of};
use super::cell::{CellDiff, diff};
use super::model::{
    BlockDiff, ColumnDiff, GroupDiff, LineDiff, RowDiff, SectionDiff, Side, TableDiff,
};
use crate::report::{Block, Cell, Column, Group, Line, Part, Section, Table};

pub fn section_diff(
    b: Option<&Section>,
    a: Option<&Section>,
    echo: &dyn Fn(&str) -> bool,
) -> SectionDiff {
    let empty: &[Group] = &[];
    let groups: Vec<GroupDiff> = align(
        b.map_or(empty, |s| &s.groups),
        a.map_or(empty, |s| &s.groups),
        |g: &Group| g.key.to_string(),
    )
    .into_iter()
    .map(|(gb, ga)| group_diff(gb, ga, echo))
    .collect();
    let side = Side::of(b, a);
    SectionDiff {
        name: b.or(a).map_or("", |s| s.name),
        side,
        changed: side != Side::Both || groups.iter().any(|g| g.changed),
        groups,
    }
}

fn group_diff(b: Option<&Group>, a: Option<&Group>, echo: &dyn Fn(&str) -> bool) -> GroupDiff {
    let empty: &[Block] = &[];
    let blocks: Vec<BlockDiff> = align(
        b.map_or(empty, |g| &g.blocks),
        a.map_or(empty, |g| &g.blocks),
        block_key,
    )
    .into_iter()
    .map(|(bb, ba)| {
        // `align` matched a table with a table and a line with a line (see `block_key`).
        if table_of(bb.or(ba)).is_some() {
            BlockDiff::Table(table_diff(table_of(bb), table_of(ba), echo))
        } else {
            BlockDiff::Line(line_diff(line_of(bb), line_of(ba), echo))
        }
    })
    .collect();
    let side = Side::of(b, a);
    GroupDiff {
        key: b.or(a).map_or("", |g| g.key),
        extension: b.or(a).is_some_and(|g| g.extension),
        side,
        changed: side != Side::Both || blocks.iter().any(BlockDiff::changed),
        blocks,
    }
}

fn line_values(line: Option<&Line>) -> Vec<(&'static str, &Cell)> {
    line.map_or(Vec::new(), |l| {
        l.parts
            .iter()
            .filter_map(|p| match p {
                Part::Value(name, cell) => Some((*name, cell)),
                Part::Text(_) => None,
            })
            .collect()
    })
}

fn line_diff(b: Option<&Line>, a: Option<&Line>, echo: &dyn Fn(&str) -> bool) -> LineDiff {
    let (vb, va) = (line_values(b), line_values(a));
    let values: Vec<(&'static str, CellDiff)> = align(&vb, &va, |(name, _)| name.to_string())
        .into_iter()
        .map(|(cb, ca)| {
            let name = cb.or(ca).map_or("", |(n, _)| *n);
            (name, diff(cb.map(|c| c.1), ca.map(|c| c.1), !echo(name)))
        })
        .collect();
    let (b_text, a_text) = (b.map(Line::text), a.map(Line::text));
    LineDiff {
        key: b.or(a).map_or("", |l| l.key),
        side: Side::of(b, a),
        changed: b_text != a_text || values.iter().any(|(_, c)| c.changed),
        b_text,
        a_text,
        values,
    }
}

fn table_diff(b: Option<&Table>, a: Option<&Table>, echo: &dyn Fn(&str) -> bool) -> TableDiff {
    let empty_cols: &[Column] = &[];
    let columns: Vec<(Option<&Column>, Option<&Column>)> = align(
        b.map_or(empty_cols, |t| &t.columns),
        a.map_or(empty_cols, |t| &t.columns),
        |c: &Column| c.key.to_string(),
    );
    let index = |t: Option<&Table>, c: Option<&Column>| {
        t.zip(c)
            .and_then(|(t, c)| t.columns.iter().position(|x| x.key == c.key))
    };
    let empty_rows: &[Vec<Cell>] = &[];
    let rows: Vec<RowDiff> = align(
        b.map_or(empty_rows, |t| &t.rows),
        a.map_or(empty_rows, |t| &t.rows),
        |r: &Vec<Cell>| row_key(r),
    )
    .into_iter()
    .map(|(rb, ra)| {
        let cells: Vec<CellDiff> = columns
            .iter()
            .enumerate()
            .map(|(i, &(cb, ca))| {
                let col = cb.or(ca).map_or("", |c| c.key);
                let (xb, xa) = (index(b, cb.or(ca)), index(a, cb.or(ca)));
                let cell_b = rb.zip(xb).and_then(|(r, j)| r.get(j));
                let cell_a = ra.zip(xa).and_then(|(r, j)| r.get(j));
                // The first column is the row's key: an input, not an effect.
                diff(cell_b, cell_a, i > 0 && !echo(col))
            })
            .collect();
        let side = Side::of(rb, ra);
        RowDiff {
            key: row_key(rb.or(ra).map_or(&[][..], |r| r)),
            side,
            changed: side != Side::Both || cells.iter().any(|c| c.changed),
            cells,
        }
    })
    .collect();
    let side = Side::of(b, a);
    TableDiff {
        key: b.or(a).map_or("", |t| t.key),
        side,
        changed: side != Side::Both || rows.iter().any(|r| r.changed),
        columns: columns
            .iter()
            .map(|&(cb, ca)| ColumnDiff {
                column: cb
                    .or(ca)
                    .cloned()
                    .unwrap_or_else(|| crate::report::left("", "", 0)),
                side: Side::of(cb, ca),
            })
            .collect(),
        rows,
    }
}
