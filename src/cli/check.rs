//! `tatbikat check <id>`: what an author runs after editing a lesson's claims and challenges
//! (a script lesson's manifest above all, which no compiler reads): every claim's and challenge's
//! parameters are the lesson's, every mark finds its cell, value or point in the tables at that
//! claim's values, every condition reads, and no challenge is already met at its start. Each
//! problem names the file, the claim or
//! challenge, the mark and what the tables have instead.

use tatbikat::presets::locate;
use tatbikat::report::{Block, Report};
use tatbikat::{Error, Lesson, lessons};

pub fn run(lesson: Lesson) -> Result<String, Error> {
    let id = lesson.id();
    let file = match lessons::scripted(lesson) {
        Some(_) => format!("{id}/lesson.json"),
        None => format!("src/lessons/{id}/"),
    };
    let mut problems: Vec<String> = Vec::new();
    let run = |set: tatbikat::ParamSet| lesson.run(&set, None, &mut |_| {});
    let base = run(lesson.defaults())?;
    for p in lesson.presets() {
        let report = match lessons::preset_params(lesson, p).and_then(run) {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!(
                    "claim {}: its \"set\" ({:?}) does not run: {e}",
                    p.id, p.set
                ));
                continue;
            }
        };
        let marks: Vec<&str> = p.marks().collect();
        for m in &marks {
            if locate(&report, m).is_none() {
                problems.push(format!(
                    "claim {}: the mark {m} finds nothing at the claim's values; {}",
                    p.id,
                    what_is_there(&report, m)
                ));
            }
        }
        if let Some(q) = p.question() {
            let index = |s: &str| s.trim_start_matches('r').parse::<usize>().ok();
            let ok = q
                .split('~')
                .all(|n| index(n).is_some_and(|i| i < marks.len().max(1)));
            if !ok {
                problems.push(format!(
                    "claim {}: q:{q} names no mark of its {} (they count from 0)",
                    p.id,
                    marks.len()
                ));
            }
        }
    }
    for c in lesson.challenges() {
        let start = lessons::challenge_params(lesson, c);
        let report = match start.clone().and_then(run) {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!(
                    "challenge {}: its \"start\" ({:?}) does not run: {e}",
                    c.id, c.start
                ));
                continue;
            }
        };
        for (i, cond) in c.conditions().enumerate() {
            let Some((what, _, _)) = cond else {
                let text = c
                    .check
                    .split(' ')
                    .filter(|s| !s.is_empty())
                    .nth(i)
                    .unwrap_or("");
                problems.push(format!("challenge {}: the condition {text:?} does not read: MARK OP NUMBER, OP one of <=, >=, <, >, =", c.id));
                continue;
            };
            if let Some(name) = what.strip_prefix("param:") {
                if lesson.schema().spec(name).is_none() {
                    problems.push(format!(
                        "challenge {}: param:{name} is no parameter of {id}",
                        c.id
                    ));
                }
                continue;
            }
            // A row `*` is every row: the first one shows whether the column is there.
            let mark = what.replace(":*:", ":#0:");
            if locate(&report, &mark).is_none() {
                problems.push(format!(
                    "challenge {}: the mark {what} finds nothing at its start; {}",
                    c.id,
                    what_is_there(&report, &mark)
                ));
            }
        }
        // A challenge the learner meets before changing anything asks nothing of them.
        if let Ok(params) = &start {
            let outcome = tatbikat::challenge::check(c, &report, params);
            if outcome.met {
                let found: Vec<String> = outcome
                    .found
                    .iter()
                    .map(|r| format!("{} {} {}", r.text, r.op, r.bound))
                    .collect();
                problems.push(format!(
                    "challenge {}: its check {:?} is already met at its start ({}): the learner has nothing to change; start it where the goal does not hold (\"start\"), or ask for more",
                    c.id,
                    c.check,
                    found.join(", ")
                ));
            }
        }
    }
    let compared = match lessons::scripted(lesson) {
        Some(s) => as_printed(lesson, s, &mut problems),
        None => String::new(),
    };
    if !problems.is_empty() {
        return Err(Error::author(
            file,
            format!(
                "{}:\n  {}",
                count(problems.len(), "problem", "problems"),
                problems.join("\n  ")
            ),
        ));
    }
    let tables = tatbikat::report::tables(&base.sections).count();
    Ok(format!(
        "check {id}: {} and {}, every mark found and every condition read; {} at its values{compared}\n",
        count(lesson.presets().len(), "claim", "claims"),
        count(lesson.challenges().len(), "challenge", "challenges"),
        count(tables, "table", "tables"),
    ))
}

/// `n` and its noun.
fn count(n: usize, one: &str, more: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { more })
}

/// Parameter sets a script lesson's text is compared at: its values and this many drawn.
const SETS: usize = 24;

/// A script lesson's text (read into tables and written back by the core) against what its
/// scripts print, section by section, at its values and at [`SETS`] parameter sets drawn from
/// the manifest's bounds (`tatbikat agree`'s draw, a fixed seed): each difference a problem with
/// the command that shows it. What it says when all agree.
fn as_printed(
    lesson: Lesson,
    s: &tatbikat::lessons::scripted::Scripted,
    problems: &mut Vec<String>,
) -> String {
    use tatbikat::rng::Minstd;
    let id = lesson.id();
    let Ok(mut rng) = Minstd::new(20_261_205) else {
        return String::new();
    };
    let draws: Vec<Vec<(&'static str, String)>> = (0..=SETS)
        .map(|i| match i {
            0 => Vec::new(),
            _ => super::agree::draw(lesson.specs(), &mut rng),
        })
        .collect();
    let found = tatbikat::parallel::map_ordered(&draws, tatbikat::parallel::jobs(), |set| {
        let at: String = set.iter().map(|(k, v)| format!(" --set {k}={v}")).collect();
        let Ok(params) = lesson.params(set.iter().map(|(k, v)| (*k, v.as_str()))) else {
            return Vec::new(); // refused by the codec: nothing to compare
        };
        let mut out = Vec::new();
        for &section in lesson.sections() {
            let script = &s.declared.sections.iter().find(|d| d.id == section);
            let script = script.map_or(section, |d| d.script.as_str());
            let ours = lesson
                .run(&params, Some(section), &mut |_| {})
                .map(|r| tatbikat::render::lesson_text(&r));
            match (ours, s.printed(&params, section)) {
                (Ok(a), Ok(b)) if a == b => {}
                (Ok(a), Ok(b)) => {
                    let (line, x, y) = super::agree::first_difference(&a, &b);
                    // Run again: a script whose text changes from run to run keeps state.
                    let why = match s.printed(&params, section) {
                        Ok(c) if c != b => {
                            "prints another text at each run of the same parameters: a module of the folder keeps state between runs (the one holding VARSAYILAN is loaded once and serves every run; keep counters inside the functions a run calls)"
                        }
                        _ => {
                            "is read back by tatbikat into another text (report it: the core's reader should give the script's bytes)"
                        }
                    };
                    out.push(format!(
                        "{script} {why}, at tatbikat {id}{at} --section {section}: line {line}: the page {x:?}, the script {y:?}"
                    ));
                }
                (Err(e), _) | (_, Err(e)) => {
                    out.push(format!("{script} does not run at tatbikat {id}{at}: {e}"))
                }
            }
        }
        out
    });
    // One cause usually shows at every set: the first few, and how many more.
    let found: Vec<String> = found.into_iter().flatten().collect();
    let more = found.len().saturating_sub(3);
    problems.extend(found.into_iter().take(3));
    if more > 0 {
        problems.push(format!("and at {more} more of the parameter sets compared"));
    }
    format!(
        "; its text is its scripts' own at its values and at {SETS} parameter sets drawn from the manifest's bounds"
    )
}

/// What the report has where `mark` looked: its groups, or the table's columns and rows.
fn what_is_there(report: &Report, mark: &str) -> String {
    let mut part = mark.split(':');
    let (_, group) = (part.next(), part.next().unwrap_or(""));
    let groups: Vec<&str> = report
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .map(|g| g.key)
        .collect();
    let Some(g) = report
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .find(|g| g.key == group)
    else {
        return format!(
            "there is no group {group:?}; the groups are {}",
            groups.join(", ")
        );
    };
    for b in &g.blocks {
        if let Block::Table(t) = b {
            let columns: Vec<&str> = t.columns.iter().map(|c| c.key).collect();
            let rows: Vec<String> = t
                .rows
                .iter()
                .filter_map(|r| r.first())
                .map(|c| c.text())
                .take(12)
                .collect();
            return format!(
                "its table's columns are {} and its rows (by their first cell, or #0, #1...) {}",
                columns.join(", "),
                rows.join(", ")
            );
        }
    }
    format!("the group {group:?} has no table")
}
