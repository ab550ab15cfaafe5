use parlour_core::GameRng;

use crate::{CardSet, shuffled};

/// Hidden cards dealt again: the pool of several places, shuffled and handed back in place
/// order, each place getting as many cards as it gave.
///
/// Made by [`redeal`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Redeal {
    /// The pooled cards in shuffled order.
    order: Vec<u8>,
    /// Where each place's cards end in `order`.
    ends: Vec<usize>,
}

impl Redeal {
    /// Place `k`'s new cards, in the order dealt (the top of a pile first, if the caller reads
    /// it so).
    ///
    /// # Panics
    /// If `k` is not a place given to [`redeal`].
    #[must_use]
    pub fn cards(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.order[start..self.ends[k]]
    }

    /// Place `k`'s new cards as a set.
    ///
    /// # Panics
    /// If `k` is not a place given to [`redeal`].
    #[must_use]
    pub fn set(&self, k: usize) -> CardSet {
        self.cards(k).iter().copied().collect()
    }

    /// How many places were redealt.
    #[must_use]
    pub fn places(&self) -> usize {
        self.ends.len()
    }
}

/// Pools the cards of `places` (disjoint sets: the cards of each place the observer cannot
/// tell apart), shuffles the pool with `rng` and deals it back in order, place `k` getting
/// `places[k].len()` cards.
///
/// The pool is shuffled exactly as [`shuffled`] shuffles the union of the places, and place 0
/// takes the first cards: callers that shuffled the union and dealt it out in that order
/// draw the same cards from the same seed.
///
/// ```
/// use parlour_cards::{CardSet, redeal};
/// use parlour_core::rng_from_seed;
///
/// let hands = [CardSet::first_n(3), CardSet::from_iter([3, 4]), CardSet::from_iter([5])];
/// let dealt = redeal(&mut rng_from_seed(4), &hands);
/// assert_eq!(dealt.cards(1).len(), 2);
/// assert_eq!(dealt.set(0).or(dealt.set(1)).or(dealt.set(2)), CardSet::first_n(6));
/// ```
///
/// # Panics
/// In debug builds, if two places share a card.
#[must_use]
pub fn redeal(rng: &mut GameRng, places: &[CardSet]) -> Redeal {
    let mut pool = CardSet::EMPTY;
    let mut ends = Vec::with_capacity(places.len());
    let mut end = 0;
    for &p in places {
        debug_assert!(pool.and(p).is_empty(), "places to redeal share a card");
        pool = pool.or(p);
        end += p.len() as usize;
        ends.push(end);
    }
    Redeal {
        order: shuffled(pool, rng),
        ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::rng_from_seed;
    use proptest::prelude::*;

    proptest! {
        /// Every place keeps its size, the pool is conserved, and the deal is the seeded shuffle
        /// of the union read in place order.
        #[test]
        fn redeal_keeps_sizes_and_follows_the_seeded_shuffle(
            owner in prop::collection::vec(0usize..4, 0..90),
            seed in any::<u64>(),
        ) {
            let mut places = [CardSet::EMPTY; 4];
            for (c, &p) in owner.iter().enumerate() {
                places[p].insert(c as u8);
            }
            let dealt = redeal(&mut rng_from_seed(seed), &places);
            let order = shuffled(CardSet::first_n(owner.len() as u32), &mut rng_from_seed(seed));
            let mut at = 0;
            let mut all = CardSet::EMPTY;
            prop_assert_eq!(dealt.places(), 4);
            for (k, p) in places.iter().enumerate() {
                let n = p.len() as usize;
                prop_assert_eq!(dealt.cards(k), &order[at..at + n]);
                prop_assert_eq!(dealt.set(k).len(), p.len());
                at += n;
                all = all.or(dealt.set(k));
            }
            prop_assert_eq!(all, CardSet::first_n(owner.len() as u32));
        }
    }

    #[test]
    fn redeal_moves_cards_between_places() {
        let places = [CardSet::first_n(5), CardSet::from_iter(5..10)];
        let moved =
            (0..20).any(|seed| redeal(&mut rng_from_seed(seed), &places).set(0) != places[0]);
        assert!(moved);
    }
}
