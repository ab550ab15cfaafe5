//! Impossible chance outcomes: texts that parse but must not be honoured as they stand.

use std::collections::VecDeque;

use parlour_core::Audit;

use super::check_views;

/// Most chance texts the pool keeps (the latest).
const POOL_SIZE: usize = 24;

/// Chance texts seen at other nodes and seeds: each parses somewhere, but rarely here.
#[derive(Default)]
pub(crate) struct ChancePool(VecDeque<String>);

impl ChancePool {
    /// Remembers `text`, forgetting the oldest beyond [`POOL_SIZE`].
    pub(crate) fn add(&mut self, text: String) {
        if self.0.contains(&text) {
            return;
        }
        if self.0.len() == POOL_SIZE {
            self.0.pop_front();
        }
        self.0.push_back(text);
    }
}

/// Variants of a sampled outcome's text with one card missing or repeated: a deck order with
/// a card dropped, a card written twice (in place of another, or added).
fn mutations(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let n = words.len();
    let mut out = Vec::new();
    if n < 2 {
        return out;
    }
    let join = |w: Vec<&str>| w.join(" ");
    // Dropped: the last word, and the first after a possible keyword (`deal c1 c2 …`).
    out.push(join(words[..n - 1].to_vec()));
    let mut w = words.clone();
    w.remove(1);
    out.push(join(w));
    // Repeated in place of another, so the length still fits.
    let mut w = words.clone();
    w[n - 1] = words[n - 2];
    out.push(join(w));
    if n >= 3 {
        let mut w = words.clone();
        w[1] = words[n - 1];
        out.push(join(w));
    }
    // Repeated on top.
    let mut w = words.clone();
    w.push(words[n - 1]);
    out.push(join(w));
    out
}

/// Feeds `state` (a chance node whose sampled outcome reads `sampled`) outcomes that parse but
/// are impossible or at least not that outcome: each must be rejected with the state unchanged,
/// or, where the rules accept it, leave a state whose invariants and views hold.
pub(crate) fn probe_chance<G: Audit>(state: &G, sampled: &str, pool: &ChancePool, ctx: &str) {
    let candidates = mutations(sampled)
        .into_iter()
        .chain(pool.0.iter().rev().cloned())
        .chain([String::new()]);
    for text in candidates {
        if text == sampled {
            continue;
        }
        let Ok(chance) = state.parse_chance(&text) else {
            continue;
        };
        let mut s = state.clone();
        match s.apply_chance(chance, &mut ()) {
            Err(_) => assert!(
                s == *state,
                "{ctx}: rejected chance outcome `{text}` changed the state"
            ),
            Ok(()) => {
                if let Err(e) = s.check_invariants() {
                    panic!(
                        "{ctx}: chance outcome `{text}` was accepted and broke an invariant: {e}"
                    );
                }
                check_views(
                    &s,
                    |v| s.secrets(v),
                    &format!("{ctx} after chance `{text}`"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_drop_and_repeat_a_card() {
        let m = mutations("deal c1 c2 c3");
        assert!(m.contains(&"deal c1 c2".to_owned()));
        assert!(m.contains(&"deal c2 c3".to_owned()));
        assert!(m.contains(&"deal c1 c2 c2".to_owned()));
        assert!(m.contains(&"deal c3 c2 c3".to_owned()));
        assert!(m.contains(&"deal c1 c2 c3 c3".to_owned()));
        assert!(mutations("c7").is_empty());
    }

    #[test]
    fn the_pool_keeps_the_latest_distinct_texts() {
        let mut pool = ChancePool::default();
        for i in 0..POOL_SIZE + 3 {
            pool.add(format!("t{i}"));
            pool.add(format!("t{i}"));
        }
        assert_eq!(pool.0.len(), POOL_SIZE);
        assert_eq!(pool.0.front().map(String::as_str), Some("t3"));
    }
}
