//! A table in printed lines: a header line and the rows under it, read into columns (label,
//! width, side as printed) and typed cells.
//!
//! The column rule. A cell is a line's words one space apart; two or more spaces end it. A line
//! heads a table when:
//! 1. it has at least two cells, more of them not numbers than numbers (a row is no header);
//! 2. one padding prints it and the lines under it that have as many cells (the longest run of
//!    the first [`SOLVE_ROWS`] that can) exactly: every column `padStart` or `padEnd` to one
//!    width, a longer cell pushing the rest of its line right (`layout::solve`); with no such
//!    line, the header's own padding;
//! 3. the line under it reads with that padding. Rows are read as they split, or else word by
//!    word (`layout::split`: cells one space apart, or touching where a cell fills its width, a
//!    word then cut where the width ends), and a row read word by word must have numbers where
//!    the rows before it have (a sentence that lines up is no row). The table ends at the first
//!    line that does not read;
//! 4. its rows hold a number; if not, its lines are all prose.
//!
//! A header whose columns are one space apart in places (`a b` for two columns) is cut there when
//! the line under it shows more columns (never a line with no two spaces: that is a sentence).
//! Widths are what the text shows; where it leaves one open, `layout`'s rule takes one.
//!
//! Limits: a text cell with two spaces inside reads as two cells (the line ends the table); when
//! every row has touching cells, the header's padding alone reads them, guessing the open widths;
//! a header of numbers (sweep values as labels) is prose; a sentence right under a table that
//! lines up with its columns and has numbers where they do reads as a row; lines over
//! [`MAX_LINE`] units and headers over [`MAX_COLUMNS`] columns are prose. Whatever is not read as
//! a table stays prose, and every table is checked to print back exactly.

use super::cell::{self, Hint};
use super::layout::{self, Pad, Row, Span, Words};
use crate::jsfmt::{pad_end, pad_start};
use crate::report::{Align, Cell};
use serde::Serialize;

/// The longest line (in UTF-16 units) read as part of a table; longer ones are prose.
pub const MAX_LINE: usize = 1024;
/// The most columns a table is read with; a header with more is prose.
pub const MAX_COLUMNS: usize = 64;
/// How many rows under a header decide its columns' padding (the rest are read with it).
pub const SOLVE_ROWS: usize = 32;
/// The most ways a header is cut at one-space gaps to match its rows.
pub const HEADER_CUTS: usize = 64;

/// A table read from printed lines.
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    /// Columns, left to right.
    pub columns: Vec<Column>,
    /// Rows of typed cells, one per column.
    pub rows: Vec<Vec<Cell>>,
}

/// A column as printed: its header and padding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Column {
    /// The header's text.
    pub label: String,
    /// The width padded to (UTF-16 units, as `padStart` counts). Where the text leaves it open
    /// (the spaces between a `padEnd` and a `padStart` column), see `layout`'s rule.
    pub width: usize,
    /// `padEnd` (left) or `padStart` (right).
    pub align: Align,
}

impl Table {
    /// The table as the lesson prints it: one line per row after the header, each ending in a
    /// newline.
    pub fn render(&self, out: &mut String) {
        let pad = |text: &str, c: &Column| match c.align {
            Align::Left => pad_end(text, c.width),
            Align::Right => pad_start(text, c.width),
        };
        for c in &self.columns {
            out.push_str(&pad(&c.label, c));
        }
        out.push('\n');
        for row in &self.rows {
            for (cell, c) in row.iter().zip(&self.columns) {
                out.push_str(&pad(&cell.text(), c));
            }
            out.push('\n');
        }
    }
}

/// A line as a table may use it: its words and its cells two spaces apart.
struct Line<'a> {
    text: &'a str,
    words: Words,
    cells: Vec<Span>,
}

impl<'a> Line<'a> {
    /// The line, if a table may hold it (not too long, not blank).
    fn read(text: &'a str) -> Option<Line<'a>> {
        if text.len() > 4 * MAX_LINE {
            return None;
        }
        let words = layout::words(text);
        if words.len > MAX_LINE || words.words.is_empty() {
            return None;
        }
        let cells = layout::gap_cells(&words.words);
        Some(Line { text, words, cells })
    }

    fn row<'b>(&'b self, cells: &'b [Span]) -> Row<'b> {
        Row {
            len: self.words.len,
            cells,
        }
    }
}

/// What the lines from a header read as.
#[derive(Debug)]
pub enum Found {
    /// A table and how many lines it takes.
    Table(Table, usize),
    /// That many lines of prose: the first heads no table, or heads one with no number in it
    /// (its rows are then prose too, so no later line reads them again).
    Prose(usize),
}

/// What `lines[0]` heads. `number` is the table's place in its section (for `hints`).
pub fn read(lines: &[&str], number: usize, hints: &[Hint]) -> Found {
    match table(lines, number, hints) {
        Some((Some(t), taken)) => Found::Table(t, taken),
        Some((None, taken)) => Found::Prose(taken),
        None => Found::Prose(1),
    }
}

/// The table `lines[0]` heads and the lines it takes (`None` for the table if it holds no
/// number); `None` if it heads none.
fn table(lines: &[&str], number: usize, hints: &[Hint]) -> Option<(Option<Table>, usize)> {
    let header = Line::read(lines.first()?)?;
    let near: Vec<Line> = lines[1..]
        .iter()
        .take(SOLVE_ROWS)
        .map_while(|l| Line::read(l))
        .collect();
    let k = header.cells.len().max(near.first()?.cells.len());
    if !(2..=MAX_COLUMNS).contains(&k) {
        return None;
    }
    let sample: Vec<&Line> = near.iter().filter(|l| l.cells.len() == k).collect();
    let heads = if header.cells.len() == k {
        vec![header.cells.clone()]
    } else if header.cells.len() >= 2 {
        layout::cuts(&header.words.words, &header.cells, k, HEADER_CUTS)
    } else {
        return None;
    };
    let (head, pads) = heads
        .into_iter()
        .filter(|head| heads_a_table(&header, head))
        .find_map(|head| padding(&header, &head, &sample, &near[0]).map(|pads| (head, pads)))?;
    // The columns of numbers so far (of the sample, else of the rows read): a row read by
    // `split` must have numbers there too, or it is no row (a sentence that lines up).
    let mut numbers: Option<Vec<bool>> =
        (!sample.is_empty()).then(|| (0..k).map(|j| numeric(&sample, j)).collect());
    let mut rows: Vec<(Line, Vec<Span>)> = Vec::new();
    for text in &lines[1..] {
        let Some(line) = Line::read(text) else { break };
        let cells = if layout::fits(line.row(&line.cells), &pads) {
            line.cells.clone()
        } else if let Some(cells) = layout::split(line.text, &line.words, &pads)
            && numbers
                .as_ref()
                .is_none_or(|ns| (0..k).all(|j| !ns[j] || number_at(&line, &cells, j)))
        {
            cells
        } else {
            break;
        };
        let here = (0..k).map(|j| number_at(&line, &cells, j));
        numbers = Some(match numbers {
            Some(ns) => ns.iter().zip(here).map(|(a, b)| *a && b).collect(),
            None => here.collect(),
        });
        rows.push((line, cells));
    }
    if rows.is_empty() {
        return None;
    }
    let taken = 1 + rows.len();
    Some((typed(&header, &head, &rows, &pads, number, hints), taken))
}

/// A line's cells under `pads`: its cells two spaces apart if they print so, else as `split`
/// finds them.
fn cells(line: &Line, pads: &[Pad]) -> Option<Vec<Span>> {
    if layout::fits(line.row(&line.cells), pads) {
        Some(line.cells.clone())
    } else {
        layout::split(line.text, &line.words, pads)
    }
}

/// Whether these labels can head a table: more of them are not numbers than are (a row of
/// numbers is no header).
fn heads_a_table(header: &Line, head: &[Span]) -> bool {
    let numbers = head
        .iter()
        .filter(|s| cell::is_number(&header.text[s.start..s.end]))
        .count();
    2 * numbers < head.len()
}

/// The padding that prints the header and the longest run of sample rows it can (at least the
/// first): lines that print together still do without any of them, so the run is searched.
/// With no sample (every row under the header has a cell that fills its width), the header's
/// alone. `None` also when the line under the header (`first`) cannot be read with the
/// padding of the header and the first sample row.
fn padding(header: &Line, head: &[Span], sample: &[&Line], first: &Line) -> Option<Vec<Pad>> {
    let prefer = sides(head, sample);
    let solve = |n: usize| {
        let mut rows = vec![header.row(head)];
        rows.extend(sample[..n].iter().map(|l| l.row(&l.cells)));
        layout::solve(&rows, &prefer)
    };
    if sample.is_empty() {
        return solve(0);
    }
    let mut best = solve(1)?;
    // The line under the header must read before the longer search is worth its time.
    cells(first, &best)?;
    let (mut fits, mut fails) = (1, sample.len() + 1);
    while fails - fits > 1 {
        let n = (fits + fails) / 2;
        match solve(n) {
            Some(pads) => (fits, best) = (n, pads),
            None => fails = n,
        }
    }
    Some(best)
}

/// Each column's likelier side: `padStart` where most of its sample cells are numbers (with no
/// sample, the course's common shape: a column of names, then numbers).
fn sides(head: &[Span], sample: &[&Line]) -> Vec<Align> {
    (0..head.len())
        .map(|j| {
            let numbers = sample.iter().filter(|l| number_at(l, &l.cells, j)).count();
            let right = if sample.is_empty() {
                j > 0
            } else {
                2 * numbers > sample.len()
            };
            if right { Align::Right } else { Align::Left }
        })
        .collect()
}

/// Whether every sample line has a number (or a number's dash) in column `j`.
fn numeric(sample: &[&Line], j: usize) -> bool {
    sample.iter().all(|l| number_at(l, &l.cells, j))
}

/// Whether a line's cell `j` is a number or the dash a report prints for one with no value.
fn number_at(line: &Line, cells: &[Span], j: usize) -> bool {
    let text = &line.text[cells[j].start..cells[j].end];
    cell::is_number(text) || text == "—"
}

/// The table's typed cells, if it reads as a table: a number somewhere in its rows, and printed
/// again exactly as it was.
fn typed(
    header: &Line,
    head: &[Span],
    rows: &[(Line, Vec<Span>)],
    pads: &[Pad],
    number: usize,
    hints: &[Hint],
) -> Option<Table> {
    let labels: Vec<&str> = head.iter().map(|s| &header.text[s.start..s.end]).collect();
    let columns: Vec<Column> = labels
        .iter()
        .zip(pads)
        .map(|(label, pad)| Column {
            label: (*label).to_string(),
            width: pad.width,
            align: pad.align,
        })
        .collect();
    let texts: Vec<Vec<&str>> = (0..columns.len())
        .map(|j| {
            rows.iter()
                .map(|(l, r)| &l.text[r[j].start..r[j].end])
                .collect()
        })
        .collect();
    let every: Vec<&str> = texts.iter().flatten().copied().collect();
    let mut cells: Vec<Vec<Cell>> = vec![Vec::with_capacity(columns.len()); rows.len()];
    for (column, texts) in columns.iter().zip(&texts) {
        let hint = cell::hint_for(hints, number, &column.label);
        let read = cell::reading(hint, texts, &every);
        for (row, c) in cells.iter_mut().zip(cell::column(texts, read)) {
            row.push(c);
        }
    }
    if !cells.iter().flatten().any(|c| c.number().is_some()) {
        return None;
    }
    let table = Table {
        columns,
        rows: cells,
    };
    let mut printed = String::new();
    table.render(&mut printed);
    let mut original = String::with_capacity(printed.len());
    for line in std::iter::once(header.text).chain(rows.iter().map(|(l, _)| l.text)) {
        original.push_str(line);
        original.push('\n');
    }
    (printed == original).then_some(table)
}
