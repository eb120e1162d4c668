//! The claim-check lesson's challenges: goals in the lesson's terms the core checks on every run.

use crate::challenge::Challenge;

/// Its challenges, each starting from the lesson's values.
pub const CHALLENGES: &[Challenge] = &[
    // No claim dangles with the lesson's lag and replay: the payload must outlive the replay
    // and the longest lag, at little storage (a TTL of 97 to 100 hours).
    Challenge {
        id: "claim_check.no-dangling",
        start: "",
        hints: 3,
        check: concat!(
            "c:compare:dangling:claim=0 c:compare:store_gb_hours:claim<=135 ",
            "param:lag_prob>=0.02 param:replay_h>=72 param:proof_prob>=0.4",
        ),
    },
    // Every message fits inline at the 256 KB limit with the lesson's share of proofs: the
    // photos are what overflow.
    Challenge {
        id: "claim_check.fits-inline",
        start: "",
        hints: 2,
        check: "c:compare:too_large:inline=0 param:max_message_kb<=256 param:proof_prob>=0.4",
    },
];
