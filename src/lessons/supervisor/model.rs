//! The round-based scheduler–agent–supervisor run of denetci/akis.mjs (`kosum`), and the daily
//! scale of hesap.mjs. A round is an abstract step; hangs and permanent failures are given, not
//! sampled, so a run is fully determined by its parameters.

use serde::Serialize;

use super::params::SupervisorParams;

/// Who fails where: for each job, the step that hangs and the step that always fails.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// Number of steps of every job.
    pub steps: usize,
    /// Per job: the step whose result is not recorded on its first attempt (ASILI).
    pub hung: Vec<Option<usize>>,
    /// Per job: the step that fails on every attempt (KALICI).
    pub permanent: Vec<Option<usize>>,
}

/// How one run is driven.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// Whether the supervisor scans at all (`denetci`).
    pub supervisor: bool,
    /// Rounds between scans (`tarama`).
    pub scan: u32,
    /// Rounds before a started step counts as overdue (`kira`).
    pub lease: u32,
    /// Re-drives before compensation (`denemeSiniri`).
    pub retry_limit: u32,
    /// Rounds at most (`tur`).
    pub max_rounds: u32,
}

/// What one run counted (the fields of `kosum`'s result).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// Jobs that finished every step (`tamamlanan`).
    pub completed: u64,
    /// Steps executed and recorded (`adim`).
    pub steps_run: u64,
    /// Steps re-driven by the supervisor (`yenidenSurulen`).
    pub redriven: u64,
    /// Re-drives of a step the agent had already done (`bosaYurutulen`).
    pub wasted: u64,
    /// Jobs compensated after the retry limit (`telafiEdilenIs`).
    pub compensated_jobs: u64,
    /// Completed steps undone by those compensations (`telafiEdilen`).
    pub compensated_steps: u64,
    /// Jobs still "running" when the run stopped (`yarimKalanIs`).
    pub half_done: u64,
    /// The round in which the last job finished or was compensated (`bittigiTur`).
    pub last_round: u32,
    /// Records read by the supervisor's scans (`okunanKayit`).
    pub records_read: u64,
    /// Number of recoveries (re-drives), the denominator of the average.
    pub recoveries: u64,
    /// Rounds from the expected record to the re-drive, summed.
    pub recovery_rounds: u64,
    /// Average recovery delay in rounds (`ortKurtarma`; 0 without recoveries).
    pub avg_recovery: f64,
    /// Worst recovery delay in rounds (`enKotuKurtarma`).
    pub worst_recovery: u64,
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Waiting,
    Running,
    Done,
    Compensated,
}

#[derive(Clone, Copy)]
struct Job {
    step: usize,
    state: State,
    started: u32,
    attempts: u32,
}

/// What a watcher of one run is told, round by round (the trace; the tables ignore it).
pub trait Recorder {
    /// The agent recorded job `job`'s step `step` in round `t`.
    fn record(&mut self, _t: u32, _job: usize, _step: usize) {}
    /// The supervisor scanned the record in round `t`.
    fn scan(&mut self, _t: u32) {}
    /// The supervisor re-drove `job`'s `step` `delay` rounds late; `wasted` when it had been done.
    fn redrive(&mut self, _t: u32, _job: usize, _step: usize, _delay: u64, _wasted: bool) {}
    /// The scheduler started `job`'s `step`.
    fn start(&mut self, _t: u32, _job: usize, _step: usize) {}
    /// `job` finished every step.
    fn complete(&mut self, _t: u32, _job: usize) {}
    /// `job` passed the retry limit and `steps` completed steps were compensated.
    fn compensate(&mut self, _t: u32, _job: usize, _steps: usize) {}
}

/// The watcher that is told nothing.
impl Recorder for () {}

/// One run of the model (`kosum`): agent, then supervisor scan, then scheduler, every round.
pub fn run(scenario: &Scenario, cfg: &Config) -> Outcome {
    run_recorded(scenario, cfg, &mut ())
}

/// [`run`], telling `rec` what happens.
pub fn run_recorded(scenario: &Scenario, cfg: &Config, rec: &mut impl Recorder) -> Outcome {
    let n = scenario.hung.len();
    let mut jobs = vec![
        Job {
            step: 0,
            state: State::Waiting,
            started: 0,
            attempts: 0
        };
        n
    ];
    let mut o = Outcome {
        completed: 0,
        steps_run: 0,
        redriven: 0,
        wasted: 0,
        compensated_jobs: 0,
        compensated_steps: 0,
        half_done: 0,
        last_round: 0,
        records_read: 0,
        recoveries: 0,
        recovery_rounds: 0,
        avg_recovery: 0.0,
        worst_recovery: 0,
    };
    for t in 1..=cfg.max_rounds {
        // Agent: a step started in the previous round reports, unless it fails or hangs.
        for (j, k) in jobs.iter_mut().enumerate() {
            if k.state != State::Running || t != k.started + 1 {
                continue;
            }
            if scenario.permanent[j] == Some(k.step) {
                continue;
            }
            if scenario.hung[j] == Some(k.step) && k.attempts == 0 {
                continue;
            }
            o.steps_run += 1;
            rec.record(t, j, k.step);
            k.step += 1;
            k.attempts = 0;
            k.state = State::Waiting;
        }
        // Supervisor: every `scan` rounds, re-drive the steps whose lease has run out.
        if cfg.supervisor && t % cfg.scan == 0 {
            o.records_read += n as u64;
            rec.scan(t);
            for (j, k) in jobs.iter_mut().enumerate() {
                if k.state != State::Running || t - k.started < cfg.lease {
                    continue;
                }
                o.redriven += 1;
                let delay = u64::from(t - (k.started + 1));
                o.recoveries += 1;
                o.recovery_rounds += delay;
                o.worst_recovery = o.worst_recovery.max(delay);
                let wasted = scenario.hung[j] == Some(k.step);
                if wasted {
                    o.wasted += 1;
                }
                rec.redrive(t, j, k.step, delay, wasted);
                k.attempts += 1;
                k.state = State::Waiting;
            }
        }
        // Scheduler: start the next step, finish, or compensate past the retry limit.
        for (j, k) in jobs.iter_mut().enumerate() {
            if k.state != State::Waiting {
                continue;
            }
            if k.step >= scenario.steps {
                k.state = State::Done;
                o.completed += 1;
                o.last_round = t;
                rec.complete(t, j);
                continue;
            }
            if k.attempts >= cfg.retry_limit {
                o.compensated_steps += k.step as u64;
                k.state = State::Compensated;
                o.last_round = t;
                rec.compensate(t, j, k.step);
                continue;
            }
            k.state = State::Running;
            k.started = t;
            rec.start(t, j, k.step);
        }
        if jobs
            .iter()
            .all(|k| matches!(k.state, State::Done | State::Compensated))
        {
            break;
        }
    }
    o.half_done = jobs.iter().filter(|k| k.state == State::Running).count() as u64;
    o.compensated_jobs = jobs
        .iter()
        .filter(|k| k.state == State::Compensated)
        .count() as u64;
    if o.recoveries > 0 {
        o.avg_recovery = o.recovery_rounds as f64 / o.recoveries as f64;
    }
    o
}

/// One row of hesap.mjs's daily table, for one hang rate (KK3).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DailyRow {
    /// The hang rate (KK3).
    pub hang_rate: f64,
    /// Hung steps per day (`asili`).
    pub hung_steps: f64,
    /// Re-drives per day: every hung step once, every permanent failure up to the limit.
    pub redrives: f64,
    /// Wasted executions per day (each hung step runs twice).
    pub wasted: f64,
    /// Half-done workflows per day without a supervisor (`yarim`).
    pub half_done: f64,
    /// `yarim` as a percentage of the day's workflows.
    pub half_done_pct: f64,
}

/// The scan intervals the daily section reports: the sweep's first and last (once if the same).
pub fn daily_scans(p: &SupervisorParams) -> Vec<u32> {
    match (p.scan_sweep.first(), p.scan_sweep.last()) {
        (Some(&a), Some(&b)) if p.scan_sweep.len() > 1 => vec![a, b],
        (Some(&a), _) => vec![a],
        _ => Vec::new(),
    }
}
