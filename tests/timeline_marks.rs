//! Timelines that show what their lesson is about (issue 21): in every lesson's watched runs each
//! legend entry of a track looks like no other (a shape and a tone), each lesson declares the
//! events it is about (decisive) and its runs show them, and a fault set from the leader's
//! timeline at a round is the same parameter as typing it, changing nothing before that round.

use std::collections::HashMap;

use tatbikat::ParamSet;
use tatbikat::lessons::ALL;
use tatbikat::query::Query;
use tatbikat::trace::{Trace, Track};

/// The parameters and selector of a lesson's link.
fn link(lesson: &str, rest: &str) -> (ParamSet, String) {
    let q = Query::decode(&format!("lesson={lesson}&{rest}")).unwrap();
    let selector = q
        .page
        .iter()
        .find(|(k, _)| k == "trace")
        .map_or(String::new(), |(_, v)| v.clone());
    (q.params().unwrap(), selector)
}

/// The legend a track's figure has, as the page draws it (www/render/timeline.js): each state of
/// its spans a bar in its tone, each event the lesson styles a mark of its shape and tone on its
/// lane, each event of the whole track a line (in its tone when styled).
fn legend(track: &Track, set: &ParamSet) -> Vec<(String, String, String)> {
    let lesson = tatbikat::lessons::of(set);
    let tone = |t: tatbikat::trace::Tone| format!("{t:?}");
    let mut out: Vec<(String, String, String)> = Vec::new();
    let mut push = |entry: (String, String, String)| {
        if !out.iter().any(|e| e.0 == entry.0) {
            out.push(entry);
        }
    };
    for span in track.lanes.iter().flat_map(|l| &l.spans) {
        let style = lesson.states().iter().find(|s| s.state == span.state);
        let style = style.unwrap_or_else(|| panic!("state {} has no style", span.state));
        push((
            format!("state:{}", span.state),
            "bar".into(),
            tone(style.tone),
        ));
    }
    for e in &track.events {
        let style = lesson.marks().iter().find(|m| m.kind == e.kind);
        match (e.lane, style) {
            (None, Some(m)) => push((format!("line:{}", e.kind), "line".into(), tone(m.tone))),
            (None, None) => push((format!("line:{}", e.kind), "line".into(), "accent".into())),
            (Some(_), Some(m)) => push((format!("mark:{}", e.kind), m.shape.into(), tone(m.tone))),
            (Some(_), None) => {}
        }
    }
    out
}

/// Every run the lesson's examples watch, and its default run.
fn runs() -> Vec<(String, ParamSet, String, Trace)> {
    let mut out = Vec::new();
    for lesson in ALL.iter().filter(|l| l.watch().is_some()) {
        let links = std::iter::once("trace=").chain(lesson.examples().iter().copied());
        for rest in links.filter(|l| l.contains("trace=")) {
            let (set, selector) = link(lesson.id(), rest);
            let tr = lesson.trace(&set, &selector).unwrap();
            out.push((lesson.id().to_string(), set, rest.to_string(), tr));
        }
    }
    out
}

#[test]
fn every_legend_entry_of_every_track_has_its_own_shape_and_tone() {
    let mut seen = 0;
    for (lesson, set, rest, tr) in runs() {
        for track in &tr.tracks {
            let entries = legend(track, &set);
            let mut by_look: HashMap<(&str, &str), &str> = HashMap::new();
            for (key, shape, tone) in &entries {
                if let Some(other) = by_look.insert((shape, tone), key) {
                    panic!(
                        "{lesson} {rest} [{}]: {other} and {key} are both a {shape} in {tone}",
                        track.key
                    );
                }
            }
            seen += entries.len();
        }
    }
    assert!(seen > 60, "{seen} legend entries checked");
}

#[test]
fn shapes_are_the_page_s_and_each_lesson_marks_what_it_is_about() {
    const SHAPES: [&str; 9] = [
        "circle",
        "square",
        "diamond",
        "triangle",
        "triangle_down",
        "cross",
        "plus",
        "star",
        "line",
    ];
    for lesson in ALL.iter().filter(|l| l.watch().is_some()) {
        let marks = lesson.marks();
        for m in marks {
            assert!(
                SHAPES.contains(&m.shape),
                "{} {}: {}",
                lesson.id(),
                m.kind,
                m.shape
            );
        }
        assert!(
            marks.iter().any(|m| m.decisive),
            "{} declares no decisive event",
            lesson.id()
        );
    }
    // Each lesson's runs show at least one of its decisive events, so its timeline opens at one.
    let mut shown: HashMap<String, usize> = HashMap::new();
    for (lesson, set, _, tr) in runs() {
        let decisive = tatbikat::lessons::of(&set).marks();
        let n = tr
            .tracks
            .iter()
            .flat_map(|t| &t.events)
            .filter(|e| decisive.iter().any(|m| m.decisive && m.kind == e.kind))
            .count();
        *shown.entry(lesson).or_default() += n;
    }
    for (lesson, n) in &shown {
        assert!(*n > 0, "{lesson}: no decisive event in its example runs");
    }
}

/// The leader's run with `pairs` set, watched with `selector`.
fn leader(pairs: &[(&str, &str)], selector: &str) -> Trace {
    let lesson = tatbikat::lessons::get("leader").unwrap();
    let set = lesson.params(pairs.iter().copied()).unwrap();
    lesson.trace(&set, selector).unwrap()
}

/// The trace over rounds `1..round` (its time units `0..round - 1`): spans cut there, events
/// before it, counters up to that frame.
fn before(tr: &Trace, round: u32) -> Vec<String> {
    let cut = round - 1;
    let mut out = Vec::new();
    for t in &tr.tracks {
        for lane in &t.lanes {
            for s in lane.spans.iter().filter(|s| s.start < cut) {
                let note = if t.key == "lease_record" {
                    &None
                } else {
                    &s.note
                };
                out.push(format!(
                    "{} {} {}..{} {} {note:?}",
                    t.key,
                    lane.label,
                    s.start,
                    s.end.min(cut),
                    s.state
                ));
            }
        }
        for e in t.events.iter().filter(|e| e.at < cut) {
            out.push(format!("{} {:?}", t.key, e));
        }
        for c in &t.counters {
            out.push(format!(
                "{} {} {:?}",
                t.key,
                c.key,
                &c.values[..=cut as usize]
            ));
        }
    }
    out
}

#[test]
fn the_leader_timeline_offers_the_crash_and_pause_maps_and_a_fault_set_at_a_round_changes_nothing_before_it()
 {
    for selector in ["fencing:0", "fencing:1", "fencing:0,lease:16"] {
        let tr = leader(&[], selector);
        let nodes = tr.track("nodes").unwrap();
        let params: Vec<&str> = nodes.intervene.iter().map(|i| i.param).collect();
        assert_eq!(params, ["crash", "pause"]);
        // A pause as long as the run's lease and a renewal: the lesson's N2@50+6 at its values.
        let lease: u32 = tr
            .facts
            .iter()
            .find(|f| f.0 == "lease")
            .unwrap()
            .1
            .parse()
            .unwrap();
        let renew: u32 = tr
            .facts
            .iter()
            .find(|f| f.0 == "renew")
            .unwrap()
            .1
            .parse()
            .unwrap();
        assert_eq!(nodes.intervene[1].more, [lease + renew]);
        assert!(tr.track("lease_record").unwrap().intervene.is_empty());
        // The lesson's maps are N1@20 and N2@50+6: a node's entry is replaced (one per node),
        // which the page offers only where the entry it replaces is not before the round.
        for round in [1u32, 2, 12, 20, 30, 45, 50, 79] {
            for node in 1..=3u32 {
                let mut cases = Vec::new();
                if node != 1 || round <= 20 {
                    let crash = if node == 1 {
                        format!("N1@{round}")
                    } else {
                        format!("N1@20,N{node}@{round}")
                    };
                    cases.push([("crash", crash), ("pause", "N2@50+6".to_string())]);
                }
                if node != 2 || round <= 50 {
                    let pause = if node == 2 {
                        format!("N2@{round}+6")
                    } else {
                        format!("N2@50+6,N{node}@{round}+6")
                    };
                    cases.push([("crash", "N1@20".to_string()), ("pause", pause)]);
                }
                for pairs in cases {
                    let pairs: Vec<(&str, &str)> =
                        pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    let after = leader(&pairs, selector);
                    assert_eq!(
                        before(&after, round),
                        before(&tr, round),
                        "{selector} {pairs:?}"
                    );
                }
            }
        }
        // And it changes the run from there: N2 crashed at 30 is crashed in every later round.
        let after = leader(&[("crash", "N1@20,N2@30")], selector);
        let n2 = &after.track("nodes").unwrap().lanes[1];
        assert!(
            n2.spans
                .iter()
                .filter(|s| s.end > 29)
                .all(|s| s.state == "crashed"),
            "{n2:?}"
        );
    }
    // Lane labels are words the page translates, not Turkish without its letters.
    let tr = leader(&[], "");
    assert_eq!(tr.track("lease_record").unwrap().lanes[0].label, "record");
}
