//! Script lessons through the CLI (issue 34): the replica-set lesson (lessons/replica/) prints
//! exactly what its own script prints, at its values and at 24 parameter sets drawn from its
//! manifest's bounds; every author mistake (a manifest typo, a parameter the script lacks, a
//! throwing script, an endless loop, an unseeded Math.random, a claim's mark that finds nothing)
//! is named with its file and what to fix; the previews' Rust ports agree with their scripts;
//! every lesson's claims and challenges find their marks (`tatbikat check`).

use crate::common::{cli, node_available, shared_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// What `node <dir>/<script> [json]` prints.
fn node(dir: &Path, script: &str, json: Option<&str>) -> String {
    let mut c = Command::new("node");
    c.arg(dir.join(script));
    if let Some(j) = json {
        c.arg(j);
    }
    let out = c.output().expect("run node");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `tatbikat ARGS` with the script lessons of `lessons` and environment `env`.
fn cli_in(lessons: &Path, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tatbikat"))
        .args(args)
        .env("TATBIKAT_LESSONS", lessons)
        .envs(env.iter().copied())
        .output()
        .expect("run tatbikat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A seeded sequence in [0, 1) (the C library's LCG, as tests/node/param-sets.mjs draws).
struct Draw(u64);

impl Draw {
    fn unit(&mut self) -> f64 {
        self.0 = (self.0 * 1_103_515_245 + 12_345) % 2_147_483_648;
        self.0 as f64 / 2_147_483_648.0
    }
    fn int(&mut self, a: i64, b: i64) -> i64 {
        a + (self.unit() * (b - a + 1) as f64) as i64
    }
}

#[test]
fn the_replica_lesson_prints_its_scripts_text_at_its_values_and_24_random_sets() {
    if !node_available() {
        return;
    }
    let dir = root().join("lessons/replica");
    let (code, out, err) = cli(&["replica"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, node(&dir, "olc.mjs", None));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("lesson.json")).unwrap()).unwrap();
    let mut d = Draw(20_261_205);
    let mut varied = std::collections::BTreeSet::new();
    for _ in 0..24 {
        let mut sets: Vec<String> = Vec::new();
        let mut json = serde_json::Map::new();
        for p in manifest["params"].as_array().unwrap() {
            if d.unit() < 0.5 {
                continue;
            }
            let name = p["name"].as_str().unwrap();
            let max = |cap: i64| p["max"].as_i64().unwrap().min(cap);
            let min = p["min"].as_i64().unwrap_or(0);
            let (text, value) = match p["kind"].as_str().unwrap() {
                "int" if name == "rounds" => {
                    let n = d.int(min, max(400));
                    (n.to_string(), serde_json::json!(n))
                }
                "int" | "seed" => {
                    let n = d.int(min, max(30));
                    (n.to_string(), serde_json::json!(n))
                }
                "prob" => {
                    let x = [0.0, 1.0, 0.01, 0.03, 0.25][d.int(0, 4) as usize];
                    (tatbikat::jsfmt::number_to_string(x), serde_json::json!(x))
                }
                "int_list" => {
                    let n = d.int(1, 4);
                    let l: Vec<String> = (0..n).map(|_| d.int(min, max(25)).to_string()).collect();
                    (l.join(","), serde_json::json!(l.join(",")))
                }
                "prob_list" => {
                    let n = d.int(1, 4);
                    let l: Vec<String> = (0..n)
                        .map(|_| ["0", "0.02", "0.1", "0.5", "1"][d.int(0, 4) as usize].to_string())
                        .collect();
                    (l.join(","), serde_json::json!(l.join(",")))
                }
                other => panic!("the test draws no {other}"),
            };
            varied.insert(name.to_string());
            sets.push(format!("{name}={text}"));
            json.insert(name.into(), value);
        }
        let mut args = vec!["replica".to_string()];
        for s in &sets {
            args.extend(["--set".into(), s.clone()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = cli(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let json = (!json.is_empty()).then(|| serde_json::Value::Object(json).to_string());
        assert_eq!(
            out,
            node(&dir, "olc.mjs", json.as_deref()),
            "tatbikat {}",
            sets.join(" ")
        );
    }
    assert_eq!(
        varied.len(),
        manifest["params"].as_array().unwrap().len(),
        "every parameter drawn somewhere"
    );
}

/// A copy of the replica lesson under `name` in a fresh folder of lesson folders, changed by
/// `edit(manifest, script)`.
fn broken(name: &str, edit: impl Fn(&mut String, &mut String)) -> PathBuf {
    let lessons =
        std::env::temp_dir().join(format!("tatbikat-script-{}-{name}", std::process::id()));
    let dir = lessons.join(name);
    let _ = std::fs::remove_dir_all(&lessons);
    std::fs::create_dir_all(&dir).unwrap();
    let src = root().join("lessons/replica");
    let mut manifest = std::fs::read_to_string(src.join("lesson.json"))
        .unwrap()
        .replace("\"id\": \"replica\"", &format!("\"id\": \"{name}\""));
    let mut script = std::fs::read_to_string(src.join("olc.mjs")).unwrap();
    edit(&mut manifest, &mut script);
    std::fs::write(dir.join("lesson.json"), manifest).unwrap();
    std::fs::write(dir.join("olc.mjs"), script).unwrap();
    std::fs::copy(src.join("akis.mjs"), dir.join("akis.mjs")).unwrap();
    lessons
}

#[test]
fn every_author_mistake_names_the_file_and_what_to_fix() {
    if !node_available() {
        return;
    }
    // (what, the edit, the command's arguments, what its message must say)
    type Edit = fn(&mut String, &mut String);
    let cases: [(&str, Edit, &[&str], &[&str]); 8] = [
        (
            "a manifest typo",
            |m, _| *m = m.replacen("\"kind\": \"int\"", "\"knd\": \"int\"", 1),
            &[],
            &[
                "typo/lesson.json:",
                "unknown field `knd`",
                "docs/adding-a-lesson.md",
            ],
        ),
        (
            "a parameter the script lacks",
            |m, _| *m = m.replace("\"name\": \"job_rounds\"", "\"name\": \"job_round\""),
            &[],
            &[
                "lacks/lesson.json: parameter job_round",
                "VARSAYILAN (in akis.mjs) has no key \"job_round\"",
            ],
        ),
        (
            "a throwing script",
            |_, s| s.push_str("throw new Error(\"tablo eksik\");\n"),
            &["--set", "replicas=4"],
            &[
                "throws/olc.mjs:",
                "threw Error: tablo eksik",
                "parameters {\"replicas\":4}",
            ],
        ),
        (
            "an endless loop",
            |_, s| s.push_str("while (true) {}\n"),
            &[],
            &[
                "loops/olc.mjs",
                "ran past its budget of 1500 ms and was stopped",
            ],
        ),
        (
            "an unseeded Math.random",
            |_, s| s.push_str("console.log(Math.random());\n"),
            &[],
            &[
                "random/olc.mjs:",
                "Math.random draws unseeded random numbers",
                "seeded generator",
            ],
        ),
        (
            "a claim's mark that finds nothing",
            |m, _| *m = m.replace("c:kinds:#5:sirali_kume", "c:kinds:#5:sirali"),
            &["check"],
            &[
                "marks/lesson.json",
                "claim marks.identities: the mark c:kinds:#5:sirali finds nothing",
                "columns are olcu, kopya_kumesi, sirali_kume",
            ],
        ),
        (
            "state kept between runs (a shared module's object changed by each run)",
            |_, s| {
                s.push_str("KIP.kosumlar = (KIP.kosumlar ?? 0) + 1;\nconsole.log(`kosum ${KIP.kosumlar}`);\n")
            },
            &["check"],
            &[
                "state/lesson.json",
                "olc.mjs prints another text at each run of the same parameters: a module of the folder keeps state between runs",
                "at tatbikat state --section measure",
                "and at ",
            ],
        ),
        (
            "a challenge already met at its start",
            |m, _| *m = m.replace("sirali_eksik_tur<=30", "sirali_eksik_tur>=0"),
            &["check"],
            &[
                "met/lesson.json",
                "challenge met.ordered-as-fast: its check \"c:reconcile_sweep:10:sirali_eksik_tur>=0 param:replicas>=3\" is already met at its start (174 >= 0, 3 >= 3)",
                "the learner has nothing to change",
            ],
        ),
    ];
    let names = [
        "typo", "lacks", "throws", "loops", "random", "marks", "state", "met",
    ];
    for ((what, edit, args, says), name) in cases.iter().zip(names) {
        let lessons = broken(name, edit);
        let mut all: Vec<&str> = Vec::new();
        if args.first() == Some(&"check") {
            all.extend(["check", name]);
        } else {
            all.push(name);
            all.extend(*args);
        }
        let (code, out, err) = cli_in(&lessons, &[("TATBIKAT_SCRIPT_BUDGET_MS", "1500")], &all);
        assert_eq!(code, 2, "{what}: exits 2\n{out}{err}");
        assert!(out.is_empty(), "{what}: prints nothing on stdout: {out}");
        for s in *says {
            assert!(err.contains(s), "{what}: the message says {s:?}:\n{err}");
        }
        let _ = std::fs::remove_dir_all(&lessons);
    }
}

#[test]
fn every_lessons_claims_and_challenges_find_their_marks() {
    if !node_available() {
        return;
    }
    // The registry's lessons and every folder of lessons/: a new script lesson is checked (its
    // marks, and its text against its scripts' at 25 parameter sets) without a test of its own.
    let mut ids: Vec<String> = tatbikat::lessons::IDS
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut folders: Vec<String> = std::fs::read_dir(root().join("lessons"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("lesson.json").is_file())
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    folders.sort();
    assert!(folders.contains(&"replica".to_string()));
    ids.extend(folders);
    for id in ids.iter().map(String::as_str) {
        let (code, out, err) = cli(&["check", id]);
        assert_eq!(code, 0, "{id}: {err}");
        assert!(out.contains("every mark found"), "{out}");
        if tatbikat::lessons::IDS.contains(&id) {
            continue;
        }
        assert!(
            out.contains("its text is its scripts' own at its values and at 24 parameter sets"),
            "{out}"
        );
    }
}

#[test]
fn the_previews_ports_agree_with_their_scripts() {
    if !node_available() || shared_dir("next-lessons").is_none() {
        return;
    }
    // A few sets each here; the full count (tatbikat agree ID --runs 100) is the note.
    for id in ["leader", "quotas", "claim_check"] {
        let (code, out, err) = cli(&["agree", id, "--runs", "8", "--seed", "7"]);
        assert_eq!(code, 0, "{id}: {out}{err}");
        assert!(out.contains("differences: 0"), "{out}");
        assert!(out.contains("the same text: "), "{out}");
    }
    // ... and a script that differs is found, with the command that shows it.
    let changed = std::env::temp_dir().join(format!("tatbikat-agree-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&changed);
    std::fs::create_dir_all(&changed).unwrap();
    let quotas = shared_dir("next-lessons/quotas").unwrap();
    for f in ["akis.mjs", "olc.mjs"] {
        let text = std::fs::read_to_string(quotas.join(f)).unwrap();
        std::fs::write(changed.join(f), text.replace("r.bosta}", "r.bosta + 1}")).unwrap();
    }
    let (code, _, err) = cli(&[
        "agree",
        "quotas",
        "--runs",
        "2",
        "--scripts",
        changed.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("differences: 2") && err.contains("DIFFERENCE tatbikat quotas"),
        "{err}"
    );
    assert!(err.contains("?lesson=quotas"), "{err}");
    let _ = std::fs::remove_dir_all(&changed);
}

#[test]
fn every_manifests_declaration_reads_back_as_written() {
    if !node_available() {
        return;
    }
    use tatbikat::script::declaration::Declaration;
    let mut cases = vec![(
        root().join("lessons/replica"),
        root().join("lessons/replica/lesson.json"),
    )];
    if let Some(next) = shared_dir("next-lessons") {
        for id in ["leader", "quotas", "claim_check"] {
            cases.push((
                next.join(id),
                root().join("src/lessons").join(id).join("lesson.json"),
            ));
        }
    }
    for (scripts, manifest) in cases {
        let out = Command::new("node")
            .arg(root().join("tools/script/defaults.mjs"))
            .arg(&scripts)
            .arg("akis.mjs")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let defaults: serde_json::Map<String, serde_json::Value> =
            serde_json::from_slice(&out.stdout).unwrap();
        let text = std::fs::read_to_string(&manifest).unwrap();
        let d = tatbikat::script::manifest::read("lesson.json", &text, &defaults).unwrap();
        let written = d.to_text();
        let back = Declaration::from_text("lesson.txt", &written).unwrap();
        assert_eq!(back.to_text(), written, "{}", manifest.display());
        assert_eq!(back.specs.len(), defaults.len());
    }
}

/// A lesson the CLI cannot find is named with every lesson it can run, the lessons folder's too,
/// by a run, `check` and `package --scorm` alike (the package refused before any site is read).
#[test]
fn an_unknown_lesson_is_refused_with_the_script_lessons_listed() {
    let out = std::env::temp_dir().join("tatbikat-unknown-scorm.zip");
    for args in [
        &["nope"][..],
        &["check", "nope"],
        &[
            "package",
            "--scorm",
            "lesson=nope",
            "-o",
            out.to_str().unwrap(),
        ],
    ] {
        let (code, stdout, stderr) = cli_in(&root().join("lessons"), &[], args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(
            stderr.contains("unknown lesson \"nope\"; the lessons are supervisor, jobs, compensation, leader, quotas, claim_check, replica"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!out.exists(), "no package written");
}
