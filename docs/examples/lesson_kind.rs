//! A lesson's own parameter kind, the worked example of docs/adding-a-lesson.md (which quotes
//! this file; the unit tests compile it and check the quote): a map of consumers to the minutes
//! they read late, `C2@30,C3@5`, edited on the page as a row per consumer.

use crate::params::{
    Bound, Data, KindValue, LessonKind, Reason, RowField, Rows, Value, join, parse_whole,
    split_list,
};

/// `C<consumer>@<minutes>` entries, comma-separated, each consumer once, or nothing.
pub struct Delays {
    /// The most minutes an entry may give.
    pub max: i64,
}

/// Consumer `C<consumer>` reads `minutes` late.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delay {
    /// The consumer's number (2 for C2).
    pub consumer: u32,
    /// How many minutes late it reads.
    pub minutes: i64,
}

/// What the lesson's typed struct holds; printed back as the parser reads it.
impl KindValue for Vec<Delay> {
    fn to_text(&self) -> String {
        join(
            self.iter()
                .map(|d| format!("C{}@{}", d.consumer, d.minutes)),
        )
    }
}

/// The page's control, in lesson-neutral terms: a row per consumer (`consumers` counts them).
static ROWS: Rows = Rows {
    count: "consumers",
    max_rows: 20,
    head: "C",
    separator: ",",
    head_key: "control.outbox.consumer",
    fields: &[RowField {
        before: "@",
        title_key: "control.outbox.minutes",
        label_key: "control.outbox.minutes_of",
    }],
    class: "delays",
};

impl LessonKind for Delays {
    fn name(&self) -> &'static str {
        "delays"
    }

    fn allowed(&self) -> String {
        let max = self.max;
        format!(
            "entries consumer@minutes separated by commas (such as C2@30), each consumer once, minutes from 0 to {max}, or nothing"
        )
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        let mut out: Vec<Delay> = Vec::new();
        if t.is_empty() {
            return Ok(Value::custom(out));
        }
        let items =
            split_list(t, 100).map_err(|why| format!("{why}; expected {}", self.allowed()))?;
        for item in items {
            let form = || format!("\"{item}\" is not consumer@minutes such as C2@30");
            let (consumer, minutes) = item.split_once('@').ok_or_else(form)?;
            let consumer = consumer
                .strip_prefix('C')
                .and_then(|n| parse_whole(n, 1, 1000));
            let consumer = consumer.ok_or_else(form)? as u32;
            let minutes = parse_whole(minutes, 0, self.max).ok_or_else(form)?;
            if out.iter().any(|d| d.consumer == consumer) {
                return Err(format!("consumer C{consumer} appears twice").into());
            }
            out.push(Delay { consumer, minutes });
        }
        Ok(Value::custom(out))
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![("max", Bound::Int(self.max))]
    }

    fn rows(&self) -> Option<&'static Rows> {
        Some(&ROWS)
    }

    /// The rows the control shows: `[consumer, minutes]` for each entry.
    fn detail(&self, value: &Value) -> Option<Data> {
        let Value::Custom(v) = value else { return None };
        let delays: &Vec<Delay> = v.get()?;
        Some(Data::rows(
            delays
                .iter()
                .map(|d| vec![i64::from(d.consumer), d.minutes])
                .collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Kind, ParamSet};

    crate::declare_params! {
        /// An outbox lesson's parameters, one of them of its own kind.
        pub struct OutboxParams for "outbox" {
            consumers: u32 = "3", Kind::Int { min: 1, max: 100 },
                "TUKETICI", "consumers of every message";
            delays: Vec<Delay> = "C2@30", Kind::Custom(&Delays { max: 1440 }),
                "GECIKME", "consumers that read late, and by how many minutes";
        }
    }

    #[test]
    fn the_example_kind_reads_prints_and_refuses() {
        let set = ParamSet::of(&SCHEMA, &[("delays", " C3@5, C1@0 ")]);
        let p = OutboxParams::read(&set);
        assert_eq!(
            p.delays[0],
            Delay {
                consumer: 3,
                minutes: 5
            }
        );
        assert_eq!(set.get("delays").to_text(), "C3@5,C1@0");
        let e = ParamSet::from_assignments(&SCHEMA, [("delays", "C2@30,C2@1")]).unwrap_err();
        assert_eq!(e.param.as_deref(), Some("delays"));
        assert_eq!(e.allowed, "consumer C2 appears twice");
        let e = ParamSet::from_assignments(&SCHEMA, [("delays", "C2")]).unwrap_err();
        assert!(
            e.allowed.starts_with("\"C2\" is not consumer@minutes"),
            "{e}"
        );
        assert_eq!(ParamSet::defaults(&SCHEMA).get("delays").to_text(), "C2@30");
    }

    #[test]
    fn docs_adding_a_lesson_quotes_this_example() {
        let docs = include_str!("../adding-a-lesson.md");
        let example = include_str!("lesson_kind.rs");
        let code = example.split("\n#[cfg(test)]").next().unwrap();
        let code = code.split_once("\n\n").unwrap().1; // after the module's doc comment
        assert!(
            docs.contains(code.trim()),
            "docs/adding-a-lesson.md quotes docs/examples/lesson_kind.rs"
        );
    }
}
