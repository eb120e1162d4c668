//! The lessons' claims as presets, checked: every preset's parameters are valid, every mark
//! points at a real cell, value or point of the report those parameters produce, the numbers
//! there actually say what the claim says, each has its caption in both message files, and the
//! `preset=` link survives the resolve/share round trip (and is dropped by a change).

use crate::common;
use common::{cli, js_json, lesson};

use tatbikat::lesson::Lesson;
use tatbikat::lessons::{self, validate};
use tatbikat::presets::{self, Found, Preset};
use tatbikat::query::resolve;

/// Every preset of every lesson.
fn all() -> Vec<&'static Preset> {
    lessons::presets().map(|(_, p)| p).collect()
}

/// The lesson a preset belongs to.
fn lesson_of(p: &Preset) -> Lesson {
    lessons::find_preset(p.id, None).unwrap().0
}

/// The preset's parameters.
fn params_of(p: &Preset) -> Result<tatbikat::ParamSet, tatbikat::Error> {
    lessons::preset_params(lesson_of(p), p)
}

/// The preset's share link.
fn query_of(p: &Preset) -> String {
    tatbikat::query::preset_query(lesson_of(p), p)
}

fn report_of(p: &Preset) -> tatbikat::Report {
    let params = params_of(p).expect("the preset's assignments parse");
    tatbikat::run(&params, None).expect("the preset's parameters run")
}

fn found(p: &Preset) -> Vec<Found> {
    presets::highlights(p, &report_of(p))
}

fn preset(id: &str) -> &'static Preset {
    lessons::find_preset(id, None).unwrap().1
}

#[test]
fn six_claims_per_lesson_with_unique_ascii_ids() {
    // The written lessons' summaries have six bullets each.
    for id in ["supervisor", "jobs", "compensation"] {
        let ids: Vec<&str> = lesson(id).presets().iter().map(|p| p.id).collect();
        assert_eq!(ids.len(), 6, "{ids:?}: one preset per summary bullet");
    }
    for lesson in tatbikat::lessons::ALL {
        let ids: Vec<&str> = lesson.presets().iter().map(|p| p.id).collect();
        for id in ids {
            // The lesson's id (lowercase ASCII with single underscores), then the claim's.
            let claim = id.strip_prefix(&format!("{}.", lesson.id()));
            assert!(claim.is_some(), "{id}");
            assert!(
                claim
                    .unwrap()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b"-.".contains(&b)),
                "{id}"
            );
            assert_eq!(all().iter().filter(|p| p.id == id).count(), 1, "{id}");
        }
    }
}

#[test]
fn every_preset_resolves_without_error() {
    for p in all() {
        let params = params_of(p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        validate(&params).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        let r = resolve(&format!("preset={}", p.id));
        assert!(r.errors.is_empty(), "{}: {:?}", p.id, r.errors);
        assert_eq!(r.lesson, lesson_of(p), "{}", p.id);
        assert_eq!(r.params, params, "{}", p.id);
        assert_eq!(r.preset.map(|x| x.id), Some(p.id));
    }
}

#[test]
fn no_dangling_highlights() {
    for p in all() {
        let report = report_of(p);
        assert!(p.marks().count() > 0, "{}", p.id);
        for m in p.marks() {
            assert!(
                presets::locate(&report, m).is_some(),
                "{}: {m} is not in the report",
                p.id,
            );
        }
        // Each mark points at its own place.
        let places: Vec<_> = presets::highlights(p, &report)
            .into_iter()
            .map(|f| (f.kind, f.group, f.key, f.name, f.index, f.series))
            .collect();
        for (i, a) in places.iter().enumerate() {
            assert!(!places[..i].contains(a), "{}: {a:?} twice", p.id);
        }
    }
}

#[test]
fn a_section_alone_keeps_only_its_own_marks() {
    let p = preset("supervisor.daily");
    let params = params_of(p).unwrap();
    let measure = tatbikat::run(&params, Some("measure")).unwrap();
    assert!(presets::highlights(p, &measure).is_empty());
    let daily = tatbikat::run(&params, Some("daily")).unwrap();
    assert_eq!(presets::highlights(p, &daily).len(), p.marks().count());
}

/// The highlighted numbers, in the order of the preset's marks.
fn values(id: &str) -> Vec<f64> {
    found(preset(id))
        .iter()
        .map(|f| {
            f.value
                .unwrap_or_else(|| panic!("{id}: {f:?} is not a number"))
        })
        .collect()
}

#[test]
fn supervisor_claims_hold_in_the_highlighted_cells() {
    // With nothing failing, the supervisor changes no outcome and re-drives nothing; it reads.
    let v = values("supervisor.roles");
    assert_eq!((v[0], v[1]), (12.0, 12.0));
    assert_eq!(v[2], v[3], "same steps run with and without the supervisor");
    assert_eq!(v[4], 0.0, "no re-drive");
    assert!(
        v[5] > 0.0,
        "the supervisor's only work is reading the record"
    );

    // Without the supervisor, jobs stop silently: completed + half-done = every job, none
    // compensated (nothing noticed the failure).
    let v = values("supervisor.silent-hang");
    assert_eq!(v[0] + v[1], 12.0);
    assert!(v[1] > 0.0);
    assert_eq!(v[2], 0.0);

    // The supervisor turns every half-done job into a completed or a compensated one.
    let v = values("supervisor.recovery");
    let [c_off, c_on, comp_on, half_off, half_on] = v[..] else {
        panic!("{v:?}")
    };
    assert!(c_on > c_off && half_off > 0.0 && half_on == 0.0);
    assert_eq!(c_on + comp_on, 12.0);
    assert_eq!(
        c_on - c_off,
        half_off - comp_on,
        "recovered = half-done − compensated"
    );

    // The price is in steps run, some of them wasted (the same step twice).
    let v = values("supervisor.cost");
    assert!(v[1] > v[0]);
    assert!(
        v[3] > 0.0 && v[3] <= v[2],
        "wasted executions are re-drives"
    );

    // Scanning less often: later recovery and a later last job, fewer records read.
    let v = values("supervisor.scan-tradeoff");
    assert!(v[0] < v[1], "average recovery grows with the interval");
    assert!(v[2] < v[3], "the last job finishes later");
    assert!(v[4] > v[5], "fewer records are read");
    assert_eq!(
        &v[6..10],
        &[v[0], v[1], v[4], v[5]],
        "the charts show the same"
    );

    // The daily scale: the half-done share without a supervisor, and what removing it costs.
    let v = values("supervisor.daily");
    let [steps, half, rate, redrives, wasted] = v[..] else {
        panic!("{v:?}")
    };
    assert_eq!(steps, 16000.0);
    assert!((rate - 100.0 * half / 4000.0).abs() < 1e-9, "{rate} {half}");
    assert!(half > 0.0 && redrives > 0.0 && wasted > 0.0 && wasted <= redrives);
}

#[test]
fn jobs_claims_hold_in_the_highlighted_cells() {
    // The Job counts completions: the declared number in every parallelism.
    assert!(values("jobs.completions").iter().all(|&c| c == 12.0));

    // More retries: more nights completed, more attempts wasted, less gained each step.
    let v = values("jobs.retry-limit");
    let [c1, c3, c6, w1, w3, w6, left] = v[..] else {
        panic!("{v:?}")
    };
    assert!(c1 < c3 && c3 < c6 && w1 < w3 && w3 < w6);
    assert!(c6 - c3 < c3 - c1, "diminishing returns");
    assert_eq!(left, w6, "every wasted attempt leaves a pod behind");

    // Parallelism: the same pod-rounds, fewer rounds, idle slots at 5, one slow slice costs more.
    let v = values("jobs.parallelism");
    let [pod1, pod12, r1, r12, idle5, inc1, inc12] = v[..] else {
        panic!("{v:?}")
    };
    assert_eq!((pod1, pod12), (12.0, 12.0));
    assert_eq!((r1, r12), (12.0, 1.0));
    assert!(idle5 > 0.0);
    assert!(inc1 < inc12);

    // The cluster waits for the declared count, whatever it is; it keeps 4 items a night.
    let v = values("jobs.completion-count");
    assert_eq!(v, [20.0, 20.0, 120.0]);

    // Each policy gives something up.
    let v = values("jobs.overlap");
    let [skipped, skip_hours, queue_delay, par_concurrent, par_hours] = v[..] else {
        panic!("{v:?}")
    };
    assert!(skipped > 0.0 && skip_hours < par_hours);
    assert!(queue_delay > 0.0);
    assert!(par_concurrent >= 2.0);

    // A wider window makes up more missed runs; skip runs fewer of them than queue.
    let v = values("jobs.missed-window");
    let [w0, w1, w3, skip3, queue3] = v[..] else {
        panic!("{v:?}")
    };
    assert!(w0 < w1 && w1 < w3);
    assert!(
        2.0 * skip3 < w3 && queue3 == w3,
        "most made-up runs never run under skip"
    );
}

#[test]
fn compensation_claims_hold_in_the_highlighted_cells() {
    // Few orderings respect the dependencies, and all start with the irreversible step.
    let f = found(preset("compensation.orderings"));
    assert!(f[0].value.unwrap() < f[1].value.unwrap());
    for o in &f[2..] {
        assert!(o.text.starts_with("donem-kapat >"), "{}", o.text);
    }

    // A reversible period close leaves nothing uncompensated; the lesson's leaves one each time.
    let p = preset("compensation.reversible");
    assert!(values(p.id).iter().all(|&u| u == 0.0));
    let lesson = tatbikat::run(&lesson("compensation").defaults(), None).unwrap();
    for m in p.marks() {
        assert_eq!(presets::locate(&lesson, m).unwrap().value, Some(1.0));
    }

    // Notification last costs fewer uncompensated steps, by (difference per day) × 365 a year.
    let v = values("compensation.notify-position");
    assert!(v[0] < v[1]);
    assert_eq!(v[3] - v[2], ((v[1] - v[0]) * 365.0).round());

    // A second attempt cuts the hung rate by more than ten times, for a few more calls.
    let v = values("compensation.retry");
    assert!(v[1] < v[0] / 10.0);
    assert!(v[3] > v[2]);
    assert_eq!(&v[4..], &v[..2]);

    // Hung workflows, not rollbacks, make the intermediate-state window, even at 4× DD6.
    let v = values("compensation.hung-window");
    assert!(v[1] * 3600.0 > 100.0 * v[0]);
    assert!(v[2] > 100.0 && v[3] > 100.0 && v[3] < v[2]);

    // A fault-free day carries many written compensation paths and runs very few.
    let v = values("compensation.fault-free");
    assert!(v[1] / v[0] < 0.01, "{v:?}");
}

#[test]
fn every_preset_has_a_caption_in_both_languages() {
    let root = env!("CARGO_MANIFEST_DIR");
    for lang in ["tr", "en"] {
        let text = std::fs::read_to_string(format!("{root}/www/i18n/{lang}.js")).unwrap();
        for p in all() {
            // A caption lives with its lesson's texts.
            let id = lesson_of(p).id();
            let texts =
                std::fs::read_to_string(format!("{root}/src/lessons/{id}/texts/{lang}.json"))
                    .unwrap();
            let key = format!("\"{}\":", p.caption_key());
            let line = texts
                .lines()
                .find(|l| l.trim_start().starts_with(&key))
                .unwrap_or_else(|| panic!("{id}/texts/{lang}.json has no {key}"));
            assert!(line.len() > key.len() + 20, "{lang}: {line}");
        }
        for key in ["claims.title", "claims.hint", "claims.none"] {
            assert!(
                text.contains(&format!("\"{key}\":")),
                "{lang}.js has no {key}"
            );
        }
    }
}

#[test]
fn preset_links_round_trip_and_a_change_drops_them() {
    for p in all() {
        let share = query_of(p);
        assert!(share.contains(&format!("&preset={}&", p.id)), "{share}");
        let r = resolve(&share);
        assert!(r.errors.is_empty(), "{share}: {:?}", r.errors);
        assert_eq!(r.share_query(), share);
        assert_eq!(
            r.query(),
            share,
            "the computed query carries the preset too"
        );
        assert_eq!(r.params, params_of(p).unwrap());
        // The strict decoder (the CLI's and the page's run) reads the same parameters.
        let q = tatbikat::query::Query::decode(&share).unwrap();
        assert_eq!(q.params().unwrap(), r.params);
        assert_eq!(q.preset().unwrap().map(|x| x.id), Some(p.id));
    }
    // An explicit parameter applies over the preset; a different value drops the preset.
    let r = resolve("preset=supervisor.scan-tradeoff&scan=3");
    assert_eq!(r.params.int("scan"), 3);
    assert_eq!(r.params.get("scan_sweep").to_text(), "1,2,3,4,5,6,7,8");
    assert!(r.preset.is_none());
    assert_eq!(
        r.share_query(),
        "lesson=supervisor&scan=3&scan_sweep=1,2,3,4,5,6,7,8&v=1"
    );
    // The preset's own value spelled out keeps it.
    let r = resolve("lesson=jobs&slices=20&preset=jobs.completion-count&lang=en");
    assert_eq!(r.preset.map(|p| p.id), Some("jobs.completion-count"));
    assert_eq!(
        r.share_query(),
        "lesson=jobs&slices=20&preset=jobs.completion-count&lang=en&v=1"
    );
}

#[test]
fn unknown_presets_are_named_with_the_known_ids() {
    let r = resolve("lesson=jobs&preset=jobs.nope&seed=42");
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!(e.param.as_deref(), Some("preset"));
    assert_eq!(e.value.as_deref(), Some("jobs.nope"));
    let ids: Vec<&str> = lesson("jobs").presets().iter().map(|p| p.id).collect();
    assert!(e.message().contains(&ids.join(", ")), "{}", e.message());
    // The rest of the link still works, without a preset.
    assert_eq!(r.params.int("seed"), 42);
    assert!(r.preset.is_none());
    assert_eq!(r.share_query(), "lesson=jobs&seed=42&v=1");
    // Another lesson's preset is refused, naming this lesson's.
    let r = resolve("lesson=compensation&preset=jobs.overlap");
    assert_eq!(r.errors.len(), 1);
    assert!(r.errors[0].message().contains("compensation.orderings"));
    assert_eq!(r.lesson, lesson("compensation"));
    // Without a lesson, every id is listed.
    let e = tatbikat::query::Query::decode("preset=x")
        .unwrap()
        .params()
        .unwrap_err();
    assert!(e.message().contains("supervisor.roles") && e.message().contains("jobs.overlap"));
}

#[test]
fn highlights_serialize_flat_for_the_page() {
    let p = preset("supervisor.scan-tradeoff");
    let shown = presets::shown(p, &report_of(p));
    let json = js_json(&shown);
    let cell = r#"{"kind":"cell","group":"scan_sweep","key":"scan_sweep","name":"records_read","index":7,"series":0,"text":"36","value":36}"#;
    assert!(json.contains(cell), "{json}");
    let point = r#"{"kind":"point","group":"scan_sweep","key":"records_vs_scan","name":"records_read","index":7,"series":0,"#;
    assert!(json.contains(point), "{json}");
    let list = js_json(&tatbikat::render::preset_list());
    assert!(
        list.contains(r#""highlights":"c:supervisor_comparison:completed_jobs:supervisor_off c:"#),
        "{list}"
    );
}

#[test]
fn marks_that_do_not_read_are_not_found() {
    let p = preset("supervisor.scan-tradeoff");
    let report = report_of(p);
    for bad in [
        "",
        "c:scan_sweep:8",
        "x:scan_sweep:8:records_read",
        "c:nope:8:records_read",
        "c:scan_sweep:9:records_read",
        "c:scan_sweep:#8:records_read",
        "c:scan_sweep:8:nope",
        "p:scan_sweep:records_vs_scan:records_read",
        "p:scan_sweep:records_vs_scan:records_read:9",
        "v:daily_intro:supervisor.daily_intro#1:daily_steps",
        "v:daily_intro:supervisor.daily_intro#x:daily_steps",
    ] {
        assert_eq!(presets::locate(&report, bad), None, "{bad}");
    }
    let second = presets::locate(&report, "v:scan_cost:supervisor.scan_cost_row#1:scan").unwrap();
    assert_eq!((second.index, second.text.as_str()), (1, "8"));
}

#[test]
fn cli_lists_and_runs_presets() {
    let (code, out, _) = cli(&["--presets"]);
    assert_eq!(code, 0);
    for p in all() {
        assert!(
            out.contains(&format!("{}\n  ?{}\n", p.id, query_of(p))),
            "{out}"
        );
    }
    let (code, out, _) = cli(&["compensation", "--presets"]);
    assert_eq!(code, 0);
    assert!(out.contains("compensation.retry") && !out.contains("jobs.overlap"));

    // --preset runs the preset's parameters: the same text as --set with them.
    let (code, via_preset, _) = cli(&["supervisor", "--preset", "supervisor.scan-tradeoff"]);
    assert_eq!(code, 0);
    let (_, via_set, _) = cli(&["supervisor", "--set", "scan_sweep=1,2,3,4,5,6,7,8"]);
    assert_eq!(via_preset, via_set);
    // --set applies over it.
    let (_, over, _) = cli(&[
        "jobs",
        "--preset",
        "jobs.completion-count",
        "--set",
        "slices=7",
    ]);
    assert_eq!(over, cli(&["jobs", "--set", "slices=7"]).1);

    // With --format json the highlights come along.
    let (code, out, _) = cli(&[
        "compensation",
        "--preset",
        "compensation.fault-free",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["preset"]["id"], "compensation.fault-free");
    assert_eq!(doc["preset"]["caption"], "claim.compensation.fault-free");
    let h = doc["preset"]["highlights"].as_array().unwrap();
    assert_eq!(h.len(), 2);
    assert_eq!(h[0]["kind"], "value");
    assert_eq!(h[0]["text"], "8.000");
    // Without --preset, no preset field.
    let (_, plain, _) = cli(&["compensation", "--section", "daily", "--format", "json"]);
    assert!(!plain.contains("\"preset\""));

    // Unknown or another lesson's ids exit 2 naming the value and the allowed ids.
    for (args, value) in [
        (&["jobs", "--preset", "nope"][..], "\"nope\""),
        (
            &["jobs", "--preset", "supervisor.cost"][..],
            "\"supervisor.cost\"",
        ),
    ] {
        let (code, out, err) = cli(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(&format!("unknown preset {value}")), "{err}");
        assert!(err.contains("jobs.completions, jobs.retry-limit"), "{err}");
    }
    let (code, _, err) = cli(&["jobs", "--preset"]);
    assert_eq!(code, 2);
    assert!(err.contains("--preset needs a value"), "{err}");
}

/// A ratio a claim quotes is the core's, from the cells it marks: "×17.4" for a second
/// compensation attempt (0.03724 / 0.00214), which the teacher no longer divides by hand.
#[test]
fn a_quoted_ratio_is_computed_from_the_marked_cells() {
    let (lesson, p) = lessons::presets()
        .find(|(_, p)| p.id == "compensation.retry")
        .unwrap();
    let report = tatbikat::run(&lessons::preset_params(lesson, p).unwrap(), None).unwrap();
    let r = presets::ratios(p, &report);
    assert_eq!(r.len(), 1);
    assert_eq!(
        (r[0].of.text.as_str(), r[0].to.text.as_str()),
        ("0.03724", "0.00214")
    );
    assert_eq!(r[0].text, "17.4");
    assert_eq!(r[0].value, Some(0.03724 / 0.00214));
    // Every ratio of every claim finds both its cells.
    for (lesson, p) in lessons::presets() {
        let report = tatbikat::run(&lessons::preset_params(lesson, p).unwrap(), None).unwrap();
        assert_eq!(
            presets::ratios(p, &report).len(),
            p.ratio_marks().count(),
            "{}",
            p.id
        );
    }
}

/// Every claim asks for one prediction before it is shown (`q:`), and what it asks for is a
/// number the core found at the claim's values: a marked value, a quoted ratio, or two marked
/// values to compare. Its question is in both message files.
#[test]
fn every_claim_asks_for_a_prediction_the_core_can_answer() {
    for (lesson, p) in lessons::presets() {
        let q = p
            .question()
            .unwrap_or_else(|| panic!("{}: no q: mark", p.id));
        assert_eq!(p.marks.matches("q:").count(), 1, "{}: one question", p.id);
        let report = tatbikat::run(&lessons::preset_params(lesson, p).unwrap(), None).unwrap();
        let found = presets::highlights(p, &report);
        assert_eq!(found.len(), p.marks().count(), "{}: every mark found", p.id);
        let number = |n: &str| -> f64 {
            let i: usize = n.parse().unwrap_or_else(|_| panic!("{}: q:{q}", p.id));
            found[i]
                .value
                .unwrap_or_else(|| panic!("{}: mark {i} is not a number", p.id))
        };
        if let Some(r) = q.strip_prefix('r') {
            let i: usize = r.parse().unwrap();
            assert!(presets::ratios(p, &report)[i].value.is_some(), "{}", p.id);
        } else if let Some((a, b)) = q.split_once('~') {
            assert_ne!(a, b, "{}", p.id);
            let _ = (number(a), number(b));
        } else {
            let _ = number(q);
        }
        for lang in ["tr", "en"] {
            let path = format!("src/lessons/{}/texts/{lang}.json", lesson.id());
            let texts = std::fs::read_to_string(&path).unwrap();
            assert!(
                texts.contains(&format!("\"predict.{}\"", p.id)),
                "{path}: predict.{}",
                p.id
            );
        }
    }
    // The answers at the lesson's values, as the claims say them.
    let answer = |id: &str| {
        let (lesson, p) = lessons::presets().find(|(_, p)| p.id == id).unwrap();
        let report = tatbikat::run(&lessons::preset_params(lesson, p).unwrap(), None).unwrap();
        let found = presets::highlights(p, &report);
        let q = p.question().unwrap();
        q.split('~')
            .map(|n| found[n.parse::<usize>().unwrap()].text.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        answer("supervisor.roles"),
        ["12", "12"],
        "the same with and without"
    );
    assert_eq!(answer("supervisor.silent-hang"), ["4"]);
    assert_eq!(answer("compensation.orderings"), ["2"]);
}
