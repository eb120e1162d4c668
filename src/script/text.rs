//! One section's printed text read into groups of prose lines and tables, and printed back
//! byte for byte: groups are the runs of lines between empty lines (as the report's text layout
//! separates them), and in a group every line is prose unless it heads a table
//! (`table::read`) or is one of its rows. Only `\n` ends a line (node's `console.log` prints
//! it on every system): a `\r` before it is text, the line's last character. Only U+0020 pads;
//! a tab is text too.

use super::cell::Hint;
use super::prose::{self, Value};
use super::table::{self, Found, Table};
use crate::error::Error;
use serde::Serialize;

/// The most bytes of printed text one section may have: 8 MiB, some hundred times a lesson's.
pub const MAX_BYTES: usize = 8 << 20;

/// A section's printed text, read.
#[derive(Debug, Clone, Serialize)]
pub struct Text {
    /// The groups, in order; one empty line apart when printed.
    pub groups: Vec<Group>,
    /// Whether the text ends with a newline (every script's output does).
    pub final_newline: bool,
}

/// Lines printed together, between empty lines.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Group {
    /// Its prose lines and tables, in order.
    pub blocks: Vec<Block>,
}

/// A prose line or a table.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Block {
    /// One line kept as printed.
    Line {
        /// The line, without its newline.
        text: String,
        /// The numbers in it.
        values: Vec<Value>,
    },
    /// A header and its rows.
    Table(Table),
}

/// Reads a section's printed text. Refuses only text over [`MAX_BYTES`]; any other text reads,
/// what is not a table as prose, and [`render`] prints it back exactly.
pub fn parse(text: &str, hints: &[Hint]) -> Result<Text, Error> {
    if text.len() > MAX_BYTES {
        return Err(Error::too_much_work(
            "text",
            &format!("{} bytes", text.len()),
            format!(
                "a section's printed text may have at most {MAX_BYTES} bytes (8 MiB); this one has {}",
                text.len()
            ),
        ));
    }
    let final_newline = text.ends_with('\n');
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut groups = Vec::new();
    let mut tables = 0;
    if !text.is_empty() {
        for lines in body.split('\n').collect::<Vec<_>>().split(|l| l.is_empty()) {
            groups.push(group(lines, &mut tables, hints));
        }
    }
    Ok(Text {
        groups,
        final_newline,
    })
}

/// One group's blocks: each line heads a table if it can, else it is prose.
fn group(lines: &[&str], tables: &mut usize, hints: &[Hint]) -> Group {
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match table::read(&lines[i..], *tables, hints) {
            Found::Table(t, taken) => {
                blocks.push(Block::Table(t));
                *tables += 1;
                i += taken;
            }
            Found::Prose(taken) => {
                for line in &lines[i..i + taken] {
                    blocks.push(Block::Line {
                        text: line.to_string(),
                        values: prose::values(line),
                    });
                }
                i += taken;
            }
        }
    }
    Group { blocks }
}

/// The text as printed: every line ends with a newline, but the last when the text did not.
pub fn render(text: &Text) -> String {
    let mut out = String::new();
    for (i, group) in text.groups.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for block in &group.blocks {
            match block {
                Block::Line { text, .. } => {
                    out.push_str(text);
                    out.push('\n');
                }
                Block::Table(t) => t.render(&mut out),
            }
        }
    }
    if !text.final_newline && !text.groups.is_empty() {
        out.pop();
    }
    out
}

impl Text {
    /// Every table, in the section's order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.groups
            .iter()
            .flat_map(|g| &g.blocks)
            .filter_map(|b| match b {
                Block::Table(t) => Some(t),
                Block::Line { .. } => None,
            })
    }
}
