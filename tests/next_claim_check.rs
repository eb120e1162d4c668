//! The claim check lesson against its specification: the reference script
//! (../shared/next-lessons/claim_check/olc.mjs, run with node) prints, for every parameter set
//! here, exactly what `tatbikat claim_check --section measure` prints; and bad input is refused
//! with status 2, naming the parameter.

use crate::common;
use common::{cli, next_lesson_cases, node_available, shared_dir};
use std::path::PathBuf;
use std::process::Command;

/// Parameters the script reads as text (ranges and lists); the others are numbers.
const TEXT_PARAMS: [&str; 5] = [
    "signature_kb",
    "photo_kb",
    "lag_hours",
    "ttl_sweep",
    "redelivery_sweep",
];

/// `{"name":value,...}` as the script's `JSON.parse` expects: numbers as numbers, text as strings.
fn json(case: &[String]) -> String {
    let mut out = Vec::new();
    for kv in case {
        let (k, v) = kv.split_once('=').unwrap();
        if TEXT_PARAMS.contains(&k) {
            out.push(format!("\"{k}\":\"{v}\""));
        } else {
            out.push(format!("\"{k}\":{v}"));
        }
    }
    format!("{{{}}}", out.join(","))
}

/// The reference script (`../shared/next-lessons/claim_check/olc.mjs`), when node and it are
/// here; otherwise says why on the terminal and the test is skipped.
fn reference() -> Option<PathBuf> {
    if !node_available() {
        return None;
    }
    shared_dir("next-lessons/claim_check/olc.mjs")
}

#[test]
fn every_parameter_set_prints_what_the_reference_prints() {
    let Some(script) = reference() else {
        return;
    };
    let mut failed = Vec::new();
    // The parameter sets of tests/next-lessons.json.
    for case in &next_lesson_cases("claim_check") {
        let reference = Command::new("node")
            .arg(&script)
            .arg(json(case))
            .output()
            .expect("run node");
        assert!(reference.status.success(), "reference failed for {case:?}");
        let reference = String::from_utf8(reference.stdout).unwrap();
        let mut args = vec!["claim_check", "--section", "measure"];
        for kv in case {
            args.extend(["--set", kv]);
        }
        let (code, ours, stderr) = cli(&args);
        assert_eq!(code, 0, "{case:?}: {stderr}");
        if ours != reference {
            failed.push(format!(
                "{case:?}\n--- reference\n{reference}--- tatbikat\n{ours}"
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn bad_input_is_refused_naming_the_parameter() {
    let cases: &[(&str, &str)] = &[
        ("signature_kb=60-20", "signature_kb"),
        ("photo_kb=800-200", "photo_kb"),
        ("lag_hours=9-1", "lag_hours"),
        ("proof_prob=1.5", "proof_prob"),
        ("signature_prob=-0.1", "signature_prob"),
        ("redelivery_prob=2", "redelivery_prob"),
        ("lag_prob=1.01", "lag_prob"),
        ("redelivery_sweep=0,1.2", "redelivery_sweep"),
        ("consumers=0", "consumers"),
        ("events=0", "events"),
        // Zeros and fractions the script computes are values (see the cases in
        // tests/next-lessons.json); below zero or not a number is not.
        ("event_bytes=-1", "event_bytes"),
        ("ref_bytes=-1", "ref_bytes"),
        ("max_message_kb=-0.5", "max_message_kb"),
        ("ttl_h=-0.5", "ttl_h"),
        ("ttl_h=x", "ttl_h"),
        ("ttl_sweep=6,-1", "ttl_sweep"),
        ("ttl_sweep=6,x", "ttl_sweep"),
        ("ttl_sweep=6,NaN", "ttl_sweep"),
        ("signature_kb=-1-60", "signature_kb"),
        ("lag_hours=-1-96", "lag_hours"),
        ("replay_h=-1", "replay_h"),
        ("seed=-1", "seed"),
        ("seed=4294967296", "seed"),
        ("seed=1.5", "seed"),
    ];
    for (kv, param) in cases {
        let (code, stdout, stderr) = cli(&["claim_check", "--set", kv]);
        assert_eq!(code, 2, "{kv}: exited {code}: {stderr}");
        assert!(stdout.is_empty(), "{kv}: printed {stdout}");
        let value = kv.split_once('=').unwrap().1;
        assert!(
            stderr.contains(&format!("{param} = \"{value}\"")),
            "{kv}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{kv}: {stderr}");
    }
}

#[test]
fn work_over_the_budget_is_refused_with_what_to_lower() {
    let (code, stdout, stderr) = cli(&[
        "claim_check",
        "--set",
        "events=10000000",
        "--set",
        "consumers=5",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    for f in [
        "events=10000000 with consumers=5",
        "lower events",
        "limit of 500000000",
    ] {
        assert!(stderr.contains(f), "lacks {f:?}: {stderr}");
    }
    // The largest run it names at the lesson's other values passes the checks; one more does not.
    assert!(
        stderr.contains("at most 2083333 with these values"),
        "{stderr}"
    );
    let lesson = common::lesson("claim_check");
    let set = |events| lesson.params([("events", events)]).unwrap();
    assert!(tatbikat::lessons::validate(&set("3125000")).is_ok());
    let e = tatbikat::lessons::validate(&set("3125001")).unwrap_err();
    assert_eq!(e.param.as_deref(), Some("events"));
}
