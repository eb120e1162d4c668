//! The supervisor lesson's claims (its Özet bullets) as presets: each a share link with the
//! parameters that show it and the cells that support it. `roles` turns the faults off and
//! `scan-tradeoff` sweeps every scan from 1 to 8; the others show the lesson's own values.

use crate::presets::{Preset, Why};

/// The claims, in the order of the lesson's summary.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "supervisor.roles",
        set: "hung=&permanent=",
        marks: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_off ",
            "c:supervisor_comparison:completed_jobs:supervisor_on ",
            "c:supervisor_comparison:steps_run:supervisor_off ",
            "c:supervisor_comparison:steps_run:supervisor_on ",
            "c:supervisor_comparison:redriven_steps:supervisor_on ",
            "c:scan_sweep:2:records_read ",
            "q:1~0",
        ),
    },
    Preset {
        id: "supervisor.silent-hang",
        set: "",
        marks: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_off ",
            "c:supervisor_comparison:half_done_jobs:supervisor_off ",
            "c:supervisor_comparison:compensated_jobs:supervisor_off ",
            "q:1",
        ),
    },
    Preset {
        id: "supervisor.recovery",
        set: "",
        marks: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_off ",
            "c:supervisor_comparison:completed_jobs:supervisor_on ",
            "c:supervisor_comparison:compensated_jobs:supervisor_on ",
            "c:supervisor_comparison:half_done_jobs:supervisor_off ",
            "c:supervisor_comparison:half_done_jobs:supervisor_on ",
            "q:4",
        ),
    },
    Preset {
        id: "supervisor.cost",
        set: "",
        marks: concat!(
            "c:supervisor_comparison:steps_run:supervisor_off ",
            "c:supervisor_comparison:steps_run:supervisor_on ",
            "c:supervisor_comparison:redriven_steps:supervisor_on ",
            "c:supervisor_comparison:wasted_steps:supervisor_on ",
            "q:3",
        ),
    },
    Preset {
        id: "supervisor.scan-tradeoff",
        set: "scan_sweep=1,2,3,4,5,6,7,8",
        marks: concat!(
            "c:scan_sweep:1:avg_recovery ",
            "c:scan_sweep:8:avg_recovery ",
            "c:scan_sweep:1:last_round ",
            "c:scan_sweep:8:last_round ",
            "c:scan_sweep:1:records_read ",
            "c:scan_sweep:8:records_read ",
            "p:scan_sweep:recovery_vs_scan:avg_recovery:1 ",
            "p:scan_sweep:recovery_vs_scan:avg_recovery:8 ",
            "p:scan_sweep:records_vs_scan:records_read:1 ",
            "p:scan_sweep:records_vs_scan:records_read:8 ",
            "q:5~4",
        ),
    },
    Preset {
        id: "supervisor.daily",
        set: "",
        marks: concat!(
            "v:daily_intro:supervisor.daily_intro:daily_steps ",
            "c:daily_hang:#0:half_done_without_supervisor ",
            "c:daily_hang:#0:job_rate ",
            "c:daily_hang:#0:redrives_per_day ",
            "c:daily_hang:#0:wasted_per_day ",
            "q:1",
        ),
    },
];

/// Each claim's "why" question: the right one of its three explanations (texts `explain.CLAIM.cN`).
pub const WHY: &[Why] = &[
    Why {
        claim: "supervisor.roles",
        right: 0,
    },
    Why {
        claim: "supervisor.silent-hang",
        right: 1,
    },
    Why {
        claim: "supervisor.recovery",
        right: 2,
    },
    Why {
        claim: "supervisor.cost",
        right: 0,
    },
    Why {
        claim: "supervisor.scan-tradeoff",
        right: 1,
    },
    Why {
        claim: "supervisor.daily",
        right: 2,
    },
];
