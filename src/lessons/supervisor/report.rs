//! The supervisor lesson's tables and lines, laid out as olc.mjs (`measure`) and hesap.mjs
//! (`daily`) print them.

use super::kinds::Fault;
use super::model::{Outcome, daily_scans};
use super::params::SupervisorParams;
use super::simulate::SupervisorResult;
use crate::chart::{Chart, Point, X, series};
use crate::report::{Block, Cell, Column, Group, Line, Section, Table, int, left, right, t, v};

fn faults_text(faults: &[Fault]) -> String {
    faults
        .iter()
        .map(|f| format!("S{}@{}", f.job, f.step))
        .collect::<Vec<_>>()
        .join(", ")
}

/// olc.mjs: the scenario line, supervisor off/on, and the scan sweep; its charts when the reader
/// draws them (`charts`).
pub fn measure(p: &SupervisorParams, r: &SupervisorResult, charts: bool) -> Section {
    // With random faults the line lists what was drawn.
    let (hung, permanent) = super::real::faults(p);
    let scenario = Line::new(
        "supervisor.scenario",
        vec![
            v("jobs", int(p.jobs as u64)),
            t(" is, "),
            v("steps", int(p.steps.len() as u64)),
            t(" adim; "),
            v("hung_count", int(hung.len() as u64)),
            t(" adim asili kaliyor ("),
            v("hung", Cell::Text(faults_text(&hung))),
            t("), "),
            v("permanent_count", int(permanent.len() as u64)),
            t(" adim kalici hatali ("),
            v("permanent", Cell::Text(faults_text(&permanent))),
            t(")"),
        ],
    );
    type Metric = (&'static str, &'static str, fn(&Outcome) -> u64);
    let metrics: [Metric; 8] = [
        ("completed_jobs", "tamamlanan is", |o| o.completed),
        ("steps_run", "yurutulen adim", |o| o.steps_run),
        ("redriven_steps", "yeniden surulen adim", |o| o.redriven),
        ("wasted_steps", "bosa yurutulen adim", |o| o.wasted),
        ("compensated_jobs", "telafi edilen is", |o| {
            o.compensated_jobs
        }),
        ("compensated_steps", "telafi edilen adim", |o| {
            o.compensated_steps
        }),
        ("half_done_jobs", "yarim kalan is", |o| o.half_done),
        ("last_round", "son isin bittigi tur", |o| {
            u64::from(o.last_round)
        }),
    ];
    let comparison = Table {
        key: "supervisor_comparison",
        columns: vec![
            left("metric", "olcu", 24),
            right("supervisor_off", "denetci yok", 14),
            right("supervisor_on", "denetci var", 14),
        ],
        rows: metrics
            .iter()
            .map(|(key, text, get)| {
                vec![Cell::Label { key, text }, int(get(&r.off)), int(get(&r.on))]
            })
            .collect(),
    };
    // Beyond the lesson: the recovery figures of the same two runs (what a sweep of scan or
    // lease reads; the lesson shows them only in the scan sweep).
    let recovery = Table {
        key: "recovery",
        columns: vec![
            left("metric", "olcu", 24),
            right("supervisor_off", "denetci yok", 14),
            right("supervisor_on", "denetci var", 14),
        ],
        rows: [
            (
                "records_read",
                "okunan kayit",
                Cell::Int(r.off.records_read as i64),
                Cell::Int(r.on.records_read as i64),
            ),
            (
                "recoveries",
                "kurtarma",
                Cell::Int(r.off.recoveries as i64),
                Cell::Int(r.on.recoveries as i64),
            ),
            (
                "avg_recovery",
                "ort kurtarma",
                Cell::fixed(r.off.avg_recovery, 2),
                Cell::fixed(r.on.avg_recovery, 2),
            ),
            (
                "worst_recovery",
                "en kotu kurtarma",
                Cell::Int(r.off.worst_recovery as i64),
                Cell::Int(r.on.worst_recovery as i64),
            ),
        ]
        .into_iter()
        .map(|(key, text, off, on)| vec![Cell::Label { key, text }, off, on])
        .collect(),
    };
    let sweep = Table {
        key: "scan_sweep",
        columns: vec![
            right("scan", "tarama", 7),
            right("completed_jobs", "kurtarilan is", 15),
            right("avg_recovery", "ort kurtarma", 14),
            right("worst_recovery", "en kotu", 9),
            right("last_round", "son tur", 9),
            right("records_read", "okunan kayit", 14),
        ],
        rows: r
            .sweep
            .iter()
            .map(|(scan, o)| {
                vec![
                    int(u64::from(*scan)),
                    int(o.completed),
                    Cell::fixed(o.avg_recovery, 2),
                    int(o.worst_recovery),
                    int(u64::from(o.last_round)),
                    int(o.records_read),
                ]
            })
            .collect(),
    };
    let mut groups = vec![Group::new("scenario", vec![Block::Line(scenario)])];
    if p.random_faults() {
        groups.push(Group::beyond_lesson(
            "random_faults",
            vec![Block::Line(Line::new(
                "supervisor.random_faults",
                vec![
                    t("rastgele ariza (hung/permanent haritalari kullanilmaz): adim basina asili kalma "),
                    v("hang_rate", Cell::Number(p.hang_rate)),
                    t(", kalici hata "),
                    v("fail_rate", Cell::Number(p.fail_rate)),
                    t(", tohum "),
                    v("seed", int(p.fault_seed)),
                    t("; cekilen asili: "),
                    v("hung", Cell::Text(faults_text(&hung))),
                    t("; cekilen kalici: "),
                    v("permanent", Cell::Text(faults_text(&permanent))),
                ],
            ))],
        ));
    }
    groups.push(Group::new(
        "supervisor_comparison",
        vec![Block::Table(comparison)],
    ));
    if let Some(d) = &r.duplicates {
        groups.push(Group::beyond_lesson(
            "duplicates",
            vec![Block::Line(Line::new(
                "supervisor.duplicates",
                vec![
                    t("adimlar etkisiz degil: denetcili kosumdaki "),
                    v("wasted", int(d.wasted)),
                    t(" bosa yurutmenin "),
                    v("lines", int(d.lines)),
                    t(" tanesi fatura adiminda ("),
                    v("invoice_steps", Cell::Text(p.invoice_steps.join(", "))),
                    t(") ve fazladan fatura satiri yazar"),
                ],
            ))],
        ));
    }
    groups.push(Group::beyond_lesson(
        "recovery",
        vec![Block::Table(recovery)],
    ));
    groups.push(
        Group::new("scan_sweep", vec![Block::Table(sweep)]).charted(charts, || sweep_charts(r)),
    );
    Section {
        name: "measure",
        groups,
    }
}

/// hesap.mjs: the model's rates applied to a day's workflows, and the cost of the scan interval.
pub fn daily(p: &SupervisorParams, r: &SupervisorResult) -> Section {
    let intro = Line::new(
        "supervisor.daily_intro",
        vec![
            t("gunluk is akisi "),
            v("daily_workflows", int(p.daily_workflows)),
            t(", adim/gun "),
            v("daily_steps", int(r.daily_steps)),
            t(", modelde bosa giden yeniden surme orani "),
            v("wasted_share", Cell::fixed(r.wasted_share, 3)),
        ],
    );
    let table = Table {
        key: "daily_hang",
        columns: vec![
            right("hang_rate", "KK3", 6),
            right("hung_steps_per_day", "asili adim/gun", 16),
            right("redrives_per_day", "yeniden surme/gun", 19),
            right("wasted_per_day", "bosa yurutulen/gun", 20),
            right("half_done_without_supervisor", "denetcisiz yarim is", 21),
            right("job_rate", "is orani", 10),
        ],
        rows: r
            .daily
            .iter()
            .map(|d| {
                vec![
                    Cell::fixed(d.hang_rate, 3),
                    Cell::fixed(d.hung_steps, 0),
                    Cell::fixed(d.redrives, 0),
                    Cell::fixed(d.wasted, 0),
                    Cell::fixed(d.half_done, 0),
                    Cell::Percent {
                        value: d.half_done_pct,
                        decimals: 2,
                    },
                ]
            })
            .collect(),
    };
    let mut cost = vec![Block::Line(Line::new(
        "supervisor.scan_cost",
        vec![t("tarama araliginin bedeli (model olcumu, belirlenimli):")],
    ))];
    for scan in daily_scans(p) {
        let Some((_, o)) = r.sweep.iter().find(|(s, _)| *s == scan) else {
            continue;
        };
        cost.push(Block::Line(Line::new(
            "supervisor.scan_cost_row",
            vec![
                t("  tarama "),
                v("scan", int(u64::from(scan))),
                t(": ort kurtarma "),
                v("avg_recovery", Cell::fixed(o.avg_recovery, 2)),
                t(" tur, en kotu "),
                v("worst_recovery", int(o.worst_recovery)),
                t(", son tur "),
                v("last_round", int(u64::from(o.last_round))),
                t(", okunan kayit "),
                v("records_read", int(o.records_read)),
            ],
        )));
    }
    let mut groups = vec![
        Group::new("daily_intro", vec![Block::Line(intro)]),
        Group::new("daily_hang", vec![Block::Table(table)]),
    ];
    if let Some(d) = &r.duplicates {
        const COLUMNS: [Column; 3] = [
            right("hang_rate", "KK3", 6),
            right("wasted_per_day", "bosa yurutulen/gun", 20),
            right("duplicate_lines_per_day", "fazladan fatura satiri/gun", 28),
        ];
        let rows: Vec<(f64, f64, f64)> = r
            .daily
            .iter()
            .zip(&d.lines_per_day)
            .map(|(row, lines)| (row.hang_rate, row.wasted, *lines))
            .collect();
        groups.push(Group::beyond_lesson(
            "daily_duplicates",
            vec![crate::report::table(
                "daily_duplicates",
                &COLUMNS,
                &rows,
                &|x: &(f64, f64, f64)| {
                    vec![
                        Cell::fixed(x.0, 3),
                        Cell::fixed(x.1, 0),
                        Cell::fixed(x.2, 0),
                    ]
                },
            )],
        ));
    }
    groups.push(Group::new("scan_cost", cost));
    Section {
        name: "daily",
        groups,
    }
}

/// The scan sweep against the scan interval: recovery delays, last round, records read.
fn sweep_charts(r: &SupervisorResult) -> Vec<Chart> {
    // Each point is the run with that scan interval: its trace is `scan:N`.
    let watch = |_: usize, p: &Point| match p.x {
        X::Num(x) => Some(format!("scan:{}", x as i64)),
        X::Cat(_) => None,
    };
    let points = |f: fn(&Outcome) -> f64| r.sweep.iter().map(move |(s, o)| (f64::from(*s), f(o)));
    let scan = ("scan", Some("rounds"));
    vec![
        Chart::line(
            "recovery_vs_scan",
            scan,
            ("recovery_delay", Some("rounds")),
            vec![
                series("avg_recovery", 2, points(|o| o.avg_recovery)),
                series("worst_recovery", 0, points(|o| o.worst_recovery as f64)),
            ],
        )
        .with_traces(watch),
        Chart::line(
            "last_round_vs_scan",
            scan,
            ("last_round", Some("rounds")),
            vec![series("last_round", 0, points(|o| f64::from(o.last_round)))],
        )
        .with_traces(watch),
        Chart::line(
            "records_vs_scan",
            scan,
            ("records_read", Some("records")),
            vec![series("records_read", 0, points(|o| o.records_read as f64))],
        )
        .with_traces(watch),
    ]
}
