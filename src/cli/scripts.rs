//! Script lessons in the CLI: a lesson folder (`lessons/<id>/`: the author's scripts and
//! `lesson.json`) found by id, read against its script's defaults and run through node, as
//! every course author runs their scripts (`tools/script/run.mjs`: the page's contract, in a
//! worker thread with a time budget).
//!
//! Where: `TATBIKAT_LESSONS` (a folder of lesson folders), else the checkout's `lessons/`; node
//! is `TATBIKAT_NODE`, else `node` on the PATH; the runner is the checkout's `tools/script/`, each
//! run within `TATBIKAT_SCRIPT_BUDGET_MS` milliseconds (default the runner's, 5000).

use std::path::{Path, PathBuf};
use std::process::Command;
use tatbikat::script::Runner;
use tatbikat::{Error, Lesson, lessons};

/// The checkout this CLI was built from (its `lessons/` and `tools/script/`).
const CHECKOUT: &str = env!("CARGO_MANIFEST_DIR");

/// The manifest's most bytes read (the core refuses more too).
const MANIFEST_BYTES: u64 = tatbikat::script::manifest::MAX_BYTES as u64;

/// The folder of lesson folders.
pub fn root() -> PathBuf {
    std::env::var_os("TATBIKAT_LESSONS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(CHECKOUT).join("lessons"))
}

fn node() -> std::ffi::OsString {
    std::env::var_os("TATBIKAT_NODE").unwrap_or_else(|| "node".into())
}

fn tool(name: &str) -> PathBuf {
    Path::new(CHECKOUT).join("tools").join("script").join(name)
}

/// The script lesson `id` from the lessons folder, added to the registry; `None` when there is
/// no such folder (the caller says the lesson is unknown).
pub fn find(id: &str) -> Option<Result<Lesson, Error>> {
    let ok = !id.is_empty()
        && id
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_');
    let folder = root().join(id);
    if !ok || !folder.join("lesson.json").is_file() {
        return None;
    }
    Some(
        load(&folder, &folder.join("lesson.json"), id).and_then(|l| {
            lessons::add(l)?;
            Ok(l)
        }),
    )
}

/// Reads the manifest `manifest` against the defaults of the scripts in `scripts` (a folder)
/// and makes the lesson, named `label` in messages; not added to the registry.
pub fn load(scripts: &Path, manifest: &Path, label: &str) -> Result<Lesson, Error> {
    let name = format!("{label}/lesson.json");
    let text = super::files::read(
        "lesson",
        manifest,
        MANIFEST_BYTES,
        "a lesson's manifest",
        "",
    )?;
    let text = String::from_utf8(text)
        .map_err(|_| Error::author(&name, "the manifest is not UTF-8 text"))?;
    // The defaults module is named in the manifest: read its name first (the core reads the
    // whole manifest after, naming any mistake).
    let module = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("defaults")?.as_str().map(str::to_string))
        .unwrap_or_else(|| "akis.mjs".into());
    if !tatbikat::script::manifest::is_script(&module) {
        return Err(Error::author(
            &name,
            format!(
                "\"defaults\" is {module:?}; it must be a script of the lesson's folder (akis.mjs)"
            ),
        ));
    }
    let out = Command::new(node())
        .arg(tool("defaults.mjs"))
        .arg(scripts)
        .arg(&module)
        .output()
        .map_err(|e| {
            Error::usage(format!(
                "cannot run node for the lesson {label}: {e} (install node, or set TATBIKAT_NODE)"
            ))
        })?;
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        return Err(Error::author(
            format!(
                "{label}/{}",
                said.trim()
                    .lines()
                    .last()
                    .unwrap_or("")
                    .split(':')
                    .next()
                    .unwrap_or(&module)
            ),
            said.trim()
                .lines()
                .last()
                .unwrap_or("")
                .split_once(": ")
                .map_or(said.trim(), |(_, m)| m)
                .to_string(),
        ));
    }
    let defaults: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(&out.stdout)
        .map_err(|e| {
            Error::author(
                format!("{label}/{module}"),
                format!("its VARSAYILAN did not read as JSON: {e}"),
            )
        })?;
    let runner = Node {
        folder: scripts.to_path_buf(),
        label: label.to_string(),
    };
    let declared = tatbikat::script::manifest::read(&name, &text, &defaults)?;
    Ok(tatbikat::lessons::load_script(declared, Box::new(runner)))
}

/// Runs a section script with node (`tools/script/run.mjs`), one process a run.
struct Node {
    folder: PathBuf,
    label: String,
}

impl Runner for Node {
    fn run(&self, script: &str, params: Option<&str>) -> Result<String, Error> {
        let mut command = Command::new(node());
        command.arg(tool("run.mjs"));
        if let Some(ms) = std::env::var("TATBIKAT_SCRIPT_BUDGET_MS")
            .ok()
            .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
        {
            command.arg(format!("--budget-ms={ms}"));
        }
        command.arg(&self.folder).arg(script);
        if let Some(p) = params {
            command.arg(p);
        }
        let out = command.output().map_err(|e| {
            Error::usage(format!("cannot run node for {}/{script}: {e}", self.label))
        })?;
        if out.status.success() {
            return String::from_utf8(out.stdout).map_err(|_| {
                Error::author(
                    format!("{}/{script}", self.label),
                    "printed text that is not UTF-8",
                )
            });
        }
        // run.mjs's protocol: the last line of stderr is `<code>: <message>`, the message naming
        // the file, the line when known, and the parameters.
        let said = String::from_utf8_lossy(&out.stderr);
        let last = said.trim_end().lines().last().unwrap_or("");
        let message = last.split_once(": ").map_or(last, |(_, m)| m);
        let (file, what) = message.split_once(": ").unwrap_or((script, message));
        Err(Error::author(file.to_string(), what.to_string()))
    }
}
