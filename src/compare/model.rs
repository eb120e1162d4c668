//! The comparison as data: sections, groups, lines and tables of compared cells, each marked
//! changed or not and on which side it is; what `--vs --format json` prints.

use super::cell::CellDiff;
use crate::query;
use crate::report::Column;
use serde::Serialize;
use serde::ser::SerializeMap;

/// Where a compared piece is: on both sides, or on one only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// A and B both have it.
    Both,
    /// Only A (`vs`) has it.
    OnlyA,
    /// Only B (the run shown) has it.
    OnlyB,
}

impl Side {
    pub(super) fn of<T>(b: Option<T>, a: Option<T>) -> Self {
        match (b, a) {
            (Some(_), None) => Side::OnlyB,
            (None, Some(_)) => Side::OnlyA,
            _ => Side::Both,
        }
    }
}

/// One run of the comparison: its share-link query and every parameter's text.
#[derive(Debug, Clone, Serialize)]
pub struct Run {
    /// The share-link query of its parameters.
    pub query: String,
    /// Every parameter in the codec's text form.
    #[serde(serialize_with = "query::pairs_as_map")]
    pub params: Vec<(&'static str, String)>,
}

/// A parameter whose value differs between A and B.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParamChange {
    /// The parameter's name.
    pub name: &'static str,
    /// A's value, in the codec's text form.
    pub a: String,
    /// B's value, in the codec's text form.
    pub b: String,
}

/// One of the largest changes in the results, with where it is.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// Section name.
    pub section: &'static str,
    /// Group key.
    pub group: &'static str,
    /// The table's key, or the line's key for a sentence value.
    pub block: &'static str,
    /// The row's key (tables only).
    pub row: Option<String>,
    /// The column's key, or the sentence value's name.
    pub column: &'static str,
    /// The cell compared.
    #[serde(flatten)]
    pub cell: CellDiff,
}

/// What changed, in short.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The parameters that differ, in schema order.
    pub params: Vec<ParamChange>,
    /// The largest changes in the results (at most [`LARGEST`]), by |relative change| then |Δ|.
    pub largest: Vec<Change>,
}

/// How many changes the summary names.
pub const LARGEST: usize = 5;

/// Two runs of one lesson compared.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// The version of tatbikat that computed it.
    pub tatbikat: &'static str,
    /// Lesson id.
    pub lesson: &'static str,
    /// The one section compared, if any.
    pub section: Option<String>,
    /// B: the run shown.
    pub b: Run,
    /// A: the run compared against (`vs`).
    pub a: Run,
    /// Whether anything in the results differs.
    pub changed: bool,
    /// What changed, in short.
    pub summary: Summary,
    /// The sections compared.
    pub sections: Vec<SectionDiff>,
}

/// A section compared.
#[derive(Debug, Clone, Serialize)]
pub struct SectionDiff {
    /// Section name.
    pub name: &'static str,
    /// Where it is.
    pub side: Side,
    /// Whether anything in it differs.
    pub changed: bool,
    /// Its groups, B's order first, A's own after the group they follow in A.
    pub groups: Vec<GroupDiff>,
}

/// A group compared.
#[derive(Debug, Clone, Serialize)]
pub struct GroupDiff {
    /// Group key.
    pub key: &'static str,
    /// Whether the group goes beyond the lesson's text (see [`Group::extension`]).
    pub extension: bool,
    /// Where it is.
    pub side: Side,
    /// Whether anything in it differs.
    pub changed: bool,
    /// Its lines and tables.
    pub blocks: Vec<BlockDiff>,
}

/// A line or a table compared.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BlockDiff {
    /// A sentence.
    Line(LineDiff),
    /// A table.
    Table(TableDiff),
}

impl BlockDiff {
    /// Whether anything in the block differs.
    pub fn changed(&self) -> bool {
        match self {
            BlockDiff::Line(l) => l.changed,
            BlockDiff::Table(t) => t.changed,
        }
    }
}

/// A sentence compared: both texts and each named value.
#[derive(Debug, Clone, Serialize)]
pub struct LineDiff {
    /// The line's key.
    pub key: &'static str,
    /// Where it is.
    pub side: Side,
    /// Whether its text or any value differs.
    pub changed: bool,
    /// B's text, as the lesson prints it.
    pub b_text: Option<String>,
    /// A's text, as the lesson prints it.
    pub a_text: Option<String>,
    /// Each named value, B's order first.
    #[serde(serialize_with = "values_as_map")]
    pub values: Vec<(&'static str, CellDiff)>,
}

fn values_as_map<S: serde::Serializer>(
    values: &[(&'static str, CellDiff)],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(values.len()))?;
    for (name, cell) in values {
        map.serialize_entry(name, cell)?;
    }
    map.end()
}

/// A table column compared.
#[derive(Debug, Clone, Serialize)]
pub struct ColumnDiff {
    /// The column (B's, or A's if only A has it).
    #[serde(flatten)]
    pub column: Column,
    /// Where it is.
    pub side: Side,
}

/// A table compared: columns matched by key, rows by row key.
#[derive(Debug, Clone, Serialize)]
pub struct TableDiff {
    /// The table's key.
    pub key: &'static str,
    /// Where it is.
    pub side: Side,
    /// Whether any row differs.
    pub changed: bool,
    /// B's columns, then A's own.
    pub columns: Vec<ColumnDiff>,
    /// B's rows in B's order, each of A's own after the row it follows in A.
    pub rows: Vec<RowDiff>,
}

/// A table row compared.
#[derive(Debug, Clone, Serialize)]
pub struct RowDiff {
    /// The row key: the first cell's message key for a label, else its printed text.
    pub key: String,
    /// Where it is.
    pub side: Side,
    /// Whether any cell differs.
    pub changed: bool,
    /// One cell per column of [`TableDiff::columns`].
    pub cells: Vec<CellDiff>,
}
