//! The compensation lesson's challenges: goals in the lesson's terms the core checks on every run.

use crate::challenge::Challenge;

/// Its challenges, each starting from the lesson's values.
pub const CHALLENGES: &[Challenge] = &[
    // Every listed attempt count keeps the hung share under 0.001 with few calls: three
    // attempts (or more), or fewer failing compensation calls.
    Challenge {
        id: "compensation.hung-share",
        start: "retries=1",
        hints: 3,
        check: "c:monte_carlo:*:rate<0.001 c:monte_carlo:*:calls_per_job<=0.79",
    },
    // No failing step leaves an uncompensated one: the period's close needs a compensation
    // (or its dependents must go first).
    Challenge {
        id: "compensation.all-undone",
        start: "",
        hints: 3,
        check: "c:failure_steps:*:uncompensated=0",
    },
];
