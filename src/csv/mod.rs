//! CSV export (`--format csv`, and the page's CSV downloads): one block
//! per table, RFC 4180 quoting, numbers at full precision exactly as the JSON writes them.
//!
//! A block starts with metadata records whose first field begins with `#` (`#tatbikat`,
//! `#lesson`, `#query`, `#section`, `#group`, `#table`), so a reader that skips `#` comments
//! (pandas `comment="#"`) sees a plain table and a spreadsheet shows where the numbers came from.
//! Then one header row of column keys and one row per table row. A column whose printed text is
//! not its value (`toFixed`, percent, tr-TR grouping, a non-finite number) is followed by a
//! `<key>_text` column with the text the lesson prints. Blocks are one empty line apart.
//!
//! Text stays text in a spreadsheet: a field that a spreadsheet would read as a formula (it
//! begins with `=`, `+`, `-`, `@`, a tab or a carriage return and is not a number: a step named
//! `-2-3`, shown as −5) is written with a `'` in front ([`neutral`], OWASP's advice for CSV
//! injection). Numbers stay numbers: `-3`, `-0.5`, `1e-7` and printed numbers such as `-0.50`
//! or `+0.012` are number literals, which a spreadsheet reads as numbers and evaluates nothing.
//! Every CSV of the CLI and the page (which gets its CSV from the core) goes through [`field`].

pub mod compare;

use crate::chart::{Chart, X};
use crate::error::Error;
use crate::render::Document;
use crate::report::{Cell, Table};

/// One CSV field: neutralised when a spreadsheet would evaluate it ([`neutral`]), then quoted
/// when it holds a comma, a quote or a line break (RFC 4180).
pub fn field(text: &str) -> String {
    let text = neutral(text);
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.into_owned()
    }
}

/// A field's text as a spreadsheet keeps it: text that begins with `=`, `+`, `-`, `@`, a tab or
/// a carriage return, which Excel, LibreOffice Calc and Google Sheets read as a formula (`-2-3`
/// becomes −5, `=HYPERLINK(…)` a link), gets a `'` in front, so it shows as text (a reader
/// such as pandas sees the `'`). A number literal is left as it is whatever its sign: a
/// spreadsheet reads it as that number and evaluates nothing, so the CSV's numbers stay numbers.
pub fn neutral(text: &str) -> std::borrow::Cow<'_, str> {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if formula && !is_number(text) {
        format!("'{text}").into()
    } else {
        text.into()
    }
}

/// Whether `text` is a decimal number literal, `[+-]digits[.digits][(e|E)[+-]digits]`: the
/// form of every number the CSV writes ([`number`]: JavaScript's `String(x)`, `-1e-7`,
/// `1e+21`), of the lessons' printed numbers (`-0.50`) and of a comparison's signed deltas.
fn is_number(text: &str) -> bool {
    fn digits(s: &str) -> (&str, bool) {
        let rest = s.trim_start_matches(|c: char| c.is_ascii_digit());
        (rest, rest.len() < s.len())
    }
    let s = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mut s, whole) = digits(s);
    if !whole {
        return false;
    }
    if let Some(after) = s.strip_prefix('.') {
        let (rest, fraction) = digits(after);
        if !fraction {
            return false;
        }
        s = rest;
    }
    if let Some(after) = s.strip_prefix(['e', 'E']) {
        let (rest, exponent) = digits(after.strip_prefix(['+', '-']).unwrap_or(after));
        if !exponent {
            return false;
        }
        s = rest;
    }
    s.is_empty()
}

/// One CSV record, CRLF-free (a line feed ends it).
pub(crate) fn record(out: &mut String, fields: &[String]) {
    let line: Vec<String> = fields.iter().map(|f| field(f)).collect();
    out.push_str(&line.join(","));
    out.push('\n');
}

/// A metadata record: `#name,value`.
pub(crate) fn meta(out: &mut String, name: &str, value: &str) {
    record(out, &[format!("#{name}"), value.to_string()]);
}

/// A number at full precision: the shortest text that reads back to the same `f64`, as
/// JavaScript's `String(x)` and the page's JSON write it (`80`, `0.6333333333333333`); empty for
/// a non-finite value, which the JSON writes as `null`.
pub fn number(v: f64) -> String {
    if v.is_finite() {
        crate::jsfmt::number_to_string(v)
    } else {
        String::new()
    }
}

/// A cell's value field: the JSON's `value` (text, labels and lists are their printed text).
fn value(cell: &Cell) -> String {
    match cell {
        Cell::Int(v) | Cell::Grouped(v) => v.to_string(),
        Cell::Fixed { value, .. } | Cell::Percent { value, .. } | Cell::Number(value) => {
            number(*value)
        }
        Cell::Text(_) | Cell::Label { .. } | Cell::IntList(_) => cell.text(),
    }
}

/// Whether the printed text of a cell says more than its value field.
fn needs_text(cell: &Cell) -> bool {
    match cell {
        Cell::Grouped(_) | Cell::Fixed { .. } | Cell::Percent { .. } => true,
        Cell::Number(v) => !v.is_finite(),
        _ => false,
    }
}

/// The tables of a document with where they sit: `(section, group, table)`.
pub fn tables<'a>(doc: &'a Document) -> Vec<(&'static str, &'static str, &'a Table)> {
    crate::report::tables(doc.sections).collect()
}

/// The document's tables as CSV blocks; `table` picks one by its key (an unknown key is an
/// error that lists the keys).
pub fn report(doc: &Document, table: Option<&str>) -> Result<String, Error> {
    let all = tables(doc);
    if let Some(key) = table {
        let Some(&(section, group, t)) = all.iter().find(|(_, _, t)| t.key == key) else {
            // A chart's data (the page's CSV of a chart it drew grouped: every point).
            for s in doc.sections {
                for g in &s.groups {
                    if let Some(c) = g.charts.iter().find(|c| c.key == key) {
                        return Ok(chart_block(doc, s.name, g.key, c));
                    }
                }
            }
            let keys: Vec<&str> = all.iter().map(|(_, _, t)| t.key).collect();
            let charts: Vec<&str> = doc
                .sections
                .iter()
                .flat_map(|s| &s.groups)
                .flat_map(|g| g.charts.iter().map(|c| c.key))
                .collect();
            return Err(Error::bad(
                "table",
                key,
                format!(
                    "the tables of this report are {}; its charts are {}",
                    keys.join(", "),
                    charts.join(", ")
                ),
            ));
        };
        return Ok(table_block(doc, section, group, t));
    }
    let blocks: Vec<String> = all
        .iter()
        .map(|&(section, group, t)| table_block(doc, section, group, t))
        .collect();
    Ok(blocks.join("\n"))
}

fn head(out: &mut String, lesson: &str, query: &str) {
    meta(out, "tatbikat", env!("CARGO_PKG_VERSION"));
    meta(out, "lesson", lesson);
    meta(out, "query", query);
}

/// A block's metadata lines: the lesson and link, then where the block stands (section,
/// group) and its own key under its kind ("table" or "chart").
fn block_head(doc: &Document, section: &str, group: &str, kind: &str, key: &str) -> String {
    let mut out = String::new();
    head(&mut out, doc.lesson, &doc.query);
    meta(&mut out, "section", section);
    meta(&mut out, "group", group);
    meta(&mut out, kind, key);
    out
}

/// One table as a CSV block with its metadata.
pub fn table_block(doc: &Document, section: &str, group: &str, table: &Table) -> String {
    let mut out = block_head(doc, section, group, "table", table.key);
    let texts: Vec<bool> = (0..table.columns.len())
        .map(|i| table.rows.iter().any(|r| r.get(i).is_some_and(needs_text)))
        .collect();
    let mut header = Vec::new();
    for (column, &text) in table.columns.iter().zip(&texts) {
        header.push(column.key.to_string());
        if text {
            header.push(format!("{}_text", column.key));
        }
    }
    record(&mut out, &header);
    for row in &table.rows {
        let mut fields = Vec::new();
        for (cell, &text) in row.iter().zip(&texts) {
            fields.push(value(cell));
            if text {
                fields.push(cell.text());
            }
        }
        record(&mut out, &fields);
    }
    out
}

/// A chart's points as a CSV block with its metadata: one row per x (a category, or a number
/// in order), one column per series (its key, or its name when it is data), and `_lo`/`_hi`
/// columns for a series with ranges.
pub fn chart_block(doc: &Document, section: &str, group: &str, chart: &Chart) -> String {
    let mut out = block_head(doc, section, group, "chart", chart.key);
    let xs: Vec<X> = match &chart.x.categories {
        Some(cats) => cats.iter().map(|c| X::Cat(c.id.clone())).collect(),
        None => {
            // The series' numbers in order, each once (merged: each series is in x order).
            let mut xs: Vec<f64> = Vec::new();
            for s in &chart.series {
                let mut merged = Vec::with_capacity(xs.len() + s.points.len());
                let mut i = 0;
                for p in &s.points {
                    let X::Num(v) = p.x else { continue };
                    while i < xs.len() && xs[i] < v {
                        merged.push(xs[i]);
                        i += 1;
                    }
                    if i < xs.len() && xs[i] == v {
                        i += 1;
                    }
                    if merged.last() != Some(&v) {
                        merged.push(v);
                    }
                }
                merged.extend_from_slice(&xs[i..]);
                xs = merged;
            }
            xs.into_iter().map(X::Num).collect()
        }
    };
    let ranged: Vec<bool> = chart
        .series
        .iter()
        .map(|s| s.points.iter().any(|p| p.lo.is_some()))
        .collect();
    let mut header = vec![chart.x.key.to_string()];
    for (s, &ranged) in chart.series.iter().zip(&ranged) {
        let name = s.name.clone().unwrap_or_else(|| s.key.to_string());
        header.push(name.clone());
        if ranged {
            header.push(format!("{name}_lo"));
            header.push(format!("{name}_hi"));
        }
    }
    record(&mut out, &header);
    // A cursor per series: its points are in x order, so each is met once (linear).
    let mut at = vec![0usize; chart.series.len()];
    for x in &xs {
        let mut fields = vec![match x {
            X::Num(v) => number(*v),
            X::Cat(c) => c.clone(),
        }];
        for (k, s) in chart.series.iter().enumerate() {
            let found = s.points[at[k]..].iter().position(|p| p.x == *x);
            let p = found.map(|j| {
                at[k] += j + 1;
                &s.points[at[k] - 1]
            });
            fields.push(p.map_or(String::new(), |p| number(p.y)));
            if ranged[k] {
                let opt = |v: Option<f64>| v.map_or(String::new(), number);
                fields.push(p.map_or(String::new(), |p| opt(p.lo)));
                fields.push(p.map_or(String::new(), |p| opt(p.hi)));
            }
        }
        record(&mut out, &fields);
    }
    out
}

/// A sweep as CSV: a line sweep has the swept value then one column per series; a heatmap has
/// one row per cell (y, x, value).
pub fn sweep(doc: &crate::render::SweepDocument) -> String {
    let s = doc.sweep;
    let opt = |v: &Option<f64>| v.map_or(String::new(), number);
    // One block per metric, one empty line apart (a single metric: one block).
    let mut blocks = Vec::new();
    for panel in s.panels() {
        let mut out = String::new();
        head(&mut out, s.lesson, &doc.query);
        meta(&mut out, "metric", panel.metric_text);
        match &s.y {
            None => {
                let mut header = vec![s.x.name.to_string()];
                header.extend(panel.series.iter().map(|x| x.name.clone()));
                record(&mut out, &header);
                for (i, x) in s.x.texts.iter().enumerate() {
                    let mut fields = vec![x.clone()];
                    fields.extend(panel.series.iter().map(|series| opt(&series.values[i])));
                    record(&mut out, &fields);
                }
            }
            Some(y) => {
                let series = &panel.series[0];
                record(
                    &mut out,
                    &[
                        y.name.to_string(),
                        s.x.name.to_string(),
                        series.name.clone(),
                    ],
                );
                let nx = s.x.texts.len();
                for (yi, yt) in y.texts.iter().enumerate() {
                    for (xi, xt) in s.x.texts.iter().enumerate() {
                        record(
                            &mut out,
                            &[yt.clone(), xt.clone(), opt(&series.values[yi * nx + xi])],
                        );
                    }
                }
            }
        }
        blocks.push(out);
    }
    blocks.join("\n")
}

/// A trace as CSV: per track, its counters frame by frame (with the `rounds`/`hours` elapsed at
/// that frame), then its events (`at` numbered as the timeline's labels and the text output).
pub fn trace(doc: &crate::render::TraceDocument) -> String {
    let tr = doc.trace;
    let mut blocks = Vec::new();
    for track in &tr.tracks {
        let mut out = String::new();
        head(&mut out, tr.lesson, &doc.query);
        meta(&mut out, "track", track.key);
        meta(&mut out, "table", "counters");
        let mut header = vec!["frame".to_string(), format!("{}s", tr.unit)];
        header.extend(track.counters.iter().map(|c| c.key.to_string()));
        record(&mut out, &header);
        for f in 0..=tr.frames {
            let mut fields = vec![f.to_string(), (f * tr.step).to_string()];
            fields.extend(track.counters.iter().map(|c| {
                c.values
                    .get(f as usize)
                    .map_or(String::new(), |v| number(*v))
            }));
            record(&mut out, &fields);
        }
        blocks.push(out);
        let mut out = String::new();
        head(&mut out, tr.lesson, &doc.query);
        meta(&mut out, "track", track.key);
        meta(&mut out, "table", "events");
        record(
            &mut out,
            &[
                "at".into(),
                "lane".into(),
                "kind".into(),
                "note".into(),
                "took".into(),
            ],
        );
        for e in &track.events {
            let lane = e
                .lane
                .and_then(|i| track.lanes.get(i))
                .map_or(String::new(), |l| l.label.clone());
            record(
                &mut out,
                &[
                    (e.at + tr.first).to_string(),
                    lane,
                    e.kind.to_string(),
                    e.note.clone().unwrap_or_default(),
                    e.took.map_or(String::new(), |n| n.to_string()),
                ],
            );
        }
        blocks.push(out);
    }
    blocks.join("\n")
}
