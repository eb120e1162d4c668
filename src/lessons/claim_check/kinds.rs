//! The claim check lesson's own parameter kind: a comma-separated list of lifetimes in hours,
//! fractions and zero included (`0.5,6,24`), as fis/olc.mjs reads `ttl_sweep` (`Number`).

use crate::params::{Bound, LessonKind, Reason, Value, split_list};

/// A list of hours from 0 to `max`, each any decimal number.
pub struct HourList {
    /// Items at most.
    pub max_len: usize,
    /// The largest hour.
    pub max: i64,
}

/// An hour as the codec reads a real: digits, a point, a sign and an exponent only (no `inf`,
/// `NaN` or hex), finite, from 0 to `max`; -0 reads as 0.
fn hour(item: &str, max: i64) -> Option<f64> {
    let plain = item
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'));
    if !plain || !item.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let v = crate::jsfmt::parse_number(item)?;
    (v.is_finite() && (0.0..=max as f64).contains(&v)).then_some(if v == 0.0 { 0.0 } else { v })
}

impl LessonKind for HourList {
    fn name(&self) -> &'static str {
        "hour_list"
    }

    fn allowed(&self) -> String {
        format!(
            "a comma-separated list of 1 to {} numbers of hours from 0 to {} (fractions allowed, such as 0.5)",
            self.max_len, self.max
        )
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        let expected = |why: String| format!("{why}; expected {}", self.allowed());
        let items = split_list(t, self.max_len).map_err(expected)?;
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(
                hour(item, self.max)
                    .ok_or_else(|| expected(format!("item \"{item}\" is not a number of hours")))?,
            );
        }
        Ok(Value::RealList(out))
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![
            ("max_len", Bound::Int(self.max_len as i64)),
            ("max", Bound::Int(self.max)),
        ]
    }
}
