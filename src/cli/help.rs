//! The CLI's help texts, built from the registry: every lesson's sections, trace selectors and
//! parameters (meaning, default, the lesson's own name, what is allowed).

use tatbikat::lesson::Lesson;
use tatbikat::lessons;

use crate::args::USAGE;

/// `tatbikat --lessons`: every lesson of the registry (the Rust ports this CLI holds), in its
/// order, one line each: the id, then its sections, space-separated. The build reads its list of
/// lessons from here (build.sh `registry_ids`).
pub fn lessons() -> String {
    lessons::ALL
        .iter()
        .map(|l| format!("{} {}\n", l.id(), l.sections().join(" ")))
        .collect()
}

/// `tatbikat --help`.
pub fn general() -> String {
    let mut out = String::from(
        "tatbikat — the models of a distributed-systems course's lessons, exact at the lessons' values.\n\n",
    );
    out.push_str(USAGE);
    out.push_str(
        "\n\nLessons and sections (without --section, all sections, one empty line apart):\n",
    );
    for lesson in lessons::ALL {
        out.push_str(&format!(
            "  {:<14}{} — sections: {}\n",
            lesson.id(),
            lesson.title(),
            lesson.sections().join(", ")
        ));
    }
    out.push_str("\nOptions:\n");
    out.push_str("  --set name=value   change a parameter (repeatable); 'tatbikat LESSON --help' lists them\n");
    out.push_str(
        "  --lessons          the lessons above, one line each: the id, then its sections\n",
    );
    out.push_str("  --section NAME     print one section\n");
    out.push_str("  --preset ID        start from a claim of the lesson (--set applies over it); --presets lists them\n");
    out.push_str("  --challenge ID     check the run against a challenge of the lesson: met or not, with what\n");
    out.push_str(
        "                     it found; --challenges lists them with their starting links\n",
    );
    out.push_str("  --format FORMAT    lesson (default): the lesson's text layout; json: the report and parameters;\n");
    out.push_str(
        "                     csv: one block per table (version, lesson, link, then the rows)\n",
    );
    out.push_str("  --table KEY        with --format csv, only that table\n");
    out.push_str(
        "  --vs QUERY         compare with another run of the lesson, given as a link's query\n",
    );
    out.push_str("                     (fail_prob=0.5&seed=1; empty: the lesson's values): every cell as B (this\n");
    out.push_str("                     run), A (the --vs run) and B-A; csv adds c.vs and c.delta after each column c\n");
    out.push_str("  --sweep name=values  run at each value of a numeric parameter: a list 1,2,4 or a range a..b,\n");
    out.push_str("                     a..b:n (n points); twice for a heatmap of two parameters\n");
    out.push_str("  --metric table.column[@row]  what each point reads (any numeric column the lesson prints;\n");
    out.push_str(
        "                     @row picks the heatmap's row); a wrong name lists them all\n",
    );
    out.push_str("  -j, --jobs N       threads the independent work shares: a sweep's points, a lesson's Monte\n");
    out.push_str(
        "                     Carlo rows and replications (default every core; 1: one by one);\n",
    );
    out.push_str("                     the output is the same bytes whatever N\n");
    out.push_str("  --trace[=SELECTOR] one run, round by round (hour by hour in jobs), instead of the tables:\n");
    for lesson in lessons::ALL {
        if let Some(help) = lesson.trace_help() {
            out.push_str(&format!("                     {}: {help}\n", lesson.id()));
        }
    }
    out.push_str(
        "\nParameter values: lists 1,3,6; ranges 30-54; a lesson's own kinds as each parameter's\n",
    );
    out.push_str("line below says.\n");
    out.push_str("Bad input exits with status 2 and says what is allowed.\n\n");
    for &lesson in lessons::ALL {
        out.push_str(&params(lesson));
        out.push('\n');
    }
    if let Ok((_, what)) = tatbikat::bench::workload(1, 1) {
        let what = what.trim_end_matches(", 1 attempt(s)");
        out.push_str(&format!(
            "bench: times the benchmark workload ({what}) on one core (runs per second).\n"
        ));
    }
    out.push_str("package --scorm QUERY -o FILE.zip: the view of a link's query as a SCORM 1.2 package an LMS\n");
    out.push_str("(Moodle, Canvas, ...) imports as one activity, from the built site (--site DIR, default www).\n");
    out
}

/// `tatbikat LESSON --help`.
pub fn lesson(lesson: Lesson) -> String {
    format!(
        "tatbikat {} — {}\nsections: {}\n\n{}",
        lesson.id(),
        lesson.title(),
        lesson.sections().join(", "),
        params(lesson)
    )
}

fn params(lesson: Lesson) -> String {
    let mut out = format!("Parameters of {} (--set name=value):\n", lesson.id());
    // Names line up, and a long one keeps a space before its meaning.
    let width = lesson
        .specs()
        .iter()
        .map(|s| s.name.len() + 2)
        .max()
        .unwrap_or(0)
        .max(16);
    for spec in lesson.specs() {
        out.push_str(&format!(
            "  {:<width$}{}\n  {:<width$}  default {} (lesson: {}); {}\n",
            spec.name,
            spec.meaning,
            "",
            if spec.default.is_empty() {
                "(none)"
            } else {
                spec.default
            },
            spec.lesson_name,
            spec.kind.allowed()
        ));
    }
    out
}
