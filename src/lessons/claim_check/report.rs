//! The claim check lesson's output, laid out as olc.mjs prints it: the day, the two ways side by
//! side, the TTL sweep and the redelivery sweep, with charts of both sweeps for the page.

use super::exact::expected;
use super::model::{ClaimCheckResult, Tally};
use super::params::ClaimCheckParams;
use crate::chart::{Chart, Series, series};
use crate::report::{
    Block, Cell, Column, Group, Line, Section, Table, inside_cell, int, left, right, t, v,
};
use crate::stats::{Z95, wilson};

/// `2 ** 20`: bytes in a MB (olc.mjs's `MB`).
const MB: f64 = 1_048_576.0;

/// `MB(b)`: megabytes to one decimal.
fn mb(bytes: f64) -> Cell {
    Cell::fixed(bytes / MB, 1)
}

const COMPARE_COLUMNS: [Column; 3] = [
    left("metric", "olcu", 24),
    right("inline", "yuk iletide", 14),
    right("claim", "talep fisi", 14),
];

/// The comparison's metrics (olc.mjs's `OLCU`): label key and the lesson's text, in order.
const METRICS: [(&str, &str); 8] = [
    ("avg_message", "ort. ileti (bayt)"),
    ("largest_message", "en buyuk ileti (bayt)"),
    ("too_large", "siniri asan ileti"),
    ("queue_mb", "kuyruktan gecen (MB)"),
    ("store_mb", "depoya yazilan (MB)"),
    ("store_gb_hours", "depo (GB-saat)"),
    ("payload_reads", "yuk okumasi"),
    ("dangling", "sarkan baslangic"),
];

/// Metric `i` of [`METRICS`] for one tally, as olc.mjs prints it.
fn metric(i: usize, r: &Tally) -> Cell {
    match i {
        0 => Cell::fixed(r.average_message(), 0),
        1 => int(r.largest),
        2 => int(r.too_large),
        3 => mb(r.queue_bytes),
        4 => mb(r.store_bytes),
        5 => Cell::fixed(r.store_gb_hours, 1),
        6 => int(r.payload_reads),
        _ => int(r.dangling),
    }
}

const TTL_COLUMNS: [Column; 6] = [
    right("ttl", "ttl (saat)", 10),
    right("dangling", "sarkan", 9),
    right("dangling_late", "gec okumadan", 14),
    right("dangling_replay", "yeniden islemeden", 19),
    right("share", "oran", 10),
    right("gb_hours", "depo (GB-saat)", 16),
];

const REDELIVERY_COLUMNS: [Column; 4] = [
    right("redelivery", "yeniden teslim", 14),
    right("inline_mb", "iletide (MB)", 14),
    right("claim_mb", "fisle (MB)", 12),
    right("factor", "kat", 8),
];

/// The names of the day line's values and the lesson's text after each.
const DAY: [(&str, &str); 6] = [
    ("events", " durum olayi (tohum "),
    ("seed", "), "),
    ("with_proof", " tanesi teslim kaniti tasiyor; "),
    ("consumers", " tuketici, ileti siniri "),
    ("max_message_kb", " KB, yuk "),
    ("ttl_h", " saat yasiyor"),
];

/// A row of whole numbers, then numbers shown with `toFixed`: one loop for every row.
fn row(ints: &[i64], fixed: &[(f64, u8)]) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(ints.len() + fixed.len());
    for &n in ints {
        cells.push(Cell::Int(n));
    }
    for &(value, decimals) in fixed {
        cells.push(Cell::fixed(value, decimals));
    }
    cells
}

/// The series of a table's column `y` over its column `x` (one point per row, the cells' full
/// precision), named by the column's key.
fn column(table: &Table, x: usize, y: usize, decimals: u8) -> Series {
    let number = |c: &Cell| c.number().unwrap_or(f64::NAN);
    let mut points = Vec::with_capacity(table.rows.len());
    for r in &table.rows {
        points.push((number(&r[x]), number(&r[y])));
    }
    series(table.columns[y].key, decimals, points)
}

/// The `measure` section (olc.mjs); the sweeps' charts when the reader draws them (`charts`).
pub fn measure(p: &ClaimCheckParams, r: &ClaimCheckResult, charts: bool) -> Section {
    // The limit and the TTL print as `String(x)` (0.5 KB, half an hour), as the script does.
    let values = [
        Cell::Int(p.events as i64),
        Cell::Int(i64::from(p.seed)),
        Cell::Int(r.with_proof as i64),
        Cell::Int(i64::from(p.consumers)),
        Cell::Number(p.max_message_kb),
        Cell::Number(p.ttl_h),
    ];
    let mut parts = Vec::with_capacity(2 * DAY.len());
    for (&(name, text), value) in DAY.iter().zip(values) {
        parts.push(v(name, value));
        parts.push(t(text));
    }
    let intro = Line::new("claim_check.day", parts);

    let mut rows = Vec::with_capacity(METRICS.len());
    for (i, &(key, text)) in METRICS.iter().enumerate() {
        rows.push(vec![
            Cell::Label { key, text },
            metric(i, &r.inline),
            metric(i, &r.claim),
        ]);
    }
    let compare = Table {
        key: "compare",
        columns: COMPARE_COLUMNS.to_vec(),
        rows,
    };

    let mut rows = Vec::with_capacity(r.ttl_sweep.len());
    for (&ttl, s) in p.ttl_sweep.iter().zip(&r.ttl_sweep) {
        let mut cells = vec![Cell::Number(ttl)];
        cells.extend(row(
            &[
                s.dangling as i64,
                s.dangling_late as i64,
                s.dangling_replay as i64,
            ],
            &[(s.dangling_share(), 5), (s.store_gb_hours, 1)],
        ));
        rows.push(cells);
    }
    let ttl_table = Table {
        key: "ttl_sweep",
        columns: TTL_COLUMNS.to_vec(),
        rows,
    };
    let ttl_x = ("ttl", Some("hours"));
    // Drawn from the tables, before they move into their groups.
    let ttl_charts = charts.then(|| {
        vec![
            Chart::line(
                "dangling_vs_ttl",
                ttl_x,
                ("dangling", Some("reads")),
                vec![column(&ttl_table, 0, 1, 0)],
            ),
            Chart::line(
                "gb_hours_vs_ttl",
                ttl_x,
                ("gb_hours", Some("gb_hours")),
                vec![column(&ttl_table, 0, 5, 1)],
            ),
        ]
    });

    let mut rows = Vec::with_capacity(r.redelivery.len());
    for d in &r.redelivery {
        rows.push(row(
            &[],
            &[
                (d.prob, 2),
                (d.inline.queue_bytes / MB, 1),
                (d.claim.queue_bytes / MB, 1),
                (d.factor(), 0),
            ],
        ));
    }
    let redelivery = Table {
        key: "redelivery_sweep",
        columns: REDELIVERY_COLUMNS.to_vec(),
        rows,
    };
    let queue_chart = charts.then(|| {
        vec![
            Chart::line(
                "queue_mb_vs_redelivery",
                ("redelivery", None),
                ("queue_mb", Some("mb")),
                vec![column(&redelivery, 0, 1, 1), column(&redelivery, 0, 2, 1)],
            )
            .log_y(),
        ]
    });

    Section {
        name: "measure",
        groups: vec![
            Group::new("day", vec![Block::Line(intro)]),
            Group::new("compare", vec![Block::Table(compare)]),
            Group::new("ttl_sweep", vec![Block::Table(ttl_table)])
                .charted(charts, || ttl_charts.unwrap_or_default()),
            Group::new("redelivery_sweep", vec![Block::Table(redelivery)])
                .charted(charts, || queue_chart.unwrap_or_default()),
            exact_group(p, r),
        ],
    }
}

const EXACT_COLUMNS: [Column; 6] = [
    left("metric", "olcu", 24),
    right("sampled", "orneklenen", 12),
    right("expected", "beklenen", 12),
    right("ci_low", "%95 alt", 10),
    right("ci_high", "%95 ust", 10),
    right("inside", "aralikta", 10),
];

/// Beyond the lesson: the day's counts beside their expectation in closed form (exact.rs), each
/// with the 95% Wilson interval of the sampled share, and the expected bytes through the queue.
fn exact_group(p: &ClaimCheckParams, r: &ClaimCheckResult) -> Group {
    let e = expected(p);
    let events = p.events as f64;
    let rows = [
        ("proofs", "kanitli olay", r.with_proof, e.with_proof),
        (
            "too_large_inline",
            "siniri asan (iletide)",
            r.inline.too_large,
            e.over_inline * events,
        ),
        (
            "too_large_claim",
            "siniri asan (fisle)",
            r.claim.too_large,
            e.over_claim * events,
        ),
    ]
    .into_iter()
    .map(|(key, text, sampled, expected)| {
        let (low, high) = wilson(sampled, p.events, Z95);
        vec![
            Cell::Label { key, text },
            int(sampled),
            Cell::fixed(expected, 1),
            Cell::fixed(low * events, 1),
            Cell::fixed(high * events, 1),
            inside_cell(expected, (low * events, high * events)),
        ]
    })
    .collect();
    let table = Table {
        key: "expected",
        columns: EXACT_COLUMNS.to_vec(),
        rows,
    };
    let queue = Line::new(
        "claim_check.exact_queue",
        vec![
            t("beklenen kuyruk (MB): iletide "),
            v("queue_inline", mb(e.queue_inline)),
            t(", fisle "),
            v("queue_claim", mb(e.queue_claim)),
        ],
    );
    Group::beyond_lesson("exact", vec![Block::Table(table), Block::Line(queue)])
}
