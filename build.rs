//! Which lessons a build holds. Every lesson is a folder of `src/lessons/`; each held lesson
//! gets a cfg of its own name (`--cfg jobs`), which the registry (`registry!` in src/lesson.rs)
//! puts on its module. This crate (the CLI, the tests, the node package) holds every lesson.
//!
//! The page's WebAssembly modules are packages of their own, `pages/<name>/` (package
//! `page-<name>`), which compile this crate's src/lib.rs with this script: `page-<id>` holds
//! lesson `<id>` alone, so the others are not compiled at all — not only left out by the
//! linker: a module builds the shared core and one lesson. `page-script` holds none: the page's
//! module of its script lessons (issue 34), the shared core that reads a lesson's script's text.
//! `page-route` and `page-scorm` hold every lesson (with their feature). Packages, not an
//! environment variable or features of one package, because cargo keeps the build of each
//! package apart in one target dir: an edit to one lesson's folder rebuilds that lesson's module
//! (and the builds of every lesson), and leaves every other lesson's module as it was.

use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let package = std::env::var("CARGO_PKG_NAME").expect("cargo sets CARGO_PKG_NAME");
    let page = package.strip_prefix("page-");
    let up = if page.is_some() { "../../" } else { "" };
    // Runs again when the registry changes (a lesson added or removed), not at every edit of a
    // lesson's folder: a run of this script rebuilds the crate of every module.
    println!("cargo::rerun-if-changed={up}src/lessons/mod.rs");
    let only = page.filter(|p| !matches!(*p, "route" | "scorm"));
    let mut ids: Vec<String> = std::fs::read_dir(Path::new(&manifest).join(up).join("src/lessons"))
        .expect("src/lessons is readable")
        .flatten()
        .filter(|e| e.path().join("mod.rs").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    for id in &ids {
        println!("cargo::rustc-check-cfg=cfg({id})");
        if only.is_none_or(|o| o == id) {
            println!("cargo::rustc-cfg={id}");
        }
    }
    // The lesson held alone, for src/lesson.rs's `is_held` (empty: every lesson). Set here in
    // every build, so that a variable of that name in the environment changes nothing.
    println!("cargo::rustc-env=TATBIKAT_LESSON={}", only.unwrap_or(""));
    // Every lesson held (the node package, the CLI, the tests): bindings only the tests and
    // tools use are compiled there and left out of the page's one-lesson modules (src/wasm.rs).
    println!("cargo::rustc-check-cfg=cfg(every_lesson)");
    if only.is_none() {
        println!("cargo::rustc-cfg=every_lesson");
    }
    // The script lessons' bindings (src/wasm.rs: loadScript, scriptNeeds, provideTexts): in the
    // script module and wherever every lesson is held, not in a lesson's own module, which they
    // would grow by a third.
    println!("cargo::rustc-check-cfg=cfg(script_lessons)");
    if only.is_none_or(|o| o == "script") {
        println!("cargo::rustc-cfg=script_lessons");
    }
    // A Rust lesson held (every module but the script lessons'): the search's bindings (src/wasm.rs,
    // find a run) are compiled in; the script lessons declare no search.
    println!("cargo::rustc-check-cfg=cfg(searches)");
    if only != Some("script") {
        println!("cargo::rustc-cfg=searches");
    }
    if let Some(only) = only.filter(|o| *o != "script") {
        assert!(
            ids.iter().any(|id| id == only),
            "the package page-{only} names no lesson folder of src/lessons/ (there are: {})",
            ids.join(", ")
        );
    }
}
