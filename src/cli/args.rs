//! The command line, read with lexopt into a [`Command`]: which lesson, which parameters, what to
//! print. Every misuse is an [`Error`] that says what was wrong and shows the usage.

use lexopt::prelude::*;

use tatbikat::challenge::Challenge;
use tatbikat::lesson::Lesson;
use tatbikat::presets::Preset;
use tatbikat::{Error, lessons};

/// The synopsis, shown with every usage error.
pub const USAGE: &str = "usage: tatbikat LESSON [--preset ID] [--set name=value]... [--section NAME] [--format lesson|json|csv] [--table KEY] [--jobs N]
       tatbikat LESSON [--set name=value]... --vs QUERY [--section NAME] [--format lesson|json|csv] [--table KEY]
       tatbikat [LESSON] --presets
       tatbikat LESSON [--set name=value]... --challenge ID [--format lesson|json]
       tatbikat LESSON [--set name=value]... --find[=PROPERTY|'METRIC OP VALUE'] [--scope param=values[;param=values]]... [--jobs N] [--format lesson|json]
       tatbikat [LESSON] --challenges
       tatbikat LESSON [--set name=value]... --trace[=SELECTOR] [--format lesson|json|csv]
       tatbikat LESSON [--set name=value]... --sweep name=values [--sweep name=values] [--metric M] [--jobs N] [--format lesson|json|csv]
       tatbikat LESSON [--set name=value]... --sweep ... [--metric M] --part I/N [--jobs N] > part-I
       tatbikat LESSON [--set name=value]... --sweep ... [--metric M] --join PART-FILE... [--format lesson|json|csv]
       tatbikat LESSON --help
       tatbikat bench [--runs N]
       tatbikat package --scorm QUERY -o FILE.zip [--site DIR]
       tatbikat --lessons
       tatbikat --help | --version";

/// How a report, trace or sweep is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// The lesson's own text layout.
    #[default]
    Lesson,
    /// The document as JSON.
    Json,
    /// One CSV block per table.
    Csv,
}

/// What the command line asks for.
pub enum Command {
    /// `--help` with no lesson.
    Help,
    /// `--version`.
    Version,
    /// `--lessons`: the registry's lessons, one line each (the build reads it).
    Lessons,
    /// `--presets`, of one lesson or all.
    Presets(Option<Lesson>),
    /// `--challenges`, of one lesson or all.
    Challenges(Option<Lesson>),
    /// `LESSON --help`.
    LessonHelp(Lesson),
    /// `bench [--runs N]`.
    Bench { runs: u64 },
    /// `agree <id> [--scripts DIR] [--runs N] [--seed S]`: a Rust port against its script.
    Agree(super::agree::Agree),
    /// `check <id>`: every claim's and challenge's marks found in the lesson's tables.
    Check(Lesson),
    /// A lesson's report, trace or sweep.
    Run(Box<Run>),
    /// `package --scorm QUERY -o FILE [--site DIR]`: the view of a link as a SCORM 1.2 package.
    Package {
        /// The link's query.
        query: String,
        /// The zip to write.
        out: String,
        /// The built site (default `www`).
        site: String,
    },
}

/// A lesson run as the command line gives it.
pub struct Run {
    /// The lesson.
    pub lesson: Lesson,
    /// `--preset ID`: its values first, `--set` over them.
    pub preset: Option<&'static Preset>,
    /// `--challenge ID`: check the run against it.
    pub challenge: Option<&'static Challenge>,
    /// `--find[=PROPERTY]`: search the lesson's scope for runs that meet it (empty: its first).
    pub find: Option<String>,
    /// `--scope param=values`, repeatable, several joined by `;` as in a link's `scope=`: narrows the search's axis of `param`.
    pub scope: Vec<String>,
    /// `--set name=value`, in order.
    pub assignments: Vec<(String, String)>,
    /// `--section NAME`.
    pub section: Option<String>,
    /// `--format`.
    pub format: Format,
    /// `--trace[=SELECTOR]` (empty: the lesson's default run).
    pub trace: Option<String>,
    /// `--sweep name=values`, once or twice.
    pub sweeps: Vec<String>,
    /// `--metric table.column[@row]`.
    pub metric: Option<String>,
    /// `--table KEY`.
    pub table: Option<String>,
    /// `--vs QUERY`: compare with the run of that link query (empty: the lesson's values).
    pub vs: Option<String>,
    /// `--part I/N`: run part I of N of the sweep and print its part file.
    pub part: Option<(usize, usize)>,
    /// `--join FILE...`: the sweep from its part files.
    pub join: Vec<String>,
    /// `--format` was given (a part file has one form of its own).
    pub format_given: bool,
    /// `--jobs N`: threads a sweep's points, a lesson's Monte Carlo rows and replications share
    /// (default: every core; 1: one by one).
    pub jobs: Option<usize>,
}

/// Reads the arguments (without the program's name).
pub fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Command, Error> {
    let mut parser = lexopt::Parser::from_args(args);
    let lesson = match parser.next().map_err(usage)? {
        None => return Err(Error::usage(format!("no lesson given\n{USAGE}"))),
        Some(Long("help") | Short('h')) => return Ok(Command::Help),
        Some(Long("version") | Short('V')) => return Ok(Command::Version),
        Some(Long("lessons")) => return Ok(Command::Lessons),
        Some(Long("presets")) => return Ok(Command::Presets(None)),
        Some(Long("challenges")) => return Ok(Command::Challenges(None)),
        Some(Value(v)) => match text(v)?.as_str() {
            "help" => return Ok(Command::Help),
            "bench" => return bench(&mut parser),
            "agree" => return agree(&mut parser),
            "check" => {
                let id = match parser.next().map_err(usage)? {
                    Some(Value(v)) => text(v)?,
                    _ => return Err(Error::usage("check: which lesson? tatbikat check <id>")),
                };
                let lesson = match lessons::get(&id) {
                    Ok(lesson) => lesson,
                    Err(e) => super::scripts::find(&id)
                        .unwrap_or_else(|| Err(super::scripts::unknown(e)))?,
                };
                return Ok(Command::Check(lesson));
            }
            "package" => return package(&mut parser),
            // A Rust port, else a script lesson's folder (scripts.rs).
            id => match lessons::get(id) {
                Ok(lesson) => lesson,
                Err(e) => {
                    super::scripts::find(id).unwrap_or_else(|| Err(super::scripts::unknown(e)))?
                }
            },
        },
        Some(other) => return Err(unknown(&other)),
    };
    let mut run = Run {
        lesson,
        preset: None,
        challenge: None,
        find: None,
        scope: Vec::new(),
        assignments: Vec::new(),
        section: None,
        format: Format::Lesson,
        trace: None,
        sweeps: Vec::new(),
        metric: None,
        table: None,
        vs: None,
        part: None,
        join: Vec::new(),
        format_given: false,
        jobs: None,
    };
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Long("help") | Short('h') => return Ok(Command::LessonHelp(lesson)),
            Long("presets") => return Ok(Command::Presets(Some(lesson))),
            Long("challenges") => return Ok(Command::Challenges(Some(lesson))),
            Long("find") => {
                once(&run.find, "--find")?;
                // The property is optional: `--find`, `--find=round-twice` or `--find round-twice`.
                run.find = Some(optional(&mut parser)?);
            }
            Long("scope") => run.scope.push(value(&mut parser, "--scope")?),
            Long("challenge") => {
                let id = value(&mut parser, "--challenge")?;
                once(&run.challenge, "--challenge")?;
                run.challenge = Some(lessons::find_challenge(&id, Some(lesson))?.1);
            }
            Long("preset") => {
                let id = value(&mut parser, "--preset")?;
                once(&run.preset, "--preset")?;
                run.preset = Some(lessons::find_preset(&id, Some(lesson))?.1);
            }
            Long("trace") => {
                once(&run.trace, "--trace")?;
                // The selector is optional: `--trace`, `--trace=scan:4` or `--trace scan:4`.
                run.trace = Some(optional(&mut parser)?);
            }
            Long("set") | Short('s') => {
                let assignment = value(&mut parser, "--set")?;
                let (name, text) = assignment.split_once('=').ok_or_else(|| {
                    Error::usage(format!(
                        "--set takes name=value, not \"{assignment}\"\n{USAGE}"
                    ))
                })?;
                run.assignments
                    .push((name.trim().to_string(), text.to_string()));
            }
            Long("sweep") => {
                if run.sweeps.len() == 2 {
                    return Err(Error::usage(
                        "--sweep is given more than twice (one parameter: a line; two: a heatmap)",
                    ));
                }
                run.sweeps.push(value(&mut parser, "--sweep")?);
            }
            Long("metric") => {
                let m = value(&mut parser, "--metric")?;
                once(&run.metric, "--metric")?;
                run.metric = Some(m);
            }
            Long("table") => {
                let t = value(&mut parser, "--table")?;
                once(&run.table, "--table")?;
                run.table = Some(t);
            }
            Long("jobs") | Short('j') => {
                let v = value(&mut parser, "--jobs")?;
                once(&run.jobs, "--jobs")?;
                let n = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or_else(|| Error::bad("--jobs", &v, "a whole number from 1 to 256"))?;
                run.jobs = Some(n);
            }
            Long("part") => {
                let v = value(&mut parser, "--part")?;
                once(&run.part, "--part")?;
                run.part = Some(tatbikat::sweep::batch::part_number(&v)?);
            }
            Long("join") => {
                if !run.join.is_empty() {
                    return Err(Error::usage(
                        "--join is given twice: list every part file after one --join",
                    ));
                }
                for v in parser.values().map_err(usage)? {
                    run.join.push(text(v)?);
                }
            }
            Long("vs") => {
                let q = value(&mut parser, "--vs")?;
                once(&run.vs, "--vs")?;
                run.vs = Some(q);
            }
            Long("section") => {
                let s = value(&mut parser, "--section")?;
                once(&run.section, "--section")?;
                run.section = Some(s);
            }
            Long("format") => {
                run.format_given = true;
                run.format = match value(&mut parser, "--format")?.as_str() {
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
            other => return Err(unknown(&other)),
        }
    }
    Ok(Command::Run(Box::new(run)))
}

/// `bench [--runs N]`.
fn bench(parser: &mut lexopt::Parser) -> Result<Command, Error> {
    let mut runs: u64 = 10_000_000;
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Long("runs") => {
                let v = value(parser, "--runs")?;
                runs = v
                    .parse()
                    .ok()
                    .filter(|r| (1..=1_000_000_000).contains(r))
                    .ok_or_else(|| Error::bad("runs", &v, "a whole number from 1 to 1000000000"))?;
            }
            other => {
                return Err(Error::usage(format!(
                    "unknown bench argument \"{}\"",
                    shown(&other)
                )));
            }
        }
    }
    Ok(Command::Bench { runs })
}

/// `agree <id> [--scripts DIR] [--runs N] [--seed S]`.
fn agree(parser: &mut lexopt::Parser) -> Result<Command, Error> {
    let mut a = super::agree::Agree {
        id: String::new(),
        scripts: None,
        runs: 100,
        seed: 1,
    };
    let number = |v: &str, name: &str, max: u64| {
        v.parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| Error::bad(name, v, format!("a whole number from 1 to {max}")))
    };
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Value(v) if a.id.is_empty() => a.id = text(v)?,
            Long("scripts") => a.scripts = Some(value(parser, "--scripts")?.into()),
            Long("runs") => a.runs = number(&value(parser, "--runs")?, "runs", 100_000)? as usize,
            Long("seed") => a.seed = number(&value(parser, "--seed")?, "seed", 2_147_483_646)?,
            other => {
                return Err(Error::usage(format!(
                    "unknown agree argument \"{}\"",
                    shown(&other)
                )));
            }
        }
    }
    if a.id.is_empty() {
        return Err(Error::usage(
            "agree: which lesson? tatbikat agree <id> [--scripts DIR] [--runs N] [--seed S]",
        ));
    }
    Ok(Command::Agree(a))
}

/// `package --scorm QUERY -o FILE [--site DIR]`.
fn package(parser: &mut lexopt::Parser) -> Result<Command, Error> {
    let (mut query, mut out, mut site) = (None, None, None);
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Long("scorm") => {
                let v = value(parser, "--scorm")?;
                once(&query, "--scorm")?;
                query = Some(v);
            }
            Long("output") | Short('o') => {
                let v = value(parser, "-o")?;
                once(&out, "-o")?;
                out = Some(v);
            }
            Long("site") => {
                let v = value(parser, "--site")?;
                once(&site, "--site")?;
                site = Some(v);
            }
            other => {
                return Err(Error::usage(format!(
                    "unknown package argument \"{}\"\n{USAGE}",
                    shown(&other)
                )));
            }
        }
    }
    let query = query.ok_or_else(|| {
        Error::usage(format!(
            "package needs --scorm QUERY (a link's query)\n{USAGE}"
        ))
    })?;
    let out = out.ok_or_else(|| Error::usage(format!("package needs -o FILE.zip\n{USAGE}")))?;
    Ok(Command::Package {
        query,
        out,
        site: site.unwrap_or_else(|| "www".to_string()),
    })
}

/// The option's value, or "`name` needs a value".
fn value(parser: &mut lexopt::Parser, name: &str) -> Result<String, Error> {
    match parser.value() {
        Ok(v) => text(v),
        Err(_) => Err(Error::usage(format!("{name} needs a value\n{USAGE}"))),
    }
}

/// An option that may be given once.
/// An option's optional value: after `=`, or the next argument unless it is an option; empty
/// when there is none.
fn optional(parser: &mut lexopt::Parser) -> Result<String, Error> {
    match parser.optional_value() {
        Some(v) => text(v),
        None => match parser
            .raw_args()
            .map_err(usage)?
            .next_if(|a| !a.to_string_lossy().starts_with('-'))
        {
            Some(v) => text(v),
            None => Ok(String::new()),
        },
    }
}

fn once<T>(seen: &Option<T>, name: &str) -> Result<(), Error> {
    match seen {
        Some(_) => Err(Error::usage(format!("{name} is given more than once"))),
        None => Ok(()),
    }
}

fn text(v: std::ffi::OsString) -> Result<String, Error> {
    v.into_string()
        .map_err(|raw| Error::usage(format!("the argument {raw:?} is not valid UTF-8")))
}

fn shown(arg: &lexopt::Arg) -> String {
    match arg {
        Long(l) => format!("--{l}"),
        Short(c) => format!("-{c}"),
        Value(v) => v.to_string_lossy().into_owned(),
    }
}

fn unknown(arg: &lexopt::Arg) -> Error {
    Error::usage(format!("unknown argument \"{}\"\n{USAGE}", shown(arg)))
}

fn usage(e: lexopt::Error) -> Error {
    Error::usage(format!("{e}\n{USAGE}"))
}
