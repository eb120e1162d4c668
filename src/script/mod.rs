//! A lesson from its script's printed text: the text one section's script prints (tables padded
//! with `padStart`/`padEnd`, numbers by `String(n)`, `toFixed`, tr-TR grouping, the Turkish
//! percent) read back into the report's typed cells, so a lesson written as a script and a
//! manifest gets the numbers the Rust ports give, and its text stays the script's, byte for byte.
//!
//! [`parse`] reads a section into groups of prose lines and tables ([`Text`]); [`render`] prints
//! it back exactly. How columns are found is `table.rs`'s rule, how cells are typed `cell.rs`'s,
//! and a lesson's manifest may say how a column's `8.000` reads ([`Hint`]). Lesson-neutral: it
//! knows no lesson, only what scripts print. Files import one way: `text` → `table` → `layout`,
//! `cell`; `text` → `prose` → `cell`.
//!
//! The work is bounded: a section over [`MAX_BYTES`] is refused with an [`Error`] naming the
//! limit; lines over [`MAX_LINE`] UTF-16 units and headers over [`MAX_COLUMNS`] columns are never
//! tables; [`SOLVE_ROWS`] rows decide a table's padding, a header is cut at most [`HEADER_CUTS`]
//! ways and a row searched at most [`SPLIT_STEPS`] steps. A megabyte reads in about 0.1 s in the
//! test build (`tests/script_text.rs` prints the figures).
//!
//! [`Error`]: crate::error::Error

mod cell;
pub mod declaration;
pub mod kinds;
mod layout;
pub mod manifest;
mod prose;
pub mod sections;
mod table;
mod text;

/// Runs a script lesson's section scripts: node in the CLI and the tests (`tools/script/run.mjs`),
/// the page's worker in the browser (whose texts the page hands the core). Given a section's
/// script file and the parameters as the script reads them (`process.argv[2]`; `None`: none),
/// answers what it printed, or an [`Error`] naming the file (and line) and the parameters.
pub trait Runner: Send + Sync {
    /// What `node <folder>/<script> '<params>'` prints.
    fn run(&self, script: &str, params: Option<&str>) -> Result<String, Error>;
}

pub use cell::{Hint, Reading};
pub use layout::SPLIT_STEPS;
pub use prose::Value;
pub use table::{Column, HEADER_CUTS, MAX_COLUMNS, MAX_LINE, SOLVE_ROWS, Table};
pub use text::{Block, Group, MAX_BYTES, Text, parse, render};

use crate::error::Error;
