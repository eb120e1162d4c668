//! The supervisor lesson's parameters (denetci/akis.mjs, olc.mjs, hesap.mjs) and their typed form.

use crate::error::Error;
use crate::params::{Fault, Kind, ParamSet, ParamSpec};

/// Every constant of the lesson, with the lesson's values as defaults.
pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "jobs",
        kind: Kind::Int { min: 1, max: 1000 },
        default: "12",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "number of workflows S1..Sn run side by side",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "ISLER (S1..S12)",
        extension: false,
    },
    ParamSpec {
        name: "steps",
        kind: Kind::Names { max_len: 20 },
        default: "tarife,indirim,fatura,bildirim",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "the steps every workflow runs, in order",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "ADIM",
        extension: false,
    },
    ParamSpec {
        name: "hung",
        kind: Kind::Faults { max_len: 1000 },
        default: "S2@indirim,S5@tarife,S9@fatura",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "steps whose agent does the work but never records it on the first attempt (job@step)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "ASILI",
        extension: false,
    },
    ParamSpec {
        name: "permanent",
        kind: Kind::Faults { max_len: 1000 },
        default: "S7@indirim",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "steps that fail on every attempt (job@step)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "KALICI",
        extension: false,
    },
    ParamSpec {
        name: "scan",
        kind: Kind::Int { min: 1, max: 10000 },
        default: "2",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "rounds between two scans of the record by the supervisor",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "tarama",
        extension: false,
    },
    ParamSpec {
        name: "lease",
        kind: Kind::Int { min: 1, max: 10000 },
        default: "2",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "rounds a started step may go unrecorded before the supervisor re-drives it",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "kira",
        extension: false,
    },
    ParamSpec {
        name: "retry_limit",
        kind: Kind::Int { min: 1, max: 1000 },
        default: "3",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "re-drives of one step before the supervisor compensates the workflow",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "denemeSiniri, DENEME",
        extension: false,
    },
    ParamSpec {
        name: "max_rounds",
        kind: Kind::Int { min: 1, max: 10000 },
        default: "80",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "rounds simulated at most",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "tur",
        extension: false,
    },
    ParamSpec {
        name: "scan_sweep",
        kind: Kind::IntList {
            min: 1,
            max: 10000,
            max_len: 16,
        },
        default: "1,2,4,8",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "scan intervals compared in the sweep (the daily section shows the first and last)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "tarama sweep",
        extension: false,
    },
    ParamSpec {
        name: "daily_workflows",
        kind: Kind::Int {
            min: 1,
            max: 1_000_000_000,
        },
        default: "4000",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "workflows (invoice lines) per day for the daily scale",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "FATURA_SATIRI",
        extension: false,
    },
    ParamSpec {
        name: "permanent_rate",
        kind: Kind::Prob,
        default: "0.02",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "share of daily workflows that fail permanently",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "KK2",
        extension: false,
    },
    ParamSpec {
        name: "hang_rates",
        kind: Kind::ProbList { max_len: 16 },
        default: "0.005,0.01",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "shares of steps that hang, one row of the daily table each",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "KK3",
        extension: false,
    },
    ParamSpec {
        name: "fault_mode",
        kind: Kind::Choice {
            options: &["fixed", "random"],
        },
        default: "fixed",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "fixed: the hung and permanent maps; random: drawn faults (maps ignored)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "hang_rate",
        kind: Kind::Prob,
        default: "0.0625",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "random faults: per-step hang probability",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "fail_rate",
        kind: Kind::Prob,
        default: "0.02",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "random faults: per-step permanent-failure probability",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "fault_seed",
        kind: Kind::Seed {
            min: 1,
            max: 2_147_483_646,
        },
        default: "20260801",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "random faults: minstd seed",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "idempotent",
        kind: Kind::Switch,
        default: "1",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "1: steps are idempotent (the lesson); 0: count duplicate invoice lines",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
    ParamSpec {
        name: "invoice_steps",
        kind: Kind::Names { max_len: 20 },
        default: "fatura",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "steps whose re-run writes an invoice line (idempotent=0)",
        #[cfg(not(target_arch = "wasm32"))]
        lesson_name: "(tatbikat)",
        extension: true,
    },
];

/// The lesson's parameters, typed and checked against each other.
#[derive(Debug, Clone, PartialEq)]
pub struct SupervisorParams {
    /// Number of jobs (S1..Sn).
    pub jobs: usize,
    /// Step names, in order.
    pub steps: Vec<String>,
    /// Hung faults, as given (the header prints them in this order).
    pub hung: Vec<Fault>,
    /// Permanent faults, as given.
    pub permanent: Vec<Fault>,
    /// Scan interval (tarama).
    pub scan: u32,
    /// Lease (kira).
    pub lease: u32,
    /// Retry limit (denemeSiniri, DENEME).
    pub retry_limit: u32,
    /// Rounds at most (tur).
    pub max_rounds: u32,
    /// Scan intervals of the sweep.
    pub scan_sweep: Vec<u32>,
    /// Workflows per day (FATURA_SATIRI).
    pub daily_workflows: u64,
    /// Permanent-failure rate (KK2).
    pub permanent_rate: f64,
    /// Hang rates (KK3).
    pub hang_rates: Vec<f64>,
    /// Whether faults are drawn instead of read from the maps (beyond the lesson).
    pub random_faults: bool,
    /// Random faults: per-step hang probability.
    pub hang_rate: f64,
    /// Random faults: per-step permanent-failure probability.
    pub fail_rate: f64,
    /// Random faults: generator seed.
    pub fault_seed: u64,
    /// Whether steps are idempotent (the lesson's requirement; 0 counts duplicate lines).
    pub idempotent: bool,
    /// Steps whose repeated execution writes an invoice line.
    pub invoice_steps: Vec<String>,
}

impl SupervisorParams {
    /// Reads the typed parameters; a fault naming a job or step that does not exist is refused.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self {
            jobs: set.int("jobs") as usize,
            steps: set.names("steps"),
            hung: set.faults("hung"),
            permanent: set.faults("permanent"),
            scan: set.int("scan") as u32,
            lease: set.int("lease") as u32,
            retry_limit: set.int("retry_limit") as u32,
            max_rounds: set.int("max_rounds") as u32,
            scan_sweep: set
                .int_list("scan_sweep")
                .into_iter()
                .map(|x| x as u32)
                .collect(),
            daily_workflows: set.int("daily_workflows") as u64,
            permanent_rate: set.real("permanent_rate"),
            hang_rates: set.real_list("hang_rates"),
            random_faults: set.choice("fault_mode") == "random",
            hang_rate: set.real("hang_rate"),
            fail_rate: set.real("fail_rate"),
            fault_seed: set.int("fault_seed") as u64,
            idempotent: set.switch("idempotent"),
            invoice_steps: set.names("invoice_steps"),
        };
        if let Some(s) = p.invoice_steps.iter().find(|s| !p.steps.contains(s)) {
            if !p.idempotent {
                return Err(Error::bad(
                    "invoice_steps",
                    &p.invoice_steps.join(","),
                    format!(
                        "\"{s}\" is not a step; the steps are {}",
                        p.steps.join(", ")
                    ),
                ));
            }
        }
        // Random faults ignore the maps, so they are not checked against jobs and steps.
        let maps: &[(&str, &Vec<Fault>)] = if p.random_faults {
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
                    ));
                }
            }
        }
        Ok(p)
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
