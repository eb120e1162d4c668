//! What a parameter holds ([`Kind`]) and its value ([`Value`]); and the kinds a lesson declares
//! in its own folder ([`LessonKind`]): its text form (parser,
//! printer, error texts) and the page control that edits it, described in lesson-neutral terms
//! ([`Rows`]) so a generic control of `www/controls/` draws it. The codec knows only this
//! interface: [`Kind::Custom`] carries the kind, [`Value::Custom`] its value.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::jsfmt::number_to_string;

/// A kind of parameter a lesson brings, with a text form of its own: declared in the lesson's
/// folder (`kinds.rs`), named in its `declare_params!` as `Kind::Custom(&KIND)`.
pub trait LessonKind: Sync + 'static {
    /// A short, stable name of the kind for the page's schema (`type`).
    fn name(&self) -> &'static str;

    /// What this kind allows, as an English phrase (error messages and `--help`).
    fn allowed(&self) -> String;

    /// Reads `text` (trimmed) as a value of this kind, or says what is wrong with it; the codec
    /// names the parameter and the value. A lesson's own types go in [`Value::custom`]; a value
    /// the shared kinds already hold (a list of whole numbers) may be given as that.
    fn parse(&self, text: &str) -> Result<Value, String>;

    /// The bounds the page's schema shows after `type`, in order (`max_len`, `max`, ...).
    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        Vec::new()
    }

    /// The page control that edits the parameter beside its text field, if any.
    fn rows(&self) -> Option<&'static Rows> {
        None
    }

    /// The value as the page's control reads it (a resolved link's `detail`): for [`Rows`], one
    /// `[row, value, value...]` per entry.
    fn detail(&self, value: &Value) -> Option<Vec<Vec<i64>>> {
        let _ = value;
        None
    }
}

/// One bound of a [`LessonKind`] in the page's schema.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    /// A number (a largest value, a length).
    Int(i64),
    /// A name (the parameter that counts the rows).
    Name(&'static str),
}

impl Serialize for Bound {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Bound::Int(n) => s.serialize_i64(n),
            Bound::Name(n) => s.serialize_str(n),
        }
    }
}

/// Rows keyed by number, a whole-number parameter counting them: row `i` (`1..=count`) has a
/// heading `head` + `i` and one input per field. The rows' text is each entry, `head` + `i`, then
/// `before` + value for each value typed, joined by `separator`; a row whose first value is
/// empty is no entry. What the inputs hold is sent as typed: the core reads and refuses it.
#[derive(Debug, Serialize)]
pub struct Rows {
    /// The whole-number parameter that counts the rows.
    pub count: &'static str,
    /// The most rows the page draws; with more, the text field alone.
    pub max_rows: u32,
    /// The text before a row's number, in its heading and its entry (`C` of `C2`).
    pub head: &'static str,
    /// Between entries.
    pub separator: &'static str,
    /// The message key of the row headings' column title.
    pub head_key: &'static str,
    /// The values a row gives, in the entry's order.
    pub fields: &'static [RowField],
    /// A class the page gives the control (a style hook of its own).
    pub class: &'static str,
}

/// One value of each row of [`Rows`].
#[derive(Debug, Serialize)]
pub struct RowField {
    /// The text before the value in an entry (`@`).
    pub before: &'static str,
    /// The message key of its column title.
    pub title_key: &'static str,
    /// The message key of its input's accessible name, with `{param}` and `{row}`.
    pub label_key: &'static str,
}

/// A lesson's own value type for a [`LessonKind`]: what its typed struct's field holds.
pub trait KindValue: Any + Clone + PartialEq + fmt::Debug + Send + Sync {
    /// The canonical text form, which the kind's parser reads back to the same value.
    fn to_text(&self) -> String;
}

/// A [`KindValue`] behind the codec's [`Value`], its type erased.
trait Erased: Any + Send + Sync {
    fn text(&self) -> String;
    fn same(&self, other: &dyn Erased) -> bool;
    fn any(&self) -> &dyn Any;
}

impl<T: KindValue> Erased for T {
    fn text(&self) -> String {
        self.to_text()
    }

    fn same(&self, other: &dyn Erased) -> bool {
        other.any().downcast_ref::<T>() == Some(self)
    }

    fn any(&self) -> &dyn Any {
        self
    }
}

/// A value of a lesson's kind (see [`Value::custom`]), compared and printed as its type says.
#[derive(Clone)]
pub struct Custom(Arc<dyn Erased>);

impl Custom {
    /// The value, if it is a `T`.
    pub fn get<T: KindValue>(&self) -> Option<&T> {
        self.0.any().downcast_ref()
    }

    /// Its canonical text form.
    pub fn to_text(&self) -> String {
        self.0.text()
    }
}

impl PartialEq for Custom {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

impl fmt::Debug for Custom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Custom({:?})", self.0.text())
    }
}

impl Value {
    /// A value of a lesson's own type, for a [`LessonKind`]'s parser.
    pub fn custom<T: KindValue>(value: T) -> Self {
        Value::Custom(Custom(Arc::new(value)))
    }
}

/// Kinds compare by identity: one `static` is one kind.
impl PartialEq for dyn LessonKind {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::addr_eq(self, other)
    }
}

impl fmt::Debug for dyn LessonKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LessonKind({})", self.name())
    }
}

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
