//! The lesson's parameters: every constant of its script, with the script's values as defaults.

use crate::params::Kind;

crate::declare_params! {
    /// The lesson's parameters, typed.
    pub struct TemplateLessonParams for "template_lesson" {
        attempts: u32 = "8", Kind::Int { min: 1, max: 50 },
            "DENEME", "attempts of a call that fails half the time";
    }
}
