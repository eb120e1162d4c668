//! The jobs lesson's challenges: goals in the lesson's terms the core checks on every run.

use crate::challenge::Challenge;

/// Its challenges, each starting from the lesson's values.
pub const CHALLENGES: &[Challenge] = &[
    // Every night completes at every listed limit, at the lesson's failure probability and seed:
    // limits of 8 and more (the wasted attempts no longer grow once every night completes).
    Challenge {
        id: "jobs.every-night",
        start: "",
        hints: 3,
        check: concat!(
            "c:retry_limit:*:failed_nights=0 c:retry_limit:*:wasted_attempts<=25 ",
            "param:fail_prob>=0.5 param:seed=20260813",
        ),
    },
    // Twelve slices in at most three rounds with no idle slot: parallelism 4, 6 or 12.
    Challenge {
        id: "jobs.no-idle",
        start: "parallelisms=5",
        hints: 2,
        check: "c:parallelism:*:rounds<=3 c:parallelism:*:idle_slots=0 param:slices>=12",
    },
    // The skip policy skips nothing at a daily slot: no run may outlast the interval.
    Challenge {
        id: "jobs.skip-none",
        start: "",
        hints: 2,
        check: "c:overlap:skip:skipped=0 param:interval<=24",
    },
];
