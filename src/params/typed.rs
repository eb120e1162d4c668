//! Reading a parameter's value as a Rust type ([`FromValue`]): what a lesson's typed struct
//! (`declare_params!`) and [`ParamSet::typed`](super::ParamSet::typed) read through.

use super::kind::{KindValue, Value};

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
