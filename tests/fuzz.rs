//! Fuzzing in CI-sized form (issue 5): hostile share links through the query decoder, the
//! lenient resolver, the strict `run(query)` path, sweeps and traces. Nothing may panic, and no
//! accepted request may ask for unbounded work: every one is within its lesson's budget (the
//! cheap ones are run), every refusal names what to lower.
//!
//! `PROPTEST_CASES=20000 cargo test --test fuzz` runs a long campaign; the default
//! (256 cases per property, 5 properties) runs in `./build.sh test`.

use crate::common;
use common::lesson;
use proptest::prelude::*;
use tatbikat::lessons;
use tatbikat::query::{self, Query};
use tatbikat::{ErrorCode, ParamSet, sweep};

/// The budgets the lessons enforce (the largest one, the compensation Monte Carlo's draws).
const BUDGET: f64 = 2e10;
/// Requests at most this heavy are run in the test; heavier ones are only checked against the
/// budget (running them would make the test slow, not wrong).
const RUN_BELOW: f64 = 2e6;

fn keys() -> Vec<&'static str> {
    let mut k: Vec<&'static str> = tatbikat::lessons::ALL
        .iter()
        .flat_map(|l| l.specs().iter().map(|s| s.name))
        .collect();
    k.extend(query::PAGE_KEYS.iter().copied());
    k.extend(["", "=", "%", "lesson%00", "<b>", "__proto__", "constructor"]);
    k
}

/// Values an attacker or a careless hand would put in a link.
fn hostile_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("<script>alert(1)</script>".to_string()),
        Just("\"><img src=x onerror=alert(1)>".to_string()),
        Just("javascript:alert(1)".to_string()),
        Just("1e308".to_string()),
        Just("-1e308".to_string()),
        Just("99999999999999999999999999".to_string()),
        Just("NaN".to_string()),
        Just("Infinity".to_string()),
        Just("-0".to_string()),
        Just("0x10".to_string()),
        Just(" 12 ".to_string()),
        Just("١٢".to_string()),
        Just("%ff%fe".to_string()),
        Just("%c3%28".to_string()),
        Just("%00".to_string()),
        Just("%".to_string()),
        Just("5-1".to_string()),
        Just("1..1000000:99999".to_string()),
        Just("S1@tarife,S1@tarife".to_string()),
        Just("a(b),b(a)".to_string()),
        Just("scan:0".to_string()),
        Just("run:hung,step:9".to_string()),
        Just("recovery.supervisor_on@".to_string()),
        (1usize..5000).prop_map(|n| vec!["1"; n].join(",")),
        (1usize..3000).prop_map(|n| "(".repeat(n)),
        (1usize..100_000).prop_map(|n| "9".repeat(n % 400 + 1)),
        "[0-9]{1,12}",
        "[0-9]{0,3}\\.[0-9]{0,6}",
        "[a-zçğıöşüA-Z0-9@,:;()/.=&%+ -]{0,40}",
        any::<String>(),
    ]
}

fn encode(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            // Half of the values go raw (broken escapes included), half percent-encoded.
            if v.len() % 2 == 0 {
                format!("{}={}", query::percent_encode(k), v)
            } else {
                format!("{}={}", query::percent_encode(k), query::percent_encode(v))
            }
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn hostile_query() -> impl Strategy<Value = String> {
    let keys = keys();
    let pair = (prop::sample::select(keys), hostile_value()).prop_map(|(k, v)| (k.to_string(), v));
    (
        prop::sample::select(vec!["supervisor", "jobs", "compensation", "nope", ""]),
        prop::collection::vec(pair, 0..12),
        0usize..3000,
    )
        .prop_map(|(lesson, mut pairs, junk)| {
            pairs.insert(0, ("lesson".to_string(), lesson.to_string()));
            // Thousands of keys, now and then.
            if junk > 2500 {
                pairs.extend((0..junk).map(|i| (format!("k{i}"), "1".to_string())));
            }
            encode(&pairs)
        })
}

/// A request the core accepted must be within budget; cheap ones are run to the end.
fn bounded_and_run(params: &ParamSet) -> Result<(), TestCaseError> {
    match lessons::work(params) {
        Ok(work) => {
            prop_assert!(work <= BUDGET, "accepted work {work} over the budget");
            if work <= RUN_BELOW {
                if let Err(e) = lessons::run(params, None) {
                    prop_assert!(false, "accepted parameters failed to run: {e}");
                }
            }
        }
        Err(e) => {
            prop_assert!(!e.allowed.is_empty(), "a refusal says what is allowed");
            if e.code == ErrorCode::TooMuchWork {
                prop_assert!(
                    e.allowed.contains("lower"),
                    "says what to lower: {}",
                    e.allowed
                );
            }
        }
    }
    Ok(())
}

proptest! {
    // 256 cases by default; PROPTEST_CASES sets more (the default config reads it).
    #![proptest_config(ProptestConfig::default())]

    /// Arbitrary text never panics the decoder or the resolver, and the resolved link is stable.
    #[test]
    fn any_text_is_decoded_or_named(text in any::<String>()) {
        let _ = Query::decode(&text);
        let r = query::resolve(&text);
        prop_assert!(r.errors.iter().all(|e| !e.message().is_empty()));
        let again = query::resolve(&r.share_query());
        prop_assert_eq!(again.share_query(), r.share_query());
        prop_assert!(lessons::validate(&r.params).is_ok());
    }

    /// Hostile links resolve to valid, bounded parameters (run when cheap), naming every problem.
    #[test]
    fn hostile_links_resolve_to_bounded_runs(q in hostile_query()) {
        let r = query::resolve(&q);
        prop_assert!(lessons::validate(&r.params).is_ok(), "resolved parameters are valid");
        for e in &r.errors {
            prop_assert!(!e.message().is_empty());
        }
        bounded_and_run(&r.params)?;
        // The page computes with the resolved query: it decodes strictly.
        let strict = Query::decode(&r.query());
        prop_assert!(strict.is_ok(), "the resolved query decodes: {:?}", strict.err());
    }

    /// The strict path (the CLI's and `run(query)`'s) refuses or runs, never panics.
    #[test]
    fn strict_run_path_refuses_or_runs(q in hostile_query()) {
        if let Ok(params) = Query::decode(&q).and_then(|q| q.params()) {
            bounded_and_run(&params)?;
        }
    }

    /// Hostile sweeps are parsed or named; accepted ones stay within the sweep budget.
    #[test]
    fn hostile_sweeps_are_bounded(
        lesson in prop::sample::select(tatbikat::lessons::ALL.to_vec()),
        x in hostile_value(),
        y in prop::option::of(hostile_value()),
        metric in prop::option::of(hostile_value()),
        name in prop::sample::select(vec!["scan", "lease", "jobs", "nights", "fail_prob", "runs", "comp_fail", "seed", "steps"]),
    ) {
        let axis = format!("{name}:{x}");
        match sweep::parse(lesson, &axis, y.as_deref(), metric.as_deref()) {
            Ok(spec) => {
                let points = spec.x.texts.len() * spec.y.as_ref().map_or(1, |y| y.texts.len());
                prop_assert!(spec.x.texts.len() <= sweep::MAX_AXIS);
                // Run only small sweeps at cheap parameters; the budget check runs first anyway.
                if points <= 8 && !matches!(name, "runs" | "jobs" | "nights") {
                    let mut base = lesson.defaults();
                    if lesson.id() == "compensation" {
                        base.set("runs", "1000").unwrap();
                    }
                    let _ = sweep::run(&base, &spec, &mut |_| {});
                }
            }
            Err(e) => prop_assert!(!e.allowed.is_empty() && e.param.is_some()),
        }
    }

    /// Hostile trace selectors are recorded or named.
    #[test]
    fn hostile_trace_selectors_are_named(
        lesson in prop::sample::select(tatbikat::lessons::ALL.to_vec()),
        selector in hostile_value(),
    ) {
        let mut set = lesson.defaults();
        if lesson.id() == "compensation" {
            set.set("runs", "5000").unwrap();
        }
        if let Err(e) = lesson.trace(&set, &selector) {
            prop_assert_eq!(e.param.as_deref(), Some("trace"));
            prop_assert!(!e.allowed.is_empty());
        }
    }
}

/// Refusals of too much work say what to lower, for each lesson's heaviest corner.
#[test]
fn the_heaviest_requests_are_refused_with_what_to_lower() {
    for (lesson, sets, lower) in [
        (
            lesson("compensation"),
            vec![
                ("runs", "1000000000"),
                ("retries", "20,20,20,20,20,20,20,20"),
                ("replications", "100"),
            ],
            "lower runs",
        ),
        (
            lesson("jobs"),
            vec![
                ("nights", "10000"),
                ("retry_limits", "1000,1000,1000"),
                ("replications", "100"),
            ],
            "lower nights",
        ),
    ] {
        let e = lesson
            .params(sets.iter().copied())
            .and_then(|p| lessons::work(&p))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::TooMuchWork);
        assert!(e.allowed.contains(lower), "{}", e.allowed);
    }
    // The supervisor's corner is bounded by its parameter ranges: 1000 jobs x 10000 rounds x
    // 18 runs, a fraction of a second per million job-rounds.
    let p = lesson("supervisor")
        .params([
            ("jobs", "1000"),
            ("max_rounds", "10000"),
            ("scan_sweep", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"),
        ])
        .unwrap();
    assert!(lessons::work(&p).unwrap() <= 2e8);
    // A trace replays at most ten million runs.
    let set = lesson("compensation")
        .params([("runs", "1000000000")])
        .unwrap();
    let e = lesson("compensation")
        .trace(&set, "run:500000000")
        .unwrap_err();
    assert!(e.allowed.contains("pick an earlier run"), "{}", e.allowed);
}
