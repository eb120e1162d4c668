//! The one parameter kind a script lesson adds to the shared ones: text the script reads itself
//! (a leader's `N1@20`, a quota list `6/3/3`), bounded in length and characters by the codec,
//! its form checked by the script (a script that throws on it is named with the value).

use crate::params::{Bound, KindValue, LessonKind, Reason, Value};

/// Text of at most `max_len` characters, printable ASCII without quotes, backslash or `&`/`#`
/// (which a link would split), that the lesson's script reads.
#[derive(Debug)]
pub struct Text {
    /// The most characters.
    pub max_len: usize,
}

/// A [`Text`] value, as given (trimmed).
#[derive(Debug, Clone, PartialEq)]
pub struct Typed(pub String);

impl KindValue for Typed {
    fn to_text(&self) -> String {
        self.0.clone()
    }
}

/// Whether `c` may appear in a [`Text`] value.
fn allowed_char(c: char) -> bool {
    c.is_ascii_graphic() && !matches!(c, '"' | '\'' | '\\' | '&' | '#' | '`') || c == ' '
}

impl LessonKind for Text {
    fn name(&self) -> &'static str {
        "text"
    }

    fn allowed(&self) -> String {
        format!(
            "text of at most {} characters: letters, digits and punctuation other than quotes, \\, & and #",
            self.max_len
        )
    }

    fn parse(&self, text: &str) -> Result<Value, Reason> {
        let n = text.chars().count();
        if n > self.max_len {
            return Err(format!("{n} characters; at most {} are allowed", self.max_len).into());
        }
        if let Some(c) = text.chars().find(|&c| !allowed_char(c)) {
            return Err(format!("the character U+{:04X} is not allowed", u32::from(c)).into());
        }
        Ok(Value::custom(Typed(text.to_string())))
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![("max_len", Bound::Int(self.max_len as i64))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_bounded_in_length_and_characters() {
        let k = Text { max_len: 8 };
        assert_eq!(k.parse("N1@20,N2").unwrap().to_text(), "N1@20,N2");
        assert!(String::from(k.parse("N1@20,N2@").unwrap_err()).contains("at most 8"));
        assert!(String::from(k.parse("a\"b").unwrap_err()).contains("U+0022"));
        assert!(k.parse("a&b").is_err());
        assert!(k.parse("ğ").is_err());
        assert_eq!(k.parse("").unwrap().to_text(), "");
    }
}
