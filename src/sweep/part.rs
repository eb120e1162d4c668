//! What a sweep keeps of each point's run ([`PointCells`]: the rows of every metric's table, not
//! the whole report), and its byte form, so that the page's pool of workers can run parts of a
//! sweep in separate WebAssembly instances and hand them to one instance that assembles the
//! sweep ([`super::plan::Plan::join`]) exactly as a serial run does.
//!
//! Byte form (little-endian): `from: u32`, `count: u32`, then each point: `metrics: u32`, each
//! metric `0` (its table is missing) or `1`, `row_column`, `rows: u32`, each row `label`, `key`
//! (`0` or `1` + text), `value` (`0` or `1` + the f64's bits: exact), `decimals: u8`; a text is
//! `len: u32` + UTF-8. Hand-written: a serde deserializer would weigh more in the module.

use crate::error::Error;
use crate::report::{Cell, Report, Table};

use super::spec::{MAX_METRICS, MAX_POINTS, Metric, row_label, tables};

/// One point's reading of every metric of a sweep (the first, then the further ones).
#[derive(Debug, Clone, PartialEq)]
pub struct PointCells {
    /// Per metric: its table's rows at this point, or `None` where the run has no such column.
    pub metrics: Vec<Option<TableCells>>,
}

/// The rows of a metric's table at one point, in the table's order.
#[derive(Debug, Clone, PartialEq)]
pub struct TableCells {
    /// The key of the table's first column (it names the rows).
    pub row_column: &'static str,
    /// The rows the metric reads (only the `@row` one when it names one).
    pub rows: Vec<RowCells>,
}

/// One row of a metric's table at one point.
#[derive(Debug, Clone, PartialEq)]
pub struct RowCells {
    /// The row's label as the lesson prints it.
    pub label: String,
    /// Message key of a fixed label.
    pub key: Option<&'static str>,
    /// The metric's value in this row.
    pub value: Option<f64>,
    /// Digits the cell shows (0 for a cell without a fixed number of digits).
    pub decimals: u8,
}

/// Reads what the sweep needs of `metrics` from one point's report.
pub fn extract(report: &Report, metrics: &[&Metric]) -> PointCells {
    PointCells {
        metrics: metrics.iter().map(|m| table_cells(report, m)).collect(),
    }
}

fn table_cells(report: &Report, metric: &Metric) -> Option<TableCells> {
    let table: &Table = tables(report).find(|t| t.key == metric.table)?;
    let col = table.columns.iter().position(|c| c.key == metric.column)?;
    let rows = table
        .rows
        .iter()
        .filter_map(|row| {
            let (label, key) = row_label(&row[0]);
            // `@row` names a row by its label or its label's key.
            if metric
                .row
                .as_ref()
                .is_some_and(|r| *r != label && Some(r.as_str()) != key)
            {
                return None;
            }
            let decimals = match row.get(col) {
                Some(Cell::Fixed { decimals, .. } | Cell::Percent { decimals, .. }) => *decimals,
                _ => 0,
            };
            Some(RowCells {
                label,
                key,
                value: row.get(col).and_then(Cell::number),
                decimals,
            })
        })
        .collect();
    Some(TableCells {
        row_column: table.columns[0].key,
        rows,
    })
}

/// The byte form of the points `from..from + cells.len()`.
pub fn encode(from: usize, cells: &[PointCells]) -> Vec<u8> {
    let mut out = Vec::new();
    let num = |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&(n as u32).to_le_bytes());
    let text = |out: &mut Vec<u8>, s: &str| {
        num(out, s.len());
        out.extend_from_slice(s.as_bytes());
    };
    num(&mut out, from);
    num(&mut out, cells.len());
    for point in cells {
        num(&mut out, point.metrics.len());
        for m in &point.metrics {
            let Some(t) = m else {
                out.push(0);
                continue;
            };
            out.push(1);
            text(&mut out, t.row_column);
            num(&mut out, t.rows.len());
            for r in &t.rows {
                text(&mut out, &r.label);
                match r.key {
                    Some(k) => {
                        out.push(1);
                        text(&mut out, k);
                    }
                    None => out.push(0),
                }
                match r.value {
                    Some(v) => {
                        out.push(1);
                        out.extend_from_slice(&v.to_bits().to_le_bytes());
                    }
                    None => out.push(0),
                }
                out.push(r.decimals);
            }
        }
    }
    out
}

/// Reads a part back: its first point and its points. A malformed part is refused (it names
/// `sweep`), never a panic.
pub fn decode(bytes: &[u8]) -> Result<(usize, Vec<PointCells>), Error> {
    let mut r = Reader { bytes, at: 0 };
    let from = r.num()?;
    let count = r.num()?;
    let mut points = Vec::with_capacity(count.min(MAX_POINTS * 2));
    for _ in 0..count {
        let n = r.num()?;
        let mut metrics = Vec::with_capacity(n.min(MAX_METRICS));
        for _ in 0..n {
            if r.byte()? == 0 {
                metrics.push(None);
                continue;
            }
            let row_column = intern(r.text()?);
            let rows_n = r.num()?;
            let mut rows = Vec::with_capacity(rows_n.min(1024));
            for _ in 0..rows_n {
                let label = r.text()?.to_string();
                let key = match r.byte()? {
                    0 => None,
                    _ => Some(intern(r.text()?)),
                };
                let value = match r.byte()? {
                    0 => None,
                    _ => Some(f64::from_bits(u64::from_le_bytes(r.array()?))),
                };
                let decimals = r.byte()?;
                rows.push(RowCells {
                    label,
                    key,
                    value,
                    decimals,
                });
            }
            metrics.push(Some(TableCells { row_column, rows }));
        }
        points.push(PointCells { metrics });
    }
    if r.at != bytes.len() {
        return Err(malformed());
    }
    Ok((from, points))
}

fn malformed() -> Error {
    Error::bad("sweep", "", "a part of this sweep as the core wrote it")
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        let end = self.at.checked_add(n).ok_or_else(malformed)?;
        let out = self.bytes.get(self.at..end).ok_or_else(malformed)?;
        self.at = end;
        Ok(out)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }
    fn byte(&mut self) -> Result<u8, Error> {
        Ok(self.array::<1>()?[0])
    }
    fn num(&mut self) -> Result<usize, Error> {
        Ok(u32::from_le_bytes(self.array()?) as usize)
    }
    fn text(&mut self) -> Result<&'a str, Error> {
        let n = self.num()?;
        std::str::from_utf8(self.take(n)?).map_err(|_| malformed())
    }
}

/// The one `&'static str` for a key read back (the sweep's types keep keys static, as the
/// lessons write them). Each distinct key is kept once, so memory stays bounded by the lessons'
/// own keys (parts come only from the core's own workers).
fn intern(text: &str) -> &'static str {
    static KEYS: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut keys = KEYS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(k) = keys.iter().find(|k| **k == text) {
        return k;
    }
    let k: &'static str = Box::leak(text.to_string().into_boxed_str());
    keys.push(k);
    k
}
