//! The report model: what a lesson prints, as data. Sections hold groups (a blank line apart in
//! the lesson's text), groups hold lines and tables, tables hold typed cells: numbers stay numbers
//! and carry their display precision. Renderers (lesson text, JSON, later HTML) read this.

use crate::chart::Chart;
use crate::jsfmt::{number_to_string, to_fixed, tr_grouped};
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

/// The whole output of one lesson run.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Lesson id (`supervisor`, `jobs`, `compensation`).
    pub lesson: &'static str,
    /// The sections asked for, in the lesson's order.
    pub sections: Vec<Section>,
}

/// One script's output (`measure`, `daily`).
#[derive(Debug, Clone, Serialize)]
pub struct Section {
    /// Section name.
    pub name: &'static str,
    /// Groups, separated by one empty line in the lesson's text.
    pub groups: Vec<Group>,
}

/// Lines and tables printed together.
#[derive(Debug, Clone, Serialize)]
pub struct Group {
    /// Stable key (message key for a heading on the page).
    pub key: &'static str,
    /// The group's blocks, in print order.
    pub blocks: Vec<Block>,
    /// Charts of the group's numbers (not part of the lesson's text).
    pub charts: Vec<Chart>,
    /// Whether the group goes beyond the lesson (exact values, intervals, replications): the
    /// lesson's text leaves it out, the page marks it.
    pub extension: bool,
}

impl Group {
    /// A group of the lesson's output, without charts.
    pub fn new(key: &'static str, blocks: Vec<Block>) -> Self {
        Self {
            key,
            blocks,
            charts: Vec::new(),
            extension: false,
        }
    }

    /// A group that goes beyond the lesson's output.
    pub fn beyond_lesson(key: &'static str, blocks: Vec<Block>) -> Self {
        Self {
            extension: true,
            ..Self::new(key, blocks)
        }
    }

    /// The same group with the charts `draw` makes, when the reader draws charts (`charts`, the
    /// request's): a search's or a sweep's point reads tables alone, and drawing every point's
    /// charts took a fifth of the longer quotas search (chromium 0.85 -> 0.68 s, native 0.56 ->
    /// 0.43 s).
    pub fn charted(mut self, charts: bool, draw: impl FnOnce() -> Vec<Chart>) -> Self {
        if charts {
            self.charts = draw();
        }
        self
    }
}

/// Every table of these sections with where it sits: `(section, group, table)`.
pub fn tables(sections: &[Section]) -> impl Iterator<Item = (&'static str, &'static str, &Table)> {
    sections.iter().flat_map(|s| {
        s.groups.iter().flat_map(move |g| {
            g.blocks.iter().filter_map(move |b| match b {
                Block::Table(t) => Some((s.name, g.key, t)),
                Block::Line(_) => None,
            })
        })
    })
}

/// The keys of every table and chart of these sections, in order: what `figure=` may name.
pub fn figures(sections: &[Section]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for g in sections.iter().flat_map(|s| &s.groups) {
        let tables = g.blocks.iter().filter_map(|b| match b {
            Block::Table(t) => Some(t.key),
            Block::Line(_) => None,
        });
        for key in tables.chain(g.charts.iter().map(|c| c.key)) {
            if !out.contains(&key) {
                out.push(key);
            }
        }
    }
    out
}

/// A printed line or a table.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Block {
    /// One line of text with values in it.
    Line(Line),
    /// A table with a header line.
    Table(Table),
}

/// A sentence with named values; the lesson's text is its parts joined.
#[derive(Debug, Clone)]
pub struct Line {
    /// Stable key (message key for the page's translation of the sentence).
    pub key: &'static str,
    /// Literal text and values, in order.
    pub parts: Vec<Part>,
}

/// A piece of a [`Line`].
#[derive(Debug, Clone)]
pub enum Part {
    /// Literal lesson text.
    Text(&'static str),
    /// A named value.
    Value(&'static str, Cell),
}

/// Column alignment: `padEnd` (left) or `padStart` (right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Align {
    /// `padEnd(width)`.
    Left,
    /// `padStart(width)`.
    Right,
}

/// A table column: its key, the lesson's header text and the lesson's padding.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    /// Stable key (message key for the page's header).
    pub key: &'static str,
    /// The lesson's header text.
    pub label: &'static str,
    /// The lesson's pad width.
    pub width: usize,
    /// The lesson's padding side.
    pub align: Align,
}

/// A table: columns and rows of cells.
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    /// Stable key.
    pub key: &'static str,
    /// Columns, left to right.
    pub columns: Vec<Column>,
    /// Rows of cells, one cell per column.
    pub rows: Vec<Vec<Cell>>,
}

/// The most rows of a table the page shows: more are cut, and the page says so ([`cut_tables`];
/// the table's CSV has every row).
pub const MAX_ROWS: usize = 100;

/// A table the page shows cut to its first rows ([`cut_tables`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cut {
    /// The table's key.
    pub key: &'static str,
    /// The rows shown (the first ones).
    pub shown: usize,
    /// The rows the table has.
    pub total: usize,
}

/// Cuts every table of `sections` to its first `max` rows: what the page draws (every
/// ordering of eight compensation steps is 40,320 rows). Returns the tables cut.
pub fn cut_tables(sections: &mut [Section], max: usize) -> Vec<Cut> {
    let mut cut = Vec::new();
    for g in sections.iter_mut().flat_map(|s| &mut s.groups) {
        for b in &mut g.blocks {
            if let Block::Table(t) = b
                && t.rows.len() > max
            {
                cut.push(Cut {
                    key: t.key,
                    shown: max,
                    total: t.rows.len(),
                });
                t.rows.truncate(max);
            }
        }
    }
    cut
}

/// A typed value with its display rule.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A whole number, `String(n)`.
    Int(i64),
    /// A whole number grouped as `toLocaleString("tr-TR")` does (8.000).
    Grouped(i64),
    /// A number shown with `toFixed(decimals)`.
    Fixed {
        /// The value at full precision.
        value: f64,
        /// Digits after the point.
        decimals: u8,
    },
    /// A number shown as JavaScript's `String(x)`.
    Number(f64),
    /// A percentage shown as `%` + `toFixed(decimals)` (Turkish style, `%4.00`).
    Percent {
        /// The value in percent.
        value: f64,
        /// Digits after the point.
        decimals: u8,
    },
    /// Data text (a name, an ordering).
    Text(String),
    /// A fixed label with a message key (translated on the page).
    Label {
        /// Message key.
        key: &'static str,
        /// The lesson's text.
        text: &'static str,
    },
    /// Whole numbers joined by commas.
    IntList(Vec<i64>),
}

impl Cell {
    /// The number a numeric cell holds (`None` for text, labels and lists): what sweeps,
    /// claims and comparisons read.
    pub fn number(&self) -> Option<f64> {
        match *self {
            Cell::Int(v) | Cell::Grouped(v) => Some(v as f64),
            Cell::Fixed { value, .. } | Cell::Percent { value, .. } | Cell::Number(value) => {
                Some(value)
            }
            Cell::Text(_) | Cell::Label { .. } | Cell::IntList(_) => None,
        }
    }

    /// A `toFixed` cell.
    pub fn fixed(value: f64, decimals: u8) -> Self {
        Cell::Fixed { value, decimals }
    }

    /// The cell as the lesson's script prints it (without padding).
    pub fn text(&self) -> String {
        match self {
            Cell::Int(v) => v.to_string(),
            Cell::Grouped(v) => tr_grouped(*v),
            // A number with no value (a share of nothing: 0/0) is printed as a dash, never as
            // `NaN` or `Infinity` (the lessons' values never have one).
            Cell::Fixed { value, .. } | Cell::Number(value) | Cell::Percent { value, .. }
                if !value.is_finite() =>
            {
                "—".to_string()
            }
            Cell::Fixed { value, decimals } => to_fixed(*value, usize::from(*decimals)),
            Cell::Number(v) => number_to_string(*v),
            Cell::Percent { value, decimals } => {
                format!("%{}", to_fixed(*value, usize::from(*decimals)))
            }
            Cell::Text(t) => t.clone(),
            Cell::Label { text, .. } => (*text).to_string(),
            Cell::IntList(v) => v
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = self.text();
        match self {
            Cell::Int(v) | Cell::Grouped(v) => {
                let grouped = matches!(self, Cell::Grouped(_));
                let mut st = s.serialize_struct("Cell", 3 + usize::from(grouped))?;
                st.serialize_field("kind", "int")?;
                st.serialize_field("value", v)?;
                if grouped {
                    st.serialize_field("grouping", &true)?;
                }
                st.serialize_field("text", &text)?;
                st.end()
            }
            Cell::Fixed { value, decimals } | Cell::Percent { value, decimals } => {
                let kind = if matches!(self, Cell::Fixed { .. }) {
                    "fixed"
                } else {
                    "percent"
                };
                let mut st = s.serialize_struct("Cell", 4)?;
                st.serialize_field("kind", kind)?;
                st.serialize_field("value", &finite(*value))?;
                st.serialize_field("decimals", decimals)?;
                st.serialize_field("text", &text)?;
                st.end()
            }
            Cell::Number(v) => {
                let mut st = s.serialize_struct("Cell", 3)?;
                st.serialize_field("kind", "number")?;
                st.serialize_field("value", &finite(*v))?;
                st.serialize_field("text", &text)?;
                st.end()
            }
            Cell::Text(t) => {
                let mut st = s.serialize_struct("Cell", 2)?;
                st.serialize_field("kind", "text")?;
                st.serialize_field("value", t)?;
                st.end()
            }
            Cell::Label { key, text } => {
                let mut st = s.serialize_struct("Cell", 3)?;
                st.serialize_field("kind", "label")?;
                st.serialize_field("key", key)?;
                st.serialize_field("value", text)?;
                st.end()
            }
            Cell::IntList(v) => {
                let mut st = s.serialize_struct("Cell", 3)?;
                st.serialize_field("kind", "list")?;
                st.serialize_field("value", v)?;
                st.serialize_field("text", &text)?;
                st.end()
            }
        }
    }
}

/// Non-finite numbers (a 0/0 in the lesson's arithmetic) become `null`; `text` says which.
fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Values<'a>(&'a [Part]);
        impl Serialize for Values<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(None)?;
                for part in self.0 {
                    if let Part::Value(name, cell) = part {
                        map.serialize_entry(name, cell)?;
                    }
                }
                map.end()
            }
        }
        let mut st = s.serialize_struct("Line", 3)?;
        st.serialize_field("key", self.key)?;
        st.serialize_field("text", &self.text())?;
        st.serialize_field("values", &Values(&self.parts))?;
        st.end()
    }
}

impl Line {
    /// A line from its key and parts.
    pub fn new(key: &'static str, parts: Vec<Part>) -> Self {
        Self { key, parts }
    }

    /// The line as the lesson prints it.
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Text(t) => (*t).to_string(),
                Part::Value(_, c) => c.text(),
            })
            .collect()
    }
}

/// A line from the lesson's text with `{name}` where a value goes, each taking the next of `cells`
/// (one loop for every line of a lesson, which keeps the WebAssembly small).
pub fn line_from(key: &'static str, template: &'static str, cells: Vec<Cell>) -> Line {
    let mut parts = Vec::with_capacity(2 * cells.len() + 1);
    let mut cells = cells.into_iter();
    let mut rest = template;
    while let Some((text, after)) = rest.split_once('{') {
        let (name, tail) = after.split_once('}').unwrap_or((after, ""));
        if !text.is_empty() {
            parts.push(Part::Text(text));
        }
        parts.push(Part::Value(name, cells.next().unwrap_or(Cell::Int(0))));
        rest = tail;
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest));
    }
    Line::new(key, parts)
}

/// Literal text of a line.
pub fn t(text: &'static str) -> Part {
    Part::Text(text)
}

/// A named value of a line.
pub fn v(name: &'static str, cell: Cell) -> Part {
    Part::Value(name, cell)
}

/// A whole-number cell from a count (the lessons' tallies are `u64`).
pub fn int(n: u64) -> Cell {
    Cell::Int(n as i64)
}

/// A left-aligned (`padEnd`) column.
pub const fn left(key: &'static str, label: &'static str, width: usize) -> Column {
    Column {
        key,
        label,
        width,
        align: Align::Left,
    }
}

/// A right-aligned (`padStart`) column.
pub const fn right(key: &'static str, label: &'static str, width: usize) -> Column {
    Column {
        key,
        label,
        width,
        align: Align::Right,
    }
}

/// A table with one row per item: one loop for every table, which keeps the WebAssembly small.
pub fn table<T>(
    key: &'static str,
    columns: &[Column],
    items: &[T],
    row: &dyn Fn(&T) -> Vec<Cell>,
) -> Block {
    let mut rows = Vec::with_capacity(items.len());
    for item in items {
        rows.push(row(item));
    }
    Block::Table(Table {
        key,
        columns: columns.to_vec(),
        rows,
    })
}

/// The columns of a replication spread (beyond the lesson): mean, standard deviation, range.
pub const SPREAD_COLUMNS: [Column; 4] = [
    right("rep_mean", "tekrar ort.", 12),
    right("rep_sd", "std. sapma", 12),
    right("rep_min", "en az", 10),
    right("rep_max", "en cok", 10),
];

/// Whether an exact value lies inside a sampled value's interval, as a translated label.
pub fn inside_cell(exact: f64, (low, high): (f64, f64)) -> Cell {
    if low <= exact && exact <= high {
        Cell::Label {
            key: "yes",
            text: "evet",
        }
    } else {
        Cell::Label {
            key: "no",
            text: "hayir",
        }
    }
}
