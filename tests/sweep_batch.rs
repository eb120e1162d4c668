//! A sweep past one machine (`--part I/N`, `--join`): the parts of any split, run as separate
//! processes and joined in any order, print what the serial sweep prints, byte for byte, in
//! every format; a part of another sweep, of another split, a missing or repeated part and a
//! damaged file are refused, naming the file; so are a file that is not a regular one (a FIFO,
//! `/dev/zero`) and one over the size limit, at once.

use crate::common;

use std::path::{Path, PathBuf};

/// `(lesson, base --set, x axis, y axis, metric)`.
type Case = (
    &'static str,
    &'static [&'static str],
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

const CASES: [Case; 5] = [
    (
        "compensation",
        &["runs=20000"],
        "comp_fail=0..0.5:7",
        Some("seed=1..3"),
        Some("monte_carlo.rate@2,monte_carlo.rate"),
    ),
    ("supervisor", &[], "scan=1..6", Some("lease=1..4"), None),
    ("jobs", &[], "fail_prob=0..1:9", None, None),
    ("leader", &[], "lease=2..9", None, None),
    ("quotas", &[], "capacity=6..14", None, None),
];

fn args(case: &Case) -> Vec<String> {
    let (lesson, base, x, y, metric) = *case;
    let mut a = vec![lesson.to_string()];
    for s in base {
        a.extend(["--set".into(), s.to_string()]);
    }
    a.extend(["--sweep".into(), x.into()]);
    if let Some(y) = y {
        a.extend(["--sweep".into(), y.into()]);
    }
    if let Some(m) = metric {
        a.extend(["--metric".into(), m.into()]);
    }
    a
}

/// `tatbikat ARGS` (the shared runner, which reads its output as UTF-8: the bytes exactly).
fn cli(args: &[String]) -> (i32, String, String) {
    common::cli(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn ok(args: &[String]) -> String {
    let (code, out, err) = cli(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// A fresh folder for one test's part files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tatbikat-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs every part of an `n`-way split of `case` and writes part-I files into `dir`.
fn run_parts(case: &Case, n: usize, dir: &Path) -> Vec<PathBuf> {
    (1..=n)
        .map(|i| {
            let mut a = args(case);
            a.extend(["--part".into(), format!("{i}/{n}")]);
            // Two threads inside a part: a part may use its machine's cores, same bytes.
            if i % 2 == 0 {
                a.extend(["--jobs".into(), "2".into()]);
            }
            let path = dir.join(format!("part-{i}"));
            std::fs::write(&path, ok(&a)).unwrap();
            path
        })
        .collect()
}

fn join_args(case: &Case, files: &[PathBuf], format: &str) -> Vec<String> {
    let mut a = args(case);
    a.extend(["--format".into(), format.into(), "--join".into()]);
    a.extend(files.iter().map(|f| f.display().to_string()));
    a
}

/// The orders a join is tried in: as run, reversed, rotated and shuffled (a fixed seed).
fn orders(files: &[PathBuf]) -> Vec<Vec<PathBuf>> {
    let mut reversed = files.to_vec();
    reversed.reverse();
    let mut rotated = files.to_vec();
    rotated.rotate_left(files.len() / 2);
    let mut shuffled = files.to_vec();
    let mut s: u64 = 20261201;
    for i in (1..shuffled.len()).rev() {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        shuffled.swap(i, (s >> 33) as usize % (i + 1));
    }
    vec![files.to_vec(), reversed, rotated, shuffled]
}

#[test]
fn parts_of_any_split_joined_in_any_order_print_the_serial_sweep() {
    let mut joins = 0;
    for (k, case) in CASES.iter().enumerate() {
        let points = {
            let (id, _, x, y, metric) = *case;
            let spec = tatbikat::sweep::parse(common::lesson(id), x, y, metric).unwrap();
            spec.x.texts.len() * spec.y.as_ref().map_or(1, |y| y.texts.len())
        };
        let serial: Vec<(&str, String)> = ["lesson", "json", "csv"]
            .into_iter()
            .map(|f| {
                let mut a = args(case);
                a.extend(["--format".into(), f.into()]);
                (f, ok(&a))
            })
            .collect();
        for n in [1, 2, 3, 5, points, points + 2] {
            let dir = folder(&format!("{k}-{n}"));
            let files = run_parts(case, n, &dir);
            for (o, order) in orders(&files).iter().enumerate() {
                let (format, want) = &serial[o % serial.len()];
                let got = ok(&join_args(case, order, format));
                assert!(
                    got == *want,
                    "{} split {n} ways, order {o}, --format {format}: the join differs from the serial sweep",
                    case.0
                );
                joins += 1;
            }
            // Every format from one order too.
            for (format, want) in &serial {
                assert!(
                    ok(&join_args(case, &files, format)) == *want,
                    "{} {n} {format}",
                    case.0
                );
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    assert_eq!(joins, CASES.len() * 6 * 4);
}

#[test]
fn a_join_refuses_what_is_not_this_sweep_whole_naming_the_file() {
    let case = &CASES[1];
    let dir = folder("refusals");
    let files = run_parts(case, 3, &dir);
    let refused = |files: &[PathBuf], needle: &str, name: &str| {
        let (code, out, err) = cli(&join_args(case, files, "lesson"));
        assert_eq!(code, 2, "{files:?}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains("--join") && err.contains(needle) && err.contains(name),
            "{err}"
        );
    };
    let p = |i: usize| files[i - 1].clone();
    let name = |i: usize| p(i).display().to_string();
    refused(&[p(1), p(3)], "part 2/3 is missing", "");
    refused(&[p(1), p(2), p(2), p(3)], "given twice", &name(2));
    // A part of another sweep (another axis), of another split, of another base.
    let other = |extra: &[&str], part: &str, file: &str| {
        let mut a = args(case);
        a.extend(extra.iter().map(|s| s.to_string()));
        a.extend(["--part".into(), part.into()]);
        let path = dir.join(file);
        std::fs::write(&path, ok(&a)).unwrap();
        path
    };
    let mut b = args(case);
    b[2] = "scan=1..5".into();
    let mut a = b.clone();
    a.extend(["--part".into(), "2/3".into()]);
    let wrong_axis = dir.join("wrong-axis");
    std::fs::write(&wrong_axis, ok(&a)).unwrap();
    refused(
        &[p(1), wrong_axis.clone(), p(3)],
        "of another sweep",
        "wrong-axis",
    );
    let two_of_four = other(&[], "2/4", "two-of-four");
    refused(
        &[p(1), two_of_four, p(3)],
        "does not belong with",
        "two-of-four",
    );
    let other_base = other(&["--set", "retry_limit=2"], "2/3", "other-base");
    refused(&[p(1), other_base, p(3)], "of another sweep", "other-base");
    // Damaged: a digit changed, a line cut off, another version, not a part file at all.
    let text = std::fs::read_to_string(p(2)).unwrap();
    let damage = |file: &str, t: String| {
        let path = dir.join(file);
        std::fs::write(&path, t).unwrap();
        path
    };
    let last = text.trim_end().rfind('\n').unwrap() + 1;
    let mut flipped = text.clone().into_bytes();
    flipped[last] = if flipped[last] == b'0' { b'1' } else { b'0' };
    let flipped = damage("flipped", String::from_utf8(flipped).unwrap());
    refused(&[p(1), flipped, p(3)], "damaged", "flipped");
    let cut = damage("cut", text[..last].to_string());
    refused(&[p(1), cut, p(3)], "damaged", "cut");
    let version = damage(
        "version",
        text.replacen(
            &format!("tatbikat: {}", env!("CARGO_PKG_VERSION")),
            "tatbikat: 0.0.1",
            1,
        ),
    );
    refused(&[p(1), version, p(3)], "made by 0.0.1", "version");
    let csv = damage("not-a-part.csv", "a,b\n1,2\n".into());
    refused(
        &[p(1), csv, p(3)],
        "a part file that `--part` wrote",
        "not-a-part.csv",
    );
    let missing = dir.join("no-such-file");
    refused(
        &[p(1), missing, p(3)],
        "a part file that can be read",
        "no-such-file",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn part_and_join_are_checked_where_they_are_given() {
    let run = |a: &[&str]| cli(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/1001"] {
        let (code, _, err) = run(&["jobs", "--sweep", "fail_prob=0..1:3", "--part", bad]);
        assert_eq!(code, 2);
        assert!(
            err.contains("--part") && err.contains(bad) && err.contains("1 ≤ I ≤ N"),
            "{err}"
        );
    }
    let misused = |args: &str, says: &str| {
        let (code, _, err) = run(&args.split(' ').collect::<Vec<_>>());
        assert_eq!(code, 2, "{args}");
        assert!(err.contains(says), "{args}: {err}");
    };
    misused("jobs --part 1/2", "they go with --sweep");
    misused(
        "jobs --sweep fail_prob=0..1:3 --part 1/2 --format json",
        "--format goes with --join",
    );
    misused(
        "jobs --sweep fail_prob=0..1:3 --part 1/2 --join x",
        "give one of them",
    );
}

/// `--join` reads nothing without a bound (issue 33): `/dev/zero` and a FIFO, which it once
/// read (or waited on) forever, are refused at once as not regular files, and a file over
/// `MAX_PART_BYTES` is refused from its size, the limit named, without being read.
#[test]
fn a_join_reads_no_file_without_a_bound() {
    let case = &CASES[1];
    let dir = folder("bounds");
    let files = run_parts(case, 2, &dir);
    let refused = |odd: &Path, says: &[&str]| {
        let a = join_args(case, &[files[0].clone(), odd.to_path_buf()], "lesson");
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        // The safety net only: the CLI ends by itself, at once.
        let (code, out, err) = common::cli_ending(&a, 10);
        assert_eq!(code, 2, "{odd:?}: {err}");
        assert!(out.is_empty());
        let name = odd.display().to_string();
        assert!(err.contains(&format!("--join = \"{name}\"")), "{err}");
        for s in says {
            assert!(err.contains(s), "{name}: {err}");
        }
    };
    refused(
        Path::new("/dev/zero"),
        &["a device (as /dev/zero)", "a regular file"],
    );
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {fifo:?}");
    refused(&fifo, &["a FIFO", "a regular file"]);
    refused(&dir, &["a directory"]);
    // One byte over the limit, sparse: no disk used, and nothing of it read.
    let limit = tatbikat::sweep::batch::MAX_PART_BYTES;
    let huge = dir.join("huge");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(limit + 1))
        .unwrap();
    refused(
        &huge,
        &[
            &format!("at most 1 GiB ({limit} bytes)"),
            &format!("this one has {} bytes", limit + 1),
        ],
    );
    // Under the limit a file is read (and these zeros refused as not a part file).
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(1 << 20))
        .unwrap();
    refused(&huge, &["a part file that `--part` wrote"]);
    let _ = std::fs::remove_dir_all(&dir);
}
