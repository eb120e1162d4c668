//! The bindings as the page calls them, run in WebAssembly under node (wasm-bindgen-test):
//! the lessons' text byte for byte, reports as objects, errors as errors, seeds the generators
//! accept. `./build.sh test` runs it; tests/node/ compares the bindings with the native CLI.
#![cfg(target_arch = "wasm32")]

use js_sys::Reflect;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use tatbikat::wasm;

const GOLDEN: &[(&str, &str)] = &[
    ("lesson=supervisor", include_str!("golden/supervisor.txt")),
    ("lesson=jobs", include_str!("golden/jobs.txt")),
    (
        "lesson=compensation",
        include_str!("golden/compensation.txt"),
    ),
    (
        "lesson=supervisor&section=measure",
        include_str!("golden/supervisor-measure.txt"),
    ),
    (
        "lesson=supervisor&section=daily",
        include_str!("golden/supervisor-daily.txt"),
    ),
    (
        "lesson=compensation&section=measure",
        include_str!("golden/compensation-measure.txt"),
    ),
    (
        "?lesson=compensation&section=daily&v=1&lang=en",
        include_str!("golden/compensation-daily.txt"),
    ),
];

fn get(v: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(v.clone(), |acc, k| {
        Reflect::get(&acc, &JsValue::from_str(k)).unwrap()
    })
}

#[wasm_bindgen_test]
fn lesson_text_is_the_lessons_output() {
    for (query, want) in GOLDEN {
        assert_eq!(wasm::lesson_text(query).unwrap(), *want, "{query}");
    }
}

#[wasm_bindgen_test]
fn run_returns_the_report_with_its_parameters() {
    let doc = wasm::run("lesson=compensation&seed=7&runs=2000", None).unwrap();
    assert_eq!(
        get(&doc, &["lesson"]).as_string().as_deref(),
        Some("compensation")
    );
    assert_eq!(
        get(&doc, &["params", "seed"]).as_string().as_deref(),
        Some("7")
    );
    assert_eq!(
        get(&doc, &["query"]).as_string().as_deref(),
        Some("lesson=compensation&seed=7&runs=2000")
    );
    let sections = js_sys::Array::from(&get(&doc, &["sections"]));
    assert_eq!(sections.length(), 2);
    // Numbers stay numbers.
    let first_cell = get(
        &doc,
        &[
            "sections", "0", "groups", "1", "blocks", "0", "rows", "0", "1", "value",
        ],
    );
    assert_eq!(first_cell.as_f64(), Some(3.0));
}

#[wasm_bindgen_test]
fn bad_input_throws_an_error_naming_the_parameter() {
    for (query, param) in [
        ("lesson=jobs&seed=0", "seed"),
        ("lesson=jobs&fail_prob=NaN", "fail_prob"),
        ("lesson=supervisor&hung=S13@indirim", "hung"),
        ("lesson=nope", "lesson"),
        ("lesson=jobs&nigths=3", "nigths"),
    ] {
        let err = wasm::run(query, None).unwrap_err();
        assert!(err.is_instance_of::<js_sys::Error>(), "{query}");
        assert_eq!(
            get(&err, &["param"]).as_string().as_deref(),
            Some(param),
            "{query}"
        );
        let message = get(&err, &["message"]).as_string().unwrap();
        assert!(message.contains(param), "{query}: {message}");
        assert!(wasm::lesson_text(query).is_err());
    }
}

#[wasm_bindgen_test]
fn random_seeds_start_the_lessons_generators() {
    for lesson in ["jobs", "compensation"] {
        for _ in 0..20 {
            let seed = wasm::random_seed(lesson).unwrap();
            assert!(seed.fract() == 0.0 && seed >= 0.0);
            let query = format!("lesson={lesson}&seed={seed}&runs=1000");
            let query = if lesson == "jobs" {
                query.replace("&runs=1000", "")
            } else {
                query
            };
            assert!(wasm::run(&query, None).is_ok(), "{query}");
        }
    }
    // The supervisor's seed is the random faults' generator seed (minstd).
    let seed = wasm::random_seed("supervisor").unwrap();
    assert!(seed.fract() == 0.0 && (1.0..=2_147_483_646.0).contains(&seed));
}

#[wasm_bindgen_test]
fn resolve_never_throws_and_names_each_problem() {
    let r = wasm::resolve("lesson=jobs&seed=abc&fail_prob=2&bogus=1").unwrap();
    let errors = js_sys::Array::from(&get(&r, &["errors"]));
    let params: Vec<String> = errors
        .iter()
        .map(|e| get(&e, &["param"]).as_string().unwrap())
        .collect();
    assert_eq!(params, ["seed", "fail_prob", "bogus"]);
    assert_eq!(
        get(&r, &["params", "seed"]).as_string().as_deref(),
        Some("20260813")
    );
    assert_eq!(
        get(&r, &["share"]).as_string().as_deref(),
        Some("lesson=jobs&seed=abc&fail_prob=2&v=1")
    );
}

#[wasm_bindgen_test]
fn progress_is_reported_for_long_runs() {
    let seen = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let counter = seen.clone();
    let f = wasm_bindgen::closure::Closure::<dyn FnMut(f64)>::new(move |share: f64| {
        assert!((0.0..=1.0).contains(&share));
        counter.set(counter.get() + 1);
    });
    let func: &js_sys::Function = f.as_ref().unchecked_ref();
    wasm::run(
        "lesson=compensation&section=measure&runs=3000000",
        Some(func.clone()),
    )
    .unwrap();
    assert!(
        seen.get() >= 3,
        "progress was reported {} times",
        seen.get()
    );
}
