//! A lesson from its script's printed text (issue 34): `script::parse` reads the text the ports
//! print back into typed cells. The ports' reports are the ground truth: for every lesson, every
//! section and many parameter sets (the lesson's values, every preset and challenge), each
//! parsed table is compared cell by cell with the port's, and every difference is classified.
//! Then the goldens, the round trip on any text, and the limits.

use proptest::prelude::*;
use std::collections::BTreeMap;
use tatbikat::params::Kind;
use tatbikat::report::{Align, Block, Cell, Part};
use tatbikat::script::{self, Hint, Reading, Text};
use tatbikat::{ParamSet, lessons, render};

/// A cell's kind and precision, as the comparison names it.
fn kind(c: &Cell) -> String {
    match c {
        Cell::Int(_) => "int".into(),
        Cell::Grouped(_) => "grouped".into(),
        Cell::Fixed { decimals, .. } => format!("fixed({decimals})"),
        Cell::Number(_) => "number".into(),
        Cell::Percent { decimals, .. } => format!("percent({decimals})"),
        Cell::Text(_) => "text".into(),
        Cell::Label { .. } => "label".into(),
        Cell::IntList(_) => "list".into(),
    }
}

/// Whether the parsed number is the port's as printed: equal, or within the rounding of the
/// port's `toFixed` (the port keeps full precision, the text has its digits).
fn same_number(port: &Cell, parsed: &Cell) -> bool {
    let (Some(a), Some(b)) = (port.number(), parsed.number()) else {
        return port.number().is_none();
    };
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    let half = match port {
        Cell::Fixed { decimals, .. } | Cell::Percent { decimals, .. } => {
            0.5 * 10f64.powi(-i32::from(*decimals))
        }
        _ => 0.0,
    };
    (a - b).abs() <= half * (1.0 + 1e-9) + f64::EPSILON * a.abs()
}

/// Differences between the ports' cells and the parsed ones that the printed text cannot tell
/// apart: the same text and number (or no number on either side), another display rule. A
/// `*` ends a pattern that stands for any precision.
const ACCEPTED: &[(&str, &str, &str)] = &[
    (
        "number",
        "fixed(*",
        "String(x) of a decimal prints what toFixed prints with as many digits, and the column \
         has no other length",
    ),
    (
        "label",
        "text",
        "a translated label (key + text): the text has no key",
    ),
    ("list", "text", "whole numbers joined by commas: one text"),
    (
        "grouped",
        "int",
        "tr-TR grouping of a whole number below 1000 prints no dot",
    ),
    ("fixed(0)", "int", "toFixed(0) prints a whole number"),
    (
        "number",
        "int",
        "String(x) of a whole number prints a whole number",
    ),
];

/// Whether a kind matches a pattern of [`ACCEPTED`].
fn matches(pattern: &str, kind: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => kind.starts_with(prefix),
        None => pattern == kind,
    }
}

/// Tallies of the oracle.
#[derive(Default)]
struct Tally {
    runs: usize,
    sections: usize,
    tables: usize,
    tables_missing: Vec<String>,
    columns: usize,
    labels_same: usize,
    aligns_same: usize,
    widths_same: usize,
    widths_differ: BTreeMap<String, usize>,
    cells: usize,
    cells_same: usize,
    numbers: usize,
    classes: BTreeMap<(String, String), usize>,
    mismatches: Vec<String>,
    line_values: usize,
    line_values_found: usize,
    line_dashes: usize,
    line_classes: BTreeMap<(String, String), usize>,
    line_values_missing: Vec<String>,
}

/// The parameter sets the oracle runs: the lesson's values, every preset's and challenge's.
fn parameter_sets() -> Vec<(String, ParamSet)> {
    let mut sets = Vec::new();
    for l in lessons::ALL {
        sets.push((format!("{} (lesson's values)", l.id()), l.defaults()));
    }
    for (l, p) in lessons::presets() {
        sets.push((p.id.to_string(), lessons::preset_params(l, p).expect(p.id)));
    }
    for (l, c) in lessons::challenges() {
        sets.push((
            format!("challenge {}", c.id),
            lessons::challenge_params(l, c).expect(c.id),
        ));
    }
    // Each number at each end of its range, one at a time: long cells, overflowing columns.
    for l in lessons::ALL {
        for spec in l.specs() {
            let ends = match spec.kind {
                Kind::Int { min, max } | Kind::Seed { min, max } | Kind::OptInt { min, max } => {
                    vec![min.to_string(), max.to_string()]
                }
                Kind::Real { min, max, .. } => vec![
                    tatbikat::jsfmt::number_to_string(min),
                    tatbikat::jsfmt::number_to_string(max),
                ],
                Kind::Prob => vec!["0".into(), "1".into()],
                Kind::IntList { min, max, .. } => vec![min.to_string(), max.to_string()],
                _ => Vec::new(),
            };
            for value in ends {
                let Ok(set) = l.params([(spec.name, value.as_str())]) else {
                    continue;
                };
                let cheap = lessons::work(&set).is_ok_and(|w| w <= ALLOWANCE);
                if lessons::validate(&set).is_ok() && cheap {
                    sets.push((format!("{} {}={value}", l.id(), spec.name), set));
                }
            }
        }
    }
    sets
}

/// The work (the lessons' own units) an extreme parameter set may take in this test.
const ALLOWANCE: f64 = 2e6;

fn compare(name: &str, params: &ParamSet, tally: &mut Tally) {
    let lesson = lessons::of(params);
    for &section in lesson.sections() {
        let report = lessons::run(params, Some(section)).expect(name);
        let text = render::lesson_text(&report);
        let parsed = script::parse(&text, &[]).expect("parses");
        assert_eq!(
            script::render(&parsed),
            text,
            "{name} {section}: round trip"
        );
        tally.sections += 1;
        let groups: Vec<_> = report.sections[0]
            .groups
            .iter()
            .filter(|g| !g.extension)
            .collect();
        let port_tables: Vec<_> = groups
            .iter()
            .flat_map(|g| &g.blocks)
            .filter_map(|b| match b {
                Block::Table(t) if !t.rows.is_empty() => Some(t),
                _ => None,
            })
            .collect();
        // Each port table is the next parsed one with its header.
        let mut tables = parsed.tables();
        for (i, port) in port_tables.iter().enumerate() {
            let where_ = format!("{name} {section} table {} ({})", i, port.key);
            let same = |t: &&script::Table| {
                t.columns.len() == port.columns.len()
                    && t.columns
                        .iter()
                        .zip(&port.columns)
                        .all(|(a, b)| a.label == b.label)
            };
            let Some(mine) = tables.by_ref().find(same) else {
                tally.tables_missing.push(where_);
                tables = parsed.tables();
                continue;
            };
            let labels = |cs: Vec<&str>| cs.join(" | ");
            if mine.columns.len() != port.columns.len() || mine.rows.len() != port.rows.len() {
                tally.tables_missing.push(format!(
                    "{where_}: read as {} x {} [{}], the port's {} x {} [{}]",
                    mine.rows.len(),
                    mine.columns.len(),
                    labels(mine.columns.iter().map(|c| c.label.as_str()).collect()),
                    port.rows.len(),
                    port.columns.len(),
                    labels(port.columns.iter().map(|c| c.label).collect()),
                ));
                continue;
            }
            tally.tables += 1;
            for (c, p) in mine.columns.iter().zip(&port.columns) {
                tally.columns += 1;
                tally.labels_same += usize::from(c.label == p.label);
                tally.aligns_same += usize::from(c.align == p.align);
                if c.width == p.width {
                    tally.widths_same += 1;
                } else {
                    let side = |a: Align| {
                        if a == Align::Left {
                            "padEnd"
                        } else {
                            "padStart"
                        }
                    };
                    *tally
                        .widths_differ
                        .entry(format!(
                            "{} {:?} ({} {} read {})",
                            port.key,
                            p.label,
                            side(p.align),
                            p.width,
                            c.width
                        ))
                        .or_default() += 1;
                }
            }
            for (r, (mine, port_row)) in mine.rows.iter().zip(&port.rows).enumerate() {
                for (j, (a, b)) in port_row.iter().zip(mine).enumerate() {
                    tally.cells += 1;
                    tally.numbers += usize::from(a.number().is_some());
                    assert_eq!(a.text(), b.text(), "{where_} row {r} column {j}: text");
                    if !same_number(a, b) {
                        tally.mismatches.push(format!(
                            "{where_} row {r} column {j}: port {a:?}, parsed {b:?}"
                        ));
                    } else if kind(a) == kind(b) {
                        tally.cells_same += 1;
                    } else {
                        *tally.classes.entry((kind(a), kind(b))).or_default() += 1;
                    }
                }
            }
        }
        // The values of the port's lines, found among the numbers of the parsed prose lines.
        let port_lines: Vec<_> = groups
            .iter()
            .flat_map(|g| &g.blocks)
            .filter_map(|b| match b {
                Block::Line(l) => Some(l),
                Block::Table(_) => None,
            })
            .collect();
        let lines: Vec<_> = parsed
            .groups
            .iter()
            .flat_map(|g| &g.blocks)
            .filter_map(|b| match b {
                script::Block::Line { values, .. } => Some(values),
                script::Block::Table(_) => None,
            })
            .collect();
        assert_eq!(
            port_lines.len(),
            lines.len(),
            "{name} {section}: prose lines"
        );
        for (n, (port, values)) in port_lines.iter().zip(&lines).enumerate() {
            let mut found = values.iter();
            for part in &port.parts {
                let Part::Value(key, cell) = part else {
                    continue;
                };
                let Some(number) = cell.number() else {
                    continue;
                };
                tally.line_values += 1;
                if !number.is_finite() {
                    // A dash in a sentence is no number (in a table its column makes it one).
                    tally.line_dashes += 1;
                    continue;
                }
                if let Some(v) =
                    found.find(|v| v.cell.text() == cell.text() && same_number(cell, &v.cell))
                {
                    tally.line_values_found += 1;
                    if kind(cell) != kind(&v.cell) {
                        *tally
                            .line_classes
                            .entry((kind(cell), kind(&v.cell)))
                            .or_default() += 1;
                    }
                } else {
                    tally.line_values_missing.push(format!(
                        "{name} {section} line {n} ({}) value {key} = {cell:?}",
                        port.key
                    ));
                    found = values.iter();
                }
            }
        }
    }
}

#[test]
fn every_table_the_ports_print_reads_back_as_their_cells() {
    let mut tally = Tally::default();
    for (name, params) in parameter_sets() {
        tally.runs += 1;
        compare(&name, &params, &mut tally);
    }
    println!(
        "oracle: {} parameter sets, {} sections, {} tables read ({} missing), {} columns \
         ({} labels, {} sides, {} widths as the port's), {} cells: {} the same kind and number; \
         {} of the port's cells hold a number, {} read as another number",
        tally.runs,
        tally.sections,
        tally.tables,
        tally.tables_missing.len(),
        tally.columns,
        tally.labels_same,
        tally.aligns_same,
        tally.widths_same,
        tally.cells,
        tally.cells_same,
        tally.numbers,
        tally.mismatches.len()
    );
    for ((port, parsed), n) in &tally.classes {
        println!("  port {port} read as {parsed}: {n} cells");
    }
    for (column, n) in &tally.widths_differ {
        println!("  width: {column}: {n} runs");
    }
    println!(
        "line values: {} of the ports' {} numbers found in the parsed prose lines, the same kind \
         and number; {} are a number with no value (a dash), no number in a sentence",
        tally.line_values_found, tally.line_values, tally.line_dashes
    );
    for ((port, parsed), n) in &tally.line_classes {
        println!("  port {port} read as {parsed}: {n} line values");
    }
    assert!(
        tally.line_values_missing.is_empty(),
        "line values not found ({}):\n{}",
        tally.line_values_missing.len(),
        tally.line_values_missing.join("\n")
    );
    assert!(
        tally.mismatches.is_empty(),
        "numbers read otherwise than the port's ({}):\n{}",
        tally.mismatches.len(),
        tally.mismatches.join("\n")
    );
    assert!(
        tally.tables_missing.is_empty(),
        "tables not read as the port's ({}):\n{}",
        tally.tables_missing.len(),
        tally.tables_missing.join("\n")
    );
    let unexplained: Vec<_> = tally
        .classes
        .keys()
        .chain(tally.line_classes.keys())
        .filter(|(a, b)| !ACCEPTED.iter().any(|(x, y, _)| x == a && matches(y, b)))
        .collect();
    assert!(
        unexplained.is_empty(),
        "differences not classified: {unexplained:?}"
    );
    assert_eq!(tally.labels_same, tally.columns, "every header as printed");
}

/// The goldens of the course (this repository's and the shared ones beside the checkout).
fn goldens() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = [
        root.join("tests/golden"),
        root.join("../shared/golden"),
        root.join("../shared/next-lessons/golden"),
    ];
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a golden");
            out.push((path.display().to_string(), text));
        }
    }
    out
}

#[test]
fn the_goldens_read_back_byte_for_byte() {
    let goldens = goldens();
    assert!(goldens.len() >= 15, "the goldens: {}", goldens.len());
    let (mut tables, mut rows, mut lines) = (0, 0, 0);
    for (path, text) in &goldens {
        let parsed = script::parse(text, &[]).expect(path);
        assert_eq!(script::render(&parsed), *text, "{path}");
        for block in parsed.groups.iter().flat_map(|g| &g.blocks) {
            match block {
                script::Block::Table(t) => {
                    tables += 1;
                    rows += t.rows.len();
                }
                script::Block::Line { .. } => lines += 1,
            }
        }
    }
    println!(
        "goldens: {} files, {tables} tables ({rows} rows) and {lines} prose lines, each printed back exactly",
        goldens.len()
    );
}

/// Times `parse` on `text` (the best of a few runs) and prints the figure.
fn timed(what: &str, text: &str) -> Text {
    let mut best = std::time::Duration::MAX;
    let mut parsed = None;
    for _ in 0..3 {
        let start = std::time::Instant::now();
        parsed = Some(script::parse(text, &[]).expect(what));
        best = best.min(start.elapsed());
    }
    let parsed = parsed.unwrap();
    println!(
        "parse time: {what}: {} bytes in {:.2} ms ({:.1} MB/s), {} tables",
        text.len(),
        best.as_secs_f64() * 1e3,
        text.len() as f64 / best.as_secs_f64() / 1e6,
        parsed.tables().count()
    );
    assert_eq!(script::render(&parsed), text, "{what}");
    parsed
}

#[test]
fn parse_time_of_the_largest_golden_and_of_a_megabyte() {
    let goldens = goldens();
    let (path, largest) = goldens
        .iter()
        .max_by_key(|(_, t)| t.len())
        .expect("a golden");
    timed(&format!("largest golden ({path})"), largest);
    // A megabyte of lessons' text: the goldens again and again.
    let mut lessons = String::new();
    while lessons.len() < 1 << 20 {
        for (_, t) in &goldens {
            lessons.push_str(t);
            lessons.push('\n');
        }
    }
    timed("1 MB of the goldens, repeated", &lessons);
    // A megabyte-long table: one header, 20 000 rows.
    let mut table = format!(
        "{}{}{}\n",
        "ad".pad(12, false),
        "n".pad(8, true),
        "oran".pad(10, true)
    );
    let mut i = 0u64;
    while table.len() < 1 << 20 {
        let name = format!("kayit {i}");
        let rate = format!("{:.3}", (i % 997) as f64 / 997.0);
        table += &format!(
            "{}{}{}\n",
            name.pad(12, false),
            i.to_string().pad(8, true),
            rate.pad(10, true)
        );
        i += 1;
    }
    let parsed = timed("a 1 MB table", &table);
    assert_eq!(parsed.tables().count(), 1);
    // A megabyte of columns that never make a table: words two spaces apart, lines of 1000.
    let mut noise = String::new();
    let mut n = 0u64;
    while noise.len() < 1 << 20 {
        n = n
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let word = "x".repeat(1 + (n >> 60) as usize);
        noise += &word;
        noise += if (n >> 33) % 40 == 0 { "\n" } else { "  " };
    }
    timed("1 MB of two-space separated words", &noise);
    // A megabyte on one line.
    timed("a 1 MB line", &"7  ".repeat(350_000));
    // The hardest cases for the column search: lines that line up into columns for a megabyte
    // but head no table (all numbers), or make one without a number (all names).
    let mut numbers = String::new();
    let mut names = String::new();
    let mut i = 0u64;
    while numbers.len() < 1 << 20 {
        numbers += &format!(
            "{}{}{}\n",
            i.to_string().pad(9, true),
            (i * 7).to_string().pad(9, true),
            (i % 13).to_string().pad(6, true)
        );
        names += &format!(
            "{}{}\n",
            format!("ad {i}").pad(12, false),
            format!("soyad {}", i * 7).pad(14, true)
        );
        i += 1;
    }
    let parsed = timed("1 MB of columns of numbers with no header", &numbers);
    assert_eq!(parsed.tables().count(), 0);
    let parsed = timed("1 MB of columns of names with no number", &names);
    assert_eq!(parsed.tables().count(), 0);
}

/// `padStart` / `padEnd` for the tests' own tables.
trait Pad {
    fn pad(&self, width: usize, start: bool) -> String;
}

impl Pad for str {
    fn pad(&self, width: usize, start: bool) -> String {
        if start {
            tatbikat::jsfmt::pad_start(self, width)
        } else {
            tatbikat::jsfmt::pad_end(self, width)
        }
    }
}

#[test]
fn text_over_the_limit_is_refused_by_name() {
    let text = "a".repeat(script::MAX_BYTES + 1);
    let e = script::parse(&text, &[]).expect_err("refused");
    assert_eq!(e.code, tatbikat::ErrorCode::TooMuchWork);
    assert!(e.message().contains("8388608 bytes"), "{}", e.message());
    assert!(script::parse(&text[1..], &[]).is_ok());
}

#[test]
fn a_hint_says_how_a_column_of_round_thousands_reads() {
    let text = "olcu      a      b\nx     8.000  2.000\ny    40.000  1.000\n";
    let read = |hints: &[Hint]| {
        let parsed = script::parse(text, hints).expect("parses");
        assert_eq!(script::render(&parsed), text);
        let t = parsed.tables().next().expect("a table").clone();
        (t.rows[0][1].clone(), t.rows[0][2].clone())
    };
    // With nothing else printed, round thousands are tr-TR grouping.
    assert_eq!(read(&[]), (Cell::Grouped(8000), Cell::Grouped(2000)));
    // A manifest says otherwise, for one column of one table or for a column of every table.
    let hints: Vec<Hint> =
        serde_json::from_str(r#"[{"table": 0, "column": "a", "read": "fixed"}]"#).unwrap();
    assert_eq!(read(&hints), (Cell::fixed(8.0, 3), Cell::Grouped(2000)));
    let hints = [Hint {
        table: None,
        column: "b".into(),
        read: Reading::Fixed,
    }];
    assert_eq!(read(&hints), (Cell::Grouped(8000), Cell::fixed(2.0, 3)));
    // The table's other columns decide when the column cannot: an ungrouped 16102 beside it.
    let text = "olcu      a      n\nx     8.000  16102\n";
    let t = script::parse(text, &[]).unwrap();
    assert_eq!(t.tables().next().unwrap().rows[0][1], Cell::fixed(8.0, 3));
}

/// Characters that make text hard to read: padding, other spaces, line ends, digits and the
/// signs numbers carry, letters of other widths.
fn hostile_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just(" ".to_string()),
        Just("  ".to_string()),
        Just("      ".to_string()),
        Just("\n".to_string()),
        Just("\n\n".to_string()),
        Just("\t".to_string()),
        Just("\r".to_string()),
        Just("\r\n".to_string()),
        Just("—".to_string()),
        Just("ç".to_string()),
        Just("𝄞".to_string()),
        Just("\u{a0}".to_string()),
        Just("%".to_string()),
        Just("-".to_string()),
        Just(".".to_string()),
        Just("8.000".to_string()),
        Just("0.375".to_string()),
        Just("%4.00".to_string()),
        Just("1e-7".to_string()),
        "[0-9]{1,12}",
        "[a-z]{1,8}",
        "[a-z]{1,5} [a-z]{1,5}",
        any::<String>(),
    ];
    prop::collection::vec(pieces, 0..120).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::default())]

    /// Any text reads, without a panic, and prints back exactly.
    #[test]
    fn any_text_round_trips(text in hostile_text()) {
        let parsed = script::parse(&text, &[]).expect("any text under the limit reads");
        prop_assert_eq!(script::render(&parsed), text);
    }

    /// Any string at all, long lines included.
    #[test]
    fn any_string_round_trips(text in any::<String>(), long in 0usize..3, width in 1usize..5000) {
        let text = match long {
            0 => text,
            1 => text.repeat(width % 50 + 1),
            _ => format!("{}\n{text}", "9 ".repeat(width)),
        };
        let parsed = script::parse(&text, &[]).expect("reads");
        prop_assert_eq!(script::render(&parsed), text);
    }

    /// A table as the lessons print it (a column of names, then numbers, each padded wider than
    /// its cells, between prose lines) reads back as its own cells: the same numbers, the same
    /// display rules.
    #[test]
    fn printed_tables_read_back_as_their_cells(
        columns in prop::collection::vec((0u8..4, 1u8..5, 2usize..6), 1..6),
        names in prop::collection::vec("[a-z]{1,6}( [a-z0-9/]{1,5})?", 1..12),
        values in prop::collection::vec(-50_000i64..50_000, 72),
        slack in 1usize..6,
    ) {
        // Kinds: 0 Int, 1 Fixed(d), 2 Percent(d), 3 Fixed(d) of a positive fraction below 1;
        // each value as printed (v / 10^d), so the number read is the number written.
        let cell = |kind: u8, d: u8, v: i64| {
            let scale = 10i64.pow(u32::from(d));
            match kind {
                0 => Cell::Int(v),
                1 => Cell::fixed(v as f64 / scale as f64, d),
                2 => Cell::Percent { value: v as f64 / scale as f64, decimals: d },
                _ => Cell::fixed((v.abs() % scale) as f64 / scale as f64, d),
            }
        };
        let rows: Vec<Vec<Cell>> = names
            .iter()
            .enumerate()
            .map(|(r, name)| {
                let mut row = vec![Cell::Text(name.clone())];
                for (j, &(kind, d, _)) in columns.iter().enumerate() {
                    row.push(cell(kind, d, values[(r * 6 + j) % values.len()]));
                }
                row
            })
            .collect();
        let mut labels = vec!["ad".to_string()];
        labels.extend((0..columns.len()).map(|j| format!("olcu {j}")));
        let widths: Vec<usize> = (0..labels.len())
            .map(|j| {
                let longest = rows.iter().map(|r| r[j].text().chars().count()).max().unwrap();
                let extra = if j == 0 { slack } else { columns[j - 1].2 };
                longest.max(labels[j].len()) + extra
            })
            .collect();
        let mut text = String::from("bir cumle: 12 is, 3 adim\n");
        let line = |cells: Vec<String>| {
            cells
                .iter()
                .enumerate()
                .map(|(j, c)| c.as_str().pad(widths[j], j > 0))
                .collect::<String>()
                + "\n"
        };
        text += &line(labels.clone());
        for row in &rows {
            text += &line(row.iter().map(Cell::text).collect());
        }
        text += "son: 4000 gun\n";
        let parsed = script::parse(&text, &[]).expect("reads");
        prop_assert_eq!(script::render(&parsed), text.clone());
        let tables: Vec<_> = parsed.tables().collect();
        prop_assert_eq!(tables.len(), 1, "{}", text);
        let t = tables[0];
        let read: Vec<&str> = t.columns.iter().map(|c| c.label.as_str()).collect();
        prop_assert_eq!(read, labels.iter().map(String::as_str).collect::<Vec<_>>());
        prop_assert_eq!(t.rows.len(), rows.len());
        for (mine, want) in t.rows.iter().flatten().zip(rows.iter().flatten()) {
            // A whole number printed with toFixed(0) or a Fixed of a column of whole numbers is
            // read as what it prints: compare the number and the text.
            prop_assert_eq!(mine.text(), want.text());
            match (want, mine) {
                (Cell::Text(a), Cell::Text(b)) => prop_assert_eq!(a, b),
                (Cell::Text(_), _) => prop_assert!(false, "a name read as {:?}", mine),
                _ => {
                    prop_assert_eq!(mine.number(), want.number(), "{:?} read as {:?}", want, mine);
                    let same = std::mem::discriminant(mine) == std::mem::discriminant(want);
                    prop_assert!(same, "{:?} read as {:?}\n{}", want, mine, text);
                }
            }
        }
    }
}
