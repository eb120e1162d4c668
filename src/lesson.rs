//! The three lessons: their ids, sections and parameter schemas, and the entry point that runs a
//! lesson's models and builds its report.

use crate::error::{Error, ErrorCode};
use crate::params::{ParamSet, ParamSpec};
use crate::report::Report;
use crate::{compensation, jobs, supervisor};
use serde::Serialize;

/// A lesson of the course.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lesson {
    /// Scheduler–Agent–Supervisor (seed 000).
    Supervisor,
    /// Jobs and CronJobs (seed 001).
    Jobs,
    /// Compensating transactions (seed 003).
    Compensation,
}

impl Lesson {
    /// Every lesson, in the course's order.
    pub const ALL: [Lesson; 3] = [Lesson::Supervisor, Lesson::Jobs, Lesson::Compensation];

    /// The id used by the CLI and the URL.
    pub fn id(self) -> &'static str {
        match self {
            Lesson::Supervisor => "supervisor",
            Lesson::Jobs => "jobs",
            Lesson::Compensation => "compensation",
        }
    }

    /// The lesson's English title.
    pub fn title(self) -> &'static str {
        match self {
            Lesson::Supervisor => "Scheduler-Agent-Supervisor",
            Lesson::Jobs => "Jobs and CronJobs",
            Lesson::Compensation => "Compensating transactions",
        }
    }

    /// The lesson named `id`, or an error listing the lessons.
    pub fn from_id(id: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|l| l.id() == id)
            .ok_or_else(|| Error {
                code: ErrorCode::UnknownLesson,
                param: Some("lesson".into()),
                value: Some(id.to_string()),
                allowed: "the lessons are supervisor, jobs, compensation".into(),
            })
    }

    /// The lesson's sections (its scripts), in print order.
    pub fn sections(self) -> &'static [&'static str] {
        match self {
            Lesson::Supervisor | Lesson::Compensation => &["measure", "daily"],
            Lesson::Jobs => &["measure"],
        }
    }

    /// `name` if it is a section of this lesson, or an error listing them.
    pub fn section(self, name: &str) -> Result<&'static str, Error> {
        self.sections()
            .iter()
            .copied()
            .find(|s| *s == name)
            .ok_or_else(|| Error {
                code: ErrorCode::UnknownSection,
                param: Some("section".into()),
                value: Some(name.to_string()),
                allowed: format!(
                    "the sections of {} are {}",
                    self.id(),
                    self.sections().join(", ")
                ),
            })
    }

    /// The generator seed parameter, for lessons that draw random numbers.
    pub fn seed_spec(self) -> Option<&'static ParamSpec> {
        self.specs()
            .iter()
            .find(|s| matches!(s.kind, crate::params::Kind::Seed { .. }))
    }

    /// A seed the lesson's generator accepts, picked from 64 random bits (uniform to within
    /// 2⁻³²), or an error for a lesson without a generator.
    pub fn seed_from_entropy(self, entropy: u64) -> Result<i64, Error> {
        match self.seed_spec().map(|s| s.kind) {
            Some(crate::params::Kind::Seed { min, max }) => {
                let span = (max - min) as u64 + 1;
                Ok(min + (entropy % span) as i64)
            }
            _ => Err(Error::bad(
                "lesson",
                self.id(),
                "this lesson has no random generator; the lessons with a seed are jobs and compensation",
            )),
        }
    }

    /// The lesson's parameters.
    pub fn specs(self) -> &'static [ParamSpec] {
        match self {
            Lesson::Supervisor => supervisor::params::SPECS,
            Lesson::Jobs => jobs::params::SPECS,
            Lesson::Compensation => compensation::params::SPECS,
        }
    }
}

/// Checks the parameters against each other (faults against jobs and steps, the seed against the
/// generator, the work budget) without running anything.
pub fn validate(params: &ParamSet) -> Result<(), Error> {
    match params.lesson() {
        Lesson::Supervisor => supervisor::params::SupervisorParams::from_set(params).map(drop),
        Lesson::Jobs => jobs::params::JobsParams::from_set(params).map(drop),
        Lesson::Compensation => {
            compensation::params::CompensationParams::from_set(params).map(drop)
        }
    }
}

/// The work a run of these parameters takes, in simulated units (job-rounds, random draws): every
/// lesson refuses more than its budget when its parameters are read, so this is bounded.
pub fn work(params: &ParamSet) -> Result<f64, Error> {
    Ok(match params.lesson() {
        Lesson::Supervisor => {
            let p = supervisor::params::SupervisorParams::from_set(params)?;
            p.jobs as f64 * f64::from(p.max_rounds) * (p.scan_sweep.len() as f64 + 2.0)
        }
        Lesson::Jobs => jobs::params::JobsParams::from_set(params)?.draws(),
        Lesson::Compensation => {
            compensation::params::CompensationParams::from_set(params)?.expected_draws()
        }
    })
}

/// Runs the lesson of `params` and reports one section, or all of them when `section` is `None`.
pub fn run(params: &ParamSet, section: Option<&str>) -> Result<Report, Error> {
    run_with_progress(params, section, &mut |_| {})
}

/// [`run`], telling `progress` the share of the long work done (0 to 1) as it goes.
pub fn run_with_progress(
    params: &ParamSet,
    section: Option<&str>,
    progress: &mut dyn FnMut(f64),
) -> Result<Report, Error> {
    let lesson = params.lesson();
    let sections: Vec<&'static str> = match section {
        Some(name) => vec![lesson.section(name)?],
        None => lesson.sections().to_vec(),
    };
    match lesson {
        Lesson::Supervisor => supervisor::report(params, &sections),
        Lesson::Jobs => jobs::report(params, &sections),
        Lesson::Compensation => compensation::report(params, &sections, progress),
    }
}
