//! Template lesson: the smallest lesson folder, made by `./build.sh new-lesson ID` from
//! tools/lesson-template/. One parameter, one table, one chart, texts in both languages. Replace
//! the model, the report and the texts with the lesson's own (docs/adding-a-lesson.md).

pub mod model;
pub mod params;
pub mod report;

use crate::error::Error;
use crate::lesson::Definition;
use crate::params::{ParamSet, Schema};
use crate::report::Report;
use params::TemplateLessonParams;

/// The lesson, as the registry lists it.
pub static LESSON: TemplateLesson = TemplateLesson;

/// The lesson's definition: what the rest of tatbikat knows of it.
pub struct TemplateLesson;

impl Definition for TemplateLesson {
    fn schema(&self) -> &'static Schema {
        &params::SCHEMA
    }

    fn title(&self) -> &'static str {
        "Template lesson"
    }

    fn sections(&self) -> &'static [&'static str] {
        &["measure"]
    }

    fn report(
        &self,
        set: &ParamSet,
        sections: &[&'static str],
        _progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        let p = TemplateLessonParams::read(set);
        let rows = model::simulate(&p);
        Ok(Report {
            lesson: params::SCHEMA.lesson,
            sections: sections
                .iter()
                .map(|_| report::measure(&p, &rows))
                .collect(),
        })
    }

    /// The rows computed; a heavier model refuses work over a budget here (see the jobs lesson).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(f64::from(TemplateLessonParams::read(set).attempts))
    }
}
