//! Compare mode: two runs of one lesson, A (`vs`, the run compared against) and B (the run
//! shown), as one report in which every cell carries B, A and, for numbers, Δ = B − A. Sections,
//! groups, lines and tables are matched by their keys, table rows by their row key (the first
//! cell), so different lists and orderings line up; what one side lacks is marked `only_a` or
//! `only_b`. A pure function of (report A, report B, parameters A, parameters B); the CLI prints
//! it (`--vs`), the page is to draw it. Lesson-neutral: it reads only the report model.

mod align;
pub mod aligned;
mod build;
pub mod cell;
mod model;
mod summary;
pub mod text;
pub mod versus;

use crate::error::Error;
use crate::params::ParamSet;
use crate::report::{Report, Section};
pub use align::align;
pub use aligned::row_key;
use build::section_diff;
pub use model::*;
use summary::largest;

/// Runs both parameter sets (of the same lesson) and compares them.
pub fn run(b: &ParamSet, a: &ParamSet, section: Option<&str>) -> Result<Comparison, Error> {
    let (report_b, report_a) = run_both(b, a, section)?;
    Ok(compare(&report_b, &report_a, b, a, section))
}

/// B's and A's reports (parameters of the same lesson; anything else is an error naming `vs`).
pub fn run_both(
    b: &ParamSet,
    a: &ParamSet,
    section: Option<&str>,
) -> Result<(Report, Report), Error> {
    if a.lesson() != b.lesson() {
        return Err(Error::bad(
            "vs",
            a.lesson(),
            format!("parameters of the same lesson, {}", b.lesson()),
        ));
    }
    // The two sides are independent work: natively A runs on a thread of its own.
    #[cfg(not(target_arch = "wasm32"))]
    let (report_b, report_a) = std::thread::scope(|scope| {
        let side_a = scope.spawn(|| crate::lessons::run(a, section));
        let report_b = crate::lessons::run(b, section);
        let report_a = side_a
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (report_b, report_a)
    });
    #[cfg(target_arch = "wasm32")]
    let (report_b, report_a) = (
        crate::lessons::run(b, section),
        crate::lessons::run(a, section),
    );
    Ok((report_b?, report_a?))
}

/// Compares B's report with A's (each run with its parameters; `section` as they were run).
pub fn compare(
    b: &Report,
    a: &Report,
    pb: &ParamSet,
    pa: &ParamSet,
    section: Option<&str>,
) -> Comparison {
    // A value or column named as a parameter echoes an input: no relative change, not ranked.
    let echo = |name: &str| pb.schema().spec(name).is_some();
    let sections: Vec<SectionDiff> =
        align(&b.sections, &a.sections, |s: &Section| s.name.to_string())
            .into_iter()
            .map(|(sb, sa)| section_diff(sb, sa, &echo))
            .collect();
    let params = param_changes(pb, pa);
    let summary = Summary {
        params,
        largest: largest(&aligned::aligned(&b.sections, &a.sections), &echo),
    };
    Comparison {
        tatbikat: env!("CARGO_PKG_VERSION"),
        lesson: b.lesson,
        section: section.map(str::to_string),
        b: run_of(pb, section),
        a: run_of(pa, section),
        changed: sections.iter().any(|s| s.changed),
        summary,
        sections,
    }
}

/// The parameters whose values differ between A and B, in schema order.
pub fn param_changes(pb: &ParamSet, pa: &ParamSet) -> Vec<ParamChange> {
    let mut out = Vec::new();
    for ((name, vb), (_, va)) in pb.pairs().into_iter().zip(pa.pairs()) {
        if vb != va {
            out.push(ParamChange { name, a: va, b: vb });
        }
    }
    out
}

fn run_of(params: &ParamSet, section: Option<&str>) -> Run {
    Run {
        query: crate::query::encode(params, section),
        params: params.pairs(),
    }
}
