//! Parameter kinds a lesson declares in its own folder ([`LessonKind`]): its text form (parser,
//! printer, error texts) and the page control that edits it, described in lesson-neutral terms
//! ([`Rows`]) so a generic control of `www/controls/` draws it. The codec knows only this
//! interface: [`Kind::Custom`](super::Kind::Custom) carries the kind, [`Value::Custom`] its value.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::Value;

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
