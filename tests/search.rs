//! Find a run (issue 36): each lesson's search against a brute force written here, over a small
//! scope — every crash and pause of the scope set through the codec as a learner would, the
//! lesson's own tables read for the property — its witness against every smaller candidate, the
//! same answer on one thread and several, and the lesson's known facts out of the search.

use crate::common;
use common::lesson;

use tatbikat::ParamSet;
use tatbikat::presets::locate;
use tatbikat::search::{self, BUDGET, Finding};

/// The leader at `sets` (a small run: few rounds and nodes).
fn leader(sets: &[&str]) -> ParamSet {
    lesson("leader")
        .params(sets.iter().map(|a| a.split_once('=').unwrap()))
        .unwrap()
}

fn find(set: &ParamSet, property: &str, jobs: usize) -> Finding {
    let finder = lesson("leader").finder().expect("leader has a search");
    search::find(finder, set, Some(property), BUDGET, 1, jobs, &mut |_| {}).unwrap()
}

/// Every crash (none, or `N<n>@<r>`) and pause (none, or `N<n>@<r>+<d>`) of the scope as the
/// test writes them, rounds 1 to `rounds`, pauses 1 to twice the lease: earliest first.
fn candidates(nodes: u32, rounds: u32, lease: u32) -> (Vec<String>, Vec<String>) {
    let mut crash = vec![String::new()];
    let mut pause = vec![String::new()];
    for r in 1..=rounds {
        for n in 1..=nodes {
            crash.push(format!("N{n}@{r}"));
            for d in 1..=2 * lease {
                pause.push(format!("N{n}@{r}+{d}"));
            }
        }
    }
    (crash, pause)
}

/// Whether the lesson's tables say the run meets `property`, read as a learner would.
fn meets(set: &ParamSet, property: &str) -> bool {
    let report = lesson("leader")
        .run(set, Some("measure"), &mut |_| {})
        .unwrap();
    let column = if set.get("fencing").to_text() == "1" {
        "fenced"
    } else {
        "unfenced"
    };
    let cell = |mark: &str| locate(&report, mark).unwrap().value.unwrap();
    match property {
        "round-twice" => cell(&format!("c:fencing:double_run_rounds:{column}")) > 0.0,
        "two-believe" => cell(&format!("c:fencing:two_leader_rounds:{column}")) > 0.0,
        // The lease sweep's row of the run's own lease (lease_sweep = lease, renew = lease / 2).
        "long-gap" => {
            let lease = set.get("lease").to_text();
            cell(&format!("c:lease_sweep:{lease}:longest_gap")) > lease.parse::<f64>().unwrap()
        }
        other => panic!("{other}"),
    }
}

#[test]
fn the_leader_search_counts_what_a_brute_force_counts_and_its_witness_is_the_smallest() {
    // 2 nodes, 6 rounds, a lease of 2 renewed every round: 13 crashes × 49 pauses.
    let base = [
        "nodes=2",
        "rounds=6",
        "lease=2",
        "renew=1",
        "lease_sweep=2",
        "misset_leases=2",
    ];
    for (fencing, property) in [
        ("0", "round-twice"),
        ("1", "round-twice"),
        ("0", "two-believe"),
        ("0", "long-gap"),
    ] {
        let mut sets = base.to_vec();
        let f = format!("fencing={fencing}");
        sets.push(&f);
        let set = leader(&sets);
        let found = find(&set, property, 1);
        let (crash, pause) = candidates(2, 6, 2);
        let mut met = Vec::new();
        for (i, c) in crash.iter().enumerate() {
            for (j, p) in pause.iter().enumerate() {
                let mut run = set.clone();
                run.set("crash", c).unwrap();
                run.set("pause", p).unwrap();
                if meets(&run, property) {
                    met.push((u32::from(i > 0) + u32::from(j > 0), i, j));
                }
            }
        }
        let what = format!("{property} with fencing={fencing}");
        assert!(found.exhaustive, "{what}");
        assert_eq!(found.tried, (crash.len() * pause.len()) as u64, "{what}");
        assert_eq!(found.met, met.len() as u64, "{what}");
        // The smallest: fewest faults, then the crash's place in the scope, then the pause's.
        let smallest = met.iter().min().map(|&(faults, i, j)| {
            (
                faults,
                vec![("crash", crash[i].clone()), ("pause", pause[j].clone())],
            )
        });
        assert_eq!(found.faults.zip(found.witness.clone()), smallest, "{what}");
        for jobs in [2, 3] {
            assert_eq!(
                find(&set, property, jobs),
                found,
                "{what} on {jobs} threads"
            );
        }
    }
}

#[test]
fn without_fencing_a_round_runs_twice_and_with_fencing_none_does_in_the_default_scope() {
    let unfenced = find(&leader(&[]), "round-twice", 2);
    assert!(unfenced.exhaustive && unfenced.met > 0, "{unfenced:?}");
    // The lesson's own run (N2 pauses past its lease) is a single fault; so is the witness.
    assert_eq!(unfenced.faults, Some(1));
    let fenced = find(&leader(&["fencing=1"]), "round-twice", 2);
    assert_eq!((fenced.exhaustive, fenced.met), (true, 0), "{fenced:?}");
    assert!(
        fenced
            .to_text("leader")
            .contains("no run in this scope does")
    );
    // Fencing refuses the stale leader's work; it does not stop two nodes believing they lead.
    assert!(find(&leader(&["fencing=1"]), "two-believe", 2).met > 0);
}

#[test]
fn the_cli_finds_what_the_library_finds_and_names_a_wrong_property() {
    let (code, out, _) = common::cli(&["leader", "--find", "--set", "fencing=1"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("every run tried: 0 of 116281 meet it; no run in this scope does"),
        "{out}"
    );
    let args = [
        "leader",
        "--find=two-believe",
        "--format",
        "json",
        "--jobs",
        "1",
    ];
    let json = common::cli_json(&args.map(String::from));
    let lib = find(&leader(&[]), "two-believe", 1);
    assert_eq!(json["met"], lib.met);
    assert_eq!(json["witness"][1][1], lib.witness.unwrap()[1].1);
    let (code, _, err) = common::cli(&["leader", "--find", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("round-twice, two-believe, long-gap"), "{err}");
}

/// The supervisor at `sets`.
fn supervisor(sets: &[&str]) -> ParamSet {
    lesson("supervisor")
        .params(sets.iter().map(|a| a.split_once('=').unwrap()))
        .unwrap()
}

fn find_supervisor(set: &ParamSet, property: &str, jobs: usize) -> Finding {
    let finder = lesson("supervisor")
        .finder()
        .expect("the supervisor has a search");
    search::find(finder, set, Some(property), BUDGET, 1, jobs, &mut |_| {}).unwrap()
}

#[test]
fn the_supervisor_search_counts_what_its_tables_count_and_its_witness_is_the_smallest() {
    let set = supervisor(&[
        "jobs=3",
        "steps=a,b,c",
        "invoice_steps=c",
        "hung=",
        "permanent=",
    ]);
    // None, then each step's jobs in turn (the earliest step first).
    let mut maps = vec![String::new()];
    for step in ["a", "b", "c"] {
        for job in 1..=3 {
            maps.push(format!("S{job}@{step}"));
        }
    }
    for (property, mark) in [
        (
            "half-done-on",
            "c:supervisor_comparison:half_done_jobs:supervisor_on",
        ),
        (
            "half-done-off",
            "c:supervisor_comparison:half_done_jobs:supervisor_off",
        ),
        (
            "wasted",
            "c:supervisor_comparison:wasted_steps:supervisor_on",
        ),
        (
            "compensated",
            "c:supervisor_comparison:compensated_jobs:supervisor_on",
        ),
    ] {
        let found = find_supervisor(&set, property, 1);
        let mut met = Vec::new();
        for (i, hung) in maps.iter().enumerate() {
            for (j, permanent) in maps.iter().enumerate() {
                let mut run = set.clone();
                run.set("hung", hung).unwrap();
                run.set("permanent", permanent).unwrap();
                let report = lesson("supervisor")
                    .run(&run, Some("measure"), &mut |_| {})
                    .unwrap();
                if locate(&report, mark).unwrap().value.unwrap() > 0.0 {
                    met.push((u32::from(i > 0) + u32::from(j > 0), i, j));
                }
            }
        }
        assert_eq!(
            (found.tried, found.met),
            (100, met.len() as u64),
            "{property}"
        );
        let smallest = met.iter().min().map(|&(faults, i, j)| {
            (
                faults,
                vec![("hung", maps[i].clone()), ("permanent", maps[j].clone())],
            )
        });
        assert_eq!(
            found.faults.zip(found.witness.clone()),
            smallest,
            "{property}"
        );
        assert_eq!(
            find_supervisor(&set, property, 3),
            found,
            "{property} on 3 threads"
        );
    }
}

#[test]
fn with_the_supervisor_on_no_single_placement_leaves_a_job_half_done() {
    let on = find_supervisor(&supervisor(&[]), "half-done-on", 2);
    assert_eq!((on.exhaustive, on.tried, on.met), (true, 2401, 0), "{on:?}");
    // Without it, a single hang is enough: the first job's first step.
    let off = find_supervisor(&supervisor(&[]), "half-done-off", 2);
    assert_eq!(off.faults, Some(1));
    // The search places the faults: drawn ones are refused, naming the parameter.
    let finder = lesson("supervisor").finder().unwrap();
    let random = supervisor(&["fault_mode=random"]);
    let err = search::find(finder, &random, None, BUDGET, 1, 1, &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("fault_mode"), "{err}");
}

/// The jobs lesson at `sets`.
fn jobs(sets: &[&str]) -> ParamSet {
    lesson("jobs")
        .params(sets.iter().map(|a| a.split_once('=').unwrap()))
        .unwrap()
}

#[test]
fn the_jobs_search_counts_what_its_tables_count_and_finds_the_fewest_nights() {
    let set = jobs(&["nights=3", "seed=2147483600"]);
    let finder = lesson("jobs").finder().expect("jobs has a search");
    for (property, mark) in [
        ("night-skipped", "c:overlap:skip:skipped"),
        ("queue-two", "c:overlap:queue:max_queue"),
        ("spill-over", "v:overlap:jobs.unprocessed:spill_over"),
    ] {
        let found = search::find(finder, &set, Some(property), BUDGET, 1, 1, &mut |_| {}).unwrap();
        // Nights 1 to 3, then 200 seeds from the learner's, wrapping past 2147483646 to 1.
        let mut met = Vec::new();
        for nights in 1..=3u64 {
            for i in 0..200u64 {
                let seed = 1 + (2_147_483_600 - 1 + i) % 2_147_483_646;
                let mut run = set.clone();
                run.set("nights", &nights.to_string()).unwrap();
                run.set("seed", &seed.to_string()).unwrap();
                let report = lesson("jobs").run(&run, None, &mut |_| {}).unwrap();
                let value = locate(&report, mark).unwrap().value.unwrap();
                let meets = if property == "queue-two" {
                    value >= 2.0
                } else {
                    value > 0.0
                };
                if meets {
                    met.push((nights, seed));
                }
            }
        }
        assert_eq!(
            (found.tried, found.met),
            (600, met.len() as u64),
            "{property}"
        );
        let first = met
            .first()
            .map(|(n, s)| vec![("nights", n.to_string()), ("seed", s.to_string())]);
        assert_eq!(found.witness, first, "{property}");
        assert_eq!(
            search::find(finder, &set, Some(property), BUDGET, 1, 2, &mut |_| {}).unwrap(),
            found
        );
    }
}
