//! The leader lesson's watched run (`--trace`): for several parameter sets, the trace's final
//! counters equal the cells `tatbikat leader --format json` prints for the same run (the fencing
//! table's columns for `fencing:0|1`, the lease sweep's rows for `lease:N`). What the CLI prints
//! and refuses: `tests/trace_cli.rs`.

use crate::common;
use common::{cli_json, report_table, set_args};

use serde_json::Value;

/// The cell of `column` in the row whose first cell is `row` (a label's key or a number's text).
fn cell(t: &Value, row: &str, column: &str) -> f64 {
    let columns = t["columns"].as_array().unwrap();
    let c = columns.iter().position(|c| c["key"] == column).unwrap();
    for r in t["rows"].as_array().unwrap() {
        let first = &r[0];
        if first["key"] == row || first["text"] == row {
            return r[c]["value"].as_f64().unwrap();
        }
    }
    panic!("no row {row} in {}", t["key"])
}

/// The final value of the nodes track's counter `key`.
fn total(trace: &Value, key: &str) -> f64 {
    for track in trace["trace"]["tracks"].as_array().unwrap() {
        for c in track["counters"].as_array().unwrap() {
            if c["key"] == key {
                return c["values"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()
                    .as_f64()
                    .unwrap();
            }
        }
    }
    panic!("no counter {key}")
}

const FENCING_ROWS: [&str; 8] = [
    "led_rounds",
    "leaderless_rounds",
    "double_run_rounds",
    "two_leader_rounds",
    "takeovers",
    "rejected_writes",
    "lease_writes",
    "record_reads",
];

/// The lease sweep's columns and the counters that tell them.
const SWEEP_COLUMNS: [(&str, &str); 5] = [
    ("takeovers", "takeovers"),
    ("longest_gap", "longest_gap"),
    ("double_runs", "double_run_rounds"),
    ("lease_writes", "lease_writes"),
    ("record_reads", "record_reads"),
];

const PARAMETER_SETS: &[&[(&str, &str)]] = &[
    &[],
    &[("fencing", "1")],
    &[("lease_sweep", "2,4,8,16"), ("lease", "16"), ("renew", "8")],
    &[("crash", "N2@10")],
    &[("crash", "N2@30"), ("pause", "N1@12+9"), ("poll", "2")],
    &[("crash", ""), ("pause", "")],
    &[("rounds", "1")],
    &[
        ("nodes", "5"),
        ("crash", "N1@5,N4@7"),
        ("pause", "N2@9+12,N3@20+3"),
        ("lease_sweep", "3,5,16"),
    ],
];

#[test]
fn the_traces_counters_are_the_tables_cells() {
    for pairs in PARAMETER_SETS {
        let set = set_args(pairs);
        let mut args: Vec<String> = vec!["leader".into(), "--section".into(), "measure".into()];
        args.extend(set.iter().cloned());
        args.extend(["--format".to_string(), "json".to_string()]);
        let report = cli_json(&args);
        let fencing = report_table(&report, "fencing");
        for (selector, column) in [("fencing:0", "unfenced"), ("fencing:1", "fenced")] {
            let mut args: Vec<String> = vec!["leader".into(), format!("--trace={selector}")];
            args.extend(set.iter().cloned());
            args.extend(["--format".to_string(), "json".to_string()]);
            let tr = cli_json(&args);
            assert_eq!(tr["trace"]["selector"], selector, "{pairs:?}");
            for row in FENCING_ROWS {
                assert_eq!(
                    total(&tr, row),
                    cell(fencing, row, column),
                    "{pairs:?} {selector} {row}"
                );
            }
        }
        let sweep = report_table(&report, "lease_sweep");
        for r in sweep["rows"].as_array().unwrap() {
            let lease = r[0]["text"].as_str().unwrap();
            let selector = format!("fencing:0,lease:{lease}");
            let mut args: Vec<String> = vec!["leader".into(), format!("--trace={selector}")];
            args.extend(set.iter().cloned());
            args.extend(["--format".to_string(), "json".to_string()]);
            let tr = cli_json(&args);
            assert_eq!(tr["trace"]["selector"], selector.as_str());
            let renew = tr["trace"]["facts"].as_array().unwrap()[2][1]
                .as_str()
                .unwrap()
                .to_string();
            assert_eq!(
                renew.parse::<f64>().unwrap(),
                cell(sweep, lease, "renew"),
                "{pairs:?} {lease}"
            );
            for (column, counter) in SWEEP_COLUMNS {
                assert_eq!(
                    total(&tr, counter),
                    cell(sweep, lease, column),
                    "{pairs:?} {selector} {column}"
                );
            }
        }
    }
}
