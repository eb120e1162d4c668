//! Matching two lists by key, so that different lists and orderings line up.

/// Matches B's items with A's by key (the n-th of a key with the n-th): B's order, each item only
/// A has placed after the item it follows in A (first if none).
pub fn align<'x, T, K: PartialEq>(
    b: &'x [T],
    a: &'x [T],
    key: impl Fn(&T) -> K,
) -> Vec<(Option<&'x T>, Option<&'x T>)> {
    let nth = |items: &[T], i: usize| {
        let k = key(&items[i]);
        (
            k,
            items[..i]
                .iter()
                .filter(|x| key(x) == key(&items[i]))
                .count(),
        )
    };
    let keys_b: Vec<(K, usize)> = (0..b.len()).map(|i| nth(b, i)).collect();
    let keys_a: Vec<(K, usize)> = (0..a.len()).map(|i| nth(a, i)).collect();
    // For each of A's items: its match in B, if any.
    let matched: Vec<Option<usize>> = keys_a
        .iter()
        .map(|ka| keys_b.iter().position(|kb| kb == ka))
        .collect();
    // A's own items, by the B index of the matched item before them in A (None: first).
    let anchor = |i: usize| matched[..i].iter().rev().find_map(|m| *m);
    let mut out = Vec::with_capacity(b.len() + a.len());
    let own = |out: &mut Vec<_>, at: Option<usize>| {
        for (i, m) in matched.iter().enumerate() {
            if m.is_none() && anchor(i) == at {
                out.push((None, Some(&a[i])));
            }
        }
    };
    own(&mut out, None);
    for (j, item) in b.iter().enumerate() {
        let in_a = matched.iter().position(|m| *m == Some(j)).map(|i| &a[i]);
        out.push((Some(item), in_a));
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
        let got: Vec<(Option<&str>, Option<&str>)> = align(&b, &a, |s| *s)
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
        let twice = align(&["k", "k"], &["k"], |s| *s);
        assert_eq!(twice.len(), 2);
        assert!(twice[0].1.is_some() && twice[1].1.is_none());
    }
}
