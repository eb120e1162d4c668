//! `--format csv` read back: every block parses as RFC 4180, carries the version, lesson and
//! link of the JSON report, and every number and printed text equals the JSON's, for the
//! lessons, sections, presets, extensions, sweeps and traces.

use crate::common;
use common::cli;

use serde_json::Value;

fn ok(args: &[&str]) -> String {
    let (code, out, err) = cli(args);
    assert_eq!(code, 0, "tatbikat {args:?}: {err}");
    out
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    serde_json::from_str(&ok(&a)).expect("JSON")
}

fn csv_out(args: &[&str]) -> String {
    let mut a = args.to_vec();
    a.extend(["--format", "csv"]);
    ok(&a)
}

/// A strict RFC 4180 reader (line feeds end records): records of fields.
fn parse(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                    assert!(
                        matches!(chars.peek(), None | Some(',') | Some('\n')),
                        "text after a closing quote"
                    );
                }
            } else {
                field.push(c);
            }
            continue;
        }
        match c {
            '"' => {
                assert!(at_start, "a quote inside an unquoted field: {field}");
                quoted = true;
                at_start = false;
            }
            ',' => {
                record.push(std::mem::take(&mut field));
                at_start = true;
            }
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                at_start = true;
            }
            _ => {
                field.push(c);
                at_start = false;
            }
        }
    }
    assert!(!quoted, "an unclosed quote");
    assert!(
        field.is_empty() && record.is_empty(),
        "no line feed at the end"
    );
    records
}

/// A block: its `#` metadata, header and rows.
struct Block {
    meta: Vec<(String, String)>,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Block {
    fn meta(&self, name: &str) -> &str {
        self.meta
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no #{name}"))
    }
}

/// Blocks are one empty record apart.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    for chunk in parse(text).split(|r| r.len() == 1 && r[0].is_empty()) {
        let mut it = chunk.iter().peekable();
        let mut meta = Vec::new();
        while let Some(r) = it.next_if(|r| r[0].starts_with('#')) {
            assert_eq!(r.len(), 2, "a metadata record is #name,value: {r:?}");
            meta.push((r[0][1..].to_string(), r[1].clone()));
        }
        let header = it.next().expect("a header").clone();
        let rows: Vec<Vec<String>> = it.cloned().collect();
        for r in &rows {
            assert_eq!(r.len(), header.len(), "a row as wide as its header: {r:?}");
        }
        out.push(Block { meta, header, rows });
    }
    out
}

fn num(text: &str) -> f64 {
    text.parse()
        .unwrap_or_else(|_| panic!("\"{text}\" is not a number"))
}

/// The JSON report's tables, in order, with their section and group.
fn json_tables(doc: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for s in doc["sections"].as_array().unwrap() {
        for g in s["groups"].as_array().unwrap() {
            for b in g["blocks"].as_array().unwrap() {
                if b["type"] == "table" {
                    out.push((
                        s["name"].as_str().unwrap().to_string(),
                        g["key"].as_str().unwrap().to_string(),
                        b.clone(),
                    ));
                }
            }
        }
    }
    out
}

/// The CSV of `args` against its JSON report, number by number; returns how many numbers.
fn check_report(args: &[&str]) -> usize {
    let doc = json(args);
    let text = csv_out(args);
    let got = blocks(&text);
    let want = json_tables(&doc);
    assert_eq!(got.len(), want.len(), "{args:?}: one block per table");
    let mut numbers = 0;
    for (block, (section, group, table)) in got.iter().zip(&want) {
        assert_eq!(block.meta("tatbikat"), env!("CARGO_PKG_VERSION"));
        assert_eq!(block.meta("lesson"), doc["lesson"].as_str().unwrap());
        assert_eq!(block.meta("query"), doc["query"].as_str().unwrap());
        assert_eq!(block.meta("section"), section);
        assert_eq!(block.meta("group"), group);
        let key = table["key"].as_str().unwrap();
        assert_eq!(block.meta("table"), key);
        let columns: Vec<&str> = table["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["key"].as_str().unwrap())
            .collect();
        let rows = table["rows"].as_array().unwrap();
        assert_eq!(block.rows.len(), rows.len(), "{key}: rows");
        for (csv_row, row) in block.rows.iter().zip(rows) {
            let mut at = 0;
            for (column, cell) in columns.iter().zip(row.as_array().unwrap()) {
                assert_eq!(block.header[at], *column, "{key}: the header");
                let field = &csv_row[at];
                match (&cell["kind"], &cell["value"]) {
                    (_, Value::Null) => assert_eq!(field, "", "{key}.{column}: null is empty"),
                    (_, Value::String(s)) => assert_eq!(field, s, "{key}.{column}"),
                    (kind, Value::Number(n)) if kind == "int" => {
                        assert_eq!(field, &n.to_string(), "{key}.{column}");
                        numbers += 1;
                    }
                    (_, Value::Number(n)) => {
                        assert_eq!(
                            num(field).to_bits(),
                            n.as_f64().unwrap().to_bits(),
                            "{key}.{column}: full precision"
                        );
                        numbers += 1;
                    }
                    (_, other) => panic!("{key}.{column}: unexpected value {other}"),
                }
                at += 1;
                if block.header.get(at) == Some(&format!("{column}_text")) {
                    assert_eq!(
                        csv_row[at],
                        cell["text"].as_str().unwrap(),
                        "{key}.{column}_text is the printed text"
                    );
                    at += 1;
                }
            }
            assert_eq!(at, block.header.len(), "{key}: no extra columns");
        }
        // --table gives that block alone, byte for byte.
        let mut one = args.to_vec();
        one.extend(["--format", "csv", "--table", key]);
        let alone = ok(&one);
        assert!(
            text.contains(&alone),
            "{key}: --table is a block of the whole"
        );
    }
    numbers
}

#[test]
fn every_number_of_every_table_equals_the_json() {
    let cases: &[&[&str]] = &[
        &["supervisor"],
        &["jobs"],
        &["compensation"],
        &["supervisor", "--section", "daily"],
        &["jobs", "--set", "seed=42", "--set", "fail_prob=0.3"],
        &["compensation", "--section", "measure", "--set", "runs=3000"],
        &["jobs", "--preset", "jobs.completion-count"],
        &["supervisor", "--preset", "supervisor.scan-tradeoff"],
        &[
            "jobs",
            "--set",
            "replace_policy=1",
            "--set",
            "backoff=1",
            "--set",
            "failed_pod_ttl=5",
            "--set",
            "starting_deadline=3",
            "--set",
            "replications=3",
        ],
        &[
            "supervisor",
            "--set",
            "fault_mode=random",
            "--set",
            "idempotent=0",
        ],
        &[
            "compensation",
            "--set",
            "reversible_close=1",
            "--set",
            "runs=2000",
            "--set",
            "replications=2",
        ],
    ];
    let mut total = 0;
    for args in cases {
        total += check_report(args);
    }
    assert!(total > 300, "only {total} numbers compared");
}

#[test]
fn turkish_names_and_commas_are_quoted_and_read_back() {
    let args = [
        "compensation",
        "--set",
        "steps=dönem-kapat,fatura-satırı:satırı-iptal-et(dönem-kapat),ödeme:iade(fatura-satırı)",
        "--set",
        "retries=1,2",
        "--set",
        "runs=1000",
    ];
    check_report(&args);
    let text = csv_out(&args);
    // The link has commas (lists), so it is quoted; the names stay readable UTF-8.
    assert!(
        text.contains("#query,\"lesson=compensation&steps="),
        "{text}"
    );
    assert!(
        text.contains("dönem-kapat > fatura-satırı > ödeme"),
        "{text}"
    );
    assert_eq!(tatbikat::csv::field("a,b"), "\"a,b\"");
    assert_eq!(tatbikat::csv::field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(tatbikat::csv::field("iki\nsatır"), "\"iki\nsatır\"");
    assert_eq!(tatbikat::csv::field("çığ"), "çığ");
    let parsed = parse("\"a,b\",\"say \"\"hi\"\"\",\"iki\nsatır\",çığ\n");
    assert_eq!(parsed, [["a,b", "say \"hi\"", "iki\nsatır", "çığ"]]);
}

#[test]
fn sweeps_read_back_to_the_json() {
    for args in [
        &["supervisor", "--sweep", "scan=1..4"][..],
        &[
            "supervisor",
            "--sweep",
            "scan=1..3",
            "--sweep",
            "lease=1..3",
            "--metric",
            "recovery.supervisor_on@worst_recovery",
        ],
        &[
            "jobs",
            "--set",
            "nights=20",
            "--sweep",
            "fail_prob=0..1:5",
            "--metric",
            "overlap.skipped",
        ],
    ] {
        let doc = json(args);
        let got = blocks(&csv_out(args));
        assert_eq!(got.len(), 1);
        let b = &got[0];
        assert_eq!(b.meta("tatbikat"), env!("CARGO_PKG_VERSION"));
        assert_eq!(b.meta("query"), doc["query"].as_str().unwrap());
        let s = &doc["sweep"];
        assert_eq!(b.meta("lesson"), s["lesson"].as_str().unwrap());
        assert_eq!(b.meta("metric"), s["metric_text"].as_str().unwrap());
        let xs = s["x"]["texts"].as_array().unwrap();
        let series = s["series"].as_array().unwrap();
        let value = |field: &str, v: &Value| match v {
            Value::Null => assert_eq!(field, ""),
            v => assert_eq!(num(field).to_bits(), v.as_f64().unwrap().to_bits()),
        };
        if s["y"].is_null() {
            assert_eq!(b.header[0], s["x"]["name"].as_str().unwrap());
            assert_eq!(b.rows.len(), xs.len());
            for (i, row) in b.rows.iter().enumerate() {
                assert_eq!(row[0], xs[i].as_str().unwrap());
                for (j, se) in series.iter().enumerate() {
                    assert_eq!(b.header[j + 1], se["name"].as_str().unwrap());
                    value(&row[j + 1], &se["values"][i]);
                }
            }
        } else {
            let ys = s["y"]["texts"].as_array().unwrap();
            assert_eq!(b.rows.len(), xs.len() * ys.len());
            for (i, row) in b.rows.iter().enumerate() {
                assert_eq!(row[0], ys[i / xs.len()].as_str().unwrap());
                assert_eq!(row[1], xs[i % xs.len()].as_str().unwrap());
                value(&row[2], &series[0]["values"][i]);
            }
        }
    }
}

#[test]
fn trace_counters_and_events_read_back_to_the_json() {
    for args in [
        &["supervisor", "--trace=scan:4"][..],
        &["jobs", "--trace=limit:3"],
        &["compensation", "--trace=attempts:2,run:hung"],
    ] {
        let doc = json(args);
        let got = blocks(&csv_out(args));
        let tr = &doc["trace"];
        let tracks = tr["tracks"].as_array().unwrap();
        assert_eq!(got.len(), 2 * tracks.len(), "counters and events per track");
        for (pair, track) in got.chunks(2).zip(tracks) {
            let (counters, events) = (&pair[0], &pair[1]);
            for b in pair {
                assert_eq!(b.meta("query"), doc["query"].as_str().unwrap());
                assert_eq!(b.meta("track"), track["key"].as_str().unwrap());
            }
            for (c, counter) in track["counters"].as_array().unwrap().iter().enumerate() {
                assert_eq!(counters.header[c + 2], counter["key"].as_str().unwrap());
                let values = counter["values"].as_array().unwrap();
                assert_eq!(counters.rows.len(), values.len());
                for (row, v) in counters.rows.iter().zip(values) {
                    assert_eq!(num(&row[c + 2]), v.as_f64().unwrap());
                }
            }
            assert_eq!(events.rows.len(), track["events"].as_array().unwrap().len());
        }
    }
}

#[test]
fn bad_format_and_table_exit_2_naming_what_is_allowed() {
    let (code, _, err) = cli(&["jobs", "--format", "xlsx"]);
    assert_eq!(code, 2);
    assert!(err.contains("lesson, json and csv"), "{err}");
    let (code, _, err) = cli(&["jobs", "--format", "csv", "--table", "nope"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("retry_limit, retry_exact, parallelism"),
        "{err}"
    );
    let (code, _, err) = cli(&["jobs", "--table", "overlap"]);
    assert_eq!(code, 2);
    assert!(err.contains("--format csv"), "{err}");
}

/// Whether a CSV field is a number literal as the CSV writes numbers (`-3`, `-0.5`, `1e-7`,
/// `+0.012`): what a spreadsheet reads as a number.
fn number_literal(field: &str) -> bool {
    let s = field.strip_prefix(['+', '-']).unwrap_or(field);
    let (mantissa, exponent) = match s.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (s, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    let whole = match mantissa.split_once('.') {
        Some((i, f)) => digits(i) && digits(f),
        None => digits(mantissa),
    };
    whole && exponent.is_none_or(digits)
}

/// No field of `text` begins as a formula (`=`, `+`, `-`, `@`, tab, CR) unless it is a number.
fn no_formula(text: &str) {
    for record in parse(text) {
        for f in record {
            assert!(
                !f.starts_with(['=', '+', '-', '@', '\t', '\r']) || number_literal(&f),
                "a spreadsheet would evaluate {f:?}"
            );
        }
    }
}

/// Issue 33: a text cell a spreadsheet would evaluate stays text (`'` first); numbers stay
/// numbers, negative ones too, in every CSV the CLI (and, through the same core, the page)
/// writes.
#[test]
fn text_a_spreadsheet_would_evaluate_stays_text_and_numbers_stay_numbers() {
    // The case: a step named -2-3 is a label, which a spreadsheet turned into −5.
    let args = ["compensation", "--set", "steps=-2-3", "--set", "runs=1000"];
    let text = csv_out(&args);
    no_formula(&text);
    let ordering = blocks(&text)
        .into_iter()
        .find(|b| b.meta("table") == "orderings")
        .expect("the orderings table");
    assert_eq!(ordering.rows[0][0], "'-2-3", "{text}");
    // Steps named as numbers: their ordering is text, but a lane named -3 is a number to a
    // spreadsheet whatever its sign, and is left as it is (the trace's CSV, the same rule).
    let named = [
        "compensation",
        "--set",
        "steps=-3,-0.5",
        "--set",
        "runs=1000",
    ];
    let text = csv_out(&named);
    no_formula(&text);
    assert!(text.contains("\n'-3 > -0.5,"), "{text}");
    let mut trace = named.to_vec();
    trace.push("--trace");
    let text = csv_out(&trace);
    no_formula(&text);
    assert!(text.contains(",-3,") && text.contains(",-0.5,"), "{text}");
    // A comparison has negative numbers (B − A) and signed printed deltas: numbers, unprefixed.
    let compared = csv_out(&["jobs", "--set", "seed=42", "--vs", ""]);
    no_formula(&compared);
    let negative: Vec<String> = parse(&compared)
        .into_iter()
        .flatten()
        .filter(|f| f.starts_with('-'))
        .collect();
    assert!(negative.len() > 5, "{compared}");
    assert!(negative.iter().all(|f| num(f) < 0.0), "{negative:?}");
    no_formula(&csv_out(&["supervisor", "--sweep", "scan=1..3"]));
    // The rule itself, on every character that starts a formula.
    let field = tatbikat::csv::field;
    assert_eq!(field("-2-3"), "'-2-3");
    assert_eq!(field("=1+1"), "'=1+1");
    assert_eq!(field("+cmd"), "'+cmd");
    assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
    assert_eq!(field("\t=1"), "'\t=1");
    assert_eq!(field("\r=1"), "\"'\r=1\"");
    assert_eq!(
        field("=HYPERLINK(\"x\",\"y\")"),
        "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
    );
    assert_eq!(field("-"), "'-");
    assert_eq!(field("-Infinity"), "'-Infinity");
    assert_eq!(field("-1."), "'-1.");
    assert_eq!(field("-1e"), "'-1e");
    for n in [
        "-3", "-0.5", "-0.50", "+0.012", "-1e-7", "1e+21", "-5e-324", "0", "42",
    ] {
        assert_eq!(field(n), n, "a number stays a number");
        assert!(number_literal(n));
    }
    for t in ["a-b", "x=1", "İ-2", "'-2"] {
        assert_eq!(field(t), t, "text that starts no formula is left as it is");
    }
}
