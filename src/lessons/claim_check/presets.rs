//! The claim check lesson's claims (the README of the course's next lessons, "What each model
//! shows") as presets: each a share link with the cells that support it, all at the lesson's
//! values.

use crate::presets::{Preset, Why};

/// The claims, in the order the model shows them.
pub const PRESETS: &[Preset] = &[
    Preset {
        id: "claim_check.inline-size",
        set: "",
        marks: concat!(
            "c:compare:avg_message:inline c:compare:avg_message:claim ",
            "c:compare:too_large:inline c:compare:too_large:claim ",
            "r:compare:avg_message:inline:avg_message:claim q:2",
        ),
    },
    Preset {
        id: "claim_check.queue-bytes",
        set: "",
        marks: concat!(
            "c:compare:queue_mb:inline c:compare:queue_mb:claim c:compare:store_mb:claim ",
            "r:compare:queue_mb:inline:queue_mb:claim q:r0",
        ),
    },
    Preset {
        id: "claim_check.ttl",
        set: "",
        marks: concat!(
            "c:ttl_sweep:6:dangling_replay c:ttl_sweep:48:dangling_replay ",
            "c:ttl_sweep:96:dangling c:ttl_sweep:168:dangling ",
            "c:ttl_sweep:6:gb_hours c:ttl_sweep:168:gb_hours ",
            "p:ttl_sweep:dangling_vs_ttl:dangling:96 q:2",
        ),
    },
    Preset {
        id: "claim_check.redelivery",
        set: "",
        marks: concat!(
            "c:redelivery_sweep:0.50:inline_mb c:redelivery_sweep:0.50:claim_mb ",
            "c:redelivery_sweep:0.00:inline_mb c:redelivery_sweep:0.00:claim_mb ",
            "c:redelivery_sweep:0.50:factor ",
            "p:redelivery_sweep:queue_mb_vs_redelivery:inline_mb:0.5 q:0",
        ),
    },
];

/// Each claim's "why" question: the right one of its three explanations (texts `explain.CLAIM.cN`).
pub const WHY: &[Why] = &[
    Why {
        claim: "claim_check.inline-size",
        right: 2,
    },
    Why {
        claim: "claim_check.queue-bytes",
        right: 0,
    },
    Why {
        claim: "claim_check.ttl",
        right: 1,
    },
    Why {
        claim: "claim_check.redelivery",
        right: 1,
    },
];

#[cfg(test)]
mod tests {
    use super::PRESETS;
    use crate::lesson::Lesson;
    use crate::presets::{highlights, ratios};

    /// The marked numbers at each claim's values, as the lesson prints them.
    fn texts(id: &str) -> (Vec<String>, Vec<String>) {
        let lesson = Lesson(&super::super::LESSON);
        let p = PRESETS.iter().find(|p| p.id == id).unwrap();
        let params = lesson.params(p.assignments()).unwrap();
        let report = lesson.run(&params, None, &mut |_| {}).unwrap();
        let found = highlights(p, &report);
        assert_eq!(found.len(), p.marks().count(), "{id}: every mark found");
        (
            found.into_iter().map(|f| f.text).collect(),
            ratios(p, &report).into_iter().map(|r| r.text).collect(),
        )
    }

    #[test]
    fn the_claims_hold_in_the_marked_cells() {
        let (v, r) = texts("claim_check.inline-size");
        assert_eq!(v, ["16102", "245", "2129", "0"]);
        assert_eq!(r, ["65.6"]);
        let (v, r) = texts("claim_check.queue-bytes");
        assert_eq!(v, ["1141.4", "19.4", "1371.7"]);
        assert_eq!(r, ["58.8"]);
        let (v, _) = texts("claim_check.ttl");
        assert_eq!(v, ["7912", "7912", "6", "0", "8.0", "225.0", "6"]);
        let (v, _) = texts("claim_check.redelivery");
        assert_eq!(v[..5], ["1510.4", "25.8", "1097.7", "18.7", "59"]);
    }
}
