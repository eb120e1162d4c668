//! The build's steps around cargo, `cargo xtask <step>` (an alias in .cargo/config.toml), run by
//! build.sh from the checkout, or under CI from its copy at a fixed path (build.sh's
//! stable_source), with cargo's target dir in `CARGO_TARGET_DIR` when it is not `target/`:
//!
//! - `pages WWW`: the page's WebAssembly. One cargo call builds every module (the packages of
//!   `pages/`, one per lesson, the script lessons', the router's and the packager's) and the node
//!   package's crate: cargo decides which changed, keeps each in the target dir and builds two at
//!   once. Then wasm-bindgen and wasm-opt, for the modules whose input changed only, into
//!   `WWW/pkg/` and `target/pkg-node/`.
//! - `gates WWW`: the quality gates (no HTML parsed from strings in `WWW`, no WebAssembly crate in
//!   the native dependency tree).
//! - `checks`: clippy -D warnings (native, wasm32, the router's and the packager's builds, this
//!   xtask), cargo test and the wasm-bindgen tests under node; its last line sums them up.
//!
//! Standard library only: it compiles in a second on a fresh clone.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::time::Instant;

type Result<T = ()> = std::result::Result<T, String>;

/// The producers and target-features sections are metadata no browser reads (−0.2 KB gzip).
/// --one-caller-inline-max-function-size=0: binaryen leaves functions with one caller in place
/// rather than inlining them into it. Measured on this module: 136.6 KB gzip -9 against 156.3 KB
/// with the default (the raw module is 3 % larger, but small look-alike functions compress far
/// better than one-off giant ones); the Monte Carlo figure of ./build.sh bench is unchanged.
const WASM_OPT_FLAGS: &[&str] = &[
    "-Oz",
    "--converge",
    "--one-caller-inline-max-function-size=0",
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--strip-producers",
    "--strip-target-features",
];

/// A lesson's speed module (`WWW/pkg/speed/<id>.wasm`, built at the `wasm-speed` profile): what
/// the size flags above would undo is kept (LLVM's inlining at opt-level 3), the debug names go.
const SPEED_OPT_FLAGS: &[&str] = &[
    "-O3",
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--strip-debug",
    "--strip-producers",
    "--strip-target-features",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let done = match args[..] {
        ["pages", www] => pages(Path::new(www)),
        ["gates", www] => gates(Path::new(www)),
        ["checks"] => checks(),
        _ => Err("usage: cargo xtask pages WWW | gates WWW | checks".into()),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What a module of cargo's becomes.
enum Kind {
    /// The node package of every lesson (`target/pkg-node`, for the node tests and tools):
    /// wasm-bindgen's nodejs output, CommonJS in .js files; package.json says "type": "module"
    /// for the whole tree, so the folder's own package.json makes node read them as CommonJS.
    Node,
    /// A page module with bindings (`WWW/pkg/<id>.wasm`, the glue `WWW/pkg/tatbikat.js`).
    Page(String),
    /// A module without bindings (the router, the packager): wasm-opt alone, into this file.
    Plain(&'static str),
    /// A lesson's speed module (`WWW/pkg/speed/<id>.wasm`): its page module at opt-level 3, for
    /// the pool's workers (www/engine.js), with the same bindings and glue.
    Speed(String),
}

struct Module {
    /// Its folder in `target/pages/`.
    name: String,
    /// The package cargo builds it from.
    package: String,
    kind: Kind,
}

impl Module {
    /// The file cargo writes: the package's library, in the target's folder of the wasm profile.
    fn input(&self, target: &Path) -> PathBuf {
        let profile = match self.kind {
            Kind::Speed(_) => "wasm-speed",
            _ => "wasm",
        };
        target
            .join("wasm32-unknown-unknown")
            .join(profile)
            .join(format!("{}.wasm", self.package.replace('-', "_")))
    }
}

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

fn run(cmd: &mut Command) -> Result {
    let status = cmd.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{cmd:?} failed ({status})"))
}

fn stdout(cmd: &mut Command) -> Result<String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{cmd:?}: {e}"))
}

fn say(what: &str) {
    eprintln!("\x1b[1m==> {what}\x1b[0m");
}

fn pages(www: &Path) -> Result {
    let target = PathBuf::from(std::env::var_os("CARGO_TARGET_DIR").unwrap_or("target".into()));
    // The registry's lessons, in its order, as the CLI built before this lists them.
    let cli = std::env::var_os("TATBIKAT_CLI").unwrap_or("target/release/tatbikat".into());
    let listed = stdout(Command::new(&cli).arg("--lessons"))?;
    let mut ids: Vec<String> = listed
        .lines()
        .filter_map(|l| l.split(' ').next())
        .map(String::from)
        .collect();
    ids.push("script".into());
    let mut modules = vec![Module {
        name: "node".into(),
        package: "tatbikat".into(),
        kind: Kind::Node,
    }];
    for id in &ids {
        if !Path::new("pages").join(id).join("Cargo.toml").is_file() {
            return Err(format!(
                "the lesson {id} has no package pages/{id}/ for its page module \
                 (./build.sh new-lesson writes it from tools/page-package.toml)"
            ));
        }
        modules.push(Module {
            name: id.clone(),
            package: format!("page-{id}"),
            kind: Kind::Page(id.clone()),
        });
    }
    for (name, file) in [
        ("route", "route/home.wasm"),
        ("scorm", "scorm/package.wasm"),
    ] {
        modules.push(Module {
            name: name.into(),
            package: format!("page-{name}"),
            kind: Kind::Plain(file),
        });
    }

    // Each lesson's speed module (not the script lessons': the pool runs their scripts).
    let speed: Vec<Module> = ids
        .iter()
        .filter(|id| id.as_str() != "script")
        .map(|id| Module {
            name: format!("speed-{id}"),
            package: format!("page-{id}"),
            kind: Kind::Speed(id.clone()),
        })
        .collect();

    say("building the page's WebAssembly modules and the node package (cargo: what changed)");
    for (profile, list) in [("wasm", &modules), ("wasm-speed", &speed)] {
        let mut build = cargo();
        build.args(["build", "--profile", profile, "--locked"]);
        build.args(["--target", "wasm32-unknown-unknown", "--lib"]);
        for m in list {
            build.args(["-p", &m.package]);
        }
        run(&mut build)?;
    }
    modules.extend(speed);

    // What an output is made with besides its input: the tools' versions and flags.
    let tools = format!(
        "{} {} {} {}",
        stdout(Command::new("wasm-bindgen").arg("--version"))?.trim(),
        stdout(Command::new("wasm-opt").arg("--version"))?.trim(),
        WASM_OPT_FLAGS.join(" "),
        SPEED_OPT_FLAGS.join(" ")
    );
    // wasm-bindgen and wasm-opt for the modules whose input changed, one per core: wasm-opt is
    // npm's binaryen, compiled to WebAssembly and run by node on one core (measured: 12 CPU-s
    // for a lesson's module).
    let out = target.join("pages");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let queue = Mutex::new(modules.iter().collect::<Vec<_>>());
    let errors = Mutex::new(Vec::new());
    let lanes = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..lanes {
            s.spawn(|| {
                while let Some(m) = queue.lock().unwrap().pop() {
                    if let Err(e) = finish(m, &target, &out, &tools) {
                        errors.lock().unwrap().push(e);
                    }
                }
            });
        }
    });
    if let Some(e) = errors.into_inner().unwrap().into_iter().next() {
        return Err(e);
    }
    assemble(&modules, &out, www, &target)
}

/// Makes `target/pages/<name>/` of module `m` unless its stamp (a hash of cargo's output and the
/// tools) says it is made from this input already: cargo relinks a module at every change of
/// its crate, and wasm-opt, the slow step, is skipped when the bytes are the same.
fn finish(m: &Module, target: &Path, out: &Path, tools: &str) -> Result {
    let input = m.input(target);
    let bytes = std::fs::read(&input).map_err(|e| format!("{}: {e}", input.display()))?;
    let mut h = DefaultHasher::new();
    (tools, &bytes).hash(&mut h);
    let stamp = format!("{:016x}\n", h.finish());
    let (dir, stamp_file) = (out.join(&m.name), out.join(format!("{}.stamp", m.name)));
    if dir.is_dir() && std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp) {
        say(&format!("{}: unchanged", m.name));
        return Ok(());
    }
    say(&format!(
        "{}: changed, post-processing (wasm-bindgen or wasm-opt or both)",
        m.name
    ));
    let _ = std::fs::remove_file(&stamp_file);
    let tmp = out.join(format!(".new-{}", m.name));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let bindgen = |mode: &str| {
        let mut c = Command::new("wasm-bindgen");
        c.args([
            "--target",
            mode,
            "--out-name",
            "tatbikat",
            "--no-typescript",
        ]);
        c.arg("--out-dir").arg(&tmp).arg(&input);
        run(&mut c)
    };
    let opt = |flags: &[&str], from: &Path, to: &Path| {
        run(Command::new("wasm-opt")
            .args(flags)
            .arg(from)
            .arg("-o")
            .arg(to))
    };
    let write = |p: PathBuf, text: &str| {
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))
    };
    match &m.kind {
        Kind::Node => {
            bindgen("nodejs")?;
            write(tmp.join("package.json"), "{ \"type\": \"commonjs\" }\n")?;
        }
        Kind::Page(id) | Kind::Speed(id) => {
            bindgen("web")?;
            let glued = tmp.join("tatbikat_bg.wasm");
            let flags = match m.kind {
                Kind::Speed(_) => SPEED_OPT_FLAGS,
                _ => WASM_OPT_FLAGS,
            };
            opt(flags, &glued, &tmp.join(format!("{id}.wasm")))?;
            std::fs::remove_file(&glued).map_err(|e| e.to_string())?;
        }
        Kind::Plain(file) => {
            let name = Path::new(file).file_name().unwrap();
            opt(WASM_OPT_FLAGS, &input, &tmp.join(name))?;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::rename(&tmp, &dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write(stamp_file, &stamp)
}

/// The page's `WWW/pkg/` and the node package, all of this build: emptied, then filled.
fn assemble(modules: &[Module], out: &Path, www: &Path, target: &Path) -> Result {
    let pkg = www.join("pkg");
    let _ = std::fs::remove_dir_all(&pkg);
    let copy = |from: &Path, to: &Path| -> Result {
        std::fs::create_dir_all(to.parent().unwrap()).map_err(|e| e.to_string())?;
        std::fs::copy(from, to)
            .map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))?;
        Ok(())
    };
    let mut sizes = Vec::new();
    let mut first: Option<&str> = None;
    for m in modules {
        let dir = out.join(&m.name);
        match &m.kind {
            Kind::Node => {
                let node = target.join("pkg-node");
                let _ = std::fs::remove_dir_all(&node);
                for entry in std::fs::read_dir(&dir).map_err(|e| e.to_string())? {
                    let entry = entry.map_err(|e| e.to_string())?;
                    copy(&entry.path(), &node.join(entry.file_name()))?;
                }
            }
            // The modules share one JavaScript glue: their bindings are the same (a speed module
            // comes after the page modules: `modules` lists them first).
            Kind::Page(id) | Kind::Speed(id) => {
                let glue = dir.join("tatbikat.js");
                match first {
                    None => copy(&glue, &pkg.join("tatbikat.js"))?,
                    Some(f)
                        if std::fs::read(&glue).ok()
                            != std::fs::read(pkg.join("tatbikat.js")).ok() =>
                    {
                        return Err(format!(
                            "the modules of {f} and {} need different JavaScript glue (www/pkg/tatbikat.js)",
                            m.name
                        ));
                    }
                    Some(_) => {}
                }
                first.get_or_insert(id);
                let name = match m.kind {
                    Kind::Speed(_) => format!("speed/{id}"),
                    _ => id.clone(),
                };
                let to = pkg.join(format!("{name}.wasm"));
                copy(&dir.join(format!("{id}.wasm")), &to)?;
                sizes.push(format!("{name} {} B", gzipped(&to)?));
            }
            Kind::Plain(file) => {
                let to = pkg.join(file);
                copy(&dir.join(Path::new(file).file_name().unwrap()), &to)?;
                sizes.push(format!("{} {} B", m.name, gzipped(&to)?));
            }
        }
    }
    say(&format!(
        "{} (gzip -9): {}",
        pkg.display(),
        sizes.join(", ")
    ));
    Ok(())
}

fn gzipped(file: &Path) -> Result<usize> {
    let out = Command::new("gzip").arg("-9c").arg(file).output();
    out.map(|o| o.stdout.len())
        .map_err(|e| format!("gzip: {e}"))
}

/// The page builds its DOM with DOM methods and textContent only: nothing that parses HTML or
/// code from strings (the generated www/pkg, www/vendor, www/min and www/disk are not ours); and
/// the native core and CLI depend on no WebAssembly crate (they live under cfg(wasm32) only).
fn gates(www: &Path) -> Result {
    const CALLS: &[&str] = &[
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "createContextualFragment",
        "new Function",
    ];
    let mut found = Vec::new();
    let mut dirs = vec![www.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            let name = path.file_name().unwrap().to_string_lossy();
            if path.is_dir() {
                if !["pkg", "vendor", "min", "disk"].contains(&name.as_ref()) {
                    dirs.push(path);
                }
                continue;
            }
            if !name.ends_with(".js") && !name.ends_with(".html") {
                continue;
            }
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            for (n, line) in text.lines().enumerate() {
                // eval( after anything but a letter or a dot (a call of its own, not x.eval().
                let eval = line.match_indices("eval(").any(|(at, _)| {
                    line[..at]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c != '.' && !c.is_ascii_alphabetic())
                });
                if eval || CALLS.iter().any(|c| line.contains(c)) {
                    found.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
        }
    }
    if !found.is_empty() {
        return Err(format!(
            "www/ parses HTML or code from strings:\n{}",
            found.join("\n")
        ));
    }
    let tree = stdout(cargo().args([
        "tree", "--locked", "-p", "tatbikat", "-e", "normal", "--prefix", "none",
    ]))?;
    let wasm: Vec<&str> = tree
        .lines()
        .filter(|l| {
            [
                "wasm-bindgen",
                "js-sys",
                "web-sys",
                "getrandom",
                "serde-wasm-bindgen",
            ]
            .iter()
            .any(|c| l.strip_prefix(c).is_some_and(|r| r.starts_with([' ', '-'])))
        })
        .collect();
    if !wasm.is_empty() {
        return Err(format!(
            "the native dependency tree has WebAssembly crates:\n{}",
            wasm.join("\n")
        ));
    }
    let mut names: Vec<&str> = tree
        .lines()
        .map(|l| l.split(" (").next().unwrap_or(l))
        .filter(|l| !l.starts_with("tatbikat"))
        .collect();
    names.sort();
    names.dedup();
    println!(
        "ok: no innerHTML/eval-like calls in www/; native tree: {}",
        names.join(" ")
    );
    Ok(())
}

/// Clippy, cargo test and the wasm-bindgen tests (build.sh runs them beside the builds and the
/// suites, in a cargo target dir of their own); the last line: their times and the tests passed.
fn checks() -> Result {
    let start = Instant::now();
    let wasm = ["--target", "wasm32-unknown-unknown", "--lib"];
    let builds: [&[&str]; 5] = [
        &["--all-targets"],
        &[&wasm[..], &["--test", "wasm"]].concat(),
        &[&wasm[..], &["--features", "route"]].concat(),
        &[&wasm[..], &["--features", "scorm"]].concat(),
        &["-p", "xtask"],
    ];
    for args in builds {
        run(cargo()
            .args(["clippy", "--locked"])
            .args(args)
            .args(["--", "-D", "warnings"]))?;
    }
    let clippy = start.elapsed().as_secs();
    let mut passed = Vec::new();
    tests(cargo().args(["test", "--locked"]), &mut passed)?;
    let test = start.elapsed().as_secs() - clippy;
    println!("wasm-bindgen-test under node");
    let mut wasm_tests = cargo();
    wasm_tests.env(
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
        "wasm-bindgen-test-runner",
    );
    tests(
        wasm_tests.args([
            "test",
            "--locked",
            "--target",
            "wasm32-unknown-unknown",
            "--test",
            "wasm",
        ]),
        &mut passed,
    )?;
    println!(
        "rust checks: clippy {clippy} s, cargo test {test} s, wasm-bindgen-test {} s; {} tests passed ({} test binaries and doctests)",
        start.elapsed().as_secs() - clippy - test,
        passed.iter().sum::<u64>(),
        passed.len()
    );
    Ok(())
}

/// Runs a `cargo test`, printing its output and keeping the count of each `test result: ok.`.
fn tests(cmd: &mut Command, passed: &mut Vec<u64>) -> Result {
    let mut child = cmd
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    let lines = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
    for line in lines.map_while(std::result::Result::ok) {
        println!("{line}");
        if let Some(n) = line
            .strip_prefix("test result: ok. ")
            .and_then(|r| r.split(' ').next())
        {
            passed.push(n.parse().unwrap_or(0));
        }
    }
    let status = child.wait().map_err(|e| format!("{cmd:?}: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{cmd:?} failed ({status})"))
}
