//! What the integration tests share: running the built CLI.

use std::process::Command;

/// Runs `tatbikat ARGS`: exit code, standard output (UTF-8) and standard error.
#[allow(dead_code)]
pub fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tatbikat"))
        .args(args)
        .output()
        .expect("run tatbikat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `tatbikat ARGS` like [`cli`], but kills it and fails the test if it has not ended after
/// `secs` seconds. A safety net only, for inputs that once made the CLI run forever (`--join
/// /dev/zero`): a test passes because the CLI ends by itself, never because of the time.
#[allow(dead_code)]
pub fn cli_ending(args: &[&str], secs: u64) -> (i32, String, String) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatbikat"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run tatbikat");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for tatbikat") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tatbikat {args:?} had not ended after {secs} s (killed)");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // A refusal's few lines fit the pipes' buffers, so reading after the end is safe.
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code().unwrap_or(-1), out, err)
}

/// A value as compact JSON with numbers written as JavaScript writes them (`36`, not `36.0`):
/// the text `JSON.stringify` gives for the object the page receives.
#[allow(dead_code)]
pub fn js_json<T: serde::Serialize>(value: &T) -> String {
    fn write(v: &serde_json::Value, out: &mut String) {
        match v {
            serde_json::Value::Number(n) => out.push_str(&match n.as_f64() {
                Some(x) => tatbikat::jsfmt::number_to_string(x),
                None => n.to_string(),
            }),
            serde_json::Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(item, out);
                }
                out.push(']');
            }
            serde_json::Value::Object(map) => {
                out.push('{');
                for (i, (k, item)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::Value::String(k.clone()).to_string());
                    out.push(':');
                    write(item, out);
                }
                out.push('}');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    write(
        &serde_json::to_value(value).expect("serializable"),
        &mut out,
    );
    out
}

/// The registry's lesson `id` (the tests name the lessons they are about).
#[allow(dead_code)]
pub fn lesson(id: &str) -> tatbikat::Lesson {
    tatbikat::lessons::get(id).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `tatbikat ARGS`, which must succeed, and reads its standard output as JSON.
#[allow(dead_code)]
pub fn cli_json(args: &[String]) -> serde_json::Value {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = cli(&args);
    assert_eq!(code, 0, "tatbikat {args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("tatbikat {args:?}: {e}: {out}"))
}

/// The CLI's `--set` arguments for `pairs`.
#[allow(dead_code)]
pub fn set_args(pairs: &[(&str, &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for (k, v) in pairs {
        out.push("--set".to_string());
        out.push(format!("{k}={v}"));
    }
    out
}

/// Every block of a report's JSON (`--format json`), in order.
#[allow(dead_code)]
pub fn report_blocks(report: &serde_json::Value) -> Vec<&serde_json::Value> {
    let mut out = Vec::new();
    for s in report["sections"].as_array().unwrap() {
        for g in s["groups"].as_array().unwrap() {
            for b in g["blocks"].as_array().unwrap() {
                out.push(b);
            }
        }
    }
    out
}

/// The table `key` of a report's JSON.
#[allow(dead_code)]
pub fn report_table<'a>(report: &'a serde_json::Value, key: &str) -> &'a serde_json::Value {
    report_blocks(report)
        .into_iter()
        .find(|b| b["type"] == "table" && b["key"] == key)
        .unwrap_or_else(|| panic!("no table {key}"))
}

/// The parameter sets (`name=value`, the codec's text form) a preview lesson is checked at
/// against its reference script (tests/next-lessons.json; the node tests run the same sets
/// through the WebAssembly).
#[allow(dead_code)]
pub fn next_lesson_cases(lesson: &str) -> Vec<Vec<String>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/next-lessons.json");
    let all: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    serde_json::from_value(all[lesson].clone()).unwrap()
}

/// The course's shared folder (`../shared/` beside the checkout, as CI lays it out, or
/// `TATBIKAT_SHARED`), or why it is not here. Under CI (`CI` set) its absence fails: CI always
/// lays it out, so a missing folder there is a broken layout, not a reason to skip.
#[allow(dead_code)]
pub fn shared_dir(inside: &str) -> Option<std::path::PathBuf> {
    use std::io::Write;
    let (dir, from) = match std::env::var_os("TATBIKAT_SHARED") {
        Some(d) => (std::path::PathBuf::from(d), "TATBIKAT_SHARED"),
        None => (
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
            "beside the checkout",
        ),
    };
    let wanted = dir.join(inside);
    if wanted.exists() {
        return Some(wanted);
    }
    let why = format!(
        "{} is not here (the course's shared folder, {from}; set TATBIKAT_SHARED to its path)",
        wanted.display()
    );
    assert!(std::env::var_os("CI").is_none(), "{why}");
    // Straight to the terminal: cargo test captures eprintln! of a passing test.
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
    None
}

/// Whether `node` runs here; otherwise says so on the terminal (the test is then skipped).
#[allow(dead_code)]
pub fn node_available() -> bool {
    use std::io::Write;
    let node = std::process::Command::new("node").arg("--version").output();
    let ok = node.is_ok_and(|o| o.status.success());
    if !ok {
        assert!(std::env::var_os("CI").is_none(), "node is not installed");
        let _ = writeln!(std::io::stderr(), "skipped: node is not installed");
    }
    ok
}
