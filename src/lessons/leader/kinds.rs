//! The leader lesson's own parameter kind: a comma-separated map of nodes to rounds (may be
//! empty), `N1@20` (its crashes) or, with `span`, `N2@50+6` (first round + rounds: its pauses),
//! which the page edits as a row per node.

use crate::params::{
    Bound, Data, KindValue, LessonKind, Reason, RowField, Rows, Value, join, parse_whole,
    split_list,
};

/// A map of nodes to rounds, `N1@20` or (a span map) `N2@50+6`.
pub struct NodeMap {
    /// Entries in the map at most.
    pub max_len: usize,
    /// The largest round (and number of rounds) an entry may give.
    pub max: i64,
    /// The whole-number parameter that counts the nodes (N1..Nn).
    pub nodes: &'static str,
    /// Whether each entry gives `+rounds` after its round.
    pub span: bool,
}

/// An entry of a node map: node `N<node>` at `round`, for `rounds` rounds in a span map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeAt {
    /// The node number (1 for N1).
    pub node: u32,
    /// The round it happens at (a pause's first round).
    pub round: i64,
    /// How many rounds it lasts (span maps only).
    pub rounds: Option<i64>,
}

impl KindValue for Vec<NodeAt> {
    fn to_text(&self) -> String {
        join(self.iter().map(|e| match e.rounds {
            Some(n) => format!("N{}@{}+{n}", e.node, e.round),
            None => format!("N{}@{}", e.node, e.round),
        }))
    }
}

/// Its control: a row per node, the round (and a span's rounds) in it.
const ROUND: RowField = RowField {
    before: "@",
    title_key: "control.leader.round",
    label_key: "control.leader.round_of",
};
static CRASH_ROWS: Rows = rows(&[ROUND]);
static PAUSE_ROWS: Rows = rows(&[
    ROUND,
    RowField {
        before: "+",
        title_key: "control.leader.rounds",
        label_key: "control.leader.rounds_of",
    },
]);

const fn rows(fields: &'static [RowField]) -> Rows {
    Rows {
        count: "nodes",
        // More nodes than rows a panel shows: the text field alone.
        max_rows: 20,
        head: "N",
        separator: ",",
        head_key: "control.leader.node",
        fields,
        class: "node-map",
    }
}

impl LessonKind for NodeMap {
    fn name(&self) -> &'static str {
        if self.span {
            "node_spans"
        } else {
            "node_rounds"
        }
    }

    fn allowed(&self) -> String {
        let (max_len, max) = (self.max_len, self.max);
        if self.span {
            format!(
                "up to {max_len} entries node@round+rounds separated by commas (such as N2@50+6), each node once, a first round from 0 to {max} and 1 to {max} rounds, or nothing"
            )
        } else {
            format!(
                "up to {max_len} entries node@round separated by commas (such as N1@20,N3@5), each node once, rounds from 0 to {max}, or nothing"
            )
        }
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        let mut out: Vec<NodeAt> = Vec::new();
        if t.is_empty() {
            return Ok(Value::custom(out));
        }
        let expected = |why: String| format!("{why}; expected {}", self.allowed());
        for item in split_list(t, self.max_len).map_err(expected)? {
            let entry = node_at(item, self.max, self.span).map_err(expected)?;
            if out.iter().any(|e| e.node == entry.node) {
                return Err(format!(
                    "node N{} appears twice; each node may have one entry here",
                    entry.node
                )
                .into());
            }
            out.push(entry);
        }
        Ok(Value::custom(out))
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![
            ("max_len", Bound::Int(self.max_len as i64)),
            ("max", Bound::Int(self.max)),
            ("nodes", Bound::Name(self.nodes)),
        ]
    }

    fn rows(&self) -> Option<&'static Rows> {
        Some(if self.span { &PAUSE_ROWS } else { &CRASH_ROWS })
    }

    /// The rows: node, round and (a span's) rounds.
    fn detail(&self, value: &Value) -> Option<Data> {
        let Value::Custom(v) = value else { return None };
        let map: &Vec<NodeAt> = v.get()?;
        Some(Data::rows(
            map.iter()
                .map(|e| vec![i64::from(e.node), e.round, e.rounds.unwrap_or(0)])
                .collect(),
        ))
    }
}

/// `N<node>@<round>`, or `N<node>@<round>+<rounds>` in a span map (rounds at least 1).
fn node_at(item: &str, max: i64, span: bool) -> Result<NodeAt, String> {
    let form = || {
        if span {
            format!("\"{item}\" is not node@first round+rounds such as N2@50+6")
        } else {
            format!("\"{item}\" is not node@round such as N1@20")
        }
    };
    let (node, at) = item.split_once('@').ok_or_else(form)?;
    let number = node.trim().strip_prefix('N').ok_or_else(form)?;
    if number.starts_with('0') {
        return Err(form());
    }
    let node = parse_whole(number, 1, i64::from(u32::MAX)).ok_or_else(form)? as u32;
    let (round, rounds) = match (span, at.split_once('+')) {
        (true, Some((r, n))) => (r, Some(n)),
        (true, None) => {
            return Err(format!(
                "\"{item}\" has no +rounds (a pause is node@first round+rounds such as N2@50+6)"
            ));
        }
        (false, _) => (at, None),
    };
    let round = parse_whole(round.trim(), 0, max).ok_or_else(form)?;
    let rounds = match rounds {
        Some(n) => Some(parse_whole(n.trim(), 1, max).ok_or_else(form)?),
        None => None,
    };
    Ok(NodeAt {
        node,
        round,
        rounds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Kind, parse_value, spec_of};

    #[test]
    fn node_maps() {
        const CRASH: NodeMap = NodeMap {
            max_len: 4,
            max: 100,
            nodes: "nodes",
            span: false,
        };
        const PAUSE: NodeMap = NodeMap {
            span: true,
            ..CRASH
        };
        let crash = spec_of(Kind::Custom(&CRASH));
        assert_eq!(
            parse_value(&crash, "").unwrap(),
            Value::custom(Vec::<NodeAt>::new())
        );
        let v = parse_value(&crash, "N1@20, N3@0").unwrap();
        assert_eq!(v.to_text(), "N1@20,N3@0");
        for bad in [
            "N0@1",
            "1@2",
            "N1",
            "N1@",
            "N1@101",
            "N01@2",
            "N1@2,N1@3",
            "N1@2+3",
        ] {
            assert!(parse_value(&crash, bad).is_err(), "{bad:?}");
        }
        let pause = spec_of(Kind::Custom(&PAUSE));
        assert_eq!(parse_value(&pause, "N2@50+6").unwrap().to_text(), "N2@50+6");
        let e = parse_value(&pause, "N2@50").unwrap_err();
        assert!(e.to_string().contains("has no +rounds"), "{e}");
        for bad in ["N2@50+0", "N2@50+", "N2@+6", "N2@50+6+1"] {
            assert!(parse_value(&pause, bad).is_err(), "{bad:?}");
        }
    }
}
