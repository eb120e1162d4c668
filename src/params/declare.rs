//! Declaring a lesson's parameters once: [`declare_params!`](crate::declare_params) writes the
//! schema (name, kind, default, the lesson's name, meaning) and the typed struct the model reads,
//! from one list. A field's name is its parameter's name, so a misspelling does not compile.

use super::{Fault, KindValue, ParamSet, StepSpec, Value};

/// A Rust type a parameter's value reads as. The kind declares the value, the field's type the
/// reading: a mismatch is a bug in a declaration, found by the tests that run every lesson.
pub trait FromValue: Sized {
    /// The value as this type, or `None` when the kind does not give this type.
    fn from_value(value: &Value) -> Option<Self>;
}

macro_rules! whole {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(value: &Value) -> Option<Self> {
                match value {
                    Value::Int(v) => <$t>::try_from(*v).ok(),
                    _ => None,
                }
            }
        }
        impl FromValue for Vec<$t> {
            fn from_value(value: &Value) -> Option<Self> {
                match value {
                    Value::IntList(v) => v.iter().map(|&x| <$t>::try_from(x).ok()).collect(),
                    _ => None,
                }
            }
        }
    )*};
}
whole!(i64, u64, u32, usize);

macro_rules! plain {
    ($($t:ty => $variant:ident),* $(,)?) => {$(
        impl FromValue for $t {
            fn from_value(value: &Value) -> Option<Self> {
                match value {
                    Value::$variant(v) => Some(v.clone()),
                    _ => None,
                }
            }
        }
    )*};
}
plain!(
    f64 => Real,
    Vec<f64> => RealList,
    &'static str => Choice,
    Option<i64> => OptInt,
    Vec<String> => Names,
    Vec<Fault> => Faults,
    Vec<StepSpec> => Steps,
);

/// A lesson's own value type, read from its kind's [`Value::Custom`].
impl<T: KindValue> FromValue for T {
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Custom(v) => v.get::<T>().cloned(),
            _ => None,
        }
    }
}

/// A switch (`0`/`1`).
impl FromValue for bool {
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Int(v) => Some(*v != 0),
            _ => None,
        }
    }
}

/// An inclusive range `a-b`.
impl FromValue for (i64, i64) {
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Range(a, b) => Some((*a, *b)),
            _ => None,
        }
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

/// Declares a lesson's parameters once, in order, each as
/// `name: Type = "default", Kind::…, "lesson's name", "meaning";` (an `#[extension]` before it
/// marks a parameter beyond the lesson, off at its default). It defines `pub static SCHEMA` and
/// the struct, whose `read(set)` gives the typed values:
///
/// ```
/// tatbikat::declare_params! {
///     /// A lesson's parameters.
///     pub struct DemoParams for "demo" {
///         n: u32 = "5", tatbikat::params::Kind::Int { min: 1, max: 100 }, "N", "rows of the table";
///         #[extension]
///         loud: bool = "0", tatbikat::params::Kind::Switch, "(tatbikat)", "print louder";
///     }
/// }
/// let set = tatbikat::ParamSet::defaults(&SCHEMA);
/// assert_eq!(DemoParams::read(&set), DemoParams { n: 5, loud: false });
/// assert!(SCHEMA.specs[1].extension);
/// ```
#[macro_export]
macro_rules! declare_params {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident for $lesson:literal {
            $(
                $(#[$flag:ident])?
                $field:ident : $ty:ty = $default:expr, $kind:expr, $lesson_name:literal, $meaning:literal;
            )*
        }
    ) => {
        /// The lesson's parameters, in the order the page and `--help` list them.
        pub static SCHEMA: $crate::params::Schema = $crate::params::Schema {
            lesson: $lesson,
            specs: &[$(
                $crate::params::ParamSpec {
                    name: stringify!($field),
                    kind: $kind,
                    default: $default,
                    #[cfg(not(target_arch = "wasm32"))]
                    meaning: $meaning,
                    #[cfg(not(target_arch = "wasm32"))]
                    lesson_name: $lesson_name,
                    extension: $crate::declare_params!(@extension $($flag)?),
                }
            ),*],
        };

        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        $vis struct $name {
            $(
                #[doc = $meaning]
                pub $field: $ty,
            )*
        }

        impl $name {
            /// The typed values of `set`, a set of this lesson's [`SCHEMA`].
            pub fn read(set: &$crate::params::ParamSet) -> Self {
                Self {
                    $($field: $crate::params::read(set, stringify!($field)),)*
                }
            }
        }
    };
    (@extension extension) => {
        true
    };
    (@extension) => {
        false
    };
}
