//! The jobs lesson's tables and lines, laid out as olcum/isler.mjs prints them.

use super::model::{JobsResult, Policy};
use super::params::JobsParams;
use crate::report::{Block, Cell, Group, Line, Section, Table, left, right, t, v};

fn int(n: u64) -> Cell {
    Cell::Int(n as i64)
}

/// The policy's label as the lesson names it.
pub fn policy_label(p: Policy) -> Cell {
    match p {
        Policy::Skip => Cell::Label {
            key: "skip",
            text: "atla",
        },
        Policy::Queue => Cell::Label {
            key: "queue",
            text: "siraya al",
        },
        Policy::Parallel => Cell::Label {
            key: "parallel",
            text: "paralel kos",
        },
    }
}

/// isler.mjs, all four parts.
pub fn measure(p: &JobsParams, r: &JobsResult) -> Section {
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
    Section {
        name: "measure",
        groups: vec![
            Group {
                key: "retry_limit",
                blocks: vec![Block::Table(retry)],
            },
            Group {
                key: "parallelism",
                blocks: vec![Block::Table(parallel)],
            },
            Group {
                key: "overlap",
                blocks: vec![
                    Block::Line(durations),
                    Block::Table(policies),
                    Block::Line(unprocessed),
                ],
            },
            Group {
                key: "missed",
                blocks: vec![Block::Table(windows), Block::Line(info)],
            },
        ],
    }
}
