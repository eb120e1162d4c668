//! Challenges and the claims' "why" questions (src/challenge.rs, each lesson's challenges.rs and
//! presets.rs): every challenge is not met at its start nor at the lesson's values and is met by
//! the answers worked out below from its stated goal (two where the model allows several); its
//! marks and parameters exist; its texts are in both languages; the link and the page's
//! document carry it. Every claim has one "why" question with one right choice of three.

use std::collections::{BTreeMap, BTreeSet};

use tatbikat::challenge::{self, Challenge};
use tatbikat::lesson::Lesson;
use tatbikat::presets::WHY_CHOICES;
use tatbikat::{lessons, query, render};

/// Answers to each challenge, as link assignments, reasoned from its goal (the comments say how).
const ANSWERS: &[(&str, &[&str])] = &[
    // The pause lasts 6 rounds: a lease of 10 or 12 outlasts it; renewing at 6 or 7 keeps the
    // writes at 12 or fewer, and the crash's gap stays within 15.
    (
        "leader.no-double",
        &["lease=10&renew=6", "lease=12&renew=7"],
    ),
    // A pause of the leader as long as the lease of 4 (the search's smallest witness), or a
    // longer one later: one takeover, and the woken leader runs a round beside the new one.
    (
        "leader.find-double",
        &["crash=&pause=N1@1+4", "crash=&pause=N1@30+8"],
    ),
    // The followers' polls are the reads: polling every 2 rounds halves them.
    ("leader.fewer-reads", &["poll=2", "lease=3&renew=2&poll=2"]),
    // A rarer scan reads less; a lease of 1 round still finds the hung steps within 3.
    (
        "supervisor.cheap-scan",
        &["scan=3&lease=1", "scan=4&lease=1"],
    ),
    // No permanent fault: nothing to compensate; the hung steps stay (and a fourth may join).
    (
        "supervisor.all-complete",
        &[
            "permanent=",
            "permanent=&hung=S2@indirim,S5@tarife,S9@fatura,S11@bildirim",
        ],
    ),
    // At limit 6 one night still fails: 8, or 10 and 12.
    (
        "jobs.every-night",
        &["retry_limits=8", "retry_limits=10,12"],
    ),
    // Parallelisms that divide 12 into at most 3 rounds: 4, 6 and 12.
    ("jobs.no-idle", &["parallelisms=4", "parallelisms=4,6,12"]),
    // No run longer than a day: no long runs, or long runs of at most 24 hours.
    ("jobs.skip-none", &["long_prob=0", "long_hours=20-24"]),
    // 0.05³ per compensation at three attempts; or fewer failing calls at two.
    (
        "compensation.hung-share",
        &["retries=3", "comp_fail=0.01&retries=2"],
    ),
    // The period close gets a compensation (the lesson's own remedy, as its claim sets it).
    (
        "compensation.all-undone",
        &[concat!(
            "steps=donem-kapat:donem-ac,fatura-satiri:satiri-iptal-et(donem-kapat),",
            "tahsilat-kaydi:kaydi-geri-al(fatura-satiri),satici-bildirimi(fatura-satiri)"
        )],
    ),
    // Two more units than the lesson's 12 absorb the night job's hold.
    ("quotas.within-three", &["capacity=14"]),
    // The report tenant's unstated request counted as 1 unit.
    (
        "quotas.report-admitted",
        &["default_request=1", "quotas=6,3,3&default_request=1"],
    ),
    // The lifetime just past the latest lagging reader (96 hours).
    ("claim_check.no-dangling", &["ttl_h=97", "ttl_h=100"]),
    // Smaller proof photos fit inline.
    (
        "claim_check.fits-inline",
        &["photo_kb=100-200", "photo_kb=150-240"],
    ),
];

fn checked(lesson: Lesson, c: &Challenge, assignments: &str) -> challenge::Outcome {
    let params = lesson
        .params(
            assignments
                .split('&')
                .filter(|a| !a.is_empty())
                .map(|a| a.split_once('=').unwrap_or((a, ""))),
        )
        .unwrap_or_else(|e| panic!("{}: {assignments}: {e}", c.id));
    let report = lessons::run(&params, None).unwrap();
    challenge::check(c, &report, &params)
}

#[test]
fn every_challenge_is_unmet_at_its_start_and_the_lessons_values_and_met_by_its_answers() {
    let answers: BTreeMap<&str, &[&str]> = ANSWERS.iter().copied().collect();
    let mut seen = BTreeSet::new();
    for (lesson, c) in lessons::challenges() {
        seen.insert(c.id);
        for start in [c.start, ""] {
            let o = checked(lesson, c, start);
            assert!(!o.met, "{} is met at {start:?}: {o:?}", c.id);
            assert_eq!(o.found.len(), c.conditions().count().max(o.found.len()));
        }
        let answers = answers
            .get(c.id)
            .unwrap_or_else(|| panic!("no answer for {}", c.id));
        for a in *answers {
            let o = checked(lesson, c, a);
            assert!(o.met, "{} is not met by {a}: {o:?}", c.id);
            assert!(o.found.iter().all(|r| r.ok && !r.text.is_empty()));
        }
    }
    assert_eq!(seen, answers.keys().copied().collect());
}

#[test]
fn every_condition_reads_and_finds_its_mark_or_parameter() {
    for lesson in lessons::ALL {
        let n = lesson.challenges().len();
        assert!((2..=4).contains(&n), "{} has {n} challenges", lesson.id());
        let params = lesson.defaults();
        let report = lessons::run(&params, None).unwrap();
        for c in lesson.challenges() {
            assert!(c.id.starts_with(&format!("{}.", lesson.id())), "{}", c.id);
            assert_eq!(lessons::preset_lesson(c.id), Some(lesson.id()));
            assert!((1..=4).contains(&c.hints), "{}", c.id);
            assert!(lessons::challenge_params(*lesson, c).is_ok(), "{}", c.id);
            let conditions: Vec<_> = c.conditions().collect();
            assert!(!conditions.is_empty(), "{}", c.id);
            assert!(
                conditions.iter().all(Option::is_some),
                "{}: {}",
                c.id,
                c.check
            );
            // Every reading finds what it names: a cell, a value or a parameter.
            for r in challenge::check(c, &report, &params).found {
                assert!(!r.text.is_empty(), "{}: {r:?} not found", c.id);
            }
        }
    }
}

#[test]
fn a_mark_the_report_lacks_or_a_condition_that_does_not_read_is_not_met() {
    let lesson = lessons::get("leader").unwrap();
    let params = lesson.defaults();
    let report = lessons::run(&params, None).unwrap();
    for check in [
        "c:fencing:no_such_row:unfenced=0",
        "c:nowhere:*:x<=1",
        "param:no_such_parameter>=0",
        "c:fencing:double_run_rounds:unfenced",
    ] {
        let c = Challenge {
            id: "leader.test",
            start: "",
            hints: 1,
            check,
        };
        assert!(!challenge::check(&c, &report, &params).met, "{check}");
    }
    // The same check holds where every row is meant (`*`) and not where one row fails.
    let every = |check| Challenge {
        id: "leader.test",
        start: "",
        hints: 1,
        check,
    };
    let o = challenge::check(&every("c:lease_sweep:*:renew>=1"), &report, &params);
    assert!(o.met);
    assert_eq!(o.found.len(), 4, "one reading per row of the lease sweep");
    let o = challenge::check(&every("c:lease_sweep:*:double_runs=0"), &report, &params);
    assert!(!o.met);
    assert_eq!(o.found.iter().filter(|r| !r.ok).count(), 2);
}

fn texts(lesson: &str, lang: &str) -> serde_json::Map<String, serde_json::Value> {
    let path = format!(
        "{}/src/lessons/{lesson}/texts/{lang}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_challenge_has_its_goal_and_hints_in_both_languages() {
    for lesson in lessons::ALL {
        for lang in ["tr", "en"] {
            let t = texts(lesson.id(), lang);
            for c in lesson.challenges() {
                let mut keys = vec![format!("challenge.{}", c.id)];
                keys.extend((1..=c.hints).map(|n| format!("challenge.{}.hint{n}", c.id)));
                for k in &keys {
                    let text = t.get(k).and_then(|v| v.as_str()).unwrap_or("");
                    assert!(text.len() > 10, "{}/{lang}: {k}", lesson.id());
                }
                // No hint beyond the ones it declares.
                let extra = format!("challenge.{}.hint{}", c.id, c.hints + 1);
                assert!(!t.contains_key(&extra), "{extra}");
            }
        }
    }
}

#[test]
fn every_claim_has_one_why_question_with_one_right_choice_in_both_languages() {
    for lesson in lessons::ALL {
        let claims: Vec<&str> = lesson.presets().iter().map(|p| p.id).collect();
        let asked: Vec<&str> = lesson.why().iter().map(|w| w.claim).collect();
        assert_eq!(
            asked,
            claims,
            "{}: one why per claim, in order",
            lesson.id()
        );
        let (tr, en) = (texts(lesson.id(), "tr"), texts(lesson.id(), "en"));
        for w in lesson.why() {
            assert!(w.right < WHY_CHOICES, "{}", w.claim);
            let mut keys = vec![format!("explain.{}", w.claim)];
            for n in 0..WHY_CHOICES {
                keys.push(format!("explain.{}.c{n}", w.claim));
                keys.push(format!("explain.{}.f{n}", w.claim));
            }
            for t in [&tr, &en] {
                for k in &keys {
                    let text = t.get(k).and_then(|v| v.as_str()).unwrap_or("");
                    assert!(text.len() > 10, "{k}");
                }
                assert!(!t.contains_key(&format!("explain.{}.c{WHY_CHOICES}", w.claim)));
            }
            // The choices differ from each other, and the two languages differ (translated).
            let choices: BTreeSet<&str> = (0..WHY_CHOICES)
                .map(|n| en[&format!("explain.{}.c{n}", w.claim)].as_str().unwrap())
                .collect();
            assert_eq!(choices.len(), usize::from(WHY_CHOICES), "{}", w.claim);
            assert_ne!(tr[&keys[1]], en[&keys[1]], "{}", w.claim);
        }
        // The page's list carries the right choice of each claim.
        for listed in render::preset_list()
            .iter()
            .filter(|p| p.lesson == lesson.id())
        {
            let w = lesson.why().iter().find(|w| w.claim == listed.id).unwrap();
            assert_eq!(listed.why, Some(w.right));
        }
    }
}

#[test]
fn a_challenge_is_a_link_routed_to_its_lesson_and_an_unknown_one_is_refused_by_name() {
    for (lesson, c) in lessons::challenges() {
        let link = query::challenge_query(lesson, c);
        assert_eq!(query::home(&format!("challenge={}", c.id)), lesson.id());
        let r = query::resolve(&link);
        assert!(r.errors.is_empty(), "{link}: {:?}", r.errors);
        assert_eq!(r.challenge.map(|x| x.id), Some(c.id));
        assert_eq!(r.lesson, lesson);
        // The link keeps it, whatever the values: the learner changes them to meet it.
        let changed = query::resolve(&format!("{link}&seed=1"));
        let again = query::resolve(&changed.share_query());
        assert_eq!(again.challenge.map(|x| x.id), Some(c.id), "{link}");
    }
    // Without lesson=, the id names the lesson.
    assert_eq!(
        query::resolve("challenge=quotas.within-three").lesson.id(),
        "quotas"
    );
    for (link, allowed) in [
        ("lesson=jobs&challenge=jobs.nope", "jobs.every-night"),
        ("lesson=jobs&challenge=leader.no-double", "jobs.no-idle"),
        ("challenge=leader.nope", "leader.fewer-reads"),
    ] {
        let r = query::resolve(link);
        assert!(r.challenge.is_none(), "{link}");
        let e = r
            .errors
            .iter()
            .find(|e| e.param.as_deref() == Some("challenge"))
            .unwrap_or_else(|| panic!("{link}: {:?}", r.errors));
        assert!(e.allowed.contains(allowed), "{link}: {}", e.allowed);
        assert!(e.to_string().contains("challenge"), "{e}");
        assert!(!r.share_query().contains("challenge="), "{link}");
    }
    // A challenge inside run A's query is refused, like every page key.
    let r = query::resolve("lesson=leader&vs=challenge%3Dleader.no-double");
    assert!(r.errors.iter().any(|e| e.param.as_deref() == Some("vs")));
}

#[test]
fn the_pages_document_carries_the_outcome_checked_on_the_whole_report() {
    let doc = |q: &str| {
        let mut page = render::Page::run(q, &mut |_| {}).unwrap();
        serde_json::to_value(page.document()).unwrap()
    };
    let unmet = doc("lesson=leader&challenge=leader.no-double");
    assert_eq!(unmet["challenge"]["met"], false);
    assert_eq!(unmet["challenge"]["found"][0]["text"], "1");
    assert_eq!(unmet["challenge"]["found"][0]["row"], "double_run_rounds");
    let met = doc("lesson=leader&lease=10&renew=6&challenge=leader.no-double");
    assert_eq!(met["challenge"]["met"], true);
    assert!(doc("lesson=leader")["challenge"].is_null());
    // A row beyond the page's cut still counts: compensation's orderings of six steps are 720
    // rows, the page shows 100; a check on every row reads them all.
    let steps = "steps=a,b,c,d,e,f";
    let params = lessons::get("compensation")
        .unwrap()
        .params([("steps", &steps[6..]), ("runs", "1000")])
        .unwrap();
    let report = lessons::run(&params, None).unwrap();
    let c = Challenge {
        id: "compensation.test",
        start: "",
        hints: 1,
        check: "c:orderings:*:rounds>=0",
    };
    assert_eq!(challenge::check(&c, &report, &params).found.len(), 720);
    // An unknown challenge in a strict run is an error naming it.
    let e = render::Page::run("lesson=leader&challenge=leader.x", &mut |_| {})
        .err()
        .unwrap();
    assert_eq!(e.param.as_deref(), Some("challenge"));
}
