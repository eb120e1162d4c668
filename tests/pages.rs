//! The page's modules are packages of the workspace, `pages/<name>/` (Cargo.toml's [workspace],
//! build.rs): one per lesson of the registry, each exactly tools/page-package.toml for its id
//! (what `./build.sh new-lesson` writes), the script lessons' module, the router and the packager,
//! and nothing else, so that the registry's one line stays the only list of the lessons.

use std::path::Path;

#[test]
fn every_lesson_has_its_page_package_and_no_other_is_there() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let template = std::fs::read_to_string(root.join("tools/page-package.toml")).unwrap();
    for id in tatbikat::lessons::IDS {
        let path = root.join("pages").join(id).join("Cargo.toml");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{}: {e} (./build.sh new-lesson writes it)", path.display())
        });
        assert_eq!(
            text,
            template.replace("{id}", id),
            "{} is not tools/page-package.toml for {id}",
            path.display()
        );
    }
    let mut names: Vec<String> = std::fs::read_dir(root.join("pages"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut expected: Vec<String> = tatbikat::lessons::IDS
        .iter()
        .map(|s| s.to_string())
        .collect();
    expected.extend(["route", "script", "scorm"].map(String::from));
    expected.sort();
    assert_eq!(
        names, expected,
        "pages/ holds a package for each lesson and the three shared modules"
    );
}
