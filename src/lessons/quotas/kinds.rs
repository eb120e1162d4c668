//! The quotas lesson's own parameter kinds: a quota triple `6,3,3` (one quota per tenant) and a
//! list of them `6/3/3,8/4/4` (its sweep).

use crate::params::{Bound, KindValue, LessonKind, Reason, Value, join, parse_whole, split_list};

/// Exactly three comma-separated whole numbers in `0..=max`, read as a list of three.
pub struct Triple {
    /// The largest number.
    pub max: i64,
}

/// A comma-separated list of triples `a/b/c` of whole numbers in `0..=max`.
pub struct Triples {
    /// The largest number.
    pub max: i64,
    /// Triples in the list at most.
    pub max_len: usize,
}

impl KindValue for Vec<[i64; 3]> {
    fn to_text(&self) -> String {
        join(self.iter().map(|[a, b, c]| format!("{a}/{b}/{c}")))
    }
}

impl LessonKind for Triple {
    fn name(&self) -> &'static str {
        "triple"
    }

    fn allowed(&self) -> String {
        format!(
            "exactly three whole numbers from 0 to {} separated by commas (such as 6,3,3)",
            self.max
        )
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        match triple(t, ',', self.max) {
            Some(v) => Ok(Value::IntList(v.to_vec())),
            None => Err(self.allowed().into()),
        }
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![("max", Bound::Int(self.max))]
    }
}

impl LessonKind for Triples {
    fn name(&self) -> &'static str {
        "triples"
    }

    fn allowed(&self) -> String {
        format!(
            "1 to {} triples a/b/c of whole numbers from 0 to {} separated by commas (such as 6/3/3,8/4/4)",
            self.max_len, self.max
        )
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        let max = self.max;
        let items = split_list(t, self.max_len)
            .map_err(|why| format!("{why}; expected {}", self.allowed()))?;
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(triple(item, '/', max).ok_or_else(|| {
                format!("item \"{item}\" is not a triple a/b/c of whole numbers from 0 to {max}")
            })?);
        }
        Ok(Value::custom(out))
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![
            ("max", Bound::Int(self.max)),
            ("max_len", Bound::Int(self.max_len as i64)),
        ]
    }
}

/// Exactly three whole numbers in `0..=max` separated by `sep`.
fn triple(t: &str, sep: char, max: i64) -> Option<[i64; 3]> {
    let mut out = [0; 3];
    let mut count = 0;
    for part in t.split(sep) {
        if count == 3 {
            return None;
        }
        out[count] = parse_whole(part.trim(), 0, max)?;
        count += 1;
    }
    (count == 3).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Kind, parse_value, spec_of};

    #[test]
    fn quota_triples() {
        let triple = spec_of(Kind::Custom(&Triple { max: 50 }));
        assert_eq!(
            parse_value(&triple, "6, 3,0").unwrap(),
            Value::IntList(vec![6, 3, 0])
        );
        for bad in ["6,3", "6,3,3,3", "6,-1,3", "6,3,51", "", "6/3/3"] {
            assert!(parse_value(&triple, bad).is_err(), "{bad:?}");
        }
        let triples = spec_of(Kind::Custom(&Triples {
            max: 50,
            max_len: 3,
        }));
        let v = parse_value(&triples, "6/3/3,8/4/4").unwrap();
        assert_eq!(v, Value::custom(vec![[6, 3, 3], [8, 4, 4]]));
        assert_eq!(v.to_text(), "6/3/3,8/4/4");
        for bad in ["", "6/3", "6/3/3,", "6,3,3", "1/1/1,2/2/2,3/3/3,4/4/4"] {
            assert!(parse_value(&triples, bad).is_err(), "{bad:?}");
        }
    }
}
