//! The jobs lesson's tables and lines, laid out as olcum/isler.mjs prints them.

use super::model::{JobsResult, Policy};
use super::params::JobsParams;
use crate::chart::{Category, Chart, X, bars, series, series_with_bars};
use crate::report::{
    Block, Cell, Column, Group, Line, SPREAD_COLUMNS, Section, Table, inside_cell, int, left,
    right, t, table, v,
};
use crate::stats::{Z95, wilson};

/// The policy's message key and the lesson's name for it.
pub fn policy_name(p: Policy) -> (&'static str, &'static str) {
    match p {
        Policy::Skip => ("skip", "atla"),
        Policy::Queue => ("queue", "siraya al"),
        Policy::Parallel => ("parallel", "paralel kos"),
        Policy::Replace => ("replace", "degistir"),
    }
}

/// The policy's label as the lesson names it.
pub fn policy_label(p: Policy) -> Cell {
    let (key, text) = policy_name(p);
    Cell::Label { key, text }
}

/// isler.mjs, all four parts; their charts when the reader draws them (`charts`).
pub fn measure(p: &JobsParams, r: &JobsResult, charts: bool) -> Section {
    let retry = Table {
        key: "retry_limit",
        columns: vec![
            left("retry_limit", "deneme siniri", 14),
            right("completed_nights", "tamamlanan gece", 16),
            right("failed_nights", "basarisiz gece", 16),
            right("attempts", "toplam deneme", 15),
            right("wasted_attempts", "bosa giden deneme", 19),
            right("leftover_pods", "kalan artik kapsul", 20),
        ],
        rows: r
            .retry
            .iter()
            .map(|x| {
                vec![
                    int(u64::from(x.limit)),
                    int(x.completed),
                    int(x.failed),
                    int(x.attempts),
                    int(x.wasted),
                    int(x.wasted),
                ]
            })
            .collect(),
    };
    let parallel = Table {
        key: "parallelism",
        columns: vec![
            left("parallelism", "paralellik", 11),
            right("completions", "tamamlanma sayisi", 18),
            right("rounds", "tur", 5),
            right("pod_rounds", "kapsul-tur", 12),
            right("idle_slots", "bos yuva", 10),
            right("rounds_one_retry", "bir dilim 2 deneme", 20),
            right("increase", "artis", 8),
        ],
        rows: r
            .parallel
            .iter()
            .map(|x| {
                vec![
                    int(x.parallelism),
                    int(x.completions),
                    int(x.rounds),
                    int(x.pod_rounds),
                    int(x.idle_slots),
                    int(x.rounds_one_retry),
                    Cell::Percent {
                        value: x.increase_pct,
                        decimals: 0,
                    },
                ]
            })
            .collect(),
    };
    let durations = Line::new(
        "jobs.durations",
        vec![
            v("nights", int(p.nights as u64)),
            t(" gecenin kosum sureleri (saat): "),
            v("durations", Cell::IntList(r.durations.clone())),
        ],
    );
    let policies = Table {
        key: "overlap",
        columns: vec![
            left("policy", "politika", 13),
            right("started", "baslayan", 10),
            right("skipped", "atlanan", 9),
            right("max_concurrent", "en fazla es zamanli", 21),
            right("max_queue", "en fazla kuyruk", 17),
            right("avg_delay", "ort. gecikme (saat)", 21),
            right("pod_hours", "kapsul-saat", 13),
        ],
        rows: r
            .policies
            .iter()
            .map(|x| {
                vec![
                    policy_label(x.policy),
                    int(x.started),
                    int(x.skipped),
                    int(x.max_concurrent),
                    int(x.max_queue),
                    Cell::fixed(x.avg_delay, 2),
                    Cell::Int(x.pod_hours),
                ]
            })
            .collect(),
    };
    let unrun = |i: usize| int(p.nights as u64 - r.policies[i].started);
    let unprocessed = Line::new(
        "jobs.unprocessed",
        vec![
            t("islenmeyen gece: atla "),
            v("skip", unrun(0)),
            t(", siraya al "),
            v("queue", unrun(1)),
            t(", paralel kos "),
            v("parallel", unrun(2)),
            t("; sondan sonraya sarkan kosum "),
            v("spill_over", int(r.policies[1].spill_over)),
        ],
    );
    let windows = Table {
        key: "missed",
        columns: vec![
            left("window", "baslangic penceresi", 20),
            right("compensated", "telafi edilen", 15),
            right("dropped", "dusurulen", 11),
            right("skip_runs", "atla ile kosan", 16),
            right("queue_runs", "siraya al ile kosan", 21),
            right("parallel_runs", "paralel ile kosan", 19),
        ],
        rows: r
            .windows
            .iter()
            .map(|x| {
                vec![
                    int(x.window),
                    int(x.compensated),
                    int(x.dropped),
                    int(x.skip_runs),
                    int(x.queue_runs),
                    int(x.parallel_runs),
                ]
            })
            .collect(),
    };
    let info = Line::new(
        "jobs.info_items",
        vec![
            t(
                "bilgi kalemi: gece basina 4 (planli an, kosum suresi, deneme sayaci, acik kosum sayisi) = ",
            ),
            v("items", int(p.nights as u64 * 4)),
            t(" (tohum "),
            v("seed", int(p.seed)),
            t(")"),
        ],
    );
    let mut groups = vec![
        Group::new("retry_limit", vec![Block::Table(retry)]).charted(charts, || retry_charts(r)),
        exact_group(p, r, charts),
    ];
    groups.extend(real_retry_groups(p, r));
    groups.push(
        Group::new("parallelism", vec![Block::Table(parallel)])
            .charted(charts, || parallel_charts(r)),
    );
    groups.push(
        Group::new(
            "overlap",
            vec![
                Block::Line(durations),
                Block::Table(policies),
                Block::Line(unprocessed),
            ],
        )
        .charted(charts, || overlap_charts(p, r)),
    );
    if p.replace_policy || p.starting_deadline.is_some() {
        groups.push(real_overlap_group(p, r));
    }
    groups.push(
        Group::new("missed", vec![Block::Table(windows), Block::Line(info)])
            .charted(charts, || window_charts(r)),
    );
    Section {
        name: "measure",
        groups,
    }
}

/// Beyond the lesson: each policy's killed runs and lost pod-hours (Replace) and the runs the
/// starting deadline skipped.
fn real_overlap_group(p: &JobsParams, r: &JobsResult) -> Group {
    const COLUMNS: [Column; 6] = [
        left("policy", "politika", 13),
        right("started", "baslayan", 10),
        right("skipped", "atlanan", 9),
        right("killed_runs", "oldurulen", 11),
        right("completed_runs", "biten kosum", 13),
        right("lost_pod_hours", "kaybedilen kapsul-saat", 24),
    ];
    let deadline = match p.starting_deadline {
        Some(h) => Cell::Int(h),
        None => Cell::Label {
            key: "none",
            text: "yok",
        },
    };
    let intro = Line::new(
        "jobs.real_overlap",
        vec![
            t(
                "degistir: suren kosum oldurulur, yenisi zamaninda baslar; baslama suresi siniri (saat): ",
            ),
            v("deadline", deadline),
        ],
    );
    let rows = table("real_overlap", &COLUMNS, &r.policies, &|x| {
        vec![
            policy_label(x.policy),
            int(x.started),
            int(x.skipped),
            int(x.killed),
            int(x.started - x.killed),
            Cell::Int(x.lost_pod_hours),
        ]
    });
    Group::beyond_lesson("real_overlap", vec![Block::Line(intro), rows])
}

/// Beyond the lesson: failed pods under a retention time, and the back-off between attempts.
fn real_retry_groups(p: &JobsParams, r: &JobsResult) -> Vec<Group> {
    const PODS: [Column; 4] = [
        left("retry_limit", "deneme siniri", 14),
        right("failed_pods", "basarisiz kapsul", 18),
        right("pods_left_at_end", "sonda kalan", 13),
        right("pods_peak", "en fazla", 10),
    ];
    const BACKOFF: [Column; 5] = [
        left("retry_limit", "deneme siniri", 14),
        right("retries", "yeniden deneme", 16),
        right("backoff_total_s", "toplam bekleme s", 18),
        right("backoff_avg_s", "gece basina s", 15),
        right("backoff_worst_s", "en kotu gece s", 16),
    ];
    let mut groups = Vec::new();
    if let Some(ttl) = p.failed_pod_ttl {
        let intro = Line::new(
            "jobs.pod_ttl",
            vec![
                t("basarisiz kapsul "),
                v("ttl", Cell::Int(ttl)),
                t(" saat sonra silinir; bir gecenin denemeleri planli aninda"),
            ],
        );
        let rows = table("pod_ttl", &PODS, &r.real.pods, &|x| {
            vec![
                int(u64::from(x.limit)),
                int(x.failed_pods),
                int(x.left_at_end),
                int(x.peak),
            ]
        });
        groups.push(Group::beyond_lesson(
            "pod_ttl",
            vec![Block::Line(intro), rows],
        ));
    }
    if p.backoff {
        let intro = Line::new(
            "jobs.backoff",
            vec![t(
                "her yeniden denemeden once bekleme: 10 s, iki katina, en cok 360 s",
            )],
        );
        let rows = table("backoff", &BACKOFF, &r.real.backoff, &|x| {
            vec![
                int(u64::from(x.limit)),
                int(x.retries),
                int(x.total_s),
                Cell::fixed(x.avg_s, 1),
                int(x.worst_s),
            ]
        });
        groups.push(Group::beyond_lesson(
            "backoff",
            vec![Block::Line(intro), rows],
        ));
    }
    groups
}

/// Completed and failed nights and wasted attempts against the retry limit.
fn retry_charts(r: &JobsResult) -> Vec<Chart> {
    let points = |f: fn(&super::model::RetryRow) -> u64| {
        r.retry
            .iter()
            .map(move |x| (f64::from(x.limit), f(x) as f64))
    };
    vec![
        Chart::line(
            "nights_vs_retry_limit",
            ("retry_limit", Some("attempts")),
            ("count", None),
            vec![
                series("completed_nights", 0, points(|x| x.completed)),
                series("failed_nights", 0, points(|x| x.failed)),
                series("wasted_attempts", 0, points(|x| x.wasted)),
            ],
        )
        .with_traces(|_, p| match p.x {
            X::Num(x) => Some(format!("limit:{}", x as i64)),
            X::Cat(_) => None,
        }),
    ]
}

/// Rounds, and the increase one slow slice causes, against parallelism.
fn parallel_charts(r: &JobsResult) -> Vec<Chart> {
    let par = ("parallelism", Some("pods"));
    vec![
        Chart::line(
            "rounds_vs_parallelism",
            par,
            ("rounds", Some("rounds")),
            vec![
                series(
                    "rounds",
                    0,
                    r.parallel
                        .iter()
                        .map(|x| (x.parallelism as f64, x.rounds as f64)),
                ),
                series(
                    "rounds_one_retry",
                    0,
                    r.parallel
                        .iter()
                        .map(|x| (x.parallelism as f64, x.rounds_one_retry as f64)),
                ),
            ],
        ),
        Chart::line(
            "increase_vs_parallelism",
            par,
            ("increase", Some("percent")),
            vec![series(
                "increase",
                0,
                r.parallel
                    .iter()
                    .map(|x| (x.parallelism as f64, x.increase_pct)),
            )],
        ),
    ]
}

/// Each night's run time against the interval, and the three policies side by side.
fn overlap_charts(p: &JobsParams, r: &JobsResult) -> Vec<Chart> {
    let nights = bars(
        "duration",
        0,
        r.durations
            .iter()
            .enumerate()
            .map(|(i, d)| (Category::data((i + 1).to_string()), *d as f64)),
    );
    let mut charts = vec![
        Chart::bar(
            "durations_vs_interval",
            ("night", None),
            ("run_time", Some("hours")),
            vec![nights],
        )
        .with_rule("interval", p.interval as f64),
    ];
    type Metric = (
        &'static str,
        &'static str,
        Option<&'static str>,
        u8,
        fn(&super::model::PolicyResult) -> f64,
    );
    let metrics: [Metric; 6] = [
        ("policy_started", "started", Some("runs"), 0, |x| {
            x.started as f64
        }),
        ("policy_skipped", "skipped", Some("runs"), 0, |x| {
            x.skipped as f64
        }),
        (
            "policy_max_concurrent",
            "max_concurrent",
            Some("runs"),
            0,
            |x| x.max_concurrent as f64,
        ),
        ("policy_max_queue", "max_queue", Some("runs"), 0, |x| {
            x.max_queue as f64
        }),
        ("policy_avg_delay", "avg_delay", Some("hours"), 2, |x| {
            x.avg_delay
        }),
        ("policy_pod_hours", "pod_hours", Some("hours"), 0, |x| {
            x.pod_hours as f64
        }),
    ];
    for (key, column, unit, decimals, get) in metrics {
        let b = bars(
            column,
            decimals,
            r.policies.iter().map(|x| {
                let (k, text) = policy_name(x.policy);
                (Category::label(k, text), get(x))
            }),
        );
        charts.push(Chart::bar(key, ("policy", None), (column, unit), vec![b]));
    }
    charts
}

/// Compensated, dropped and run missed runs per policy against the starting window.
fn window_charts(r: &JobsResult) -> Vec<Chart> {
    let points = |f: fn(&super::model::WindowRow) -> u64| {
        r.windows
            .iter()
            .map(move |x| (x.window as f64, f(x) as f64))
    };
    vec![Chart::line(
        "runs_vs_window",
        ("window", Some("runs")),
        ("missed_runs", Some("runs")),
        vec![
            series("compensated", 0, points(|x| x.compensated)),
            series("dropped", 0, points(|x| x.dropped)),
            series("skip_runs", 0, points(|x| x.skip_runs)),
            series("queue_runs", 0, points(|x| x.queue_runs)),
            series("parallel_runs", 0, points(|x| x.parallel_runs)),
        ],
    )]
}

/// Beyond the lesson: the completion probability 1 − p^limit and the expected attempts beside
/// the sampled shares, their 95% intervals, and the spread over replications with other seeds.
fn exact_group(p: &JobsParams, r: &JobsResult, charts: bool) -> Group {
    let nights = p.nights as u64;
    let reps = !r.retry_replicated.is_empty();
    let mut columns = vec![
        left("retry_limit", "deneme siniri", 14),
        right("completed_share", "tamamlanma payi", 16),
        right("ci_low", "%95 alt", 10),
        right("ci_high", "%95 ust", 10),
        right("exact_completion", "kesin pay", 12),
        right("exact_inside", "aralikta", 10),
        right("attempts_per_night", "deneme/gece", 13),
        right("exact_attempts_per_night", "kesin deneme/gece", 19),
    ];
    if reps {
        columns.extend(SPREAD_COLUMNS);
    }
    let mut bars_points = Vec::new();
    let rows = r
        .retry
        .iter()
        .zip(&r.retry_exact)
        .enumerate()
        .map(|(i, (row, ex))| {
            let share = row.completed as f64 / nights as f64;
            let (lo, hi) = wilson(row.completed, nights, Z95);
            let mut cells = vec![
                int(u64::from(row.limit)),
                Cell::fixed(share, 4),
                Cell::fixed(lo, 4),
                Cell::fixed(hi, 4),
                Cell::fixed(ex.completion, 4),
                inside_cell(ex.completion, (lo, hi)),
                Cell::fixed(row.attempts as f64 / nights as f64, 3),
                Cell::fixed(ex.attempts_per_night, 3),
            ];
            let x = f64::from(row.limit);
            match r.retry_replicated.get(i) {
                Some(sp) => {
                    cells.extend([
                        Cell::fixed(sp.mean, 2),
                        Cell::fixed(sp.sd, 2),
                        Cell::fixed(sp.min, 0),
                        Cell::fixed(sp.max, 0),
                    ]);
                    let n = nights as f64;
                    bars_points.push((x, sp.mean / n, sp.min / n, sp.max / n));
                }
                None => bars_points.push((x, share, lo, hi)),
            }
            cells
        })
        .collect();
    let intro = Line::new(
        "jobs.exact_intro",
        vec![
            t("kesin degerler: bir gece, butun denemeleri "),
            v("fail_prob", Cell::Number(p.fail_prob)),
            t(
                " olasilikla basarisiz olursa tamamlanmaz; orneklenen paylarin %95 Wilson araligi; tekrar: ",
            ),
            v("replications", int(u64::from(p.replications))),
        ],
    );
    let chart = || {
        vec![Chart::line(
            "completion_exact",
            ("retry_limit", Some("attempts")),
            ("completion", None),
            vec![
                series_with_bars(
                    if reps { "rep_mean" } else { "completed_share" },
                    4,
                    bars_points,
                ),
                series(
                    "exact_completion",
                    4,
                    r.retry_exact
                        .iter()
                        .map(|e| (f64::from(e.limit), e.completion)),
                ),
            ],
        )]
    };
    Group::beyond_lesson(
        "exact",
        vec![
            Block::Line(intro),
            Block::Table(Table {
                key: "retry_exact",
                columns,
                rows,
            }),
        ],
    )
    .charted(charts, chart)
}
