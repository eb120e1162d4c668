//! The quotas lesson's challenges: goals in the lesson's terms the core checks on every run.

use crate::challenge::Challenge;

/// Its challenges, each starting from the lesson's values.
pub const CHALLENGES: &[Challenge] = &[
    // Without quotas, every tenant admitted within 3 rounds, with at most 14 units.
    Challenge {
        id: "quotas.within-three",
        start: "",
        hints: 2,
        check: concat!(
            "c:tenants:#0:longest_wait<=3 c:tenants:#1:longest_wait<=3 ",
            "c:tenants:#2:longest_wait<=3 param:capacity<=14",
        ),
    },
    // With quotas, the report tenant is never refused and nobody starves, at 12 units: its
    // unstated request is what the default makes of it.
    Challenge {
        id: "quotas.report-admitted",
        start: "",
        hints: 2,
        check: concat!(
            "c:tenants:#5:rejected=0 c:tenants:#3:starved=0 c:tenants:#4:starved=0 ",
            "c:tenants:#5:starved=0 param:capacity<=12",
        ),
    },
];
