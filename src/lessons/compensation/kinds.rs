//! The compensation lesson's own parameter kind: its workflow's steps, written
//! `name[:compensation][(after/after...)]` and comma-separated (the lesson's `{ ad, telafi, once }`),
//! which the page edits as a list of steps (the lesson's page control, `page/controls.js`).

use crate::params::{
    Bound, Data, KindValue, LessonKind, Reason, Value, join, name_of, split_items,
};

/// The steps of a workflow, at most `max_len`.
pub struct StepList {
    /// Steps in the list at most.
    pub max_len: usize,
}

/// A step of the workflow (the lesson's `{ ad, telafi, once }`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepSpec {
    /// The step's name (`ad`).
    pub name: String,
    /// The compensating action, or `None` when the step cannot be undone (`telafi: null`).
    pub compensation: Option<String>,
    /// Steps that must come before this one (`once`).
    pub after: Vec<String>,
}

impl KindValue for Vec<StepSpec> {
    fn to_text(&self) -> String {
        join(self.iter().map(|s| {
            let mut t = s.name.clone();
            if let Some(c) = &s.compensation {
                t.push(':');
                t.push_str(c);
            }
            if !s.after.is_empty() {
                t.push('(');
                t.push_str(&s.after.join("/"));
                t.push(')');
            }
            t
        }))
    }
}

impl LessonKind for StepList {
    fn name(&self) -> &'static str {
        "steps"
    }

    fn allowed(&self) -> String {
        format!(
            "1 to {} steps name[:compensation][(after/after...)] separated by commas, names distinct, dependencies on other steps and without cycles",
            self.max_len
        )
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        parse_steps(t, self.max_len).map(Value::custom)
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![("max_len", Bound::Int(self.max_len as i64))]
    }

    /// The steps as `[{name, compensation, after}]`, `compensation` null where none.
    fn detail(&self, value: &Value) -> Option<Data> {
        let Value::Custom(v) = value else { return None };
        let steps: &Vec<StepSpec> = v.get()?;
        Some(Data::List(
            steps
                .iter()
                .map(|s| {
                    Data::Record(vec![
                        ("name", Data::Text(s.name.clone())),
                        (
                            "compensation",
                            s.compensation.clone().map_or(Data::Null, Data::Text),
                        ),
                        ("after", Data::texts(&s.after)),
                    ])
                })
                .collect(),
        ))
    }
}

/// The compensation steps: `name[:compensation][(after/after...)]`, comma-separated.
fn parse_steps(t: &str, max_len: usize) -> Result<Vec<StepSpec>, Reason> {
    let items = split_items(t, max_len)?;
    let mut steps: Vec<StepSpec> = Vec::with_capacity(items.len());
    for item in items {
        let (head, after) = match item.find('(') {
            Some(open) => {
                let rest = item.get(open + 1..).unwrap_or("");
                let inner = rest.strip_suffix(')').ok_or_else(|| {
                    Reason::new(
                        format!("the step \"{item}\" opens '(' without closing it at the end"),
                        "why.step_open",
                        &[("item", &item)],
                    )
                })?;
                let after: Vec<String> = inner.split('/').map(|s| s.trim().to_string()).collect();
                (item.get(..open).unwrap_or("").trim(), after)
            }
            None => (item, Vec::new()),
        };
        let (name, compensation) = match head.split_once(':') {
            Some((n, c)) => (n.trim(), Some(c.trim().to_string())),
            None => (head, None),
        };
        name_of(name)?;
        if let Some(c) = &compensation {
            name_of(c)?;
        }
        for a in &after {
            name_of(a)?;
        }
        if steps.iter().any(|s| s.name == name) {
            return Err(Reason::new(
                format!("the step \"{name}\" appears twice; step names must be distinct"),
                "why.step_twice",
                &[("name", &name)],
            ));
        }
        steps.push(StepSpec {
            name: name.to_string(),
            compensation,
            after,
        });
    }
    for s in &steps {
        for (i, a) in s.after.iter().enumerate() {
            if a == &s.name {
                return Err(Reason::new(
                    format!("the step \"{}\" depends on itself", s.name),
                    "why.step_self",
                    &[("name", &s.name)],
                ));
            }
            if !steps.iter().any(|o| &o.name == a) {
                return Err(Reason::new(
                    format!(
                        "the step \"{}\" depends on \"{a}\", which is not a step",
                        s.name
                    ),
                    "why.step_after",
                    &[("name", &s.name), ("after", a)],
                ));
            }
            if s.after[..i].contains(a) {
                return Err(Reason::new(
                    format!("the step \"{}\" names \"{a}\" twice", s.name),
                    "why.step_after_twice",
                    &[("name", &s.name), ("after", a)],
                ));
            }
        }
    }
    if let Some(name) = find_cycle(&steps) {
        return Err(Reason::new(
            format!(
                "the dependencies go round in a circle through \"{name}\", so no ordering can satisfy them"
            ),
            "why.step_cycle",
            &[("name", &name)],
        ));
    }
    Ok(steps)
}

/// A step on a dependency cycle, if there is one.
fn find_cycle(steps: &[StepSpec]) -> Option<String> {
    let mut placed = vec![false; steps.len()];
    let mut progress = true;
    while progress {
        progress = false;
        for (i, s) in steps.iter().enumerate() {
            if !placed[i]
                && s.after.iter().all(|a| {
                    steps
                        .iter()
                        .position(|o| &o.name == a)
                        .is_some_and(|j| placed[j])
                })
            {
                placed[i] = true;
                progress = true;
            }
        }
    }
    placed
        .iter()
        .position(|p| !p)
        .map(|i| steps[i].name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Kind, parse_value, spec_of};

    static STEPS: StepList = StepList { max_len: 8 };

    #[test]
    fn steps_read_and_print_back() {
        let steps = spec_of(Kind::Custom(&STEPS));
        let v = parse_value(&steps, "a, b:undo-b(a), c(a/b)").unwrap();
        assert_eq!(v.to_text(), "a,b:undo-b(a),c(a/b)");
        for bad in [
            "a(b)",
            "a(a)",
            "a(b),b(a)",
            "a,a",
            "a(",
            "a b",
            "a:(b)",
            "a,b(a/a)",
            "",
        ] {
            assert!(parse_value(&steps, bad).is_err(), "{bad:?}");
        }
    }
}
