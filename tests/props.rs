//! Property tests: the parameter codec round-trips and never panics, and the models keep the
//! invariants the lessons rely on, for any parameters.

use crate::common;
use common::lesson;
use proptest::prelude::*;
use tatbikat::lessons::compensation::kinds::StepSpec;
use tatbikat::lessons::compensation::model as comp;
use tatbikat::lessons::jobs::model as jobs;
use tatbikat::lessons::jobs::params::{JobsParams, generator};
use tatbikat::lessons::leader::kinds::NodeAt;
use tatbikat::lessons::supervisor::kinds::Fault;
use tatbikat::lessons::supervisor::model as sup;
use tatbikat::params::{Kind, Value, parse_value};
use tatbikat::query::Query;
use tatbikat::rng::Lcg32;
use tatbikat::{Lesson, render, run};

/// A name of the codec's alphabet, Turkish letters included.
fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9çğışöüÇĞİŞÖÜ._-]{1,12}"
}

/// A valid value of `kind`.
fn value(kind: Kind) -> BoxedStrategy<Value> {
    match kind {
        Kind::Int { min, max } | Kind::Seed { min, max } => {
            (min..=max).prop_map(Value::Int).boxed()
        }
        Kind::Real { min, max, min_open } => (min..=max)
            .prop_filter("open bound", move |v| !min_open || *v > min)
            .prop_map(Value::Real)
            .boxed(),
        Kind::Prob => prop_oneof![Just(0.0), Just(1.0), 0.0..=1.0f64]
            .prop_map(Value::Real)
            .boxed(),
        Kind::IntList { min, max, max_len } => prop::collection::vec(min..=max, 1..=max_len)
            .prop_map(Value::IntList)
            .boxed(),
        Kind::ProbList { max_len } => prop::collection::vec(0.0..=1.0f64, 1..=max_len)
            .prop_map(Value::RealList)
            .boxed(),
        Kind::Range { min, max } => (min..=max, min..=max)
            .prop_map(|(a, b)| Value::Range(a.min(b), a.max(b)))
            .boxed(),
        Kind::Names { max_len } => prop::collection::hash_set(name(), 1..=max_len)
            .prop_map(|s| Value::Names(s.into_iter().collect()))
            .boxed(),
        Kind::Switch => (0i64..=1).prop_map(Value::Int).boxed(),
        Kind::Choice { options } => prop::sample::select(options.to_vec())
            .prop_map(Value::Choice)
            .boxed(),
        Kind::OptInt { min, max } => prop::option::of(min..=max).prop_map(Value::OptInt).boxed(),
        Kind::Custom(custom) => lesson_kind(custom.name(), &serde_json::to_value(kind).unwrap()),
    }
}

/// A valid value of a lesson's own kind, named by its schema `type`, bounded by its schema.
fn lesson_kind(kind: &str, schema: &serde_json::Value) -> BoxedStrategy<Value> {
    let bound = |key: &str| schema[key].as_i64().unwrap();
    match kind {
        "node_rounds" | "node_spans" => {
            let (max, span) = (bound("max"), kind == "node_spans");
            prop::collection::btree_map(
                1u32..=6,
                (0..=max, 1..=max),
                0..=bound("max_len").min(4) as usize,
            )
            .prop_map(move |m| {
                Value::custom(
                    m.into_iter()
                        .map(|(node, (round, rounds))| NodeAt {
                            node,
                            round,
                            rounds: span.then_some(rounds),
                        })
                        .collect::<Vec<_>>(),
                )
            })
            .boxed()
        }
        "triple" => prop::collection::vec(0..=bound("max"), 3)
            .prop_map(Value::IntList)
            .boxed(),
        "triples" => {
            let max = bound("max");
            prop::collection::vec([0..=max, 0..=max, 0..=max], 1..=bound("max_len") as usize)
                .prop_map(Value::custom)
                .boxed()
        }
        "faults" => {
            prop::collection::btree_map(1u32..500, name(), 0..=bound("max_len").min(20) as usize)
                .prop_map(|m| {
                    Value::custom(
                        m.into_iter()
                            .map(|(job, step)| Fault { job, step })
                            .collect::<Vec<_>>(),
                    )
                })
                .boxed()
        }
        "steps" => steps(bound("max_len") as usize)
            .prop_map(Value::custom)
            .boxed(),
        // claim_check's hours (a TTL of half an hour): halves print and read back exactly.
        "hour_list" => {
            prop::collection::vec(0..=2 * bound("max"), 1..=bound("max_len").min(4) as usize)
                .prop_map(|halves| {
                    Value::RealList(halves.into_iter().map(|h| h as f64 / 2.0).collect())
                })
                .boxed()
        }
        other => panic!("no values for the lesson kind {other}"),
    }
}

/// Acyclic steps: each step may depend only on steps declared before it (then shuffled).
fn steps(max_len: usize) -> impl Strategy<Value = Vec<StepSpec>> {
    (1..=max_len)
        .prop_flat_map(|n| {
            (
                prop::collection::hash_set(name(), n),
                prop::collection::vec(prop::option::of(name()), n),
                prop::collection::vec(prop::collection::vec(any::<bool>(), n), n),
                Just(()).prop_perturb(|_, mut rng| rng.random::<u64>()),
            )
        })
        .prop_map(|(names, comps, deps, shuffle)| {
            let names: Vec<String> = names.into_iter().collect();
            let mut out: Vec<StepSpec> = names
                .iter()
                .enumerate()
                .map(|(i, n)| StepSpec {
                    name: n.clone(),
                    compensation: comps[i].clone(),
                    after: (0..i)
                        .filter(|&j| deps[i][j])
                        .map(|j| names[j].clone())
                        .collect(),
                })
                .collect();
            let len = out.len();
            out.rotate_left((shuffle as usize) % len);
            out
        })
}

/// A lesson and a list of (parameter, valid value) assignments for it.
fn assignments() -> impl Strategy<Value = (Lesson, Vec<(String, Value)>)> {
    prop::sample::select(tatbikat::lessons::ALL.to_vec()).prop_flat_map(assignments_of)
}

/// `lesson` and a list of (parameter, valid value) assignments for it.
fn assignments_of(lesson: Lesson) -> impl Strategy<Value = (Lesson, Vec<(String, Value)>)> {
    let per_spec: Vec<BoxedStrategy<Option<(String, Value)>>> = lesson
        .specs()
        .iter()
        .map(|s| prop::option::of(value(s.kind).prop_map(move |v| (s.name.to_string(), v))).boxed())
        .collect();
    (
        Just(lesson),
        per_spec.prop_map(|v| v.into_iter().flatten().collect()),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Print then parse gives the same value, for every kind of every lesson.
    #[test]
    fn values_round_trip((lesson, pairs) in assignments()) {
        for (name, v) in pairs {
            let spec = lesson.specs().iter().find(|s| s.name == name).unwrap();
            let text = v.to_text();
            let back = parse_value(spec, &text);
            prop_assert_eq!(back.as_ref(), Ok(&v), "{}.{} = {:?}", lesson.id(), name, text);
        }
    }

    /// A whole parameter set survives the share-link query: encode, decode, same set.
    #[test]
    fn parameter_sets_round_trip_through_the_query((lesson, pairs) in assignments()) {
        let mut set = lesson.defaults();
        for (name, v) in &pairs {
            set.set(name, &v.to_text()).unwrap();
        }
        let q = tatbikat::query::encode(&set, None);
        let back = Query::decode(&q).and_then(|q| q.params());
        prop_assert_eq!(back, Ok(set), "{}", q);
    }

    /// No string makes the codec panic; it either parses or says why not.
    #[test]
    fn the_codec_never_panics(text in any::<String>(), structured in "[0-9a-zS@,:()/.+eE -]{0,24}") {
        for lesson in tatbikat::lessons::ALL {
            for spec in lesson.specs() {
                for t in [&text, &structured] {
                    if let Err(e) = parse_value(spec, t) {
                        prop_assert_eq!(e.param.as_deref(), Some(spec.name));
                        prop_assert_eq!(e.value.as_deref(), Some(t.as_str()));
                    }
                }
            }
        }
    }

    /// No query string makes the decoder panic.
    #[test]
    fn the_query_decoder_never_panics(q in any::<String>(), structured in "[a-z_=&%0-9A-F+]{0,40}") {
        for s in [q, format!("lesson=jobs&{structured}")] {
            if let Ok(q) = Query::decode(&s) {
                let _ = q.params();
            }
        }
    }

    /// Any link resolves: the parameters are valid, and opening the share link gives the same
    /// parameters and the same problems (what the sender saw).
    #[test]
    fn any_link_resolves_and_its_share_link_reproduces_it(
        raw in any::<String>(),
        structured in prop::collection::vec(("(lesson|jobs|seed|hung|scan|steps|runs|nights|lang|v|fail_prob|retries)", "[0-9a-zS@,:()/.%-]{0,12}"), 0..6),
    ) {
        let built = structured.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        for q in [raw, built] {
            let r = tatbikat::query::resolve(&q);
            prop_assert!(tatbikat::lessons::validate(&r.params).is_ok(), "{}", q);
            let again = tatbikat::query::resolve(&r.share_query());
            prop_assert_eq!(&again.params, &r.params, "{} -> {}", q, r.share_query());
            let rejected = |r: &tatbikat::query::Resolved| r.errors.iter().filter(|e| e.code != tatbikat::ErrorCode::RepeatedParam).filter(|e| e.param.as_deref().is_some_and(|p| r.lesson.specs().iter().any(|s| s.name == p))).count();
            prop_assert_eq!(rejected(&again), rejected(&r));
        }
    }

    /// Every job ends completed, compensated or half-done, and they add up to the job count.
    #[test]
    fn supervisor_jobs_add_up(
        jobs in 1usize..30,
        steps in 1usize..6,
        faults in prop::collection::vec((prop::option::of(0usize..6), prop::option::of(0usize..6)), 30),
        supervisor in any::<bool>(),
        scan in 1u32..10, lease in 1u32..10, retry_limit in 1u32..6, max_rounds in 1u32..120,
    ) {
        let scenario = sup::Scenario {
            steps,
            hung: faults[..jobs].iter().map(|f| f.0.filter(|&s| s < steps)).collect(),
            permanent: faults[..jobs].iter().map(|f| f.1.filter(|&s| s < steps)).collect(),
        };
        let o = sup::run(&scenario, &sup::Config { supervisor, scan, lease, retry_limit, max_rounds });
        prop_assert_eq!(o.completed + o.compensated_jobs + o.half_done, jobs as u64);
        prop_assert!(o.wasted <= o.redriven);
        prop_assert!(o.compensated_steps <= o.compensated_jobs * steps as u64);
        if !supervisor {
            prop_assert_eq!(o.redriven + o.records_read + o.compensated_jobs, 0);
        }
        if scenario.hung.iter().chain(&scenario.permanent).all(Option::is_none) {
            prop_assert_eq!(o.redriven, 0);
            prop_assert_eq!(o.completed, if max_rounds as usize > steps { jobs as u64 } else { 0 });
        }
    }

    /// A higher retry limit never completes fewer nights; attempts and leftovers add up.
    #[test]
    fn higher_retry_limit_never_completes_fewer_nights(
        seed in 1u64..2_147_483_647, fail_prob in 0.0..=1.0f64, nights in 1usize..200,
        mut limits in prop::collection::vec(1u32..12, 1..6),
    ) {
        limits.sort_unstable();
        let set = lesson("jobs").defaults();
        let p = JobsParams { seed, fail_prob, nights, retry_limits: limits, ..JobsParams::from_set(&set).unwrap() };
        let rows = jobs::retry_table(&p, &generator(seed).unwrap());
        for w in rows.windows(2) {
            prop_assert!(w[1].completed >= w[0].completed, "{:?}", rows);
        }
        for r in &rows {
            prop_assert_eq!(r.completed + r.failed, nights as u64);
            prop_assert_eq!(r.attempts, r.completed + r.wasted);
            prop_assert!(r.attempts <= nights as u64 * u64::from(r.limit));
        }
    }

    /// Every policy accounts for every night; queue and parallel run them all.
    #[test]
    fn policies_account_for_every_night(
        durations in prop::collection::vec(0i64..100, 1..80), interval in 1i64..48,
    ) {
        for pol in jobs::Policy::ALL {
            let r = jobs::policy(pol, &durations, interval);
            prop_assert_eq!(r.started + r.skipped, durations.len() as u64);
            prop_assert!(r.max_concurrent >= u64::from(durations[0] > 0));
            if pol != jobs::Policy::Skip {
                prop_assert_eq!(r.pod_hours, durations.iter().sum::<i64>());
            }
            if pol != jobs::Policy::Queue {
                prop_assert_eq!(r.total_delay, 0);
            }
        }
    }

    /// Zero compensation failure leaves no hung job; every failure hangs every job that had
    /// a compensable step to undo.
    #[test]
    fn compensation_failure_bounds(
        compensable in prop::collection::vec(any::<bool>(), 1..8),
        attempts in 1u32..5, runs in 1u64..2000, seed in any::<u32>(),
    ) {
        let none = comp::monte_carlo(&compensable, attempts, 0.0, runs, Lcg32::new(seed));
        prop_assert_eq!(none.hung_jobs, 0);
        let all = comp::monte_carlo(&compensable, attempts, 1.0, runs, Lcg32::new(seed));
        let n = compensable.len() as u64;
        let exposed = (0..runs).filter(|i| compensable[..(i % n) as usize].contains(&true)).count() as u64;
        prop_assert_eq!(all.hung_jobs, exposed);
        prop_assert_eq!(all.calls, none.calls * u64::from(attempts));
    }
}

/// Random valid parameters run end to end without a panic, and the text is the JSON's text:
/// 400 cases in all, as many per lesson, each lesson's on a thread of its own (the longest
/// property of the suite: 43 s on one core, run one case after another, before).
#[test]
fn any_valid_parameters_run() {
    let lessons = tatbikat::lessons::ALL;
    let cases = 400_u32.div_ceil(lessons.len() as u32);
    let threads: Vec<_> = lessons
        .iter()
        .map(|&lesson| {
            std::thread::spawn(move || {
                let config = ProptestConfig {
                    source_file: Some(file!()),
                    ..ProptestConfig::with_cases(cases)
                };
                let mut runner = proptest::test_runner::TestRunner::new(config);
                runner
                    .run(&assignments_of(lesson), |(lesson, pairs)| {
                        runs_end_to_end(lesson, &pairs)
                    })
                    .map_err(|e| format!("{}: {e}", lesson.id()))
            })
        })
        .collect();
    let failed: Vec<String> = threads
        .into_iter()
        .filter_map(|t| t.join().expect("a lesson's thread panicked").err())
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// One case of [`any_valid_parameters_run`].
fn runs_end_to_end(lesson: Lesson, pairs: &[(String, Value)]) -> Result<(), TestCaseError> {
    let mut set = lesson.defaults();
    for (name, v) in pairs {
        let small = match (lesson.id(), name.as_str(), v) {
            // Keep the runs small enough for a property test.
            ("compensation", "runs", Value::Int(n)) => Value::Int(n % 5000 + 1),
            ("supervisor", "max_rounds" | "jobs", Value::Int(n)) => Value::Int(n % 200 + 1),
            ("jobs", "nights", Value::Int(n)) => Value::Int(n % 500 + 1),
            (_, "replications", Value::Int(n)) => Value::Int(n % 3 + 1),
            ("leader", "rounds", Value::Int(n)) => Value::Int(n % 2000 + 1),
            ("quotas", "rounds", Value::Int(n)) => Value::Int(n % 200 + 1),
            ("quotas", "night_slices", Value::Int(n)) => Value::Int(n % 100),
            ("claim_check", "events", Value::Int(n)) => Value::Int(n % 20000 + 1),
            ("claim_check", "consumers", Value::Int(n)) => Value::Int(n % 10 + 1),
            _ => v.clone(),
        };
        set.set(name, &small.to_text()).unwrap();
    }
    match run(&set, None) {
        Ok(report) => {
            let text = render::lesson_text(&report);
            prop_assert!(text.ends_with('\n'));
            let json = render::json(&report, &set, None);
            prop_assert!(serde_json::from_str::<serde_json::Value>(&json).is_ok());
        }
        // Faults naming jobs or steps that these parameters do not have, or too much work.
        Err(e) => prop_assert!(e.param.is_some(), "{}", e),
    }
    Ok(())
}
