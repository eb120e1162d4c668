//! The quotas lesson's model, ported from kiraci/akis.mjs (`kosum`): three tenants share one
//! cluster; admission goes through the queue in order, skipping what does not fit, and a request
//! over its tenant's quota is rejected and retried.

use super::params::{QuotasParams, generator};
use crate::rng::UnitRng;

/// The tenants, in the script's order (`KIRACI`).
pub const TENANTS: [&str; 3] = ["olcum", "portal", "rapor"];

/// One tenant's figures (the script's `K[i]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tenant {
    /// Requests made (`istek`).
    pub requests: i64,
    /// Requests that waited on capacity at least once (`acKalan`).
    pub starved: i64,
    /// Requests rejected over quota at least once (`reddedilen`).
    pub rejected: i64,
    /// The longest wait in rounds (`enUzun`).
    pub longest_wait: i64,
    /// Rounds waited in all (`bekleme`).
    pub total_wait: i64,
    /// Requests still waiting at the end (`kalan`).
    pub left: i64,
    /// Pods that finished (`biten`).
    pub finished: i64,
}

/// One run's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Each tenant's.
    pub tenants: [Tenant; 3],
    /// Idle unit-rounds (`bosta`).
    pub idle: i64,
    /// Idle unit-rounds while a request waited (`bekleyenVarkenBosta`).
    pub idle_waiting: i64,
    /// Starved requests over the tenants (`acKalan`).
    pub starved: i64,
    /// Rejected requests over the tenants (`reddedilen`).
    pub rejected: i64,
}

/// What ends in one round: each tenant's units and pods.
#[derive(Clone, Copy, Default)]
struct Ending {
    units: [i64; 3],
    pods: [i64; 3],
}

#[derive(Clone, Copy)]
struct Request {
    tenant: usize,
    units: i64,
    rounds: i64,
    arrived: i64,
    starved: bool,
    rejected: bool,
}

/// What a run tells as it goes (the trace records it; [`run`] tells no one). Every method
/// does nothing by default.
pub trait Recorder {
    /// A request of `tenant` stays queued in round `t`: over its tenant's quota
    /// (`over_quota`) or for want of free units; `first`: the first time for that reason.
    fn held(&mut self, _t: i64, _tenant: usize, _over_quota: bool, _first: bool) {}
    /// Round `t` is over: the free units, each tenant's units in use, the figures so far (waits
    /// counted at admission), the idle unit-rounds and those while a request waited.
    fn round(&mut self, _t: i64, _free: i64, _used: &[i64; 3], _k: &[Tenant; 3], _idle: [i64; 2]) {}
}

impl Recorder for () {}

/// The rounds a portal and a report request arrive in (bits 0 and 1 of each round's byte, round
/// 1 first). Both draws happen every round, in this order, whatever else the run does, so they
/// are a function of the seed, the two probabilities and the rounds alone: every run of a point
/// (its request and quota vary) shares them (the longer quotas search natively 0.83 -> 0.72 s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrivals(Vec<u8>);

/// The arrivals of `p`'s run.
pub fn arrivals(p: &QuotasParams) -> Arrivals {
    // The seed was checked when the parameters were read.
    let Ok(mut rng) = generator(p.seed) else {
        unreachable!("quotas: the seed was checked")
    };
    Arrivals(
        (0..p.rounds)
            .map(|_| {
                let portal = rng.unit() < p.portal_prob;
                let report = rng.unit() < p.report_prob;
                u8::from(portal) | u8::from(report) << 1
            })
            .collect(),
    )
}

/// Runs the model once (`kosum(P, kota)`) with `default_request` for the reporting tenant and
/// `quota` (or none).
pub fn run(p: &QuotasParams, default_request: i64, quota: Option<[i64; 3]>) -> Run {
    run_on(p, &arrivals(p), default_request, quota, &mut ())
}

/// [`run`], telling `rec` what happens (the trace's run, as in the other lessons).
pub fn run_recorded(
    p: &QuotasParams,
    default_request: i64,
    quota: Option<[i64; 3]>,
    rec: &mut impl Recorder,
) -> Run {
    run_on(p, &arrivals(p), default_request, quota, rec)
}

/// [`run_recorded`] on arrivals drawn already (`arrivals(p)`, or those of parameters that differ
/// from `p` in neither the seed, the probabilities nor the rounds).
pub fn run_on(
    p: &QuotasParams,
    arrivals: &Arrivals,
    default_request: i64,
    quota: Option<[i64; 3]>,
    rec: &mut impl Recorder,
) -> Run {
    let mut k = [Tenant::default(); 3];
    let mut used = [0i64; 3];
    debug_assert_eq!(
        arrivals.0.len(),
        p.rounds as usize,
        "quotas: arrivals of other rounds"
    );
    // The units and pods that end in each round to come, on a wheel: a pod admitted in round t
    // ends in round t + its rounds, at most `span − 1` rounds on (one that ends after the last
    // round never frees its units, and is not kept). Each round frees what ends in it without
    // walking a list of running pods (the longer quotas search natively 0.67 -> 0.56 s).
    let longest = [p.night_rounds, p.portal_rounds, p.report_rounds]
        .into_iter()
        .max()
        .unwrap_or(1);
    let span = longest.min(p.rounds) as usize + 1;
    let mut ending = vec![Ending::default(); span];
    let mut slot = 0; // round t's, t mod span
    let last = i64::from(p.rounds);
    // Made at a size that holds a night's burst and what waits with it, not grown from none
    // (growing it and the list of running pods the wheel replaced: that search natively
    // 0.72 -> 0.66 s).
    let mut queue: Vec<Request> = Vec::with_capacity(32);
    let (mut free, mut idle, mut idle_waiting) = (p.capacity, 0i64, 0i64);
    // Each tenant's quota; without quotas one no request reaches (a tenant's units in use are at
    // most the capacity). Read once, not the option at every request.
    let limit = quota.unwrap_or([i64::MAX; 3]);
    let every = i64::from(p.night_every);
    let night = Request {
        tenant: 0,
        units: p.night_units,
        rounds: p.night_rounds.into(),
        arrived: 0,
        starved: false,
        rejected: false,
    };
    let portal = Request {
        tenant: 1,
        units: p.portal_units,
        rounds: p.portal_rounds.into(),
        ..night
    };
    let report = Request {
        tenant: 2,
        units: default_request,
        rounds: p.report_rounds.into(),
        ..night
    };
    for (t, &arrived) in (1..=last).zip(&arrivals.0) {
        slot = if slot + 1 == span { 0 } else { slot + 1 };
        let ended = std::mem::take(&mut ending[slot]);
        for (i, (units, pods)) in ended.units.into_iter().zip(ended.pods).enumerate() {
            free += units;
            used[i] -= units;
            k[i].finished += pods;
        }
        if t % every == 1 % every {
            k[0].requests += i64::from(p.night_slices);
            for _ in 0..p.night_slices {
                queue.push(Request {
                    arrived: t,
                    ..night
                });
            }
        }
        if arrived & 1 != 0 {
            k[1].requests += 1;
            queue.push(Request {
                arrived: t,
                ..portal
            });
        }
        if arrived & 2 != 0 {
            k[2].requests += 1;
            queue.push(Request {
                arrived: t,
                ..report
            });
        }
        // The queue in order: what is admitted leaves it, the rest stays in its place. One
        // `retain_mut`, not a loop of pushes: at the page's opt-level z those are calls.
        queue.retain_mut(|r| {
            if used[r.tenant] + r.units > limit[r.tenant] {
                rec.held(t, r.tenant, true, !r.rejected);
                r.rejected = true;
                return true;
            }
            if r.units > free {
                rec.held(t, r.tenant, false, !r.starved);
                r.starved = true;
                return true;
            }
            free -= r.units;
            used[r.tenant] += r.units;
            if t + r.rounds <= last {
                // r.rounds < span here: the wheel turns once at most.
                let at = slot + r.rounds as usize;
                let e = &mut ending[if at >= span { at - span } else { at }];
                e.units[r.tenant] += r.units;
                e.pods[r.tenant] += 1;
            }
            admitted(&mut k[r.tenant], r, t - r.arrived);
            false
        });
        idle += free;
        if !queue.is_empty() {
            idle_waiting += free;
        }
        rec.round(t, free, &used, &k, [idle, idle_waiting]);
    }
    for r in &queue {
        k[r.tenant].left += 1;
        admitted(&mut k[r.tenant], r, last + 1 - r.arrived);
    }
    let mut starved = 0;
    let mut rejected = 0;
    for tenant in &k {
        starved += tenant.starved;
        rejected += tenant.rejected;
    }
    Run {
        tenants: k,
        idle,
        idle_waiting,
        starved,
        rejected,
    }
}

/// A request's wait counted (on admission, or at the end for those still waiting).
fn admitted(k: &mut Tenant, r: &Request, waited: i64) {
    k.total_wait += waited;
    k.longest_wait = k.longest_wait.max(waited);
    if r.starved {
        k.starved += 1;
    }
    if r.rejected {
        k.rejected += 1;
    }
}

/// olc.mjs's runs.
#[derive(Debug, Clone)]
pub struct Measure {
    /// Without quotas.
    pub open: Run,
    /// With the lesson's quotas.
    pub quota: Run,
    /// Each quota of the sweep.
    pub sweep: Vec<([i64; 3], Run)>,
    /// Each default request: without and with the quotas.
    pub defaults: Vec<(i64, Run, Run)>,
}

/// The quotas as the model reads them.
pub fn triple(q: &[i64]) -> [i64; 3] {
    [q[0], q[1], q[2]]
}

/// The `measure` section's runs. A run is a function of the parameters, the default request and
/// the quota alone (its generator starts at the seed each time), so the rows that repeat the
/// lesson's own runs take them rather than running them again: the default sweep's row of the
/// default request (`2` in `1,2,4`) and the quota sweep's row of the lesson's quotas (`6/3/3`),
/// three of the lesson's twelve runs.
pub fn measure(p: &QuotasParams) -> Measure {
    let quota = triple(&p.quotas);
    let arrived = arrivals(p);
    let fresh = |request: i64, q: Option<[i64; 3]>| run_on(p, &arrived, request, q, &mut ());
    let open = fresh(p.default_request, None);
    let with_quota = fresh(p.default_request, Some(quota));
    let at = |request: i64, q: Option<[i64; 3]>| match q {
        _ if request != p.default_request => fresh(request, q),
        None => open.clone(),
        Some(q) if q == quota => with_quota.clone(),
        Some(q) => fresh(request, Some(q)),
    };
    let mut sweep = Vec::with_capacity(p.quota_sweep.len());
    for &q in &p.quota_sweep {
        sweep.push((q, at(p.default_request, Some(q))));
    }
    let mut defaults = Vec::with_capacity(p.default_sweep.len());
    for &d in &p.default_sweep {
        defaults.push((d, at(d, None), at(d, Some(quota))));
    }
    Measure {
        open,
        quota: with_quota,
        sweep,
        defaults,
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::SCHEMA;
    use super::*;
    use crate::params::ParamSet;
    use proptest::prelude::*;

    /// The script's `kosum` as it reads: the generator drawn in the loop, the running pods in a
    /// list walked every round; the figures `run` gives, for comparison.
    fn kosum(p: &QuotasParams, request: i64, quota: Option<[i64; 3]>) -> Run {
        let mut rng = generator(p.seed).unwrap();
        let (mut k, mut used) = ([Tenant::default(); 3], [0i64; 3]);
        let (mut running, mut queue) = (Vec::<(usize, i64, i64)>::new(), Vec::<Request>::new());
        let (mut free, mut idle, mut idle_waiting) = (p.capacity, 0, 0);
        let kinds = [
            (p.night_units, p.night_rounds),
            (p.portal_units, p.portal_rounds),
            (request, p.report_rounds),
        ];
        let ask = |tenant: usize, t: i64| Request {
            tenant,
            units: kinds[tenant].0,
            rounds: kinds[tenant].1.into(),
            arrived: t,
            starved: false,
            rejected: false,
        };
        for t in 1..=i64::from(p.rounds) {
            for &(tenant, units, _) in running.iter().filter(|r| r.2 == t) {
                free += units;
                used[tenant] -= units;
                k[tenant].finished += 1;
            }
            running.retain(|r| r.2 != t);
            if (t - 1) % i64::from(p.night_every) == 0 {
                for _ in 0..p.night_slices {
                    k[0].requests += 1;
                    queue.push(ask(0, t));
                }
            }
            for (tenant, prob) in [(1, p.portal_prob), (2, p.report_prob)] {
                if rng.unit() < prob {
                    k[tenant].requests += 1;
                    queue.push(ask(tenant, t));
                }
            }
            let mut waiting = Vec::new();
            for mut r in queue {
                if quota.is_some_and(|q| used[r.tenant] + r.units > q[r.tenant]) {
                    r.rejected = true;
                    waiting.push(r);
                } else if r.units > free {
                    r.starved = true;
                    waiting.push(r);
                } else {
                    free -= r.units;
                    used[r.tenant] += r.units;
                    running.push((r.tenant, r.units, t + r.rounds));
                    admitted(&mut k[r.tenant], &r, t - r.arrived);
                }
            }
            queue = waiting;
            idle += free;
            if !queue.is_empty() {
                idle_waiting += free;
            }
        }
        for r in &queue {
            k[r.tenant].left += 1;
            admitted(&mut k[r.tenant], r, i64::from(p.rounds) + 1 - r.arrived);
        }
        Run {
            tenants: k,
            idle,
            idle_waiting,
            starved: k.iter().map(|k| k.starved).sum(),
            rejected: k.iter().map(|k| k.rejected).sum(),
        }
    }

    proptest! {
        /// The wheel of ending pods and the arrivals drawn ahead give the script's figures, with
        /// pods that outlast the run, bursts larger than the capacity, quotas or none.
        #[test]
        fn a_run_is_the_scripts(
            capacity in 1i64..16,
            rounds in 1u32..60,
            seed in 1u64..1000,
            night in (1u32..30, 0u32..20, 1i64..5, 1u32..70),
            portal in (0.0..1.0f64, 1i64..5, 1u32..70),
            report in (0.0..1.0f64, 1i64..6, 1u32..70),
            quota in prop::option::of([1i64..12, 1i64..12, 1i64..12]),
        ) {
            let p = QuotasParams {
                capacity,
                rounds,
                seed,
                night_every: night.0,
                night_slices: night.1,
                night_units: night.2,
                night_rounds: night.3,
                portal_prob: portal.0,
                portal_units: portal.1,
                portal_rounds: portal.2,
                report_prob: report.0,
                report_rounds: report.2,
                ..QuotasParams::from_set(&ParamSet::of(&SCHEMA, &[])).unwrap()
            };
            prop_assert_eq!(run(&p, report.1, quota), kosum(&p, report.1, quota));
        }
    }

    /// The rows `measure` takes from the lesson's own runs are those runs: every row equals the
    /// run it stands for, whether the default request and the quotas are among the sweeps or not.
    #[test]
    fn measure_rows_are_their_runs() {
        for pairs in [
            &[][..],
            &[("default_sweep", "1,4")],
            &[("quotas", "8,4,4"), ("default_request", "4")],
            &[("quotas", "5,5,5"), ("quota_sweep", "5/5/5,5/5/5")],
            &[("seed", "7"), ("default_sweep", "2,2,3")],
        ] {
            let p = QuotasParams::from_set(&ParamSet::of(&SCHEMA, pairs)).unwrap();
            let quota = triple(&p.quotas);
            let m = measure(&p);
            assert_eq!(m.open, run(&p, p.default_request, None), "{pairs:?}");
            assert_eq!(
                m.quota,
                run(&p, p.default_request, Some(quota)),
                "{pairs:?}"
            );
            assert_eq!(m.sweep.len(), p.quota_sweep.len());
            for (&q, (at, got)) in p.quota_sweep.iter().zip(&m.sweep) {
                assert_eq!(
                    (*at, got),
                    (q, &run(&p, p.default_request, Some(q))),
                    "{pairs:?}"
                );
            }
            assert_eq!(m.defaults.len(), p.default_sweep.len());
            for (&d, (at, open, quoted)) in p.default_sweep.iter().zip(&m.defaults) {
                assert_eq!(*at, d);
                assert_eq!(open, &run(&p, d, None), "{pairs:?} {d}");
                assert_eq!(quoted, &run(&p, d, Some(quota)), "{pairs:?} {d}");
            }
        }
    }
}
