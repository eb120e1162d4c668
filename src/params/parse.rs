//! The codec's reader: the text form of every shared kind (`1,3,6`, `30-54`, `S2@indirim`,
//! `name[:compensation][(after/after)]`) into a [`Value`], or an error naming what is allowed; a
//! lesson's own kinds read themselves ([`LessonKind::parse`](super::LessonKind::parse)) and may
//! use [`parse_whole`] and [`split_list`].

use super::kind::{Fault, Kind, StepSpec, Value};
use super::spec::ParamSpec;
use crate::error::Error;

/// Why a text does not read: its English sentence (the CLI's) and the page's message key
/// (`why.…`, www/i18n) with the values of its slots. The page follows it with what the
/// parameter's kind allows.
#[derive(Debug)]
pub struct Reason {
    text: String,
    key: &'static str,
    vars: Vec<(&'static str, String)>,
}

impl Reason {
    fn new(
        text: String,
        key: &'static str,
        vars: &[(&'static str, &dyn std::fmt::Display)],
    ) -> Self {
        Self {
            text,
            key,
            vars: vars.iter().map(|(k, v)| (*k, v.to_string())).collect(),
        }
    }

    /// The refusal of `text` for `spec`, the reason's sentence followed by `tail`.
    fn refuse(self, spec: &ParamSpec, text: &str, tail: &str) -> Error {
        let vars: Vec<(&'static str, &dyn std::fmt::Display)> = self
            .vars
            .iter()
            .map(|(k, v)| (*k, v as &dyn std::fmt::Display))
            .collect();
        Error::bad(spec.name, text, format!("{}{tail}", self.text)).keyed(self.key, &vars)
    }
}

impl From<Reason> for String {
    fn from(r: Reason) -> String {
        r.text
    }
}

/// The longest name a step, compensation or job may have.
pub const MAX_NAME_CHARS: usize = 40;

/// Reads `text` as a value of `spec`, or says what is wrong with it.
pub fn parse_value(spec: &ParamSpec, text: &str) -> Result<Value, Error> {
    let bad = |why: String| Error::bad(spec.name, text, why);
    let expected = format!("; expected {}", spec.kind.allowed());
    let refuse = |why: Reason| why.refuse(spec, text, "");
    let refuse_expected = |why: Reason| why.refuse(spec, text, &expected);
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
            let items = list(t, max_len).map_err(refuse_expected)?;
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
            let items = list(t, max_len).map_err(refuse_expected)?;
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
            let items = list(t, max_len).map_err(refuse_expected)?;
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
        Kind::Faults { max_len, .. } => {
            if t.is_empty() {
                return Ok(Value::Faults(Vec::new()));
            }
            let items = list(t, max_len).map_err(refuse_expected)?;
            let mut out: Vec<Fault> = Vec::with_capacity(items.len());
            for item in items {
                let fault = parse_fault(item).map_err(refuse)?;
                if out.iter().any(|f| f.job == fault.job) {
                    return Err(refuse(Reason::new(
                        format!(
                            "job S{} appears twice; each job may have one fault here",
                            fault.job
                        ),
                        "why.job_twice",
                        &[("job", &format!("S{}", fault.job))],
                    )));
                }
                out.push(fault);
            }
            Ok(Value::Faults(out))
        }
        Kind::Steps { max_len } => parse_steps(t, max_len).map(Value::Steps).map_err(refuse),
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
        Kind::Custom(kind) => kind.parse(t).map_err(bad),
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
    list(t, max_len).map_err(String::from)
}

/// [`split_list`], with the reason the page words.
fn list(t: &str, max_len: usize) -> Result<Vec<&str>, Reason> {
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
fn name_of(name: &str) -> Result<(), Reason> {
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

/// `S<n>@<step>`.
fn parse_fault(item: &str) -> Result<Fault, Reason> {
    let form = || {
        Reason::new(
            format!("\"{item}\" is not a fault job@step such as S2@indirim"),
            "why.fault_form",
            &[("item", &item)],
        )
    };
    let (job, step) = item.split_once('@').ok_or_else(form)?;
    let (job, step) = (job.trim(), step.trim());
    let number = job.strip_prefix('S').ok_or_else(form)?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.starts_with('0') {
        return Err(form());
    }
    let job: u32 = number.parse().map_err(|_| form())?;
    name_of(step)?;
    Ok(Fault {
        job,
        step: step.to_string(),
    })
}

/// The compensation steps: `name[:compensation][(after/after...)]`, comma-separated.
fn parse_steps(t: &str, max_len: usize) -> Result<Vec<StepSpec>, Reason> {
    let items = list(t, max_len)?;
    let mut steps: Vec<StepSpec> = Vec::with_capacity(items.len());
    for item in items {
        let (head, after) = match item.find('(') {
            Some(open) => {
                let rest = item.get(open + 1..).unwrap_or("");
                let inner = rest.strip_suffix(')').ok_or_else(|| {
                    Reason::new(
                        format!("the step \"{item}\" opens '(' without closing it at the end"),
                        "why.step_open",
                        &[("item", &item)],
                    )
                })?;
                let after: Vec<String> = inner.split('/').map(|s| s.trim().to_string()).collect();
                (item.get(..open).unwrap_or("").trim(), after)
            }
            None => (item, Vec::new()),
        };
        let (name, compensation) = match head.split_once(':') {
            Some((n, c)) => (n.trim(), Some(c.trim().to_string())),
            None => (head, None),
        };
        name_of(name)?;
        if let Some(c) = &compensation {
            name_of(c)?;
        }
        for a in &after {
            name_of(a)?;
        }
        if steps.iter().any(|s| s.name == name) {
            return Err(Reason::new(
                format!("the step \"{name}\" appears twice; step names must be distinct"),
                "why.step_twice",
                &[("name", &name)],
            ));
        }
        steps.push(StepSpec {
            name: name.to_string(),
            compensation,
            after,
        });
    }
    for s in &steps {
        for (i, a) in s.after.iter().enumerate() {
            if a == &s.name {
                return Err(Reason::new(
                    format!("the step \"{}\" depends on itself", s.name),
                    "why.step_self",
                    &[("name", &s.name)],
                ));
            }
            if !steps.iter().any(|o| &o.name == a) {
                return Err(Reason::new(
                    format!(
                        "the step \"{}\" depends on \"{a}\", which is not a step",
                        s.name
                    ),
                    "why.step_after",
                    &[("name", &s.name), ("after", a)],
                ));
            }
            if s.after[..i].contains(a) {
                return Err(Reason::new(
                    format!("the step \"{}\" names \"{a}\" twice", s.name),
                    "why.step_after_twice",
                    &[("name", &s.name), ("after", a)],
                ));
            }
        }
    }
    if let Some(name) = find_cycle(&steps) {
        return Err(Reason::new(
            format!(
                "the dependencies go round in a circle through \"{name}\", so no ordering can satisfy them"
            ),
            "why.step_cycle",
            &[("name", &name)],
        ));
    }
    Ok(steps)
}

/// A step on a dependency cycle, if there is one.
fn find_cycle(steps: &[StepSpec]) -> Option<String> {
    let mut placed = vec![false; steps.len()];
    let mut progress = true;
    while progress {
        progress = false;
        for (i, s) in steps.iter().enumerate() {
            if !placed[i]
                && s.after.iter().all(|a| {
                    steps
                        .iter()
                        .position(|o| &o.name == a)
                        .is_some_and(|j| placed[j])
                })
            {
                placed[i] = true;
                progress = true;
            }
        }
    }
    placed
        .iter()
        .position(|p| !p)
        .map(|i| steps[i].name.clone())
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
    fn ranges_lists_and_steps() {
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
        let steps = spec(Kind::Steps { max_len: 8 });
        let v = parse_value(&steps, "a, b:undo-b(a), c(a/b)").unwrap();
        assert_eq!(v.to_text(), "a,b:undo-b(a),c(a/b)");
        for bad in [
            "a(b)",
            "a(a)",
            "a(b),b(a)",
            "a,a",
            "a(",
            "a b",
            "a:(b)",
            "a,b(a/a)",
        ] {
            assert!(parse_value(&steps, bad).is_err(), "{bad:?}");
        }
        let faults = spec(Kind::Faults {
            max_len: 5,
            jobs: "jobs",
            steps: "steps",
        });
        assert_eq!(parse_value(&faults, "").unwrap(), Value::Faults(vec![]));
        for bad in ["S0@a", "2@a", "S2", "S2@", "S2@a,S2@b", "S02@a", "S2@a b"] {
            assert!(parse_value(&faults, bad).is_err(), "{bad:?}");
        }
    }
}
