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
