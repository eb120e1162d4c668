//! Matching two lists by key, so that different lists and orderings line up.

/// Matches B's items with A's by key (the n-th of a key with the n-th): B's order, each item only
/// A has placed after the item it follows in A (first if none).
pub fn align<'x, T>(
    b: &'x [T],
    a: &'x [T],
    key: impl Fn(&T) -> String,
) -> Vec<(Option<&'x T>, Option<&'x T>)> {
    let keys_b: Vec<String> = b.iter().map(&key).collect();
    let keys_a: Vec<String> = a.iter().map(&key).collect();
    let mut out = Vec::new();
    for (i, j) in pairs(&keys_b, &keys_a) {
        out.push((i.map(|i| &b[i]), j.map(|j| &a[j])));
    }
    out
}

/// [`align`] on the keys alone, as index pairs: one function for every kind of item, since each
/// generic copy cost the page's WebAssembly about 0.5 KB (six of them: 3 KB).
pub fn pairs(b: &[String], a: &[String]) -> Vec<(Option<usize>, Option<usize>)> {
    // The n-th of a key: (key, n).
    let nth = |keys: &[String], i: usize| {
        let mut n = 0;
        for k in &keys[..i] {
            if *k == keys[i] {
                n += 1;
            }
        }
        n
    };
    // For each of A's items: its match in B, if any.
    let mut matched: Vec<Option<usize>> = Vec::with_capacity(a.len());
    for i in 0..a.len() {
        let n = nth(a, i);
        let mut found = None;
        for j in 0..b.len() {
            if b[j] == a[i] && nth(b, j) == n {
                found = Some(j);
                break;
            }
        }
        matched.push(found);
    }
    // A's own items go after the B index of the matched item before them in A (None: first).
    let mut anchor: Vec<Option<usize>> = Vec::with_capacity(a.len());
    let mut last = None;
    for m in &matched {
        anchor.push(last);
        if m.is_some() {
            last = *m;
        }
    }
    let mut out = Vec::with_capacity(b.len() + a.len());
    let own = |out: &mut Vec<_>, at: Option<usize>| {
        for i in 0..a.len() {
            if matched[i].is_none() && anchor[i] == at {
                out.push((None, Some(i)));
            }
        }
    };
    own(&mut out, None);
    for j in 0..b.len() {
        out.push((Some(j), matched.iter().position(|m| *m == Some(j))));
        own(&mut out, Some(j));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn align_keeps_bs_order_and_places_as_own_items_after_their_neighbour() {
        let b = ["x", "y", "z"];
        let a = ["w", "y", "q", "x"];
        let got: Vec<(Option<&str>, Option<&str>)> = align(&b, &a, |s| s.to_string())
            .into_iter()
            .map(|(p, q)| (p.copied(), q.copied()))
            .collect();
        assert_eq!(
            got,
            vec![
                (None, Some("w")),
                (Some("x"), Some("x")),
                (Some("y"), Some("y")),
                (None, Some("q")),
                (Some("z"), None),
            ]
        );
        // Repeated keys match in order.
        let twice = align(&["k", "k"], &["k"], |s| s.to_string());
        assert_eq!(twice.len(), 2);
        assert!(twice[0].1.is_some() && twice[1].1.is_none());
    }
}
