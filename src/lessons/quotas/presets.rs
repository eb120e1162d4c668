//! The quotas lesson's claims (the README of the course's next lessons) as presets: each a share
//! link with the cells that support it, all at the lesson's values.

use crate::presets::{Preset, Why};

/// The claims, in the order the model shows them.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "quotas.starvation",
        set: "",
        marks: concat!(
            "c:tenants:#1:starved c:tenants:#2:starved ",
            "c:tenants:#1:longest_wait c:tenants:#2:longest_wait q:0",
        ),
    },
    Preset {
        id: "quotas.rejection",
        set: "",
        marks: concat!(
            "c:quota_sweep:6/3/3:rejected_requests c:quota_sweep:6/3/3:starved_requests ",
            "c:tenants:#5:longest_wait v:tenants:quotas.idle#1:idle_waiting q:0",
        ),
    },
    Preset {
        id: "quotas.quota-sum",
        set: "",
        marks: concat!(
            "c:quota_sweep:8/4/4:total c:quota_sweep:8/4/4:starved_requests ",
            "c:quota_sweep:4/2/2:total c:quota_sweep:4/2/2:rejected_requests ",
            "c:quota_sweep:4/2/2:idle_waiting q:1",
        ),
    },
    Preset {
        id: "quotas.default-request",
        set: "",
        marks: concat!(
            "c:default_sweep:1:quota_rejected c:default_sweep:1:quota_idle_waiting ",
            "c:default_sweep:4:quota_rejected c:default_sweep:4:quota_idle_waiting q:3~1",
        ),
    },
];

/// Each claim's "why" question: the right one of its three explanations (texts `explain.CLAIM.cN`).
pub const WHY: &[Why] = &[
    Why {
        claim: "quotas.starvation",
        right: 0,
    },
    Why {
        claim: "quotas.rejection",
        right: 1,
    },
    Why {
        claim: "quotas.quota-sum",
        right: 2,
    },
    Why {
        claim: "quotas.default-request",
        right: 1,
    },
];
