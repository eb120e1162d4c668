//! Uncertainty of sampled rates: the Wilson score interval, and mean and spread over
//! replications with other seeds.

use serde::Serialize;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `successes` out of `n` at the given z: `(low, high)`.
/// Unlike the normal approximation it stays inside [0, 1] and is sound near 0, where the
/// lessons' hung-job rates live.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // At 0 or n successes the bound is exactly 0 or 1; rounding would leave it a hair off.
    let low = if successes == 0 {
        0.0
    } else {
        (center - half).max(0.0)
    };
    let high = if p == 1.0 {
        1.0
    } else {
        (center + half).min(1.0)
    };
    (low, high)
}

/// Mean, standard deviation and range of a set of values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    /// How many values.
    pub count: usize,
    /// Their mean.
    pub mean: f64,
    /// Sample standard deviation (0 for one value).
    pub sd: f64,
    /// The smallest.
    pub min: f64,
    /// The largest.
    pub max: f64,
}

/// The spread of `values` (none for an empty slice).
pub fn spread(values: &[f64]) -> Option<Spread> {
    if values.is_empty() {
        return None;
    }
    let count = values.len();
    let mean = values.iter().sum::<f64>() / count as f64;
    let var = if count > 1 {
        values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (count - 1) as f64
    } else {
        0.0
    };
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some(Spread {
        count,
        mean,
        sd: var.sqrt(),
        min,
        max,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 3724 of 100000 (the lesson's one-attempt row).
        let (lo, hi) = wilson(3724, 100_000, Z95);
        assert!(
            (lo - 0.036086).abs() < 1e-5 && (hi - 0.038423).abs() < 1e-5,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.27753).abs() < 1e-4);
        assert_eq!(wilson(10, 10, Z95).1, 1.0);
    }

    #[test]
    fn spread_of_values() {
        let s = spread(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!((s.mean, s.min, s.max, s.count), (2.5, 1.0, 4.0, 4));
        assert!((s.sd - 1.2909944).abs() < 1e-6);
        assert!(spread(&[]).is_none());
    }
}
