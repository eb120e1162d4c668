//! Printed numbers read back as typed cells: what `String(n)`, `toFixed(d)`,
//! `toLocaleString("tr-TR")` and the Turkish percent `%4.00` print, each read back exactly, the
//! ambiguous ones (`8.000`) decided per column.
//!
//! The rule, per token (a cell's text without its padding):
//! - a whole number (`-12`, `4000`) is [`Cell::Int`];
//! - a decimal with `d` digits after the point (`0.375`, `1141.4`) is [`Cell::Fixed`] with `d`,
//!   unless its column shows `String(x)`: decimals with different numbers of digits, none ending
//!   in `0` (`0.5`, `0.25`), which are [`Cell::Number`]; an exponent (`1e-7`) is always a Number;
//! - groups of three joined by `.` (`1.234.567`) are [`Cell::Grouped`];
//! - `%` and a whole or decimal number (`%8`, `%4.00`) is [`Cell::Percent`];
//! - `—` (what a report prints for a number with no value) is a Fixed or Percent with no value
//!   in a column whose other numbers all have that kind and precision;
//! - anything else is [`Cell::Text`].
//!
//! A token with one `.` and three digits after it (`8.000`, `1.234`) is both `toFixed(3)` of a
//! number below 1000 and the tr-TR grouping of one from 1000 to 999999. Its column decides: a
//! [`Hint`] for the column first; else the column's other cells: `1.234.567` (only grouping prints
//! it) says grouped, `0.125` or an ungrouped `16102` (only `toFixed`/`String` print those) says
//! fixed; with no evidence either way (or both), the other columns of its table say the same
//! way (a script prints a table in one style); with none there either, the column is grouped
//! if every such token ends in `.000` (round thousands, as counts are) and fixed otherwise. A
//! column whose every value is a whole number printed with `toFixed(3)` (`40.000`) in a table of
//! such columns cannot be told from grouping: its lesson's manifest says so with a [`Hint`].
//!
//! Every reading is checked by printing it again: a token becomes a number only if the cell
//! prints exactly that token, so `007`, `+5`, `-0` or `1.50e3` stay text.

use crate::jsfmt::{number_to_string, parse_number, to_fixed, tr_grouped};
use crate::report::Cell;
use serde::{Deserialize, Serialize};

/// How a column's `8.000`-like tokens read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// tr-TR grouping of a whole number: `8.000` is 8000.
    Grouped,
    /// `toFixed(3)`: `8.000` is 8.
    Fixed,
}

/// A lesson's word on one column (from its manifest): how its `8.000`-like tokens read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// The table, counted from 0 in the section's order; none: every table with the column.
    #[serde(default)]
    pub table: Option<usize>,
    /// The column's header as printed (`yilda`, `ac kalan`).
    pub column: String,
    /// How its ambiguous tokens read.
    pub read: Reading,
}

/// The hint for column `label` of table number `table`, if any (a hint naming the table wins).
pub fn hint_for(hints: &[Hint], table: usize, label: &str) -> Option<Reading> {
    let named = hints
        .iter()
        .find(|h| h.table == Some(table) && h.column == label);
    named
        .or_else(|| {
            hints
                .iter()
                .find(|h| h.table.is_none() && h.column == label)
        })
        .map(|h| h.read)
}

/// What one printed token can be, before its column decides.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    /// A whole number as `String(n)` prints it.
    Int(i64),
    /// A decimal (`toFixed(decimals)`; `as_string`: `String(x)` prints it the same).
    Decimal {
        value: f64,
        decimals: u8,
        as_string: bool,
    },
    /// Only `String(x)` prints it (an exponent).
    Exponent(f64),
    /// Only tr-TR grouping prints it (two or more dots).
    Grouped(i64),
    /// `toFixed(3)` of `fixed` or tr-TR grouping of `grouped` (`8.000`).
    Either { fixed: f64, grouped: i64 },
    /// `%` and a `toFixed(decimals)`.
    Percent { value: f64, decimals: u8 },
    /// The dash a report prints for a number with no value.
    Dash,
    /// Not a number.
    Text,
}

/// The dash [`Cell::text`] prints for a non-finite number.
const DASH: &str = "—";

/// Reads one token, keeping every reading that prints it back exactly.
fn token(t: &str) -> Token {
    if t == DASH {
        return Token::Dash;
    }
    if let Some(rest) = t.strip_prefix('%') {
        return match decimal(rest) {
            Some((value, decimals)) if to_fixed(value, usize::from(decimals)) == rest => {
                Token::Percent { value, decimals }
            }
            _ => Token::Text,
        };
    }
    if let Some(n) = whole(t) {
        return Token::Int(n);
    }
    let grouped = grouped(t);
    match decimal(t) {
        Some((value, decimals)) if to_fixed(value, usize::from(decimals)) == t => match grouped {
            Some(g) => Token::Either {
                fixed: value,
                grouped: g,
            },
            None => Token::Decimal {
                value,
                decimals,
                as_string: number_to_string(value) == t,
            },
        },
        _ => match (grouped, parse_number(t)) {
            (Some(g), _) => Token::Grouped(g),
            (None, Some(x)) if number_to_string(x) == t => Token::Exponent(x),
            _ => Token::Text,
        },
    }
}

/// A whole number that `String(n)` prints as `t`.
fn whole(t: &str) -> Option<i64> {
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = t.parse().ok()?;
    (n.to_string() == t).then_some(n)
}

/// A plain decimal `[-]digits.digits` and its number of digits after the point.
fn decimal(t: &str) -> Option<(f64, u8)> {
    let digits = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !plain(int) || !(frac.is_empty() || plain(frac)) || frac.len() > 100 {
        return None;
    }
    Some((parse_number(t)?, frac.len() as u8))
}

/// A whole number that tr-TR grouping prints as `t`, if `t` has a dot.
fn grouped(t: &str) -> Option<i64> {
    if !t.contains('.') {
        return None;
    }
    let digits: String = t.chars().filter(|&c| c != '.').collect();
    let n = whole(&digits)?;
    (tr_grouped(n) == t).then_some(n)
}

/// How `8.000`-like tokens read in a column (see the module's rule): the hint, else the
/// column's evidence, else its table's (a table is printed in one style), else round thousands
/// read grouped. `table` is every cell of the column's table (for a line: its numbers).
pub fn reading(hint: Option<Reading>, column: &[&str], table: &[&str]) -> Reading {
    hint.or_else(|| evidence(column))
        .or_else(|| evidence(table))
        .unwrap_or_else(|| {
            let thousands = column.iter().all(|t| match token(t) {
                Token::Either { grouped, .. } => grouped % 1000 == 0,
                _ => true,
            });
            if thousands {
                Reading::Grouped
            } else {
                Reading::Fixed
            }
        })
}

/// What these tokens say of `8.000`: grouped if one only grouping prints (`1.234.567`), fixed
/// if one only `toFixed(3)` or `String` prints (`0.125`, an ungrouped `16102`), else nothing.
fn evidence(texts: &[&str]) -> Option<Reading> {
    let (mut grouped, mut fixed) = (false, false);
    for t in texts {
        match token(t) {
            Token::Grouped(_) => grouped = true,
            Token::Decimal { decimals: 3, .. } => fixed = true,
            Token::Int(n) => fixed |= n.unsigned_abs() >= 1000,
            _ => {}
        }
    }
    match (grouped, fixed) {
        (true, false) => Some(Reading::Grouped),
        (false, true) => Some(Reading::Fixed),
        _ => None,
    }
}

/// The typed cells of one column, top to bottom, from the tokens printed in it; `read` says
/// how its `8.000`-like tokens read ([`reading`]).
pub fn column(texts: &[&str], read: Reading) -> Vec<Cell> {
    let tokens: Vec<Token> = texts.iter().map(|t| token(t)).collect();
    let strings = shows_string(&tokens);
    let mut cells: Vec<Cell> = tokens
        .iter()
        .zip(texts)
        .map(|(token, text)| match *token {
            Token::Int(n) => Cell::Int(n),
            Token::Decimal {
                value, as_string, ..
            } if strings && as_string => Cell::Number(value),
            Token::Decimal {
                value, decimals, ..
            } => Cell::fixed(value, decimals),
            Token::Exponent(x) => Cell::Number(x),
            Token::Grouped(n) => Cell::Grouped(n),
            Token::Either { grouped, .. } if read == Reading::Grouped => Cell::Grouped(grouped),
            Token::Either { fixed, .. } => Cell::fixed(fixed, 3),
            Token::Percent { value, decimals } => Cell::Percent { value, decimals },
            Token::Dash | Token::Text => Cell::Text((*text).to_string()),
        })
        .collect();
    if let Some(empty) = no_value(&cells) {
        for (cell, token) in cells.iter_mut().zip(&tokens) {
            if *token == Token::Dash {
                *cell = empty.clone();
            }
        }
    }
    cells
}

/// Whether the column's decimals are `String(x)`'s: more than one number of digits after the
/// point, and every one printed as `String(x)` prints it (no trailing zero).
fn shows_string(tokens: &[Token]) -> bool {
    let mut digits = None;
    let mut varied = false;
    for t in tokens {
        if let Token::Decimal {
            decimals,
            as_string,
            ..
        } = *t
        {
            if !as_string {
                return false;
            }
            varied |= digits.is_some_and(|d| d != decimals);
            digits = Some(decimals);
        }
    }
    varied
}

/// The cell a dash stands for: a Fixed or Percent with no value, when every other number of the
/// column is of that kind and precision.
fn no_value(cells: &[Cell]) -> Option<Cell> {
    let mut kind = None;
    for cell in cells {
        let this = match *cell {
            Cell::Fixed { decimals, .. } => Cell::fixed(f64::NAN, decimals),
            Cell::Percent { decimals, .. } => Cell::Percent {
                value: f64::NAN,
                decimals,
            },
            Cell::Text(_) => continue,
            _ => return None,
        };
        match &kind {
            None => kind = Some(this),
            Some(k) if same_kind(k, &this) => {}
            Some(_) => return None,
        }
    }
    kind
}

/// Whether two cells have the same display rule (kind and precision).
fn same_kind(a: &Cell, b: &Cell) -> bool {
    match (a, b) {
        (Cell::Fixed { decimals: x, .. }, Cell::Fixed { decimals: y, .. })
        | (Cell::Percent { decimals: x, .. }, Cell::Percent { decimals: y, .. }) => x == y,
        _ => false,
    }
}

/// Whether a token reads as a number on its own (a header of numbers is no header).
pub fn is_number(t: &str) -> bool {
    !matches!(token(t), Token::Text | Token::Dash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(t: &str) -> Cell {
        column(&[t], reading(None, &[t], &[t])).remove(0)
    }

    fn alone(texts: &[&str], hint: Option<Reading>) -> Vec<Cell> {
        column(texts, reading(hint, texts, texts))
    }

    #[test]
    fn each_display_rule_reads_back() {
        assert_eq!(one("42"), Cell::Int(42));
        assert_eq!(one("-7"), Cell::Int(-7));
        assert_eq!(one("0.375"), Cell::fixed(0.375, 3));
        assert_eq!(one("1141.4"), Cell::fixed(1141.4, 1));
        assert_eq!(one("1.234.567"), Cell::Grouped(1_234_567));
        assert_eq!(
            one("%4.00"),
            Cell::Percent {
                value: 4.0,
                decimals: 2
            }
        );
        assert_eq!(
            one("%8"),
            Cell::Percent {
                value: 8.0,
                decimals: 0
            }
        );
        assert_eq!(one("1e-7"), Cell::Number(1e-7));
        for text in [
            "007", "+5", "-0", "-0.00", "1.50e3", "0x10", "NaN", "1,5", "%", "%x", "", "12.",
        ] {
            assert_eq!(one(text), Cell::Text(text.to_string()), "{text:?}");
        }
    }

    #[test]
    fn eight_thousand_is_decided_by_its_column() {
        assert_eq!(one("8.000"), Cell::Grouped(8000));
        assert_eq!(one("1.234"), Cell::fixed(1.234, 3));
        assert_eq!(alone(&["8.000", "1.234.567"], None)[0], Cell::Grouped(8000));
        assert_eq!(alone(&["8.000", "0.125"], None)[0], Cell::fixed(8.0, 3));
        assert_eq!(alone(&["8.000", "16102"], None)[0], Cell::fixed(8.0, 3));
        assert_eq!(
            alone(&["8.000", "0.125"], Some(Reading::Grouped))[0],
            Cell::Grouped(8000)
        );
        // No evidence in the column: its table's other columns say.
        let read = reading(None, &["40.000"], &["40.000", "14600", "0.375"]);
        assert_eq!(column(&["40.000"], read), [Cell::fixed(40.0, 3)]);
        let read = reading(None, &["40.000"], &["40.000", "2.500.000"]);
        assert_eq!(column(&["40.000"], read), [Cell::Grouped(40000)]);
    }

    #[test]
    fn string_columns_are_numbers_and_dashes_keep_their_column() {
        let c = alone(&["0.5", "0.25", "2"], None);
        assert_eq!(c, [Cell::Number(0.5), Cell::Number(0.25), Cell::Int(2)]);
        let c = alone(&["0.50", "0.25"], None);
        assert_eq!(c, [Cell::fixed(0.5, 2), Cell::fixed(0.25, 2)]);
        let c = alone(&["0.50", "—"], None);
        assert!(matches!(c[1], Cell::Fixed { value, decimals: 2 } if value.is_nan()));
        assert_eq!(c[1].text(), "—");
        let c = alone(&["7", "—"], None);
        assert_eq!(c[1], Cell::Text("—".to_string()));
    }

    #[test]
    fn hints_name_a_column_of_a_table_or_of_every_table() {
        let hints = [
            Hint {
                table: None,
                column: "yilda".to_string(),
                read: Reading::Fixed,
            },
            Hint {
                table: Some(1),
                column: "yilda".to_string(),
                read: Reading::Grouped,
            },
        ];
        assert_eq!(hint_for(&hints, 0, "yilda"), Some(Reading::Fixed));
        assert_eq!(hint_for(&hints, 1, "yilda"), Some(Reading::Grouped));
        assert_eq!(hint_for(&hints, 1, "kat"), None);
    }
}
