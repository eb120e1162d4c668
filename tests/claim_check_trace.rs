//! The claim check's "watch one run": the day's counters at the end are the numbers the same
//! run's tables print (the TTL sweep's row, the comparison's claim check column), the selectors
//! pick the events they name and the controls reach every TTL. What the CLI prints and refuses:
//! `tests/trace_cli.rs`.

use crate::common;
use common::lesson;

use tatbikat::ParamSet;
use tatbikat::presets::locate;
use tatbikat::trace::Trace;

fn params(set: &[&str]) -> ParamSet {
    let l = lesson("claim_check");
    l.params(set.iter().map(|a| a.split_once('=').unwrap()))
        .unwrap()
}

fn trace(p: &ParamSet, selector: &str) -> Trace {
    lesson("claim_check")
        .trace(p, selector)
        .unwrap_or_else(|e| panic!("{selector}: {e}"))
}

/// A cell of the report, as a number.
fn cell(report: &tatbikat::Report, mark: &str) -> f64 {
    locate(report, mark)
        .unwrap_or_else(|| panic!("{mark}"))
        .value
        .unwrap()
}

const SETS: &[&[&str]] = &[
    &[],
    &["events=3000", "seed=7", "consumers=5", "lag_prob=0.3"],
    &["events=2000", "replay_h=0", "ttl_sweep=1,2,500"],
    &[
        "events=1500",
        "redelivery_prob=0.5",
        "lag_hours=1-200",
        "ttl_h=72",
    ],
    &["events=1", "proof_prob=1", "ttl_sweep=1,100"],
    &["events=500", "ref_bytes=300000"],
    // Fractional hours: a TTL of half an hour, a replay at 12.5, a sweep from 0.
    &[
        "events=800",
        "ttl_h=0.5",
        "replay_h=12.5",
        "ttl_sweep=0,0.25,6.5",
    ],
];

#[test]
fn counters_equal_the_tables_at_every_ttl() {
    for set in SETS {
        let p = params(set);
        let report = tatbikat::run(&p, None).unwrap();
        let ttl_h = tatbikat::jsfmt::number_to_string(p.real("ttl_h"));
        // The lesson's TTL: the comparison's claim check column.
        for selector in ["", "dangling", "event:0"] {
            let tr = trace(&p, selector);
            let t = &tr.tracks[0];
            for (counter, row) in [("payload_reads", "payload_reads"), ("dangling", "dangling")] {
                assert_eq!(
                    t.total(counter),
                    Some(cell(&report, &format!("c:compare:{row}:claim"))),
                    "{set:?} {selector}: {counter}"
                );
            }
            assert_eq!(tr.facts[0], ("ttl", ttl_h.clone()));
        }
        // Every TTL of the sweep: its row, GB-hours to the last bit.
        for h in p.get("ttl_sweep").to_text().split(',') {
            let tr = trace(&p, &format!("ttl:{h},dangling"));
            let t = &tr.tracks[0];
            for col in ["dangling", "dangling_late", "dangling_replay"] {
                assert_eq!(
                    t.total(col),
                    Some(cell(&report, &format!("c:ttl_sweep:{h}:{col}"))),
                    "{set:?} ttl {h}: {col}"
                );
            }
            assert_eq!(
                t.total("store_gb_hours"),
                Some(cell(&report, &format!("c:ttl_sweep:{h}:gb_hours"))),
                "{set:?} ttl {h}"
            );
            // The counters never go down, and end where the axis ends.
            for c in &t.counters {
                assert_eq!(c.values.len(), tr.frames as usize + 1);
                assert!(c.values.windows(2).all(|w| w[0] <= w[1]), "{}", c.key);
            }
            let dangling = t.total("dangling").unwrap();
            // Dangling picks events that dangle; without any, the day's first events.
            let marked = |lane: usize| {
                t.events
                    .iter()
                    .any(|e| e.lane == Some(lane) && e.kind.starts_with("dangling"))
            };
            if dangling > 0.0 {
                assert!(!t.lanes.is_empty());
                assert!((0..t.lanes.len()).all(marked), "{set:?} ttl {h}");
                assert!(!tr.facts.iter().any(|f| f.0 == "no_dangling"));
            } else {
                assert!(tr.facts.iter().any(|f| f.0 == "no_dangling"));
                assert_eq!(t.lanes[0].label, "#0");
            }
        }
    }
}

#[test]
fn dangling_shows_the_first_dangling_events_and_event_the_ones_named() {
    let p = params(&[]);
    let tr = trace(&p, "dangling");
    assert_eq!(tr.selector, "ttl:24,dangling");
    let labels: Vec<&str> = tr.tracks[0]
        .lanes
        .iter()
        .map(|l| l.label.as_str())
        .collect();
    assert_eq!(labels.len(), 8);
    // The first dangling event: none of the events before it has a dangling read.
    let first: u64 = labels[0][1..].parse().unwrap();
    let before = trace(&p, "event:0");
    let t = &before.tracks[0];
    for (lane, l) in t.lanes.iter().enumerate() {
        let i: u64 = l.label[1..].parse().unwrap();
        let dangles = t
            .events
            .iter()
            .any(|e| e.lane == Some(lane) && e.kind.starts_with("dangling"));
        assert_eq!(dangles, labels.contains(&l.label.as_str()), "#{i}");
        if i < first {
            assert!(!dangles);
        }
    }
    let tr = trace(&p, "ttl:6,event:100");
    assert_eq!(tr.selector, "ttl:6,event:100");
    let labels: Vec<String> = tr.tracks[0].lanes.iter().map(|l| l.label.clone()).collect();
    assert_eq!(
        labels,
        (100..108).map(|i| format!("#{i}")).collect::<Vec<_>>()
    );
    // The last events of the day: as many as there are.
    assert_eq!(trace(&p, "event:19998").tracks[0].lanes.len(), 2);
}

#[test]
fn a_fractional_ttl_is_watched_and_offered() {
    let p = params(&["events=500", "ttl_sweep=0.5,6"]);
    assert_eq!(
        trace(&p, "ttl:0.5,dangling").facts[0],
        ("ttl", "0.5".to_string())
    );
    assert_eq!(
        trace(&p, "ttl:0,dangling").facts[0],
        ("ttl", "0".to_string())
    );
    let c = lesson("claim_check").trace_controls(&p, "ttl:0.5").unwrap();
    let parts: Vec<&str> = c[0].choices.iter().map(|x| x.part.as_str()).collect();
    assert_eq!(parts, ["ttl:0.5", "ttl:6", "ttl:24"]);
    assert_eq!(c[0].choices[c[0].chosen].part, "ttl:0.5");
}

#[test]
fn the_controls_reach_every_ttl_of_the_sweep() {
    let p = params(&[]);
    let c = lesson("claim_check")
        .trace_controls(&p, "ttl:96,event:5")
        .unwrap();
    assert_eq!(tatbikat::trace::compose(&c), "ttl:96,event:5");
    let parts: Vec<&str> = c[0].choices.iter().map(|x| x.part.as_str()).collect();
    assert_eq!(parts, ["ttl:6", "ttl:24", "ttl:48", "ttl:96", "ttl:168"]);
    for x in c.iter().flat_map(|c| &c.choices) {
        assert!(
            lesson("claim_check").check_trace(&p, &x.part).is_ok(),
            "{}",
            x.part
        );
    }
    assert_eq!(
        lesson("claim_check").trace_for("ttl_sweep", "dangling", "96"),
        Some("ttl:96,dangling".to_string())
    );
}
