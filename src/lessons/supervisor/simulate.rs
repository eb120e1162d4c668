//! The lesson's whole run (olc.mjs and hesap.mjs): the model's runs ([`super::model`]) with the
//! extensions beyond the lesson ([`super::real`]), which build on the model.

use serde::Serialize;

use super::model::{Config, DailyRow, Outcome, Scenario, run};
use super::params::SupervisorParams;
use super::real::{Duplicates, duplicates, random_scenario};

/// Everything the lesson's two scripts compute.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SupervisorResult {
    /// The run without a supervisor.
    pub off: Outcome,
    /// The run with the supervisor.
    pub on: Outcome,
    /// The sweep over scan intervals: `(scan, outcome)`.
    pub sweep: Vec<(u32, Outcome)>,
    /// Steps per day (`ADIM_GUN`).
    pub daily_steps: u64,
    /// Share of re-drives that were wasted in the model (`bosaOran`; NaN without re-drives).
    pub wasted_share: f64,
    /// The daily table.
    pub daily: Vec<DailyRow>,
    /// Duplicate invoice lines from wasted executions, when steps are not idempotent.
    pub duplicates: Option<Duplicates>,
}

impl SupervisorParams {
    /// The fault scenario these parameters describe.
    pub fn scenario(&self) -> Scenario {
        if self.random_faults() {
            return random_scenario(self);
        }
        Scenario {
            steps: self.steps.len(),
            hung: self.fault_steps(&self.hung),
            permanent: self.fault_steps(&self.permanent),
        }
    }

    /// The run configuration with the supervisor on or off and a given scan interval.
    pub fn config(&self, supervisor: bool, scan: u32) -> Config {
        Config {
            supervisor,
            scan,
            lease: self.lease,
            retry_limit: self.retry_limit,
            max_rounds: self.max_rounds,
        }
    }
}

/// The lesson's model as a pure function of its parameters (olc.mjs and hesap.mjs).
pub fn simulate(p: &SupervisorParams) -> SupervisorResult {
    let scenario = p.scenario();
    let off = run(&scenario, &p.config(false, p.scan));
    let on = run(&scenario, &p.config(true, p.scan));
    let sweep = p
        .scan_sweep
        .iter()
        .map(|&s| (s, run(&scenario, &p.config(true, s))))
        .collect();
    let wasted_share = on.wasted as f64 / on.redriven as f64;
    let daily_steps = p.daily_workflows * p.steps.len() as u64;
    let workflows = p.daily_workflows as f64;
    let permanent = workflows * p.permanent_rate;
    let daily: Vec<DailyRow> = p
        .hang_rates
        .iter()
        .map(|&rate| {
            let hung = daily_steps as f64 * rate;
            let half_done = hung + permanent;
            DailyRow {
                hang_rate: rate,
                hung_steps: hung,
                redrives: hung + permanent * f64::from(p.retry_limit),
                wasted: hung,
                half_done,
                half_done_pct: 100.0 * half_done / workflows,
            }
        })
        .collect();
    let duplicates = (!p.idempotent).then(|| duplicates(p, &scenario, &daily));
    SupervisorResult {
        off,
        on,
        sweep,
        daily_steps,
        wasted_share,
        daily,
        duplicates,
    }
}
