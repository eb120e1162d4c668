//! The jobs lesson's timeline zoomed into one night (issue 10): `night:N` picks it, the controls
//! offer it, the trace tells the page the window to zoom (the night's lane of every track, its
//! slot and on to the end of its latest run), plays it hour by hour, and its totals stay the run's
//! (the tables' numbers); the overlap policies are marked as alternatives. What the CLI prints
//! and refuses: `tests/trace_cli.rs`.

use crate::common;
use common::lesson;

use proptest::prelude::*;
use tatbikat::ParamSet;
use tatbikat::trace::{Trace, compose};

fn jobs(pairs: &[(&str, String)]) -> ParamSet {
    lesson("jobs")
        .params(pairs.iter().map(|(k, v)| (*k, v.as_str())))
        .unwrap()
}

fn trace(set: &ParamSet, selector: &str) -> Result<Trace, tatbikat::Error> {
    lesson("jobs").trace(set, selector)
}

/// The zoomed trace is the overview's run: the same spans and events, and the same totals at
/// the end; it plays hour by hour; its window holds every span of the night's lane.
fn check_night(set: &ParamSet, limit: u32, night: usize) -> Result<(), TestCaseError> {
    let all = trace(set, &format!("limit:{limit}")).unwrap();
    let one = trace(set, &format!("limit:{limit},night:{night}")).unwrap();
    prop_assert_eq!(&one.selector, &format!("limit:{limit},night:{night}"));
    prop_assert_eq!(all.focus_lane, None);
    prop_assert_eq!(one.focus_lane, Some(night as u32 - 1));
    prop_assert_eq!(one.step, 1);
    let (start, end) = (one.focus_start.unwrap(), one.focus_end.unwrap());
    prop_assert_eq!(start, (night as u32 - 1) * all.step);
    prop_assert!(end >= start + all.step.min(one.end - start) && end <= one.end);
    for (a, b) in all.tracks.iter().zip(&one.tracks) {
        prop_assert_eq!(&a.lanes, &b.lanes);
        prop_assert_eq!(&a.events, &b.events);
        prop_assert_eq!(a.group, b.group);
        for c in &a.counters {
            prop_assert_eq!(a.total(c.key), b.total(c.key), "{} {}", a.key, c.key);
        }
        for s in &b.lanes[night - 1].spans {
            prop_assert!(s.start >= start && s.end <= end, "{}: {:?}", b.key, s);
        }
    }
    Ok(())
}

#[test]
fn a_night_zoomed_is_the_same_run_in_a_window_of_its_own() {
    let set = jobs(&[]);
    for limit in [1, 3, 6] {
        for night in 1..=30 {
            check_night(&set, limit, night).unwrap();
        }
    }
    // Night 16 at limit 3: skipped, queued 26 hours then run to hour 390, three failed attempts.
    let tr = trace(&set, "limit:3,night:16").unwrap();
    assert_eq!((tr.focus_start, tr.focus_end), (Some(360), Some(390)));
    let attempts = &tr.track("attempts").unwrap().lanes[15].spans;
    assert_eq!(attempts.len(), 3);
    assert!(attempts.iter().all(|s| s.state == "attempt_failed"));
    // The order of the pairs does not matter.
    assert_eq!(
        trace(&set, "night:16,limit:3").unwrap().selector,
        "limit:3,night:16"
    );
}

#[test]
fn the_policies_are_alternatives_the_attempts_are_not() {
    let set = jobs(&[("replace_policy", "1".into())]);
    let tr = trace(&set, "").unwrap();
    let groups: Vec<_> = tr.tracks.iter().map(|t| (t.key, t.group)).collect();
    assert_eq!(
        groups,
        [
            ("skip", Some("policy")),
            ("queue", Some("policy")),
            ("parallel", Some("policy")),
            ("replace", Some("policy")),
            ("attempts", None)
        ]
    );
}

#[test]
fn the_controls_offer_every_night_and_keep_the_other_choice() {
    let set = jobs(&[]);
    let controls = lesson("jobs")
        .trace_controls(&set, "limit:3,night:5")
        .unwrap();
    let (nights, limits) = (&controls[0], &controls[1]);
    assert_eq!((nights.key, limits.key), ("night", "limit"));
    assert_eq!(nights.chosen, 5);
    assert_eq!(nights.choices.len(), 31);
    // "All nights" first, then G1…G30, each keeping the limit shown.
    assert_eq!(nights.choices[0].part, "limit:3");
    assert_eq!(nights.choices[0].label, "trace.choice.all_nights");
    assert_eq!(nights.choices[7].part, "night:7,limit:3");
    assert_eq!(nights.choices[7].label, "trace.choice.night");
    assert_eq!(nights.choices[7].n.as_deref(), Some("7"));
    // As the page composes a choice: the controls before it as chosen, then the choice.
    let pick = |at: usize, k: usize| {
        let mut kept = controls[..=at].to_vec();
        kept[at].chosen = k;
        trace(&set, &compose(&kept)).unwrap().selector
    };
    assert_eq!(pick(1, 2), "limit:6,night:5", "a limit keeps the night");
    assert_eq!(pick(0, 7), "limit:3,night:7", "a night keeps the limit");
    assert_eq!(pick(0, 0), "limit:3", "all nights: the overview");
    // A later pair wins.
    assert_eq!(
        trace(&set, "night:5,limit:3,limit:6,night:9")
            .unwrap()
            .selector,
        "limit:6,night:9"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// At random values too.
    #[test]
    fn any_night_zoomed_is_the_same_run(
        seed in 1u32..2_000_000_000,
        nights in 1usize..40,
        interval in 1i64..60,
        fail in 0.0f64..0.95,
        limit in 1u32..8,
        pick in 0usize..1000,
    ) {
        let set = jobs(&[
            ("seed", seed.to_string()),
            ("nights", nights.to_string()),
            ("interval", interval.to_string()),
            ("fail_prob", fail.to_string()),
        ]);
        check_night(&set, limit, pick % nights + 1)?;
    }
}
