//! The codec's reader: the text form of every shared kind (`1,3,6`, `30-54`, `S2@indirim`,
//! `name[:compensation][(after/after)]`) into a [`Value`], or an error naming what is allowed; a
//! lesson's own kinds read themselves ([`LessonKind::parse`](super::LessonKind::parse)) and may
//! use [`parse_whole`] and [`split_list`].

use super::kind::{Kind, Reason, Value};
use super::spec::ParamSpec;
use crate::error::Error;

/// The refusal of `text` for `spec`: the reason's sentence followed by `tail`, keyed for the
/// page when the reason has a key.
fn refusal(why: Reason, spec: &ParamSpec, text: &str, tail: &str) -> Error {
    let error = Error::bad(spec.name, text, format!("{}{tail}", why.text));
    match why.key {
        Some(key) => {
            let vars: Vec<(&'static str, &dyn std::fmt::Display)> = why
                .vars
                .iter()
                .map(|(k, v)| (*k, v as &dyn std::fmt::Display))
                .collect();
            error.keyed(key, &vars)
        }
        None => error,
    }
}

/// The longest name a step, compensation or job may have.
pub const MAX_NAME_CHARS: usize = 40;

/// Reads `text` as a value of `spec`, or says what is wrong with it.
pub fn parse_value(spec: &ParamSpec, text: &str) -> Result<Value, Error> {
    let bad = |why: String| Error::bad(spec.name, text, why);
    let expected = format!("; expected {}", spec.kind.allowed());
    let refuse = |why: Reason| refusal(why, spec, text, "");
    let refuse_expected = |why: Reason| refusal(why, spec, text, &expected);
    let t = text.trim();
    match spec.kind {
        Kind::Int { min, max } | Kind::Seed { min, max } => parse_int(t, min, max)
            .map(Value::Int)
            .map_err(|_| bad(spec.kind.allowed())),
        Kind::Real { min, max, min_open } => parse_real(t, min, max, min_open)
            .map(Value::Real)
            .map_err(|_| bad(spec.kind.allowed())),
        Kind::Prob => parse_real(t, 0.0, 1.0, false)
            .map(Value::Real)
            .map_err(|_| bad(spec.kind.allowed())),
        Kind::IntList { min, max, max_len } => {
            let items = split_items(t, max_len).map_err(refuse_expected)?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(parse_int(item, min, max).map_err(|_| {
                    refuse(Reason::new(
                        format!(
                            "item \"{item}\" is not {}",
                            Kind::Int { min, max }.allowed()
                        ),
                        "why.item",
                        &[("item", &item)],
                    ))
                })?);
            }
            Ok(Value::IntList(out))
        }
        Kind::ProbList { max_len } => {
            let items = split_items(t, max_len).map_err(refuse_expected)?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(parse_real(item, 0.0, 1.0, false).map_err(|_| {
                    refuse(Reason::new(
                        format!("item \"{item}\" is not a probability from 0 to 1"),
                        "why.item",
                        &[("item", &item)],
                    ))
                })?);
            }
            Ok(Value::RealList(out))
        }
        Kind::Range { min, max } => {
            let (a, b) = match split_range(t) {
                Some((a, b)) => (a, b),
                None => (t, t),
            };
            let (a, b) = match (parse_int(a, min, max), parse_int(b, min, max)) {
                (Ok(a), Ok(b)) => (a, b),
                _ => return Err(bad(spec.kind.allowed())),
            };
            if b < a {
                return Err(refuse_expected(Reason::new(
                    format!("the range ends ({b}) before it starts ({a})"),
                    "why.range_order",
                    &[("a", &a), ("b", &b)],
                )));
            }
            Ok(Value::Range(a, b))
        }
        Kind::Names { max_len } => {
            let items = split_items(t, max_len).map_err(refuse_expected)?;
            let mut out: Vec<String> = Vec::with_capacity(items.len());
            for item in items {
                name_of(item).map_err(refuse)?;
                if out.iter().any(|n| n == item) {
                    return Err(refuse(Reason::new(
                        format!("the name \"{item}\" appears twice; names must be distinct"),
                        "why.name_twice",
                        &[("item", &item)],
                    )));
                }
                out.push(item.to_string());
            }
            Ok(Value::Names(out))
        }
        Kind::Switch => parse_int(t, 0, 1)
            .map(Value::Int)
            .map_err(|_| bad(spec.kind.allowed())),
        Kind::Choice { options } => options
            .iter()
            .find(|o| **o == t)
            .map(|o| Value::Choice(o))
            .ok_or_else(|| bad(spec.kind.allowed())),
        Kind::OptInt { min, max } => match t {
            "" => Ok(Value::OptInt(None)),
            _ => parse_int(t, min, max)
                .map(|v| Value::OptInt(Some(v)))
                .map_err(|_| bad(spec.kind.allowed())),
        },
        Kind::Custom(kind) => kind.parse(t).map_err(|why| {
            let tail = if why.expected { expected.as_str() } else { "" };
            refusal(why, spec, text, tail)
        }),
    }
}

/// A whole number with an optional sign in `min..=max`, or `None` (for a lesson's own kinds).
pub fn parse_whole(t: &str, min: i64, max: i64) -> Option<i64> {
    parse_int(t, min, max).ok()
}

/// A whole number with an optional sign, within bounds.
fn parse_int(t: &str, min: i64, max: i64) -> Result<i64, ()> {
    let digits = t.strip_prefix('+').unwrap_or(t);
    let body = digits.strip_prefix('-').unwrap_or(digits);
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    let v: i64 = digits.parse().map_err(|_| ())?;
    if v < min || v > max { Err(()) } else { Ok(v) }
}

/// A finite decimal number (JavaScript notation: `0.05`, `1e-7`), within bounds.
fn parse_real(t: &str, min: f64, max: f64, min_open: bool) -> Result<f64, ()> {
    // Only digits, sign, point and exponent: no "inf", "NaN", hex or spaces inside.
    if t.is_empty()
        || !t
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
        || !t.bytes().any(|b| b.is_ascii_digit())
    {
        return Err(());
    }
    let v = crate::jsfmt::parse_number(t).ok_or(())?;
    let above_min = if min_open { v > min } else { v >= min };
    if !v.is_finite() || !above_min || v > max {
        return Err(());
    }
    // -0 reads as 0 so that printing and parsing agree.
    Ok(if v == 0.0 { 0.0 } else { v })
}

/// Splits `a-b` at the dash between two numbers (a leading sign stays with its number).
fn split_range(t: &str) -> Option<(&str, &str)> {
    let start = usize::from(t.starts_with(['-', '+']));
    // `get` rather than indexing: no panic path (and none of the formatting it would pull in).
    let pos = t.get(start..)?.find('-')? + start;
    Some((t.get(..pos)?.trim(), t.get(pos + 1..)?.trim()))
}

/// The items of a comma-separated list, trimmed; empty lists and empty items are refused.
pub fn split_list(t: &str, max_len: usize) -> Result<Vec<&str>, String> {
    split_items(t, max_len).map_err(String::from)
}

/// [`split_list`], with the reason the page words.
pub fn split_items(t: &str, max_len: usize) -> Result<Vec<&str>, Reason> {
    if t.is_empty() {
        return Err(Reason::new(
            "the list is empty".into(),
            "why.list_empty",
            &[],
        ));
    }
    let items: Vec<&str> = t.split(',').map(str::trim).collect();
    if items.iter().any(|i| i.is_empty()) {
        return Err(Reason::new(
            "the list has an empty item".into(),
            "why.list_gap",
            &[],
        ));
    }
    if items.len() > max_len {
        return Err(Reason::new(
            format!("the list has {} items, more than {max_len}", items.len()),
            "why.list_long",
            &[("count", &items.len()), ("max", &max_len)],
        ));
    }
    Ok(items)
}

/// A letter of the Turkish alphabet beyond ASCII (with the circumflexed vowels).
pub fn is_turkish_letter(c: char) -> bool {
    matches!(
        c,
        'ç' | 'ğ'
            | 'ı'
            | 'ö'
            | 'ş'
            | 'ü'
            | 'Ç'
            | 'Ğ'
            | 'İ'
            | 'Ö'
            | 'Ş'
            | 'Ü'
            | 'â'
            | 'î'
            | 'û'
            | 'Â'
            | 'Î'
            | 'Û'
    )
}

/// A name: 1 to [`MAX_NAME_CHARS`] letters (English or Turkish), digits, `-`, `_` or `.`.
pub fn check_name(name: &str) -> Result<(), String> {
    name_of(name).map_err(String::from)
}

/// [`check_name`], with the reason the page words.
pub fn name_of(name: &str) -> Result<(), Reason> {
    let count = name.chars().count();
    if count == 0 {
        return Err(Reason::new("a name is empty".into(), "why.name_empty", &[]));
    }
    if count > MAX_NAME_CHARS {
        return Err(Reason::new(
            format!("the name \"{name}\" is longer than {MAX_NAME_CHARS} characters"),
            "why.name_long",
            &[("name", &name), ("max", &MAX_NAME_CHARS)],
        ));
    }
    if let Some(c) = name.chars().find(|&c| {
        !(c.is_ascii_alphanumeric() || is_turkish_letter(c) || matches!(c, '-' | '_' | '.'))
    }) {
        return Err(Reason::new(
            format!(
                "the name \"{name}\" has the character '{c}'; names are letters, digits, '-', '_' or '.'"
            ),
            "why.name_char",
            &[("name", &name), ("char", &c)],
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::spec_of as spec;
    use super::*;

    #[test]
    fn numbers_refuse_what_javascript_would_misread() {
        let int = spec(Kind::Int { min: 1, max: 10 });
        for bad in ["", "0", "11", "1.0", "1e1", "abc", "NaN", " ", "--1", "+"] {
            assert!(parse_value(&int, bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_value(&int, " 7 ").unwrap(), Value::Int(7));
        let prob = spec(Kind::Prob);
        for bad in ["NaN", "nan", "inf", "-0.1", "1.01", "", "0x1", "1e400", "."] {
            assert!(parse_value(&prob, bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_value(&prob, "-0").unwrap(), Value::Real(0.0));
        assert_eq!(parse_value(&prob, "5e-2").unwrap(), Value::Real(0.05));
    }

    #[test]
    fn switches_choices_and_optional_numbers() {
        let switch = spec(Kind::Switch);
        assert_eq!(parse_value(&switch, "1").unwrap(), Value::Int(1));
        for bad in ["2", "on", "", "true", "0.5"] {
            assert!(parse_value(&switch, bad).is_err(), "{bad:?}");
        }
        let choice = spec(Kind::Choice {
            options: &["fixed", "random"],
        });
        assert_eq!(
            parse_value(&choice, " random ").unwrap(),
            Value::Choice("random")
        );
        let e = parse_value(&choice, "Random").unwrap_err();
        assert!(e.to_string().contains("one of fixed, random"), "{e}");
        let opt = spec(Kind::OptInt { min: 0, max: 9 });
        assert_eq!(parse_value(&opt, "").unwrap(), Value::OptInt(None));
        assert_eq!(parse_value(&opt, "0").unwrap(), Value::OptInt(Some(0)));
        assert_eq!(Value::OptInt(None).to_text(), "");
        for bad in ["-1", "10", "x", "1.5"] {
            assert!(parse_value(&opt, bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn ranges_and_lists() {
        let range = spec(Kind::Range { min: 1, max: 100 });
        assert_eq!(parse_value(&range, "30-54").unwrap(), Value::Range(30, 54));
        assert_eq!(parse_value(&range, "7").unwrap(), Value::Range(7, 7));
        let e = parse_value(&range, "54-30").unwrap_err();
        assert!(
            e.to_string().contains("ends (30) before it starts (54)"),
            "{e}"
        );
        let list = spec(Kind::IntList {
            min: 1,
            max: 9,
            max_len: 3,
        });
        assert!(
            parse_value(&list, "")
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
        assert!(parse_value(&list, "1,,2").is_err());
        assert!(parse_value(&list, "1,2,3,4").is_err());
        let e = parse_value(&list, "1,0").unwrap_err();
        assert!(e.to_string().contains("item \"0\""), "{e}");
    }
}
