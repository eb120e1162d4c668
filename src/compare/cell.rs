//! One cell of a comparison: B's cell, A's cell, and for numbers Δ = B − A, written with the
//! cell's own display rule, and the relative change where a ratio reads as "x % more".

use crate::jsfmt::{number_to_string, to_fixed, tr_grouped};
use crate::report::Cell;
use serde::{Serialize, Serializer};

/// B − A: whole for whole-number cells, real otherwise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Delta {
    /// Both cells are whole numbers (`Int`, `Grouped`).
    Int(i64),
    /// At least one cell is a real number (`Fixed`, `Percent`, `Number`).
    Real(f64),
}

impl Delta {
    /// The difference as an `f64` (for sorting and tests).
    pub fn as_f64(self) -> f64 {
        match self {
            Delta::Int(d) => d as f64,
            Delta::Real(d) => d,
        }
    }
}

impl Serialize for Delta {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Delta::Int(d) => s.serialize_i64(*d),
            Delta::Real(d) if d.is_finite() => s.serialize_f64(*d),
            Delta::Real(_) => s.serialize_none(),
        }
    }
}

/// A cell compared: present on one side or both, changed or not.
#[derive(Debug, Clone, Serialize)]
pub struct CellDiff {
    /// B's cell (the run shown), if B has it.
    pub b: Option<Cell>,
    /// A's cell (the run compared against, `vs`), if A has it.
    pub a: Option<Cell>,
    /// Whether the two differ (in value or display rule; a cell on one side only is changed).
    pub changed: bool,
    /// B − A, when both cells are numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delta: Option<Delta>,
    /// Δ as the column prints its numbers, with a sign (`+4`, `-0.031`, `0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delta_text: Option<String>,
    /// Δ / A, see [`relative`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relative: Option<f64>,
}

/// Equal cells: the same kind, value and rule (two NaN with the same rule are equal: the lesson
/// prints the same `NaN` on both sides).
pub fn same(a: &Cell, b: &Cell) -> bool {
    let nan = |c: &Cell| c.number().is_some_and(f64::is_nan);
    a == b
        || (nan(a)
            && nan(b)
            && std::mem::discriminant(a) == std::mem::discriminant(b)
            && a.text() == b.text())
}

/// Compares two cells. `ratio` says whether the relative change means something for this cell
/// (not for a row's key or a value that echoes a parameter; see [`relative`]).
pub fn diff(b: Option<&Cell>, a: Option<&Cell>, ratio: bool) -> CellDiff {
    let (delta, delta_text, relative) = match (b, a) {
        (Some(b), Some(a)) => match delta(b, a) {
            Some(d) => (
                Some(d),
                Some(delta_text(b, a, d)),
                ratio.then(|| relative(b, a, d)).flatten(),
            ),
            None => (None, None, None),
        },
        _ => (None, None, None),
    };
    CellDiff {
        changed: match (b, a) {
            (Some(b), Some(a)) => !same(b, a),
            _ => true,
        },
        b: b.cloned(),
        a: a.cloned(),
        delta,
        delta_text,
        relative,
    }
}

/// B − A for two numeric cells.
fn delta(b: &Cell, a: &Cell) -> Option<Delta> {
    match (b, a) {
        (Cell::Int(x) | Cell::Grouped(x), Cell::Int(y) | Cell::Grouped(y)) => {
            x.checked_sub(*y).map(Delta::Int)
        }
        _ => Some(Delta::Real(b.number()? - a.number()?)),
    }
}

/// B − A as a cell of B's display rule (what the page formats and signs): `toFixed` cells keep
/// their decimals, percent cells their `%`, grouped cells their `.`; a `String(x)` cell takes as
/// many decimals as the longer of the two texts, so 0.3 − 0.05 reads `0.25`.
pub fn delta_cell(b: &Cell, a: &Cell) -> Option<Cell> {
    Some(signed_cell(b, a, delta(b, a)?))
}

fn signed_cell(b: &Cell, a: &Cell, d: Delta) -> Cell {
    let v = d.as_f64();
    match (b, d) {
        (Cell::Grouped(_), Delta::Int(i)) => Cell::Grouped(i),
        (_, Delta::Int(i)) => Cell::Int(i),
        (Cell::Fixed { decimals, .. }, _) => Cell::fixed(v, *decimals),
        (Cell::Percent { decimals, .. }, _) => Cell::Percent {
            value: v,
            decimals: *decimals,
        },
        _ => {
            let (tb, ta) = (number_to_string(b.number().unwrap_or(0.0)), a.text());
            let positional = |t: &str| !t.contains(['e', 'N', 'I']);
            if positional(&tb) && positional(&ta) && v.is_finite() {
                let places = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
                Cell::fixed(v, places(&tb).max(places(&ta)) as u8)
            } else {
                Cell::Number(v)
            }
        }
    }
}

/// Δ written with B's display rule and a sign (ASCII `+`/`-`, as the lessons print; see
/// [`delta_cell`]).
fn delta_text(b: &Cell, a: &Cell, d: Delta) -> String {
    let v = d.as_f64();
    if !v.is_finite() {
        return number_to_string(v);
    }
    let sign = if v > 0.0 {
        "+"
    } else if v < 0.0 {
        "-"
    } else {
        ""
    };
    let body = match signed_cell(b, a, d) {
        Cell::Int(i) => i.unsigned_abs().to_string(),
        Cell::Grouped(i) => tr_grouped(i.abs()),
        Cell::Fixed { value, decimals } => to_fixed(value.abs(), usize::from(decimals)),
        Cell::Percent { value, decimals } => {
            format!("%{}", to_fixed(value.abs(), usize::from(decimals)))
        }
        other => number_to_string(other.number().unwrap_or(v).abs()),
    };
    format!("{sign}{body}")
}

/// Δ / A, the relative change, for numeric result cells whose values are both at least 0 and
/// A is not 0. Every number the lessons print is a non-negative magnitude — a count, a rate or
/// share, a duration, a cost — for which B/A − 1 reads as "x % more"; a negative value or A = 0
/// has no meaningful ratio. Row keys and values that echo a parameter are inputs, not effects,
/// and get none (the caller says so with `ratio`).
fn relative(b: &Cell, a: &Cell, d: Delta) -> Option<f64> {
    let (x, y) = (b.number()?, a.number()?);
    (x.is_finite() && y.is_finite() && x >= 0.0 && y > 0.0).then(|| d.as_f64() / y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(b: Cell, a: Cell) -> String {
        diff(Some(&b), Some(&a), true).delta_text.unwrap()
    }

    #[test]
    fn delta_keeps_the_columns_rule_and_a_sign() {
        assert_eq!(text(Cell::Int(23), Cell::Int(19)), "+4");
        assert_eq!(text(Cell::Int(19), Cell::Int(23)), "-4");
        assert_eq!(text(Cell::Int(5), Cell::Int(5)), "0");
        assert_eq!(text(Cell::Grouped(9000), Cell::Grouped(8000)), "+1.000");
        assert_eq!(text(Cell::fixed(0.006, 3), Cell::fixed(0.037, 3)), "-0.031");
        assert_eq!(
            text(
                Cell::Percent {
                    value: 6.0,
                    decimals: 2
                },
                Cell::Percent {
                    value: 4.0,
                    decimals: 2
                }
            ),
            "+%2.00"
        );
        assert_eq!(text(Cell::Number(0.3), Cell::Number(0.05)), "+0.25");
        assert_eq!(text(Cell::Number(80.0), Cell::Number(60.0)), "+20");
    }

    #[test]
    fn relative_only_where_a_ratio_means_something() {
        let d = diff(Some(&Cell::Int(6)), Some(&Cell::Int(4)), true);
        assert_eq!(d.relative, Some(0.5));
        assert!(d.changed);
        assert_eq!(
            diff(Some(&Cell::Int(6)), Some(&Cell::Int(0)), true).relative,
            None
        );
        assert_eq!(
            diff(Some(&Cell::Int(6)), Some(&Cell::Int(4)), false).relative,
            None
        );
        let t = diff(Some(&Cell::Text("x".into())), None, true);
        assert!(t.changed && t.delta.is_none());
        let nan = Cell::Number(f64::NAN);
        assert!(!diff(Some(&nan), Some(&nan), true).changed);
    }
}
