//! What the core keeps of a script lesson once its manifest is read against its script's
//! defaults ([`super::manifest::read`]), and its text form: the build writes it beside the
//! lesson's scripts (`www/lessons/<id>/lesson.txt`) and the page's script module reads it back
//! ([`Declaration::from_text`]), so the page carries no JSON reader: measured, reading the
//! manifest there with serde_json took 57 KB of the module's 150 KB gzip budget (201 KB in all,
//! 137 KB with this reader). The same code writes and reads it, and a test round-trips every
//! manifest of the project.
//!
//! The form: one record a line, `kind` then `key=value` fields, tab-separated; a value escapes
//! `\`, tab and newline as `\\`, `\t`, `\n`.

use super::cell::{Hint, Reading};
use super::kinds::Text;
use crate::error::Error;
use crate::jsfmt::{number_to_string, parse_number};
use crate::params::{Kind, LessonKind, ParamSpec};

/// How the script holds a parameter's default, which is how it is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// A JSON number.
    Number,
    /// A string.
    Text,
    /// `true` / `false` (a `switch`).
    Bool,
}

/// `s`, kept for the life of the process.
pub fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// A script lesson as the core runs it.
#[derive(Debug)]
pub struct Declaration {
    /// Its id.
    pub id: String,
    /// Its English title (the page has both languages in its texts).
    pub title: String,
    /// Whether it is a preview.
    pub preview: bool,
    /// Its sections, in print order.
    pub sections: Vec<Section>,
    /// Its parameters, in order, each default the script's.
    pub specs: Vec<ParamSpec>,
    /// How the script holds each parameter.
    pub held: Vec<Held>,
    /// How ambiguous columns read.
    pub hints: Vec<Hint>,
    /// Its claims.
    pub claims: Vec<Claim>,
    /// Its challenges.
    pub challenges: Vec<Challenge>,
}

/// A section: its id, its script and its groups' keys.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// Its id (`measure`).
    pub id: String,
    /// The script that prints it.
    pub script: String,
    /// Its groups' keys, in print order.
    pub groups: Vec<String>,
}

/// A claim: its id within the lesson, its assignments, its marks and its "why" question's right
/// choice, if it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    /// Its id within the lesson.
    pub id: String,
    /// Assignments over the lesson's values.
    pub set: String,
    /// Its marks.
    pub marks: String,
    /// The right choice of its "why" question.
    pub why: Option<u8>,
}

/// A challenge: its id within the lesson, its start, its check and how many hints it has.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    /// Its id within the lesson.
    pub id: String,
    /// Assignments over the lesson's values where it starts.
    pub start: String,
    /// Its conditions.
    pub check: String,
    /// Its hints' count.
    pub hints: u8,
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// A kind's text: its name and bounds, `:`-separated (`int:1:20`, `choice:a,b`, `text:400`).
fn kind_text(kind: &Kind) -> String {
    let n = |x: i64| x.to_string();
    match *kind {
        Kind::Int { min, max } => format!("int:{}:{}", n(min), n(max)),
        Kind::Seed { min, max } => format!("seed:{}:{}", n(min), n(max)),
        Kind::Range { min, max } => format!("range:{}:{}", n(min), n(max)),
        Kind::Real { min, max, .. } => {
            format!("real:{}:{}", number_to_string(min), number_to_string(max))
        }
        Kind::Prob => "prob".into(),
        Kind::Switch => "switch".into(),
        Kind::Choice { options } => format!("choice:{}", options.join(",")),
        Kind::IntList { min, max, max_len } => {
            format!("int_list:{}:{}:{max_len}", n(min), n(max))
        }
        Kind::ProbList { max_len } => format!("prob_list:{max_len}"),
        Kind::Names { max_len } => format!("names:{max_len}"),
        // The only lesson kind a script lesson has is text (`script::kinds::Text`).
        Kind::Custom(k) => format!(
            "text:{}",
            k.bounds().first().map_or(0, |b| match b.1 {
                crate::params::Bound::Int(n) => n,
                crate::params::Bound::Name(_) => 0,
            })
        ),
        _ => "none".into(),
    }
}

/// The kind a [`kind_text`] names.
fn kind_of(text: &str) -> Option<Kind> {
    let parts: Vec<&str> = text.split(':').collect();
    let int = |i: usize| parts.get(i)?.parse::<i64>().ok();
    let len = |i: usize| parts.get(i)?.parse::<usize>().ok();
    Some(match parts[0] {
        "int" => Kind::Int {
            min: int(1)?,
            max: int(2)?,
        },
        "seed" => Kind::Seed {
            min: int(1)?,
            max: int(2)?,
        },
        "range" => Kind::Range {
            min: int(1)?,
            max: int(2)?,
        },
        "real" => Kind::Real {
            min: parse_number(parts.get(1)?)?,
            max: parse_number(parts.get(2)?)?,
            min_open: false,
        },
        "prob" => Kind::Prob,
        "switch" => Kind::Switch,
        "choice" => {
            let options: Vec<&'static str> = parts.get(1)?.split(',').map(leak).collect();
            Kind::Choice {
                options: Box::leak(options.into_boxed_slice()),
            }
        }
        "int_list" => Kind::IntList {
            min: int(1)?,
            max: int(2)?,
            max_len: len(3)?,
        },
        "prob_list" => Kind::ProbList { max_len: len(1)? },
        "names" => Kind::Names { max_len: len(1)? },
        "text" => {
            let kind: &'static dyn LessonKind = Box::leak(Box::new(Text { max_len: len(1)? }));
            Kind::Custom(kind)
        }
        _ => return None,
    })
}

impl Declaration {
    /// Its text form (see the module's doc).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut record = |kind: &str, fields: &[(&str, &str)]| {
            out.push_str(kind);
            for (k, v) in fields {
                out.push('\t');
                out.push_str(k);
                out.push('=');
                out.push_str(&escape(v));
            }
            out.push('\n');
        };
        record(
            "lesson",
            &[
                ("id", &self.id),
                ("title", &self.title),
                ("preview", if self.preview { "1" } else { "0" }),
            ],
        );
        for s in &self.sections {
            record(
                "section",
                &[
                    ("id", &s.id),
                    ("script", &s.script),
                    ("groups", &s.groups.join(",")),
                ],
            );
        }
        for (s, held) in self.specs.iter().zip(&self.held) {
            let held = match held {
                Held::Number => "number",
                Held::Text => "text",
                Held::Bool => "bool",
            };
            record(
                "param",
                &[
                    ("name", s.name),
                    ("kind", &kind_text(&s.kind)),
                    ("default", s.default),
                    ("held", held),
                    ("extension", if s.extension { "1" } else { "0" }),
                ],
            );
        }
        for h in &self.hints {
            let table = h.table.map(|t| t.to_string()).unwrap_or_default();
            let read = match h.read {
                Reading::Grouped => "grouped",
                Reading::Fixed => "fixed",
            };
            record(
                "hint",
                &[("table", &table), ("column", &h.column), ("read", read)],
            );
        }
        for c in &self.claims {
            let why = c.why.map(|w| w.to_string()).unwrap_or_default();
            record(
                "claim",
                &[
                    ("id", &c.id),
                    ("set", &c.set),
                    ("marks", &c.marks),
                    ("why", &why),
                ],
            );
        }
        for c in &self.challenges {
            record(
                "challenge",
                &[
                    ("id", &c.id),
                    ("start", &c.start),
                    ("check", &c.check),
                    ("hints", &c.hints.to_string()),
                ],
            );
        }
        out
    }

    /// Reads a [`Declaration::to_text`] back; `file` names it in the error.
    pub fn from_text(file: &str, text: &str) -> Result<Self, Error> {
        let bad = |line: usize, what: &str| {
            Error::author(
                format!("{file}:{}", line + 1),
                format!(
                    "{what}: not a lesson's declaration as the build writes it (./build.sh build)"
                ),
            )
        };
        let mut d = Declaration {
            id: String::new(),
            title: String::new(),
            preview: false,
            sections: Vec::new(),
            specs: Vec::new(),
            held: Vec::new(),
            hints: Vec::new(),
            claims: Vec::new(),
            challenges: Vec::new(),
        };
        for (i, line) in text.lines().enumerate() {
            let mut parts = line.split('\t');
            let kind = parts.next().unwrap_or("");
            let fields: Vec<(&str, String)> = parts
                .filter_map(|p| p.split_once('=').map(|(k, v)| (k, unescape(v))))
                .collect();
            let get = |k: &str| {
                fields
                    .iter()
                    .find(|(key, _)| *key == k)
                    .map(|(_, v)| v.clone())
                    .ok_or_else(|| bad(i, &format!("a {kind} without {k}")))
            };
            match kind {
                "lesson" => {
                    d.id = get("id")?;
                    d.title = get("title")?;
                    d.preview = get("preview")? == "1";
                }
                "section" => d.sections.push(Section {
                    id: get("id")?,
                    script: get("script")?,
                    groups: get("groups")?
                        .split(',')
                        .filter(|g| !g.is_empty())
                        .map(str::to_string)
                        .collect(),
                }),
                "param" => {
                    let kind = kind_of(&get("kind")?).ok_or_else(|| bad(i, "a kind"))?;
                    d.specs.push(ParamSpec {
                        name: leak(&get("name")?),
                        kind,
                        default: leak(&get("default")?),
                        #[cfg(not(target_arch = "wasm32"))]
                        meaning: "",
                        #[cfg(not(target_arch = "wasm32"))]
                        lesson_name: "",
                        extension: get("extension")? == "1",
                    });
                    d.held.push(match get("held")?.as_str() {
                        "number" => Held::Number,
                        "bool" => Held::Bool,
                        _ => Held::Text,
                    });
                }
                "hint" => d.hints.push(Hint {
                    table: get("table")?.parse().ok(),
                    column: get("column")?,
                    read: match get("read")?.as_str() {
                        "grouped" => Reading::Grouped,
                        _ => Reading::Fixed,
                    },
                }),
                "claim" => d.claims.push(Claim {
                    id: get("id")?,
                    set: get("set")?,
                    marks: get("marks")?,
                    why: get("why")?.parse().ok(),
                }),
                "challenge" => d.challenges.push(Challenge {
                    id: get("id")?,
                    start: get("start")?,
                    check: get("check")?,
                    hints: get("hints")?.parse().map_err(|_| bad(i, "a hint count"))?,
                }),
                "" => {}
                other => return Err(bad(i, &format!("a record {other}"))),
            }
        }
        if d.id.is_empty() || d.sections.is_empty() || d.specs.is_empty() {
            return Err(bad(0, "no lesson, section or parameter"));
        }
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_values_read_back() {
        for s in ["a\tb", "x\\ny", "line\nbreak", "", "\\", "ğ=&?"] {
            assert_eq!(unescape(&escape(s)), s);
        }
    }

    #[test]
    fn every_kind_reads_back() {
        for t in [
            "int:1:20",
            "seed:1:2147483646",
            "range:0:100",
            "real:0.5:1e+21",
            "prob",
            "switch",
            "choice:a,b_c",
            "int_list:1:2000:8",
            "prob_list:8",
            "names:20",
            "text:400",
        ] {
            assert_eq!(kind_text(&kind_of(t).unwrap()), t);
        }
        assert!(kind_of("integer:1:2").is_none());
    }
}
