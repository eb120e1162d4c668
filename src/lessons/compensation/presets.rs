//! The compensation lesson's claims (its Özet bullets) as presets: each a share link with the
//! parameters that show it and the cells that support it. `reversible` makes the period close
//! reversible; the others show the lesson's own values.

use crate::presets::{Preset, Why};

/// The claims, in the order of the lesson's summary.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "compensation.orderings",
        set: "",
        marks: concat!(
            "v:orderings_intro:compensation.orderings:valid ",
            "v:orderings_intro:compensation.orderings:orderings ",
            "c:orderings:#0:ordering ",
            "c:orderings:#1:ordering ",
            "q:0",
        ),
    },
    Preset {
        id: "compensation.reversible",
        set: "steps=donem-kapat:donem-ac,fatura-satiri:satiri-iptal-et(donem-kapat),tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)",
        marks: concat!(
            "c:failure_steps:#1:uncompensated ",
            "c:failure_steps:#2:uncompensated ",
            "c:failure_steps:#3:uncompensated ",
            "q:0",
        ),
    },
    Preset {
        id: "compensation.notify-position",
        set: "",
        marks: concat!(
            "c:daily_orderings:#0:uncompensated_per_day ",
            "c:daily_orderings:#1:uncompensated_per_day ",
            "c:daily_orderings:#0:per_year ",
            "c:daily_orderings:#1:per_year ",
            "q:0~1",
        ),
    },
    Preset {
        id: "compensation.retry",
        set: "",
        marks: concat!(
            "c:monte_carlo:1:rate ",
            "c:monte_carlo:2:rate ",
            "c:monte_carlo:1:calls_per_job ",
            "c:monte_carlo:2:calls_per_job ",
            "p:monte_carlo:hung_rate_vs_attempts:rate:1 ",
            "p:monte_carlo:hung_rate_vs_attempts:rate:2 ",
            "r:monte_carlo:1:rate:2:rate ",
            "q:r0",
        ),
    },
    Preset {
        id: "compensation.hung-window",
        set: "",
        marks: concat!(
            "c:daily_attempts:1:intermediate_s_per_day ",
            "c:daily_attempts:1:hung_hours_per_day ",
            "v:ratio:compensation.ratio:ratio ",
            "v:ratio:compensation.sensitivity:sensitivity_ratio ",
            "q:2",
        ),
    },
    Preset {
        id: "compensation.fault-free",
        set: "",
        marks: concat!(
            "v:fault_free:compensation.fault_free:written_paths ",
            "v:fault_free:compensation.fault_free:calls_per_day ",
            "q:1",
        ),
    },
];

/// Each claim's "why" question: the right one of its three explanations (texts `explain.CLAIM.cN`).
pub const WHY: &[Why] = &[
    Why {
        claim: "compensation.orderings",
        right: 1,
    },
    Why {
        claim: "compensation.reversible",
        right: 0,
    },
    Why {
        claim: "compensation.notify-position",
        right: 2,
    },
    Why {
        claim: "compensation.retry",
        right: 1,
    },
    Why {
        claim: "compensation.hung-window",
        right: 0,
    },
    Why {
        claim: "compensation.fault-free",
        right: 2,
    },
];
