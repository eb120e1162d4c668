//! The one error type of the core: every refusal names what was given and what is allowed,
//! so the CLI, the page and the JSON can all show it as it is.

use serde::Serialize;
use std::fmt;

/// What kind of input was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A lesson id that does not exist.
    UnknownLesson,
    /// A section the lesson does not have.
    UnknownSection,
    /// A parameter the lesson does not have.
    UnknownParam,
    /// A preset (`preset=`, `--preset`) that does not exist or is another lesson's.
    UnknownPreset,
    /// The same parameter given twice.
    RepeatedParam,
    /// A value that does not parse or is outside what is allowed.
    BadValue,
    /// A request whose work would be too large.
    TooMuchWork,
    /// A malformed command line or query.
    Usage,
    /// A script lesson's own files are wrong (its manifest, or its script failed or printed what
    /// cannot be read): `param` names the file (and line), `allowed` what to fix. For its author.
    Author,
}

/// A refused input: the parameter (when there is one), the value as given, and what is allowed.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    /// Machine-readable kind.
    pub code: ErrorCode,
    /// The parameter (or `lesson`, `section`) the input was for.
    pub param: Option<String>,
    /// The value exactly as given (one refused for its length: its start, see [`clipped`]).
    pub value: Option<String>,
    /// What is allowed, as an English phrase.
    pub allowed: String,
    /// How the page words it in its languages, when the code, the parameter and its kind do
    /// not say enough (a limit and what to lower, a reason): see [`Why`].
    pub why: Option<Why>,
}

/// A refusal as the page words it: a message key of the page's texts (`refuse.…`, in
/// `www/i18n/`) or of a lesson's (`refuse.<lesson>.…`, in its `texts/`), and the values that
/// fill its `{slots}` (numbers as the CLI prints them; the page puts in its separators).
#[derive(Debug, Clone, PartialEq)]
pub struct Why {
    /// The message key.
    pub key: &'static str,
    /// `{name}` → value.
    pub vars: Vec<(&'static str, String)>,
}

/// A value refused for its length, as an error repeats it: its first 60 characters and `…`.
/// Cut with `get`, not `&value[..at]`: an index's panic message put 3.8 KB gzip on the page's
/// module (measured).
pub fn clipped(value: &str) -> String {
    match value.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", value.get(..at).unwrap_or_default()),
        None => value.to_string(),
    }
}

impl Error {
    /// A value of `param` that does not parse or is out of bounds.
    pub fn bad(param: &str, value: &str, allowed: impl Into<String>) -> Self {
        Self {
            code: ErrorCode::BadValue,
            param: Some(param.to_string()),
            value: Some(value.to_string()),
            allowed: allowed.into(),
            why: None,
        }
    }

    /// A request whose work is over a budget; `allowed` says the budget and what to lower.
    pub fn too_much_work(param: &str, value: &str, allowed: impl Into<String>) -> Self {
        Self {
            code: ErrorCode::TooMuchWork,
            ..Self::bad(param, value, allowed)
        }
    }

    /// Malformed arguments that are not about one parameter.
    pub fn usage(what: impl Into<String>) -> Self {
        Self {
            code: ErrorCode::Usage,
            param: None,
            value: None,
            allowed: what.into(),
            why: None,
        }
    }

    /// A script lesson's file `file` (with `:line` when known) is wrong: `what` says what and
    /// what to fix.
    pub fn author(file: impl Into<String>, what: impl Into<String>) -> Self {
        Self {
            code: ErrorCode::Author,
            param: Some(file.into()),
            value: None,
            allowed: what.into(),
            why: None,
        }
    }

    /// The same refusal, worded on the page by message `key` with these values (see [`Why`]).
    pub fn keyed(mut self, key: &'static str, vars: &[(&'static str, &dyn fmt::Display)]) -> Self {
        self.why = Some(Why {
            key,
            vars: vars.iter().map(|(k, v)| (*k, v.to_string())).collect(),
        });
        self
    }

    /// The message shown to the user (CLI stderr, page, JS exception).
    pub fn message(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.value.as_deref().unwrap_or("");
        let param = self.param.as_deref().unwrap_or("");
        match self.code {
            ErrorCode::UnknownLesson => {
                write!(f, "unknown lesson \"{value}\"; {}", self.allowed)
            }
            ErrorCode::UnknownSection => {
                write!(f, "unknown section \"{value}\"; {}", self.allowed)
            }
            ErrorCode::UnknownPreset => {
                write!(f, "unknown preset \"{value}\"; {}", self.allowed)
            }
            ErrorCode::UnknownParam => {
                write!(f, "unknown parameter \"{param}\"; {}", self.allowed)
            }
            ErrorCode::RepeatedParam => {
                write!(
                    f,
                    "parameter {param} is given more than once; {}",
                    self.allowed
                )
            }
            ErrorCode::BadValue => {
                write!(f, "parameter {param} = \"{value}\": {}", self.allowed)
            }
            ErrorCode::TooMuchWork => write!(f, "{}", self.allowed),
            ErrorCode::Usage => write!(f, "{}", self.allowed),
            ErrorCode::Author => write!(f, "{param}: {}", self.allowed),
        }
    }
}

impl std::error::Error for Error {}

impl Serialize for Error {
    /// The fields and the full message, so the page can show it and mark the parameter.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Error", 7)?;
        st.serialize_field("code", &self.code)?;
        st.serialize_field("param", &self.param)?;
        st.serialize_field("value", &self.value)?;
        st.serialize_field("allowed", &self.allowed)?;
        st.serialize_field("message", &self.message())?;
        if let Some(why) = &self.why {
            st.serialize_field("key", why.key)?;
            st.serialize_field("vars", &Vars(&why.vars))?;
        }
        st.end()
    }
}

/// A refusal's values as an object `{name: value}`.
struct Vars<'a>(&'a [(&'static str, String)]);

impl Serialize for Vars<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}
