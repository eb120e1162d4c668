//! Template lesson: the smallest lesson folder, made by `./build.sh new-lesson ID` from
//! tools/lesson-template/. One parameter, one table, one chart, texts in both languages. Replace
//! the model, the report and the texts with the lesson's own (docs/adding-a-lesson.md).

pub mod challenges;
pub mod model;
pub mod params;
pub mod report;

use crate::lesson::prelude::*;
use params::TemplateLessonParams;

// The lesson's facts, as data: its parameters, title, sections and challenges. A lesson with
// more sets them here too: `About { presets: presets::PRESETS, why: presets::WHY,
// watch: Some(crate::watch!(STATES, MARKS)), examples: &[...], ..About::new(...) }` (see the
// other lessons).
crate::lesson!(
    TemplateLesson,
    About {
        challenges: challenges::CHALLENGES,
        ..About::new(&params::SCHEMA, "Template lesson", &["measure"])
    }
);

impl Definition for TemplateLesson {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let p = TemplateLessonParams::read(asked.params);
        let rows = model::simulate(&p);
        Ok(asked
            .sections
            .iter()
            .map(|_| report::measure(&p, &rows, asked.charts))
            .collect())
    }

    /// The rows computed; a heavier model refuses work over a budget here (see the jobs lesson).
    fn work(&self, set: &ParamSet) -> Result<f64, Error> {
        Ok(f64::from(TemplateLessonParams::read(set).attempts))
    }
}
