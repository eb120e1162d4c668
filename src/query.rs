//! The URL query form of a request (`lesson=jobs&seed=42&section=measure`): the share link's
//! codec. Parameter values use the same text form as `--set name=value`; a missing parameter
//! means the lesson's value.

use crate::challenge::Challenge;
use crate::error::{Error, ErrorCode};
use crate::lesson::Lesson;
use crate::lessons::{self, validate};
use crate::params::ParamSet;
use crate::presets::Preset;
use serde::Serialize;
use serde::ser::SerializeStruct;

/// The schema version written into share links (`v=1`). A missing key means the lesson's value,
/// for every version to come.
pub const VERSION: &str = "1";

/// Keys of the query that are about the page, not the lesson's parameters.
pub const PAGE_KEYS: &[&str] = &[
    "lesson",
    "section",
    "v",
    "lang",
    "embed",
    "controls",
    "exports",
    "predict",
    "figure",
    "preset",
    "sweep",
    "sweep_y",
    "metric",
    "heat",
    "trace",
    "vs",
    "challenge",
    "origin",
    "scorm",
    "present",
    "find",
    "scope",
];

/// What a `figure=` value looks like (the run checks that the lesson has it).
const FIGURE_FORM: &str = "a table or chart key of the lesson: lower-case letters, digits and _";

/// Whether `v` has a figure key's form: `[a-z0-9_]`, 1 to 60 characters.
fn is_figure_key(v: &str) -> bool {
    (1..=60).contains(&v.len())
        && v.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// What an `origin=` value is (the embed answers only the pages of these origins).
const ORIGIN_FORM: &str = "at most 8 origins, comma-separated: scheme, host, optional port, no path (https://moodle.example.org)";

/// The origins of an `origin=` value (`https://a.example,http://localhost:8000`), normalised as
/// a browser names an origin (`event.origin`): scheme and host in lower case, the scheme's
/// default port (`:443`, `:80`) and a lone trailing `/` left out. `None` when one is not an
/// http(s) origin: a host of letters, digits, `.` and `-`, an optional port, no path.
fn origins(v: &str) -> Option<Vec<String>> {
    let list: Vec<&str> = v.split(',').collect();
    let origin = |o: &&str| {
        let lower = o.to_ascii_lowercase();
        // (Prefixes, not `split_once("://")`: a `&str` pattern's searcher costs the module 4.7 KB gzip.)
        let (scheme, default_port, rest) = if let Some(r) = lower.strip_prefix("https://") {
            ("https", "443", r)
        } else {
            ("http", "80", lower.strip_prefix("http://")?)
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        let (host, port) = match rest.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (rest, None),
        };
        let host_ok = !host.is_empty()
            && host.len() <= 253
            && host
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
        let port_ok = port.is_none_or(|p| {
            (1..=5).contains(&p.len())
                && p.bytes().all(|b| b.is_ascii_digit())
                && p.parse::<u16>().is_ok_and(|p| p > 0)
        });
        (host_ok && port_ok).then(|| match port {
            Some(p) if p.trim_start_matches('0') != default_port => {
                format!("{scheme}://{host}:{}", p.trim_start_matches('0'))
            }
            _ => format!("{scheme}://{host}"),
        })
    };
    (list.len() <= 8).then(|| list.iter().map(origin).collect())?
}

/// Page keys the page passes on as text, read by the sweep and the trace: the sweep's
/// axes, metric and heatmap colour scale (`heat=log`), the watched run (`trace=scan:4`) and the
/// search (`find=round-twice`, issue 36) and its narrowed scope (`scope=crash=none;pause=1..3`).
pub const VIEW_KEYS: &[&str] = &[
    "sweep", "sweep_y", "metric", "heat", "trace", "find", "scope",
];

/// A decoded query: the lesson, the section, page settings and parameter assignments.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query {
    /// `lesson=`, if given.
    pub lesson: Option<String>,
    /// `section=`, if given.
    pub section: Option<String>,
    /// Page settings (`v`, `lang`, `embed`, `controls`, `preset`), as given.
    pub page: Vec<(String, String)>,
    /// Every other key, as a parameter assignment.
    pub params: Vec<(String, String)>,
}

impl Query {
    /// Decodes `a=b&c=d` (a leading `?` is allowed; `+` is a space; `%XX` escapes UTF-8);
    /// the first problem is an error.
    pub fn decode(query: &str) -> Result<Self, Error> {
        let (q, mut errors) = Self::decode_lenient(query);
        if errors.is_empty() {
            Ok(q)
        } else {
            Err(errors.swap_remove(0))
        }
    }

    /// Decodes what it can and lists every piece it could not use (a broken escape, a key given
    /// twice: the first one counts).
    pub fn decode_lenient(query: &str) -> (Self, Vec<Error>) {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut out = Query::default();
        let mut errors = Vec::new();
        let mut broken: Vec<String> = Vec::new();
        // Keys that do not decode: one refusal names them all (a link may hold thousands).
        let mut broken_keys: Vec<&str> = Vec::new();
        let mut repeats: Vec<String> = Vec::new();
        for piece in query.split('&').filter(|p| !p.is_empty()) {
            let (raw_key, raw_value) = piece.split_once('=').unwrap_or((piece, ""));
            let key = match percent_decode(raw_key) {
                Ok(k) => k,
                Err(_) => {
                    broken_keys.push(raw_key);
                    continue;
                }
            };
            let page = PAGE_KEYS.contains(&key.as_str()) || key == "lesson" || key == "section";
            let param = !page && is_param_name(&key);
            // Only the page's keys and the lessons' parameters are checked for repeats (a key no
            // lesson has is refused whatever it holds): linear in the link's keys.
            let seen = (page || param)
                && (broken.contains(&key)
                    || match key.as_str() {
                        "lesson" => out.lesson.is_some(),
                        "section" => out.section.is_some(),
                        k if page => out.page.iter().any(|(k2, _)| k2 == k),
                        k => out.params.iter().any(|(k2, _)| k2 == k),
                    });
            if seen {
                // Said once a key, however often it repeats (a link may repeat one thousands
                // of times).
                if !repeats.contains(&key) {
                    errors.push(repeated(&key, raw_value));
                    repeats.push(key);
                }
                continue;
            }
            let value = match percent_decode(raw_value) {
                Ok(v) => v,
                // An unknown key is refused as one, whatever its value.
                Err(_) if !page && !param => raw_value.to_string(),
                Err(why) => {
                    // (Compared whole: a `&str` pattern's searcher costs the module 4.7 KB gzip.)
                    let key_of = if why == NOT_UTF8 {
                        "why.utf8"
                    } else {
                        "why.escape"
                    };
                    errors.push(Error::bad(&key, raw_value, why).keyed(key_of, &[]));
                    broken.push(key);
                    continue;
                }
            };
            match key.as_str() {
                "lesson" => out.lesson = Some(value),
                "section" => out.section = Some(value),
                k if PAGE_KEYS.contains(&k) => out.page.push((key, value)),
                _ => out.params.push((key, value)),
            }
        }
        if let Some(first) = broken_keys.first() {
            let mut names = broken_keys[..broken_keys.len().min(NAMED_UNKNOWN)].join(", ");
            if broken_keys.len() > NAMED_UNKNOWN {
                names.push_str(", …");
            }
            let why = percent_decode(first).err().unwrap_or_default();
            errors.push(
                Error::usage(format!(
                    "the query key \"{first}\" {why}{}",
                    match broken_keys.len() {
                        1 => String::new(),
                        n => format!(" (and {} more keys that do not decode: {names})", n - 1),
                    }
                ))
                .keyed(
                    "refuse.broken_keys",
                    &[("names", &names), ("count", &broken_keys.len())],
                ),
            );
        }
        (out, errors)
    }

    /// The lesson and its parameters: defaults, then a `preset=`'s assignments, then the
    /// query's own assignments.
    pub fn params(&self) -> Result<ParamSet, Error> {
        let lesson = match (&self.lesson, self.preset_id()) {
            (Some(id), _) => lessons::get(id)?,
            (None, Some(id)) => lessons::find_preset(id, None)?.0,
            (None, None) => {
                return Err(Error::usage(format!(
                    "the query has no lesson=; the lessons are {}",
                    lessons::ids()
                )));
            }
        };
        if let Some(s) = &self.section {
            lesson.section(s)?;
        }
        let mut set = match self.preset()? {
            Some(p) => lessons::preset_params(lesson, p)?,
            None => lesson.defaults(),
        };
        for (name, text) in &self.params {
            set.set(name, text)?;
        }
        Ok(set)
    }

    fn preset_id(&self) -> Option<&str> {
        self.page
            .iter()
            .find(|(k, _)| k == "preset")
            .map(|(_, id)| id.as_str())
    }

    /// The `preset=` of the query, if any: an id that is not one of the lesson's (of any lesson's,
    /// without `lesson=`) is an error naming the ids allowed.
    /// Compare mode's run A (`vs=`), read against the lesson of `params`; `None` without `vs=`.
    pub fn vs(&self, params: &ParamSet) -> Result<Option<ParamSet>, Error> {
        self.page
            .iter()
            .find(|(k, _)| k == "vs")
            .map(|(_, text)| vs_params(lessons::of(params), text))
            .transpose()
    }

    pub fn preset(&self) -> Result<Option<&'static Preset>, Error> {
        let lesson = self.lesson.as_deref().and_then(|l| lessons::get(l).ok());
        self.preset_id()
            .map(|id| lessons::find_preset(id, lesson).map(|(_, p)| p))
            .transpose()
    }
}

fn repeated(key: &str, value: &str) -> Error {
    Error {
        code: ErrorCode::RepeatedParam,
        param: Some(key.to_string()),
        value: Some(value.to_string()),
        allowed: "give each key once".into(),
        why: None,
    }
}

/// Whether `key` names a parameter of a lesson this build holds: only those are checked for
/// repeats as a link is read (a key no lesson has is refused whatever it holds), so reading a
/// link stays linear in its keys however many unknown ones it has.
fn is_param_name(key: &str) -> bool {
    lessons::ALL
        .iter()
        .any(|l| l.specs().iter().any(|s| s.name == key))
}

/// The most unknown keys a refusal names one by one (the rest are counted).
const NAMED_UNKNOWN: usize = 12;

/// One refusal for every key of `unknown` (in the link's order) that is not a parameter of
/// `lesson`: its names (the first [`NAMED_UNKNOWN`]) and how many there are.
fn unknown_keys(lesson: Lesson, unknown: &[&str]) -> Error {
    let mut names = unknown[..unknown.len().min(NAMED_UNKNOWN)].join(", ");
    if unknown.len() > NAMED_UNKNOWN {
        names.push_str(", …");
    }
    let params = lesson
        .specs()
        .iter()
        .map(|s| s.name)
        .collect::<Vec<_>>()
        .join(", ");
    Error {
        code: ErrorCode::UnknownParam,
        param: Some(unknown[0].to_string()),
        value: None,
        allowed: format!(
            "the parameters of {} are {params}; this link has {} key(s) that are none of them: {names}",
            lesson.id(),
            unknown.len()
        ),
        why: None,
    }
    .keyed(
        "refuse.unknown_keys",
        &[("names", &names), ("count", &unknown.len()), ("params", &params)],
    )
}

/// A page request resolved leniently: every problem is listed, each bad value falls back to the
/// lesson's value, and the rest works.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The lesson (the first lesson when none or an unknown one is given).
    pub lesson: Lesson,
    /// The section to show alone, if any.
    pub section: Option<&'static str>,
    /// Interface language, `tr` (default) or `en`.
    pub lang: &'static str,
    /// Compact single-lesson view for an iframe (`embed=1`).
    pub embed: bool,
    /// Whether the parameter panel is shown (`controls=0` hides it, and the action and export
    /// buttons unless `exports=1`).
    pub controls: bool,
    /// `exports=`, if given: the export buttons shown (1) or hidden (0) whatever `controls` is.
    pub exports: Option<bool>,
    /// `predict=`, if given: a claim asks for a prediction before it is shown (1), or never
    /// (0); unset, only a claim chosen on the full page asks.
    pub predict: Option<bool>,
    /// `figure=`, if given: the one table or chart to show (a key of the lesson's report; the
    /// run checks it, the link only its form).
    pub figure: Option<String>,
    /// `scorm=1`: the page was launched from a SCORM package (src/scorm.rs) and reports to the LMS.
    pub scorm: bool,
    /// Presenter mode (`present=1`): one figure at a time in large type for a projector.
    pub present: bool,
    /// The effective parameters.
    pub params: ParamSet,
    /// What could not be used, each naming the key, the value and what is allowed.
    pub errors: Vec<Error>,
    /// Parameters whose given text was refused, with that text: the share link keeps them, so
    /// whoever opens it sees what the sender saw, error included.
    pub rejected: Vec<(&'static str, String)>,
    /// The lesson's claim the link shows (`preset=`), kept while the parameters are its own.
    pub preset: Option<&'static Preset>,
    /// The challenge the link sets (`challenge=`), kept whatever the values.
    pub challenge: Option<&'static Challenge>,
    /// The sweep, metric and trace keys as given (see [`VIEW_KEYS`]), in that order.
    pub view: Vec<(&'static str, String)>,
    /// Compare mode's run A (`vs=`): its parameters that differ from the lesson's, as a query
    /// (empty: the lesson's values); `None` when not comparing.
    pub vs: Option<String>,
    /// `origin=`: the only origins whose pages an embed answers (empty: its parent, any origin).
    pub origins: Vec<String>,
    /// Every `origin=` text as given when one was refused (malformed, repeated): the allow-list
    /// then fails closed, the embed talks to no page, and the link keeps the texts so that it
    /// stays closed when read again. Empty when the list was read.
    pub origin_refused: Vec<String>,
}

/// The lesson whose page module answers a page query: the one [`resolve`] shows. It is worked
/// out from the registry's ids where this build lacks the lesson, so any lesson's module can send
/// the page on to the right one (a preset's id begins with its lesson's, a registry invariant).
pub fn home(query: &str) -> &'static str {
    // The link's `lesson=` and `preset=` as `Query::decode_lenient` reads them (the first
    // of each counts; one whose value does not decode counts as given, without a value), read
    // here alone: the router's module holds this function and what it uses only (8 KB), not the
    // lessons the full reader asks about every other key.
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut slots: [(bool, Option<String>); 3] = [(false, None), (false, None), (false, None)];
    for piece in query.split('&').filter(|p| !p.is_empty()) {
        let (raw_key, raw_value) = piece.split_once('=').unwrap_or((piece, ""));
        let slot = match percent_decode(raw_key).as_deref() {
            Ok("lesson") => &mut slots[0],
            Ok("preset") => &mut slots[1],
            Ok("challenge") => &mut slots[2],
            _ => continue,
        };
        if !slot.0 {
            *slot = (true, percent_decode(raw_value).ok());
        }
    }
    let [(_, lesson), (_, preset), (_, challenge)] = slots;
    let first = lessons::IDS[0];
    let ids = lessons::all_ids();
    let known = |id: &str| ids.iter().copied().find(|&i| i == id);
    // A challenge's id begins with its lesson's too.
    match (lesson.as_deref(), preset.or(challenge).as_deref()) {
        (Some(id), _) => known(id).unwrap_or(first),
        (None, Some(preset)) => lessons::preset_lesson(preset).unwrap_or(first),
        (None, None) => first,
    }
}

/// Resolves a page query: never fails, reports instead.
pub fn resolve(query: &str) -> Resolved {
    let (q, mut errors) = Query::decode_lenient(query);
    // A preset names its lesson; with another lesson= it is refused.
    let mut found = None;
    if let Some((_, id)) = q.page.iter().find(|(k, _)| k == "preset") {
        let lesson = q.lesson.as_deref().and_then(|l| lessons::get(l).ok());
        match lessons::find_preset(id, lesson) {
            Ok(f) => found = Some(f),
            Err(e) => errors.push(e),
        }
    }
    let challenge_id = q.page.iter().find(|(k, _)| k == "challenge");
    let lesson = match q.lesson.as_deref() {
        // An unknown preset of a lesson shows that lesson, with the error.
        None => found.map(|(l, _)| l).unwrap_or_else(|| {
            q.preset_id()
                .or(challenge_id.map(|(_, id)| id.as_str()))
                .and_then(lessons::preset_lesson)
                .and_then(|id| lessons::get(id).ok())
                .unwrap_or_else(lessons::first)
        }),
        Some(id) => lessons::get(id).unwrap_or_else(|e| {
            errors.push(e);
            lessons::first()
        }),
    };
    let preset = found.map(|(_, p)| p);
    // A challenge is of the lesson shown: another lesson's is refused naming the allowed ids.
    let challenge = challenge_id.and_then(|(_, id)| {
        lessons::find_challenge(id, Some(lesson))
            .map_err(|e| errors.push(e))
            .ok()
            .map(|(_, c)| c)
    });
    let section = q.section.as_deref().and_then(|s| match lesson.section(s) {
        Ok(s) => Some(s),
        Err(e) => {
            errors.push(e);
            None
        }
    });
    let (mut lang, mut embed, mut controls) = ("tr", false, true);
    let (mut exports, mut predict, mut figure) = (None, None, None);
    let mut scorm = false;
    let mut present = false;
    let mut view: Vec<(&'static str, String)> = Vec::new();
    let mut vs = None;
    let mut allowed_origins = Vec::new();
    for (key, value) in &q.page {
        if key == "vs" {
            match vs_params(lesson, value) {
                Ok(a) => vs = Some(vs_query(&a)),
                Err(e) => errors.push(e),
            }
            continue;
        }
        if let Some(k) = VIEW_KEYS.iter().find(|k| **k == key) {
            if *k != "heat" || value == "log" {
                // Whole, never cut (a cut list could name other values and give another
                // answer): what reads it refuses a value it cannot use, naming the key.
                view.push((k, value.clone()));
                continue;
            }
        }
        let ok = match (key.as_str(), value.as_str()) {
            ("lang", "tr" | "en") => {
                lang = if value == "tr" { "tr" } else { "en" };
                true
            }
            ("embed", "0" | "1") => {
                embed = value == "1";
                true
            }
            ("controls", "0" | "1") => {
                controls = value == "1";
                true
            }
            ("exports", "0" | "1") => {
                exports = Some(value == "1");
                true
            }
            ("predict", "0" | "1") => {
                predict = Some(value == "1");
                true
            }
            ("present", "0" | "1") => {
                present = value == "1";
                true
            }
            ("figure", v) if is_figure_key(v) => {
                figure = Some(v.to_string());
                true
            }
            ("origin", v) => origins(v).map(|o| allowed_origins = o).is_some(),
            ("scorm", "0" | "1") => {
                scorm = value == "1";
                true
            }
            ("v", v) => v == VERSION,
            ("preset" | "challenge", _) => true, // read above
            _ => false,
        };
        if !ok {
            let allowed = match key.as_str() {
                "lang" => "the languages are tr and en".to_string(),
                "figure" => FIGURE_FORM.to_string(),
                "origin" => ORIGIN_FORM.to_string(),
                "heat" => "log (the heatmap's colour scale; absent: linear)".to_string(),
                "v" => format!(
                    "this link's version is not {VERSION}, the one this page reads; the values were read as version {VERSION}"
                ),
                _ => "0 or 1".to_string(),
            };
            let e = Error::bad(key, value, allowed);
            // Said in the page's language (refuse.origin in its texts).
            errors.push(if key == "origin" {
                e.keyed("refuse.origin", &[])
            } else {
                e
            });
        }
    }
    // The allow-list fails closed: one refused `origin=` (malformed, broken escapes, given
    // twice) allows no page at all, and the link keeps every text given, so it stays closed.
    let mut origin_refused = Vec::new();
    if errors.iter().any(|e| e.param.as_deref() == Some("origin")) {
        allowed_origins.clear();
        let read = q.page.iter().find(|(k, _)| k == "origin").map(|(_, v)| v);
        origin_refused.extend(read.cloned());
        for e in errors
            .iter()
            .filter(|e| e.param.as_deref() == Some("origin"))
        {
            let Some(v) = &e.value else { continue };
            if e.code == ErrorCode::BadValue && Some(v) == read {
                continue; // the value read, refused as an origin list
            }
            origin_refused.push(percent_decode(v).unwrap_or_else(|_| v.clone()));
        }
    }
    let mut params = preset
        .and_then(|p| lessons::preset_params(lesson, p).ok())
        .unwrap_or_else(|| lesson.defaults());
    let spec_name = |name: &str| {
        lesson
            .specs()
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.name)
    };
    // A value whose %-escapes are broken is kept as it came, like any other refused value.
    let mut rejected: Vec<(&'static str, String)> = errors
        .iter()
        .filter(|e| e.code == ErrorCode::BadValue)
        .filter_map(|e| Some((spec_name(e.param.as_deref()?)?, e.value.clone()?)))
        .collect();
    // Keys that are no parameter of the lesson: one refusal names them all.
    let mut unknown: Vec<&str> = Vec::new();
    for (name, text) in &q.params {
        let Some(n) = spec_name(name) else {
            unknown.push(name);
            continue;
        };
        if let Err(e) = params.set(name, text) {
            errors.push(e);
            rejected.push((n, text.clone()));
        }
    }
    if !unknown.is_empty() {
        errors.push(unknown_keys(lesson, &unknown));
    }
    // Checks across parameters. The named parameter falls back to the lesson's value; when it
    // already has it (a default fault map against a changed job count), the link's value that
    // settles the disagreement falls back.
    let given: Vec<&str> = q.params.iter().map(|(k, _)| k.as_str()).collect();
    for _ in 0..=lesson.specs().len() {
        let Err(e) = validate(&params) else { break };
        errors.push(e.clone());
        let defaults = lesson.defaults();
        let named = e
            .param
            .as_deref()
            .filter(|p| params.get(p) != defaults.get(p));
        let candidates: Vec<&str> = given
            .iter()
            .rev()
            .copied()
            .filter(|p| {
                lesson.specs().iter().any(|s| s.name == *p) && params.get(p) != defaults.get(p)
            })
            .collect();
        // The value whose fallback alone makes the parameters agree, else the link's last one
        // (the loop goes on until they agree).
        let settles = |p: &&str| {
            let mut trial = params.clone();
            trial
                .set(
                    p,
                    lesson
                        .specs()
                        .iter()
                        .find(|s| s.name == *p)
                        .map_or("", |s| s.default),
                )
                .is_ok()
                && validate(&trial).is_ok()
        };
        let fallback = named
            .or_else(|| candidates.iter().copied().find(settles))
            .or_else(|| candidates.first().copied());
        match fallback.and_then(|p| lesson.specs().iter().find(|s| s.name == p)) {
            Some(spec) => {
                let given = q.params.iter().find(|(k, _)| k == spec.name);
                if let Some((_, text)) = given {
                    rejected.push((spec.name, text.clone()));
                }
                let _ = params.set(spec.name, spec.default);
            }
            None => {
                params = defaults;
                break;
            }
        }
    }
    // The claim stays only while every parameter is the preset's.
    let preset =
        preset.filter(|p| lessons::preset_params(lesson, p).is_ok_and(|own| own == params));
    Resolved {
        lesson,
        section,
        lang,
        embed,
        controls,
        exports,
        predict,
        figure,
        scorm,
        present,
        params,
        errors,
        rejected,
        preset,
        challenge,
        view: VIEW_KEYS
            .iter()
            .filter_map(|k| view.iter().find(|(v, _)| v == k).cloned())
            .collect(),
        vs,
        origins: allowed_origins,
        origin_refused,
    }
}

/// A's parameters from a `vs` query (as in a link, `fail_prob=0.5&seed=1`; empty: the lesson's
/// values; `preset=` starts from a claim): read by the link codec against `lesson`. A page key
/// (the comparison takes B's view) and a `vs=` inside it are refused; a run's `lesson=`, `v=`
/// and `section=` are its identity (a pinned run's query has them; the comparison takes B's
/// section). Any problem is an error naming `vs`, the query and what went wrong.
pub fn vs_params(lesson: Lesson, text: &str) -> Result<ParamSet, Error> {
    let bad = |why: String| {
        Error::bad(
            "vs",
            text,
            format!(
                "a query of {}'s parameters as in a link (name=value&name=value; empty for the lesson's values): {why}",
                lesson.id()
            ),
        )
    };
    let mut q = Query::decode(text).map_err(|e| bad(e.to_string()))?;
    if let Some(other) = q.lesson.as_deref().filter(|l| *l != lesson.id()) {
        return Err(bad(format!(
            "lesson={other} is another lesson; both runs are of {}",
            lesson.id()
        ))
        .keyed("refuse.vs.lesson", &[("other", &other)]));
    }
    // Run A is the lesson's parameters (from a claim's, with preset=), nothing else: a page key
    // would be dropped without a word, and a vs= inside vs= would compare with a third run.
    if q.page.iter().any(|(k, _)| k == "vs") {
        return Err(
            bad("vs= inside vs=: run A is one run, compared with B; it has no run of its own to compare with".into())
                .keyed("refuse.vs.nested", &[]),
        );
    }
    let page: Vec<&str> = q
        .page
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| !matches!(*k, "preset" | "v"))
        .collect();
    if !page.is_empty() {
        return Err(bad(format!(
            "{} {} the page's, not a parameter of {}; run A takes B's view",
            page.join(", "),
            if page.len() == 1 { "is" } else { "are" },
            lesson.id()
        ))
        .keyed("refuse.vs.page_keys", &[("keys", &page.join(", "))]));
    }
    q.lesson = Some(lesson.id().to_string());
    q.section = None;
    // A's own refusal, worded by the page as it words it for B (its key and values), naming vs.
    let inner = |e: Error| {
        let why = e.why.clone();
        Error {
            why,
            ..bad(e.to_string())
        }
    };
    let params = q.params().map_err(inner)?;
    validate(&params).map_err(inner)?;
    Ok(params)
}

/// A sweep's keys in a link (`&sweep=…&sweep_y=…&metric=…`), to follow its base parameters'
/// query: the one form the sweep's document and its CLI parts both write.
pub fn sweep_keys(x: &str, y: Option<&str>, metrics: &str) -> String {
    let mut q = format!("&sweep={}", percent_encode(x));
    if let Some(y) = y {
        q.push_str(&format!("&sweep_y={}", percent_encode(y)));
    }
    q.push_str(&format!("&metric={}", percent_encode(metrics)));
    q
}

/// Run A's parameters as `vs=` carries them: those that differ from the lesson's, as a query.
pub fn vs_query(a: &ParamSet) -> String {
    let full = encode(a, None);
    let lesson = format!("lesson={}", percent_encode(a.lesson()));
    full.strip_prefix(&lesson)
        .map_or(full.as_str(), |rest| rest.trim_start_matches('&'))
        .to_string()
}

impl Resolved {
    /// The query the page computes with: the lesson, the section, the parameters that differ
    /// from the lesson's, the page settings that differ from the defaults, and the version.
    pub fn query(&self) -> String {
        let mut q = encode(&self.params, self.section);
        q.push_str(&self.page_settings(false));
        q
    }

    /// The share link's query: as [`Resolved::query`], but a refused value stays as it was
    /// typed, in its parameter's place, so nothing the user typed is lost.
    pub fn share_query(&self) -> String {
        let mut pairs = vec![("lesson".to_string(), self.lesson.id().to_string())];
        if let Some(s) = self.section {
            pairs.push(("section".into(), s.to_string()));
        }
        let changed = self.params.changed();
        for spec in self.lesson.specs() {
            let raw = self
                .rejected
                .iter()
                .find(|(n, _)| *n == spec.name)
                .map(|(_, t)| t.clone());
            let canonical = changed
                .iter()
                .find(|(n, _)| *n == spec.name)
                .map(|(_, t)| t.clone());
            if let Some(text) = raw.or(canonical) {
                pairs.push((spec.name.to_string(), text));
            }
        }
        let mut q = pairs
            .iter()
            .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        q.push_str(&self.page_settings(true));
        q
    }

    /// The page settings as a query's tail; `refused_origins`: also each refused `origin=` text
    /// as given (the share link's, so that link stays closed; the computed query, which the
    /// core reads again, has none and no allow-list).
    fn page_settings(&self, refused_origins: bool) -> String {
        let mut q = String::new();
        if let Some(p) = self.preset {
            q.push_str(&format!("&preset={}", p.id));
        }
        if let Some(c) = self.challenge {
            q.push_str(&format!("&challenge={}", c.id));
        }
        for (key, value) in &self.view {
            q.push_str(&format!("&{key}={}", percent_encode(value)));
        }
        if let Some(f) = &self.figure {
            q.push_str(&format!("&figure={f}"));
        }
        if let Some(vs) = &self.vs {
            q.push_str(&format!("&vs={}", percent_encode(vs)));
        }
        if !self.origins.is_empty() {
            q.push_str(&format!(
                "&origin={}",
                percent_encode(&self.origins.join(","))
            ));
        }
        for text in self.origin_refused.iter().filter(|_| refused_origins) {
            q.push_str(&format!("&origin={}", percent_encode(text)));
        }
        for (key, on, default) in [
            ("embed", self.embed, false),
            ("controls", self.controls, true),
            ("scorm", self.scorm, false),
            ("present", self.present, false),
        ] {
            if on != default {
                q.push_str(&format!("&{key}={}", u8::from(on)));
            }
        }
        for (key, on) in [("exports", self.exports), ("predict", self.predict)] {
            if let Some(on) = on {
                q.push_str(&format!("&{key}={}", u8::from(on)));
            }
        }
        if self.lang != "tr" {
            q.push_str(&format!("&lang={}", self.lang));
        }
        q.push_str(&format!("&v={VERSION}"));
        q
    }
}

impl Serialize for Resolved {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Pairs(Vec<(&'static str, String)>);
        impl Serialize for Pairs {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                pairs_as_map(&self.0, s)
            }
        }
        let params = Pairs(self.params.pairs());
        let changed: Vec<&str> = self.params.changed().into_iter().map(|(k, _)| k).collect();
        let view = Pairs(self.view.clone());
        let mut st = s.serialize_struct("Resolved", 23)?;
        st.serialize_field("lesson", self.lesson.id())?;
        st.serialize_field("section", &self.section)?;
        st.serialize_field("lang", self.lang)?;
        st.serialize_field("embed", &self.embed)?;
        st.serialize_field("controls", &self.controls)?;
        st.serialize_field("exports", &self.exports.unwrap_or(self.controls))?;
        st.serialize_field("predict", &self.predict)?;
        st.serialize_field("figure", &self.figure)?;
        st.serialize_field("scorm", &self.scorm)?;
        st.serialize_field("present", &self.present)?;
        st.serialize_field("params", &params)?;
        st.serialize_field("changed", &changed)?;
        st.serialize_field("query", &self.query())?;
        st.serialize_field("share", &self.share_query())?;
        st.serialize_field("detail", &Detail(&self.params))?;
        // Parameters these values make irrelevant (the page hides their editors).
        st.serialize_field("ignored", &self.lesson.ignored(&self.params))?;
        st.serialize_field("errors", &self.errors)?;
        st.serialize_field("preset", &self.preset.map(|p| p.id))?;
        st.serialize_field("challenge", &self.challenge.map(|c| c.id))?;
        st.serialize_field("view", &view)?;
        st.serialize_field("vs", &self.vs)?;
        st.serialize_field("origins", &self.origins)?;
        st.serialize_field("originRefused", &self.origin_refused)?;
        st.end()
    }
}

/// Parameter pairs as a JSON object, in order (the documents' `params`).
pub fn pairs_as_map<S: serde::Serializer>(
    pairs: &[(&'static str, String)],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

/// The share-link query of these parameters: the lesson, the section if any, and every
/// parameter that differs from the lesson's value, in schema order.
pub fn encode(params: &ParamSet, section: Option<&str>) -> String {
    let mut pairs = vec![("lesson".to_string(), params.lesson().to_string())];
    if let Some(s) = section {
        pairs.push(("section".into(), s.to_string()));
    }
    pairs.extend(
        params
            .changed()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v)),
    );
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// A preset's share link (`lesson=…&…&preset=ID&v=1`): its parameters spelled out, so the link
/// shows the same numbers even where the preset is not known.
pub fn preset_query(lesson: Lesson, preset: &Preset) -> String {
    let params = lessons::preset_params(lesson, preset).unwrap_or_else(|_| lesson.defaults());
    format!("{}&preset={}&v={VERSION}", encode(&params, None), preset.id)
}

/// A challenge's link (`lesson=…&…&challenge=ID&v=1`): its start spelled out.
pub fn challenge_query(lesson: Lesson, challenge: &Challenge) -> String {
    let params = lessons::challenge_params(lesson, challenge).unwrap_or_else(|_| lesson.defaults());
    format!(
        "{}&challenge={}&v={VERSION}",
        encode(&params, None),
        challenge.id
    )
}

/// Escapes all but letters, digits and `-._~,:@()/`, which read well in a link.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~,:@()/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Undoes form encoding: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
pub fn percent_decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok());
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => out.push(b),
                    None => return Err("has a % that is not followed by two hex digits".into()),
                }
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| NOT_UTF8.into())
}

/// Why [`percent_decode`] refuses bytes that are no UTF-8 text.
const NOT_UTF8: &str = "is not valid UTF-8 after decoding %-escapes";

/// The structured form of the parameters an editor shows as more than a text field: name lists
/// and whole numbers as they are, a lesson kind's value as its `detail` gives it (rows, or what
/// the lesson's own control reads). The page edits these without parsing the codec's text itself.
struct Detail<'a>(&'a ParamSet);

impl Serialize for Detail<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use crate::params::{Kind, Value};
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for spec in self.0.schema().specs {
            let value = self.0.get(spec.name);
            if let Kind::Custom(kind) = spec.kind {
                if let Some(data) = kind.detail(value) {
                    map.serialize_entry(spec.name, &data)?;
                }
                continue;
            }
            match value {
                Value::Names(n) => map.serialize_entry(spec.name, n)?,
                Value::Int(i) => map.serialize_entry(spec.name, i)?,
                _ => {}
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_is_the_lesson_resolve_shows() {
        let mut queries: Vec<String> = [
            "",
            "lesson=jobs",
            "lesson=claim_check&v=1",
            "lesson=nope",
            "lesson=jobs&lesson=quotas",
            "lesson=%6Aobs",
            "lesson=%zz",
            "lesson=%zz&preset=quotas.starvation",
            "lesson",
            "lesson=&preset=jobs.nope",
            "preset=jobs.nope",
            "preset=nope",
            "preset=.",
            "preset=%6Aobs.x",
            "preset=leader.crash-gap&lesson=jobs",
            "lesson=quotas&preset=supervisor.x",
            "preset=quotas.starvation&preset=jobs.x",
        ]
        .map(String::from)
        .into();
        for (lesson, preset) in lessons::presets() {
            queries.push(format!("preset={}", preset.id));
            queries.push(format!("preset={}&lesson={}", preset.id, lesson.id()));
        }
        for q in &queries {
            assert_eq!(home(q), resolve(q).lesson.id(), "{q}");
        }
    }

    #[test]
    fn decodes_and_encodes() {
        let q =
            Query::decode("?lesson=jobs&seed=42&section=measure&lang=en&fail_prob=0.25").unwrap();
        assert_eq!(q.lesson.as_deref(), Some("jobs"));
        assert_eq!(q.section.as_deref(), Some("measure"));
        assert_eq!(q.page, vec![("lang".to_string(), "en".to_string())]);
        let set = q.params().unwrap();
        assert_eq!(
            encode(&set, Some("measure")),
            "lesson=jobs&section=measure&seed=42&fail_prob=0.25"
        );
        let defaults = Query::decode("lesson=supervisor")
            .unwrap()
            .params()
            .unwrap();
        assert_eq!(encode(&defaults, None), "lesson=supervisor");
    }

    #[test]
    fn resolving_keeps_what_works_and_names_what_does_not() {
        let r = resolve("lesson=jobs&seed=0&fail_prob=0.3&nights=x&bogus=1&lang=de&v=1");
        assert_eq!(r.lesson.id(), "jobs");
        assert_eq!(r.params.real("fail_prob"), 0.3);
        assert_eq!(r.params.int("seed"), 20260813);
        let named: Vec<&str> = r.errors.iter().filter_map(|e| e.param.as_deref()).collect();
        assert_eq!(named, ["lang", "seed", "nights", "bogus"]);
        assert_eq!(r.query(), "lesson=jobs&fail_prob=0.3&v=1");
        // The share link keeps what was typed, in schema order; unknown keys are dropped.
        assert_eq!(
            r.share_query(),
            "lesson=jobs&nights=x&seed=0&fail_prob=0.3&lang=de&v=1".replace("&lang=de", "")
        );
        // A fault that names a job the other parameters do not have falls back alone.
        // A default fault map against a changed job count: the link's job count falls back.
        let r = resolve("lesson=supervisor&jobs=4&scan=3");
        assert_eq!((r.params.int("jobs"), r.params.int("scan")), (12, 3));
        assert_eq!(r.share_query(), "lesson=supervisor&jobs=4&scan=3&v=1");
        assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
        assert!(
            r.errors[0]
                .message()
                .contains("job S5 does not exist; with jobs=4")
        );
        // A given fault map that does not fit falls back itself.
        let r = resolve("lesson=supervisor&jobs=4&hung=S9@tarife");
        assert_eq!(r.params.int("jobs"), 12);
        assert_eq!(
            r.params.get("hung").to_text(),
            "S2@indirim,S5@tarife,S9@fatura"
        );
        let r = resolve("lesson=supervisor&jobs=4&hung=S2@tarife&permanent=S4@fatura&scan=3");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert!(crate::lessons::validate(&r.params).is_ok());
        // Nothing usable at all still gives the first lesson at its values.
        let r = resolve("%zz&lesson=nope&lesson=jobs");
        assert_eq!(r.lesson, lessons::first());
        assert_eq!(r.errors.len(), 3);
        assert_eq!(
            resolve("lang=en&embed=1&controls=0").query(),
            "lesson=supervisor&embed=1&controls=0&lang=en&v=1"
        );
    }

    #[test]
    fn keeps_the_sweep_and_the_trace_in_the_link() {
        let r = resolve(
            "trace=scan:4&lesson=supervisor&metric=recovery.supervisor_on@worst_recovery&sweep=scan:1..8&lease=3",
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(
            r.share_query(),
            "lesson=supervisor&lease=3&sweep=scan:1..8&metric=recovery.supervisor_on@worst_recovery&trace=scan:4&v=1"
        );
        assert_eq!(resolve(&r.share_query()).share_query(), r.share_query());
    }

    #[test]
    fn refuses_broken_escapes_and_repeats() {
        assert!(Query::decode("lesson=jobs&seed=%zz").is_err());
        assert!(Query::decode("lesson=jobs&seed=%ff").is_err());
        assert!(Query::decode("lesson=jobs&lesson=supervisor").is_err());
        let e = Query::decode("lesson=jobs&seed=1&seed=2").unwrap_err();
        assert_eq!(e.code, ErrorCode::RepeatedParam);
        assert_eq!(percent_decode("S2%40a%2Cb+c").unwrap(), "S2@a,b c");
        assert_eq!(percent_encode("ş&=+ "), "%C5%9F%26%3D%2B%20");
    }

    #[test]
    fn keeps_one_figure_and_the_exports_choice_in_the_link() {
        let r = resolve("lesson=compensation&embed=1&controls=0&exports=1&figure=monte_carlo");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.figure.as_deref(), Some("monte_carlo"));
        assert_eq!(r.exports, Some(true));
        assert_eq!(
            r.share_query(),
            "lesson=compensation&figure=monte_carlo&embed=1&controls=0&exports=1&v=1"
        );
        assert_eq!(resolve(&r.share_query()).share_query(), r.share_query());
        // A figure key has a key's form; exports is 0 or 1. Each refusal names its key.
        let r = resolve("lesson=jobs&figure=<b>&exports=2");
        assert_eq!(r.figure, None);
        assert_eq!(r.exports, None);
        let named: Vec<&str> = r.errors.iter().filter_map(|e| e.param.as_deref()).collect();
        assert_eq!(named, ["figure", "exports"]);
    }

    #[test]
    fn keeps_the_allowed_origins_in_the_link_and_names_a_bad_one() {
        let r =
            resolve("lesson=jobs&embed=1&origin=https://moodle.example.org,http://localhost:8000");
        assert_eq!(
            r.origins,
            ["https://moodle.example.org", "http://localhost:8000"]
        );
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(
            r.share_query(),
            "lesson=jobs&origin=https://moodle.example.org,http://localhost:8000&embed=1&v=1"
        );
        assert_eq!(resolve(&r.share_query()).origins, r.origins);
        for bad in [
            "moodle.example.org",
            "https://moodle.example.org/course",
            "https://moodle.example.org//",
            "https://user@moodle.example.org",
            "*",
            "null",
            "",
            "ftp://a.example",
            "https://a.example:0",
            "https://a.example:99999",
            "https://",
            "https://a.example,",
            "https://a.b,https://a.b,https://a.b,https://a.b,https://a.b,https://a.b,https://a.b,https://a.b,https://a.b",
        ] {
            let r = resolve(&format!("lesson=jobs&origin={}", percent_encode(bad)));
            assert!(r.origins.is_empty(), "{bad}");
            assert_eq!(r.origin_refused, [bad], "{bad}");
            assert_eq!(r.errors.len(), 1, "{bad}");
            assert_eq!(r.errors[0].param.as_deref(), Some("origin"));
            assert_eq!(r.errors[0].value.as_deref(), Some(bad));
            assert!(r.errors[0].allowed.contains("origins"), "{bad}");
            // Read again, the share link is as closed (issue 33: it failed open).
            let again = resolve(&r.share_query());
            assert!(again.origins.is_empty(), "{bad}");
            assert_eq!(again.origin_refused, [bad], "{bad}");
        }
    }

    #[test]
    fn compares_origins_as_a_browser_names_them() {
        for (given, read) in [
            ("HTTPS://Moodle.Example.ORG", "https://moodle.example.org"),
            ("https://moodle.example.org/", "https://moodle.example.org"),
            (
                "https://moodle.example.org:443",
                "https://moodle.example.org",
            ),
            ("http://localhost:80", "http://localhost"),
            ("http://localhost:8000", "http://localhost:8000"),
            ("https://a.example:080", "https://a.example:80"),
            ("http://a.example:0443", "http://a.example:443"),
        ] {
            let r = resolve(&format!("lesson=jobs&origin={}", percent_encode(given)));
            assert!(r.errors.is_empty(), "{given}: {:?}", r.errors);
            assert_eq!(r.origins, [read], "{given}");
            assert!(r.origin_refused.is_empty());
        }
    }

    #[test]
    fn a_refused_origin_beside_a_good_one_closes_the_list() {
        for q in [
            "origin=garbage&origin=https://a.example",
            "origin=https://a.example&origin=garbage",
            "origin=https://a.example&origin=https://a.example",
            "origin=https://a.example,garbage",
            "origin=https://a.ex%ZZample",
        ] {
            let r = resolve(&format!("lesson=jobs&{q}"));
            assert!(r.origins.is_empty(), "{q}");
            assert!(!r.origin_refused.is_empty(), "{q}");
            assert!(
                r.errors
                    .iter()
                    .any(|e| e.param.as_deref() == Some("origin")),
                "{q}"
            );
            let again = resolve(&r.share_query());
            assert!(again.origins.is_empty(), "{q}: {}", r.share_query());
            assert!(!again.origin_refused.is_empty(), "{q}");
            // The computed query is one the core reads (its run): no key repeated, no list.
            let computed = resolve(&r.query());
            assert!(computed.errors.is_empty(), "{q}: {:?}", computed.errors);
            assert!(computed.origins.is_empty(), "{q}");
        }
    }

    #[test]
    fn keeps_the_prediction_choice_in_the_link() {
        let r = resolve("lesson=compensation&preset=compensation.retry&embed=1&predict=1");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.predict, Some(true));
        assert_eq!(
            r.share_query(),
            "lesson=compensation&preset=compensation.retry&embed=1&predict=1&v=1"
        );
        assert_eq!(resolve(&r.share_query()).share_query(), r.share_query());
        assert_eq!(resolve("lesson=jobs&predict=0").predict, Some(false));
        assert_eq!(resolve("lesson=jobs").predict, None);
        let r = resolve("lesson=jobs&predict=yes");
        assert_eq!(r.predict, None);
        assert_eq!(r.errors[0].param.as_deref(), Some("predict"));
    }

    #[test]
    fn keeps_presenter_mode_in_the_link() {
        let r = resolve("lesson=quotas&present=1&figure=requests_vs_quota");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert!(r.present);
        assert_eq!(
            r.share_query(),
            "lesson=quotas&figure=requests_vs_quota&present=1&v=1"
        );
        assert_eq!(resolve(&r.share_query()).share_query(), r.share_query());
        assert!(!resolve("lesson=jobs&present=0").present);
        let r = resolve("lesson=jobs&present=yes");
        assert!(!r.present);
        assert_eq!(r.errors[0].param.as_deref(), Some("present"));
    }

    #[test]
    fn keeps_the_compared_run_in_the_link_and_names_a_bad_one() {
        // vs= carries run A's changed parameters; empty is the lesson's values.
        let r = resolve("lesson=jobs&fail_prob=0.6&vs=seed%3D1%26fail_prob%3D0.3");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.vs.as_deref(), Some("seed=1&fail_prob=0.3"));
        assert_eq!(
            r.query(),
            "lesson=jobs&fail_prob=0.6&vs=seed%3D1%26fail_prob%3D0.3&v=1"
        );
        assert_eq!(resolve("lesson=jobs&vs=").vs.as_deref(), Some(""));
        assert_eq!(resolve("lesson=jobs").vs, None);
        for bad in ["fail_prob=2", "lesson=supervisor", "nope=1"] {
            let r = resolve(&format!("lesson=jobs&vs={}", percent_encode(bad)));
            assert_eq!(r.vs, None, "{bad}");
            assert_eq!(r.errors.len(), 1, "{bad}");
            assert_eq!(r.errors[0].param.as_deref(), Some("vs"), "{bad}");
            assert_eq!(r.errors[0].value.as_deref(), Some(bad));
        }
    }

    #[test]
    fn keeps_the_heatmap_scale_in_the_link() {
        let q = "lesson=supervisor&sweep=scan:1..4&sweep_y=lease:1..4&heat=log";
        let r = resolve(q);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(
            r.share_query(),
            "lesson=supervisor&sweep=scan:1..4&sweep_y=lease:1..4&heat=log&v=1"
        );
        let r = resolve("lesson=supervisor&heat=logarithmic");
        assert!(r.view.is_empty());
        assert_eq!(r.errors[0].param.as_deref(), Some("heat"));
        assert!(
            r.errors[0].allowed.contains("log"),
            "{}",
            r.errors[0].allowed
        );
    }
}
