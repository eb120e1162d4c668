//! The quotas lesson's tables and lines, laid out as kiraci/olc.mjs prints them, with the
//! sweeps' charts for the page.

use super::model::{Measure, Run};
use super::params::QuotasParams;
use crate::chart::{Category, Chart, Point, X, bars, series};
use crate::report::{Block, Cell, Column, Group, Section, left, right, table};

const TENANT_COLUMNS: [Column; 8] = [
    left("mode", "kip", 12),
    left("tenant", "kiraci", 8),
    right("requests", "istek", 7),
    right("starved", "ac kalan", 10),
    right("rejected", "reddedilen", 12),
    right("longest_wait", "en uzun bekleme", 17),
    right("total_wait", "toplam bekleme", 16),
    right("left", "kalan", 7),
];

const SWEEP_COLUMNS: [Column; 5] = [
    left("quotas", "kotalar", 10),
    right("total", "toplam", 7),
    right("starved_requests", "ac kalan istek", 16),
    right("rejected_requests", "reddedilen istek", 18),
    right("idle_waiting", "bekleyen varken bosta", 23),
];

const DEFAULT_COLUMNS: [Column; 6] = [
    left("default_request", "varsayilan istek", 17),
    right("open_starved", "kotasiz ac kalan", 18),
    right("portal_starved", "portal ac kalan", 17),
    right("quota_rejected", "kotali reddedilen", 19),
    right("report_rejected", "rapor reddedilen", 18),
    right("quota_idle_waiting", "kotali bekleyen varken bosta", 30),
];

/// The tenants as the script names them (`KIRACI`), as translated labels.
const TENANTS: [Cell; 3] = [
    Cell::Label {
        key: "tenant_metering",
        text: "olcum",
    },
    Cell::Label {
        key: "tenant_portal",
        text: "portal",
    },
    Cell::Label {
        key: "tenant_reporting",
        text: "rapor",
    },
];

fn int(n: i64) -> Cell {
    Cell::Int(n)
}

/// `a/b/c`, as the script joins a quota (`KOTA.join("/")`) or lists it in the sweep.
fn slashed(q: &[i64]) -> String {
    format!("{}/{}/{}", q[0], q[1], q[2])
}

/// olc.mjs: the scenario, the tenants without and with quotas, the quota sweep, the default
/// request sweep; the sweeps' charts when the reader draws them (`charts`).
pub fn measure(p: &QuotasParams, m: &Measure, charts: bool) -> Section {
    let scenario = crate::report::line_from(
        "quotas.scenario",
        "{capacity} birim, {rounds} tur (tohum {seed}); olcum her {night_every} turda {night_slices} dilim x {night_units} birim x {night_rounds} tur; portal {portal_prob} olasilikla {portal_units} birim x {portal_rounds} tur; rapor {report_prob} olasilikla, istek bildirmez: varsayilan {default_request} birim x {report_rounds} tur",
        vec![
            int(p.capacity),
            int(p.rounds.into()),
            int(p.seed as i64),
            int(p.night_every.into()),
            int(p.night_slices.into()),
            int(p.night_units),
            int(p.night_rounds.into()),
            Cell::Number(p.portal_prob),
            int(p.portal_units),
            int(p.portal_rounds.into()),
            Cell::Number(p.report_prob),
            int(p.default_request),
            int(p.report_rounds.into()),
        ],
    );
    let modes: [(Cell, &Run); 2] = [
        (
            Cell::Label {
                key: "no_quota",
                text: "kotasiz",
            },
            &m.open,
        ),
        (Cell::Text(format!("kota {}", slashed(&p.quotas))), &m.quota),
    ];
    let mut rows = Vec::with_capacity(6);
    for (mode, r) in &modes {
        for (i, k) in r.tenants.iter().enumerate() {
            rows.push(vec![
                mode.clone(),
                TENANTS[i].clone(),
                int(k.requests),
                int(k.starved),
                int(k.rejected),
                int(k.longest_wait),
                int(k.total_wait),
                int(k.left),
            ]);
        }
    }
    let mut blocks = vec![table("tenants", &TENANT_COLUMNS, &rows, &|r| r.clone())];
    for (mode, r) in &modes {
        blocks.push(Block::Line(crate::report::line_from(
            "quotas.idle",
            "{mode}: bosta birim-tur {idle}, bekleyen varken bosta {idle_waiting}",
            vec![mode.clone(), int(r.idle), int(r.idle_waiting)],
        )));
    }
    let sweep = table("quota_sweep", &SWEEP_COLUMNS, &m.sweep, &|(q, r)| {
        vec![
            Cell::Text(slashed(q)),
            int(q[0] + q[1] + q[2]),
            int(r.starved),
            int(r.rejected),
            int(r.idle_waiting),
        ]
    });
    let defaults = table("default_sweep", &DEFAULT_COLUMNS, &m.defaults, &|(
        d,
        a,
        b,
    )| {
        vec![
            int(*d),
            int(a.starved),
            int(a.tenants[1].starved),
            int(b.rejected),
            int(b.tenants[2].rejected),
            int(b.idle_waiting),
        ]
    });
    Section {
        name: "measure",
        groups: vec![
            Group::new("scenario", vec![Block::Line(scenario)]),
            Group::new("tenants", blocks),
            Group::new("quota_sweep", vec![sweep]).charted(charts, || quota_charts(m)),
            Group::new("default_sweep", vec![defaults]).charted(charts, || default_charts(m)),
        ],
    }
}

/// A quota's bar opens the run at that quota.
fn watch(_: usize, p: &Point) -> Option<String> {
    match &p.x {
        X::Cat(q) => Some(format!("quota:{q}")),
        X::Num(_) => None,
    }
}

/// The quota sweep as bars, one category per quota: requests that waited or were rejected, and
/// the idle units while something waited; each bar opens its run.
fn quota_charts(m: &Measure) -> Vec<Chart> {
    let (mut starved, mut rejected, mut idle) = (Vec::new(), Vec::new(), Vec::new());
    for (q, r) in &m.sweep {
        let c = || Category::data(slashed(q));
        starved.push((c(), r.starved as f64));
        rejected.push((c(), r.rejected as f64));
        idle.push((c(), r.idle_waiting as f64));
    }
    let x = ("quotas", None);
    vec![
        Chart::bar(
            "requests_vs_quota",
            x,
            ("requests", Some("requests")),
            vec![
                bars("starved_requests", 0, starved),
                bars("rejected_requests", 0, rejected),
            ],
        )
        .with_traces(watch),
        Chart::bar(
            "idle_vs_quota",
            x,
            ("idle_waiting", Some("unit_rounds")),
            vec![bars("idle_waiting", 0, idle)],
        )
        .with_traces(watch),
    ]
}

/// The default-request sweep as lines: rejections with quotas, waits without, and the idle
/// units with quotas.
fn default_charts(m: &Measure) -> Vec<Chart> {
    let (mut open, mut rejected, mut idle) = (Vec::new(), Vec::new(), Vec::new());
    for (d, a, b) in &m.defaults {
        let x = *d as f64;
        open.push((x, a.starved as f64));
        rejected.push((x, b.rejected as f64));
        idle.push((x, b.idle_waiting as f64));
    }
    let x = ("default_request", Some("units"));
    vec![
        Chart::line(
            "requests_vs_default",
            x,
            ("requests", Some("requests")),
            vec![
                series("open_starved", 0, open),
                series("quota_rejected", 0, rejected),
            ],
        ),
        Chart::line(
            "idle_vs_default",
            x,
            ("idle_waiting", Some("unit_rounds")),
            vec![series("quota_idle_waiting", 0, idle)],
        ),
    ]
}
