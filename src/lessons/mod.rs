//! The registry: the course's lessons, one line each, in the course's order. A lesson is a folder
//! here that defines its `LESSON` (see `docs/adding-a-lesson.md`); nothing outside its folder
//! names it. The rest of this file finds lessons and presets for the shared layers.

use crate::challenge::Challenge;
use crate::error::{Error, ErrorCode};
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::presets::Preset;
use crate::report::Report;

crate::registry! {
    supervisor,
    jobs,
    compensation,
    // Previews of the course's next lessons (issue 12).
    leader,
    quotas,
    claim_check,
}

pub mod scripted;

/// The script lessons a face has loaded ([`add`]), after the registry's in the course's order.
static LOADED: std::sync::RwLock<Vec<Lesson>> = std::sync::RwLock::new(Vec::new());

fn loaded() -> std::sync::RwLockReadGuard<'static, Vec<Lesson>> {
    LOADED.read().unwrap_or_else(|e| e.into_inner())
}

/// Adds a script lesson that [`scripted::load`] read; refused when its id is taken.
pub fn add(lesson: Lesson) -> Result<(), Error> {
    let id = lesson.id();
    if IDS.contains(&id) || holds(id) {
        return Err(Error::author(
            format!("{id}/lesson.json"),
            format!(
                "the id \"{id}\" is taken by another lesson; the lessons are {}",
                ids()
            ),
        ));
    }
    if scripted(lesson).is_none() {
        return Err(Error::usage(format!("{id} is not a script lesson")));
    }
    LOADED
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .push(lesson);
    Ok(())
}

/// Every script lesson [`scripted::load`] made, added or not (to find one's [`scripted::Scripted`]).
static SCRIPTED: std::sync::RwLock<Vec<&'static scripted::Scripted>> =
    std::sync::RwLock::new(Vec::new());

/// Makes a script lesson of `declared` (see [`scripted::load`]) and keeps it, so [`scripted`]
/// finds it; not yet added to the registry ([`add`]).
pub fn load_script(
    declared: crate::script::declaration::Declaration,
    runner: Box<dyn crate::script::Runner>,
) -> Lesson {
    let s = scripted::load(declared, runner);
    SCRIPTED.write().unwrap_or_else(|e| e.into_inner()).push(s);
    Lesson(s)
}

/// The section scripts a run of `params` (one section, or all) needs, when its lesson is a
/// script lesson; empty for a Rust port.
pub fn script_needs(params: &ParamSet, section: Option<&str>) -> Vec<scripted::Need> {
    match get(params.lesson()).ok().and_then(scripted) {
        Some(s) => s.needs(params, section),
        None => Vec::new(),
    }
}

/// Whether `lesson` is the script lesson `s`.
fn same(s: &scripted::Scripted, lesson: Lesson) -> bool {
    std::ptr::addr_eq(s as *const scripted::Scripted, lesson.0 as *const _)
}

/// The script lesson behind `lesson`, if it is one.
pub fn scripted(lesson: Lesson) -> Option<&'static scripted::Scripted> {
    SCRIPTED
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|s| same(s, lesson))
        .copied()
}

/// The script lessons the site has, by id, whether or not this module has loaded them (the
/// page's router and modules send a link of one on to the script module; [`know`]).
static KNOWN: std::sync::RwLock<Vec<&'static str>> = std::sync::RwLock::new(Vec::new());

/// Tells the registry the ids of the site's script lessons, in the course's order after the
/// registry's (the page's `lessons.js`): a link naming one is routed to it.
pub fn know(ids: &[&str]) {
    let mut known = KNOWN.write().unwrap_or_else(|e| e.into_inner());
    for id in ids {
        if !IDS.contains(id) && !known.contains(id) {
            known.push(crate::script::manifest::leak(id));
        }
    }
}

/// Every lesson id the site has: the registry's, then the script lessons known or added.
pub fn all_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = IDS.to_vec();
    for id in KNOWN.read().unwrap_or_else(|e| e.into_inner()).iter() {
        if !ids.contains(id) {
            ids.push(id);
        }
    }
    for l in loaded().iter() {
        if !ids.contains(&l.id()) {
            ids.push(l.id());
        }
    }
    ids
}

/// Whether this build holds lesson `id` (a registry lesson compiled in, or a script lesson
/// loaded): a link of another goes to its own module.
pub fn holds(id: &str) -> bool {
    every().iter().any(|l| l.id() == id)
}

/// Every lesson this build holds and every script lesson added, in order.
pub fn every() -> Vec<Lesson> {
    let mut out = ALL.to_vec();
    out.extend(loaded().iter().copied());
    out
}

/// The ids of every lesson, comma-separated (for messages).
pub fn ids() -> String {
    all_ids().join(", ")
}

/// The lesson named `id`, or an error listing the lessons.
pub fn get(id: &str) -> Result<Lesson, Error> {
    // The registry's first, then the loaded script lessons: no list built (every run asks).
    ALL.iter()
        .copied()
        .find(|l| l.id() == id)
        .or_else(|| loaded().iter().copied().find(|l| l.id() == id))
        .ok_or_else(|| Error {
            code: ErrorCode::UnknownLesson,
            param: Some("lesson".into()),
            value: Some(id.to_string()),
            allowed: match all_ids().contains(&id) {
                // A page module holds one lesson; the page asks each lesson's own module.
                true => format!("this build holds {}; {id} has its own module", held_ids()),
                false => format!("the lessons are {}", ids()),
            },
            why: None,
        })
}

/// The ids of the lessons this build holds, comma-separated.
fn held_ids() -> String {
    every()
        .iter()
        .map(|l| l.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first lesson, which a link without a (valid) lesson shows: the registry's first, or in
/// the script module (which holds none of the registry's) the script lesson it loaded.
pub fn first() -> Lesson {
    every()[0]
}

/// The lesson these parameters belong to.
pub fn of(params: &ParamSet) -> Lesson {
    get(params.lesson())
        .unwrap_or_else(|e| panic!("parameters of a lesson the registry lacks: {e}"))
}

/// Checks the parameters against each other (faults against jobs and steps, the seed against the
/// generator, the work budget) without running anything.
pub fn validate(params: &ParamSet) -> Result<(), Error> {
    work(params).map(drop)
}

/// The work a run of these parameters takes, in simulated units (job-rounds, random draws): every
/// lesson refuses more than its budget, so this is bounded.
pub fn work(params: &ParamSet) -> Result<f64, Error> {
    of(params).work(params)
}

/// Runs the lesson of `params` and reports one section, or all of them when `section` is `None`.
pub fn run(params: &ParamSet, section: Option<&str>) -> Result<Report, Error> {
    run_with_progress(params, section, &mut |_| {})
}

/// [`run`], telling `progress` the share of the long work done (0 to 1) as it goes.
pub fn run_with_progress(
    params: &ParamSet,
    section: Option<&str>,
    progress: &mut dyn FnMut(f64),
) -> Result<Report, Error> {
    of(params).run(params, section, progress)
}

/// Every preset of every lesson, with its lesson, in the course's order.
pub fn presets() -> impl Iterator<Item = (Lesson, &'static Preset)> {
    every()
        .into_iter()
        .flat_map(|l| l.presets().iter().map(move |p| (l, p)))
}

/// The lesson a preset's id names: a preset's id begins with its lesson's and a dot (checked for
/// every preset by the tests below), so any build can tell whose a preset is.
pub fn preset_lesson(id: &str) -> Option<&'static str> {
    let (lesson, _) = id.split_once('.')?;
    all_ids().into_iter().find(|&l| l == lesson)
}

/// The preset named `id`, of `lesson` when one is given, else of the lesson its id names;
/// otherwise an error naming the key, the value and the ids allowed.
pub fn find_preset(id: &str, lesson: Option<Lesson>) -> Result<(Lesson, &'static Preset), Error> {
    let lesson = lesson.or_else(|| preset_lesson(id).and_then(|l| get(l).ok()));
    let mine = |(l, _): &(Lesson, &'static Preset)| lesson.is_none_or(|want| *l == want);
    match presets().find(|(_, p)| p.id == id).filter(mine) {
        Some(found) => Ok(found),
        None => Err(Error {
            code: ErrorCode::UnknownPreset,
            param: Some("preset".into()),
            value: Some(id.to_string()),
            allowed: {
                let list = presets()
                    .filter(mine)
                    .map(|(_, p)| p.id)
                    .collect::<Vec<_>>()
                    .join(", ");
                match lesson {
                    Some(l) if list.is_empty() => format!("{} has no presets", l.id()),
                    Some(l) => format!("the presets of {} are {list}", l.id()),
                    // Every preset of this build (a page module: its lesson's).
                    None => format!("the presets are {list}"),
                }
            },
            why: None,
        }),
    }
}

/// The lesson's values with the preset's assignments.
pub fn preset_params(lesson: Lesson, preset: &Preset) -> Result<ParamSet, Error> {
    lesson.params(preset.assignments())
}

/// Every challenge of every lesson, with its lesson, in the course's order.
pub fn challenges() -> impl Iterator<Item = (Lesson, &'static Challenge)> {
    every()
        .into_iter()
        .flat_map(|l| l.challenges().iter().map(move |c| (l, c)))
}

/// The challenge named `id`, of `lesson` when one is given, else of the lesson its id names (a
/// challenge's id begins with its lesson's, like a preset's); otherwise an error naming
/// `challenge`, the value and the ids allowed.
pub fn find_challenge(
    id: &str,
    lesson: Option<Lesson>,
) -> Result<(Lesson, &'static Challenge), Error> {
    let lesson = lesson.or_else(|| preset_lesson(id).and_then(|l| get(l).ok()));
    let mine = |(l, _): &(Lesson, &'static Challenge)| lesson.is_none_or(|want| *l == want);
    if let Some(found) = challenges().find(|(_, c)| c.id == id).filter(mine) {
        return Ok(found);
    }
    let list = challenges()
        .filter(mine)
        .map(|(_, c)| c.id)
        .collect::<Vec<_>>()
        .join(", ");
    Err(crate::challenge::unknown(id, lesson.map(|l| l.id()), &list))
}

/// The lesson's values with the challenge's start over them.
pub fn challenge_params(lesson: Lesson, challenge: &Challenge) -> Result<ParamSet, Error> {
    lesson.params(challenge.assignments())
}

/// The scaffold's template (tools/lesson-template/, copied by `./build.sh new-lesson ID`),
/// compiled and checked here as a lesson so that a new lesson always starts from a working one.
#[cfg(test)]
#[path = "../../tools/lesson-template/mod.rs"]
mod template_lesson;

/// The worked example of a lesson's own parameter kind (docs/adding-a-lesson.md quotes it),
/// compiled and checked here like the template.
#[cfg(test)]
#[path = "../../docs/examples/lesson_kind.rs"]
mod lesson_kind_example;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::parse_value;
    use crate::report::Block;

    #[test]
    fn the_template_is_a_working_lesson_with_every_text() {
        let lesson = Lesson(&template_lesson::LESSON);
        let id = lesson.id();
        let report = lesson.run(&lesson.defaults(), None, &mut |_| {}).unwrap();
        let text = crate::render::lesson_text(&report);
        assert!(
            text.starts_with("Her deneme yari yariya basarisiz; 8 denemeye"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 10, "{text}");
        // The keys the page asks for (as tests/node/texts.test.mjs works them out).
        let mut keys = vec![format!("lesson.{id}"), format!("intro.{id}")];
        for s in lesson.specs() {
            keys.extend([
                format!("param.{id}.{}", s.name),
                format!("help.{id}.{}", s.name),
            ]);
        }
        for section in &report.sections {
            keys.push(format!("ui.section.{}", section.name));
            for g in &section.groups {
                keys.push(format!("group.{id}.{}", g.key));
                for b in &g.blocks {
                    match b {
                        Block::Line(l) => keys.push(format!("line.{}", l.key)),
                        Block::Table(t) => {
                            keys.push(format!("table.{id}.{}", t.key));
                            keys.extend(t.columns.iter().map(|c| format!("col.{id}.{}", c.key)));
                        }
                    }
                }
                assert_eq!(g.charts.len(), 1);
                for c in &g.charts {
                    keys.push(format!("chart.{id}.{}", c.key));
                    keys.extend([&c.x, &c.y].map(|a| format!("axis.{id}.{}", a.key)));
                    keys.extend(c.series.iter().map(|s| format!("col.{id}.{}", s.key)));
                }
            }
        }
        // Its challenges' goals and hints.
        for c in lesson.challenges() {
            keys.push(format!("challenge.{}", c.id));
            keys.extend((1..=c.hints).map(|n| format!("challenge.{}.hint{n}", c.id)));
        }
        assert!((2..=4).contains(&lesson.challenges().len()));
        // Each is unmet at the template's values and met by the fewest attempts its goal asks for.
        for (c, answer) in lesson.challenges().iter().zip(["7", "10"]) {
            for (attempts, met) in [("8", false), (answer, true)] {
                let set = lesson.params([("attempts", attempts)]).unwrap();
                let report = lesson.run(&set, None, &mut |_| {}).unwrap();
                assert_eq!(
                    crate::challenge::check(c, &report, &set).met,
                    met,
                    "{}",
                    c.id
                );
            }
        }
        keys.sort();
        keys.dedup();
        for lang in ["tr", "en"] {
            let path = format!(
                "{}/tools/lesson-template/texts/{lang}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let texts: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let mut have: Vec<String> = texts.keys().cloned().collect();
            have.sort();
            assert_eq!(have, keys, "{path}");
        }
    }

    #[test]
    fn every_default_parses_and_prints_back() {
        for lesson in ALL {
            for s in lesson.specs() {
                let v = parse_value(s, s.default).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(v.to_text(), s.default, "{}.{}", lesson.id(), s.name);
            }
        }
    }

    #[test]
    fn every_run_is_reachable_by_the_controls_and_they_show_it() {
        use crate::trace::compose;
        for lesson in ALL.iter().filter(|l| l.trace_help().is_some()) {
            let set = lesson.defaults();
            let controls = lesson.trace_controls(&set, "").unwrap();
            assert!(!controls.is_empty(), "{}", lesson.id());
            for (at, control) in controls.iter().enumerate() {
                for k in 0..control.choices.len() {
                    // A change keeps the controls before it; the core picks the ones after.
                    let mut kept = controls[..=at].to_vec();
                    kept[at].chosen = k;
                    let selector = compose(&kept);
                    let tr = lesson
                        .trace(&set, &selector)
                        .unwrap_or_else(|e| panic!("{}: {selector}: {e}", lesson.id()));
                    let again = lesson.trace_controls(&set, &tr.selector).unwrap();
                    let shown = again.iter().find(|c| c.key == control.key).unwrap();
                    assert_eq!(
                        shown.choices[shown.chosen].part,
                        control.choices[k].part,
                        "{}: {selector} shows as {}",
                        lesson.id(),
                        tr.selector
                    );
                }
            }
        }
    }

    #[test]
    fn rows_of_a_lesson_kind_are_counted_by_a_whole_number() {
        use crate::params::Kind;
        for lesson in ALL {
            for s in lesson.specs() {
                if let Kind::Custom(kind) = s.kind {
                    if let Some(rows) = kind.rows() {
                        let count = lesson.schema().spec(rows.count).map(|p| p.kind);
                        assert!(matches!(count, Some(Kind::Int { .. })), "{}", s.name);
                        assert!(!rows.fields.is_empty(), "{}", s.name);
                    }
                }
            }
        }
    }

    #[test]
    fn ids_are_distinct_and_presets_carry_their_lesson() {
        for (i, a) in ALL.iter().enumerate() {
            assert!(
                ALL[..i].iter().all(|b| b.id() != a.id()),
                "{} twice",
                a.id()
            );
            assert!(!a.sections().is_empty(), "{} has no section", a.id());
            for p in a.presets() {
                assert!(p.id.starts_with(&format!("{}.", a.id())), "{}", p.id);
                assert_eq!(preset_lesson(p.id), Some(a.id()), "{}", p.id);
                assert!(preset_params(*a, p).is_ok(), "{}", p.id);
            }
            for example in a.examples() {
                let link = format!("lesson={}&{example}", a.id());
                let errors = crate::query::resolve(&link).errors;
                assert!(errors.is_empty(), "{link}: {errors:?}");
            }
        }
    }
}
