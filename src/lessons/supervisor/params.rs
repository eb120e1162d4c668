//! The supervisor lesson's parameters (denetci/akis.mjs, olc.mjs, hesap.mjs) and their typed form.

use super::kinds::{Fault, FaultMap};
use crate::error::Error;
use crate::params::{Kind, ParamSet};

crate::declare_params! {
    /// The lesson's parameters, typed; every constant of the lesson, its values the defaults.
    pub struct SupervisorParams for "supervisor" {
        jobs: usize = "12", Kind::Int { min: 1, max: 1000 },
            "ISLER (S1..S12)", "number of workflows S1..Sn run side by side";
        steps: Vec<String> = "tarife,indirim,fatura,bildirim", Kind::Names { max_len: 20 },
            "ADIM", "the steps every workflow runs, in order";
        hung: Vec<Fault> = "S2@indirim,S5@tarife,S9@fatura", Kind::Custom(&FaultMap { max_len: 1000, jobs: "jobs", steps: "steps" }),
            "ASILI", "steps whose agent does the work but never records it on the first attempt (job@step)";
        permanent: Vec<Fault> = "S7@indirim", Kind::Custom(&FaultMap { max_len: 1000, jobs: "jobs", steps: "steps" }),
            "KALICI", "steps that fail on every attempt (job@step)";
        scan: u32 = "2", Kind::Int { min: 1, max: 10000 },
            "tarama", "rounds between two scans of the record by the supervisor";
        lease: u32 = "2", Kind::Int { min: 1, max: 10000 },
            "kira", "rounds a started step may go unrecorded before the supervisor re-drives it";
        retry_limit: u32 = "3", Kind::Int { min: 1, max: 1000 },
            "denemeSiniri, DENEME", "re-drives of one step before the supervisor compensates the workflow";
        max_rounds: u32 = "80", Kind::Int { min: 1, max: 10000 },
            "tur", "rounds simulated at most";
        scan_sweep: Vec<u32> = "1,2,4,8", Kind::IntList { min: 1, max: 10000, max_len: 16, },
            "tarama sweep", "scan intervals compared in the sweep (the daily section shows the first and last)";
        daily_workflows: u64 = "4000", Kind::Int { min: 1, max: 1_000_000_000, },
            "FATURA_SATIRI", "workflows (invoice lines) per day for the daily scale";
        permanent_rate: f64 = "0.02", Kind::Prob,
            "KK2", "share of daily workflows that fail permanently";
        hang_rates: Vec<f64> = "0.005,0.01", Kind::ProbList { max_len: 16 },
            "KK3", "shares of steps that hang, one row of the daily table each";
        #[extension]
        fault_mode: &'static str = "fixed", Kind::Choice { options: &["fixed", "random"], },
            "(tatbikat)", "fixed: the hung and permanent maps; random: drawn faults (maps ignored)";
        #[extension]
        hang_rate: f64 = "0.0625", Kind::Prob,
            "(tatbikat)", "random faults: per-step hang probability";
        #[extension]
        fail_rate: f64 = "0.02", Kind::Prob,
            "(tatbikat)", "random faults: per-step permanent-failure probability";
        #[extension]
        fault_seed: u64 = "20260801", Kind::Seed { min: 1, max: 2_147_483_646, },
            "(tatbikat)", "random faults: minstd seed";
        #[extension]
        idempotent: bool = "1", Kind::Switch,
            "(tatbikat)", "1: steps are idempotent (the lesson); 0: count duplicate invoice lines";
        #[extension]
        invoice_steps: Vec<String> = "fatura", Kind::Names { max_len: 20 },
            "(tatbikat)", "steps whose re-run writes an invoice line (idempotent=0)";
    }
}

impl SupervisorParams {
    /// Reads the typed parameters; a fault naming a job or step that does not exist is refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self::read(set);
        if let Some(s) = p.invoice_steps.iter().find(|s| !p.steps.contains(s)) {
            if !p.idempotent {
                return Err(Error::bad(
                    "invoice_steps",
                    &p.invoice_steps.join(","),
                    format!(
                        "\"{s}\" is not a step; the steps are {}",
                        p.steps.join(", ")
                    ),
                )
                .keyed(
                    "refuse.supervisor.step",
                    &[("step", s), ("steps", &p.steps.join(", "))],
                ));
            }
        }
        // Random faults ignore the maps, so they are not checked against jobs and steps.
        let maps: &[(&str, &Vec<Fault>)] = if p.random_faults() {
            &[]
        } else {
            &[("hung", &p.hung), ("permanent", &p.permanent)]
        };
        for &(name, faults) in maps {
            for f in faults {
                let value = set.get(name).to_text();
                if f.job as usize > p.jobs || f.job == 0 {
                    return Err(Error::bad(
                        name,
                        &value,
                        format!(
                            "job S{} does not exist; with jobs={} the jobs are S1..S{}",
                            f.job, p.jobs, p.jobs
                        ),
                    )
                    .keyed(
                        "refuse.supervisor.job",
                        &[("job", &format!("S{}", f.job)), ("jobs", &p.jobs)],
                    ));
                }
                if !p.steps.contains(&f.step) {
                    return Err(Error::bad(
                        name,
                        &value,
                        format!(
                            "\"{}\" is not a step; the steps are {}",
                            f.step,
                            p.steps.join(", ")
                        ),
                    )
                    .keyed(
                        "refuse.supervisor.step",
                        &[("step", &f.step), ("steps", &p.steps.join(", "))],
                    ));
                }
            }
        }
        Ok(p)
    }

    /// Whether faults are drawn instead of read from the maps (beyond the lesson).
    pub fn random_faults(&self) -> bool {
        self.fault_mode == "random"
    }

    /// The step index of each job's fault in `faults` (None where the job has none).
    pub fn fault_steps(&self, faults: &[Fault]) -> Vec<Option<usize>> {
        let mut out = vec![None; self.jobs];
        for f in faults {
            out[f.job as usize - 1] = self.steps.iter().position(|s| *s == f.step);
        }
        out
    }
}
