//! The lesson's output, laid out as its script prints it: a sentence, a table, and a chart of
//! the table's numbers for the page.

use super::model::Row;
use super::params::TemplateLessonParams;
use crate::chart::{Chart, series};
use crate::report::{Block, Cell, Column, Group, Line, Section, left, right, t, table, v};

const COLUMNS: [Column; 2] = [
    left("attempts", "deneme", 8),
    right("failure", "hepsi basarisiz", 16),
];

/// The `measure` section; its chart when the reader draws charts (`charts`: a search's or a
/// sweep's point reads the table alone).
pub fn measure(p: &TemplateLessonParams, rows: &[Row], charts: bool) -> Section {
    let intro = Line::new(
        "template_lesson.intro",
        vec![
            t("Her deneme yari yariya basarisiz; "),
            v("attempts", Cell::Int(p.attempts.into())),
            t(" denemeye kadar hepsinin basarisiz olma olasiligi:"),
        ],
    );
    let failure = table("failure", &COLUMNS, rows, &|r| {
        vec![Cell::Int(r.attempts.into()), Cell::fixed(r.failure, 5)]
    });
    let chart = || {
        vec![Chart::line(
            "failure_vs_attempts",
            ("attempts", None),
            ("failure", None),
            vec![series(
                "failure",
                5,
                rows.iter().map(|r| (f64::from(r.attempts), r.failure)),
            )],
        )]
    };
    Section {
        name: "measure",
        groups: vec![
            Group::new("failure", vec![Block::Line(intro), failure]).charted(charts, chart),
        ],
    }
}
