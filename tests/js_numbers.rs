//! The JavaScript number formatting the lessons print with, checked against node itself on
//! thousands of values: ties, tiny and huge numbers, negatives.

use std::io::Write;
use std::process::{Command, Stdio};

use rand::Rng;
use tatbikat::jsfmt::{math_round, number_to_string, to_fixed};
use tatbikat::rng::Lcg32;

fn values() -> Vec<(f64, usize)> {
    let mut rng = Lcg32::new(12345);
    let mut unit = || f64::from(rng.next_u32()) / 4_294_967_296.0;
    let mut out = Vec::new();
    for i in 0..6000 {
        let d = i % 9;
        let x = match i % 6 {
            // Exact binary ties at d digits and near them.
            0 => (unit() * 2000.0).round() / 8.0,
            1 => ((unit() * 1e6).round() + 0.5) / 10f64.powi(d as i32),
            // Wide magnitudes.
            2 => unit() * 10f64.powi((unit() * 44.0) as i32 - 22),
            3 => -unit() * 10f64.powi((unit() * 30.0) as i32 - 10),
            // Lesson-like rates and products.
            4 => (unit() * 100_000.0).floor() / 100_000.0 * 80.0,
            _ => (unit() * 1e5).floor() / 1e5,
        };
        out.push((x, d));
    }
    out.extend([
        (0.5, 0),
        (-0.5, 0),
        (1.005, 2),
        (99.995, 2),
        (1e21, 3),
        (-0.0, 1),
        (f64::NAN, 2),
    ]);
    out
}

#[test]
fn formatting_matches_node() {
    let vals = values();
    // JSON carries the shortest round-trip text, which node reads back to the same double.
    let input: Vec<String> = vals
        .iter()
        .map(|(x, d)| {
            let x = if x.is_nan() {
                "null".to_string()
            } else if *x == 0.0 && x.is_sign_negative() {
                "-0".into()
            } else {
                format!("{x:e}")
            };
            format!("[{x},{d}]")
        })
        .collect();
    let script = r#"
        let s = ""; process.stdin.on("data", (c) => (s += c)).on("end", () => {
          const out = JSON.parse(s).map(([x, d]) => { x = x === null ? NaN : x;
            return [x.toFixed(d), String(x), String(Math.round(x * 10) / 10)]; });
          process.stdout.write(JSON.stringify(out));
        });"#;
    let mut child = Command::new("node")
        .args(["-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node is needed for this test (it is on every machine of this kind)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("[{}]", input.join(",")).as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "node failed");
    let got: Vec<[String; 3]> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got.len(), vals.len());
    let mut wrong = Vec::new();
    for ((x, d), [fixed, string, round]) in vals.iter().zip(&got) {
        if &to_fixed(*x, *d) != fixed {
            wrong.push(format!(
                "({x:e}).toFixed({d}): node {fixed}, ours {}",
                to_fixed(*x, *d)
            ));
        }
        if &number_to_string(*x) != string {
            wrong.push(format!(
                "String({x:e}): node {string}, ours {}",
                number_to_string(*x)
            ));
        }
        let ours = number_to_string(math_round(x * 10.0) / 10.0);
        if &ours != round {
            wrong.push(format!(
                "Math.round({x:e}*10)/10: node {round}, ours {ours}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differences, first: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(10)]
    );
}
