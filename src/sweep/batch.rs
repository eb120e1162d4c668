//! A sweep past one machine: part I of N runs on its own (a Kubernetes Indexed Job's pod, a GNU
//! parallel job) and writes its points as a part file; the N files joined give what the serial
//! run gives, byte for byte, because they are the page pool's parts ([`super::parts`], the same
//! byte form [`super::part::encode`]) joined by the same [`super::Plan::join`].
//!
//! A part file is text, so it survives a log or a terminal: a header that names the sweep (its
//! share-link query and tatbikat's version), which part it is, its points and a checksum of its
//! bytes, then the bytes in hex. Joining refuses parts of another sweep or version, a missing
//! or repeated part and a damaged file, naming the file. No part file is over
//! [`MAX_PART_BYTES`]: `--part` refuses to write one and the CLI reads no more.

use super::part::{self, PointCells};
use super::plan::{Plan, parts};
use super::spec::SweepSpec;
use crate::error::Error;
use crate::params::ParamSet;

/// The first line of every part file (the format's name and version).
const MAGIC: &str = "tatbikat sweep part 1";
/// Bytes of a data line (as 2 hex digits each).
const LINE: usize = 48;

/// The largest part file `--join` reads and `--part` writes: 1 GiB. A part's size does not
/// follow from its sweep alone (a metric reads every row of its table, and a table's rows and
/// labels follow from the parameters); the largest one-point part the lessons can make is
/// about 640 MB (six metrics on a table of 8! = 40 320 rows, one per order of eight steps,
/// labelled by eight names of 40 four-byte letters). The cap is above it, so any sweep split one
/// point per part joins; a part over it is refused by `--part` (with what to lower) before
/// `--join` would refuse it, and nothing larger is read.
pub const MAX_PART_BYTES: u64 = 1 << 30;

/// The sweep a part belongs to: its base parameters' query with its `sweep=`, `sweep_y=` and
/// `metric=` keys.
pub fn identity(base: &ParamSet, spec: &SweepSpec) -> String {
    format!("{}{}", crate::query::encode(base, None), spec.query())
}

/// Checks `I/N` (`i` from 1 to `n`, `n` from 1 to the sweep's points' upper limit).
pub fn part_number(text: &str) -> Result<(usize, usize), Error> {
    let bad = || {
        Error::bad(
            "--part",
            text,
            "I/N: part I of N, whole numbers with 1 ≤ I ≤ N ≤ 1000 (as `--part 2/8`)",
        )
    };
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (i.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if i == 0 || n == 0 || i > n || n > 1000 {
        return Err(bad());
    }
    Ok((i, n))
}

/// The points `[from, to)` of every part of an `n`-way split: the page pool's cut into parts of
/// about equal work, padded with empty ranges at the end when there are more parts than points.
fn ranges(plan: &Plan, n: usize) -> Vec<[usize; 2]> {
    let mut cut = parts(std::slice::from_ref(plan), n);
    cut.resize(n, [plan.len(), plan.len()]);
    cut
}

/// Runs part `i` of `n` of the sweep (on up to `jobs` threads) and returns its part file.
pub fn run_part(
    base: &ParamSet,
    spec: &SweepSpec,
    (i, n): (usize, usize),
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<String, Error> {
    let plan = super::plan(base, spec)?;
    let [from, to] = ranges(&plan, n)[i - 1];
    let cells = super::run_points(&plan, [from, to], jobs, progress)?;
    let bytes = part::encode(from, &cells);
    let mut out = format!(
        "{MAGIC}\ntatbikat: {}\nsweep: {}\npart: {i}/{n}\npoints: {from}..{to} of {}\nfnv1a64: {:016x}\n",
        env!("CARGO_PKG_VERSION"),
        identity(base, spec),
        plan.len(),
        fnv1a64(&bytes)
    );
    for line in bytes.chunks(LINE) {
        for b in line {
            out.push_str(&format!("{b:02x}"));
        }
        out.push('\n');
    }
    fits(out.len(), (i, n))?;
    Ok(out)
}

/// Refuses a part file of `len` bytes over [`MAX_PART_BYTES`], which `--join` would not read.
fn fits(len: usize, (i, n): (usize, usize)) -> Result<(), Error> {
    if len as u64 <= MAX_PART_BYTES {
        return Ok(());
    }
    Err(Error::too_much_work(
        "--part",
        &format!("{i}/{n}"),
        format!(
            "part {i}/{n} of this sweep makes a part file of {len} bytes; `--join` reads parts of at most {} bytes (1 GiB): split the sweep into more parts (a larger N), or read fewer rows (a metric's @row, fewer metrics)",
            MAX_PART_BYTES
        ),
    ))
}

/// One part file as read: where it came from (to name it) and its text.
pub struct PartFile<'a> {
    /// The file's name as the user gave it.
    pub name: &'a str,
    /// Its contents.
    pub text: &'a str,
}

/// Joins the part files of one sweep into the serial run's sweep. Each file must be a part of
/// this sweep, made by this version, with every part 1..N once.
pub fn join(base: &ParamSet, spec: &SweepSpec, files: &[PartFile]) -> Result<super::Sweep, Error> {
    let plan = super::plan(base, spec)?;
    let want = identity(base, spec);
    let mut n_seen: Option<(usize, &str)> = None;
    let mut seen: Vec<Option<&str>> = Vec::new();
    let mut cut: Vec<[usize; 2]> = Vec::new();
    let mut cells: Vec<PointCells> = Vec::with_capacity(plan.len());
    let mut read: Vec<(usize, Vec<PointCells>)> = Vec::new();
    for f in files {
        let p = parse(f, &want)?;
        match n_seen {
            None => {
                n_seen = Some((p.n, f.name));
                seen = vec![None; p.n];
                cut = ranges(&plan, p.n);
            }
            Some((n, first)) if n != p.n => {
                return Err(refused(
                    f.name,
                    format!(
                        "part {}/{} does not belong with {first}, a part of {n}: join the parts of one split",
                        p.i, p.n
                    ),
                ));
            }
            Some(_) => {}
        }
        if let Some(other) = seen[p.i - 1].replace(f.name) {
            return Err(refused(
                f.name,
                format!(
                    "part {}/{} is given twice ({other} is that part too)",
                    p.i, p.n
                ),
            ));
        }
        let [from, to] = cut[p.i - 1];
        let (at, points) = part::decode(&p.bytes).map_err(|_| damaged(f.name))?;
        if [at, at + points.len()] != [from, to] || p.points != [from, to] {
            return Err(damaged(f.name));
        }
        read.push((from, points));
    }
    let Some((n, _)) = n_seen else {
        return Err(Error::bad(
            "--join",
            "",
            "the part files of the sweep, one per part",
        ));
    };
    if let Some(missing) = seen.iter().position(Option::is_none) {
        return Err(Error::bad(
            "--join",
            &files.iter().map(|f| f.name).collect::<Vec<_>>().join(" "),
            format!(
                "every part 1/{n} to {n}/{n} once; part {}/{n} is missing",
                missing + 1
            ),
        ));
    }
    read.sort_by_key(|(from, _)| *from);
    for (_, points) in read {
        cells.extend(points);
    }
    plan.join(&cells)
}

struct Parsed {
    i: usize,
    n: usize,
    points: [usize; 2],
    bytes: Vec<u8>,
}

fn refused(name: &str, why: String) -> Error {
    Error::bad("--join", name, why)
}

fn damaged(name: &str) -> Error {
    refused(
        name,
        "a part file as `--part` wrote it; this one is damaged (its bytes do not match its checksum or its points): run that part again".into(),
    )
}

/// Reads a part file's header and bytes, checking that it is a part of `want` and whole.
fn parse(f: &PartFile, want: &str) -> Result<Parsed, Error> {
    let mut lines = f.text.lines();
    if lines.next() != Some(MAGIC) {
        return Err(refused(
            f.name,
            format!("a part file that `--part` wrote (its first line is \"{MAGIC}\")"),
        ));
    }
    let mut field = |key: &str| -> Result<&str, Error> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(key))
            .and_then(|l| l.strip_prefix(": "))
            .ok_or_else(|| damaged(f.name))
    };
    let version = field("tatbikat")?;
    if version != env!("CARGO_PKG_VERSION") {
        return Err(refused(
            f.name,
            format!(
                "parts made by this tatbikat ({}); this one was made by {version}: run it again",
                env!("CARGO_PKG_VERSION")
            ),
        ));
    }
    let sweep = field("sweep")?;
    if sweep != want {
        return Err(refused(
            f.name,
            format!("a part of this sweep ({want}); this one is of another sweep: {sweep}"),
        ));
    }
    let (i, n) = part_number(field("part")?).map_err(|_| damaged(f.name))?;
    let points = field("points")?;
    let (range, _) = points.split_once(" of ").ok_or_else(|| damaged(f.name))?;
    let (from, to) = range.split_once("..").ok_or_else(|| damaged(f.name))?;
    let points = [
        from.parse().map_err(|_| damaged(f.name))?,
        to.parse().map_err(|_| damaged(f.name))?,
    ];
    let sum = u64::from_str_radix(field("fnv1a64")?, 16).map_err(|_| damaged(f.name))?;
    let mut bytes = Vec::new();
    for line in lines {
        let line = line.as_bytes();
        if line.len() % 2 != 0 {
            return Err(damaged(f.name));
        }
        for pair in line.chunks(2) {
            let hex = std::str::from_utf8(pair).map_err(|_| damaged(f.name))?;
            bytes.push(u8::from_str_radix(hex, 16).map_err(|_| damaged(f.name))?);
        }
    }
    if fnv1a64(&bytes) != sum {
        return Err(damaged(f.name));
    }
    Ok(Parsed {
        i,
        n,
        points,
        bytes,
    })
}

/// FNV-1a, 64 bits: a checksum that catches a truncated or edited part file (not a defence
/// against forgery; a part is a file the author made). Written out: six lines against a
/// dependency for every target.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_over_what_join_reads_is_refused_when_written() {
        let cap = MAX_PART_BYTES as usize;
        assert!(fits(cap, (1, 2)).is_ok());
        let e = fits(cap + 1, (2, 3)).unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::TooMuchWork);
        assert_eq!(
            (e.param.as_deref(), e.value.as_deref()),
            (Some("--part"), Some("2/3"))
        );
        assert!(e.allowed.contains("1073741824 bytes"), "{}", e.allowed);
        assert!(e.allowed.contains("more parts"), "{}", e.allowed);
    }
}
