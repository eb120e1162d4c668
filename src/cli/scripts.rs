//! Script lessons in the CLI: a lesson folder (`lessons/<id>/`: the author's scripts and
//! `lesson.json`) found by id, read against its script's defaults and run through node, as
//! every course author runs their scripts (`tools/script/run.mjs`: the page's contract, in a
//! worker thread with a time budget).
//!
//! Where: `TATBIKAT_LESSONS` (a folder of lesson folders), else the checkout's `lessons/`; node
//! is `TATBIKAT_NODE`, else `node` on the PATH; the runner is the checkout's `tools/script/`, each
//! run within `TATBIKAT_SCRIPT_BUDGET_MS` milliseconds (default the runner's, 5000).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
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

/// `error` (a lesson the registry does not hold, and no script lesson's folder) with every lesson
/// the CLI can run listed: the registry's and the lessons folder's.
pub fn unknown(mut error: Error) -> Error {
    if error.code == tatbikat::ErrorCode::UnknownLesson {
        let mut ids: Vec<String> = lessons::IDS.iter().map(|s| s.to_string()).collect();
        let mut found: Vec<String> = std::fs::read_dir(root())
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().join("lesson.json").is_file())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|id| !ids.contains(id))
            .collect();
        found.sort();
        ids.extend(found);
        error.allowed = format!("the lessons are {}", ids.join(", "));
    }
    error
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
        idle: Mutex::new(Vec::new()),
    };
    let declared = tatbikat::script::manifest::read(&name, &text, &defaults)?;
    Ok(tatbikat::lessons::load_script(declared, Box::new(runner)))
}

/// Runs a lesson's section scripts with node: `tools/script/serve.mjs`, one process for many runs
/// (a sweep's 441 runs start node once per thread, not 441 times), each run in its worker thread
/// with run.mjs's budget and contract.
struct Node {
    folder: PathBuf,
    label: String,
    /// Processes not running a script now; a run takes one (or starts one) and gives it back.
    idle: Mutex<Vec<Served>>,
}

/// A running `serve.mjs`: its requests in, its answers out, one line each.
struct Served {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// One answer of serve.mjs: the text, or run.mjs's `<code>: <message>`.
#[derive(serde::Deserialize)]
struct Answer {
    text: Option<String>,
    code: Option<String>,
    message: Option<String>,
}

impl Node {
    fn start(&self) -> Result<Served, Error> {
        let mut command = Command::new(node());
        command.arg(tool("serve.mjs"));
        if let Some(ms) = std::env::var("TATBIKAT_SCRIPT_BUDGET_MS")
            .ok()
            .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
        {
            command.arg(format!("--budget-ms={ms}"));
        }
        let mut child = command
            .arg(&self.folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Error::usage(format!("cannot run node for {}: {e}", self.label)))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Error::usage(format!(
                "cannot talk to node for {}",
                self.label
            )));
        };
        Ok(Served {
            child,
            input,
            output: BufReader::new(output),
        })
    }

    /// One request on `served`; an I/O failure means the process is gone.
    fn ask(served: &mut Served, request: &str) -> std::io::Result<Answer> {
        served.input.write_all(request.as_bytes())?;
        served.input.flush()?;
        let mut line = String::new();
        if served.output.read_line(&mut line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        serde_json::from_str(&line).map_err(std::io::Error::other)
    }
}

impl Runner for Node {
    fn run(&self, script: &str, params: Option<&str>) -> Result<String, Error> {
        // The parameters go as the core wrote them (no re-serialising: the script reads the same
        // text); a raw newline in JSON can only be whitespace.
        let request = format!(
            "{{\"section\":{},\"params\":{}}}\n",
            serde_json::Value::from(script),
            params.map_or("null".into(), |p| p.replace(['\n', '\r'], " "))
        );
        let taken = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut served = match taken {
            Some(s) => s,
            None => self.start()?,
        };
        let answer = match Self::ask(&mut served, &request) {
            Ok(a) => a,
            Err(e) => {
                let _ = served.child.kill();
                let _ = served.child.wait();
                return Err(Error::author(
                    format!("{}/{script}", self.label),
                    format!("its runner (node tools/script/serve.mjs) stopped: {e}"),
                ));
            }
        };
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(served);
        if let Some(text) = answer.text {
            return Ok(text);
        }
        // run.mjs's protocol: `<code>: <message>`, the message naming the file, the line when
        // known, and the parameters.
        let message = answer.message.unwrap_or_default();
        let code = answer.code.unwrap_or_default();
        let (file, what) = message.split_once(": ").unwrap_or((script, &message));
        let what = if what.is_empty() { code.as_str() } else { what };
        Err(Error::author(file.to_string(), what.to_string()))
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        // Closing its input ends each serve.mjs.
        for mut s in self
            .idle
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            drop(s.input);
            let _ = s.child.wait();
        }
    }
}
