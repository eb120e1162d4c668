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

    /// The lesson's parameters.
    pub fn specs(self) -> &'static [ParamSpec] {
        match self {
            Lesson::Supervisor => supervisor::params::SPECS,
            Lesson::Jobs => jobs::params::SPECS,
            Lesson::Compensation => compensation::params::SPECS,
        }
    }
}

/// Runs the lesson of `params` and reports one section, or all of them when `section` is `None`.
pub fn run(params: &ParamSet, section: Option<&str>) -> Result<Report, Error> {
    let lesson = params.lesson();
    let sections: Vec<&'static str> = match section {
        Some(name) => vec![lesson.section(name)?],
        None => lesson.sections().to_vec(),
    };
    match lesson {
        Lesson::Supervisor => supervisor::report(params, &sections),
        Lesson::Jobs => jobs::report(params, &sections),
        Lesson::Compensation => compensation::report(params, &sections),
    }
}
