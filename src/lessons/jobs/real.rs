//! Closer to the real systems (beyond the lesson): the retry table's nights replayed with a
//! retention time (TTL) for failed pods and Kubernetes' exponential back-off between attempts.
//! The Replace policy and the starting deadline live in the model (`policy_with`).

use serde::Serialize;

use super::params::JobsParams;
use crate::rng::UnitRng;

/// Failed pods under a retention time, for one attempt limit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PodRow {
    /// Attempts allowed per night.
    pub limit: u32,
    /// Failed attempts, each leaving a pod (the lesson's leftover pods).
    pub failed_pods: u64,
    /// Pods still kept at the end of the last night (`nights × interval`).
    pub left_at_end: u64,
    /// Most pods kept at once, just after a night's attempts.
    pub peak: u64,
}

/// Failed pods kept at each night's time and at the end, when a pod failing at a night's
/// planned time is deleted `ttl` hours later (`None`: never). Returns (left at end, peak).
pub fn kept_pods(failed: &[u64], interval: i64, ttl: Option<i64>) -> (u64, u64) {
    let n = failed.len();
    // Nights back (0 = the same night) whose pods are still kept: d·interval < ttl.
    let window = ttl.map_or(n + 1, |ttl| {
        usize::try_from((ttl + interval - 1) / interval).unwrap_or(0)
    });
    let mut prefix = vec![0u64; n + 1];
    for (i, f) in failed.iter().enumerate() {
        prefix[i + 1] = prefix[i] + f;
    }
    // Pods kept at night g's time (g = n is the end): nights g−window+1 ..= g.
    let kept = |g: usize| prefix[(g + 1).min(n)] - prefix[(g + 1).saturating_sub(window).min(n)];
    ((kept(n)), (0..n).map(kept).max().unwrap_or(0))
}

/// The back-off before retry `k` (after the k-th failed attempt): 10 s doubling, at most 360 s.
pub fn backoff_s(k: u32) -> u64 {
    (10u64 << k.saturating_sub(1).min(6)).min(360)
}

/// Back-off waited over the nights, for one attempt limit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BackoffRow {
    /// Attempts allowed per night.
    pub limit: u32,
    /// Retries made (attempts after a night's first), each preceded by a back-off.
    pub retries: u64,
    /// Seconds of back-off summed over the nights.
    pub total_s: u64,
    /// Per night, on average.
    pub avg_s: f64,
    /// The longest night's back-off.
    pub worst_s: u64,
}

/// The retry extensions, one row per attempt limit; empty when they are off.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct RetryExtensions {
    /// Failed pods under `failed_pod_ttl` (empty without a TTL).
    pub pods: Vec<PodRow>,
    /// Back-off time (empty without `backoff`).
    pub backoff: Vec<BackoffRow>,
}

/// A night's attempts under a limit, as the model draws them (`model::night_attempts`, handed
/// in by the model so that this file builds on the model and not the other way round).
pub type NightAttempts<R> = fn(&JobsParams, u32, &mut R) -> Vec<(u32, bool)>;

/// The TTL and back-off figures for every attempt limit, from the lesson's fresh generator.
pub fn retry_extensions<R: UnitRng + Clone>(
    p: &JobsParams,
    fresh: &R,
    night_attempts: NightAttempts<R>,
) -> RetryExtensions {
    let mut out = RetryExtensions::default();
    if p.failed_pod_ttl.is_none() && !p.backoff {
        return out;
    }
    for &limit in &p.retry_limits {
        let nights = night_attempts(p, limit, &mut fresh.clone());
        if p.failed_pod_ttl.is_some() {
            let failed: Vec<u64> = nights
                .iter()
                .map(|&(a, ok)| u64::from(a - u32::from(ok)))
                .collect();
            let (left_at_end, peak) = kept_pods(&failed, p.interval, p.failed_pod_ttl);
            out.pods.push(PodRow {
                limit,
                failed_pods: failed.iter().sum(),
                left_at_end,
                peak,
            });
        }
        if p.backoff {
            let per_night: Vec<u64> = nights
                .iter()
                .map(|&(a, _)| (1..a).map(backoff_s).sum())
                .collect();
            let total_s: u64 = per_night.iter().sum();
            out.backoff.push(BackoffRow {
                limit,
                retries: nights.iter().map(|&(a, _)| u64::from(a - 1)).sum(),
                total_s,
                avg_s: total_s as f64 / p.nights as f64,
                worst_s: per_night.into_iter().max().unwrap_or(0),
            });
        }
    }
    out
}
