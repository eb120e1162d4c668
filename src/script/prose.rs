//! The numbers in a prose line (`gunde 8.000 yazilmis telafi yolu`), typed as a table's cells
//! are, so a claim can read a sentence's value as it reads a cell.
//!
//! A number is `%`, `-` or a digit where no letter, digit, `.` or `_` comes before, then
//! `%?-?digits(.digits)*(e[+-]digits)?`, with no letter or digit after: `80/gun` gives 80, `2'si`
//! 2, `30-54` 30 and 54, `%32.50'i` 32.50 %; `K01`, `DD5`, `N1` give none. Each is typed alone
//! by `cell.rs`'s rule (a sentence mixes styles, so an `8.000` in one is grouped whatever else
//! it says); what does not read as a number (`1.2.3`, a dash) is left out.

use super::cell;
use crate::report::Cell;
use serde::Serialize;

/// A number in a line: where it is and what it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Value {
    /// Its first byte in the line.
    pub start: usize,
    /// The byte after its last.
    pub end: usize,
    /// The number with its display rule (its text is the line's, exactly).
    pub cell: Cell,
}

/// The numbers of a line, left to right.
pub fn values(line: &str) -> Vec<Value> {
    let b = line.as_bytes();
    let word = |i: usize| b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80;
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let free = i == 0 || !(word(i - 1) || b[i - 1] == b'.');
        if !free || !matches!(b[i], b'%' | b'-' | b'0'..=b'9') {
            i += 1;
            continue;
        }
        let mut j = i + usize::from(b[i] == b'%');
        j += usize::from(b.get(j) == Some(&b'-'));
        let mut end = digits(j);
        if end == j {
            i += 1;
            continue;
        }
        while b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
            end = digits(end + 1);
        }
        // An exponent, as `String(x)` prints one (`2.5e-7`, `1e+21`).
        if matches!(b.get(end), Some(b'e')) {
            let sign = usize::from(matches!(b.get(end + 1), Some(b'+' | b'-')));
            let power = digits(end + 1 + sign);
            if power > end + 1 + sign {
                end = power;
            }
        }
        if end < b.len() && word(end) {
            i = end;
            continue;
        }
        found.push((i, end));
        i = end;
    }
    let mut out = Vec::with_capacity(found.len());
    for (start, end) in found {
        let text = &line[start..end];
        let cell = cell::column(&[text], cell::reading(None, &[text], &[])).remove(0);
        if cell.number().is_some() {
            out.push(Value { start, end, cell });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<String> {
        values(line).iter().map(|v| v.cell.text()).collect()
    }

    #[test]
    fn numbers_stand_alone_in_a_sentence() {
        assert_eq!(
            texts("gunluk is akisi 4000, KK2 = 0.02 -> hatali 80/gun"),
            ["4000", "0.02", "80"]
        );
        assert_eq!(
            texts("turlarin %32.50'i cift kosar; gunde 8.000 yazilmis, 30-54 saat."),
            ["%32.50", "8.000", "30", "54"]
        );
        assert_eq!(texts("coken: N1@20, K01 DD5 x2 2x"), ["20"]);
        assert_eq!(values("gunde 8.000 yol")[0].cell, Cell::Grouped(8000));
        assert_eq!(texts("-3 ve -x, 1.2.3, ğ5, 2.5e-7 s"), ["-3", "2.5e-7"]);
        assert_eq!(values("8.000 ve 4000")[0].cell, Cell::Grouped(8000));
        assert_eq!(values("1.234 kez")[0].cell, Cell::fixed(1.234, 3));
    }
}
