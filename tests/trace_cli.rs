//! Every lesson's watched run through its faces, as one harness over a table per lesson
//! ([`CASES`]): what `tatbikat <id> --trace…` prints as text, JSON and CSV; every bad selector
//! refused by the library (naming `trace` and the selector) and by the CLI (exit 2, saying what
//! is allowed); a run over the trace's limit refused naming what to lower; and the chart points
//! that open a run naming its selector. What is particular to a lesson's run (its counters
//! against its tables, its zoom) stays in `tests/<id>_trace.rs`.

use crate::common;
use common::{cli, cli_json, lesson};

use serde_json::Value;

/// One trace command and what it prints.
struct Prints {
    args: &'static [&'static str],
    /// The output's start ("" for any).
    starts: &'static str,
    /// What the output contains.
    contains: &'static [&'static str],
    /// For `--format json`: a field's path, dot-separated (`trace.tracks.1.key`), and its value
    /// (a string's text, or a number's).
    json: &'static [(&'static str, &'static str)],
    /// For `--format csv`: at least this many lines.
    lines: usize,
}

const PRINTS: Prints = Prints {
    args: &[],
    starts: "",
    contains: &[],
    json: &[],
    lines: 0,
};

/// A selector refused, at the values `set` (`name=value`): what its message says besides
/// `trace` and the selector itself.
struct Refuses {
    set: &'static [&'static str],
    selector: &'static str,
    says: &'static str,
}

const fn refuses(selector: &'static str, says: &'static str) -> Refuses {
    Refuses {
        set: &[],
        selector,
        says,
    }
}

/// A lesson's trace faces.
struct Case {
    lesson: &'static str,
    prints: &'static [Prints],
    refuses: &'static [Refuses],
    /// Values (`--set` pairs) whose run is over the trace's limit, and what the message says.
    over: Option<(&'static [&'static str], &'static str)>,
    /// The charts whose points open a run: chosen by key, or every chart of a group (`group:`
    /// key); the selector a point names (`{x}` its x) and how many points name one.
    points: Option<(&'static [&'static str], &'static str, usize)>,
}

const CASES: &[Case] = &[
    Case {
        lesson: "supervisor",
        prints: &[
            Prints {
                args: &["supervisor", "--trace"],
                starts: "trace: supervisor scan:2 (8 rounds",
                contains: &[
                    "S7   |==?=?=?x|",
                    "totals: steps_run 45, completed 11, records_read 48, redriven 6, wasted 3",
                ],
                ..PRINTS
            },
            Prints {
                args: &[
                    "supervisor",
                    "--set",
                    "scan=4",
                    "--trace",
                    "--format",
                    "json",
                ],
                json: &[
                    ("trace.selector", "scan:4"),
                    ("query", "lesson=supervisor&scan=4&trace=scan:4"),
                ],
                ..PRINTS
            },
        ],
        refuses: &[
            refuses("scan:0", "scan: a whole number from 1 to 10000"),
            refuses("bogus", "on (the run with the supervisor)"),
        ],
        over: Some((
            &["jobs=1000", "max_rounds=10000"],
            "lower jobs or max_rounds",
        )),
        points: None,
    },
    Case {
        lesson: "jobs",
        prints: &[
            Prints {
                args: &["jobs", "--trace", "limit:6", "--set", "nights=5"],
                contains: &["[attempts]"],
                ..PRINTS
            },
            Prints {
                args: &["jobs", "--trace", "limit:3,night:16", "--format", "json"],
                json: &[
                    ("trace.selector", "limit:3,night:16"),
                    ("trace.focus_lane", "15"),
                    ("trace.focus_start", "360"),
                    ("trace.focus_end", "390"),
                    ("query", "lesson=jobs&trace=limit:3,night:16"),
                ],
                ..PRINTS
            },
        ],
        refuses: &[
            refuses("limit:x", "limit: a whole number from 1 to 1000"),
            refuses("night:0", "night: a whole number from 1 to 30"),
            refuses("night:31", "night: a whole number from 1 to 30"),
            refuses("night:x", "night: a whole number from 1 to 30"),
            refuses("limit:3,night:-1", "night: a whole number from 1 to 30"),
            Refuses {
                set: &["nights=5"],
                selector: "night:6",
                says: "night: a whole number from 1 to 5",
            },
        ],
        over: None,
        points: None,
    },
    Case {
        lesson: "compensation",
        prints: &[Prints {
            args: &["compensation", "--trace=attempts:2,run:3"],
            starts: "trace: compensation attempts:2,run:3",
            ..PRINTS
        }],
        refuses: &[
            refuses("run:100000", "run: a whole number from 0 to 99999"),
            refuses("attempts:0", "attempts: a whole number from 1 to 20"),
        ],
        over: None,
        points: None,
    },
    Case {
        lesson: "leader",
        prints: &[
            Prints {
                args: &["leader", "--trace"],
                starts: "trace: leader fencing:0 (80 rounds",
                ..PRINTS
            },
            Prints {
                args: &["leader", "--set", "fencing=1", "--trace"],
                starts: "trace: leader fencing:1 (80 rounds",
                ..PRINTS
            },
            // N1 leads until its crash in round 20; N2 takes over, freezes in 50..55 and is
            // fenced in 56.
            Prints {
                args: &["leader", "--trace=fencing:1"],
                starts: "trace: leader fencing:1 (80 rounds, fencing 1, lease 4, renew 2",
                contains: &[
                    "N1   |###################XXXX",
                    "ZZZZZZ!....",
                    "N2: takeover (v2)",
                    "N2: rejected",
                    "double_run_rounds 0, two_leader_rounds 4",
                ],
                ..PRINTS
            },
            Prints {
                args: &["leader", "--trace=fencing:0"],
                contains: &["double_run (2)"],
                ..PRINTS
            },
            Prints {
                args: &["leader", "--trace=fencing:1", "--format", "json"],
                json: &[
                    ("trace.lesson", "leader"),
                    ("query", "lesson=leader&trace=fencing:1"),
                    ("trace.tracks.1.key", "lease_record"),
                    ("controls.0.key", "fencing"),
                    ("controls.1.key", "lease"),
                ],
                ..PRINTS
            },
            Prints {
                args: &["leader", "--trace=lease:16", "--format", "csv"],
                contains: &["N2"],
                lines: 11,
                ..PRINTS
            },
        ],
        refuses: &[
            refuses("fencing:2", "fencing: 0 or 1"),
            refuses("lease:5", "lease: a lease of lease_sweep (2, 4, 8, 16)"),
            refuses("lease:x", "lease: a lease of lease_sweep"),
            refuses("scan:4", "fencing:0 or fencing:1"),
        ],
        over: Some((&["nodes=100", "rounds=5000"], "lower nodes or rounds")),
        points: Some((
            &["gap_vs_lease", "writes_vs_lease", "duplicates_vs_lease"],
            "fencing:0,lease:{x}",
            4 * 4,
        )),
    },
    Case {
        lesson: "quotas",
        prints: &[
            Prints {
                args: &["quotas", "--trace"],
                starts: "trace: quotas quota:6/3/3 (48 rounds, quota 6/3/3, capacity 12",
                ..PRINTS
            },
            Prints {
                args: &["quotas", "--set", "quotas=8,2,2", "--trace"],
                starts: "trace: quotas quota:8/2/2 (48 rounds",
                ..PRINTS
            },
            // The night's twelve slices fill every unit in rounds 1 to 4.
            Prints {
                args: &["quotas", "--trace=quota:none"],
                starts: "trace: quotas quota:none (48 rounds, quota none, capacity 12",
                contains: &[
                    "B12  |oooo....",
                    "round   25 queue: starved (5)",
                    "totals: free 3, idle 312, idle_waiting 0",
                ],
                ..PRINTS
            },
            Prints {
                args: &["quotas", "--trace=quota:6/3/3"],
                contains: &[
                    "round    1 queue: rejected (6)",
                    "idle 320, idle_waiting 171",
                ],
                ..PRINTS
            },
            Prints {
                args: &["quotas", "--trace=quota:none", "--format", "json"],
                json: &[
                    ("trace.lesson", "quotas"),
                    ("query", "lesson=quotas&trace=quota:none"),
                    ("trace.tracks.0.key", "units"),
                    ("trace.tracks.3.key", "rapor"),
                    ("controls.0.key", "quota"),
                    ("controls.0.chosen", "0"),
                ],
                ..PRINTS
            },
            Prints {
                args: &["quotas", "--trace=quota:none", "--format", "csv"],
                contains: &["queue"],
                lines: 11,
                ..PRINTS
            },
        ],
        refuses: &[
            refuses(
                "quota:5/5/5",
                "quota: none, the lesson's quotas (6/3/3) or an entry of quota_sweep (6/3/3, 8/4/4, 4/2/2, 8/2/2)",
            ),
            refuses("quota:6/3", "quota: none, the lesson's quotas"),
            refuses("quota:x", "an entry of quota_sweep"),
            refuses("fencing:0", "or quota:A/B/C (the lesson's quotas"),
            refuses("none", "quota:none (the run without quotas)"),
        ],
        over: Some((
            &["capacity=10000", "rounds=100"],
            "lower capacity or rounds",
        )),
        points: Some((&["group:quota_sweep"], "quota:{x}", 3 * 4)),
    },
    Case {
        lesson: "claim_check",
        prints: &[
            Prints {
                args: &["claim_check", "--trace=dangling"],
                starts: "trace: claim_check ttl:24,dangling (",
                contains: &[
                    "dangling_replay",
                    "totals: payload_reads 32882, dangling 8275, dangling_late 363, dangling_replay 7912",
                ],
                ..PRINTS
            },
            Prints {
                args: &["claim_check", "--trace=dangling", "--format", "lesson"],
                starts: "trace: claim_check",
                ..PRINTS
            },
            Prints {
                args: &["claim_check", "--trace=dangling", "--format", "json"],
                json: &[
                    ("trace.lesson", "claim_check"),
                    ("trace.selector", "ttl:24,dangling"),
                ],
                ..PRINTS
            },
            Prints {
                args: &["claim_check", "--trace=dangling", "--format", "csv"],
                contains: &["dangling_replay"],
                lines: 11,
                ..PRINTS
            },
        ],
        refuses: &[
            refuses("event:20000", ""),
            refuses("event:99999", "event"),
            refuses("event:-1", ""),
            // A TTL of 0 (or half an hour) is a value since the previews take what the script
            // takes.
            refuses("ttl:-1", ""),
            refuses("ttl:x", ""),
            refuses("ttl:NaN", ""),
            refuses("nope", ""),
            refuses("dangling,event:3", ""),
        ],
        over: None,
        points: None,
    },
];

/// Every lesson of the registry that has a watched run is in the table.
#[test]
fn every_lesson_with_a_trace_has_a_case() {
    let mut with: Vec<&str> = tatbikat::lessons::ALL
        .iter()
        .filter(|l| l.watch().is_some())
        .map(|l| l.id())
        .collect();
    let mut cased: Vec<&str> = CASES.iter().map(|c| c.lesson).collect();
    with.sort_unstable();
    cased.sort_unstable();
    assert_eq!(with, cased);
}

#[test]
fn the_cli_prints_each_lessons_trace_as_text_json_and_csv() {
    for p in CASES.iter().flat_map(|c| c.prints) {
        let (code, out, err) = cli(p.args);
        assert_eq!(code, 0, "{:?}: {err}", p.args);
        assert!(out.starts_with(p.starts), "{:?}: {out}", p.args);
        for says in p.contains {
            assert!(out.contains(says), "{:?} says {says:?}: {out}", p.args);
        }
        assert!(out.lines().count() >= p.lines, "{:?}: {out}", p.args);
        if p.json.is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(&out).unwrap();
        for (field, want) in p.json {
            let got = v
                .pointer(&format!("/{}", field.replace('.', "/")))
                .unwrap_or(&Value::Null);
            let got = got.as_str().map_or_else(|| got.to_string(), str::to_string);
            assert_eq!(&got, want, "{:?} {field}", p.args);
        }
    }
}

#[test]
fn each_bad_selector_is_named_by_the_library_and_the_cli() {
    for case in CASES {
        let l = lesson(case.lesson);
        for r in case.refuses {
            let set = l
                .params(r.set.iter().map(|a| a.split_once('=').unwrap()))
                .unwrap();
            let e = l.trace(&set, r.selector).unwrap_err();
            assert_eq!(
                e.param.as_deref(),
                Some("trace"),
                "{} {}",
                case.lesson,
                r.selector
            );
            assert_eq!(e.value.as_deref(), Some(r.selector), "{}", case.lesson);
            assert!(l.check_trace(&set, r.selector).is_err(), "{}", r.selector);
            let mut args = vec![case.lesson.to_string()];
            for s in r.set {
                args.extend(["--set".to_string(), s.to_string()]);
            }
            args.push(format!("--trace={}", r.selector));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, _, err) = cli(&args);
            assert_eq!(code, 2, "{args:?}");
            assert!(
                err.contains("trace") && err.contains(r.selector) && err.contains(r.says),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn a_run_over_the_traces_limit_names_what_to_lower() {
    for case in CASES {
        let Some((set, says)) = case.over else {
            continue;
        };
        let mut args = vec![case.lesson.to_string()];
        for s in set {
            args.extend(["--set".to_string(), s.to_string()]);
        }
        args.push("--trace".into());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = cli(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn chart_points_open_their_run() {
    for case in CASES {
        let Some((charts, selector, count)) = case.points else {
            continue;
        };
        let report = cli_json(&[case.lesson.into(), "--format".into(), "json".into()]);
        let mut found = 0;
        for g in report["sections"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["groups"].as_array().unwrap())
        {
            let group = format!("group:{}", g["key"].as_str().unwrap());
            for c in g["charts"].as_array().into_iter().flatten() {
                if !charts.contains(&group.as_str())
                    && !charts.contains(&c["key"].as_str().unwrap())
                {
                    continue;
                }
                for p in c["series"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|s| s["points"].as_array().unwrap())
                {
                    let x = p["x"]
                        .as_str()
                        .map_or_else(|| p["x"].as_f64().unwrap().to_string(), str::to_string);
                    assert_eq!(p["trace"], selector.replace("{x}", &x), "{}", case.lesson);
                    found += 1;
                }
            }
        }
        assert_eq!(found, count, "{}", case.lesson);
    }
}
