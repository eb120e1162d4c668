//! A script lesson's manifest (`lesson.json` in its folder, JSON): what the core needs to know of
//! a lesson whose model is its author's script — its id and texts in both languages, its
//! sections (one script each), each parameter's kind and bounds (the defaults are the script's
//! own `VARSAYILAN`), the English of its column headers, and optionally its claims and
//! challenges. Read with every mistake named by the file and the field, so an author can fix it
//! without reading Rust. `docs/adding-a-lesson.md` documents every field.

use super::cell::Hint;
use super::declaration::{self, Declaration};
pub use super::declaration::{Held, leak};
use super::kinds::Text;
use crate::error::Error;
use crate::params::{Kind, LessonKind, ParamSpec, Schema, parse_value};
use serde::Deserialize;
use serde_json::{Map, Value as Json};
use std::collections::BTreeMap;

/// The most parameters, sections, claims and challenges a manifest may declare (a lesson has a
/// dozen or two parameters; the bound keeps a typo from costing the page).
pub const MAX_ITEMS: usize = 64;

/// A manifest over this many bytes is refused before it is read.
pub const MAX_BYTES: usize = 256 << 10;

/// A text in both of the page's languages.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// Turkish, the course's language.
    pub tr: String,
    /// English.
    pub en: String,
}

/// A text in English only (a column's header; its Turkish is the script's).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct English {
    /// English.
    pub en: String,
}

/// The manifest, as the author writes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The lesson's id: the CLI's, the link's `lesson=` and the folder's name.
    pub id: String,
    /// Whether it is a preview (the page marks it "önizleme").
    #[serde(default)]
    pub preview: bool,
    /// What the page says beside a preview's mark (default: a sentence of the page's own).
    pub note: Option<Words>,
    /// The lesson whose tab this one's comes before, in the course's order (`"jobs"`: the
    /// replica lesson precedes Jobs); none: after every lesson. The build orders the tabs.
    pub before: Option<String>,
    /// Its title.
    pub title: Words,
    /// A few sentences the page shows above the tables.
    pub intro: Words,
    /// The script (a file of the folder) that exports the defaults, `VARSAYILAN`.
    pub defaults: String,
    /// Its sections, in print order.
    pub sections: Vec<SectionDecl>,
    /// Its parameters, in the panel's order: every key of `VARSAYILAN`, once.
    pub params: Vec<ParamDecl>,
    /// Each printed column header's English (`"ac kalan": {"en": "left open"}`).
    #[serde(default)]
    pub columns: BTreeMap<String, English>,
    /// How a column's ambiguous numbers read (`8.000`: eight thousand or eight).
    #[serde(default)]
    pub hints: Vec<Hint>,
    /// Claims: parameter sets with the cells that support them.
    #[serde(default)]
    pub claims: Vec<ClaimDecl>,
    /// Challenges: a start and checks on the tables' cells.
    #[serde(default)]
    pub challenges: Vec<ChallengeDecl>,
}

/// A section: one script of the folder that prints it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionDecl {
    /// Its id (`measure`): the CLI's `--section`.
    pub id: String,
    /// The script that prints it (`olc.mjs`), run as `node olc.mjs '<json>'`.
    pub script: String,
    /// Its heading.
    pub title: Words,
    /// Its groups (the runs of lines between empty lines), in order: a key and a heading each;
    /// groups beyond the list are `<section>_<n>` (from 1) under the section's title.
    #[serde(default)]
    pub groups: Vec<GroupDecl>,
}

/// A group of a section: its key (claims' marks and sweeps' metrics name it) and its heading.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDecl {
    /// Its key: a lowercase ASCII word.
    pub key: String,
    /// Its heading, in Turkish.
    pub tr: String,
    /// Its heading, in English.
    pub en: String,
}

/// A parameter.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamDecl {
    /// Its name: the key in `VARSAYILAN`.
    pub name: String,
    /// `int`, `seed`, `real`, `prob`, `switch`, `choice`, `int_list`, `prob_list`, `range`,
    /// `names` or `text`.
    pub kind: String,
    /// The least value (`int`, `seed`, `real`, `int_list`, `range`).
    pub min: Option<f64>,
    /// The greatest value (as `min`).
    pub max: Option<f64>,
    /// The most items (`int_list`, `prob_list`, `names`) or characters (`text`).
    pub max_len: Option<usize>,
    /// The names allowed (`choice`).
    pub options: Option<Vec<String>>,
    /// Its label in the panel.
    pub label: Words,
    /// A line under it: what it means.
    pub help: Words,
    /// Whether it goes beyond the lesson's text ("closer to the real systems").
    #[serde(default)]
    pub extension: bool,
}

/// A claim: a parameter set and the marks of the cells that support it (as the Rust lessons'
/// presets), with its caption and, optionally, a prediction's question and a "why" question.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimDecl {
    /// Its id within the lesson (the link's `preset=` is `<lesson>.<id>`).
    pub id: String,
    /// Assignments over the lesson's values, as in a link (`a=1&b=2`; empty: the values).
    #[serde(default)]
    pub set: String,
    /// The marks (`c:GROUP:ROW:COLUMN`, `q:0`...), space-separated.
    pub marks: String,
    /// Its one-line caption.
    pub caption: Words,
    /// What the learner predicts before seeing it (with a `q:` mark).
    pub predict: Option<Words>,
    /// Why it holds: a question, three explanations and the right one (from 0).
    pub why: Option<WhyDecl>,
}

/// A claim's "why" question.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhyDecl {
    /// The question.
    pub question: Words,
    /// Three explanations, each with what the page says when it is chosen.
    pub choices: Vec<ChoiceDecl>,
    /// The right one, from 0.
    pub right: u8,
}

/// An explanation a "why" question offers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceDecl {
    /// The explanation, in Turkish.
    pub tr: String,
    /// The explanation, in English.
    pub en: String,
    /// What the page says when the learner chooses it.
    pub feedback: Words,
}

/// A challenge: where the learner starts and the checks the tables must pass.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeDecl {
    /// Its id within the lesson.
    pub id: String,
    /// Assignments over the lesson's values where the learner starts.
    #[serde(default)]
    pub start: String,
    /// Conditions (`c:GROUP:ROW:COLUMN<=3`...), space-separated.
    pub check: String,
    /// The goal, in a sentence.
    pub goal: Words,
    /// Hints, revealed one at a time.
    #[serde(default)]
    pub hints: Vec<Words>,
}

/// Reads manifest `text` (the file `file`, as named in messages) against `defaults`, the
/// script's `VARSAYILAN` as JSON: what the core keeps of the lesson.
pub fn read(file: &str, text: &str, defaults: &Map<String, Json>) -> Result<Declaration, Error> {
    if text.len() > MAX_BYTES {
        return Err(Error::author(
            file,
            format!(
                "the manifest has {} bytes; at most {MAX_BYTES} are read",
                text.len()
            ),
        ));
    }
    let manifest: Manifest = serde_json::from_str(text).map_err(|e| {
        Error::author(
            format!("{file}:{}:{}", e.line(), e.column()),
            format!("{e}; the fields are those of docs/adding-a-lesson.md"),
        )
    })?;
    check_names(file, &manifest)?;
    let mut specs = Vec::with_capacity(manifest.params.len());
    let mut typed = Vec::with_capacity(manifest.params.len());
    for p in &manifest.params {
        let at = format!("{file}: parameter {}", p.name);
        let Some(value) = defaults.get(&p.name) else {
            return Err(Error::author(
                at,
                format!(
                    "the script's VARSAYILAN (in {}) has no key \"{}\"; its keys are {}",
                    manifest.defaults,
                    p.name,
                    keys(defaults)
                ),
            ));
        };
        let kind = kind(&at, p)?;
        let (default, held) = default_text(&at, &kind, value)?;
        let spec = ParamSpec {
            name: leak(&p.name),
            kind,
            default: leak(&default),
            #[cfg(not(target_arch = "wasm32"))]
            meaning: leak(&p.help.en),
            #[cfg(not(target_arch = "wasm32"))]
            lesson_name: leak(&p.name),
            extension: p.extension,
        };
        parse_value(&spec, spec.default).map_err(|e| {
            Error::author(
                at.clone(),
                format!(
                    "the script's default {default} is not one the manifest allows: {}",
                    e.allowed
                ),
            )
        })?;
        specs.push(spec);
        typed.push(held);
    }
    if let Some(missing) = defaults
        .keys()
        .find(|k| !manifest.params.iter().any(|p| &p.name == *k))
    {
        return Err(Error::author(
            file,
            format!(
                "the script's VARSAYILAN has \"{missing}\", which \"params\" does not declare: every constant the script reads from VARSAYILAN is a parameter"
            ),
        ));
    }
    let m = manifest;
    Ok(Declaration {
        id: m.id,
        title: m.title.en,
        preview: m.preview,
        sections: m
            .sections
            .into_iter()
            .map(|s| declaration::Section {
                id: s.id,
                script: s.script,
                groups: s.groups.into_iter().map(|g| g.key).collect(),
            })
            .collect(),
        specs,
        held: typed,
        hints: m.hints,
        claims: m
            .claims
            .into_iter()
            .map(|c| declaration::Claim {
                id: c.id,
                set: c.set,
                marks: c.marks,
                why: c.why.map(|w| w.right),
            })
            .collect(),
        challenges: m
            .challenges
            .into_iter()
            .map(|c| declaration::Challenge {
                id: c.id,
                start: c.start,
                check: c.check,
                hints: c.hints.len().min(u8::MAX as usize) as u8,
            })
            .collect(),
    })
}

/// The schema of declared specs, leaked: a script lesson lives as long as the process (the
/// codec's specs are `'static`).
pub fn schema(id: &str, specs: Vec<ParamSpec>) -> &'static Schema {
    Box::leak(Box::new(Schema {
        lesson: leak(id),
        specs: Box::leak(specs.into_boxed_slice()),
    }))
}

fn keys(map: &Map<String, Json>) -> String {
    map.keys().cloned().collect::<Vec<_>>().join(", ")
}

/// An id, a section id, a parameter's or a claim's name: a lowercase ASCII word.
fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 40
        && b[0].is_ascii_lowercase()
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
}

/// A script's file name: `name.mjs` or `name.js`, in the folder itself.
pub fn is_script(s: &str) -> bool {
    let stem = s
        .strip_suffix(".mjs")
        .or_else(|| s.strip_suffix(".js"))
        .unwrap_or("");
    !stem.is_empty()
        && stem.len() <= 60
        && stem
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
}

fn check_names(file: &str, m: &Manifest) -> Result<(), Error> {
    let word = "a lowercase ASCII word (letters, digits, _; at most 40, a letter first)";
    if !is_name(&m.id) {
        return Err(Error::author(
            file,
            format!("\"id\" is \"{}\"; it must be {word}", m.id),
        ));
    }
    if let Some(before) = m.before.as_deref().filter(|b| !is_name(b) || *b == m.id) {
        return Err(Error::author(
            file,
            format!("\"before\" is \"{before}\"; it must be another lesson's id, {word}"),
        ));
    }
    if !is_script(&m.defaults) {
        return Err(Error::author(
            file,
            format!(
                "\"defaults\" is \"{}\"; it must be a script of the lesson's folder (akis.mjs)",
                m.defaults
            ),
        ));
    }
    if m.sections.is_empty() || m.params.is_empty() {
        return Err(Error::author(
            file,
            "a lesson has at least one section and one parameter",
        ));
    }
    for (what, n) in [
        ("sections", m.sections.len()),
        ("params", m.params.len()),
        ("claims", m.claims.len()),
        ("challenges", m.challenges.len()),
    ] {
        if n > MAX_ITEMS {
            return Err(Error::author(
                file,
                format!("\"{what}\" has {n} entries; at most {MAX_ITEMS}"),
            ));
        }
    }
    let mut seen = Vec::new();
    for s in &m.sections {
        if !is_name(&s.id) || !is_script(&s.script) {
            return Err(Error::author(
                format!("{file}: section \"{}\"", s.id),
                format!(
                    "its id must be {word} and its script a file of the lesson's folder (olc.mjs), not \"{}\"",
                    s.script
                ),
            ));
        }
        seen.push(("section", s.id.as_str()));
        for g in &s.groups {
            seen.push(("group", g.key.as_str()));
        }
    }
    for p in &m.params {
        if !is_name(&p.name) {
            return Err(Error::author(
                file,
                format!("the parameter \"{}\": its name must be {word}", p.name),
            ));
        }
        seen.push(("parameter", p.name.as_str()));
    }
    for c in &m.claims {
        seen.push(("claim", c.id.as_str()));
        if let Some(w) = &c.why {
            if w.choices.len() != 3 || w.right > 2 {
                return Err(Error::author(
                    file,
                    format!(
                        "the claim \"{}\": its \"why\" has three choices and \"right\" 0, 1 or 2",
                        c.id
                    ),
                ));
            }
        }
    }
    for c in &m.challenges {
        seen.push(("challenge", c.id.as_str()));
    }
    for (i, (what, name)) in seen.iter().enumerate() {
        // A claim's or a challenge's id may have hyphens (`quota-sum`), as a link shows it.
        let id = name.replace('-', "_");
        let ok = match *what {
            "claim" | "challenge" => is_name(&id) && !name.ends_with('-'),
            _ => is_name(name),
        };
        if !ok {
            return Err(Error::author(
                file,
                format!("the {what} \"{name}\": its id must be {word}"),
            ));
        }
        if seen[..i].iter().any(|(w, n)| w == what && n == name) {
            return Err(Error::author(
                file,
                format!("the {what} \"{name}\" is declared twice"),
            ));
        }
    }
    Ok(())
}

/// The codec's kind of a declared parameter, with its bounds checked.
fn kind(at: &str, p: &ParamDecl) -> Result<Kind, Error> {
    let fields = |want: &[&str]| -> Result<(), Error> {
        let given = [
            ("min", p.min.is_some()),
            ("max", p.max.is_some()),
            ("max_len", p.max_len.is_some()),
            ("options", p.options.is_some()),
        ];
        for (name, there) in given {
            if there != want.contains(&name) {
                let says = match there {
                    true => "does not take",
                    false => "needs",
                };
                return Err(Error::author(
                    at,
                    format!(
                        "the kind \"{}\" {says} \"{name}\" (it takes {})",
                        p.kind,
                        match want.is_empty() {
                            true => "no bounds".to_string(),
                            false => want.join(", "),
                        }
                    ),
                ));
            }
        }
        Ok(())
    };
    let whole = |x: Option<f64>, name: &str| -> Result<i64, Error> {
        let x = x.unwrap_or(0.0);
        if x.fract() != 0.0 || x.abs() > 9.0e15 {
            return Err(Error::author(
                at,
                format!(
                    "\"{name}\" is {}; a whole number is needed",
                    crate::jsfmt::number_to_string(x)
                ),
            ));
        }
        Ok(x as i64)
    };
    let bounds = |min: f64, max: f64| -> Result<(), Error> {
        match min <= max {
            true => Ok(()),
            false => Err(Error::author(
                at,
                format!(
                    "\"max\" ({}) is below \"min\" ({})",
                    crate::jsfmt::number_to_string(max),
                    crate::jsfmt::number_to_string(min)
                ),
            )),
        }
    };
    let max_len = |limit: usize| -> Result<usize, Error> {
        match p.max_len {
            Some(n) if (1..=limit).contains(&n) => Ok(n),
            n => Err(Error::author(
                at,
                format!("\"max_len\" is {}; 1 to {limit} is allowed", n.unwrap_or(0)),
            )),
        }
    };
    Ok(match p.kind.as_str() {
        "int" | "seed" | "range" => {
            fields(&["min", "max"])?;
            let (min, max) = (whole(p.min, "min")?, whole(p.max, "max")?);
            bounds(min as f64, max as f64)?;
            match p.kind.as_str() {
                "int" => Kind::Int { min, max },
                "seed" => Kind::Seed { min, max },
                _ => Kind::Range { min, max },
            }
        }
        "real" => {
            fields(&["min", "max"])?;
            let (min, max) = (p.min.unwrap_or(0.0), p.max.unwrap_or(0.0));
            bounds(min, max)?;
            Kind::Real {
                min,
                max,
                min_open: false,
            }
        }
        "prob" => {
            fields(&[])?;
            Kind::Prob
        }
        "switch" => {
            fields(&[])?;
            Kind::Switch
        }
        "choice" => {
            fields(&["options"])?;
            let options = p.options.clone().unwrap_or_default();
            if options.is_empty()
                || options.len() > MAX_ITEMS
                || !options.iter().all(|o| is_name(o))
            {
                return Err(Error::author(
                    at,
                    format!("\"options\" must be 1 to {MAX_ITEMS} lowercase ASCII words"),
                ));
            }
            let leaked: Vec<&'static str> = options.iter().map(|o| leak(o)).collect();
            Kind::Choice {
                options: Box::leak(leaked.into_boxed_slice()),
            }
        }
        "int_list" => {
            fields(&["min", "max", "max_len"])?;
            let (min, max) = (whole(p.min, "min")?, whole(p.max, "max")?);
            bounds(min as f64, max as f64)?;
            Kind::IntList {
                min,
                max,
                max_len: max_len(1000)?,
            }
        }
        "prob_list" => {
            fields(&["max_len"])?;
            Kind::ProbList {
                max_len: max_len(1000)?,
            }
        }
        "names" => {
            fields(&["max_len"])?;
            Kind::Names {
                max_len: max_len(100)?,
            }
        }
        "text" => {
            fields(&["max_len"])?;
            let kind: &'static dyn LessonKind = Box::leak(Box::new(Text {
                max_len: max_len(2000)?,
            }));
            Kind::Custom(kind)
        }
        other => {
            return Err(Error::author(
                at,
                format!(
                    "unknown kind \"{other}\"; the kinds are int, seed, real, prob, switch, choice, int_list, prob_list, range, names, text"
                ),
            ));
        }
    })
}

/// The script's default in the codec's text form, and how the script holds it.
fn default_text(at: &str, kind: &Kind, value: &Json) -> Result<(String, Held), Error> {
    let numeric = matches!(
        kind,
        Kind::Int { .. } | Kind::Seed { .. } | Kind::Real { .. } | Kind::Prob | Kind::Switch
    );
    match value {
        Json::Number(n) if numeric => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            Ok((crate::jsfmt::number_to_string(x), Held::Number))
        }
        Json::Bool(b) if matches!(kind, Kind::Switch) => Ok((u8::from(*b).to_string(), Held::Bool)),
        Json::String(s) if !numeric || matches!(kind, Kind::Choice { .. }) => {
            Ok((s.clone(), Held::Text))
        }
        other => Err(Error::author(
            at,
            format!(
                "the script's default is {other}, which a parameter of this kind cannot hold ({})",
                match numeric {
                    true => "a number is needed",
                    false => "a string is needed, as \"1,3,6\"",
                }
            ),
        )),
    }
}

/// The parameters as the script reads them from `process.argv[2]`: the given `(name, text)`
/// pairs (those that differ from the defaults) as a JSON object, keys in order, numbers as numbers
/// where the script holds a number (written as JavaScript's `JSON.stringify` writes them);
/// `None` when there are none (the script runs as `node olc.mjs`).
///
/// Written here, not by serde_json's `Value`: its writer and float formatting took 15 KB of the
/// script module (twiggy on the script module, pages/script), which put a script
/// lesson's first visit over its 350 KB budget; a flat object of numbers, booleans and strings
/// needs only [`crate::jsfmt::json_string`] and the core's own JavaScript number formatting.
pub fn script_params(
    specs: &[ParamSpec],
    typed: &[Held],
    changed: &[(&str, String)],
) -> Option<String> {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    for (name, text) in changed {
        let Some(i) = specs.iter().position(|s| s.name == *name) else {
            continue;
        };
        let value = match typed[i] {
            Held::Number => crate::jsfmt::parse_number(text)
                .filter(|x| x.is_finite())
                .map(crate::jsfmt::number_to_string)
                .unwrap_or_else(|| crate::jsfmt::json_string(text)),
            Held::Bool => (if text == "1" { "true" } else { "false" }).to_string(),
            Held::Text => crate::jsfmt::json_string(text),
        };
        pairs.retain(|(n, _)| n != name);
        pairs.push((name, value));
    }
    if pairs.is_empty() {
        return None;
    }
    pairs.sort_by(|a, b| a.0.cmp(b.0));
    let body: Vec<String> = pairs
        .iter()
        .map(|(name, value)| format!("{}:{value}", crate::jsfmt::json_string(name)))
        .collect();
    Some(format!("{{{}}}", body.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"{
      "id": "demo", "title": {"tr": "Deneme", "en": "Demo"}, "intro": {"tr": "a", "en": "b"},
      "defaults": "akis.mjs",
      "sections": [{"id": "measure", "script": "olc.mjs", "title": {"tr": "Ölçüm", "en": "Measurement"}}],
      "params": [
        {"name": "rounds", "kind": "int", "min": 1, "max": 100, "label": {"tr": "Tur", "en": "Rounds"}, "help": {"tr": "t", "en": "e"}},
        {"name": "p", "kind": "prob", "label": {"tr": "O", "en": "P"}, "help": {"tr": "t", "en": "e"}},
        {"name": "sweep", "kind": "int_list", "min": 1, "max": 9, "max_len": 4, "label": {"tr": "T", "en": "S"}, "help": {"tr": "t", "en": "e"}}
      ]
    }"#;

    fn defaults(json: &str) -> Map<String, Json> {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_manifest_reads_against_its_scripts_defaults() {
        let d = read(
            "demo/lesson.json",
            MANIFEST,
            &defaults(r#"{"rounds": 80, "p": 0.05, "sweep": "1,3"}"#),
        )
        .unwrap();
        let got: Vec<_> = d.specs.iter().map(|s| (s.name, s.default)).collect();
        assert_eq!(got, [("rounds", "80"), ("p", "0.05"), ("sweep", "1,3")]);
        assert_eq!(d.held, [Held::Number, Held::Number, Held::Text]);
        let changed = [("rounds", "8".to_string()), ("sweep", "2".to_string())];
        assert_eq!(
            script_params(&d.specs, &d.held, &changed).as_deref(),
            Some(r#"{"rounds":8,"sweep":"2"}"#)
        );
        assert_eq!(script_params(&d.specs, &d.held, &[]), None);
        // Keys in order, numbers as JSON.stringify writes them, strings escaped; read back by a
        // JSON reader as the values given.
        let odd = [
            ("sweep", "a\"b\\c\n\u{1}ş".to_string()),
            ("p", "1e-7".to_string()),
            ("rounds", "12345678901234567890".to_string()),
        ];
        let text = script_params(&d.specs, &d.held, &odd).unwrap();
        assert_eq!(
            text,
            r#"{"p":1e-7,"rounds":12345678901234567000,"sweep":"a\"b\\c\u000a\u0001ş"}"#
        );
        let back: Map<String, Json> = serde_json::from_str(&text).unwrap();
        assert_eq!(back["sweep"], "a\"b\\c\n\u{1}ş");
        assert_eq!(back["p"].as_f64(), Some(1e-7));
        assert_eq!(back["rounds"].as_f64(), Some(12345678901234567890.0));
    }

    #[test]
    fn every_author_mistake_names_the_file_and_what_to_fix() {
        let all = r#"{"rounds": 80, "p": 0.05, "sweep": "1,3"}"#;
        let err = |manifest: &str, defs: &str| {
            read("demo/lesson.json", manifest, &defaults(defs))
                .unwrap_err()
                .to_string()
        };
        let typo = MANIFEST.replace("\"kind\": \"prob\"", "\"knd\": \"prob\"");
        assert!(
            err(&typo, all).contains("unknown field `knd`"),
            "{}",
            err(&typo, all)
        );
        assert!(err(&typo, all).starts_with("demo/lesson.json:"));
        let lacks = err(MANIFEST, r#"{"rounds": 80, "sweep": "1,3"}"#);
        assert!(
            lacks.contains("parameter p: the script's VARSAYILAN"),
            "{lacks}"
        );
        let extra = err(
            MANIFEST,
            r#"{"rounds": 80, "p": 0.1, "sweep": "1", "x": 1}"#,
        );
        assert!(
            extra.contains("\"x\", which \"params\" does not declare"),
            "{extra}"
        );
        let out = err(MANIFEST, r#"{"rounds": 800, "p": 0.05, "sweep": "1,3"}"#);
        assert!(
            out.contains("default 800 is not one the manifest allows"),
            "{out}"
        );
        let kind = MANIFEST.replace("\"kind\": \"int\"", "\"kind\": \"integer\"");
        assert!(err(&kind, all).contains("unknown kind \"integer\""));
        let typed = err(MANIFEST, r#"{"rounds": "80", "p": 0.05, "sweep": "1,3"}"#);
        assert!(typed.contains("a number is needed"), "{typed}");
        let bounds = MANIFEST.replace("\"max\": 100", "\"max\": 100, \"max_len\": 3");
        assert!(err(&bounds, all).contains("does not take \"max_len\""));
    }
}
