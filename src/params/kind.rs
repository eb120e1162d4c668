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

    /// Reads `text` (trimmed) as a value of this kind, or says what is wrong with it (a sentence,
    /// or a [`Reason`] the page words by its key); the codec names the parameter and the value.
    /// A lesson's own types go in [`Value::custom`]; a value the shared kinds already hold (a list
    /// of whole numbers) may be given as that.
    fn parse(&self, text: &str) -> Result<Value, Reason>;

    /// The bounds the page's schema shows after `type`, in order (`max_len`, `max`, ...).
    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        Vec::new()
    }

    /// The page control that edits the parameter beside its text field, if any.
    fn rows(&self) -> Option<&'static Rows> {
        None
    }

    /// The value as the page's control reads it (a resolved link's `detail`): for [`Rows`], one
    /// `[row, value, value...]` per entry ([`Data::rows`]); for a lesson's own control, what it
    /// reads.
    fn detail(&self, value: &Value) -> Option<Data> {
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

/// Why a text does not read: its English sentence (the CLI's) and, when the page words it, its
/// message key (`why.…`, the page's texts or the lesson's) with the values of its slots. The codec
/// names the parameter and the value; [`Reason::expected`] follows the sentence with what the
/// kind allows.
#[derive(Debug)]
pub struct Reason {
    pub(super) text: String,
    pub(super) key: Option<&'static str>,
    pub(super) vars: Vec<(&'static str, String)>,
    pub(super) expected: bool,
}

impl Reason {
    /// A reason the page words by `key`, its slots `vars`.
    pub fn new(
        text: String,
        key: &'static str,
        vars: &[(&'static str, &dyn std::fmt::Display)],
    ) -> Self {
        Self {
            text,
            key: Some(key),
            vars: vars.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            expected: false,
        }
    }

    /// The same reason, followed by what the kind allows (`; expected …`).
    pub fn expected(mut self) -> Self {
        self.expected = true;
        self
    }
}

/// A sentence alone: the page shows what the kind allows in its language instead.
impl From<String> for Reason {
    fn from(text: String) -> Self {
        Self {
            text,
            key: None,
            vars: Vec::new(),
            expected: false,
        }
    }
}

impl From<Reason> for String {
    fn from(r: Reason) -> String {
        r.text
    }
}

/// A value as a lesson's page control reads it (a resolved link's `detail`), in lesson-neutral
/// pieces: numbers, texts, nothing, lists and records (JSON objects, fields in order).
#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    /// A whole number.
    Int(i64),
    /// A text.
    Text(String),
    /// Nothing (`null`).
    Null,
    /// A list.
    List(Vec<Data>),
    /// A record: named fields in order.
    Record(Vec<(&'static str, Data)>),
}

impl Data {
    /// [`Rows`]' detail: one `[row, value, value...]` per entry.
    pub fn rows(rows: Vec<Vec<i64>>) -> Self {
        Data::List(
            rows.into_iter()
                .map(|r| Data::List(r.into_iter().map(Data::Int).collect()))
                .collect(),
        )
    }

    /// A list of texts.
    pub fn texts(texts: &[String]) -> Self {
        Data::List(texts.iter().cloned().map(Data::Text).collect())
    }
}

impl Serialize for Data {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Data::Int(n) => s.serialize_i64(*n),
            Data::Text(t) => s.serialize_str(t),
            Data::Null => s.serialize_none(),
            Data::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Data::Record(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (name, value) in fields {
                    map.serialize_entry(name, value)?;
                }
                map.end()
            }
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
            Kind::ProbList { max_len } | Kind::Names { max_len } => {
                st.serialize_field("max_len", &max_len)?;
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
            Kind::Switch => "switch",
            Kind::Choice { .. } => "choice",
            Kind::OptInt { .. } => "opt_int",
            Kind::Custom(kind) => kind.name(),
        }
    }
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
        }
    }
}

/// Items joined by commas, as the codec's lists are written.
pub fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(",")
}
