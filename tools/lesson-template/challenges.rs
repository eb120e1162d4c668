//! The lesson's challenges: a goal in the lesson's terms, where the learner starts, how many
//! hints its texts hold (`challenge.ID.hintN`) and the check the core makes on every run
//! (src/challenge.rs). Replace them with the lesson's own.

use crate::challenge::Challenge;

/// Its challenges.
pub const CHALLENGES: &[Challenge] = &[
    // Everything failing less than once in a hundred, with the fewest attempts (7).
    Challenge {
        id: "template_lesson.one-in-hundred",
        start: "",
        hints: 2,
        check: "c:failure:7:failure<0.01 param:attempts<=7",
    },
    // Less than once in a thousand, with the fewest attempts (10).
    Challenge {
        id: "template_lesson.one-in-thousand",
        start: "",
        hints: 2,
        check: "c:failure:10:failure<0.001 param:attempts<=10",
    },
];
