//! The URL query form of a request (`lesson=jobs&seed=42&section=measure`): the share link's
//! codec. Parameter values use the same text form as `--set name=value`; a missing parameter
//! means the lesson's value.

use crate::error::{Error, ErrorCode};
use crate::lesson::Lesson;
use crate::params::ParamSet;

/// Keys of the query that are about the page, not the lesson's parameters.
pub const PAGE_KEYS: &[&str] = &["lesson", "section", "v", "lang", "embed", "controls"];

/// A decoded query: the lesson, the section, page settings and parameter assignments.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query {
    /// `lesson=`, if given.
    pub lesson: Option<String>,
    /// `section=`, if given.
    pub section: Option<String>,
    /// Page settings (`v`, `lang`, `embed`, `controls`), as given.
    pub page: Vec<(String, String)>,
    /// Every other key, as a parameter assignment.
    pub params: Vec<(String, String)>,
}

impl Query {
    /// Decodes `a=b&c=d` (a leading `?` is allowed; `+` is a space; `%XX` escapes UTF-8).
    pub fn decode(query: &str) -> Result<Self, Error> {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut out = Query::default();
        for piece in query.split('&').filter(|p| !p.is_empty()) {
            let (raw_key, raw_value) = piece.split_once('=').unwrap_or((piece, ""));
            let key = percent_decode(raw_key)
                .map_err(|why| Error::usage(format!("the query key \"{raw_key}\" {why}")))?;
            let value =
                percent_decode(raw_value).map_err(|why| Error::bad(&key, raw_value, why))?;
            match key.as_str() {
                "lesson" => set_once(&mut out.lesson, &key, value)?,
                "section" => set_once(&mut out.section, &key, value)?,
                k if PAGE_KEYS.contains(&k) => {
                    if out.page.iter().any(|(k2, _)| k2 == k) {
                        return Err(repeated(k, &value));
                    }
                    out.page.push((key, value));
                }
                _ => out.params.push((key, value)),
            }
        }
        Ok(out)
    }

    /// The lesson and its parameters: defaults overridden by the query's assignments.
    pub fn params(&self) -> Result<ParamSet, Error> {
        let lesson = match &self.lesson {
            Some(id) => Lesson::from_id(id)?,
            None => {
                return Err(Error::usage(
                    "the query has no lesson=; the lessons are supervisor, jobs, compensation",
                ));
            }
        };
        if let Some(s) = &self.section {
            lesson.section(s)?;
        }
        ParamSet::from_assignments(
            lesson,
            self.params.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )
    }
}

fn set_once(slot: &mut Option<String>, key: &str, value: String) -> Result<(), Error> {
    if slot.is_some() {
        return Err(repeated(key, &value));
    }
    *slot = Some(value);
    Ok(())
}

fn repeated(key: &str, value: &str) -> Error {
    Error {
        code: ErrorCode::RepeatedParam,
        param: Some(key.to_string()),
        value: Some(value.to_string()),
        allowed: "give each key once".into(),
    }
}

/// The share-link query of these parameters: the lesson, the section if any, and every
/// parameter that differs from the lesson's value, in schema order.
pub fn encode(params: &ParamSet, section: Option<&str>) -> String {
    let mut pairs = vec![("lesson".to_string(), params.lesson().id().to_string())];
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
    String::from_utf8(out).map_err(|_| "is not valid UTF-8 after decoding %-escapes".into())
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn refuses_broken_escapes_and_repeats() {
        assert!(Query::decode("lesson=jobs&seed=%zz").is_err());
        assert!(Query::decode("lesson=jobs&seed=%ff").is_err());
        assert!(Query::decode("lesson=jobs&lesson=supervisor").is_err());
        let e = Query::decode("lesson=jobs&seed=1&seed=2")
            .unwrap()
            .params()
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::RepeatedParam);
        assert_eq!(percent_decode("S2%40a%2Cb+c").unwrap(), "S2@a,b c");
        assert_eq!(percent_encode("ş&=+ "), "%C5%9F%26%3D%2B%20");
    }
}
