//! Declaring a lesson's parameters once: [`declare_params!`](crate::declare_params) writes the
//! schema (name, kind, default, the lesson's name, meaning) and the typed struct the model reads,
//! from one list. A field's name is its parameter's name, so a misspelling does not compile.

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
