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
