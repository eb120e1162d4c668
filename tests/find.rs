//! Find a run as the faces ask it (issue 36, `src/find.rs`): a condition on a metric finds what
//! the property saying the same finds; `--scope` narrows an axis and refuses what it does not
//! have; the split into parts joins to the serial answer; the witness's link reproduces it; the
//! page's budget refuses a search too large, naming the CLI; the CLI's refusals name the option.

use crate::common;
use common::lesson;

use tatbikat::ParamSet;
use tatbikat::find;

fn leader(sets: &[&str]) -> ParamSet {
    lesson("leader")
        .params(sets.iter().map(|a| a.split_once('=').unwrap()))
        .unwrap()
}

/// A small leader: 2 nodes, 6 rounds, a lease of 2 (13 crashes × 49 pauses).
const SMALL: &[&str] = &[
    "nodes=2",
    "rounds=6",
    "lease=2",
    "renew=1",
    "lease_sweep=2",
    "misset_leases=2",
    "fencing=0",
];

#[test]
fn a_condition_on_the_tables_finds_what_the_property_saying_the_same_finds() {
    let set = leader(SMALL);
    let by_property = find::plan(&set, "round-twice", &[])
        .unwrap()
        .run(2, &mut |_| {})
        .unwrap();
    let by_condition = find::plan(&set, "fencing.unfenced@double_run_rounds > 0", &[])
        .unwrap()
        .run(2, &mut |_| {})
        .unwrap();
    assert!(by_property.met > 0);
    assert_eq!(by_condition.met, by_property.met);
    assert_eq!(by_condition.witness, by_property.witness);
    assert_eq!(
        by_condition.condition.as_deref(),
        Some("fencing.unfenced@double_run_rounds > 0")
    );
    // Its complement: every other run.
    let none = find::plan(&set, "fencing.unfenced@double_run_rounds <= 0", &[])
        .unwrap()
        .run(1, &mut |_| {})
        .unwrap();
    assert_eq!(none.met + by_property.met, by_property.tried);
    // The same on narrowed scopes, whose points the lesson's check reads by their places in the
    // whole scope (the condition reads the values' texts).
    for narrowed in [
        "crash=none",
        "pause=N2@3+1,N1@4+2,N2@1+3,none;crash=N2@2,N1@5,none",
    ] {
        let narrowed = [narrowed.to_string()];
        let by_property = find::plan(&set, "round-twice", &narrowed)
            .unwrap()
            .run(2, &mut |_| {})
            .unwrap();
        let by_condition = find::plan(&set, "fencing.unfenced@double_run_rounds > 0", &narrowed)
            .unwrap()
            .run(1, &mut |_| {})
            .unwrap();
        assert!(by_property.tried < 13 * 49, "{narrowed:?}");
        assert_eq!(
            (by_condition.met, &by_condition.witness),
            (by_property.met, &by_property.witness),
            "{narrowed:?}"
        );
    }
}

#[test]
fn parts_in_any_split_join_to_the_serial_answer_and_the_witness_link_reproduces_it() {
    let set = lesson("leader").defaults();
    let plan = find::plan(&set, "", &[]).unwrap();
    let serial = plan.run(1, &mut |_| {}).unwrap();
    for n in [2u64, 3, 7] {
        let blocks = plan.blocks();
        let mut parts: Vec<_> = (0..n)
            .map(|i| {
                plan.part(blocks * i / n, blocks * (i + 1) / n, &mut |_| {})
                    .unwrap()
            })
            .collect();
        parts.reverse();
        assert_eq!(plan.join(&parts).unwrap(), serial, "{n} parts");
    }
    // The witness's link: its values, and the search from them finds the same witness.
    let link = serial
        .link
        .clone()
        .expect("a round runs twice without fencing");
    let q = tatbikat::query::Query::decode(&link).unwrap();
    let again = find::plan(&q.params().unwrap(), "", &[])
        .unwrap()
        .run(2, &mut |_| {})
        .unwrap();
    assert_eq!(again.witness, serial.witness);
    assert_eq!(again.met, serial.met);
}

#[test]
fn scope_narrows_an_axis_and_refuses_one_it_does_not_have() {
    let set = leader(SMALL);
    let whole = find::plan(&set, "", &[])
        .unwrap()
        .run(1, &mut |_| {})
        .unwrap();
    let narrowed = find::plan(
        &set,
        "",
        &["pause=none".into(), "crash=N1@1..N2@3,N1@2".into()],
    );
    let narrowed = narrowed.unwrap().run(1, &mut |_| {}).unwrap();
    assert_eq!(narrowed.axes, vec![("crash", 1), ("pause", 1)]);
    let crash_only = find::plan(&set, "", &["pause=none".into()])
        .unwrap()
        .run(1, &mut |_| {})
        .unwrap();
    assert_eq!(crash_only.axes, vec![("crash", 13), ("pause", 1)]);
    assert!(crash_only.met <= whole.met);
    for bad in ["nope=1", "pause", "pause=N9@1+1"] {
        let err = find::plan(&set, "", &[bad.to_string()]).err().unwrap();
        assert_eq!(err.param.as_deref(), Some("scope"), "{bad}");
        assert!(
            err.allowed.contains("crash, pause"),
            "{bad}: {}",
            err.allowed
        );
    }
}

#[test]
fn a_long_narrowing_is_read_whole_from_a_link_and_one_too_long_is_refused_never_cut() {
    let set = leader(SMALL);
    let axes = |narrowing: &str| {
        find::plan(&set, "", &[narrowing.to_string()])
            .unwrap()
            .run(1, &mut |_| {})
            .unwrap()
            .axes
    };
    // Spaces around a value are allowed: a narrowing of 600 characters naming two crashes.
    let long = format!("crash=N1@1,{}N2@2;pause=none", " ".repeat(600));
    assert_eq!(axes(&long), axes("crash=N1@1,N2@2;pause=none"));
    assert_eq!(axes(&long), vec![("crash", 2), ("pause", 1)]);
    // The page's link keeps it whole (it was cut at 400 characters: another scope, or a refusal).
    let link = format!(
        "lesson=leader&find=round-twice&scope={}",
        long.replace(' ', "+")
    );
    let resolved = tatbikat::query::resolve(&link);
    assert!(resolved.errors.is_empty(), "{:?}", resolved.errors);
    assert!(resolved.view.contains(&("scope", long.clone())));
    // Over the limit: refused, naming scope, the limit and the text's length; its start repeated.
    let over = format!("crash=N1@1,{}N2@2", " ".repeat(find::SCOPE_MAX));
    let err = find::plan(&set, "", std::slice::from_ref(&over))
        .err()
        .unwrap();
    assert_eq!(err.param.as_deref(), Some("scope"));
    let chars = over.chars().count();
    assert!(
        err.allowed.contains(&format!(
            "at most {} characters (this one has {chars})",
            find::SCOPE_MAX
        )),
        "{}",
        err.allowed
    );
    assert!(err.value.as_deref().unwrap().starts_with("crash=N1@1,"));
    assert!(err.value.as_deref().unwrap().chars().count() <= 61);
}

#[test]
fn narrowings_join_with_semicolons_as_a_link_writes_them_and_a_value_with_commas_is_named_whole() {
    let set = leader(SMALL);
    let one = |narrowed: &[&str]| {
        let narrowed: Vec<String> = narrowed.iter().map(|s| s.to_string()).collect();
        find::plan(&set, "", &narrowed)
            .unwrap()
            .run(1, &mut |_| {})
            .unwrap()
    };
    let joined = one(&["pause=none; crash=N1@1,N2@2"]);
    let apart = one(&["pause=none", "crash=N1@1,N2@2"]);
    assert_eq!(joined.axes, vec![("crash", 2), ("pause", 1)]);
    assert_eq!((joined.met, joined.witness), (apart.met, apart.witness));
    // The second narrowing of a joined text is refused by its own text.
    let err = find::plan(&set, "", &["pause=none;nope=1".to_string()])
        .err()
        .unwrap();
    assert_eq!(
        (err.param.as_deref(), err.value.as_deref()),
        (Some("scope"), Some("nope=1"))
    );
    // Quotas' values hold commas (`5,2,6`): named whole, among others.
    let quotas = lesson("quotas").defaults();
    let whole = find::plan(
        &quotas,
        "",
        &["quotas=5,2,6,4,4,4;seed=20260908".to_string()],
    )
    .unwrap()
    .run(1, &mut |_| {})
    .unwrap();
    assert_eq!(
        whole.axes,
        vec![("night_slices", 13), ("quotas", 2), ("seed", 1)]
    );
    let err = find::plan(&quotas, "", &["quotas=5,2".to_string()])
        .err()
        .unwrap();
    assert_eq!(err.param.as_deref(), Some("scope"));
}

#[test]
fn the_page_refuses_a_search_over_its_budget_naming_the_cli_and_the_cli_runs_it() {
    let set = lesson("leader").defaults();
    let asked = "fencing.unfenced@double_run_rounds > 0";
    let plan = find::plan(&set, asked, &[]).unwrap();
    assert!(plan.work() > find::PAGE_WORK, "{}", plan.work());
    let err = plan.within_page(asked).unwrap_err();
    assert_eq!(err.param.as_deref(), Some("find"));
    assert!(
        err.allowed.contains("tatbikat leader --find"),
        "{}",
        err.allowed
    );
    // A property's search is the lesson's fast run: within the budget.
    let fast = find::plan(&set, "", &[]).unwrap();
    assert!(fast.within_page("").is_ok());
}

#[test]
fn a_bad_question_is_refused_naming_find_and_what_is_allowed() {
    let set = lesson("leader").defaults();
    for bad in ["nope", "fencing.nope > 1", "fencing.unfenced > x", "> 1"] {
        let err = find::plan(&set, bad, &[]).err().unwrap();
        assert_eq!(err.param.as_deref(), Some("find"), "{bad}");
        assert_eq!(err.value.as_deref(), Some(bad));
        assert!(
            err.allowed.contains("table.column"),
            "{bad}: {}",
            err.allowed
        );
    }
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_tatbikat"))
        .args(["leader", "--scope", "pause=none"])
        .output()
        .unwrap();
    assert!(!cli.status.success());
    assert!(String::from_utf8_lossy(&cli.stderr).contains("--scope narrows a search"));
}

#[test]
fn a_conditions_work_is_its_points_and_a_narrowed_scope_brings_one_within_the_page() {
    // Compensation's scope runs 1 to 32 sagas at a point, not the lesson's 100000: its units are
    // the points', and the search fits the page.
    let comp = lesson("compensation").defaults();
    let asked = "monte_carlo.hung_jobs >= 3";
    let plan = find::plan(&comp, asked, &[]).unwrap();
    let learners = plan.tried() as f64 * lesson("compensation").sweep_units(&comp);
    assert!(
        plan.work() * 1000.0 < learners,
        "{} {learners}",
        plan.work()
    );
    assert!(plan.within_page(asked).is_ok(), "{}", plan.work());
    // Leader's condition over the page's budget fits once its crashes are narrowed to none.
    let set = lesson("leader").defaults();
    let asked = "fencing.unfenced@double_run_rounds > 0";
    assert!(
        find::plan(&set, asked, &[])
            .unwrap()
            .within_page(asked)
            .is_err()
    );
    let narrowed = find::plan(&set, asked, &["crash=none".into()]).unwrap();
    assert!(narrowed.within_page(asked).is_ok(), "{}", narrowed.work());
}
