//! The leader lesson's challenges: goals in the lesson's terms the core checks on every run.

use crate::challenge::Challenge;

/// Its challenges, each starting from the lesson's values.
pub const CHALLENGES: &[Challenge] = &[
    // The pause outlasts a lease of 4: a longer lease (and a renewal that keeps it) stops the
    // double run; the write and gap bounds rule out the extremes (10/6 and 12/7 meet it).
    Challenge {
        id: "leader.no-double",
        start: "",
        hints: 3,
        check: concat!(
            "c:fencing:double_run_rounds:unfenced=0 c:fencing:lease_writes:unfenced<=12 ",
            "c:fencing:leaderless_rounds:unfenced<=15",
        ),
    },
    // Polling less often reads the record less; the gap after the crash must not grow.
    Challenge {
        id: "leader.fewer-reads",
        start: "",
        hints: 2,
        check: "c:fencing:record_reads:unfenced<60 c:fencing:leaderless_rounds:unfenced<=6",
    },
    // Find a run (issue 36): from a run without faults, a placement that makes two leaders start
    // a round's work with one takeover (the lesson's own run has two: its crash, then its
    // pause); the search's smallest witness, a pause of N1 from round 1, is one.
    Challenge {
        id: "leader.find-double",
        start: "crash=&pause=",
        hints: 3,
        check: "c:fencing:double_run_rounds:unfenced>0 c:fencing:takeovers:unfenced<=1",
    },
];
