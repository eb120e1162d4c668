//! The `tatbikat` command: prints a lesson's tables (byte-exact at the lesson's values) or the
//! report as JSON, for course authors and tests.

use std::io::Write;
use std::process::ExitCode;

use tatbikat::params::ParamSet;
use tatbikat::presets::{self, Preset};
use tatbikat::{Error, Lesson, render};

const USAGE: &str = "usage: tatbikat LESSON [--preset ID] [--set name=value]... [--section NAME] [--format lesson|json|csv] [--table KEY]
       tatbikat [LESSON] --presets
       tatbikat LESSON [--set name=value]... --trace[=SELECTOR] [--format lesson|json|csv]
       tatbikat LESSON [--set name=value]... --sweep name=values [--sweep name=values] [--metric M] [--format lesson|json|csv]
       tatbikat LESSON --help
       tatbikat bench [--runs N]
       tatbikat --help | --version";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli(&args) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = stdout.write_all(out.as_bytes());
            let _ = stdout.flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tatbikat: {e}");
            eprintln!("try 'tatbikat --help'");
            ExitCode::from(2)
        }
    }
}

enum Format {
    Lesson,
    Json,
    Csv,
}

fn cli(args: &[String]) -> Result<String, Error> {
    let Some(first) = args.first() else {
        return Err(Error::usage(format!("no lesson given\n{USAGE}")));
    };
    match first.as_str() {
        "--help" | "-h" | "help" => return Ok(general_help()),
        "--version" | "-V" => return Ok(format!("tatbikat {}\n", env!("CARGO_PKG_VERSION"))),
        "bench" => return bench(&args[1..]),
        "--presets" => return Ok(presets_list(None)),
        _ => {}
    }
    let lesson = Lesson::from_id(first)?;
    let mut preset: Option<&'static Preset> = None;
    let mut assignments: Vec<(String, String)> = Vec::new();
    let mut section: Option<String> = None;
    let mut format = Format::Lesson;
    let mut trace: Option<String> = None;
    let mut sweeps: Vec<String> = Vec::new();
    let mut metric: Option<String> = None;
    let mut table: Option<String> = None;
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, Error> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => rest
                    .next()
                    .cloned()
                    .ok_or_else(|| Error::usage(format!("{name} needs a value\n{USAGE}"))),
            }
        };
        match flag {
            "--help" | "-h" => return Ok(lesson_help(lesson)),
            "--presets" => return Ok(presets_list(Some(lesson))),
            "--preset" => {
                if preset.is_some() {
                    return Err(Error::usage("--preset is given more than once"));
                }
                preset = Some(presets::find(&value("--preset")?, Some(lesson))?);
            }
            "--trace" => {
                if trace.is_some() {
                    return Err(Error::usage("--trace is given more than once"));
                }
                // The selector is optional: `--trace`, `--trace=scan:4` or `--trace scan:4`.
                trace = Some(match inline.clone() {
                    Some(v) => v,
                    None => match rest.clone().next() {
                        Some(next) if !next.starts_with('-') => {
                            rest.next();
                            next.clone()
                        }
                        _ => String::new(),
                    },
                });
            }
            "--set" | "-s" => {
                let assignment = value("--set")?;
                let (name, text) = assignment.split_once('=').ok_or_else(|| {
                    Error::usage(format!(
                        "--set takes name=value, not \"{assignment}\"\n{USAGE}"
                    ))
                })?;
                assignments.push((name.trim().to_string(), text.to_string()));
            }
            "--sweep" => {
                if sweeps.len() == 2 {
                    return Err(Error::usage(
                        "--sweep is given more than twice (one parameter: a line; two: a heatmap)",
                    ));
                }
                sweeps.push(value("--sweep")?);
            }
            "--metric" => {
                if metric.is_some() {
                    return Err(Error::usage("--metric is given more than once"));
                }
                metric = Some(value("--metric")?);
            }
            "--table" => {
                if table.is_some() {
                    return Err(Error::usage("--table is given more than once"));
                }
                table = Some(value("--table")?);
            }
            "--section" => {
                if section.is_some() {
                    return Err(Error::usage("--section is given more than once"));
                }
                section = Some(value("--section")?);
            }
            "--format" => {
                format = match value("--format")?.as_str() {
                    "lesson" => Format::Lesson,
                    "json" => Format::Json,
                    "csv" => Format::Csv,
                    other => {
                        return Err(Error::bad(
                            "format",
                            other,
                            "the formats are lesson, json and csv",
                        ));
                    }
                }
            }
            other => {
                return Err(Error::usage(format!(
                    "unknown argument \"{other}\"\n{USAGE}"
                )));
            }
        }
    }
    let section = section.map(|s| lesson.section(&s)).transpose()?;
    // The preset's values first, then --set over them (a name given once among the --set).
    ParamSet::from_assignments(
        lesson,
        assignments.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )?;
    let mut params = match preset {
        Some(p) => p.params()?,
        None => ParamSet::defaults(lesson),
    };
    for (name, text) in &assignments {
        params.set(name, text)?;
    }
    if table.is_some() && (!matches!(format, Format::Csv) || trace.is_some() || !sweeps.is_empty())
    {
        return Err(Error::usage(
            "--table picks one table of the report's CSV; it goes with --format csv",
        ));
    }
    if metric.is_some() && sweeps.is_empty() {
        return Err(Error::usage("--metric goes with --sweep"));
    }
    if !sweeps.is_empty() {
        if section.is_some() || trace.is_some() {
            return Err(Error::usage(
                "--sweep runs the whole lesson at each point; it does not take --section or --trace",
            ));
        }
        let spec = tatbikat::sweep::parse(
            lesson,
            &sweeps[0],
            sweeps.get(1).map(String::as_str),
            metric.as_deref(),
        )?;
        let sweep = tatbikat::sweep::run(&params, &spec, &mut |_| {})?;
        return Ok(match format {
            Format::Lesson => tatbikat::sweep::text(&sweep),
            Format::Json => render::sweep_json(&sweep, &params),
            Format::Csv => tatbikat::csv::sweep(&render::sweep_document(&sweep, &params)),
        });
    }
    if let Some(selector) = trace {
        if section.is_some() {
            return Err(Error::usage(
                "--trace shows one run; it does not take --section",
            ));
        }
        let tr = tatbikat::trace::trace(&params, &selector)?;
        return Ok(match format {
            Format::Lesson => tatbikat::trace::text(&tr),
            Format::Json => render::trace_json(&tr, &params),
            Format::Csv => tatbikat::csv::trace(&render::trace_document(&tr, &params)),
        });
    }
    let report = tatbikat::run(&params, section)?;
    Ok(match format {
        Format::Lesson => render::lesson_text(&report),
        Format::Csv => tatbikat::csv::report(
            &render::document(&report, &params, section),
            table.as_deref(),
        )?,
        Format::Json => {
            let mut doc = render::document(&report, &params, section);
            doc.preset = preset.map(|p| presets::shown(p, &report));
            render::document_json(&doc)
        }
    })
}

/// The presets (of one lesson, or all) with their share links and what they point at.
fn presets_list(lesson: Option<Lesson>) -> String {
    let mut out = String::new();
    for p in presets::PRESETS
        .iter()
        .filter(|p| lesson.is_none_or(|l| p.lesson == l))
    {
        out.push_str(&format!("{}\n  ?{}\n", p.id, p.query()));
        let marks: Vec<&str> = p.marks().collect();
        out.push_str(&format!("  highlights: {}\n", marks.join(" ")));
    }
    out
}

fn general_help() -> String {
    let mut out = String::from(
        "tatbikat — the models of three distributed-systems lessons, exact at the lessons' values.\n\n",
    );
    out.push_str(USAGE);
    out.push_str(
        "\n\nLessons and sections (without --section, all sections, one empty line apart):\n",
    );
    for lesson in Lesson::ALL {
        out.push_str(&format!(
            "  {:<14}{} — sections: {}\n",
            lesson.id(),
            lesson.title(),
            lesson.sections().join(", ")
        ));
    }
    out.push_str("\nOptions:\n");
    out.push_str("  --set name=value   change a parameter (repeatable); 'tatbikat LESSON --help' lists them\n");
    out.push_str("  --section NAME     print one section\n");
    out.push_str("  --preset ID        start from a claim of the lesson (--set applies over it); --presets lists them\n");
    out.push_str("  --format FORMAT    lesson (default): the lesson's text layout; json: the report and parameters;\n");
    out.push_str(
        "                     csv: one block per table (version, lesson, link, then the rows)\n",
    );
    out.push_str("  --table KEY        with --format csv, only that table\n");
    out.push_str("  --sweep name=values  run at each value of a numeric parameter: a list 1,2,4 or a range a..b,\n");
    out.push_str("                     a..b:n (n points); twice for a heatmap of two parameters\n");
    out.push_str("  --metric table.column[@row]  what each point reads (any numeric column the lesson prints;\n");
    out.push_str(
        "                     @row picks the heatmap's row); a wrong name lists them all\n",
    );
    out.push_str("  --trace[=SELECTOR] one run, round by round (hour by hour in jobs), instead of the tables:\n");
    for lesson in Lesson::ALL {
        out.push_str(&format!(
            "                     {}: {}\n",
            lesson.id(),
            tatbikat::trace::allowed(lesson)
        ));
    }
    out.push_str("\nParameter values: lists 1,3,6; ranges 30-54; faults S2@indirim,S5@tarife (empty for none);\n");
    out.push_str("compensation steps name[:compensation][(after/after)], comma-separated.\n");
    out.push_str("Bad input exits with status 2 and says what is allowed.\n\n");
    for lesson in Lesson::ALL {
        out.push_str(&params_help(lesson));
        out.push('\n');
    }
    out.push_str("bench: times the compensation Monte Carlo on one core (runs per second).\n");
    out
}

fn lesson_help(lesson: Lesson) -> String {
    format!(
        "tatbikat {} — {}\nsections: {}\n\n{}",
        lesson.id(),
        lesson.title(),
        lesson.sections().join(", "),
        params_help(lesson)
    )
}

/// A parameter's meaning and lesson name (WebAssembly builds leave them out of the schema).
#[cfg(not(target_arch = "wasm32"))]
fn words(spec: &tatbikat::params::ParamSpec) -> (&'static str, &'static str) {
    (spec.meaning, spec.lesson_name)
}

#[cfg(target_arch = "wasm32")]
fn words(_: &tatbikat::params::ParamSpec) -> (&'static str, &'static str) {
    ("", "")
}

fn params_help(lesson: Lesson) -> String {
    let mut out = format!("Parameters of {} (--set name=value):\n", lesson.id());
    for spec in lesson.specs() {
        out.push_str(&format!(
            "  {:<16}{}\n  {:<16}  default {} (lesson: {}); {}\n",
            spec.name,
            words(spec).0,
            "",
            if spec.default.is_empty() {
                "(none)"
            } else {
                spec.default
            },
            words(spec).1,
            spec.kind.allowed()
        ));
    }
    out
}

#[cfg(target_arch = "wasm32")]
fn bench(_args: &[String]) -> Result<String, Error> {
    Err(Error::usage("bench runs natively only"))
}

#[cfg(not(target_arch = "wasm32"))]
fn bench(args: &[String]) -> Result<String, Error> {
    let mut runs: u64 = 10_000_000;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => {
                let v = it
                    .next()
                    .ok_or_else(|| Error::usage("--runs needs a value"))?;
                runs = v
                    .parse()
                    .ok()
                    .filter(|r| (1..=1_000_000_000).contains(r))
                    .ok_or_else(|| Error::bad("runs", v, "a whole number from 1 to 1000000000"))?;
            }
            other => return Err(Error::usage(format!("unknown bench argument \"{other}\""))),
        }
    }
    let mut out = format!(
        "tatbikat bench: compensation Monte Carlo at the lesson's values, {runs} runs, best of 5, one core\n"
    );
    out.push_str(&format!(
        "{:<44}{:>12}{:>16}\n",
        "workload", "seconds", "runs/s"
    ));
    for attempts in [1, 2, 3] {
        let f = tatbikat::bench::time_monte_carlo(runs, attempts, 5);
        out.push_str(&format!(
            "{:<44}{:>12.4}{:>16.0}\n",
            f.what,
            f.seconds,
            f.runs_per_second()
        ));
    }
    Ok(out)
}
