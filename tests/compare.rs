//! Compare mode (`--vs`): for every lesson at several parameter pairs — another seed, changed
//! lists, a changed compensation ordering — every cell of the comparison is B's and A's cell as
//! the two single runs' JSON has them and Δ is B − A; rows on one side only are marked; identical
//! runs change nothing; the CSV's `c`, `c.vs`, `c.delta` hold the same numbers. (The lesson's own
//! output without `--vs` is checked byte for byte by tests/golden.rs.)

use crate::common;

use common::{cli, cli_json};
use serde_json::Value;

const STEPS_REORDERED: &str = "fatura-satiri:satiri-iptal-et,donem-kapat,tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)";

/// `(lesson, B's assignments, A's assignments)`: A is given to `--vs` as a link query.
fn pairs() -> Vec<(&'static str, Vec<&'static str>, Vec<&'static str>)> {
    vec![
        ("compensation", vec!["seed=7"], vec![]),
        (
            "compensation",
            vec!["comp_fail=0.1", "retries=1,2,3,4"],
            vec!["retries=2,3", "runs=50000"],
        ),
        ("compensation", vec![], vec![]),
        ("jobs", vec!["seed=42"], vec!["seed=1"]),
        (
            "jobs",
            vec!["retry_limits=1,3,4,6", "fail_prob=0.3"],
            vec!["retry_limits=2,3,6"],
        ),
        ("supervisor", vec!["scan_sweep=1,3,8"], vec![]),
        (
            "supervisor",
            vec!["scan=4", "lease=3"],
            vec!["scan=2", "hung="],
        ),
    ]
}

fn sets(lesson: &str, assignments: &[&str]) -> Vec<String> {
    let mut args = vec![lesson.to_string()];
    for a in assignments {
        args.extend(["--set".to_string(), a.to_string()]);
    }
    args
}

/// The comparison of B's assignments with A's (`--vs`), and the two single runs.
fn runs(lesson: &str, b: &[&str], a: &[&str], extra: &[&str]) -> (Value, Value, Value) {
    let extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
    let mut cmp = sets(lesson, b);
    cmp.extend(["--vs".to_string(), a.join("&")]);
    cmp.extend(extra.iter().cloned());
    cmp.extend(["--format".into(), "json".into()]);
    let single = |assignments: &[&str]| {
        let mut args = sets(lesson, assignments);
        args.extend(extra.iter().cloned());
        args.extend(["--format".into(), "json".into()]);
        cli_json(&args)
    };
    (cli_json(&cmp), single(b), single(a))
}

/// A single run's row key: a label's message key, else the first cell's printed text.
fn row_key(row: &Value) -> String {
    let first = &row[0];
    match first["kind"].as_str() {
        Some("label") => first["key"].as_str().unwrap().to_string(),
        _ => first
            .get("text")
            .unwrap_or(&first["value"])
            .as_str()
            .unwrap()
            .to_string(),
    }
}

/// The `n`-th block of a single run at (section, group, type, key).
fn block<'a>(
    doc: &'a Value,
    (section, group, kind, key): (&str, &str, &str, &str),
    n: usize,
) -> &'a Value {
    doc["sections"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["name"] == section)
        .flat_map(|s| s["groups"].as_array().unwrap())
        .filter(|g| g["key"] == group)
        .flat_map(|g| g["blocks"].as_array().unwrap())
        .filter(|b| b["type"] == kind && b["key"] == key)
        .nth(n)
        .unwrap_or_else(|| panic!("no {kind} {section}/{group}/{key}"))
}

/// Checks one compared cell against the single runs' cells.
fn check_cell(cmp: &Value, b: Option<&Value>, a: Option<&Value>, at: &str) {
    let null = Value::Null;
    assert_eq!(cmp["b"], *b.unwrap_or(&null), "{at}: B's cell");
    assert_eq!(cmp["a"], *a.unwrap_or(&null), "{at}: A's cell");
    assert_eq!(cmp["changed"].as_bool().unwrap(), b != a, "{at}: changed");
    let (Some(b), Some(a)) = (b, a) else {
        assert!(cmp.get("delta").is_none(), "{at}: a delta without both");
        return;
    };
    let numeric = |c: &Value| {
        matches!(
            c["kind"].as_str(),
            Some("int" | "fixed" | "percent" | "number")
        )
    };
    if !(numeric(b) && numeric(a)) {
        assert!(cmp.get("delta").is_none(), "{at}: a delta of text");
        return;
    }
    let delta = &cmp["delta"];
    if b["kind"] == "int" && a["kind"] == "int" {
        let want = b["value"].as_i64().unwrap() - a["value"].as_i64().unwrap();
        assert_eq!(delta.as_i64(), Some(want), "{at}: Δ = B − A");
    } else if let (Some(x), Some(y)) = (b["value"].as_f64(), a["value"].as_f64()) {
        assert_eq!(delta.as_f64(), Some(x - y), "{at}: Δ = B − A");
    }
    let text = cmp["delta_text"].as_str().unwrap();
    let d = delta.as_f64().unwrap_or(0.0);
    assert_eq!(text.starts_with('+'), d > 0.0, "{at}: sign of {text}");
    assert_eq!(text.starts_with('-'), d < 0.0, "{at}: sign of {text}");
}

/// Walks a comparison: every row, line and value is the single runs' own, Δ is B − A, and the
/// rows of each side are all there, on their side. Returns how many rows were on one side only.
fn check(cmp: &Value, b: &Value, a: &Value, what: &str) -> usize {
    let mut one_side = 0;
    for s in cmp["sections"].as_array().unwrap() {
        let section = s["name"].as_str().unwrap();
        for g in s["groups"].as_array().unwrap() {
            let group = g["key"].as_str().unwrap();
            let blocks = g["blocks"].as_array().unwrap();
            for (i, blk) in blocks.iter().enumerate() {
                let key = blk["key"].as_str().unwrap();
                let at = format!("{what}: {section}/{group}/{key}");
                let kind = blk["type"].as_str().unwrap();
                // The n-th block of this kind and key (a line may repeat, one per item).
                let n = blocks[..i]
                    .iter()
                    .filter(|x| x["type"] == kind && x["key"] == key)
                    .count();
                let whr = (section, group, kind, key);
                if kind == "line" {
                    let lb = block(b, whr, n);
                    let la = block(a, whr, n);
                    assert_eq!(blk["b_text"], lb["text"], "{at}");
                    assert_eq!(blk["a_text"], la["text"], "{at}");
                    for (name, c) in blk["values"].as_object().unwrap() {
                        check_cell(
                            c,
                            lb["values"].get(name),
                            la["values"].get(name),
                            &format!("{at}.{name}"),
                        );
                    }
                    continue;
                }
                let tb = block(b, whr, n);
                let ta = block(a, whr, n);
                let columns: Vec<&str> = blk["columns"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["key"].as_str().unwrap())
                    .collect();
                let (mut seen_b, mut seen_a) = (Vec::new(), Vec::new());
                for row in blk["rows"].as_array().unwrap() {
                    let rk = row["key"].as_str().unwrap().to_string();
                    let side = row["side"].as_str().unwrap();
                    // The n-th row of this key on each side it is on.
                    let find = |t: &Value, seen: &mut Vec<String>| {
                        let n = seen.iter().filter(|k| **k == rk).count();
                        seen.push(rk.clone());
                        t["rows"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .filter(|r| row_key(r) == rk)
                            .nth(n)
                            .cloned()
                    };
                    let rb = (side != "only_a").then(|| find(tb, &mut seen_b)).flatten();
                    let ra = (side != "only_b").then(|| find(ta, &mut seen_a)).flatten();
                    match side {
                        "both" => assert!(rb.is_some() && ra.is_some(), "{at}@{rk}: both"),
                        "only_b" => assert!(rb.is_some(), "{at}@{rk}: in B"),
                        "only_a" => assert!(ra.is_some(), "{at}@{rk}: in A"),
                        other => panic!("{at}@{rk}: side {other}"),
                    }
                    if side != "both" {
                        one_side += 1;
                        assert!(row["changed"].as_bool().unwrap(), "{at}@{rk}: one side");
                    }
                    let cell = |t: &Value, r: &Option<Value>, col: &str| {
                        let i = t["columns"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .position(|c| c["key"] == col)?;
                        r.as_ref().map(|r| r[i].clone())
                    };
                    for (i, col) in columns.iter().enumerate() {
                        check_cell(
                            &row["cells"][i],
                            cell(tb, &rb, col).as_ref(),
                            cell(ta, &ra, col).as_ref(),
                            &format!("{at}@{rk}.{col}"),
                        );
                    }
                }
                // Every row of each side is in the comparison.
                assert_eq!(
                    seen_b.len(),
                    tb["rows"].as_array().unwrap().len(),
                    "{at}: B"
                );
                assert_eq!(
                    seen_a.len(),
                    ta["rows"].as_array().unwrap().len(),
                    "{at}: A"
                );
            }
        }
    }
    one_side
}

#[test]
fn every_delta_is_b_minus_a_of_the_two_single_runs() {
    for (lesson, b, a) in pairs() {
        let what = format!("{lesson} {b:?} vs {a:?}");
        let (cmp, jb, ja) = runs(lesson, &b, &a, &[]);
        assert_eq!(cmp["b"]["query"], jb["query"], "{what}");
        assert_eq!(cmp["a"]["query"], ja["query"], "{what}");
        check(&cmp, &jb, &ja, &what);
        // The summary names exactly the parameters that differ.
        let differ: Vec<&str> = jb["params"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, v)| ja["params"][k.as_str()] != **v)
            .map(|(k, _)| k.as_str())
            .collect();
        let named: Vec<&str> = cmp["summary"]["params"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(named, differ, "{what}");
        let largest = cmp["summary"]["largest"].as_array().unwrap();
        assert!(largest.len() <= 5, "{what}");
        // Sorted by |relative change|, changed cells only.
        let rel = |c: &Value| c["relative"].as_f64().map_or(-1.0, f64::abs);
        assert!(
            largest.windows(2).all(|w| rel(&w[0]) >= rel(&w[1])),
            "{what}"
        );
        assert!(largest.iter().all(|c| c["changed"] == true), "{what}");
    }
}

#[test]
fn a_section_is_compared_alone() {
    let (cmp, jb, ja) = runs(
        "compensation",
        &["comp_fail=0.2"],
        &[],
        &["--section", "daily"],
    );
    assert_eq!(cmp["section"], "daily");
    let names: Vec<&Value> = cmp["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["name"])
        .collect();
    assert_eq!(names, [&Value::from("daily")]);
    check(&cmp, &jb, &ja, "compensation daily");
}

/// (lesson, B, A, table, rows only in B, rows only in A).
type OneSide = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

#[test]
fn changed_lists_and_orderings_mark_rows_on_one_side_only() {
    let cases: [OneSide; 4] = [
        (
            "compensation",
            &["retries=1,2,3,4"],
            &["retries=2,3"],
            "monte_carlo",
            &["1", "4"],
            &[],
        ),
        (
            "supervisor",
            &["scan_sweep=1,3,8"],
            &[],
            "scan_sweep",
            &["3"],
            &["2", "4"],
        ),
        (
            "jobs",
            &["retry_limits=1,3,4,6"],
            &["retry_limits=2,3,6"],
            "retry_limit",
            &["1", "4"],
            &["2"],
        ),
        (
            "compensation",
            &[],
            &["steps=a:x,b:y(a)"],
            "failure_steps",
            &[
                "1. (donem-kapat)",
                "2. (fatura-satiri)",
                "3. (tahsilat-kaydi)",
                "4. (satici-bildirimi)",
            ],
            &["1. (a)", "2. (b)"],
        ),
    ];
    for (lesson, b, a, table, only_b, only_a) in cases {
        let (cmp, jb, ja) = runs(lesson, b, a, &[]);
        let what = format!("{lesson} {b:?} vs {a:?}");
        assert!(check(&cmp, &jb, &ja, &what) > 0, "{what}");
        let t = cmp["sections"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["groups"].as_array().unwrap())
            .flat_map(|g| g["blocks"].as_array().unwrap())
            .find(|x| x["key"] == table)
            .unwrap();
        let keys = |side: &str| -> Vec<String> {
            t["rows"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["side"] == side)
                .map(|r| r["key"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(keys("only_b"), only_b, "{what}");
        assert_eq!(keys("only_a"), only_a, "{what}");
    }
    // The reordered compensation workflow: orderings on one side only, in the text as well.
    let (code, out, err) = cli(&[
        "compensation",
        "--set",
        &format!("steps={STEPS_REORDERED}"),
        "--vs",
        "",
        "--section",
        "measure",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("+ fatura-satiri > donem-kapat"), "{out}");
    assert!(out.contains("- 1. (donem-kapat)"), "{out}");
    assert!(out.contains("~ 24 siralamanin 8 tanesi"), "{out}");
    assert!(out.contains("parameters: steps "), "{out}");
}

/// Every `changed` of a comparison, at any depth.
fn changes(v: &Value, out: &mut Vec<bool>) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Bool(c)) = map.get("changed") {
                out.push(*c);
            }
            for (k, item) in map {
                if k != "summary" {
                    changes(item, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| changes(i, out)),
        _ => {}
    }
}

#[test]
fn identical_runs_change_nothing() {
    for l in tatbikat::lessons::ALL {
        let seed = l.seed_spec().map(|s| format!("{}=5", s.name));
        for (b, a) in [
            ("", ""),
            (seed.as_deref().unwrap_or(""), seed.as_deref().unwrap_or("")),
        ] {
            let mut base = vec![l.id(), "--vs", a];
            if !b.is_empty() {
                base.extend(["--set", b]);
            }
            let args: Vec<String> = base
                .iter()
                .chain(&["--format", "json"])
                .map(|s| s.to_string())
                .collect();
            let cmp = cli_json(&args);
            let what = format!("{} {b} vs {a}", l.id());
            assert_eq!(cmp["changed"], false, "{what}");
            assert_eq!(cmp["summary"]["params"], Value::Array(vec![]), "{what}");
            assert_eq!(cmp["summary"]["largest"], Value::Array(vec![]), "{what}");
            let mut all = Vec::new();
            changes(&cmp["sections"], &mut all);
            assert!(all.len() > 20 && all.iter().all(|c| !c), "{what}");
            let text = serde_json::to_string(&cmp).unwrap();
            assert!(
                !text.contains("only_a") && !text.contains("only_b"),
                "{what}"
            );
            let (code, out, _) = cli(&base);
            assert_eq!(code, 0);
            assert!(out.contains("results: no change"), "{what}: {out}");
            assert!(
                !out.lines().any(|line| line.starts_with(['~', '+', '-'])),
                "{what}: {out}"
            );
        }
    }
}

/// A CSV record split at commas (the tables compared here quote nothing).
fn fields(line: &str) -> Vec<&str> {
    assert!(!line.contains('"'), "{line}");
    line.split(',').collect()
}

#[test]
fn csv_has_c_c_vs_and_c_delta_with_the_comparisons_numbers() {
    let args = |format| {
        [
            "jobs",
            "--set",
            "retry_limits=1,3,4,6",
            "--set",
            "fail_prob=0.3",
            "--vs",
            "retry_limits=2,3,6",
            "--format",
            format,
        ]
    };
    let (code, out, err) = cli(&args("csv"));
    assert_eq!(code, 0, "{err}");
    let cmp = cli_json(&args("json").map(String::from));
    let tables: Vec<&Value> = cmp["sections"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["groups"].as_array().unwrap())
        .flat_map(|g| g["blocks"].as_array().unwrap())
        .filter(|b| b["type"] == "table")
        .collect();
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), tables.len());
    for (block, t) in blocks.iter().zip(&tables) {
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines[1], "#lesson,jobs");
        // The link has commas: quoted as RFC 4180 says.
        assert_eq!(lines[3], "#vs,\"lesson=jobs&retry_limits=2,3,6\"");
        assert_eq!(lines[6], format!("#table,{}", t["key"].as_str().unwrap()));
        let header = fields(lines[7]);
        assert_eq!(header[header.len() - 2..], ["vs.side", "vs.changed"]);
        let rows = t["rows"].as_array().unwrap();
        assert_eq!(lines.len() - 8, rows.len(), "{}", t["key"]);
        for (i, col) in t["columns"].as_array().unwrap().iter().enumerate() {
            let c = col["key"].as_str().unwrap();
            let at = header.iter().position(|h| *h == c).unwrap();
            assert_eq!(header[at + 1], format!("{c}.vs"));
            let numeric = header.get(at + 2) == Some(&format!("{c}.delta").as_str());
            for (line, row) in lines[8..].iter().zip(rows) {
                let f = fields(line);
                let cell = &row["cells"][i];
                let num = |v: &str| -> Option<f64> { (!v.is_empty()).then(|| v.parse().unwrap()) };
                let value = |side: &str| cell[side]["value"].as_f64();
                if numeric {
                    assert_eq!(num(f[at]), value("b"), "{c}");
                    assert_eq!(num(f[at + 1]), value("a"), "{c}.vs");
                    assert_eq!(num(f[at + 2]), cell["delta"].as_f64(), "{c}.delta");
                    if let (Some(b), Some(a), Some(d)) =
                        (num(f[at]), num(f[at + 1]), num(f[at + 2]))
                    {
                        assert_eq!(d, b - a, "{c}.delta = {c} - {c}.vs");
                    }
                }
                assert_eq!(
                    f[f.len() - 2],
                    row["side"].as_str().unwrap(),
                    "{}",
                    t["key"]
                );
            }
        }
    }
    // The retry-limit table: rows 2 (only A), 1 and 4 (only B), with their numbers.
    let retry = blocks[0];
    assert!(
        retry.contains("\n,2,,") && retry.contains(",only_a,1\n") && retry.contains(",only_b,1\n"),
        "{retry}"
    );
}

#[test]
fn a_bad_vs_is_named_with_what_is_allowed() {
    for (vs, says) in [
        ("fail_prob=2", "fail_prob"),
        ("no_such=1", "no_such"),
        ("lesson=supervisor", "another lesson"),
        ("seed=%zz", "%"),
    ] {
        let (code, out, err) = cli(&["jobs", "--vs", vs]);
        assert_eq!(code, 2, "--vs {vs}: {out}");
        assert!(
            err.contains(&format!("vs = \"{vs}\"")) && err.contains(says),
            "--vs {vs}: {err}"
        );
        assert!(err.contains("name=value"), "--vs {vs}: {err}");
    }
    let (code, _, err) = cli(&["jobs", "--vs", "", "--trace"]);
    assert_eq!(code, 2);
    assert!(err.contains("--vs"), "{err}");
    let (code, _, err) = cli(&["jobs", "--vs", "", "--vs", "seed=1"]);
    assert_eq!(code, 2);
    assert!(err.contains("more than once"), "{err}");
}

/// Issue 19: a `vs=` inside `vs=` and the page's keys inside `--vs` were read as "compare with the
/// lesson's values" without a word. In every lesson they are refused, naming `vs`, in the CLI and
/// in the page's link, before anything runs.
#[test]
fn a_nested_vs_and_page_keys_are_refused_in_every_lesson() {
    use tatbikat::render::Page;
    for l in tatbikat::lessons::ALL {
        for (vs, says) in [
            ("vs=seed%3D1", "vs= inside vs="),
            ("vs=", "vs= inside vs="),
            (
                "embed=1&lang=en&trace=x&sweep=y",
                "embed, lang, trace, sweep are the page's",
            ),
        ] {
            let (code, out, err) = cli(&[l.id(), "--vs", vs]);
            assert_eq!(code, 2, "{} --vs {vs}: {out}", l.id());
            assert!(out.is_empty(), "{} --vs {vs}: {out}", l.id());
            assert!(
                err.contains(&format!("vs = \"{vs}\"")) && err.contains(says),
                "{} --vs {vs}: {err}",
                l.id()
            );
            let link = format!(
                "lesson={}&vs={}",
                l.id(),
                tatbikat::query::percent_encode(vs)
            );
            let e = Page::run(&link, &mut |_| panic!("{link}: nothing runs"))
                .err()
                .unwrap_or_else(|| panic!("{link} is refused"));
            assert_eq!(e.param.as_deref(), Some("vs"), "{link}");
            assert!(e.to_string().contains(says), "{link}: {e}");
        }
    }
}

#[test]
fn the_library_compares_reports_purely() {
    use tatbikat::compare;
    let lesson = common::lesson("compensation");
    let b = lesson.params([("comp_fail", "0.1")]).unwrap();
    let a = tatbikat::query::vs_params(lesson, "").unwrap();
    assert_eq!(a, lesson.defaults());
    let rb = tatbikat::run(&b, None).unwrap();
    let ra = tatbikat::run(&a, None).unwrap();
    let once = compare::compare(&rb, &ra, &b, &a, None);
    let again = compare::run(&b, &a, None).unwrap();
    assert_eq!(common::js_json(&once), common::js_json(&again));
    assert_eq!(
        once.summary.params,
        [compare::ParamChange {
            name: "comp_fail",
            a: "0.05".into(),
            b: "0.1".into()
        }]
    );
    // The largest change names its table, row and column, and keeps the column's rule.
    let top = &once.summary.largest[0];
    assert!(top.row.is_some() && !top.column.is_empty());
    assert!(top.cell.relative.unwrap().abs() > 0.5);
    // Parameters of another lesson are refused, naming `vs`.
    let other = common::lesson("jobs").defaults();
    let e = compare::run(&b, &other, None).unwrap_err();
    assert_eq!(e.param.as_deref(), Some("vs"));
}

/// The page's form of the comparison (`vs=` in a page query): B, A and Δ laid out in one shape
/// agree with the CLI's comparison cell by cell at every pair: the same rows on each side (an
/// empty row where a side has none), Δ holding exactly B − A with the comparison's digits.
#[test]
fn the_pages_aligned_form_agrees_with_the_comparison() {
    use tatbikat::compare::{self, BlockDiff, Side, aligned::aligned};
    use tatbikat::report::{Block, Cell, Part};
    let number = |c: &Cell| c.number().map(f64::to_bits);
    for (id, b, a) in pairs() {
        let lesson = common::lesson(id);
        let pb = lesson
            .params(b.iter().map(|s| s.split_once('=').unwrap()))
            .unwrap();
        let pa = tatbikat::query::vs_params(lesson, &a.join("&")).unwrap();
        let (rb, ra) = (
            tatbikat::run(&pb, None).unwrap(),
            tatbikat::run(&pa, None).unwrap(),
        );
        let cmp = compare::compare(&rb, &ra, &pb, &pa, None);
        let al = aligned(&rb.sections, &ra.sections);
        let at = format!("{id} {b:?} vs {a:?}");
        assert_eq!(al.b.len(), cmp.sections.len(), "{at}");
        let mut cells = 0;
        for (s, sd) in cmp.sections.iter().enumerate() {
            for (g, gd) in sd.groups.iter().enumerate() {
                for (k, bd) in gd.blocks.iter().enumerate() {
                    let pick =
                        |side: &[tatbikat::report::Section]| side[s].groups[g].blocks[k].clone();
                    match (bd, pick(&al.b), pick(&al.a), pick(&al.delta)) {
                        (
                            BlockDiff::Table(t),
                            Block::Table(tb),
                            Block::Table(ta),
                            Block::Table(td),
                        ) => {
                            assert_eq!(t.key, tb.key, "{at}");
                            assert_eq!(t.rows.len(), tb.rows.len(), "{at} {}", t.key);
                            for (r, row) in t.rows.iter().enumerate() {
                                let (xb, xa, xd) = (&tb.rows[r], &ta.rows[r], &td.rows[r]);
                                assert_eq!(
                                    xb.is_empty(),
                                    row.side == Side::OnlyA,
                                    "{at} {} {}",
                                    t.key,
                                    row.key
                                );
                                assert_eq!(
                                    xa.is_empty(),
                                    row.side == Side::OnlyB,
                                    "{at} {} {}",
                                    t.key,
                                    row.key
                                );
                                assert_eq!(xd.is_empty(), row.side != Side::Both, "{at}");
                                for (c, cd) in row.cells.iter().enumerate() {
                                    if let Some(cell) = &cd.b {
                                        assert_eq!(Some(cell), xb.get(c), "{at}");
                                    }
                                    if let Some(cell) = &cd.a {
                                        assert_eq!(Some(cell), xa.get(c), "{at}");
                                    }
                                    let Some(delta) = cd.delta else { continue };
                                    if c == 0 {
                                        continue; // the row key: no Δ on the page
                                    }
                                    let d = &xd[c];
                                    assert_eq!(
                                        number(d),
                                        Some(delta.as_f64().to_bits()),
                                        "{at} {} {} col {c}",
                                        t.key,
                                        row.key
                                    );
                                    // The page writes the sign; the digits are the comparison's.
                                    let text = cd.delta_text.as_deref().unwrap();
                                    assert_eq!(
                                        text.trim_start_matches(['+', '-']),
                                        d.text().trim_start_matches('-'),
                                        "{at}"
                                    );
                                    cells += 1;
                                }
                            }
                        }
                        (BlockDiff::Line(l), Block::Line(_), Block::Line(_), Block::Line(ld)) => {
                            for (name, cd) in &l.values {
                                let found = ld.parts.iter().find_map(|p| match p {
                                    Part::Value(n, c) if n == name => Some(c),
                                    _ => None,
                                });
                                match (cd.delta, found) {
                                    (Some(delta), Some(d)) => {
                                        assert_eq!(
                                            number(d),
                                            Some(delta.as_f64().to_bits()),
                                            "{at} {name}"
                                        );
                                        cells += 1;
                                    }
                                    (None, None) => {}
                                    (delta, d) => {
                                        panic!("{at} {}.{name}: Δ {delta:?} against {d:?}", l.key)
                                    }
                                }
                            }
                        }
                        _ => panic!("{at}: block {k} is not laid out alike"),
                    }
                }
            }
        }
        assert!(cells > 10, "{at}: only {cells} Δ cells");
    }
}

/// In compare mode a chart draws A's series behind B's (marked `vs`) on axes that hold both.
#[test]
fn charts_draw_a_behind_b_on_axes_that_hold_both() {
    use tatbikat::compare::aligned::charts_behind;
    let lesson = common::lesson("jobs");
    let b = lesson.params([("fail_prob", "0.6")]).unwrap();
    let (mut rb, ra) = (
        tatbikat::run(&b, None).unwrap(),
        tatbikat::run(&lesson.defaults(), None).unwrap(),
    );
    let before = rb.clone();
    charts_behind(&mut rb.sections, &ra.sections);
    let charts = |r: &tatbikat::report::Report| -> Vec<tatbikat::chart::Chart> {
        r.sections
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| g.charts.clone())
            .collect()
    };
    let (now, was, theirs) = (charts(&rb), charts(&before), charts(&ra));
    assert!(!now.is_empty());
    for ((c, old), a) in now.iter().zip(&was).zip(&theirs) {
        let n = a.series.len();
        assert_eq!(c.series.len(), n + old.series.len(), "{}", c.key);
        assert!(c.series[..n].iter().all(|s| s.vs) && c.series[n..].iter().all(|s| !s.vs));
        assert_eq!(
            c.series[..n].iter().map(|s| &s.points).collect::<Vec<_>>(),
            a.series.iter().map(|s| &s.points).collect::<Vec<_>>()
        );
        if let (Some(d), Some(e), Some(f)) = (c.y.domain, old.y.domain, a.y.domain) {
            assert_eq!(d, [e[0].min(f[0]), e[1].max(f[1])], "{}", c.key);
        }
    }
}

/// The page's compare mode (`vs=` in its link) is one document the core builds: B's report
/// with A's series behind its charts, `vs` with B, A and Δ aligned and A's query, progress in
/// two halves; a bad `vs` is refused naming it, before anything runs.
#[test]
fn the_pages_compare_document_is_built_by_the_core() {
    use tatbikat::render::{Page, document};
    let lesson = common::lesson("jobs");
    let b = lesson.params([("fail_prob", "0.6")]).unwrap();
    let a = lesson.params([("seed", "7")]).unwrap();
    let mut shares = Vec::new();
    let mut page = Page::run(
        "lesson=jobs&fail_prob=0.6&vs=seed%3D7&figure=no_such",
        &mut |s| shares.push(s),
    )
    .unwrap();
    let doc = serde_json::to_value(page.document()).unwrap();
    let (mut rb, ra) = (
        tatbikat::run(&b, None).unwrap(),
        tatbikat::run(&a, None).unwrap(),
    );
    let versus = tatbikat::compare::versus::versus(&rb, &ra, &a);
    tatbikat::compare::aligned::charts_behind(&mut rb.sections, &ra.sections);
    let plain = serde_json::to_value(document(&rb, &b, None)).unwrap();
    assert_eq!(doc["sections"], plain["sections"]);
    assert_eq!(doc["query"], plain["query"]);
    assert_eq!(doc["vs"], serde_json::to_value(&versus).unwrap());
    assert_eq!(doc["vs"]["query"], "seed=7");
    assert_eq!(doc["figure_error"]["param"], "figure");
    // B tells the first half of the progress, A the second.
    let mut shares = Vec::new();
    Page::run("lesson=compensation&runs=20000&vs=seed%3D7", &mut |s| {
        shares.push(s)
    })
    .unwrap();
    assert!(shares.iter().any(|&s| s > 0.0 && s <= 0.5) && shares.iter().any(|&s| s > 0.5));
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    // Without vs= it is the plain document.
    let mut page = Page::run("lesson=jobs&fail_prob=0.6", &mut |_| {}).unwrap();
    let doc = serde_json::to_value(page.document()).unwrap();
    let plain =
        serde_json::to_value(document(&tatbikat::run(&b, None).unwrap(), &b, None)).unwrap();
    assert_eq!(doc, plain);
    let e = Page::run("lesson=jobs&vs=seed%3Dx", &mut |_| panic!("nothing runs"))
        .err()
        .unwrap();
    assert_eq!(e.param.as_deref(), Some("vs"));
}
