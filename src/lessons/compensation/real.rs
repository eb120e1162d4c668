//! Closer to the real systems (beyond the lesson): the lesson's remedy for an irreversible step
//! that cannot go last — close the period with a flag instead of a delete, so it has a
//! compensation — computed beside the lesson's figures.

use super::kinds::StepSpec;
use super::params::CompensationParams;

/// The steps `reversible_close` makes compensable: those without a compensation that another
/// step depends on, so no ordering can put them last (the lesson's `donem-kapat`).
pub fn stuck_irreversible(steps: &[StepSpec]) -> Vec<usize> {
    (0..steps.len())
        .filter(|&i| {
            steps[i].compensation.is_none()
                && steps.iter().any(|s| s.after.contains(&steps[i].name))
        })
        .collect()
}

/// The parameters with those steps given a compensation (`<name>-geri-al`, clearing the flag).
pub fn reversible_params(p: &CompensationParams) -> CompensationParams {
    let mut after = p.clone();
    after.reversible_close = false;
    for i in stuck_irreversible(&p.steps) {
        after.steps[i].compensation = Some(format!("{}-geri-al", p.steps[i].name));
    }
    after
}
