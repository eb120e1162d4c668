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

/// Runs the model once (`kosum(P, kota)`) with `default_request` for the reporting tenant and
/// `quota` (or none).
pub fn run(p: &QuotasParams, default_request: i64, quota: Option<[i64; 3]>) -> Run {
    run_recorded(p, default_request, quota, &mut ())
}

/// [`run`], telling `rec` what happens.
pub fn run_recorded(
    p: &QuotasParams,
    default_request: i64,
    quota: Option<[i64; 3]>,
    rec: &mut impl Recorder,
) -> Run {
    // The seed was checked when the parameters were read.
    let Ok(mut rng) = generator(p.seed) else {
        unreachable!("quotas: the seed was checked")
    };
    let mut k = [Tenant::default(); 3];
    let mut used = [0i64; 3];
    // Running pods: tenant, units, the round they end.
    let mut running: Vec<(usize, i64, i64)> = Vec::new();
    let mut queue: Vec<Request> = Vec::new();
    let (mut free, mut idle, mut idle_waiting) = (p.capacity, 0i64, 0i64);
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
    for t in 1..=i64::from(p.rounds) {
        // Pods ending this round free their units (only sums are taken: the order is not read).
        running.retain(|&(tenant, units, end)| {
            if end != t {
                return true;
            }
            free += units;
            used[tenant] -= units;
            k[tenant].finished += 1;
            false
        });
        if t % every == 1 % every {
            k[0].requests += i64::from(p.night_slices);
            for _ in 0..p.night_slices {
                queue.push(Request {
                    arrived: t,
                    ..night
                });
            }
        }
        // Both draws happen every round, in this order.
        if rng.unit() < p.portal_prob {
            k[1].requests += 1;
            queue.push(Request {
                arrived: t,
                ..portal
            });
        }
        if rng.unit() < p.report_prob {
            k[2].requests += 1;
            queue.push(Request {
                arrived: t,
                ..report
            });
        }
        // The queue in order: what is admitted leaves it, the rest stays in its place. One
        // `retain_mut`, not a loop of pushes: at the page's opt-level z those are calls.
        queue.retain_mut(|r| {
            if quota.is_some_and(|q| used[r.tenant] + r.units > q[r.tenant]) {
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
            running.push((r.tenant, r.units, t + r.rounds));
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
        admitted(&mut k[r.tenant], r, i64::from(p.rounds) + 1 - r.arrived);
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
    let open = run(p, p.default_request, None);
    let with_quota = run(p, p.default_request, Some(quota));
    let at = |request: i64, q: Option<[i64; 3]>| match q {
        _ if request != p.default_request => run(p, request, q),
        None => open.clone(),
        Some(q) if q == quota => with_quota.clone(),
        Some(q) => run(p, request, Some(q)),
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
