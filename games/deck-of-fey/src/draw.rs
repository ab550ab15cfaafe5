use std::fmt;

use parlour_cards::CardSet;
use parlour_core::{GameRng, ParseError};
use rand::RngCore;

use crate::{Card, card_name, parse_cards};

/// Cards drawn from a freshly shuffled (or face-down) pile, in draw order, top first: the
/// chance outcome of a deal, a refill or the draw after a reshuffle. Holds at most 88 card ids
/// inline, so sampling and applying one never allocates.
///
/// Text form: the card ids separated by spaces (`flame-6 star-3 bone-11`), as written by
/// [`crate::cards_text`].
#[derive(Clone, Copy)]
pub struct Draw {
    len: u8,
    ids: [u8; Card::COUNT as usize],
}

impl Draw {
    /// No card.
    pub const EMPTY: Draw = Draw {
        len: 0,
        ids: [0; Card::COUNT as usize],
    };

    /// The top `k` cards of `pile` shuffled uniformly (a partial Fisher–Yates shuffle), or all of
    /// `pile` when it holds fewer than `k`.
    #[must_use]
    pub fn sample(pile: CardSet, k: usize, rng: &mut GameRng) -> Draw {
        let mut ids = [0u8; Card::COUNT as usize];
        let mut n = 0;
        let pile = pile.and(crate::full_deck()).0;
        for (half, base) in [(pile as u64, 0u8), ((pile >> 64) as u64, 64)] {
            let mut bits = half;
            while bits != 0 {
                ids[n] = base + bits.trailing_zeros() as u8;
                bits &= bits - 1;
                n += 1;
            }
        }
        let k = k.min(n);
        for i in 0..k {
            let j = i + below(rng, (n - i) as u32) as usize;
            ids.swap(i, j);
        }
        Draw { len: k as u8, ids }
    }

    /// A draw of these card ids, in order.
    ///
    /// # Errors
    /// More than 88 ids, an id that is not a card, or a repeated card.
    pub fn from_ids(cards: &[u8]) -> Result<Draw, String> {
        if cards.len() > Card::COUNT as usize {
            return Err(format!("{} cards is more than the deck holds", cards.len()));
        }
        let mut seen = CardSet::EMPTY;
        let mut ids = [0u8; Card::COUNT as usize];
        for (slot, &c) in ids.iter_mut().zip(cards) {
            if c >= Card::COUNT {
                return Err(format!("{} is not a card", card_name(c)));
            }
            if seen.contains(c) {
                return Err(format!("{} appears twice", card_name(c)));
            }
            seen.insert(c);
            *slot = c;
        }
        Ok(Draw {
            len: cards.len() as u8,
            ids,
        })
    }

    /// The card ids in draw order.
    #[must_use]
    pub fn cards(&self) -> &[u8] {
        &self.ids[..self.len as usize]
    }

    /// Number of cards drawn.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card is drawn.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The drawn cards as a set.
    #[must_use]
    pub fn set(&self) -> CardSet {
        self.cards().iter().copied().collect()
    }

    /// Checks that this draw takes exactly `k` cards, all from `pile` (the cards are distinct by
    /// construction).
    ///
    /// # Errors
    /// A wrong count or a card that is not in the pile, in words.
    pub fn check(&self, pile: CardSet, k: usize) -> Result<(), String> {
        if self.len() != k {
            return Err(format!("expected {k} cards, got {}", self.len()));
        }
        if let Some(c) = self.set().minus(pile).first() {
            return Err(format!("{} is not in the pile drawn from", card_name(c)));
        }
        Ok(())
    }

    /// Text form (see the type's docs).
    #[must_use]
    pub fn text(&self) -> String {
        self.to_string()
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// A token that is not a card id, a repeated card, or too many cards.
    pub fn parse(text: &str) -> Result<Draw, ParseError> {
        let ids = parse_cards(text)?;
        Draw::from_ids(&ids).map_err(|r| ParseError::new(text, r))
    }
}

/// A uniform number in `0..n` (`n > 0`) by Lemire's multiply-and-reject method: one 32-bit
/// draw and a multiplication, with a rare retry that removes all bias.
fn below(rng: &mut GameRng, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

impl PartialEq for Draw {
    fn eq(&self, other: &Draw) -> bool {
        self.cards() == other.cards()
    }
}

impl Eq for Draw {}

impl std::hash::Hash for Draw {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cards().hash(state);
    }
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &c) in self.cards().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&card_name(c))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Draw[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::rng_from_seed;

    #[test]
    fn sampled_draws_take_distinct_cards_from_the_pile() {
        let pile: CardSet = (10u8..40).collect();
        let mut rng = rng_from_seed(4);
        let d = Draw::sample(pile, 12, &mut rng);
        assert_eq!(d.len(), 12);
        assert!(d.check(pile, 12).is_ok());
        assert!(d.check(pile, 11).is_err());
        assert_eq!(Draw::parse(&d.text()).unwrap(), d);
        let all = Draw::sample(pile, 99, &mut rng);
        assert_eq!(all.set(), pile);
        assert_eq!(Draw::sample(CardSet::EMPTY, 3, &mut rng), Draw::EMPTY);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = rng_from_seed(8);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn stated_draws_are_checked() {
        assert!(Draw::parse("flame-6 flame-6").is_err());
        assert!(Draw::parse("flame-6 moon-2").is_err());
        let d = Draw::parse("flame-6 star-1").unwrap();
        assert_eq!(d.cards(), &[5, 11]);
        let pile: CardSet = [5u8, 12].into_iter().collect();
        assert!(d.check(pile, 2).unwrap_err().contains("star-1"));
        assert_eq!(Draw::parse("").unwrap(), Draw::EMPTY);
    }
}
