//! Which lessons a build holds. Every lesson is a folder of `src/lessons/`; each held lesson
//! gets a cfg of its own name (`--cfg jobs`), which the registry (`registry!` in src/lesson.rs)
//! puts on its module. `TATBIKAT_LESSON=<id>` (the page's module of one lesson, see build.sh)
//! holds that lesson alone, so the others are not compiled at all — not only left out by the
//! linker: a module builds the shared core and one lesson, and an edit to one lesson's folder
//! leaves every other lesson's module as it was. `TATBIKAT_LESSON=script` holds none: the page's
//! module of its script lessons (issue 34), the shared core that reads a lesson's script's text.

fn main() {
    println!("cargo::rerun-if-env-changed=TATBIKAT_LESSON");
    println!("cargo::rerun-if-changed=src/lessons");
    let only = std::env::var("TATBIKAT_LESSON")
        .ok()
        .filter(|id| !id.is_empty());
    let mut ids: Vec<String> = std::fs::read_dir("src/lessons")
        .expect("src/lessons is readable")
        .flatten()
        .filter(|e| e.path().join("mod.rs").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    for id in &ids {
        println!("cargo::rustc-check-cfg=cfg({id})");
        if only.as_deref().is_none_or(|o| o == id) {
            println!("cargo::rustc-cfg={id}");
        }
    }
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
    if only.as_deref().is_none_or(|o| o == "script") {
        println!("cargo::rustc-cfg=script_lessons");
    }
    if let Some(only) = only.filter(|o| o != "script") {
        assert!(
            ids.contains(&only),
            "TATBIKAT_LESSON={only} names no lesson folder of src/lessons/ (there are: {})",
            ids.join(", ")
        );
    }
}
