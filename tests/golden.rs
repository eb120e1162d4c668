//! The lessons' own output, byte for byte: `tatbikat LESSON` and each `--section` against the
//! files the lessons' scripts print (copied from the course into tests/golden/), for every lesson
//! of the registry: a new lesson brings its `<id>.txt` and `<id>-<section>.txt`.

use std::path::Path;
use std::process::Command;

fn cli(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tatbikat"))
        .args(args)
        .output()
        .expect("run tatbikat");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn golden(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn assert_bytes(args: &[&str], file: &str) {
    let (code, stdout, stderr) = cli(args);
    assert_eq!(code, 0, "tatbikat {args:?} failed: {stderr}");
    let want = golden(file);
    if stdout != want {
        let got = String::from_utf8_lossy(&stdout);
        let want = String::from_utf8_lossy(&want);
        let first = got.lines().zip(want.lines()).position(|(a, b)| a != b);
        panic!(
            "tatbikat {args:?} differs from {file} (first differing line {first:?})\n--- got\n{got}\n--- want\n{want}"
        );
    }
}

#[test]
fn whole_lessons_match_the_lessons_output() {
    for lesson in tatbikat::lessons::ALL.iter().map(|l| l.id()) {
        assert_bytes(&[lesson], &format!("{lesson}.txt"));
    }
}

#[test]
fn each_section_matches_its_script() {
    for l in tatbikat::lessons::ALL {
        let lesson = l.id();
        for section in l.sections() {
            assert_bytes(
                &[lesson, "--section", section],
                &format!("{lesson}-{section}.txt"),
            );
        }
    }
}

#[test]
fn setting_a_parameter_to_the_lessons_value_changes_nothing() {
    assert_bytes(
        &[
            "jobs",
            "--set",
            "seed=20260813",
            "--set",
            "long_hours=30-54",
        ],
        "jobs.txt",
    );
    assert_bytes(
        &[
            "supervisor",
            "--set",
            "hung=S2@indirim, S5@tarife ,S9@fatura",
            "--section=daily",
        ],
        "supervisor-daily.txt",
    );
    assert_bytes(
        &[
            "compensation",
            "--set",
            "steps=donem-kapat,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)",
            "--set=comp_fail=5e-2",
        ],
        "compensation.txt",
    );
}

#[test]
fn json_carries_the_same_numbers_and_the_parameters() {
    let (code, stdout, stderr) = cli(&["compensation", "--format", "json", "--set", "seed=7"]);
    assert_eq!(code, 0, "{stderr}");
    let doc: serde_json::Value = serde_json::from_slice(&stdout).expect("valid JSON");
    assert_eq!(doc["lesson"], "compensation");
    assert_eq!(doc["params"]["seed"], "7");
    assert_eq!(doc["params"]["runs"], "100000");
    assert_eq!(doc["query"], "lesson=compensation&seed=7");
    // The Monte Carlo table: numbers stay numbers, with their precision and the lesson's text.
    let mc = doc["sections"][0]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["blocks"].as_array().unwrap().iter())
        .find(|b| b["key"] == "monte_carlo")
        .expect("monte_carlo table");
    let rate = &mc["rows"][0][2];
    assert_eq!(rate["kind"], "fixed");
    assert_eq!(rate["decimals"], 5);
    let hung = mc["rows"][0][1]["value"].as_f64().unwrap();
    assert_eq!(rate["value"].as_f64().unwrap(), hung / 100000.0);
    // The JSON's texts are exactly what the lesson layout prints.
    let (_, text, _) = cli(&["compensation", "--set", "seed=7"]);
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains(rate["text"].as_str().unwrap()));
}

/// Every extension parameter set explicitly to its default ("off") changes neither the lesson's
/// text nor the JSON report: the extensions add nothing until they are turned on.
#[test]
fn extensions_at_their_defaults_change_nothing() {
    let has_extensions = |l: &&tatbikat::Lesson| l.specs().iter().any(|s| s.extension);
    for lesson in tatbikat::lessons::ALL.iter().filter(has_extensions) {
        let sets: Vec<String> = lesson
            .specs()
            .iter()
            .filter(|s| s.extension)
            .map(|s| format!("--set={}={}", s.name, s.default))
            .collect();
        assert!(!sets.is_empty(), "{} has no extension", lesson.id());
        let mut args = vec![lesson.id()];
        args.extend(sets.iter().map(String::as_str));
        assert_bytes(&args, &format!("{}.txt", lesson.id()));
        args.extend(["--format", "json"]);
        let (_, with, _) = cli(&args);
        let (_, without, _) = cli(&[lesson.id(), "--format", "json"]);
        assert_eq!(
            String::from_utf8_lossy(&with),
            String::from_utf8_lossy(&without),
            "{}",
            lesson.id()
        );
    }
    // The written lessons all have extensions beyond the lesson.
    for id in ["supervisor", "jobs", "compensation"] {
        let lesson = tatbikat::lessons::get(id).unwrap();
        assert!(has_extensions(&&lesson), "{id} has no extension");
    }
}

/// `tatbikat --lessons` lists the registry (the build reads its lessons from it): each lesson,
/// in order, with its sections — the ones this file's goldens cover.
#[test]
fn lessons_lists_the_registry_with_its_sections() {
    let (code, out, err) = cli(&["--lessons"]);
    assert_eq!(code, 0, "{err}");
    let want: String = tatbikat::lessons::ALL
        .iter()
        .map(|l| format!("{} {}\n", l.id(), l.sections().join(" ")))
        .collect();
    assert_eq!(String::from_utf8(out).unwrap(), want);
    for line in want.lines() {
        let mut words = line.split(' ');
        let id = words.next().unwrap();
        for section in words {
            let file = format!("{id}-{section}.txt");
            assert!(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/golden")
                    .join(&file)
                    .is_file(),
                "{file}"
            );
        }
    }
}
