//! One lesson's parameter values, in schema order: what the codec reads into and prints from.

use std::fmt;

use super::kind::Value;
use super::parse::parse_value;
use super::spec::Schema;
use super::typed::FromValue;
use crate::error::{Error, ErrorCode};

/// The values of every parameter of one lesson, in schema order.
#[derive(Clone)]
pub struct ParamSet {
    schema: &'static Schema,
    values: Vec<Value>,
}

impl PartialEq for ParamSet {
    fn eq(&self, other: &Self) -> bool {
        self.schema.lesson == other.schema.lesson && self.values == other.values
    }
}

impl fmt::Debug for ParamSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParamSet")
            .field("lesson", &self.schema.lesson)
            .field("values", &self.pairs())
            .finish()
    }
}

impl ParamSet {
    /// The lesson's own values.
    pub fn defaults(schema: &'static Schema) -> Self {
        let values = schema
            .specs
            .iter()
            .map(|spec| match parse_value(spec, spec.default) {
                Ok(v) => v,
                Err(e) => panic!("the default of {} does not parse: {e}", spec.name),
            })
            .collect();
        Self { schema, values }
    }

    /// Defaults overridden by `name=value` assignments; a name may be given once.
    pub fn from_assignments<'a>(
        schema: &'static Schema,
        assignments: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, Error> {
        let mut set = Self::defaults(schema);
        let mut seen: Vec<&str> = Vec::new();
        for (name, text) in assignments {
            if seen.contains(&name) {
                return Err(Error {
                    code: ErrorCode::RepeatedParam,
                    param: Some(name.to_string()),
                    value: Some(text.to_string()),
                    allowed: "give each parameter once".into(),
                    why: None,
                });
            }
            set.set(name, text)?;
            seen.push(name);
        }
        Ok(set)
    }

    /// The lesson's values with `pairs` over them; panics on a refused one (for tests).
    #[cfg(test)]
    pub fn of(schema: &'static Schema, pairs: &[(&str, &str)]) -> Self {
        Self::from_assignments(schema, pairs.iter().copied()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The id of the lesson these values belong to.
    pub fn lesson(&self) -> &'static str {
        self.schema.lesson
    }

    /// The schema these values were read with.
    pub fn schema(&self) -> &'static Schema {
        self.schema
    }

    /// Sets one parameter from its text form.
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), Error> {
        let index = self.index(name)?;
        self.values[index] = parse_value(&self.schema.specs[index], text)?;
        Ok(())
    }

    fn index(&self, name: &str) -> Result<usize, Error> {
        let specs = self.schema.specs;
        specs
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| Error {
                code: ErrorCode::UnknownParam,
                param: Some(name.to_string()),
                value: None,
                allowed: format!(
                    "the parameters of {} are {}",
                    self.schema.lesson,
                    specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
                ),
                why: None,
            })
    }

    /// The value of a parameter the lesson declares.
    pub fn get(&self, name: &str) -> &Value {
        match self.schema.specs.iter().position(|s| s.name == name) {
            Some(i) => &self.values[i],
            None => panic!("{} has no parameter {name}", self.schema.lesson),
        }
    }

    /// Every parameter with its text form, in schema order.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        self.schema
            .specs
            .iter()
            .zip(&self.values)
            .map(|(s, v)| (s.name, v.to_text()))
            .collect()
    }

    /// The parameters whose value differs from the lesson's, with their text form.
    pub fn changed(&self) -> Vec<(&'static str, String)> {
        let defaults = Self::defaults(self.schema);
        self.schema
            .specs
            .iter()
            .zip(self.values.iter().zip(&defaults.values))
            .filter(|(_, (v, d))| v != d)
            .map(|(s, (v, _))| (s.name, v.to_text()))
            .collect()
    }

    /// A parameter as a Rust value (see [`FromValue`]). Lessons read their typed struct from
    /// `declare_params!` instead, where a misspelt name does not compile; this is for tools and
    /// tests.
    pub fn typed<T: FromValue>(&self, name: &str) -> T {
        read(self, name)
    }

    /// A whole-number parameter (see [`ParamSet::typed`]).
    pub fn int(&self, name: &str) -> i64 {
        self.typed(name)
    }

    /// A real-number parameter (see [`ParamSet::typed`]).
    pub fn real(&self, name: &str) -> f64 {
        self.typed(name)
    }
}

/// The parameter `name` of `set` as `T`. Panics when the lesson declares no such parameter or
/// its kind does not read as `T`: both are bugs in the lesson's code, never input.
pub fn read<T: FromValue>(set: &ParamSet, name: &str) -> T {
    T::from_value(set.get(name)).unwrap_or_else(|| {
        // No type name here: `type_name` strings would ship in the WebAssembly module.
        panic!(
            "{}: parameter {name} does not read as declared",
            set.lesson()
        )
    })
}
