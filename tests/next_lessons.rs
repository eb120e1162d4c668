//! The leader and quotas lessons against their specification: the reference scripts
//! (../shared/next-lessons/{leader,quotas}/*.mjs, run with node) print, for every parameter set
//! here, exactly what `tatbikat <lesson> --section <s>` prints; bad input is refused with
//! status 2, naming the parameter; work over the budget says what to lower.

use crate::common;
use common::{cli, next_lesson_cases, node_available, shared_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A lesson's sections with the script that prints each, and the parameters its scripts read as
/// text (maps and lists); the others are numbers. Its parameter sets are in
/// tests/next-lessons.json.
struct Spec {
    lesson: &'static str,
    sections: &'static [(&'static str, &'static str)],
    text_params: &'static [&'static str],
}

const LEADER: Spec = Spec {
    lesson: "leader",
    sections: &[("measure", "leader/olc.mjs"), ("daily", "leader/hesap.mjs")],
    text_params: &["crash", "pause", "lease_sweep", "misset_leases"],
};

const QUOTAS: Spec = Spec {
    lesson: "quotas",
    sections: &[("measure", "quotas/olc.mjs")],
    text_params: &["quotas", "quota_sweep", "default_sweep"],
};

/// `{"name":value,...}` as the scripts' `JSON.parse` expects: numbers as numbers, text as strings.
fn json(spec: &Spec, case: &[String]) -> String {
    let mut out = Vec::new();
    for kv in case {
        let (k, v) = kv.split_once('=').unwrap();
        if spec.text_params.contains(&k) {
            out.push(format!("\"{k}\":\"{v}\""));
        } else {
            out.push(format!("\"{k}\":{v}"));
        }
    }
    format!("{{{}}}", out.join(","))
}

/// The course's next lessons (`../shared/next-lessons`), when node and they are here; otherwise
/// says why on the terminal and the test is skipped.
fn reference() -> Option<PathBuf> {
    if !node_available() {
        return None;
    }
    shared_dir("next-lessons").filter(|d| d.join("leader/akis.mjs").exists())
}

/// Every case of `spec` in every section: the reference's output against ours.
fn compare(next: &Path, spec: &Spec) -> usize {
    let mut failed = Vec::new();
    let mut compared = 0;
    for case in &next_lesson_cases(spec.lesson) {
        for (section, script) in spec.sections {
            let reference = Command::new("node")
                .arg(next.join(script))
                .arg(json(spec, case))
                .output()
                .expect("run node");
            assert!(reference.status.success(), "reference failed for {case:?}");
            let reference = String::from_utf8(reference.stdout).unwrap();
            let mut args = vec![spec.lesson, "--section", section];
            for kv in case {
                args.extend(["--set", kv]);
            }
            let (code, ours, stderr) = cli(&args);
            assert_eq!(code, 0, "{} {section} {case:?}: {stderr}", spec.lesson);
            if ours != reference {
                failed.push(format!(
                    "{} {section} {case:?}\n--- reference\n{reference}--- tatbikat\n{ours}",
                    spec.lesson
                ));
            }
            compared += 1;
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    compared
}

#[test]
fn leader_prints_what_the_reference_prints() {
    if let Some(next) = reference() {
        assert_eq!(
            compare(&next, &LEADER),
            2 * next_lesson_cases("leader").len()
        );
    }
}

#[test]
fn quotas_prints_what_the_reference_prints() {
    if let Some(next) = reference() {
        assert_eq!(compare(&next, &QUOTAS), next_lesson_cases("quotas").len());
    }
}

/// `(lesson, name=value, the parameter named, a phrase of what is allowed)`.
const BAD: &[(&str, &str, &str, &str)] = &[
    ("leader", "crash=N4@5", "crash", "node N4 does not exist"),
    ("leader", "pause=N9@1+2", "pause", "node N9 does not exist"),
    ("leader", "pause=N2@50", "pause", "has no +rounds"),
    ("leader", "pause=N2@50+0", "pause", "1 to 1000000 rounds"),
    ("leader", "crash=N1@x", "crash", "node@round such as N1@20"),
    ("leader", "crash=S1@20", "crash", "node@round such as N1@20"),
    ("leader", "crash=N1@2,N1@3", "crash", "N1 appears twice"),
    (
        "leader",
        "crash=N1@2+3",
        "crash",
        "node@round such as N1@20",
    ),
    ("leader", "lease=0", "lease", "from 1 to"),
    ("leader", "renew=0", "renew", "from 1 to"),
    ("leader", "poll=0", "poll", "from 1 to"),
    ("leader", "rounds=0", "rounds", "from 1 to"),
    ("leader", "nodes=0", "nodes", "from 1 to"),
    ("leader", "fencing=2", "fencing", "0 (off) or 1 (on)"),
    ("leader", "lease_sweep=2,0", "lease_sweep", "from 1 to"),
    (
        "leader",
        "misset_leases=",
        "misset_leases",
        "the list is empty",
    ),
    ("leader", "misset_renew=0", "misset_renew", "from 1 to"),
    ("leader", "misset_lease=0", "misset_lease", "from 1 to"),
    ("leader", "window_h=0", "window_h", "from 0.000001 to"),
    ("leader", "round_s=0", "round_s", "from 0.000001 to"),
    ("leader", "pauses_per_day=-1", "pauses_per_day", "from 0 to"),
    ("quotas", "seed=0", "seed", "from 1 to 2147483646"),
    ("quotas", "seed=2147483647", "seed", "from 1 to 2147483646"),
    ("quotas", "seed=1.5", "seed", "from 1 to 2147483646"),
    ("quotas", "capacity=0", "capacity", "from 1 to"),
    ("quotas", "rounds=0", "rounds", "from 1 to"),
    ("quotas", "night_every=0", "night_every", "from 1 to"),
    ("quotas", "night_units=0", "night_units", "from 1 to"),
    ("quotas", "night_rounds=0", "night_rounds", "from 1 to"),
    ("quotas", "portal_units=0", "portal_units", "from 1 to"),
    ("quotas", "portal_rounds=0", "portal_rounds", "from 1 to"),
    ("quotas", "report_rounds=0", "report_rounds", "from 1 to"),
    (
        "quotas",
        "default_request=0",
        "default_request",
        "from 1 to",
    ),
    (
        "quotas",
        "portal_prob=1.5",
        "portal_prob",
        "probability from 0 to 1",
    ),
    (
        "quotas",
        "report_prob=-0.1",
        "report_prob",
        "probability from 0 to 1",
    ),
    (
        "quotas",
        "quotas=6,3",
        "quotas",
        "exactly three whole numbers",
    ),
    (
        "quotas",
        "quotas=6,3,3,3",
        "quotas",
        "exactly three whole numbers",
    ),
    (
        "quotas",
        "quotas=6,-1,3",
        "quotas",
        "exactly three whole numbers",
    ),
    (
        "quotas",
        "quotas=6/3/3",
        "quotas",
        "exactly three whole numbers",
    ),
    (
        "quotas",
        "quota_sweep=6/3",
        "quota_sweep",
        "not a triple a/b/c",
    ),
    (
        "quotas",
        "quota_sweep=6/3/3,",
        "quota_sweep",
        "an empty item",
    ),
    ("quotas", "default_sweep=1,0", "default_sweep", "from 1 to"),
];

#[test]
fn bad_input_is_refused_naming_the_parameter() {
    for (lesson, kv, param, allowed) in BAD {
        let (code, stdout, stderr) = cli(&[lesson, "--set", kv]);
        assert_eq!(code, 2, "{lesson} {kv}: exited {code}: {stderr}");
        assert!(stdout.is_empty(), "{lesson} {kv}: printed {stdout}");
        let value = kv.split_once('=').unwrap().1;
        assert!(
            stderr.contains(&format!("parameter {param} = \"{value}\": ")),
            "{lesson} {kv}: {stderr}"
        );
        assert!(stderr.contains(allowed), "{lesson} {kv}: {stderr}");
        assert!(!stderr.contains("panicked"), "{lesson} {kv}: {stderr}");
    }
}

#[test]
fn work_over_the_budget_is_refused_with_what_to_lower() {
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        (
            "leader",
            &["rounds=1000000", "nodes=100"],
            &[
                "rounds=1000000 with nodes=100",
                "limit of 100000000",
                // 10^8 / (100 nodes × 25 runs: 2 fencing and 1 daily mis-set, 4 sweep leases × 3
                // with the crash alone beyond the lesson, 5 mis-set leases × 2).
                "lower rounds (at most 40000 with these values)",
            ],
            "40000",
        ),
        (
            "quotas",
            &["rounds=100000"],
            &[
                "rounds=100000 with night_slices=12",
                "limit of 500000000",
                "lower rounds (at most",
            ],
            "",
        ),
    ];
    for (lesson, sets, phrases, at_most) in cases {
        let mut args = vec![*lesson];
        for kv in *sets {
            args.extend(["--set", kv]);
        }
        let (code, stdout, stderr) = cli(&args);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty());
        for f in *phrases {
            assert!(stderr.contains(f), "{lesson}: lacks {f:?}: {stderr}");
        }
        // The most rounds it names passes the checks, one more does not.
        let named = stderr
            .split("at most ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .unwrap();
        if !at_most.is_empty() {
            assert_eq!(named, *at_most);
        }
        let l = common::lesson(lesson);
        let with = |rounds: &str| {
            let mut pairs: Vec<(&str, &str)> = sets
                .iter()
                .map(|kv| kv.split_once('=').unwrap())
                .filter(|(k, _)| *k != "rounds")
                .collect();
            pairs.push(("rounds", rounds));
            tatbikat::lessons::validate(&l.params(pairs).unwrap())
        };
        assert!(with(named).is_ok(), "{lesson}: {named}");
        let more = (named.parse::<u64>().unwrap() + 1).to_string();
        let e = with(&more).unwrap_err();
        assert_eq!(e.param.as_deref(), Some("rounds"));
    }
}
