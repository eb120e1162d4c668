//! The supervisor lesson's challenges: goals in the lesson's terms the core checks on every run.

use crate::challenge::Challenge;

/// Its challenges, each starting from the lesson's values.
pub const CHALLENGES: &[Challenge] = &[
    // A longer scan reads fewer records, a shorter lease finds a hung step sooner: scan 3 or 4
    // with lease 1 meet both bounds.
    Challenge {
        id: "supervisor.cheap-scan",
        start: "",
        hints: 3,
        check: concat!(
            "c:recovery:records_read:supervisor_on<=40 ",
            "c:recovery:worst_recovery:supervisor_on<=3",
        ),
    },
    // Only a permanent fault forces compensation: every job completes once none is left, while
    // the hung steps (three jobs left half-done without a supervisor) stay.
    Challenge {
        id: "supervisor.all-complete",
        start: "",
        hints: 2,
        check: concat!(
            "c:supervisor_comparison:completed_jobs:supervisor_on>=12 ",
            "c:supervisor_comparison:compensated_jobs:supervisor_on=0 ",
            "c:supervisor_comparison:half_done_jobs:supervisor_off>=3",
        ),
    },
];
