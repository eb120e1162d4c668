//! The leader lesson's tables and lines, laid out as lider/olc.mjs (`measure`) and hesap.mjs
//! (`daily`) print them, with the sweeps' charts for the page.

use super::exact::{crash_gap, gap_range};
use super::kinds::NodeAt;
use super::model::{Daily, Measure, Run};
use super::params::LeaderParams;
use crate::chart::{Chart, Point, Series, X, series};
use crate::params::KindValue;
use crate::report::{
    Block, Cell, Column, Group, Section, Table, inside_cell, int, left, right, table,
};

/// A crash or pause map as the script prints it (`P.crash || "yok"`).
fn map_text(map: &[NodeAt]) -> Cell {
    if map.is_empty() {
        Cell::Text("yok".into())
    } else {
        Cell::Text(map.to_vec().to_text())
    }
}

/// A lease sweep's point is the run at that lease, without fencing (see `trace.rs`).
fn watch(_: usize, p: &Point) -> Option<String> {
    match p.x {
        X::Num(x) => Some(format!("fencing:0,lease:{}", x as i64)),
        X::Cat(_) => None,
    }
}

const SWEEP_COLUMNS: [Column; 8] = [
    right("lease", "kira", 5),
    right("renew", "yenileme", 10),
    right("takeovers", "devralma", 10),
    right("avg_gap", "ort. kesinti", 14),
    right("longest_gap", "en uzun", 9),
    right("double_runs", "cift kosan", 12),
    right("lease_writes", "kira yazmasi", 14),
    right("record_reads", "kayit okumasi", 15),
];

const MISSET_COLUMNS: [Column; 6] = [
    right("lease", "kira", 5),
    right("takeovers", "devralma", 10),
    right("double_runs", "cift kosan", 12),
    right("two_leaders", "iki lider sanan", 17),
    right("fenced_double", "citli cift", 12),
    right("fenced_rejected", "citli reddedilen", 18),
];

const DAILY_COLUMNS: [Column; 5] = [
    right("lease", "kira", 5),
    right("longest_gap_s", "en uzun kesinti s", 19),
    right("duplicates_per_day", "cift satir/gun", 16),
    right("duplicates_per_year", "yilda", 8),
    right("writes_per_day", "kira yazmasi/gun", 18),
];

/// olc.mjs: the scenario, the runs without and with fencing, the lease sweep, the mis-set lease;
/// their charts when the reader draws them (`charts`).
pub fn measure(p: &LeaderParams, m: &Measure, charts: bool) -> Section {
    let scenario = crate::report::line_from(
        "leader.scenario",
        "{nodes} dugum; kira {lease} tur, yenileme {renew} turda bir, yoklama {poll} turda bir; coken: {crash}, donan: {pause}",
        vec![
            int(p.nodes.into()),
            int(p.lease.into()),
            int(p.renew.into()),
            int(p.poll.into()),
            map_text(&p.crash),
            map_text(&p.pause),
        ],
    );
    type Metric = (&'static str, &'static str, fn(&Run) -> u64);
    const METRICS: [Metric; 8] = [
        ("led_rounds", "liderli tur", |r| r.led),
        ("leaderless_rounds", "lidersiz tur", |r| r.leaderless),
        ("double_run_rounds", "cift kosan tur", |r| r.double),
        ("two_leader_rounds", "iki lider sanan tur", |r| {
            r.two_believe
        }),
        ("takeovers", "devralma", |r| r.takeovers),
        ("rejected_writes", "reddedilen yazma", |r| r.rejected),
        ("lease_writes", "kira yazmasi", |r| r.writes),
        ("record_reads", "kayit okumasi", |r| r.reads),
    ];
    let mut rows = Vec::with_capacity(METRICS.len());
    for (key, text, get) in METRICS {
        rows.push(vec![
            Cell::Label { key, text },
            int(get(&m.unfenced)),
            int(get(&m.fenced)),
        ]);
    }
    let fencing = Table {
        key: "fencing",
        columns: vec![
            left("metric", "olcu", 24),
            right("unfenced", "citsiz", 10),
            right("fenced", "citli", 10),
        ],
        rows,
    };
    let sweep = table("lease_sweep", &SWEEP_COLUMNS, &m.sweep, &|(
        lease,
        renew,
        r,
    )| {
        vec![
            int((*lease).into()),
            int((*renew).into()),
            int(r.takeovers),
            Cell::fixed(r.avg_gap, 2),
            int(r.longest_gap),
            int(r.double),
            int(r.writes),
            int(r.reads),
        ]
    });
    let misset_line = crate::report::line_from(
        "leader.misset",
        "yanlis ayar: yenileme {misset_renew} turda bir, ariza yok",
        vec![int(p.misset_renew.into())],
    );
    let misset = table("misset", &MISSET_COLUMNS, &m.misset, &|(lease, r, c)| {
        vec![
            int((*lease).into()),
            int(r.takeovers),
            int(r.double),
            int(r.two_believe),
            int(c.double),
            int(c.rejected),
        ]
    });
    let lease = ("lease", Some("rounds"));
    let sweep_charts = || {
        let mut gap = (Vec::new(), Vec::new());
        let mut writes = Vec::new();
        for (l, _, r) in &m.sweep {
            let x = f64::from(*l);
            gap.0.push((x, r.avg_gap));
            gap.1.push((x, r.longest_gap as f64));
            writes.push((x, r.writes as f64));
        }
        vec![
            Chart::line(
                "gap_vs_lease",
                lease,
                ("gap", Some("rounds")),
                vec![series("avg_gap", 2, gap.0), series("longest_gap", 0, gap.1)],
            )
            .with_traces(watch),
            Chart::line(
                "writes_vs_lease",
                lease,
                ("lease_writes", Some("writes")),
                vec![series("lease_writes", 0, writes)],
            )
            .with_traces(watch),
        ]
    };
    let misset_chart = || {
        let mut doubles = (Vec::new(), Vec::new());
        for (l, r, c) in &m.misset {
            let x = f64::from(*l);
            doubles.0.push((x, r.double as f64));
            doubles.1.push((x, c.double as f64));
        }
        vec![Chart::line(
            "double_vs_misset_lease",
            lease,
            ("double_runs", Some("rounds")),
            vec![
                series("double_runs", 0, doubles.0),
                series("fenced_double", 0, doubles.1),
            ],
        )]
    };
    Section {
        name: "measure",
        groups: vec![
            Group::new("scenario", vec![Block::Line(scenario)]),
            Group::new("fencing", vec![Block::Table(fencing)]),
            Group::new("lease_sweep", vec![sweep]).charted(charts, sweep_charts),
            Group::new("misset", vec![Block::Line(misset_line), misset])
                .charted(charts, misset_chart),
        ]
        .into_iter()
        .chain(crash_gap_group(p, m, charts))
        .collect(),
    }
}

const CRASH_GAP_COLUMNS: [Column; 7] = [
    right("lease", "kira", 5),
    right("renew", "yenileme", 10),
    right("model_gap", "model", 7),
    right("exact_gap", "kesin", 7),
    right("exact_inside", "ayni", 6),
    right("min_gap", "en az", 7),
    right("max_gap", "en cok", 8),
];

/// Beyond the lesson: the gap after the first leader's crash at each lease of the sweep, the
/// model's (the crash alone) beside the closed form and its bounds over the crash round
/// (exact.rs). Only when N1, the first leader, crashes within the run.
fn crash_gap_group(p: &LeaderParams, m: &Measure, charts: bool) -> Option<Group> {
    let crash = p.crash.iter().find(|e| e.node == 1)?.round;
    if crash < 1 || crash > i64::from(p.rounds) {
        return None;
    }
    let poll = u64::from(p.poll);
    let mut rows = Vec::with_capacity(m.sweep.len());
    let (mut model, mut exact, mut low, mut high) = (vec![], vec![], vec![], vec![]);
    for ((lease, renew, _), alone) in m.sweep.iter().zip(&m.crash_alone) {
        let (lease, renew) = (u64::from(*lease), u64::from(*renew));
        let gap = crash_gap(lease, renew, poll, crash as u64);
        let (lo, hi) = gap_range(lease, renew, poll);
        let sampled = alone.longest_gap as f64;
        rows.push(vec![
            int(lease),
            int(renew),
            int(alone.longest_gap),
            int(gap),
            inside_cell(gap as f64, (sampled, sampled)),
            int(lo),
            int(hi),
        ]);
        let x = lease as f64;
        model.push((x, sampled));
        exact.push((x, gap as f64));
        low.push((x, lo as f64));
        high.push((x, hi as f64));
    }
    let intro = crate::report::line_from(
        "leader.crash_gap_intro",
        "N1 {crash}. turda coker (donma olmadan): kira son yenilemeden sonra biter, {poll} turda bir yoklayan ilk izleyici devralir",
        vec![int(crash as u64), int(poll)],
    );
    let table = Table {
        key: "crash_gap",
        columns: CRASH_GAP_COLUMNS.to_vec(),
        rows,
    };
    let chart = || {
        vec![Chart::line(
            "crash_gap_vs_lease",
            ("lease", Some("rounds")),
            ("gap", Some("rounds")),
            vec![
                series("model_gap", 0, model),
                series("exact_gap", 0, exact),
                series("min_gap", 0, low),
                series("max_gap", 0, high),
            ],
        )]
    };
    Some(
        Group::beyond_lesson("crash_gap", vec![Block::Line(intro), Block::Table(table)])
            .charted(charts, chart),
    )
}

/// hesap.mjs: the model's double runs at K01's end-of-day scale; its chart when the reader draws
/// charts (`charts`).
pub fn daily(p: &LeaderParams, d: &Daily, charts: bool) -> Section {
    let scale = crate::report::line_from(
        "leader.daily_scale",
        "gunluk is akisi {daily_workflows}, pencere {window_h} saat, tur {round_s} s -> pencerede {window_rounds} tur, tur basina {per_round} baslatma",
        vec![
            int(p.daily_workflows),
            Cell::Number(p.window_h),
            Cell::Number(p.round_s),
            Cell::Number(d.window_rounds),
            Cell::fixed(d.per_round, 3),
        ],
    );
    let assumption = crate::report::line_from(
        "leader.daily_assumption",
        "varsayim: gunde {pauses_per_day} donma kira suresini asiyor; modelde {pauses} donma olayi var",
        vec![Cell::Number(p.pauses_per_day), int(d.pauses as u64)],
    );
    let rows = table("daily_sweep", &DAILY_COLUMNS, &d.rows, &|r| {
        vec![
            int(r.lease.into()),
            Cell::Number(r.longest_gap_s),
            Cell::fixed(r.duplicates_per_day, 1),
            Cell::fixed(r.duplicates_per_year, 0),
            Cell::fixed(r.writes_per_day, 0),
        ]
    });
    let misset = crate::report::line_from(
        "leader.daily_misset",
        "yanlis ayar (kira {misset_lease}, yenileme {misset_renew}): turlarin {double_share}'i cift kosar -> gunde {duplicate_lines} cift fatura satiri; citle 0",
        vec![
            int(p.misset_lease.into()),
            int(p.misset_renew.into()),
            Cell::Percent {
                value: 100.0 * d.misset_share,
                decimals: 2,
            },
            Cell::fixed(d.misset_share * p.daily_workflows as f64, 0),
        ],
    );
    let chart = || {
        let dup = d
            .rows
            .iter()
            .map(|r| (f64::from(r.lease), r.duplicates_per_day));
        let dup: Series = series("duplicates_per_day", 1, dup);
        vec![
            Chart::line(
                "duplicates_vs_lease",
                ("lease", Some("rounds")),
                ("duplicates_per_day", Some("lines_per_day")),
                vec![dup],
            )
            .with_traces(watch),
        ]
    };
    Section {
        name: "daily",
        groups: vec![
            Group::new(
                "daily_scale",
                vec![Block::Line(scale), Block::Line(assumption)],
            ),
            Group::new("daily_sweep", vec![rows]).charted(charts, chart),
            Group::new("daily_misset", vec![Block::Line(misset)]),
        ],
    }
}
