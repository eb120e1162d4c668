//! The leader lesson's claims (the README of the course's next lessons) as presets: each a share
//! link with the cells that support it, all at the lesson's values.

use crate::presets::{Preset, Why};

/// The claims, in the order the model shows them.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "leader.crash-gap",
        set: "",
        marks: "c:lease_sweep:4:longest_gap c:lease_sweep:16:longest_gap q:1",
    },
    Preset {
        id: "leader.write-cost",
        set: "",
        marks: concat!(
            "c:lease_sweep:2:lease_writes c:lease_sweep:16:lease_writes ",
            "c:lease_sweep:2:longest_gap c:lease_sweep:16:longest_gap q:0~1",
        ),
    },
    Preset {
        id: "leader.pause",
        set: "",
        marks: "c:fencing:two_leader_rounds:unfenced c:fencing:double_run_rounds:unfenced q:0",
    },
    Preset {
        id: "leader.misset",
        set: "",
        marks: "c:misset:3:double_runs c:misset:2:double_runs c:misset:4:double_runs q:0",
    },
    Preset {
        id: "leader.fencing",
        set: "",
        marks: concat!(
            "c:fencing:double_run_rounds:unfenced c:fencing:double_run_rounds:fenced ",
            "c:fencing:two_leader_rounds:fenced c:fencing:rejected_writes:fenced ",
            "c:misset:2:fenced_double c:misset:2:fenced_rejected q:1",
        ),
    },
    Preset {
        id: "leader.daily",
        set: "",
        marks: concat!(
            "v:daily_misset:leader.daily_misset:double_share ",
            "v:daily_misset:leader.daily_misset:duplicate_lines q:1",
        ),
    },
];

/// Each claim's "why" question: the right one of its three explanations (texts `explain.CLAIM.cN`).
pub const WHY: &[Why] = &[
    Why {
        claim: "leader.crash-gap",
        right: 1,
    },
    Why {
        claim: "leader.write-cost",
        right: 0,
    },
    Why {
        claim: "leader.pause",
        right: 2,
    },
    Why {
        claim: "leader.misset",
        right: 1,
    },
    Why {
        claim: "leader.fencing",
        right: 1,
    },
    Why {
        claim: "leader.daily",
        right: 2,
    },
];
