//! Parameters: the schema every lesson declares (name, kind, bounds, default, meaning) and the one
//! codec that reads and prints values for the CLI (`--set name=value`), the URL query and the JSON.
//! Defaults are the lesson's own values, so no parameters at all reproduces the lesson.
//!
//! A lesson writes each parameter once, with [`declare_params!`](crate::declare_params): that
//! gives its [`Schema`] and its typed struct. A lesson that needs a kind of its own declares it in
//! its folder ([`LessonKind`]). This layer knows no lesson: a [`ParamSet`] carries the schema it
//! was read with.

mod custom;
mod declare;
mod parse;
mod set;

pub use custom::{Bound, Custom, KindValue, LessonKind, RowField, Rows};
pub use declare::{FromValue, read};
pub use parse::{
    MAX_NAME_CHARS, check_name, is_turkish_letter, parse_value, parse_whole, split_list,
};
pub use set::ParamSet;

use crate::jsfmt::number_to_string;
use serde::Serialize;

/// What a parameter holds and which values are allowed.
#[derive(Debug, Clone, Copy, PartialEq)]
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
    Faults {
        /// Faults in the list at most.
        max_len: usize,
        /// The whole-number parameter that counts the jobs (S1..Sn), for the page's grid.
        jobs: &'static str,
        /// The names parameter that lists the steps, for the page's grid.
        steps: &'static str,
    },
    /// The compensation lesson's steps: `name[:compensation][(after/after)]`, comma-separated.
    Steps { max_len: usize },
    /// A switch: `0` (off) or `1` (on).
    Switch,
    /// One of a few fixed names.
    Choice { options: &'static [&'static str] },
    /// Nothing (none, written as the empty text) or a whole number in `min..=max`.
    OptInt { min: i64, max: i64 },
    /// A kind a lesson declares in its folder: its text form, bounds and page control.
    Custom(&'static dyn LessonKind),
}

/// `{"type": name, ...bounds}`: what serde's internally tagged derive writes, in a third of its
/// WebAssembly (the module's size budget).
impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Kind", 4)?;
        st.serialize_field("type", self.name())?;
        match *self {
            Kind::Int { min, max }
            | Kind::Seed { min, max }
            | Kind::Range { min, max }
            | Kind::OptInt { min, max } => {
                st.serialize_field("min", &min)?;
                st.serialize_field("max", &max)?;
            }
            Kind::Real { min, max, min_open } => {
                st.serialize_field("min", &min)?;
                st.serialize_field("max", &max)?;
                st.serialize_field("min_open", &min_open)?;
            }
            Kind::IntList { min, max, max_len } => {
                st.serialize_field("min", &min)?;
                st.serialize_field("max", &max)?;
                st.serialize_field("max_len", &max_len)?;
            }
            Kind::ProbList { max_len } | Kind::Names { max_len } | Kind::Steps { max_len } => {
                st.serialize_field("max_len", &max_len)?;
            }
            Kind::Faults {
                max_len,
                jobs,
                steps,
            } => {
                st.serialize_field("max_len", &max_len)?;
                st.serialize_field("jobs", jobs)?;
                st.serialize_field("steps", steps)?;
            }
            Kind::Choice { options } => st.serialize_field("options", options)?,
            Kind::Custom(kind) => {
                for (name, bound) in kind.bounds() {
                    st.serialize_field(name, &bound)?;
                }
                if let Some(rows) = kind.rows() {
                    st.serialize_field("rows", rows)?;
                }
            }
            Kind::Prob | Kind::Switch => {}
        }
        st.end()
    }
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
            Kind::Faults { max_len, .. } => format!(
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
            Kind::Custom(kind) => kind.allowed(),
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
            Kind::Custom(kind) => kind.name(),
        }
    }
}

/// A lesson's parameters, in the order the lesson declares them.
#[derive(Debug)]
pub struct Schema {
    /// The lesson's id.
    pub lesson: &'static str,
    /// Every parameter.
    pub specs: &'static [ParamSpec],
}

impl Schema {
    /// The parameter called `name`.
    pub fn spec(&self, name: &str) -> Option<&'static ParamSpec> {
        self.specs.iter().find(|s| s.name == name)
    }

    /// The generator seed parameter, for lessons that draw random numbers.
    pub fn seed(&self) -> Option<&'static ParamSpec> {
        self.specs
            .iter()
            .find(|s| matches!(s.kind, Kind::Seed { .. }))
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

/// A parameter `p` of `kind` with no default, for the codec's and the lessons' kind tests.
#[cfg(test)]
pub fn spec_of(kind: Kind) -> ParamSpec {
    ParamSpec {
        name: "p",
        kind,
        default: "",
        meaning: "",
        lesson_name: "",
        extension: false,
    }
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
    /// A value of a lesson's own kind ([`Kind::Custom`]).
    Custom(Custom),
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
            Value::Custom(v) => v.to_text(),
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

/// Items joined by commas, as the codec's lists are written.
pub fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(",")
}
