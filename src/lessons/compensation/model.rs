//! The compensation lesson's model (telafi/akis.mjs with olc.mjs and bedel.mjs): every ordering
//! of the steps and the valid ones, the rollback of a run failing at each step, the Monte Carlo
//! over compensation attempts (DD5), and the daily cost at the lesson's scale (K01).

use serde::Serialize;

use super::kinds::StepSpec;
use super::params::CompensationParams;
use crate::rng::{Lcg32, UnitRng};
use crate::stats::{Spread, Z95, spread, wilson};

/// `rnd = () => 1`: a generator under which no compensation call fails.
#[derive(Debug, Clone, Copy)]
pub struct NeverFails;

impl UnitRng for NeverFails {
    fn unit(&mut self) -> f64 {
        1.0
    }
}

/// `n!`, the number of orderings (`dizilisler(ADIM).length`).
pub fn ordering_count(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// The orderings that respect every dependency, in the order `dizilisler` lists them
/// (lexicographic in the declared order), without enumerating the invalid ones.
pub fn valid_orderings(steps: &[StepSpec]) -> Vec<Vec<usize>> {
    let deps: Vec<Vec<usize>> = steps
        .iter()
        .map(|s| {
            s.after
                .iter()
                .filter_map(|a| steps.iter().position(|o| &o.name == a))
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    let mut prefix = Vec::with_capacity(steps.len());
    let mut used = vec![false; steps.len()];
    fn extend(
        deps: &[Vec<usize>],
        prefix: &mut Vec<usize>,
        used: &mut [bool],
        out: &mut Vec<Vec<usize>>,
    ) {
        if prefix.len() == deps.len() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..deps.len() {
            if used[i] || !deps[i].iter().all(|&d| used[d]) {
                continue;
            }
            used[i] = true;
            prefix.push(i);
            extend(deps, prefix, used, out);
            prefix.pop();
            used[i] = false;
        }
    }
    extend(&deps, &mut prefix, &mut used, &mut out);
    out
}

/// What one rollback did (`kosum`'s result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Rollback {
    /// Completed steps that cannot be undone (`telafisiz`).
    pub uncompensated: u64,
    /// Compensation calls made (`telafiCagrisi`).
    pub calls: u64,
    /// Steps whose compensation failed every attempt (`askida`).
    pub hung: u64,
    /// Rollback rounds: one per completed step, one more per retried call (`tur`).
    pub rounds: u64,
}

/// One run (`kosum`): the first `k` steps of the ordering completed, then a failure; the
/// completed steps are undone in reverse, each compensation tried up to `attempts` times.
/// `compensable[i]` tells whether the ordering's i-th step has a compensation.
pub fn rollback<R: UnitRng>(
    compensable: &[bool],
    k: usize,
    fail: f64,
    attempts: u32,
    rng: &mut R,
) -> Rollback {
    rollback_recorded(compensable, k, fail, attempts, rng, &mut |_, _| {})
}

/// [`rollback`], telling `call(step, ok)` about every compensation call (`step` indexes the
/// ordering) in the order they are made.
pub fn rollback_recorded<R: UnitRng>(
    compensable: &[bool],
    k: usize,
    fail: f64,
    attempts: u32,
    rng: &mut R,
    call: &mut dyn FnMut(usize, bool),
) -> Rollback {
    let mut r = Rollback::default();
    for (step, &has_compensation) in compensable[..k].iter().enumerate().rev() {
        r.rounds += 1;
        if !has_compensation {
            r.uncompensated += 1;
            continue;
        }
        let mut done = false;
        let mut d = 0;
        while d < attempts && !done {
            r.calls += 1;
            if d > 0 {
                r.rounds += 1;
            }
            done = rng.unit() >= fail;
            call(step, done);
            d += 1;
        }
        if !done {
            r.hung += 1;
        }
    }
    r
}

/// Totals of many runs with the failing step `i mod steps` (olc.mjs's Monte Carlo loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    /// Runs simulated (N).
    pub runs: u64,
    /// Runs with at least one hung step (`askida`).
    pub hung_jobs: u64,
    /// Compensation calls (`cagri`).
    pub calls: u64,
    /// Rollback rounds (`tur`).
    pub rounds: u64,
}

/// The Monte Carlo of olc.mjs for one attempt count, drawing from `rng`. Same draws and totals
/// as calling [`rollback`] for each run (`i mod steps` fails), only faster: the failing step
/// cycles through the steps, so a whole cycle whose first attempts all succeed — most of them
/// — is counted at once, and only a cycle with a failed call is played run by run.
pub fn monte_carlo<R: UnitRng>(
    compensable: &[bool],
    attempts: u32,
    fail: f64,
    runs: u64,
    rng: R,
) -> Totals {
    monte_carlo_with_progress(compensable, attempts, fail, runs, rng, &mut |_| {})
}

/// [`monte_carlo`], telling `progress` how many runs are done every 2¹⁸ or so.
pub fn monte_carlo_with_progress<R: UnitRng>(
    compensable: &[bool],
    attempts: u32,
    fail: f64,
    runs: u64,
    mut rng: R,
    progress: &mut dyn FnMut(u64),
) -> Totals {
    let n = compensable.len();
    // Compensable steps among the first k (the draws a run failing at step k+1 makes at least).
    let draws: Vec<u32> = (0..n)
        .map(|k| compensable[..k].iter().filter(|c| **c).count() as u32)
        .collect();
    let per_cycle: usize = draws.iter().map(|&d| d as usize).sum();
    let cycle_rounds: u64 = (0..n as u64).sum();
    let mut t = Totals {
        runs,
        ..Totals::default()
    };
    for cycle in 0..runs / n as u64 {
        if cycle & 0xffff == 0 && cycle > 0 {
            progress(cycle * n as u64);
        }
        // Most cycles have every compensation call succeed: check that first, and replay the
        // cycle's draws from the generator's state only when one fails. The draws are taken
        // four at a time, then the rest without a loop: a WebAssembly engine pays for each turn
        // of a loop, and this loop is the page's hottest (`./build.sh bench` measured 617 → 690 M
        // runs/s in chromium, native within its noise).
        let start = rng.clone();
        let mut all_pass = true;
        let mut left = per_cycle;
        while left >= 4 {
            all_pass &= rng.passes(fail) & rng.passes(fail) & rng.passes(fail) & rng.passes(fail);
            left -= 4;
        }
        all_pass &= match left {
            3 => rng.passes(fail) & rng.passes(fail) & rng.passes(fail),
            2 => rng.passes(fail) & rng.passes(fail),
            1 => rng.passes(fail),
            _ => true,
        };
        if all_pass {
            t.calls += per_cycle as u64;
            t.rounds += cycle_rounds;
            continue;
        }
        rng = start;
        for (k, &d) in draws.iter().enumerate() {
            play_run(k, d, attempts, fail, &mut || rng.unit(), &mut t);
        }
    }
    for (k, &d) in draws.iter().enumerate().take((runs % n as u64) as usize) {
        play_run(k, d, attempts, fail, &mut || rng.unit(), &mut t);
    }
    t
}

/// One run failing after `k` steps with `draws` compensable ones among them.
#[inline]
fn play_run(
    k: usize,
    draws: u32,
    attempts: u32,
    fail: f64,
    next: &mut impl FnMut() -> f64,
    t: &mut Totals,
) {
    t.rounds += k as u64;
    let mut hung = false;
    for _ in 0..draws {
        let mut d = 1u32;
        loop {
            if next() >= fail {
                break;
            }
            if d == attempts {
                hung = true;
                break;
            }
            d += 1;
        }
        t.calls += u64::from(d);
        t.rounds += u64::from(d - 1);
    }
    t.hung_jobs += u64::from(hung);
}

/// A valid ordering with its error-free rollback totals over every failing step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderingRow {
    /// Step indices in order.
    pub ordering: Vec<usize>,
    /// Uncompensated steps summed over the failing steps (`telafisiz`).
    pub uncompensated: u64,
    /// Rollback rounds summed likewise (`tur`).
    pub rounds: u64,
}

/// The rollback of the chosen ordering when step `k+1` fails and no compensation fails.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FailureRow {
    /// The failing step's index in the declared steps.
    pub step: usize,
    /// Steps completed before it.
    pub completed: u64,
    /// Their rollback.
    pub rollback: Rollback,
}

/// One Monte Carlo row, with the figures as printed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct McRow {
    /// Attempts per compensation.
    pub attempts: u32,
    /// The raw totals.
    pub totals: Totals,
    /// Hung-job rate (`askida / N`).
    pub rate: f64,
    /// Compensation calls per job.
    pub calls_per_job: f64,
    /// Rollback rounds per job.
    pub rounds_per_job: f64,
    /// The 95% Wilson interval of the hung-job rate.
    pub rate_ci: (f64, f64),
    /// What the Monte Carlo estimates, exactly.
    pub exact: Exact,
    /// The hung-job rate over the replications with seeds seed, seed+1, … (when more than one).
    pub replicated: Option<Spread>,
}

/// The exact expectations behind one Monte Carlo row: every compensable completed step hangs
/// with probability fail^attempts and takes 1 + fail + … + fail^(attempts−1) calls on average;
/// the failing step takes each place as often as `i mod steps` gives it in `runs` runs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Exact {
    /// Probability that a run leaves at least one step hung.
    pub rate: f64,
    /// Expected compensation calls per run.
    pub calls_per_job: f64,
    /// Expected rollback rounds per run.
    pub rounds_per_job: f64,
}

/// The exact expectations for an ordering (`compensable` in its order), an attempt count and a
/// number of runs (the estimator's own weighting of failing steps).
pub fn exact(compensable: &[bool], attempts: u32, fail: f64, runs: u64) -> Exact {
    let n = compensable.len() as u64;
    let hang = fail.powi(attempts as i32);
    let calls_per_step: f64 = (0..attempts).map(|j| fail.powi(j as i32)).sum();
    let (mut rate, mut calls, mut rounds) = (0.0, 0.0, 0.0);
    for k in 0..n {
        // Runs i < runs with i mod n = k.
        let weight = (runs / n + u64::from(k < runs % n)) as f64;
        let c = compensable[..k as usize].iter().filter(|c| **c).count() as i32;
        rate += weight * (1.0 - (1.0 - hang).powi(c));
        calls += weight * f64::from(c) * calls_per_step;
        rounds += weight * (k as f64 + f64::from(c) * (calls_per_step - 1.0));
    }
    let runs = runs as f64;
    Exact {
        rate: rate / runs,
        calls_per_job: calls / runs,
        rounds_per_job: rounds / runs,
    }
}

/// One ordering in the daily table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DailyOrdering {
    /// Index into [`CompensationResult::orderings`].
    pub ordering: usize,
    /// Uncompensated steps per failed workflow (`telafisiz / steps`).
    pub share: f64,
    /// Uncompensated steps per day.
    pub per_day: f64,
    /// Per year.
    pub per_year: f64,
}

/// One attempt count in the daily table, from the Monte Carlo figures as printed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DailyAttempts {
    /// Attempts per compensation.
    pub attempts: u32,
    /// The printed hung-job rate, read back (5 decimals).
    pub rate: f64,
    /// The printed rounds per job, read back (3 decimals).
    pub rounds: f64,
    /// Hung workflows per day.
    pub hung_per_day: f64,
    /// Per year.
    pub hung_per_year: f64,
    /// Seconds one rollback takes (`sarma`).
    pub rollback_s: f64,
    /// Seconds of intermediate state per day.
    pub intermediate_s_per_day: f64,
    /// Hours of hung state per day.
    pub hung_hours_per_day: f64,
}

/// bedel.mjs's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Daily {
    /// Failed workflows per day (`hatali`).
    pub failed_per_day: f64,
    /// Per valid ordering.
    pub orderings: Vec<DailyOrdering>,
    /// Per attempt count.
    pub attempts: Vec<DailyAttempts>,
    /// Hung time against rollback time with the first attempt count (`kat(TUR)`).
    pub ratio: f64,
    /// The DD6 round time times the factor.
    pub sensitivity_round_s: f64,
    /// Intermediate-state seconds per day with that round time.
    pub sensitivity_intermediate_s: f64,
    /// The ratio with that round time.
    pub sensitivity_ratio: f64,
    /// Steps that carry a compensation.
    pub compensable_steps: u64,
    /// Compensation paths written per day (`FATURA × compensable`).
    pub written_paths: u64,
    /// Compensation calls per failed workflow when none fails (0.75 in the lesson).
    pub calls_per_failure: f64,
    /// Compensation calls per day.
    pub calls_per_day: f64,
    /// Compensation calls per workflow.
    pub calls_per_workflow: f64,
}

/// Everything the lesson computes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompensationResult {
    /// `n!`.
    pub ordering_count: u64,
    /// The valid orderings with their error-free totals.
    pub orderings: Vec<OrderingRow>,
    /// Index of the chosen ordering (first with the fewest uncompensated steps).
    pub chosen: usize,
    /// The chosen ordering's rollback for each failing step.
    pub failures: Vec<FailureRow>,
    /// The Monte Carlo rows.
    pub monte_carlo: Vec<McRow>,
    /// The daily cost.
    pub daily: Daily,
    /// The same figures with the steps that cannot go last made compensable (beyond the lesson;
    /// with `reversible_close`).
    pub reversible: Option<Box<CompensationResult>>,
}

/// Reads a number back from its printed `toFixed` text, as bedel.mjs's constants do.
fn as_printed(x: f64, decimals: usize) -> f64 {
    crate::jsfmt::parse_number(&crate::jsfmt::to_fixed(x, decimals)).unwrap_or(f64::NAN)
}

/// The lesson's model as a pure function of its parameters, with the lesson's generator.
pub fn simulate(p: &CompensationParams) -> CompensationResult {
    simulate_with(p, |replicate| Lcg32::new(p.seed.wrapping_add(replicate)))
}

/// The model with any generator; `fresh(i)` makes the generator for each Monte Carlo row of
/// replication `i` (0 is the lesson's run).
pub fn simulate_with<R: UnitRng + Send>(
    p: &CompensationParams,
    fresh: impl Fn(u32) -> R + Sync,
) -> CompensationResult {
    simulate_with_progress(p, fresh, &mut |_| {})
}

/// [`simulate_with`], telling `progress` the share of the Monte Carlo done (0 to 1) as it goes.
pub fn simulate_with_progress<R: UnitRng + Send>(
    p: &CompensationParams,
    fresh: impl Fn(u32) -> R + Sync,
    progress: &mut dyn FnMut(f64),
) -> CompensationResult {
    simulate_dyn(p, &fresh, progress)
}

/// [`simulate_with_progress`] behind one generator type (it calls itself for `reversible_close`).
fn simulate_dyn<R: UnitRng + Send>(
    p: &CompensationParams,
    fresh: &(dyn Fn(u32) -> R + Sync),
    progress: &mut dyn FnMut(f64),
) -> CompensationResult {
    let n = p.steps.len();
    let orderings = ordering_rows(p);
    let chosen = choose(&orderings);
    let chosen_ordering = orderings
        .get(chosen)
        .map(|o| o.ordering.clone())
        .unwrap_or_default();
    let comp = compensable_of(p, &chosen_ordering);
    let failures: Vec<FailureRow> = (0..comp.len())
        .map(|k| FailureRow {
            step: chosen_ordering[k],
            completed: k as u64,
            rollback: rollback(&comp, k, 0.0, 1, &mut NeverFails),
        })
        .collect();
    let reps = p.replications.max(1);
    // Every attempt count is a row of its own: fresh generators (`fresh(rep)`, the lesson's "new
    // generator for every row"), the ordering only read, its own totals. So the rows run at once
    // on native threads (crate::parallel) and come back in order: the same figures whatever the
    // number of threads. A row's replications run one after the other.
    let runs = p.runs as f64;
    let monte_carlo: Vec<McRow> = crate::parallel::map_indexed(
        p.retries.len(),
        crate::parallel::jobs_for(p.expected_draws()),
        |row, tick| {
            let attempts = p.retries[row];
            let mut rates = Vec::with_capacity(reps as usize);
            let mut first = Totals::default();
            for rep in 0..reps {
                let mut tick =
                    |done: u64| tick((f64::from(rep) + done as f64 / runs) / f64::from(reps));
                let totals = monte_carlo_with_progress(
                    &comp,
                    attempts,
                    p.comp_fail,
                    p.runs,
                    fresh(rep),
                    &mut tick,
                );
                rates.push(totals.hung_jobs as f64 / runs);
                if rep == 0 {
                    first = totals;
                }
            }
            McRow {
                attempts,
                totals: first,
                rate: first.hung_jobs as f64 / runs,
                calls_per_job: first.calls as f64 / runs,
                rounds_per_job: first.rounds as f64 / runs,
                rate_ci: wilson(first.hung_jobs, p.runs, Z95),
                exact: exact(&comp, attempts, p.comp_fail, p.runs),
                replicated: if reps > 1 { spread(&rates) } else { None },
            }
        },
        // With `reversible_close` the model runs twice: each pass is half of the work.
        &mut |share| {
            progress(if p.reversible_close {
                share / 2.0
            } else {
                share
            })
        },
    );
    let daily = daily(p, &orderings, &failures, &monte_carlo);
    let reversible = (p.reversible_close).then(|| {
        let after = super::real::reversible_params(p);
        Box::new(simulate_dyn(&after, fresh, &mut |s| {
            progress(0.5 + s / 2.0)
        }))
    });
    CompensationResult {
        ordering_count: ordering_count(n),
        orderings,
        chosen,
        failures,
        monte_carlo,
        daily,
        reversible,
    }
}

/// Whether each step of `ordering` has a compensation.
pub fn compensable_of(p: &CompensationParams, ordering: &[usize]) -> Vec<bool> {
    ordering
        .iter()
        .map(|&i| p.steps[i].compensation.is_some())
        .collect()
}

/// The valid orderings with their error-free rollback totals over every failing step.
pub fn ordering_rows(p: &CompensationParams) -> Vec<OrderingRow> {
    valid_orderings(&p.steps)
        .into_iter()
        .map(|ordering| {
            let comp = compensable_of(p, &ordering);
            let (mut uncompensated, mut rounds) = (0, 0);
            for k in 0..p.steps.len() {
                let r = rollback(&comp, k, 0.0, 1, &mut NeverFails);
                uncompensated += r.uncompensated;
                rounds += r.rounds;
            }
            OrderingRow {
                ordering,
                uncompensated,
                rounds,
            }
        })
        .collect()
}

/// The ordering the lesson goes on with: the first with the fewest uncompensated steps.
pub fn choose(orderings: &[OrderingRow]) -> usize {
    let fewest = orderings.iter().map(|o| o.uncompensated).min().unwrap_or(0);
    orderings
        .iter()
        .position(|o| o.uncompensated == fewest)
        .unwrap_or(0)
}

/// bedel.mjs: the measured rates (as printed) at the lesson's daily scale.
fn daily(
    p: &CompensationParams,
    orderings: &[OrderingRow],
    failures: &[FailureRow],
    mc: &[McRow],
) -> Daily {
    let n = p.steps.len() as f64;
    let failed = p.daily_workflows as f64 * p.failure_rate;
    let daily_orderings = orderings
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let share = o.uncompensated as f64 / n;
            DailyOrdering {
                ordering: i,
                share,
                per_day: failed * share,
                per_year: failed * share * 365.0,
            }
        })
        .collect();
    let attempts: Vec<DailyAttempts> = mc
        .iter()
        .map(|row| {
            let rate = as_printed(row.rate, 5);
            let rounds = as_printed(row.rounds_per_job, 3);
            let hung = failed * rate;
            let rollback_s = rounds * p.round_s;
            DailyAttempts {
                attempts: row.attempts,
                rate,
                rounds,
                hung_per_day: hung,
                hung_per_year: hung * 365.0,
                rollback_s,
                intermediate_s_per_day: failed * rollback_s,
                hung_hours_per_day: hung * p.hang_close_h,
            }
        })
        .collect();
    let (o1, t1) = attempts
        .first()
        .map(|a| (a.rate, a.rounds))
        .unwrap_or((f64::NAN, f64::NAN));
    let ratio = |t: f64| (failed * o1 * p.hang_close_h * 3600.0) / (failed * t1 * t);
    let compensable = p.steps.iter().filter(|s| s.compensation.is_some()).count() as u64;
    let calls_per_failure = failures.iter().map(|f| f.rollback.calls).sum::<u64>() as f64 / n;
    Daily {
        failed_per_day: failed,
        orderings: daily_orderings,
        ratio: ratio(p.round_s),
        sensitivity_round_s: p.round_s * p.round_factor,
        sensitivity_intermediate_s: failed * t1 * p.round_s * p.round_factor,
        sensitivity_ratio: ratio(p.round_s * p.round_factor),
        compensable_steps: compensable,
        written_paths: p.daily_workflows * compensable,
        calls_per_failure,
        calls_per_day: failed * calls_per_failure,
        calls_per_workflow: calls_per_failure * p.failure_rate,
        attempts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The precomputed Monte Carlo loop draws and counts exactly as one `kosum` per run.
        #[test]
        fn monte_carlo_equals_one_rollback_per_run(
            compensable in prop::collection::vec(any::<bool>(), 1..7),
            attempts in 1u32..5,
            fail in prop_oneof![Just(0.0), Just(1.0), 0.0f64..1.0],
            runs in 1u64..300,
            seed in any::<u32>(),
        ) {
            let fast = monte_carlo(&compensable, attempts, fail, runs, Lcg32::new(seed));
            let mut rng = Lcg32::new(seed);
            let mut slow = Totals { runs, ..Totals::default() };
            for i in 0..runs {
                let r = rollback(&compensable, (i % compensable.len() as u64) as usize, fail, attempts, &mut rng);
                slow.hung_jobs += u64::from(r.hung > 0);
                slow.calls += r.calls;
                slow.rounds += r.rounds;
            }
            prop_assert_eq!(fast, slow);
        }
    }
}
