//! Closer to the real systems (beyond the lesson): faults drawn at random instead of the fixed
//! map, and the duplicate invoice lines that wasted executions write when steps are not
//! idempotent (the lesson's warning, counted).

use serde::Serialize;

use super::kinds::Fault;
use super::model::{DailyRow, Scenario, run};
use super::params::SupervisorParams;
use crate::rng::{Minstd, UnitRng};

/// Draws each job's faults: for every step in order two draws, one for a hang (`hang_rate`) and
/// one for a permanent failure (`fail_rate`); the first hit of each kind is the job's fault.
pub fn random_scenario(p: &SupervisorParams) -> Scenario {
    let steps = p.steps.len();
    let (mut hung, mut permanent) = (vec![None; p.jobs], vec![None; p.jobs]);
    // The seed's bounds (1..=2147483646) are the generator's, so it always starts.
    let Ok(mut rng) = Minstd::new(p.fault_seed) else {
        return Scenario {
            steps,
            hung,
            permanent,
        };
    };
    for j in 0..p.jobs {
        for s in 0..steps {
            let (h, f) = (rng.unit(), rng.unit());
            if hung[j].is_none() && h < p.hang_rate {
                hung[j] = Some(s);
            }
            if permanent[j].is_none() && f < p.fail_rate {
                permanent[j] = Some(s);
            }
        }
    }
    Scenario {
        steps,
        hung,
        permanent,
    }
}

/// The faults the run uses, as `job@step` lists (hung, permanent): the maps as given, or what
/// was drawn.
pub fn faults(p: &SupervisorParams) -> (Vec<Fault>, Vec<Fault>) {
    if !p.random_faults() {
        return (p.hung.clone(), p.permanent.clone());
    }
    let s = p.scenario();
    let list = |per_job: &[Option<usize>]| {
        per_job
            .iter()
            .enumerate()
            .filter_map(|(j, step)| {
                step.map(|i| Fault {
                    job: j as u32 + 1,
                    step: p.steps[i].clone(),
                })
            })
            .collect()
    };
    (list(&s.hung), list(&s.permanent))
}

/// Duplicate invoice lines written by wasted executions of non-idempotent invoice steps.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Duplicates {
    /// Wasted executions in the run with the supervisor.
    pub wasted: u64,
    /// Those of them at an invoice step: one duplicate line each.
    pub lines: u64,
    /// Per hang rate of the daily table: wasted executions per day at invoice steps (hangs
    /// spread evenly over the steps).
    pub lines_per_day: Vec<f64>,
}

/// Wasted executions at the invoice steps: a wasted execution re-drives a hung step, and jobs
/// do not interact, so the run with only the invoice steps' hangs wastes exactly those.
pub fn duplicate_lines(scenario: &Scenario, cfg: &super::model::Config, invoice: &[bool]) -> u64 {
    let hung = scenario
        .hung
        .iter()
        .map(|h| h.filter(|&s| invoice.get(s).copied().unwrap_or(false)))
        .collect();
    run(
        &Scenario {
            hung,
            ..scenario.clone()
        },
        cfg,
    )
    .wasted
}

/// The duplicate lines of the run with the supervisor at `scan`, and per day.
pub fn duplicates(p: &SupervisorParams, scenario: &Scenario, daily: &[DailyRow]) -> Duplicates {
    let invoice: Vec<bool> = p
        .steps
        .iter()
        .map(|s| p.invoice_steps.contains(s))
        .collect();
    let cfg = p.config(true, p.scan);
    let share = invoice.iter().filter(|i| **i).count() as f64 / p.steps.len() as f64;
    Duplicates {
        wasted: run(scenario, &cfg).wasted,
        lines: duplicate_lines(scenario, &cfg, &invoice),
        lines_per_day: daily.iter().map(|d| d.wasted * share).collect(),
    }
}
