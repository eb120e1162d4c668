//! The quotas lesson's watched run (`--trace`): for several parameter sets, the trace's final
//! counters equal the cells `tatbikat quotas --format json` prints for the same run (the tenants
//! table and the idle lines for `quota:none` and the lesson's quotas, the quota sweep's rows for
//! `quota:A/B/C`). What the CLI prints and refuses: `tests/trace_cli.rs`.

use crate::common;
use common::{cli_json, report_blocks, report_table, set_args};

use serde_json::Value;

/// The cell of `column` in row `row`.
fn cell(t: &Value, row: &Value, column: &str) -> f64 {
    let columns = t["columns"].as_array().unwrap();
    let c = columns.iter().position(|c| c["key"] == column).unwrap();
    row[c]["value"].as_f64().unwrap()
}

/// The trace of `selector` at `set`.
fn trace(set: &[String], selector: &str) -> Value {
    let mut args: Vec<String> = vec!["quotas".into(), format!("--trace={selector}")];
    args.extend(set.iter().cloned());
    args.extend(["--format".to_string(), "json".to_string()]);
    let tr = cli_json(&args);
    assert_eq!(tr["trace"]["selector"], selector, "{set:?}");
    tr
}

/// The final value of track `track`'s counter `key`.
fn total(trace: &Value, track: &str, key: &str) -> f64 {
    for t in trace["trace"]["tracks"].as_array().unwrap() {
        if t["key"] != track {
            continue;
        }
        for c in t["counters"].as_array().unwrap() {
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
    panic!("no counter {track}.{key}")
}

const TENANTS: [&str; 3] = ["olcum", "portal", "rapor"];

/// The tenants table's columns, each the counter of the same name.
const TENANT_COLUMNS: [&str; 6] = [
    "requests",
    "starved",
    "rejected",
    "longest_wait",
    "total_wait",
    "left",
];

const PARAMETER_SETS: &[&[(&str, &str)]] = &[
    &[],
    // Quotas summing above the capacity, and below it.
    &[("quotas", "8,5,5"), ("quota_sweep", "10/6/6,8/4/4")],
    &[("quotas", "3,2,1"), ("quota_sweep", "2/1/1,4/2/2,1/1/1")],
    // Zero quotas: every request rejected and retried.
    &[("quotas", "0,0,0"), ("quota_sweep", "0/0/0,0/3/3,6/0/3")],
    &[("rounds", "1")],
    &[
        ("seed", "12345"),
        ("capacity", "7"),
        ("default_request", "3"),
        ("night_units", "2"),
    ],
];

#[test]
fn the_traces_counters_are_the_tables_cells() {
    for pairs in PARAMETER_SETS {
        let set = set_args(pairs);
        let mut args: Vec<String> = vec!["quotas".into()];
        args.extend(set.iter().cloned());
        args.extend(["--format".to_string(), "json".to_string()]);
        let report = cli_json(&args);
        let tenants = report_table(&report, "tenants");
        let rows = tenants["rows"].as_array().unwrap();
        let mut idle_lines = Vec::new();
        for b in report_blocks(&report) {
            if b["type"] == "line" && b["key"] == "quotas.idle" {
                idle_lines.push(b);
            }
        }
        assert_eq!(idle_lines.len(), 2);
        // The lesson's quotas, as the tenants table's mode says them (`kota 6/3/3`).
        let lesson_quota = rows[3][0]["value"]
            .as_str()
            .unwrap()
            .strip_prefix("kota ")
            .unwrap()
            .to_string();
        for (mode, selector) in [
            (0, "quota:none".to_string()),
            (1, format!("quota:{lesson_quota}")),
        ] {
            let tr = trace(&set, &selector);
            for (i, tenant) in TENANTS.iter().enumerate() {
                let row = &rows[mode * 3 + i];
                for column in TENANT_COLUMNS {
                    assert_eq!(
                        total(&tr, tenant, column),
                        cell(tenants, row, column),
                        "{pairs:?} {selector} {tenant} {column}"
                    );
                }
            }
            for key in ["idle", "idle_waiting"] {
                assert_eq!(
                    total(&tr, "units", key),
                    idle_lines[mode]["values"][key]["value"].as_f64().unwrap(),
                    "{pairs:?} {selector} {key}"
                );
            }
        }
        let sweep = report_table(&report, "quota_sweep");
        for row in sweep["rows"].as_array().unwrap() {
            let quota = row[0]["value"].as_str().unwrap();
            let tr = trace(&set, &format!("quota:{quota}"));
            assert_eq!(tr["trace"]["facts"][0][1], quota);
            let mut starved = 0.0;
            let mut rejected = 0.0;
            for tenant in TENANTS {
                starved += total(&tr, tenant, "starved");
                rejected += total(&tr, tenant, "rejected");
            }
            assert_eq!(
                starved,
                cell(sweep, row, "starved_requests"),
                "{pairs:?} {quota}"
            );
            assert_eq!(
                rejected,
                cell(sweep, row, "rejected_requests"),
                "{pairs:?} {quota}"
            );
            assert_eq!(
                total(&tr, "units", "idle_waiting"),
                cell(sweep, row, "idle_waiting"),
                "{pairs:?} {quota}"
            );
        }
    }
}
