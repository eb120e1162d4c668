//! A lesson's schema: its parameters in order, each with its kind, default and meaning.

use serde::Serialize;

use super::kind::Kind;

/// A lesson's parameters, in the order the lesson declares them.
#[derive(Debug)]
pub struct Schema {
    /// The lesson's id.
    pub lesson: &'static str,
    /// Every parameter.
    pub specs: &'static [ParamSpec],
}

impl Schema {
    /// The parameter called `name`.
    pub fn spec(&self, name: &str) -> Option<&'static ParamSpec> {
        self.specs.iter().find(|s| s.name == name)
    }

    /// The generator seed parameter, for lessons that draw random numbers.
    pub fn seed(&self) -> Option<&'static ParamSpec> {
        self.specs
            .iter()
            .find(|s| matches!(s.kind, Kind::Seed { .. }))
    }
}

/// One parameter of a lesson.
#[derive(Debug, Clone, Serialize)]
pub struct ParamSpec {
    /// The one name used by the CLI, the URL and the JSON.
    pub name: &'static str,
    /// What it holds and the bounds.
    pub kind: Kind,
    /// The lesson's value, in the codec's text form.
    pub default: &'static str,
    /// A one-line meaning (for `--help`; the page has its own words, so WebAssembly leaves it out).
    #[cfg(not(target_arch = "wasm32"))]
    pub meaning: &'static str,
    /// The constant's name in the lesson's code (for `--help`).
    #[cfg(not(target_arch = "wasm32"))]
    pub lesson_name: &'static str,
    /// Whether it drives an extension beyond the lesson ("closer to the real systems"), off at
    /// its default; the page groups these apart.
    pub extension: bool,
}

/// A parameter `p` of `kind` with no default, for the codec's and the lessons' kind tests.
#[cfg(test)]
pub fn spec_of(kind: Kind) -> ParamSpec {
    ParamSpec {
        name: "p",
        kind,
        default: "",
        meaning: "",
        lesson_name: "",
        extension: false,
    }
}
