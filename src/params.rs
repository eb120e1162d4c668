//! Parameters: the schema every lesson declares (name, kind, bounds, default, meaning) and the one
//! codec that reads and prints values for the CLI (`--set name=value`), the URL query and the JSON.
//! Defaults are the lesson's own values, so no parameters at all reproduces the lesson.

use crate::error::{Error, ErrorCode};
use crate::jsfmt::number_to_string;
use crate::lesson::Lesson;
use serde::Serialize;

/// The longest name a step, compensation or job may have.
pub const MAX_NAME_CHARS: usize = 40;

/// What a parameter holds and which values are allowed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Kind {
    /// A whole number in `min..=max`.
    Int { min: i64, max: i64 },
    /// A generator seed: a whole number in `min..=max`.
    Seed { min: i64, max: i64 },
    /// A finite real number in `min..=max` (above `min` when `min_open`).
    Real { min: f64, max: f64, min_open: bool },
    /// A probability in `[0, 1]`.
    Prob,
    /// A comma-separated list of whole numbers in `min..=max`.
    IntList { min: i64, max: i64, max_len: usize },
    /// A comma-separated list of probabilities.
    ProbList { max_len: usize },
    /// An inclusive range `a-b` of whole numbers in `min..=max`.
    Range { min: i64, max: i64 },
    /// A comma-separated list of distinct names.
    Names { max_len: usize },
    /// A comma-separated list of `job@step` faults (may be empty).
    Faults { max_len: usize },
    /// The compensation lesson's steps: `name[:compensation][(after/after)]`, comma-separated.
    Steps { max_len: usize },
    /// A switch: `0` (off) or `1` (on).
    Switch,
    /// One of a few fixed names.
    Choice { options: &'static [&'static str] },
    /// Nothing (none, written as the empty text) or a whole number in `min..=max`.
    OptInt { min: i64, max: i64 },
}

impl Kind {
    /// What this kind allows, as an English phrase (used in error messages and `--help`).
    pub fn allowed(&self) -> String {
        match *self {
            Kind::Int { min, max } | Kind::Seed { min, max } => {
                format!("a whole number from {min} to {max}")
            }
            Kind::Real { min, max, min_open } => {
                let (min, max) = (number_to_string(min), number_to_string(max));
                if min_open {
                    format!("a number greater than {min} and at most {max}")
                } else {
                    format!("a number from {min} to {max}")
                }
            }
            Kind::Prob => "a probability from 0 to 1".into(),
            Kind::IntList { min, max, max_len } => {
                format!(
                    "a comma-separated list of 1 to {max_len} whole numbers from {min} to {max}"
                )
            }
            Kind::ProbList { max_len } => {
                format!("a comma-separated list of 1 to {max_len} probabilities from 0 to 1")
            }
            Kind::Range { min, max } => {
                format!(
                    "a range a-b of whole numbers from {min} to {max} with a <= b (or one number)"
                )
            }
            Kind::Names { max_len } => format!(
                "a comma-separated list of 1 to {max_len} distinct names of letters, digits, '-', '_' or '.'"
            ),
            Kind::Faults { max_len } => format!(
                "up to {max_len} faults job@step separated by commas (such as S2@indirim), each job once, or nothing"
            ),
            Kind::Steps { max_len } => format!(
                "1 to {max_len} steps name[:compensation][(after/after...)] separated by commas, names distinct, dependencies on other steps and without cycles"
            ),
            Kind::Switch => "0 (off) or 1 (on)".into(),
            Kind::Choice { options } => format!("one of {}", options.join(", ")),
            Kind::OptInt { min, max } => {
                format!("nothing (none) or a whole number from {min} to {max}")
            }
        }
    }

    /// A short, stable name of the kind for the page's schema.
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Int { .. } => "int",
            Kind::Seed { .. } => "seed",
            Kind::Real { .. } => "real",
            Kind::Prob => "prob",
            Kind::IntList { .. } => "int_list",
            Kind::ProbList { .. } => "prob_list",
            Kind::Range { .. } => "range",
            Kind::Names { .. } => "names",
            Kind::Faults { .. } => "faults",
            Kind::Steps { .. } => "steps",
            Kind::Switch => "switch",
            Kind::Choice { .. } => "choice",
            Kind::OptInt { .. } => "opt_int",
        }
    }
}

/// One parameter of a lesson.
#[derive(Debug, Clone, Serialize)]
pub struct ParamSpec {
    /// The one name used by the CLI, the URL and the JSON.
    pub name: &'static str,
    /// What it holds and the bounds.
    pub kind: Kind,
    /// The lesson's value, in the codec's text form.
    pub default: &'static str,
    /// A one-line meaning (for `--help`; the page has its own words, so WebAssembly leaves it out).
    #[cfg(not(target_arch = "wasm32"))]
    pub meaning: &'static str,
    /// The constant's name in the lesson's code (for `--help`).
    #[cfg(not(target_arch = "wasm32"))]
    pub lesson_name: &'static str,
    /// Whether it drives an extension beyond the lesson ("closer to the real systems"), off at
    /// its default; the page groups these apart.
    pub extension: bool,
}

/// A supervisor fault: job `S<job>` at step `step`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The job number (1 for S1).
    pub job: u32,
    /// The step's name.
    pub step: String,
}

/// A step of the compensation lesson's workflow (the lesson's `{ ad, telafi, once }`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepSpec {
    /// The step's name (`ad`).
    pub name: String,
    /// The compensating action, or `None` when the step cannot be undone (`telafi: null`).
    pub compensation: Option<String>,
    /// Steps that must come before this one (`once`).
    pub after: Vec<String>,
}

/// A parsed parameter value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// [`Kind::Int`], [`Kind::Seed`] and [`Kind::Switch`] (0 or 1).
    Int(i64),
    /// [`Kind::Choice`]: the chosen option.
    Choice(&'static str),
    /// [`Kind::OptInt`]: `None` when empty.
    OptInt(Option<i64>),
    /// [`Kind::Real`] and [`Kind::Prob`].
    Real(f64),
    /// [`Kind::IntList`].
    IntList(Vec<i64>),
    /// [`Kind::ProbList`].
    RealList(Vec<f64>),
    /// [`Kind::Range`], inclusive.
    Range(i64, i64),
    /// [`Kind::Names`].
    Names(Vec<String>),
    /// [`Kind::Faults`].
    Faults(Vec<Fault>),
    /// [`Kind::Steps`].
    Steps(Vec<StepSpec>),
}

impl Value {
    /// The canonical text form, which [`parse_value`] reads back to the same value.
    pub fn to_text(&self) -> String {
        match self {
            Value::Int(v) | Value::OptInt(Some(v)) => v.to_string(),
            Value::Choice(c) => (*c).to_string(),
            Value::OptInt(None) => String::new(),
            Value::Real(v) => number_to_string(*v),
            Value::IntList(v) => join(v.iter().map(|x| x.to_string())),
            Value::RealList(v) => join(v.iter().map(|x| number_to_string(*x))),
            Value::Range(a, b) => format!("{a}-{b}"),
            Value::Names(v) => v.join(","),
            Value::Faults(v) => join(v.iter().map(|f| format!("S{}@{}", f.job, f.step))),
            Value::Steps(v) => join(v.iter().map(|s| {
                let mut t = s.name.clone();
                if let Some(c) = &s.compensation {
                    t.push(':');
                    t.push_str(c);
                }
                if !s.after.is_empty() {
                    t.push('(');
                    t.push_str(&s.after.join("/"));
                    t.push(')');
                }
                t
            })),
        }
    }
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(",")
}

/// Reads `text` as a value of `spec`, or says what is wrong with it.
pub fn parse_value(spec: &ParamSpec, text: &str) -> Result<Value, Error> {
    let bad = |why: String| Error::bad(spec.name, text, why);
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
            let items = split_list(t, max_len)
                .map_err(|why| bad(format!("{why}; expected {}", spec.kind.allowed())))?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(parse_int(item, min, max).map_err(|_| {
                    bad(format!(
                        "item \"{item}\" is not {}",
                        Kind::Int { min, max }.allowed()
                    ))
                })?);
            }
            Ok(Value::IntList(out))
        }
        Kind::ProbList { max_len } => {
            let items = split_list(t, max_len)
                .map_err(|why| bad(format!("{why}; expected {}", spec.kind.allowed())))?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(parse_real(item, 0.0, 1.0, false).map_err(|_| {
                    bad(format!("item \"{item}\" is not a probability from 0 to 1"))
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
                return Err(bad(format!(
                    "the range ends ({b}) before it starts ({a}); expected {}",
                    spec.kind.allowed()
                )));
            }
            Ok(Value::Range(a, b))
        }
        Kind::Names { max_len } => {
            let items = split_list(t, max_len)
                .map_err(|why| bad(format!("{why}; expected {}", spec.kind.allowed())))?;
            let mut out: Vec<String> = Vec::with_capacity(items.len());
            for item in items {
                check_name(item).map_err(&bad)?;
                if out.iter().any(|n| n == item) {
                    return Err(bad(format!(
                        "the name \"{item}\" appears twice; names must be distinct"
                    )));
                }
                out.push(item.to_string());
            }
            Ok(Value::Names(out))
        }
        Kind::Faults { max_len } => {
            if t.is_empty() {
                return Ok(Value::Faults(Vec::new()));
            }
            let items = split_list(t, max_len)
                .map_err(|why| bad(format!("{why}; expected {}", spec.kind.allowed())))?;
            let mut out: Vec<Fault> = Vec::with_capacity(items.len());
            for item in items {
                let fault = parse_fault(item).map_err(&bad)?;
                if out.iter().any(|f| f.job == fault.job) {
                    return Err(bad(format!(
                        "job S{} appears twice; each job may have one fault here",
                        fault.job
                    )));
                }
                out.push(fault);
            }
            Ok(Value::Faults(out))
        }
        Kind::Steps { max_len } => parse_steps(t, max_len).map(Value::Steps).map_err(&bad),
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
    }
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
fn split_list(t: &str, max_len: usize) -> Result<Vec<&str>, String> {
    if t.is_empty() {
        return Err("the list is empty".into());
    }
    let items: Vec<&str> = t.split(',').map(str::trim).collect();
    if items.iter().any(|i| i.is_empty()) {
        return Err("the list has an empty item".into());
    }
    if items.len() > max_len {
        return Err(format!(
            "the list has {} items, more than {max_len}",
            items.len()
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
    let count = name.chars().count();
    if count == 0 {
        return Err("a name is empty".into());
    }
    if count > MAX_NAME_CHARS {
        return Err(format!(
            "the name \"{name}\" is longer than {MAX_NAME_CHARS} characters"
        ));
    }
    if let Some(c) = name.chars().find(|&c| {
        !(c.is_ascii_alphanumeric() || is_turkish_letter(c) || matches!(c, '-' | '_' | '.'))
    }) {
        return Err(format!(
            "the name \"{name}\" has the character '{c}'; names are letters, digits, '-', '_' or '.'"
        ));
    }
    Ok(())
}

/// `S<n>@<step>`.
fn parse_fault(item: &str) -> Result<Fault, String> {
    let form = || format!("\"{item}\" is not a fault job@step such as S2@indirim");
    let (job, step) = item.split_once('@').ok_or_else(form)?;
    let (job, step) = (job.trim(), step.trim());
    let number = job.strip_prefix('S').ok_or_else(form)?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.starts_with('0') {
        return Err(form());
    }
    let job: u32 = number.parse().map_err(|_| form())?;
    check_name(step)?;
    Ok(Fault {
        job,
        step: step.to_string(),
    })
}

/// The compensation steps: `name[:compensation][(after/after...)]`, comma-separated.
fn parse_steps(t: &str, max_len: usize) -> Result<Vec<StepSpec>, String> {
    let items = split_list(t, max_len)?;
    let mut steps: Vec<StepSpec> = Vec::with_capacity(items.len());
    for item in items {
        let (head, after) = match item.find('(') {
            Some(open) => {
                let rest = item.get(open + 1..).unwrap_or("");
                let inner = rest.strip_suffix(')').ok_or_else(|| {
                    format!("the step \"{item}\" opens '(' without closing it at the end")
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
        check_name(name)?;
        if let Some(c) = &compensation {
            check_name(c)?;
        }
        for a in &after {
            check_name(a)?;
        }
        if steps.iter().any(|s| s.name == name) {
            return Err(format!(
                "the step \"{name}\" appears twice; step names must be distinct"
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
                return Err(format!("the step \"{}\" depends on itself", s.name));
            }
            if !steps.iter().any(|o| &o.name == a) {
                return Err(format!(
                    "the step \"{}\" depends on \"{a}\", which is not a step",
                    s.name
                ));
            }
            if s.after[..i].contains(a) {
                return Err(format!("the step \"{}\" names \"{a}\" twice", s.name));
            }
        }
    }
    if let Some(name) = find_cycle(&steps) {
        return Err(format!(
            "the dependencies go round in a circle through \"{name}\", so no ordering can satisfy them"
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

/// The values of every parameter of one lesson, in schema order.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamSet {
    lesson: Lesson,
    values: Vec<Value>,
}

impl ParamSet {
    /// The lesson's own values.
    pub fn defaults(lesson: Lesson) -> Self {
        let values = lesson
            .specs()
            .iter()
            .map(|spec| match parse_value(spec, spec.default) {
                Ok(v) => v,
                Err(e) => panic!("the default of {} does not parse: {e}", spec.name),
            })
            .collect();
        Self { lesson, values }
    }

    /// Defaults overridden by `name=value` assignments; a name may be given once.
    pub fn from_assignments<'a>(
        lesson: Lesson,
        assignments: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, Error> {
        let mut set = Self::defaults(lesson);
        let mut seen: Vec<&str> = Vec::new();
        for (name, text) in assignments {
            if seen.contains(&name) {
                return Err(Error {
                    code: ErrorCode::RepeatedParam,
                    param: Some(name.to_string()),
                    value: Some(text.to_string()),
                    allowed: "give each parameter once".into(),
                });
            }
            set.set(name, text)?;
            seen.push(name);
        }
        Ok(set)
    }

    /// The lesson these values belong to.
    pub fn lesson(&self) -> Lesson {
        self.lesson
    }

    /// Sets one parameter from its text form.
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), Error> {
        let index = self.index(name)?;
        self.values[index] = parse_value(&self.lesson.specs()[index], text)?;
        Ok(())
    }

    fn index(&self, name: &str) -> Result<usize, Error> {
        let specs = self.lesson.specs();
        specs
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| Error {
                code: ErrorCode::UnknownParam,
                param: Some(name.to_string()),
                value: None,
                allowed: format!(
                    "the parameters of {} are {}",
                    self.lesson.id(),
                    specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
                ),
            })
    }

    /// The value of a parameter the lesson declares.
    pub fn get(&self, name: &str) -> &Value {
        match self.lesson.specs().iter().position(|s| s.name == name) {
            Some(i) => &self.values[i],
            None => panic!("{} has no parameter {name}", self.lesson.id()),
        }
    }

    /// Every parameter with its text form, in schema order.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        self.lesson
            .specs()
            .iter()
            .zip(&self.values)
            .map(|(s, v)| (s.name, v.to_text()))
            .collect()
    }

    /// The parameters whose value differs from the lesson's, with their text form.
    pub fn changed(&self) -> Vec<(&'static str, String)> {
        let defaults = Self::defaults(self.lesson);
        self.lesson
            .specs()
            .iter()
            .zip(self.values.iter().zip(&defaults.values))
            .filter(|(_, (v, d))| v != d)
            .map(|(s, (v, _))| (s.name, v.to_text()))
            .collect()
    }

    /// A whole-number parameter.
    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            Value::Int(v) => *v,
            other => schema_mismatch(name, other),
        }
    }

    /// A switch parameter.
    pub fn switch(&self, name: &str) -> bool {
        self.int(name) != 0
    }

    /// A choice parameter: the chosen option.
    pub fn choice(&self, name: &str) -> &'static str {
        match self.get(name) {
            Value::Choice(c) => c,
            other => schema_mismatch(name, other),
        }
    }

    /// An optional whole-number parameter (`None` when empty).
    pub fn opt_int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Value::OptInt(v) => *v,
            other => schema_mismatch(name, other),
        }
    }

    /// A real-number parameter.
    pub fn real(&self, name: &str) -> f64 {
        match self.get(name) {
            Value::Real(v) => *v,
            other => schema_mismatch(name, other),
        }
    }

    /// A list-of-whole-numbers parameter.
    pub fn int_list(&self, name: &str) -> Vec<i64> {
        match self.get(name) {
            Value::IntList(v) => v.clone(),
            other => schema_mismatch(name, other),
        }
    }

    /// A list-of-probabilities parameter.
    pub fn real_list(&self, name: &str) -> Vec<f64> {
        match self.get(name) {
            Value::RealList(v) => v.clone(),
            other => schema_mismatch(name, other),
        }
    }

    /// A range parameter.
    pub fn range(&self, name: &str) -> (i64, i64) {
        match self.get(name) {
            Value::Range(a, b) => (*a, *b),
            other => schema_mismatch(name, other),
        }
    }

    /// A list-of-names parameter.
    pub fn names(&self, name: &str) -> Vec<String> {
        match self.get(name) {
            Value::Names(v) => v.clone(),
            other => schema_mismatch(name, other),
        }
    }

    /// A fault-map parameter.
    pub fn faults(&self, name: &str) -> Vec<Fault> {
        match self.get(name) {
            Value::Faults(v) => v.clone(),
            other => schema_mismatch(name, other),
        }
    }

    /// The compensation steps parameter.
    pub fn steps(&self, name: &str) -> Vec<StepSpec> {
        match self.get(name) {
            Value::Steps(v) => v.clone(),
            other => schema_mismatch(name, other),
        }
    }
}

/// A lesson asked for a parameter as the wrong kind: a bug in the lesson's code, caught by the
/// tests that run every lesson, never by input.
#[cold]
fn schema_mismatch(name: &str, _value: &Value) -> ! {
    panic!("parameter {name} is read as a kind its schema does not declare")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: Kind) -> ParamSpec {
        ParamSpec {
            name: "p",
            kind,
            default: "",
            meaning: "",
            lesson_name: "",
            extension: false,
        }
    }

    #[test]
    fn every_default_parses_and_prints_back() {
        for lesson in Lesson::ALL {
            for s in lesson.specs() {
                let v = parse_value(s, s.default).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(v.to_text(), s.default, "{}.{}", lesson.id(), s.name);
            }
        }
    }

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
        let faults = spec(Kind::Faults { max_len: 5 });
        assert_eq!(parse_value(&faults, "").unwrap(), Value::Faults(vec![]));
        for bad in ["S0@a", "2@a", "S2", "S2@", "S2@a,S2@b", "S02@a", "S2@a b"] {
            assert!(parse_value(&faults, bad).is_err(), "{bad:?}");
        }
    }
}
