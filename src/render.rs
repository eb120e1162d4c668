//! Renderers over the report model: the lesson's own text layout (byte-exact at the lesson's
//! values) and JSON with the effective parameters.

use crate::jsfmt::{pad_end, pad_start};
use crate::params::ParamSet;
use crate::query;
use crate::report::{Align, Block, Column, Report, Section, Table};
use serde::Serialize;

/// The lesson's text layout: padded columns, groups a blank line apart, sections likewise.
pub fn lesson_text(report: &Report) -> String {
    let mut out = String::new();
    for (i, section) in report.sections.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        render_section(section, &mut out);
    }
    out
}

fn render_section(section: &Section, out: &mut String) {
    // Groups beyond the lesson (exact values, intervals) are not part of the lesson's text.
    for (i, group) in section.groups.iter().filter(|g| !g.extension).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for block in &group.blocks {
            match block {
                Block::Line(line) => {
                    out.push_str(&line.text());
                    out.push('\n');
                }
                Block::Table(table) => render_table(table, out),
            }
        }
    }
}

fn pad(text: &str, column: &Column) -> String {
    match column.align {
        Align::Left => pad_end(text, column.width),
        Align::Right => pad_start(text, column.width),
    }
}

fn render_table(table: &Table, out: &mut String) {
    for column in &table.columns {
        out.push_str(&pad(column.label, column));
    }
    out.push('\n');
    for row in &table.rows {
        for (cell, column) in row.iter().zip(&table.columns) {
            out.push_str(&pad(&cell.text(), column));
        }
        out.push('\n');
    }
}

/// The report with its effective parameters and share-link query: what `--format json` prints
/// and what the page's `run(query)` returns.
#[derive(Debug, Serialize)]
pub struct Document<'a> {
    /// The version of tatbikat that computed it.
    pub tatbikat: &'static str,
    /// Lesson id.
    pub lesson: &'static str,
    /// The one section asked for, if any.
    pub section: Option<&'a str>,
    /// The share-link query of these parameters.
    pub query: String,
    /// Every parameter in the codec's text form.
    #[serde(serialize_with = "query::pairs_as_map")]
    pub params: Vec<(&'static str, String)>,
    /// The report's sections.
    pub sections: &'a [Section],
    /// The lesson's claim shown (`preset=`), with the cells and points that support it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<crate::presets::Shown>,
    /// The challenge the link sets (`challenge=`), checked on the whole report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenge: Option<crate::challenge::Outcome>,
    /// The one table or chart to show (`figure=`), when the report has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// Why `figure=` was not used (the page shows the whole lesson and says so).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure_error: Option<crate::error::Error>,
    /// The tables the page shows cut to their first rows (its drawing budget; see
    /// [`crate::report::cut_tables`]), which it says under each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cut: Vec<crate::report::Cut>,
    /// Compare mode (`vs=`): run A and B, A and Δ aligned with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<crate::compare::versus::Versus>,
}

/// `figure=find`: the lesson's search alone ("find a run", issue 36), without the report's
/// tables and charts: an embed that asks one question (a teacher's "does such a run exist?").
pub const SEARCH: &str = "find";

impl Document<'_> {
    /// Takes `figure=` if the report has a table or chart with that key, or it is [`SEARCH`]
    /// and the lesson declares a search, else says why not.
    pub fn with_figure(mut self, figure: Option<&str>) -> Self {
        let Some(key) = figure else { return self };
        let mut known = crate::report::figures(self.sections);
        let searches = crate::lessons::get(self.lesson).is_ok_and(|l| l.finder().is_some());
        if searches {
            known.push(SEARCH);
        }
        if known.contains(&key) {
            self.figure = Some(key.to_string());
        } else {
            // `allowed` is the list alone: the page words it in its language.
            self.figure_error = Some(crate::error::Error::bad("figure", key, known.join(", ")));
        }
        self
    }
}

/// The document of a report.
pub fn document<'a>(
    report: &'a Report,
    params: &ParamSet,
    section: Option<&'a str>,
) -> Document<'a> {
    Document {
        tatbikat: env!("CARGO_PKG_VERSION"),
        lesson: report.lesson,
        section,
        query: query::encode(params, section),
        params: params.pairs(),
        sections: &report.sections,
        preset: None,
        challenge: None,
        figure: None,
        figure_error: None,
        cut: Vec::new(),
        vs: None,
    }
}

/// What the page's `run(query)` shows, built from a link: the report, with its figure and claim,
/// and in compare mode (`vs=`) run A beside it: A's chart series drawn behind B's and B, A and Δ
/// aligned (`doc.vs`). Built here, natively tested, so the bindings only convert it.
pub struct Page {
    report: Report,
    params: ParamSet,
    section: Option<String>,
    figure: Option<String>,
    preset: Option<crate::presets::Shown>,
    challenge: Option<crate::challenge::Outcome>,
    /// The claim's question (`q:` mark), if it asks one.
    question: Option<&'static str>,
    vs: Option<crate::compare::versus::Versus>,
    cut: Vec<crate::report::Cut>,
}

impl Page {
    /// Runs a link strictly (B, then A in compare mode, each telling half of the progress).
    pub fn run(query: &str, progress: &mut dyn FnMut(f64)) -> Result<Page, crate::error::Error> {
        let q = query::Query::decode(query)?;
        let params = q.params()?;
        let a = q.vs(&params)?;
        let half = if a.is_some() { 0.5 } else { 1.0 };
        let section = q.section.as_deref();
        let mut report =
            crate::lessons::run_with_progress(&params, section, &mut |d| progress(d * half))?;
        let mut vs = match &a {
            Some(a) => {
                let report_a = crate::lessons::run_with_progress(a, section, &mut |d| {
                    progress(0.5 + d / 2.0)
                })?;
                let versus = crate::compare::versus::versus(&report, &report_a, a);
                crate::compare::aligned::charts_behind(&mut report.sections, &report_a.sections);
                Some(versus)
            }
            None => None,
        };
        // A challenge is checked on the whole report, before the page's budget cuts anything.
        let challenge = match q.page.iter().find(|(k, _)| k == "challenge") {
            Some((_, id)) => {
                let (_, c) = crate::lessons::find_challenge(id, Some(crate::lessons::of(&params)))?;
                Some(crate::challenge::check(c, &report, &params))
            }
            None => None,
        };
        let claim = q.preset()?;
        let question = claim.and_then(|p| p.question());
        let mut preset = claim.map(|p| crate::presets::shown(p, &report));
        fit_charts(&mut report.sections, preset.as_mut());
        // The page's drawing budget for tables: the first rows of a long one (its CSV has all);
        // a claim's cell beyond them is not marked.
        let cut = crate::report::cut_tables(&mut report.sections, crate::report::MAX_ROWS);
        if let Some(v) = &mut vs {
            for sections in [&mut v.b, &mut v.a, &mut v.delta] {
                crate::report::cut_tables(sections, crate::report::MAX_ROWS);
            }
        }
        if let Some(p) = &mut preset {
            p.highlights.retain(|f| {
                f.kind != "cell" || !cut.iter().any(|c| c.key == f.key && f.index >= c.shown)
            });
        }
        Ok(Page {
            figure: q
                .page
                .iter()
                .find(|(k, _)| k == "figure")
                .map(|(_, v)| v.clone()),
            section: q.section.clone(),
            report,
            params,
            preset,
            challenge,
            question,
            vs,
            cut,
        })
    }

    /// Where the answer to the link's claim can be seen, as the page shows this report (after
    /// its drawing budget): what the embed dialog pairs a claim's prediction with. `None` when
    /// the link has no claim, it asks nothing, or this report lacks its answer.
    pub fn claim_holders(&self) -> Option<crate::presets::Holders> {
        let marks = crate::presets::answer_marks(self.question?, self.preset.as_ref()?)?;
        Some(crate::presets::holders(&self.report.sections, &marks))
    }

    /// The document the page receives (what `--format json` prints, with `figure`, `preset`
    /// and `vs` as the link asks). It takes the claim and the comparison with it (no copy of
    /// them in the module: cloning reports weighs 1.6 KB gzip), so it is asked for once.
    pub fn document(&mut self) -> Document<'_> {
        let Page {
            report,
            params,
            section,
            figure,
            preset,
            challenge,
            vs,
            cut,
            ..
        } = self;
        let mut doc = document(report, params, section.as_deref()).with_figure(figure.as_deref());
        doc.preset = preset.take();
        doc.challenge = challenge.take();
        doc.vs = vs.take();
        doc.cut = std::mem::take(cut);
        doc
    }
}

/// The page's drawing budget for charts: a band chart of more than
/// [`MAX_CATEGORIES`](crate::chart::MAX_CATEGORIES) categories is grouped ([`Chart::fit`]), and a
/// claim's point on it moves to its group. (The CLI's JSON and CSV keep every category.)
///
/// [`Chart::fit`]: crate::chart::Chart::fit
fn fit_charts(sections: &mut [Section], mut preset: Option<&mut crate::presets::Shown>) {
    for group in sections.iter_mut().flat_map(|s| &mut s.groups) {
        for chart in &mut group.charts {
            let Some(per) = chart.fit(crate::chart::MAX_CATEGORIES) else {
                continue;
            };
            for found in preset.iter_mut().flat_map(|p| &mut p.highlights) {
                if found.kind == "point" && found.group == group.key && found.key == chart.key {
                    found.index /= per;
                }
            }
        }
    }
}

/// A sweep's charts fitted to the page's drawing budget (see [`Chart::fit`]): what the page's
/// sweep bindings send (the CLI's JSON and CSV keep them as they are).
///
/// [`Chart::fit`]: crate::chart::Chart::fit
pub fn fit_sweep(s: &mut crate::sweep::Sweep) {
    let charts = s
        .chart
        .iter_mut()
        .chain(s.more.iter_mut().flat_map(|p| &mut p.chart));
    for chart in charts {
        chart.fit(crate::chart::MAX_CATEGORIES);
    }
}

/// The report as JSON, with every effective parameter and the share-link query.
pub fn json(report: &Report, params: &ParamSet, section: Option<&str>) -> String {
    document_json(&document(report, params, section))
}

/// A document as pretty JSON, one line feed at the end.
pub fn document_json(doc: &Document) -> String {
    // Serializing plain data to a string cannot fail.
    serde_json::to_string_pretty(doc).unwrap_or_default() + "\n"
}

/// A trace with its effective parameters and share-link query (`--trace --format json`, and
/// the page's `trace(query)`).
#[derive(Debug, Serialize)]
pub struct TraceDocument<'a> {
    /// The version of tatbikat that computed it.
    pub tatbikat: &'static str,
    /// The share-link query of this trace.
    pub query: String,
    /// Every parameter in the codec's text form.
    #[serde(serialize_with = "query::pairs_as_map")]
    pub params: Vec<(&'static str, String)>,
    /// The recorded run.
    pub trace: &'a crate::trace::Trace,
    /// How the lesson draws each state: its tone (the page's colour).
    pub states: &'static [crate::trace::StateStyle],
    /// The events the page marks on their lanes, with their tones.
    pub marks: &'static [crate::trace::EventStyle],
    /// The controls that pick this run and every other one (no selector to type).
    pub controls: Vec<crate::trace::Control>,
}

/// The document of a trace.
pub fn trace_document<'a>(tr: &'a crate::trace::Trace, params: &ParamSet) -> TraceDocument<'a> {
    TraceDocument {
        tatbikat: env!("CARGO_PKG_VERSION"),
        query: format!(
            "{}&trace={}",
            query::encode(params, None),
            query::percent_encode(&tr.selector)
        ),
        params: params.pairs(),
        trace: tr,
        states: crate::lessons::of(params).states(),
        marks: crate::lessons::of(params).marks(),
        controls: crate::lessons::of(params)
            .trace_controls(params, &tr.selector)
            .unwrap_or_default(),
    }
}

/// A trace as JSON.
pub fn trace_json(tr: &crate::trace::Trace, params: &ParamSet) -> String {
    serde_json::to_string_pretty(&trace_document(tr, params)).unwrap_or_default() + "\n"
}

/// A sweep with its base parameters and share-link query (`--sweep --format json`).
#[derive(Debug, Serialize)]
pub struct SweepDocument<'a> {
    /// The version of tatbikat that computed it.
    pub tatbikat: &'static str,
    /// The share-link query of this sweep.
    pub query: String,
    /// Every parameter in the codec's text form (the swept ones at their base values).
    #[serde(serialize_with = "query::pairs_as_map")]
    pub params: Vec<(&'static str, String)>,
    /// The sweep.
    pub sweep: &'a crate::sweep::Sweep,
}

/// The query keys of a sweep, to append to the base parameters' query.
pub fn sweep_query(s: &crate::sweep::Sweep) -> String {
    query::sweep_keys(
        &s.x.text,
        s.y.as_ref().map(|y| y.text.as_str()),
        &s.metrics_text(),
    )
}

/// The document of a sweep.
pub fn sweep_document<'a>(s: &'a crate::sweep::Sweep, params: &ParamSet) -> SweepDocument<'a> {
    SweepDocument {
        tatbikat: env!("CARGO_PKG_VERSION"),
        query: format!("{}{}", query::encode(params, None), sweep_query(s)),
        params: params.pairs(),
        sweep: s,
    }
}

/// A sweep as JSON.
pub fn sweep_json(s: &crate::sweep::Sweep, params: &ParamSet) -> String {
    serde_json::to_string_pretty(&sweep_document(s, params)).unwrap_or_default() + "\n"
}

/// A preset as the page's list shows it: id, lesson, link, caption key and marks.
#[derive(Debug, Clone, Serialize)]
pub struct Listed {
    /// The preset's id.
    pub id: &'static str,
    /// Lesson id.
    pub lesson: &'static str,
    /// Its share-link query.
    pub query: String,
    /// Message key of its caption.
    pub caption: String,
    /// What it points at: the marks, space-separated ([`Preset::marks`]; the ratios it quotes
    /// are not marks).
    ///
    /// [`Preset::marks`]: crate::presets::Preset::marks
    pub highlights: String,
    /// What the learner is asked to predict first (its `q:` mark without `q:`: `N`, `rN` or
    /// `N~M`, see [`Preset::marks`]).
    ///
    /// [`Preset::marks`]: crate::presets::Preset::marks
    pub question: Option<&'static str>,
    /// The right choice of its "why" question (see [`crate::presets::Why`]), if it has one.
    pub why: Option<u8>,
}

/// Every preset of every lesson, for the page and `tatbikat --presets`.
pub fn preset_list() -> Vec<Listed> {
    crate::lessons::presets()
        .map(|(lesson, p)| Listed {
            id: p.id,
            lesson: lesson.id(),
            query: query::preset_query(lesson, p),
            caption: p.caption_key(),
            highlights: p.marks().collect::<Vec<_>>().join(" "),
            question: p.question(),
            why: lesson
                .why()
                .iter()
                .find(|w| w.claim == p.id)
                .map(|w| w.right),
        })
        .collect()
}

/// A challenge as the page's list shows it (see [`crate::challenge::Challenge`]).
#[derive(Debug, Clone, Serialize)]
pub struct ChallengeListed {
    /// The challenge's id (its goal's message key is `challenge.<id>`).
    pub id: &'static str,
    /// Lesson id.
    pub lesson: &'static str,
    /// Its starting link's query.
    pub query: String,
    /// How many hints it has (`challenge.<id>.hint1`, …).
    pub hints: u8,
    /// Its check's conditions, space-separated.
    pub check: &'static str,
}

/// Every challenge of every lesson, for the page and `tatbikat --challenges`.
pub fn challenge_list() -> Vec<ChallengeListed> {
    crate::lessons::challenges()
        .map(|(lesson, c)| ChallengeListed {
            id: c.id,
            lesson: lesson.id(),
            query: query::challenge_query(lesson, c),
            hints: c.hints,
            check: c.check,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_is_one_of_the_reports_tables_or_charts_or_named_as_refused() {
        let lesson = crate::lessons::get("compensation").unwrap();
        let params = lesson.defaults();
        let report = crate::run(&params, None).unwrap();
        let figures = crate::report::figures(&report.sections);
        assert!(figures.contains(&"monte_carlo") && figures.contains(&"hung_rate_vs_attempts"));
        let doc = document(&report, &params, None).with_figure(Some("hung_rate_vs_attempts"));
        assert_eq!(doc.figure.as_deref(), Some("hung_rate_vs_attempts"));
        assert!(doc.figure_error.is_none());
        let doc = document(&report, &params, None).with_figure(Some("no_such"));
        assert_eq!(doc.figure, None);
        let e = doc.figure_error.unwrap();
        assert_eq!(e.param.as_deref(), Some("figure"));
        assert!(e.to_string().contains("no_such") && e.to_string().contains("monte_carlo"));
        // figure=find: the search alone, for a lesson that declares one, and offered when refused.
        let doc = document(&report, &params, None).with_figure(Some(SEARCH));
        assert_eq!(doc.figure.as_deref(), Some(SEARCH));
        let e = document(&report, &params, None)
            .with_figure(Some("no_such"))
            .figure_error
            .unwrap();
        assert!(e.allowed.ends_with(", find"), "{}", e.allowed);
    }
}
