//! Every native integration test in one binary (Cargo.toml: `autotests = false`): one link of
//! the crate and its dependencies instead of one per file (26 test binaries took most of
//! `cargo test`'s build on CI's 2 cores). Each `tests/<topic>.rs` is a module here; the test at
//! the end fails when a file of tests/ is not one of them. `tests/wasm.rs` is its own binary (it
//! runs in WebAssembly, `./build.sh test`).

mod common;

mod challenges;
mod claim_check_trace;
mod claim_figures;
mod cli_errors;
mod compare;
mod csv;
mod exact;
mod extremes;
mod find;
mod fuzz;
mod golden;
mod jobs_trace;
mod js_numbers;
mod layers;
mod leader_trace;
mod next_claim_check;
mod next_lessons;
mod pages;
mod parallel_rows;
mod presets;
mod props;
mod quotas_trace;
mod real;
mod script_lesson;
mod script_text;
mod search;
mod sweep;
mod sweep_batch;
mod timeline_marks;
mod trace;
mod trace_cli;

/// Every `tests/*.rs` file is a module of this binary (or `wasm.rs`): a new file that is not
/// would never run.
#[test]
fn every_test_file_is_a_module_here() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("integration.rs")).expect("tests/integration.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let name = entry
            .expect("an entry of tests/")
            .file_name()
            .into_string()
            .expect("a UTF-8 name");
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module != "integration"
            && module != "wasm"
            && !root.lines().any(|l| l == format!("mod {module};"))
        {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/ files that no `mod` line of tests/integration.rs names (they would never run): {missing:?}"
    );
}
