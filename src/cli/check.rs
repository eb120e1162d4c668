//! `tatbikat check <id>`: what an author runs after editing a lesson's claims and challenges
//! (a script lesson's manifest above all, which no compiler reads): every claim's and challenge's
//! parameters are the lesson's, every mark finds its cell, value or point in the tables at that
//! claim's values, and every condition reads. Each problem names the file, the claim or
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
        let report = match lessons::challenge_params(lesson, c).and_then(run) {
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
    }
    if !problems.is_empty() {
        return Err(Error::author(
            file,
            format!("{} problems:\n  {}", problems.len(), problems.join("\n  ")),
        ));
    }
    let tables = tatbikat::report::tables(&base.sections).count();
    Ok(format!(
        "check {id}: {} claims and {} challenges, every mark found and every condition read ({} tables at its values)\n",
        lesson.presets().len(),
        lesson.challenges().len(),
        tables
    ))
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
