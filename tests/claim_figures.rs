//! Where a claim's answer can be seen (`render::Page::claim_holders`, the page's `claimFigures`):
//! the embed dialog pairs a prediction only with a figure or section that shows the answer, so
//! an embed never asks a question whose answer it hides.

use tatbikat::lessons;
use tatbikat::presets::answer_marks;
use tatbikat::query::preset_query;
use tatbikat::render::Page;

/// The holders of a claim's answer at the claim's own values.
fn holders(id: &str) -> Option<tatbikat::presets::Holders> {
    let (lesson, p) = lessons::find_preset(id, None).unwrap();
    Page::run(&preset_query(lesson, p), &mut |_| {})
        .unwrap()
        .claim_holders()
}

#[test]
fn every_question_is_answered_in_some_section_and_each_figure_named_shows_all_of_it() {
    for (lesson, p) in lessons::presets() {
        let Some(question) = p.question() else {
            continue;
        };
        let mut page = Page::run(&preset_query(lesson, p), &mut |_| {}).unwrap();
        let h = page
            .claim_holders()
            .unwrap_or_else(|| panic!("{}: no answer", p.id));
        assert!(
            !h.sections.is_empty(),
            "{}: no section shows the answer",
            p.id
        );
        let doc = page.document();
        let shown = doc.preset.as_ref().unwrap();
        let marks = answer_marks(question, shown).unwrap();
        for f in &h.figures {
            assert!(
                marks.iter().all(|m| m.key == *f && m.kind != "value"),
                "{}: {f}",
                p.id
            );
        }
        // A figure that holds no mark of the answer is never named.
        let all = tatbikat::report::figures(doc.sections);
        for f in all.iter().filter(|f| !h.figures.contains(f)) {
            let whole = marks.iter().all(|m| m.key == *f && m.kind != "value");
            assert!(!whole, "{}: {f} shows the answer but is not named", p.id);
        }
    }
}

#[test]
fn the_issues_quota_claim_is_answered_by_its_own_table_not_the_chart_beside_it() {
    // quotas.default-request asks how quota_rejected compares with quota_idle_waiting, both in
    // the table default_sweep; the chart of starved and rejected requests lacks them.
    let h = holders("quotas.default-request").unwrap();
    assert_eq!(h.figures, ["default_sweep"]);
    assert_eq!(h.sections, ["measure"]);
    // A value of a sentence is in no figure: only its section shows it.
    let h = holders("leader.daily").unwrap();
    assert!(h.figures.is_empty(), "{:?}", h.figures);
    assert!(!h.sections.is_empty());
    // A ratio's two cells are both in their table.
    assert_eq!(
        lessons::find_preset("compensation.retry", None)
            .unwrap()
            .1
            .question(),
        Some("r0")
    );
    assert!(!holders("compensation.retry").unwrap().figures.is_empty());
}

#[test]
fn a_link_without_a_claim_asks_nothing() {
    let page = Page::run("lesson=quotas", &mut |_| {}).unwrap();
    assert_eq!(page.claim_holders(), None);
}

#[test]
fn answer_marks_read_the_questions_the_page_reads() {
    let (lesson, p) = lessons::find_preset("quotas.default-request", None).unwrap();
    let mut page = Page::run(&preset_query(lesson, p), &mut |_| {}).unwrap();
    let doc = page.document();
    let shown = doc.preset.as_ref().unwrap();
    let two = answer_marks("3~1", shown).unwrap();
    assert_eq!(
        (two[0].name, two[1].name),
        ("quota_idle_waiting", "quota_idle_waiting")
    );
    assert_eq!(answer_marks("0", shown).unwrap()[0].name, "quota_rejected");
    for bad in ["", "x", "9", "0~9", "r0", "1~", "~1", "-1"] {
        assert_eq!(answer_marks(bad, shown), None, "{bad}");
    }
}
