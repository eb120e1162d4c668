//! Bad input exits with status 2 and a message naming the parameter, the value and what is
//! allowed — never a panic, never a silently different result.

use crate::common;
use common::cli;

/// Each case: arguments, then fragments the message must contain.
const CASES: &[(&[&str], &[&str])] = &[
    (
        &["nosuch"],
        &[
            "unknown lesson \"nosuch\"",
            "supervisor, jobs, compensation",
        ],
    ),
    (&[], &["no lesson given"]),
    (
        &["jobs", "--set", "replace_policy=2"],
        &["replace_policy = \"2\"", "0 (off) or 1 (on)"],
    ),
    (
        &["jobs", "--set", "backoff=on"],
        &["backoff = \"on\"", "0 (off) or 1 (on)"],
    ),
    (
        &["jobs", "--set", "starting_deadline=-1"],
        &[
            "starting_deadline = \"-1\"",
            "nothing (none) or a whole number from 0 to 100000",
        ],
    ),
    (
        &["jobs", "--set", "failed_pod_ttl=1.5"],
        &[
            "failed_pod_ttl = \"1.5\"",
            "nothing (none) or a whole number",
        ],
    ),
    (
        &["supervisor", "--set", "fault_mode=rand"],
        &["fault_mode = \"rand\"", "one of fixed, random"],
    ),
    (
        &["supervisor", "--set", "hang_rate=2"],
        &["hang_rate = \"2\"", "probability from 0 to 1"],
    ),
    (
        &["supervisor", "--set", "fault_seed=0"],
        &["fault_seed = \"0\"", "from 1 to 2147483646"],
    ),
    (
        &[
            "supervisor",
            "--set",
            "idempotent=0",
            "--set",
            "invoice_steps=fatura,nosuch",
        ],
        &[
            "invoice_steps = \"fatura,nosuch\"",
            "\"nosuch\" is not a step",
            "tarife, indirim, fatura, bildirim",
        ],
    ),
    (
        &["compensation", "--set", "reversible_close=yes"],
        &["reversible_close = \"yes\"", "0 (off) or 1 (on)"],
    ),
    (
        &["jobs", "--section", "daily"],
        &["unknown section \"daily\"", "sections of jobs are measure"],
    ),
    (
        &["jobs", "--set", "nigths=3"],
        &["unknown parameter \"nigths\"", "nights"],
    ),
    (&["jobs", "--set", "nights"], &["--set takes name=value"]),
    (&["jobs", "--set"], &["--set needs a value"]),
    (&["jobs", "--bogus"], &["unknown argument \"--bogus\""]),
    (
        &["jobs", "--format", "xml"],
        &["format = \"xml\"", "lesson, json and csv"],
    ),
    (
        &["jobs", "--set", "nights=abc"],
        &["nights = \"abc\"", "whole number from 1 to 10000"],
    ),
    (
        &["jobs", "--set", "nights=2.5"],
        &["nights = \"2.5\"", "whole number"],
    ),
    (
        &["jobs", "--set", "nights=0"],
        &["nights = \"0\"", "from 1 to"],
    ),
    (
        &["jobs", "--set", "nights=-4"],
        &["nights = \"-4\"", "from 1 to"],
    ),
    (
        &["jobs", "--set", "nights=99999999999999999999999"],
        &["nights", "whole number"],
    ),
    (
        &["jobs", "--set", "fail_prob=1.5"],
        &["fail_prob = \"1.5\"", "probability from 0 to 1"],
    ),
    (
        &["jobs", "--set", "fail_prob=NaN"],
        &["fail_prob = \"NaN\"", "probability from 0 to 1"],
    ),
    (
        &["jobs", "--set", "fail_prob=-0.1"],
        &["fail_prob = \"-0.1\"", "probability"],
    ),
    (
        &["jobs", "--set", "fail_prob=inf"],
        &["fail_prob = \"inf\""],
    ),
    (
        &["jobs", "--set", "retry_limits="],
        &["retry_limits = \"\"", "the list is empty"],
    ),
    (
        &["jobs", "--set", "retry_limits=1,0"],
        &["retry_limits = \"1,0\"", "item \"0\"", "from 1 to 1000"],
    ),
    (
        &["jobs", "--set", "parallelisms=1,,2"],
        &["parallelisms", "empty item"],
    ),
    (
        &["jobs", "--set", "long_hours=54-30"],
        &["long_hours = \"54-30\"", "ends (30) before it starts (54)"],
    ),
    (
        &["jobs", "--set", "seed=0"],
        &["seed = \"0\"", "1 to 2147483646"],
    ),
    (
        &["jobs", "--set", "seed=2147483647"],
        &["seed = \"2147483647\"", "1 to 2147483646"],
    ),
    (
        &["jobs", "--set", "seed=1", "--set", "seed=2"],
        &["seed is given more than once"],
    ),
    (
        &["compensation", "--set", "seed=4294967296"],
        &["seed = \"4294967296\"", "0 to 4294967295"],
    ),
    (
        &["compensation", "--set", "retries=0"],
        &["retries = \"0\"", "from 1 to 20"],
    ),
    (
        &["compensation", "--set", "runs=0"],
        &["runs = \"0\"", "from 1 to"],
    ),
    (
        &["compensation", "--set", "round_s=0"],
        &["round_s = \"0\"", "from 0.000001 to"],
    ),
    (
        &["compensation", "--set", "steps=a(b)"],
        &["steps = \"a(b)\"", "depends on \"b\", which is not a step"],
    ),
    (
        &["compensation", "--set", "steps=a(b),b(a)"],
        &["steps", "circle"],
    ),
    (
        &["compensation", "--set", "steps=a,a"],
        &["steps", "appears twice"],
    ),
    (
        &["compensation", "--set", "steps=a<b"],
        &["steps", "character '<'"],
    ),
    (
        &[
            "compensation",
            "--set",
            "runs=1000000000",
            "--set",
            "retries=20,20,20,20",
            "--set",
            "comp_fail=1",
        ],
        &["limit", "lower runs"],
    ),
    (
        &["supervisor", "--set", "hung=S13@indirim"],
        &[
            "hung = \"S13@indirim\"",
            "job S13 does not exist",
            "S1..S12",
        ],
    ),
    (
        &["supervisor", "--set", "permanent=S7@kargo"],
        &[
            "permanent = \"S7@kargo\"",
            "\"kargo\" is not a step",
            "tarife, indirim, fatura, bildirim",
        ],
    ),
    (
        &["supervisor", "--set", "jobs=4"],
        &["hung", "job S5 does not exist", "S1..S4"],
    ),
    (
        &["supervisor", "--set", "hung=S2"],
        &["hung = \"S2\"", "job@step"],
    ),
    (
        &["supervisor", "--set", "hung=S2@indirim,S2@fatura"],
        &["hung", "job S2 appears twice"],
    ),
    (
        &["supervisor", "--set", "steps=a,b,a"],
        &["steps", "appears twice"],
    ),
    (
        &["supervisor", "--set", "scan=0"],
        &["scan = \"0\"", "from 1 to 10000"],
    ),
    (
        &["supervisor", "--set", "scan_sweep=1,2,x"],
        &["scan_sweep", "item \"x\""],
    ),
    (
        &["supervisor", "--set", "hang_rates=0.1,2"],
        &["hang_rates", "item \"2\"", "probability"],
    ),
    // The SCORM package: its arguments, a refused link, a site that is not built.
    (
        &["package", "-o", "x.zip"],
        &["package needs --scorm QUERY"],
    ),
    (
        &["package", "--scorm", "lesson=jobs"],
        &["package needs -o FILE.zip"],
    ),
    (
        &["package", "--zip"],
        &["unknown package argument \"--zip\""],
    ),
    (
        &["package", "--scorm", "lesson=jobs&seed=x", "-o", "x.zip"],
        &["seed = \"x\""],
    ),
    (
        &["package", "--scorm", "lesson=jobs&lang=de", "-o", "x.zip"],
        &["lang = \"de\"", "tr and en"],
    ),
    (
        &[
            "package",
            "--scorm",
            "lesson=jobs",
            "-o",
            "x.zip",
            "--site",
            "target/no-such-site",
        ],
        &["target/no-such-site/precache.js", "./build.sh build"],
    ),
];

#[test]
fn every_bad_input_is_refused_with_status_2_and_a_clear_message() {
    for (args, fragments) in CASES {
        let (code, stdout, stderr) = cli(args);
        assert_eq!(code, 2, "tatbikat {args:?} exited {code}; stderr: {stderr}");
        assert!(
            stdout.is_empty(),
            "tatbikat {args:?} printed a result: {stdout}"
        );
        assert!(
            !stderr.contains("panicked"),
            "tatbikat {args:?} panicked: {stderr}"
        );
        for f in *fragments {
            assert!(
                stderr.contains(f),
                "tatbikat {args:?}: message lacks {f:?}:\n{stderr}"
            );
        }
    }
}

#[test]
fn help_lists_lessons_sections_and_parameters() {
    let (code, out, _) = cli(&["--help"]);
    assert_eq!(code, 0);
    for f in [
        "supervisor",
        "jobs",
        "compensation",
        "measure, daily",
        "retry_limit",
        "round_factor",
        "default 20260813",
    ] {
        assert!(out.contains(f), "--help lacks {f:?}");
    }
    let (code, out, _) = cli(&["jobs", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("long_hours")
            && out.contains("default 30-54")
            && out.contains("sections: measure")
    );
    assert!(
        !out.contains("round_factor"),
        "jobs --help lists another lesson's parameters"
    );
}

/// `package` reads no site file without a bound (issue 33): a `precache.js` that is `/dev/zero`
/// is refused at once, a site file over `scorm::MAX_FILE_BYTES` from its size, and files over
/// `scorm::MAX_FILES_BYTES` together where they pass it, each naming the limit.
#[test]
fn package_reads_no_site_file_without_a_bound() {
    let dir = std::env::temp_dir().join(format!("tatbikat-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pkg")).unwrap();
    let site = dir.display().to_string();
    let package = || {
        let args = [
            "package",
            "--scorm",
            "lesson=jobs",
            "-o",
            "/dev/null",
            "--site",
            &site,
        ];
        // The safety net only: the CLI ends by itself, at once.
        let (code, out, err) = common::cli_ending(&args, 10);
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty(), "{out}");
        err
    };
    let precache = dir.join("precache.js");
    std::os::unix::fs::symlink("/dev/zero", &precache).unwrap();
    let err = package();
    assert!(
        err.contains(&format!("--site = \"{}\"", precache.display()))
            && err.contains("a device (as /dev/zero)"),
        "{err}"
    );
    std::fs::remove_file(&precache).unwrap();
    let sparse = |path: &std::path::Path, len: u64| {
        std::fs::File::create(path)
            .and_then(|f| f.set_len(len))
            .unwrap()
    };
    let limit = tatbikat::scorm::MAX_FILE_BYTES;
    sparse(&precache, limit + 1);
    let err = package();
    assert!(
        err.contains(&format!("at most 16 MiB ({limit} bytes)"))
            && err.contains(&format!("this one has {} bytes", limit + 1)),
        "{err}"
    );
    // Five site files of 15 MiB each: each within the limit, 75 MiB together (and the small
    // files that open a package from disk, which come first).
    std::fs::create_dir_all(dir.join("disk")).unwrap();
    for f in ["boot.js", "page.js", "jobs.js"] {
        std::fs::write(dir.join("disk").join(f), "//\n").unwrap();
    }
    let mut list = String::from("[\n");
    for i in 0..5 {
        let path = format!("pkg/jobs-{i}.wasm");
        sparse(&dir.join(&path), 15 << 20);
        list.push_str(&format!("  [\"{path}\", \"sha256-x\", \"jobs\", 1, 1],\n"));
    }
    list.push_str("]\n");
    std::fs::write(&precache, list).unwrap();
    let err = package();
    let all = tatbikat::scorm::MAX_FILES_BYTES;
    assert!(
        err.contains(&format!("--site = \"{site}\""))
            && err.contains(&format!("at most {all} bytes (64 MiB) together"))
            && err.contains("at pkg/jobs-4.wasm"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
