//! Parameters: the schema every lesson declares (name, kind, bounds, default, meaning) and the one
//! codec that reads and prints values for the CLI (`--set name=value`), the URL query and the JSON.
//! Defaults are the lesson's own values, so no parameters at all reproduces the lesson.
//!
//! A lesson writes each parameter once, with [`declare_params!`](crate::declare_params): that
//! gives its [`Schema`] and its typed struct. A lesson that needs a kind of its own declares it in
//! its folder ([`LessonKind`]). This layer knows no lesson: a [`ParamSet`] carries the schema it
//! was read with.

//!
//! The files import one way: `set` (values) → `parse` (text form) → `spec` (schema) → `kind`
//! (kinds and values, a lesson's own kinds); `typed` reads values as Rust types; `declare` is
//! the macro. This file only gathers them.

mod declare;
mod kind;
mod parse;
mod set;
mod spec;
mod typed;

pub use kind::{
    Bound, Custom, Data, Kind, KindValue, LessonKind, Reason, RowField, Rows, Value, join,
};
pub use parse::{
    MAX_NAME_CHARS, check_name, is_turkish_letter, name_of, parse_value, parse_whole, split_items,
    split_list,
};
pub use set::{ParamSet, read};
#[cfg(test)]
pub use spec::spec_of;
pub use spec::{ParamSpec, Schema};
pub use typed::FromValue;
