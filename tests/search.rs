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

/// Each lesson's refusal of what `find` cannot read gives, as its example, a condition on one of
/// that lesson's own metrics, which the lesson's search plans.
#[test]
fn a_refused_find_gives_an_example_the_lesson_takes() {
    for l in tatbikat::lessons::every()
        .iter()
        .filter(|l| l.finder().is_some())
    {
        let (code, _, err) = common::cli(&[l.id(), "--find", "nope"]);
        assert_eq!(code, 2, "{err}");
        let line = err.lines().next().unwrap_or_default();
        let example = line
            .rsplit_once('(')
            .and_then(|(_, e)| e.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{}: no example in {line}", l.id()));
        let metric = example.split([' ', '@']).next().unwrap_or_default();
        assert!(
            tatbikat::sweep::metrics(*l).iter().any(|m| m == metric),
            "{}: {example} is not a condition on the lesson's metrics",
            l.id()
        );
        let set = l.defaults();
        tatbikat::find::plan(&set, example, &[])
            .unwrap_or_else(|e| panic!("{}: {example} refused: {e:?}", l.id()));
    }
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
    let set = jobs(&[]);
    for (property, mark) in [
        ("night-skipped", "c:overlap:skip:skipped"),
        ("queue-two", "c:overlap:queue:max_queue"),
        ("spill-over", "v:overlap:jobs.unprocessed:spill_over"),
    ] {
        let found = find_within(&set, property, "nights=1..3", 1);
        // Nights 1 to 3 (narrowed), then 200 seeds from the lesson's.
        let mut met = Vec::new();
        for nights in 1..=3u64 {
            for i in 0..200u64 {
                let seed = 20_260_813 + i;
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
        assert_eq!(find_within(&set, property, "nights=1..3", 2), found);
    }
}

/// Lesson `id` at `sets`, through the codec as a learner writes them.
fn params_of(id: &str, sets: &[&str]) -> ParamSet {
    lesson(id)
        .params(sets.iter().map(|a| a.split_once('=').unwrap()))
        .unwrap()
}

/// Lesson `id`'s search for `property` at `set` on `jobs` threads.
fn find_in(id: &str, set: &ParamSet, property: &str, jobs: usize) -> Finding {
    let finder = lesson(id).finder().expect("the lesson has a search");
    search::find(finder, set, Some(property), BUDGET, 1, jobs, &mut |_| {}).unwrap()
}

/// The search for `property` at `set`, its scope narrowed by `narrowed` as `--scope` and a
/// link's `scope=` write it (the scope's plain axes are the lesson's, not the learner's: a
/// small scope is a narrowed one), on `jobs` threads.
fn find_within(set: &ParamSet, property: &str, narrowed: &str, jobs: usize) -> Finding {
    tatbikat::find::plan(set, property, &[narrowed.to_string()])
        .unwrap()
        .run(jobs, &mut |_| {})
        .unwrap()
}

/// The values of `marks` in lesson `id`'s `measure` section at `set`.
fn cell_at(id: &str, set: &ParamSet, marks: &[impl AsRef<str>]) -> Vec<f64> {
    let report = lesson(id).run(set, Some("measure"), &mut |_| {}).unwrap();
    marks
        .iter()
        .map(|m| {
            let m = m.as_ref();
            locate(&report, m)
                .unwrap_or_else(|| panic!("{m}"))
                .value
                .unwrap()
        })
        .collect()
}

/// What a run failing at each of the first `n` steps undoes when no call fails: the
/// compensation lesson's failing-step table ("telafi edilen"), in order.
fn undone(set: &ParamSet, n: usize) -> Vec<f64> {
    let marks: Vec<String> = (0..n)
        .map(|k| format!("c:failure_steps:#{k}:compensated"))
        .collect();
    cell_at("compensation", set, &marks)
}

/// Checks a search of lesson `id` against the test's own enumeration: `axes` are the scope's
/// parameters and their values in the test's order (all fault-free, so the smallest witness is
/// the first point met, the first axis slowest), `meets` reads the property from the lesson's
/// tables at a candidate; the count, the witness, and the same `Finding` on two threads.
fn against_brute_force(
    id: &str,
    set: &ParamSet,
    property: &str,
    narrowed: &str,
    axes: &[(&'static str, Vec<String>)],
    meets: &dyn Fn(&ParamSet) -> bool,
) -> Finding {
    let found = find_within(set, property, narrowed, 1);
    let mut points: Vec<Vec<usize>> = vec![vec![]];
    for (_, values) in axes {
        points = points
            .into_iter()
            .flat_map(|p| {
                (0..values.len()).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    let mut met = Vec::new();
    for point in &points {
        let mut run = set.clone();
        for ((param, values), &i) in axes.iter().zip(point) {
            run.set(param, &values[i]).unwrap();
        }
        if meets(&run) {
            met.push(point.clone());
        }
    }
    let what = format!("{id} {property}");
    assert!(found.exhaustive, "{what}");
    assert_eq!(
        (found.tried, found.met),
        (points.len() as u64, met.len() as u64),
        "{what}"
    );
    // No fault on any axis: the smallest is the least point in the axes' order.
    let smallest = met.iter().min().map(|p| {
        axes.iter()
            .zip(p)
            .map(|((param, values), &i)| (*param, values[i].clone()))
            .collect::<Vec<_>>()
    });
    assert_eq!(found.witness, smallest, "{what}");
    assert_eq!(found.faults, smallest.as_ref().map(|_| 0), "{what}");
    assert_eq!(
        find_within(set, property, narrowed, 2),
        found,
        "{what} on 2 threads"
    );
    found
}

#[test]
fn the_compensation_search_counts_what_its_tables_count_and_its_witness_is_the_smallest() {
    let set = params_of("compensation", &["comp_fail=0.3"]);
    let undone = undone(&set, 4);
    // Narrowed to attempt counts 1 and 2 and runs 1 to 6; 500 seeds from the lesson's.
    let axes = [
        ("retries", vec!["1".to_string(), "2".to_string()]),
        ("runs", (1..=6).map(|n| n.to_string()).collect()),
        (
            "seed",
            (0..500u32).map(|i| (20_260_730 + i).to_string()).collect(),
        ),
    ];
    for property in ["left-hung", "two-hung", "retried"] {
        let meets = |run: &ParamSet| {
            let [hung, calls_per_job] = cell_at(
                "compensation",
                run,
                &[
                    "c:monte_carlo:#0:hung_jobs",
                    "c:monte_carlo:#0:calls_per_job",
                ],
            )[..] else {
                unreachable!()
            };
            let runs: usize = run.get("runs").to_text().parse().unwrap();
            let error_free: f64 = (0..runs).map(|i| undone[i % undone.len()]).sum();
            match property {
                "left-hung" => hung > 0.0,
                "two-hung" => hung >= 2.0,
                _ => (calls_per_job * runs as f64).round() > error_free,
            }
        };
        let found = against_brute_force(
            "compensation",
            &set,
            property,
            "retries=1,2;runs=1..6",
            &axes,
            &meets,
        );
        assert!(found.met > 0, "{property}");
    }
}

#[test]
fn a_saga_hangs_only_when_a_compensation_fails_and_first_in_the_first_run_with_a_step_to_undo() {
    // DD5 at zero: no compensation call fails, so no saga in the whole scope is left hung or
    // retried.
    let safe = params_of("compensation", &["comp_fail=0"]);
    for property in ["left-hung", "retried"] {
        let found = find_in("compensation", &safe, property, 2);
        assert_eq!((found.exhaustive, found.met), (true, 0), "{property}");
    }
    // At the lesson's DD5 a saga hangs, with one attempt, in the first run whose failing step
    // has a completed step to compensate (the failing-step table's first "telafi edilen" row).
    let set = params_of("compensation", &[]);
    let undone = undone(&set, 4);
    let first = undone.iter().position(|&c| c > 0.0).unwrap();
    let found = find_in("compensation", &set, "left-hung", 2);
    let w = found.witness.unwrap();
    assert_eq!(w[0], ("retries", "1".to_string()));
    assert_eq!(w[1], ("runs", (first + 1).to_string()));
    // With one attempt no call is retried.
    let once = find_within(&params_of("compensation", &[]), "retried", "retries=1", 1);
    assert_eq!((once.tried > 0, once.met), (true, 0));
}

#[test]
fn the_quotas_search_counts_what_its_tables_count_and_its_witness_is_the_smallest() {
    let set = params_of(
        "quotas",
        &[
            "capacity=5",
            "rounds=12",
            "night_every=6",
            "quota_sweep=2/3/2",
            "default_sweep=2",
        ],
    );
    // Narrowed to night slices 0 to 4 and every triple from each tenant's request (1, 1, 2) to
    // 3, the smallest sum first, then in order (the lesson's quotas name up to 8).
    let mut triples = Vec::new();
    for a in 1..=3 {
        for b in 1..=3 {
            for c in 2..=3 {
                triples.push((a + b + c, a, b, c));
            }
        }
    }
    triples.sort();
    let narrowed = format!(
        "night_slices=0..4;quotas={}",
        triples
            .iter()
            .map(|(_, a, b, c)| format!("{a},{b},{c}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    // Eight seeds from the lesson's.
    let seeds = (0..8u64).map(|i| 20_260_901 + i);
    let axes = [
        ("night_slices", (0..=4).map(|n| n.to_string()).collect()),
        (
            "quotas",
            triples
                .iter()
                .map(|(_, a, b, c)| format!("{a},{b},{c}"))
                .collect(),
        ),
        ("seed", seeds.map(|s| s.to_string()).collect()),
    ];
    // The tenants table: rows 0-2 without quotas, 3-5 with them.
    let column = |run: &ParamSet, col: &str, rows: std::ops::Range<usize>| {
        let marks: Vec<String> = rows.map(|r| format!("c:tenants:#{r}:{col}")).collect();
        cell_at("quotas", run, &marks)
    };
    let max = |v: Vec<f64>| v.into_iter().fold(f64::MIN, f64::max);
    for property in ["starved", "longer-wait", "idle-waiting"] {
        let meets = |run: &ParamSet| match property {
            "starved" => column(run, "starved", 3..6).iter().sum::<f64>() > 0.0,
            "longer-wait" => {
                max(column(run, "longest_wait", 3..6)) > max(column(run, "longest_wait", 0..3))
            }
            _ => cell_at("quotas", run, &["v:tenants:quotas.idle#1:idle_waiting"])[0] > 0.0,
        };
        let found = against_brute_force("quotas", &set, property, &narrowed, &axes, &meets);
        assert!(found.met > 0, "{property}");
    }
}

#[test]
fn quotas_that_sum_to_at_most_the_capacity_leave_no_request_starved() {
    // Quotas up to 4 each on the lesson's 12 units: no triple sums above the capacity.
    let mut within = Vec::new();
    for a in 1..=4 {
        for b in 1..=4 {
            for c in 1..=4 {
                within.push(format!("{a},{b},{c}"));
            }
        }
    }
    let narrowed = format!("quotas={}", within.join(","));
    let found = find_within(&params_of("quotas", &[]), "starved", &narrowed, 2);
    assert_eq!((found.exhaustive, found.met), (true, 0), "{found:?}");
    assert!(found.tried > 0);
    // Up to the lesson's 8/4/4 starvation returns, and only with a sum over the capacity.
    let found = find_in("quotas", &params_of("quotas", &[]), "starved", 2);
    assert!(found.met > 0);
    let witness = found.witness.unwrap();
    let sum: i64 = witness[1]
        .1
        .split(',')
        .map(|q| q.parse::<i64>().unwrap())
        .sum();
    assert!(sum > 12, "{witness:?}");
}

#[test]
fn the_claim_check_search_counts_what_its_tables_count_and_its_witness_is_the_smallest() {
    // The sweep out of order: the scope takes its lifetimes shortest first.
    let sweep = ["96", "6", "168"];
    let set = params_of(
        "claim_check",
        &["ttl_sweep=96,6,168", "redelivery_sweep=0", "lag_prob=0.3"],
    );
    let ttls = ["6", "96", "168"];
    let axes = [
        ("events", (1..=4).map(|n| n.to_string()).collect()),
        ("ttl_h", ttls.iter().map(|t| t.to_string()).collect()),
        (
            "seed",
            (0..1000u32).map(|i| (20_260_915 + i).to_string()).collect(),
        ),
    ];
    for property in ["dangles", "late-dangles", "too-large"] {
        let meets = |run: &ParamSet| {
            let ttl = run.get("ttl_h").to_text();
            let row = sweep.iter().position(|t| *t == ttl).unwrap();
            let late = format!("c:ttl_sweep:#{row}:dangling_late");
            let [dangling, late, too_large] = cell_at(
                "claim_check",
                run,
                &[
                    "c:compare:dangling:claim",
                    &late,
                    "c:compare:too_large:inline",
                ],
            )[..] else {
                unreachable!()
            };
            match property {
                "dangles" => dangling > 0.0,
                "late-dangles" => late > 0.0,
                _ => too_large > 0.0,
            }
        };
        let found =
            against_brute_force("claim_check", &set, property, "events=1..4", &axes, &meets);
        assert!(found.met > 0, "{property}");
    }
}

#[test]
fn a_ttl_beyond_the_replay_and_the_longest_late_read_leaves_no_claim_check_dangling() {
    // The lesson's TTL 168 outlives the replay at hour 72 and a late read of up to 96 hours.
    let long = params_of("claim_check", &["ttl_sweep=168"]);
    let found = find_in("claim_check", &long, "dangles", 2);
    assert_eq!((found.exhaustive, found.met), (true, 0), "{found:?}");
    assert!(found.tried > 0);
    // The lesson's sweep: up to 48 hours the replay finds payloads gone, so the shortest
    // lifetime dangles in a day of one event.
    let found = find_in("claim_check", &params_of("claim_check", &[]), "dangles", 2);
    let witness = found.witness.unwrap();
    assert_eq!(
        witness[..2],
        [("events", "1".into()), ("ttl_h", "6".into())]
    );
}

#[test]
fn the_cli_finds_what_the_library_finds_in_every_lesson_with_a_search() {
    for id in ["compensation", "quotas", "claim_check"] {
        let args = [id, "--find", "--format", "json", "--jobs", "1"].map(String::from);
        let json = common::cli_json(&args);
        let lib = find_in(
            id,
            &params_of(id, &[]),
            lesson(id).finder().unwrap().properties()[0].id,
            2,
        );
        assert_eq!(json["met"], lib.met, "{id}");
        assert_eq!(json["tried"], lib.tried, "{id}");
        let witness: Vec<(String, String)> =
            serde_json::from_value(json["witness"].clone()).unwrap();
        let lib: Vec<(String, String)> = lib
            .witness
            .unwrap()
            .into_iter()
            .map(|(p, v)| (p.to_string(), v))
            .collect();
        assert_eq!(witness, lib, "{id}");
    }
}
