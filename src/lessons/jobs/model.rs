//! The jobs lesson's model (olcum/isler.mjs): the completion guarantee of a retry limit, the
//! parallelism table, three overlap policies over the nights' run times, and the missed-run
//! starting windows. Draws go through [`UnitRng`]; every table that draws starts from a fresh
//! generator, as the lesson resets `s` before each.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde::Serialize;

use super::params::JobsParams;
use crate::jsfmt::math_round;
use crate::rng::UnitRng;
use crate::stats::{Spread, spread};

/// One row of the guarantee table: the nights under one attempt limit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RetryRow {
    /// Attempts allowed per night (`sinir`).
    pub limit: u32,
    /// Nights whose job completed (`tamam`).
    pub completed: u64,
    /// Nights that ran out of attempts.
    pub failed: u64,
    /// Attempts made (`deneme`).
    pub attempts: u64,
    /// Failed attempts (`bosa`); each leaves a pod behind.
    pub wasted: u64,
}

/// The guarantee table: every night retries until success or the limit (`P_HATA` per attempt).
pub fn retry_table<R: UnitRng + Clone>(p: &JobsParams, fresh: &R) -> Vec<RetryRow> {
    retry_table_with(p, fresh, &mut |_| {})
}

/// [`retry_table`], telling `tick` the share of its rows done (0 to 1).
fn retry_table_with<R: UnitRng + Clone>(
    p: &JobsParams,
    fresh: &R,
    tick: &mut dyn FnMut(f64),
) -> Vec<RetryRow> {
    let rows = p.retry_limits.len().max(1) as f64;
    p.retry_limits
        .iter()
        .enumerate()
        .map(|(k, &limit)| {
            tick(k as f64 / rows);
            let nights = night_attempts(p, limit, &mut fresh.clone());
            let completed = nights.iter().filter(|n| n.1).count() as u64;
            let attempts: u64 = nights.iter().map(|n| u64::from(n.0)).sum();
            RetryRow {
                limit,
                completed,
                failed: p.nights as u64 - completed,
                attempts,
                wasted: attempts - completed,
            }
        })
        .collect()
}

/// Each night under an attempt limit: the attempts made and whether the last one succeeded
/// (every earlier attempt failed).
pub fn night_attempts<R: UnitRng>(p: &JobsParams, limit: u32, rng: &mut R) -> Vec<(u32, bool)> {
    (0..p.nights)
        .map(|_| {
            let (mut d, mut ok) = (0, false);
            while d < limit && !ok {
                d += 1;
                ok = rng.unit() >= p.fail_prob;
            }
            (d, ok)
        })
        .collect()
}

/// What the guarantee table estimates, exactly: a night completes unless all `limit` attempts
/// fail (probability 1 − p^limit) and takes 1 + p + … + p^(limit−1) attempts on average.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RetryExact {
    /// Attempts allowed per night.
    pub limit: u32,
    /// Probability that a night completes.
    pub completion: f64,
    /// Expected attempts per night.
    pub attempts_per_night: f64,
}

/// The exact values behind the guarantee table, one per attempt limit.
pub fn retry_exact(p: &JobsParams) -> Vec<RetryExact> {
    p.retry_limits
        .iter()
        .map(|&limit| RetryExact {
            limit,
            completion: 1.0 - p.fail_prob.powi(limit as i32),
            attempts_per_night: (0..limit).map(|j| p.fail_prob.powi(j as i32)).sum(),
        })
        .collect()
}

/// One row of the parallelism table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParallelRow {
    /// Pods at once.
    pub parallelism: u64,
    /// Completions needed (the slices).
    pub completions: u64,
    /// Rounds to finish (`ceil(slices / parallelism)`).
    pub rounds: u64,
    /// Pod-rounds used (one per slice).
    pub pod_rounds: u64,
    /// Slots left idle in the last rounds.
    pub idle_slots: u64,
    /// Rounds when one slice needs a second attempt.
    pub rounds_one_retry: u64,
    /// Their increase in percent, rounded as `Math.round`.
    pub increase_pct: f64,
}

/// The parallelism table: rounds for the slices, and what one retried slice costs.
pub fn parallel_table(p: &JobsParams) -> Vec<ParallelRow> {
    p.parallelisms
        .iter()
        .map(|&par| {
            let rounds = p.slices.div_ceil(par);
            let delayed = rounds + 1;
            ParallelRow {
                parallelism: par,
                completions: p.slices,
                rounds,
                pod_rounds: p.slices,
                idle_slots: par * rounds - p.slices,
                rounds_one_retry: delayed,
                increase_pct: math_round((delayed as f64 / rounds as f64 - 1.0) * 100.0),
            }
        })
        .collect()
}

/// Each night's run time in hours (`SURE`): one draw for long or short, one for the length.
pub fn durations<R: UnitRng>(p: &JobsParams, rng: &mut R) -> Vec<i64> {
    let pick =
        |rng: &mut R, (a, b): (i64, i64)| a + (rng.unit() * (b - a + 1) as f64).floor() as i64;
    (0..p.nights)
        .map(|_| {
            if rng.unit() < p.long_prob {
                pick(rng, p.long_hours)
            } else {
                pick(rng, p.short_hours)
            }
        })
        .collect()
}

/// A CronJob concurrency policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// `Forbid`: skip a night while the previous run is still going (atla).
    Skip,
    /// Start late, after the previous run ends (siraya al).
    Queue,
    /// `Allow`: start on time, runs overlap (paralel kos).
    Parallel,
    /// Kubernetes' `Replace` (beyond the lesson): kill the run still going, start on time.
    Replace,
}

impl Policy {
    /// The lesson's three policies, in its order.
    pub const ALL: [Policy; 3] = [Policy::Skip, Policy::Queue, Policy::Parallel];
}

/// One policy over all nights (`politika`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PolicyResult {
    /// The policy.
    pub policy: Policy,
    /// Start hour of each night's run, `None` where skipped.
    pub starts: Vec<Option<i64>>,
    /// Runs started (`baslayan`).
    pub started: u64,
    /// Nights skipped (`atlanan`).
    pub skipped: u64,
    /// Hours of delay summed (`gecikme`).
    pub total_delay: i64,
    /// Average delay per started run, hours.
    pub avg_delay: f64,
    /// Most runs going at a scheduled time (`enFazla`).
    pub max_concurrent: u64,
    /// Most runs waiting at a scheduled time (`enKuyruk`).
    pub max_queue: u64,
    /// Runs that start after the last night's slot (`kalan`).
    pub spill_over: u64,
    /// Pod-hours: the hours started runs ran (`saat`).
    pub pod_hours: i64,
    /// Runs killed by Replace before they finished.
    pub killed: u64,
    /// Pod-hours of the killed runs, lost.
    pub lost_pod_hours: i64,
}

/// Plays one policy over the nights' run times, scheduled every `interval` hours.
pub fn policy(policy: Policy, durations: &[i64], interval: i64) -> PolicyResult {
    policy_with(policy, durations, interval, None)
}

/// [`policy`] with a starting deadline: a run that would start more than `deadline` hours after
/// its planned time is skipped (only queue ever starts late). Replace cuts the run it kills.
pub fn policy_with(
    policy: Policy,
    durations: &[i64],
    interval: i64,
    deadline: Option<i64>,
) -> PolicyResult {
    let nights = durations.len();
    let mut starts: Vec<Option<i64>> = vec![None; nights];
    // Hours each run actually ran: its run time, or until Replace killed it.
    let mut ran = durations.to_vec();
    let (mut end, mut started, mut skipped, mut delay) = (0i64, 0u64, 0u64, 0i64);
    let (mut killed, mut lost, mut last) = (0u64, 0i64, None::<usize>);
    for (g, &d) in durations.iter().enumerate() {
        let t = g as i64 * interval;
        if policy == Policy::Skip && end > t {
            skipped += 1;
            continue;
        }
        let b = if policy == Policy::Queue {
            t.max(end)
        } else {
            t
        };
        if deadline.is_some_and(|limit| b - t > limit) {
            skipped += 1;
            continue;
        }
        if let (Policy::Replace, Some(prev), true) = (policy, last, end > t) {
            let cut = t - starts[prev].unwrap_or(t);
            ran[prev] = cut;
            killed += 1;
            lost += cut;
        }
        starts[g] = Some(b);
        end = b + d;
        delay += b - t;
        started += 1;
        last = Some(g);
    }
    let (max_concurrent, max_queue) = peaks(&starts, &ran, interval);
    let last = nights as i64 * interval;
    PolicyResult {
        policy,
        spill_over: starts.iter().flatten().filter(|&&b| b >= last).count() as u64,
        pod_hours: starts
            .iter()
            .zip(&ran)
            .filter(|(b, _)| b.is_some())
            .map(|(_, d)| d)
            .sum(),
        avg_delay: delay as f64 / started as f64,
        starts,
        started,
        skipped,
        total_delay: delay,
        max_concurrent,
        max_queue,
        killed,
        lost_pod_hours: lost,
    }
}

/// The most runs going (`b <= t < end`) and waiting (`planned <= t < b`) at any scheduled time
/// `t`. Starts never decrease from night to night under any policy, so one pass with a heap of
/// end times gives what the lesson's all-pairs count gives.
pub fn peaks(starts: &[Option<i64>], durations: &[i64], interval: i64) -> (u64, u64) {
    let runs: Vec<(usize, i64, i64)> = starts
        .iter()
        .enumerate()
        .filter_map(|(i, b)| b.map(|b| (i, b, b + durations[i])))
        .collect();
    let mut ends = BinaryHeap::new();
    let (mut begun, mut planned) = (0, 0);
    let (mut most, mut queue) = (0u64, 0u64);
    for g in 0..starts.len() {
        let t = g as i64 * interval;
        while begun < runs.len() && runs[begun].1 <= t {
            ends.push(Reverse(runs[begun].2));
            begun += 1;
        }
        while ends.peek().is_some_and(|Reverse(e)| *e <= t) {
            ends.pop();
        }
        while planned < runs.len() && runs[planned].0 <= g {
            planned += 1;
        }
        most = most.max(ends.len() as u64);
        queue = queue.max(planned.saturating_sub(begun) as u64);
    }
    (most, queue)
}

/// One row of the missed-run table: what a starting window saves after the controller's outage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WindowRow {
    /// Missed runs that may still start (`pencere`).
    pub window: u64,
    /// Missed runs started late (`telafi`).
    pub compensated: u64,
    /// Missed runs dropped.
    pub dropped: u64,
    /// Runs under skip (at most one catches up).
    pub skip_runs: u64,
    /// Runs under queue.
    pub queue_runs: u64,
    /// Runs under parallel.
    pub parallel_runs: u64,
}

/// The missed-run table for `missed` runs and each window.
pub fn window_table(p: &JobsParams) -> Vec<WindowRow> {
    p.windows
        .iter()
        .map(|&w| {
            let c = w.min(p.missed);
            WindowRow {
                window: w,
                compensated: c,
                dropped: p.missed - c,
                skip_runs: c.min(1),
                queue_runs: c,
                parallel_runs: c,
            }
        })
        .collect()
}

/// Everything the lesson's script computes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobsResult {
    /// The guarantee table.
    pub retry: Vec<RetryRow>,
    /// The parallelism table.
    pub parallel: Vec<ParallelRow>,
    /// Each night's run time, hours.
    pub durations: Vec<i64>,
    /// The three policies, in the lesson's order.
    pub policies: Vec<PolicyResult>,
    /// The missed-run table.
    pub windows: Vec<WindowRow>,
    /// The exact values behind the guarantee table.
    pub retry_exact: Vec<RetryExact>,
    /// Completed nights per attempt limit over the replications with other seeds (empty with
    /// one replication).
    pub retry_replicated: Vec<Spread>,
    /// Failed pods and back-off per attempt limit (beyond the lesson; empty when off).
    pub real: super::real::RetryExtensions,
}

/// The lesson's model as a pure function of its parameters and its generators: `fresh(0)` the
/// lesson's, `fresh(i)` replication i's (`p.replications` of them).
pub fn simulate<R: UnitRng + Clone + Send>(
    p: &JobsParams,
    fresh: impl Fn(u32) -> R + Sync,
) -> JobsResult {
    simulate_with_progress(p, fresh, &mut |_| {})
}

/// [`simulate`], telling `progress` the share of the guarantee tables drawn (0 to 1): the
/// lesson's table, then each replication's.
pub fn simulate_with_progress<R: UnitRng + Clone + Send>(
    p: &JobsParams,
    fresh: impl Fn(u32) -> R + Sync,
    progress: &mut dyn FnMut(f64),
) -> JobsResult {
    let lesson = fresh(0);
    let durations = durations(p, &mut lesson.clone());
    let others = if p.replications > 1 {
        f64::from(p.replications)
    } else {
        0.0
    };
    let tables = 1.0 + others;
    let retry = retry_table_with(p, &lesson, &mut |d| progress(d / tables));
    let retry_replicated = if p.replications > 1 {
        // Every replication is a unit of its own: its own fresh generator (`fresh(i)`, cloned
        // again for each row as the lesson resets `s`), nothing shared that it writes. So the
        // replications run at once on native threads (crate::parallel) and come back in order:
        // the same spread whatever the number of threads.
        let runs: Vec<Vec<RetryRow>> = crate::parallel::map_indexed(
            p.replications as usize,
            crate::parallel::jobs_for(p.draws()),
            |i, _| retry_table(p, &fresh(i as u32)),
            &mut |d| progress((1.0 + d * others) / tables),
        );
        (0..retry.len())
            .filter_map(|row| {
                spread(
                    &runs
                        .iter()
                        .map(|r| r[row].completed as f64)
                        .collect::<Vec<_>>(),
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    JobsResult {
        retry_exact: retry_exact(p),
        retry_replicated,
        retry,
        parallel: parallel_table(p),
        policies: Policy::ALL
            .iter()
            .chain(p.replace_policy.then_some(&Policy::Replace))
            .map(|&pol| policy_with(pol, &durations, p.interval, p.starting_deadline))
            .collect(),
        real: super::real::retry_extensions(p, &lesson, night_attempts),
        durations,
        windows: window_table(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The lesson's all-pairs count, for comparison.
    fn peaks_naive(starts: &[Option<i64>], durations: &[i64], interval: i64) -> (u64, u64) {
        let (mut most, mut queue) = (0, 0);
        for g in 0..starts.len() {
            let t = g as i64 * interval;
            let going = (0..starts.len())
                .filter(|&i| starts[i].is_some_and(|b| b <= t && b + durations[i] > t))
                .count() as u64;
            let waiting = (0..starts.len())
                .filter(|&i| starts[i].is_some_and(|b| b > t && i as i64 * interval <= t))
                .count() as u64;
            most = most.max(going);
            queue = queue.max(waiting);
        }
        (most, queue)
    }

    proptest! {
        #[test]
        fn peaks_equal_the_lessons_count(
            durations in prop::collection::vec(0i64..80, 1..60),
            interval in 1i64..40,
        ) {
            for pol in Policy::ALL {
                let r = policy(pol, &durations, interval);
                prop_assert_eq!(
                    (r.max_concurrent, r.max_queue),
                    peaks_naive(&r.starts, &durations, interval)
                );
            }
        }
    }
}
