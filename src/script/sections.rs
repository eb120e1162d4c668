//! A section's printed text as the report's groups: what every face (tables, claims, sweeps,
//! exports) reads of a script lesson. Group keys are the manifest's names or `<section>_<n>`,
//! a table's key its group's (`<group>_<k>` for a second table in a group), a column's key its
//! header made a word (`ac kalan` → `ac_kalan`), a line's key `<group>.<n>` and each of its
//! numbers named by the words beside it (`26 kez tamamlandi` → `kez_tamamlandi`, [`value_names`]).
//! The report renders back to the same bytes (`tests/script_lesson.rs`).

use super::cell::Hint;
use super::text::{self, Block as Read};
use crate::error::Error;
use crate::report::{self, Block, Column, Group, Line, Part, Section};
use std::collections::HashSet;
use std::sync::Mutex;

/// Strings the report's `&'static` keys and labels point at, each kept once: a script lesson's
/// headers and sentences repeat from run to run, so a sweep of hundreds of runs keeps a few
/// hundred strings, not a copy per run.
static INTERNED: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);

/// `s`, kept for the life of the process (once per distinct text).
pub fn intern(s: &str) -> &'static str {
    let mut set = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    let set = set.get_or_insert_with(HashSet::new);
    if let Some(&kept) = set.get(s) {
        return kept;
    }
    let kept: &'static str = Box::leak(s.to_string().into_boxed_str());
    set.insert(kept);
    kept
}

/// A header as a key: lowercase ASCII letters and digits, anything else one `_`
/// (`en uzun bekleme` → `en_uzun_bekleme`, `%` → `pct`).
pub fn column_key(label: &str) -> String {
    let mut out = String::new();
    for c in label.trim().chars() {
        match c {
            'a'..='z' | '0'..='9' => out.push(c),
            'A'..='Z' => out.push(c.to_ascii_lowercase()),
            '%' => out.push_str("pct"),
            _ if !out.ends_with('_') && !out.is_empty() => out.push('_'),
            _ => {}
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    match out.is_empty() {
        true => "col".into(),
        false => out,
    }
}

/// The names of a line's numbers (`spans`: their byte ranges in `line`), what the compare summary,
/// a claim's `v:` marks and the exports call them: the words after each number up to the next
/// number or punctuation (`33 kez baslatildi, 26 kez tamamlandi` → `kez_baslatildi`,
/// `kez_tamamlandi`), else the words before it (`(tohum 20260701)` → `tohum`), at most three,
/// made a key as a column's header is; `v<n>` (its place, from 1) when there are none. A name
/// given twice in a line gets `_2`, `_3`... Words do not change with the values, so the names
/// stay the same from one parameter set to the next, as compare needs.
pub fn value_names(line: &str, spans: &[(usize, usize)]) -> Vec<String> {
    const STOP: &[char] = &[
        ',', ';', ':', '(', ')', '[', ']', '=', '.', '!', '?', '/', '|',
    ];
    let words = |text: &str, last: bool| {
        let w: Vec<&str> = text.split_whitespace().collect();
        let w = match last {
            true => &w[w.len().saturating_sub(3)..],
            false => &w[..w.len().min(3)],
        };
        w.join(" ")
    };
    let mut names: Vec<String> = Vec::with_capacity(spans.len());
    for (i, &(start, end)) in spans.iter().enumerate() {
        let next = spans.get(i + 1).map_or(line.len(), |s| s.0);
        let prev = if i == 0 { 0 } else { spans[i - 1].1 };
        let after = line[end..next].split(STOP).next().unwrap_or("");
        let before = line[prev..start].rsplit(STOP).next().unwrap_or("");
        let key = [words(after, false), words(before, true)]
            .into_iter()
            .map(|w| column_key(&w))
            .find(|k| k != "col")
            .unwrap_or_else(|| format!("v{}", i + 1));
        let mut name = key.clone();
        let mut n = 1;
        while names.contains(&name) {
            n += 1;
            name = format!("{key}_{n}");
        }
        names.push(name);
    }
    names
}

/// Reads `text`, what section `name`'s script printed, into the section's report; `groups`
/// names its groups in order (the manifest's), `hints` says how ambiguous columns read.
pub fn section(
    name: &'static str,
    text: &str,
    groups: &[String],
    hints: &[Hint],
) -> Result<Section, Error> {
    let read = text::parse(text, hints)?;
    let mut out = Vec::with_capacity(read.groups.len());
    for (g, group) in read.groups.iter().enumerate() {
        let key = match groups.get(g) {
            Some(g) => intern(g),
            None => intern(&format!("{name}_{}", g + 1)),
        };
        let mut blocks = Vec::with_capacity(group.blocks.len());
        let (mut lines, mut tables) = (0, 0);
        for block in &group.blocks {
            match block {
                Read::Line { text, values } => {
                    lines += 1;
                    let mut parts = Vec::with_capacity(2 * values.len() + 1);
                    let mut at = 0;
                    let spans: Vec<(usize, usize)> =
                        values.iter().map(|v| (v.start, v.end)).collect();
                    let names = value_names(text, &spans);
                    for (v, name) in values.iter().zip(names) {
                        if v.start > at {
                            parts.push(Part::Text(intern(&text[at..v.start])));
                        }
                        parts.push(Part::Value(intern(&name), v.cell.clone()));
                        at = v.end;
                    }
                    if at < text.len() || parts.is_empty() {
                        parts.push(Part::Text(intern(&text[at..])));
                    }
                    blocks.push(Block::Line(Line {
                        key: intern(&format!("{key}.{lines}")),
                        parts,
                    }));
                }
                Read::Table(t) => {
                    tables += 1;
                    let mut keys: Vec<String> = Vec::with_capacity(t.columns.len());
                    let columns = t
                        .columns
                        .iter()
                        .map(|c| {
                            let base = column_key(&c.label);
                            let mut k = base.clone();
                            let mut n = 1;
                            while keys.contains(&k) {
                                n += 1;
                                k = format!("{base}_{n}");
                            }
                            keys.push(k.clone());
                            Column {
                                key: intern(&k),
                                label: intern(&c.label),
                                width: c.width,
                                align: c.align,
                            }
                        })
                        .collect();
                    blocks.push(Block::Table(report::Table {
                        key: match tables {
                            1 => key,
                            k => intern(&format!("{key}_{k}")),
                        },
                        columns,
                        rows: t.rows.clone(),
                    }));
                }
            }
        }
        out.push(Group::new(key, blocks));
    }
    Ok(Section { name, groups: out })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_become_words() {
        assert_eq!(column_key("en uzun bekleme"), "en_uzun_bekleme");
        assert_eq!(column_key(" Kotalar/x "), "kotalar_x");
        assert_eq!(column_key("% hata"), "pct_hata");
        assert_eq!(column_key("ğ"), "col");
    }

    #[test]
    fn a_lines_numbers_are_named_by_their_words() {
        let names = |line: &str, numbers: &[&str]| {
            let mut from = 0;
            let spans: Vec<(usize, usize)> = numbers
                .iter()
                .map(|n| {
                    let start = from + line[from..].find(n).unwrap();
                    from = start + n.len();
                    (start, from)
                })
                .collect();
            value_names(line, &spans)
        };
        assert_eq!(
            names(
                "toplu is (1 kapsul, 5 turda biter): 200 turda 33 kez baslatildi, 26 kez tamamlandi",
                &["1", "5", "200", "33", "26"]
            ),
            [
                "kapsul",
                "turda_biter",
                "turda",
                "kez_baslatildi",
                "kez_tamamlandi"
            ]
        );
        assert_eq!(
            names(
                "3 kopya, 200 tur (tohum 20260701)",
                &["3", "200", "20260701"]
            ),
            ["kopya", "tur", "tohum"]
        );
        // None beside it: its place; the same words twice: numbered.
        assert_eq!(names("7 / 9", &["7", "9"]), ["v1", "v2"]);
        assert_eq!(names("2 tur, 4 tur", &["2", "4"]), ["tur", "tur_2"]);
    }

    #[test]
    fn interned_text_is_kept_once() {
        let a = intern(&String::from("kip"));
        let b = intern("kip");
        assert!(std::ptr::eq(a, b));
    }
}
