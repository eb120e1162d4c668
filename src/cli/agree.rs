//! `tatbikat agree <id>`: a lesson's Rust port against its own script, on parameter sets drawn
//! from its manifest's bounds (`src/lessons/<id>/lesson.json`; the scripts from `--scripts`, by
//! default the course's `../shared/next-lessons/<id>/`). Prints every difference with the command
//! and the link that reproduce it; exits non-zero when there is one.

use std::path::{Path, PathBuf};
use tatbikat::params::{Kind, ParamSpec};
use tatbikat::rng::{Minstd, UnitRng};
use tatbikat::{Error, Lesson, lessons, render};

/// What `agree` was asked.
#[derive(Debug)]
pub struct Agree {
    /// The lesson (a Rust port with a manifest).
    pub id: String,
    /// Its scripts' folder, if given.
    pub scripts: Option<PathBuf>,
    /// Parameter sets to draw.
    pub runs: usize,
    /// The draws' seed.
    pub seed: u64,
}

/// The checkout this CLI was built from.
const CHECKOUT: &str = env!("CARGO_MANIFEST_DIR");

/// One parameter set's outcome.
enum Outcome {
    Same,
    RefusedByBoth,
    /// The port refuses what the script prints: a check the manifest's bounds do not make.
    PortOnly(String),
    Differs(String),
}

pub fn run(a: &Agree) -> Result<String, Error> {
    let port = lessons::get(&a.id)?;
    let manifest = Path::new(CHECKOUT)
        .join("src/lessons")
        .join(&a.id)
        .join("lesson.json");
    if !manifest.is_file() {
        return Err(Error::bad(
            "lesson",
            &a.id,
            format!(
                "a lesson with a manifest ({} is not there)",
                manifest.display()
            ),
        ));
    }
    let scripts = a.scripts.clone().unwrap_or_else(|| {
        std::env::var_os("TATBIKAT_SHARED")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(CHECKOUT).join("..").join("shared"))
            .join("next-lessons")
            .join(&a.id)
    });
    let script = super::scripts::load(&scripts, &manifest, &a.id)?;
    let mut rng = Minstd::new(a.seed.max(1))
        .map_err(|e| Error::bad("seed", &a.seed.to_string(), e.allowed))?;
    let draws: Vec<Vec<(&'static str, String)>> = (0..a.runs)
        .map(|i| match i {
            0 => Vec::new(),
            _ => draw(script.specs(), &mut rng),
        })
        .collect();
    let outcomes = tatbikat::parallel::map_ordered(&draws, tatbikat::parallel::jobs(), |set| {
        compare(port, script, &a.id, set)
    });
    let mut out = format!(
        "the Rust port of {} against its script ({}), {} parameter sets drawn from the manifest's bounds (seed {}; the first is the defaults)\n",
        a.id,
        scripts.display(),
        a.runs,
        a.seed
    );
    let (mut same, mut both, mut port_only, mut differ) = (0, 0, Vec::new(), Vec::new());
    for o in outcomes {
        match o {
            Outcome::Same => same += 1,
            Outcome::RefusedByBoth => both += 1,
            Outcome::PortOnly(s) => port_only.push(s),
            Outcome::Differs(s) => differ.push(s),
        }
    }
    out += &format!(
        "  the same text: {same}; refused by both: {both}; refused by the port only: {}; differences: {}\n",
        port_only.len(),
        differ.len()
    );
    for s in port_only.iter().take(5) {
        out += &format!("  refused by the port only: {s}\n");
    }
    for s in &differ {
        out += &format!("  DIFFERENCE {s}\n");
    }
    match differ.is_empty() {
        true => Ok(out),
        false => Err(Error::author(format!("agree {}", a.id), out)),
    }
}

/// The port and the script at one parameter set.
fn compare(port: Lesson, script: Lesson, id: &str, set: &[(&'static str, String)]) -> Outcome {
    let pairs = || set.iter().map(|(k, v)| (*k, v.as_str()));
    let sets: String = set.iter().map(|(k, v)| format!(" --set {k}={v}")).collect();
    let link: String = set.iter().map(|(k, v)| format!("&{k}={v}")).collect();
    let at = format!("tatbikat {id}{sets}  (?lesson={id}{link})");
    let text = |l: Lesson| {
        let params = l.params(pairs())?;
        l.work(&params)?;
        l.run(&params, None, &mut |_| {})
            .map(|r| render::lesson_text(&r))
    };
    match (text(port), text(script)) {
        (Ok(a), Ok(b)) if a == b => Outcome::Same,
        (Ok(a), Ok(b)) => {
            let (line, x, y) = first_difference(&a, &b);
            Outcome::Differs(format!(
                "{at}\n    line {line}: port   {x:?}\n    line {line}: script {y:?}"
            ))
        }
        (Err(_), Err(_)) => Outcome::RefusedByBoth,
        (Err(e), Ok(_)) => Outcome::PortOnly(format!("{at}: {e}")),
        (Ok(_), Err(e)) => {
            Outcome::Differs(format!("{at}\n    the port prints; the script fails: {e}"))
        }
    }
}

/// The first line (from 1) where texts `a` and `b` differ, and that line of each.
pub fn first_difference<'a>(a: &'a str, b: &'a str) -> (usize, &'a str, &'a str) {
    let line = a
        .lines()
        .zip(b.lines())
        .position(|(x, y)| x != y)
        .unwrap_or(a.lines().count().min(b.lines().count()));
    let at = |t: &'a str| t.lines().nth(line).unwrap_or("(no line)");
    (line + 1, at(a), at(b))
}

/// A parameter set near the lesson's values: each parameter kept (half the time) or drawn within
/// its bounds, not far above its default (a run stays small). Text kinds keep their default.
pub fn draw(specs: &[ParamSpec], rng: &mut Minstd) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for s in specs {
        if rng.unit() < 0.5 {
            continue;
        }
        let def: f64 = s
            .default
            .split([',', '-', '/'])
            .filter_map(|t| t.parse::<f64>().ok())
            .fold(0.0, f64::max);
        let int = |rng: &mut Minstd, min: i64, max: i64| {
            let hi = max.min(min.max((2.0 * def) as i64 + 4));
            min + (rng.unit() * (hi - min + 1) as f64) as i64
        };
        let text = match s.kind {
            Kind::Int { min, max } => int(rng, min, max).to_string(),
            Kind::Seed { min, max } => int(rng, min, max.min(min + (1 << 31))).to_string(),
            Kind::Range { min, max } => {
                let (a, b) = (int(rng, min, max), int(rng, min, max));
                format!("{}-{}", a.min(b), a.max(b))
            }
            Kind::IntList { min, max, max_len } => {
                let n = 1 + (rng.unit() * max_len.min(3) as f64) as usize;
                (0..n)
                    .map(|_| int(rng, min, max).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            }
            Kind::Real { min, max, .. } => {
                let hi = max.min(min.max(2.0 * def + 1.0));
                let x = ((min + rng.unit() * (hi - min)) * 100.0).round() / 100.0;
                tatbikat::jsfmt::number_to_string(x.clamp(min, max))
            }
            Kind::Prob => prob(rng),
            Kind::ProbList { max_len } => {
                let n = 1 + (rng.unit() * max_len.min(3) as f64) as usize;
                (0..n).map(|_| prob(rng)).collect::<Vec<_>>().join(",")
            }
            Kind::Switch => ((rng.unit() * 2.0) as u8).to_string(),
            Kind::Choice { options } => {
                options[(rng.unit() * options.len() as f64) as usize % options.len()].to_string()
            }
            _ => continue,
        };
        out.push((s.name, text));
    }
    out
}

fn prob(rng: &mut Minstd) -> String {
    match (rng.unit() * 4.0) as u8 {
        0 => "0".into(),
        1 => "1".into(),
        _ => tatbikat::jsfmt::number_to_string((rng.unit() * 100.0).round() / 100.0),
    }
}
