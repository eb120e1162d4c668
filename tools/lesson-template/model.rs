//! The model: a pure function from the parameters to the results, ported from the lesson's
//! script (replace this one).

use super::params::TemplateLessonParams;

/// One row of the results.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Attempts made.
    pub attempts: u32,
    /// The probability that every one of them fails.
    pub failure: f64,
}

/// Every attempt count up to the parameter's, with the share that fails each time.
pub fn simulate(p: &TemplateLessonParams) -> Vec<Row> {
    (1..=p.attempts)
        .map(|attempts| Row {
            attempts,
            failure: 0.5_f64.powi(attempts as i32),
        })
        .collect()
}
