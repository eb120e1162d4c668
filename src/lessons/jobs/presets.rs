//! The jobs lesson's claims (its Özet bullets) as presets: each a share link with the parameters
//! that show it and the cells that support it. `completion-count` declares another count; the
//! others show the lesson's own values.

use crate::presets::{Preset, Why};

/// The claims, in the order of the lesson's summary.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "jobs.completions",
        set: "",
        marks: concat!(
            "c:parallelism:#0:completions ",
            "c:parallelism:#1:completions ",
            "c:parallelism:#2:completions ",
            "c:parallelism:#3:completions ",
            "c:parallelism:#4:completions ",
            "q:4~0",
        ),
    },
    Preset {
        id: "jobs.retry-limit",
        set: "",
        marks: concat!(
            "c:retry_limit:1:completed_nights ",
            "c:retry_limit:3:completed_nights ",
            "c:retry_limit:6:completed_nights ",
            "c:retry_limit:1:wasted_attempts ",
            "c:retry_limit:3:wasted_attempts ",
            "c:retry_limit:6:wasted_attempts ",
            "c:retry_limit:6:leftover_pods ",
            "q:5~3",
        ),
    },
    Preset {
        id: "jobs.parallelism",
        set: "",
        marks: concat!(
            "c:parallelism:1:pod_rounds ",
            "c:parallelism:12:pod_rounds ",
            "c:parallelism:1:rounds ",
            "c:parallelism:12:rounds ",
            "c:parallelism:5:idle_slots ",
            "c:parallelism:1:increase ",
            "c:parallelism:12:increase ",
            "q:3",
        ),
    },
    Preset {
        id: "jobs.completion-count",
        set: "slices=20",
        marks: concat!(
            "c:parallelism:#0:completions ",
            "c:parallelism:#4:completions ",
            "v:missed:jobs.info_items:items ",
            "q:1",
        ),
    },
    Preset {
        id: "jobs.overlap",
        set: "",
        marks: concat!(
            "c:overlap:skip:skipped ",
            "c:overlap:skip:pod_hours ",
            "c:overlap:queue:avg_delay ",
            "c:overlap:parallel:max_concurrent ",
            "c:overlap:parallel:pod_hours ",
            "q:0",
        ),
    },
    Preset {
        id: "jobs.missed-window",
        set: "",
        marks: concat!(
            "c:missed:0:compensated ",
            "c:missed:1:compensated ",
            "c:missed:3:compensated ",
            "c:missed:3:skip_runs ",
            "c:missed:3:queue_runs ",
            "q:2~0",
        ),
    },
];

/// Each claim's "why" question: the right one of its three explanations (texts `explain.CLAIM.cN`).
pub const WHY: &[Why] = &[
    Why {
        claim: "jobs.completions",
        right: 0,
    },
    Why {
        claim: "jobs.retry-limit",
        right: 1,
    },
    Why {
        claim: "jobs.parallelism",
        right: 2,
    },
    Why {
        claim: "jobs.completion-count",
        right: 0,
    },
    Why {
        claim: "jobs.overlap",
        right: 1,
    },
    Why {
        claim: "jobs.missed-window",
        right: 2,
    },
];
