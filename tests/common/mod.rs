//! What the integration tests share: running the built CLI.

use std::process::Command;

/// Runs `tatbikat ARGS`: exit code, standard output (UTF-8) and standard error.
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
