//! The `tatbikat` command: prints a lesson's tables (byte-exact at the lesson's values), one run
//! or a sweep, as the lesson's text, JSON or CSV — for course authors and tests. Native only: a
//! WebAssembly build (the bindings' tests) compiles an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod agree;
#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod check;
#[cfg(not(target_arch = "wasm32"))]
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod help;
#[cfg(not(target_arch = "wasm32"))]
mod scripts;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use std::io::Write;
    match args::parse(std::env::args_os().skip(1)).and_then(run) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = stdout.write_all(out.as_bytes());
            let _ = stdout.flush();
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tatbikat: {e}");
            eprintln!("try 'tatbikat --help'");
            std::process::ExitCode::from(2)
        }
    }
}

/// What a command prints.
#[cfg(not(target_arch = "wasm32"))]
fn run(command: args::Command) -> Result<String, tatbikat::Error> {
    use args::Command;
    Ok(match command {
        Command::Help => help::general(),
        Command::Version => format!("tatbikat {}\n", env!("CARGO_PKG_VERSION")),
        Command::Lessons => help::lessons(),
        Command::Presets(lesson) => presets_list(lesson),
        Command::Challenges(lesson) => challenges_list(lesson),
        Command::LessonHelp(lesson) => help::lesson(lesson),
        Command::Bench { runs } => bench(runs)?,
        Command::Agree(a) => agree::run(&a)?,
        Command::Check(lesson) => check::run(lesson)?,
        Command::Run(r) => lesson(&r)?,
        Command::Package { query, out, site } => package(&query, &out, &site)?,
    })
}

/// `package --scorm QUERY -o FILE`: the link checked as the page reads it (a refused value is
/// an error here), its view's files read from the built site, the package written.
#[cfg(not(target_arch = "wasm32"))]
fn package(query: &str, out: &str, site: &str) -> Result<String, tatbikat::Error> {
    use std::path::Path;
    use tatbikat::{Error, query as link, scorm};
    // A script lesson's folder is loaded as for a run (scripts.rs), so the link is its.
    let named = query.split('&').find_map(|kv| kv.strip_prefix("lesson="));
    if let Some(id) = named.filter(|id| tatbikat::lessons::get(id).is_err()) {
        if let Some(loaded) = scripts::find(id) {
            loaded?;
        }
    }
    let resolved = link::resolve(query);
    if let Some(e) = resolved.errors.into_iter().next() {
        return Err(scripts::unknown(e));
    }
    // A lesson without a package is refused before the site is read (built or not).
    let launch = scorm::launch(query)?;
    // Each site file within scorm::MAX_FILE_BYTES, all of them within MAX_FILES_BYTES.
    let read = |path: &Path| {
        files::read(
            "--site",
            path,
            scorm::MAX_FILE_BYTES,
            "a file of the built site",
            " (build the site with ./build.sh build, or name it with --site DIR)",
        )
    };
    let site = Path::new(site);
    let precache = String::from_utf8_lossy(&read(&site.join("precache.js"))?).into_owned();
    let mut files = Vec::new();
    let mut total = 0u64;
    for path in scorm::files(query, &precache)? {
        let bytes = read(&site.join(&path))?;
        total += bytes.len() as u64;
        if total > scorm::MAX_FILES_BYTES {
            return Err(Error::bad(
                "--site",
                &site.display().to_string(),
                format!(
                    "a built site whose files for this package hold at most {} bytes (64 MiB) together; they reach {total} at {path}",
                    scorm::MAX_FILES_BYTES
                ),
            ));
        }
        files.push((path, bytes));
    }
    let package = scorm::build(query, &files)?;
    std::fs::write(out, &package.bytes)
        .map_err(|e| Error::usage(format!("cannot write {out}: {e}")))?;
    Ok(format!(
        "{out}: a SCORM 1.2 package of {} files and imsmanifest.xml, {} bytes; it opens {}\n",
        // The site's files and the launch link the package writes (disk/launch.js).
        files.len() + 1,
        package.bytes.len(),
        launch.href
    ))
}

/// A lesson's report, trace or sweep.
#[cfg(not(target_arch = "wasm32"))]
fn lesson(r: &args::Run) -> Result<String, tatbikat::Error> {
    use args::Format;
    use tatbikat::{Error, csv, lessons, presets, render, sweep, trace};
    let lesson = r.lesson;
    let section = r
        .section
        .as_deref()
        .map(|s| lesson.section(s))
        .transpose()?;
    // The preset's values first, then --set over them (a name given once among the --set).
    lesson.params(r.assignments.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
    let mut params = match r.preset {
        Some(p) => lessons::preset_params(lesson, p)?,
        None => lesson.defaults(),
    };
    for (name, text) in &r.assignments {
        params.set(name, text)?;
    }
    // Every core unless told: a sweep's points, a lesson's Monte Carlo rows and replications are
    // independent units, and the result is the serial one whatever the number of threads.
    let jobs = r.jobs.unwrap_or_else(tatbikat::parallel::available);
    tatbikat::parallel::set_jobs(jobs);
    if !r.scope.is_empty() && r.find.is_none() {
        return Err(Error::usage(
            "--scope narrows a search: it goes with --find",
        ));
    }
    if let Some(property) = &r.find {
        if r.challenge.is_some()
            || r.vs.is_some()
            || r.trace.is_some()
            || !r.sweeps.is_empty()
            || section.is_some()
            || r.format == Format::Csv
        {
            return Err(Error::usage(
                "--find searches the lesson's scope; it goes with --set, --jobs and --format lesson or json",
            ));
        }
        let plan = tatbikat::find::plan(&params, property, &r.scope)?;
        let found = plan.run(jobs, &mut |_| {})?;
        return Ok(match r.format {
            Format::Json => {
                let mut text = serde_json::to_string_pretty(&found).map_err(|e| {
                    Error::usage(format!("the search's JSON could not be written: {e}"))
                })?;
                text.push('\n');
                text
            }
            _ => found.to_text(lesson.id()),
        });
    }
    if r.challenge.is_some()
        && (r.vs.is_some() || r.trace.is_some() || !r.sweeps.is_empty() || r.format == Format::Csv)
    {
        return Err(Error::usage(
            "--challenge checks one run's report; it goes with --format lesson or json, without --vs, --trace or --sweep",
        ));
    }
    if r.vs.is_some() && (r.trace.is_some() || !r.sweeps.is_empty()) {
        return Err(Error::usage(
            "--vs compares two runs' tables; it does not take --trace or --sweep",
        ));
    }
    if r.table.is_some() && (r.format != Format::Csv || r.trace.is_some() || !r.sweeps.is_empty()) {
        return Err(Error::usage(
            "--table picks one table of the report's CSV; it goes with --format csv",
        ));
    }
    if r.metric.is_some() && r.sweeps.is_empty() {
        return Err(Error::usage("--metric goes with --sweep"));
    }
    if (r.part.is_some() || !r.join.is_empty()) && r.sweeps.is_empty() {
        return Err(Error::usage(
            "--part and --join split a sweep and join it: they go with --sweep",
        ));
    }
    if !r.sweeps.is_empty() {
        if section.is_some() || r.trace.is_some() {
            return Err(Error::usage(
                "--sweep runs the whole lesson at each point; it does not take --section or --trace",
            ));
        }
        let spec = sweep::parse(
            lesson,
            &r.sweeps[0],
            r.sweeps.get(1).map(String::as_str),
            r.metric.as_deref(),
        )?;
        // The points share the threads; each point's rows get the threads left over (one each
        // when the points are at least as many), so the threads are never multiplied.
        let points = spec.x.texts.len() * spec.y.as_ref().map_or(1, |y| y.texts.len());
        tatbikat::parallel::set_jobs(jobs / points.max(1));
        if r.part.is_some() && !r.join.is_empty() {
            return Err(Error::usage(
                "--part runs one part of a sweep and --join joins the parts: give one of them",
            ));
        }
        if let Some(part) = r.part {
            if r.format_given {
                return Err(Error::usage(
                    "--part prints a part file for --join; --format goes with --join",
                ));
            }
            return sweep::batch::run_part(&params, &spec, part, jobs, &mut |_| {});
        }
        let s = if r.join.is_empty() {
            sweep::run_jobs(&params, &spec, jobs, &mut |_| {})?
        } else {
            // Each part file read whole but never past sweep::batch::MAX_PART_BYTES.
            let texts = r
                .join
                .iter()
                .map(|name| {
                    let bytes = files::read(
                        "--join",
                        std::path::Path::new(name),
                        sweep::batch::MAX_PART_BYTES,
                        "a part file",
                        "",
                    )?;
                    String::from_utf8(bytes).map_err(|_| {
                        Error::bad(
                            "--join",
                            name,
                            "a part file as `--part` wrote it (text); this one is not UTF-8 text",
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let files: Vec<sweep::batch::PartFile> = r
                .join
                .iter()
                .zip(&texts)
                .map(|(name, text)| sweep::batch::PartFile { name, text })
                .collect();
            sweep::batch::join(&params, &spec, &files)?
        };
        return Ok(match r.format {
            Format::Lesson => sweep::text(&s),
            Format::Json => render::sweep_json(&s, &params),
            Format::Csv => csv::sweep(&render::sweep_document(&s, &params)),
        });
    }
    if let Some(selector) = &r.trace {
        if section.is_some() {
            return Err(Error::usage(
                "--trace shows one run; it does not take --section",
            ));
        }
        let tr = lesson.trace(&params, selector)?;
        return Ok(match r.format {
            Format::Lesson => trace::text(&tr, lesson.states()),
            Format::Json => render::trace_json(&tr, &params),
            Format::Csv => csv::trace(&render::trace_document(&tr, &params)),
        });
    }
    if let Some(vs) = &r.vs {
        let a = tatbikat::query::vs_params(lesson, vs)?;
        let (rb, ra) = tatbikat::compare::run_both(&params, &a, section)?;
        let compared = || tatbikat::compare::compare(&rb, &ra, &params, &a, section);
        return Ok(match r.format {
            Format::Lesson => tatbikat::compare::text::text(&compared()),
            Format::Json => serde_json::to_string_pretty(&compared()).unwrap_or_default() + "\n",
            Format::Csv => tatbikat::csv::compare::comparison(
                &rb,
                &ra,
                &params,
                &a,
                section,
                r.table.as_deref(),
            )?,
        });
    }
    let report = lessons::run(&params, section)?;
    let challenge = r
        .challenge
        .map(|c| tatbikat::challenge::check(c, &report, &params));
    if let (Some(outcome), Format::Lesson) = (&challenge, r.format) {
        return Ok(challenge_text(outcome));
    }
    Ok(match r.format {
        Format::Lesson => render::lesson_text(&report),
        Format::Csv => csv::report(
            &render::document(&report, &params, section),
            r.table.as_deref(),
        )?,
        Format::Json => {
            let mut doc = render::document(&report, &params, section);
            doc.preset = r.preset.map(|p| presets::shown(p, &report));
            doc.challenge = challenge;
            render::document_json(&doc)
        }
    })
}

/// The presets (of one lesson, or all) with their share links and what they point at.
#[cfg(not(target_arch = "wasm32"))]
fn presets_list(lesson: Option<tatbikat::Lesson>) -> String {
    let mut out = String::new();
    for (l, p) in tatbikat::lessons::presets().filter(|(l, _)| lesson.is_none_or(|want| *l == want))
    {
        out.push_str(&format!(
            "{}\n  ?{}\n",
            p.id,
            tatbikat::query::preset_query(l, p)
        ));
        let marks: Vec<&str> = p.marks().collect();
        out.push_str(&format!("  highlights: {}\n", marks.join(" ")));
    }
    out
}

/// The challenges (of one lesson, or all) with their starting links and checks.
#[cfg(not(target_arch = "wasm32"))]
fn challenges_list(lesson: Option<tatbikat::Lesson>) -> String {
    let mut out = String::new();
    for (l, c) in tatbikat::lessons::challenges().filter(|(l, _)| lesson.is_none_or(|w| *l == w)) {
        let link = tatbikat::query::challenge_query(l, c);
        out.push_str(&format!("{}\n  ?{link}\n  check: {}\n", c.id, c.check));
    }
    out
}

/// A challenge checked on a run: met or not met, then each condition with what the run has.
#[cfg(not(target_arch = "wasm32"))]
fn challenge_text(o: &tatbikat::challenge::Outcome) -> String {
    let mut out = format!("{}: {}\n", o.id, if o.met { "met" } else { "not met" });
    for r in &o.found {
        let at = match r.kind {
            "param" => r.name.to_string(),
            "cell" => format!("{}.{}@{}", r.key, r.name, r.row),
            _ => format!("{}.{}", r.key, r.name),
        };
        let found = if r.text.is_empty() {
            "(not in this report)"
        } else {
            &r.text
        };
        let mark = if r.ok { "ok" } else { "not yet" };
        let bound = tatbikat::jsfmt::number_to_string(r.bound);
        out.push_str(&format!(
            "  {at} = {found}, wanted {} {bound}: {mark}\n",
            r.op
        ));
    }
    out
}

/// `tatbikat bench`: the lesson's benchmark workload (`Definition::benchmark`) on one core, best of 5.
#[cfg(not(target_arch = "wasm32"))]
fn bench(runs: u64) -> Result<String, tatbikat::Error> {
    let (_, what) = tatbikat::bench::workload(runs, 1)?;
    let lesson = what.split(' ').next().unwrap_or_default();
    let mut out = format!(
        "tatbikat bench: {lesson}'s benchmark workload at the lesson's values, {runs} runs, best of 5, one core\n"
    );
    out.push_str(&format!(
        "{:<44}{:>12}{:>16}\n",
        "workload", "seconds", "runs/s"
    ));
    for attempts in [1, 2, 3] {
        let f = tatbikat::bench::time_workload(runs, attempts, 5)?;
        out.push_str(&format!(
            "{:<44}{:>12.4}{:>16.0}\n",
            f.what,
            f.seconds,
            f.runs_per_second()
        ));
    }
    Ok(out)
}
