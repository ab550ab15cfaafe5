//! Card sets as 128-bit bitsets, and the deal helpers parlour games share.
//!
//! ```
//! use parlour_cards::{CardSet, shuffled};
//! use parlour_core::rng_from_seed;
//!
//! let deck = shuffled(CardSet::first_n(88), &mut rng_from_seed(1));
//! assert_eq!(deck.len(), 88);
//! let hand: CardSet = deck[..11].iter().copied().collect();
//! assert_eq!(hand.len(), 11);
//! ```

mod card_set;
mod ledger;
mod redeal;

pub use card_set::{CardSet, Iter};
pub use ledger::{LedgerError, ZoneLedger};
pub use redeal::{Redeal, redeal};

use parlour_core::{GameRng, ParseError};
use rand::seq::SliceRandom;

/// The cards of `set` in a uniformly random order drawn from `rng`.
#[must_use]
pub fn shuffled(set: CardSet, rng: &mut GameRng) -> Vec<u8> {
    let mut cards: Vec<u8> = set.iter().collect();
    cards.shuffle(rng);
    cards
}

/// Checks that `order` is a permutation of `set` (a stated shuffle outcome).
///
/// # Errors
/// A repeated card, or a card missing or extra, with the offending id named by `name`.
pub fn check_permutation(
    order: &[u8],
    set: CardSet,
    name: impl Fn(u8) -> String,
) -> Result<(), String> {
    let mut seen = CardSet::EMPTY;
    for &c in order {
        if !set.contains(c) {
            return Err(format!("{} is not among the cards to shuffle", name(c)));
        }
        if seen.contains(c) {
            return Err(format!("{} appears twice", name(c)));
        }
        seen.insert(c);
    }
    if let Some(missing) = set.minus(seen).first() {
        return Err(format!("{} is missing", name(missing)));
    }
    Ok(())
}

/// Parses a whitespace-separated list of card ids with `parse_card`.
///
/// # Errors
/// The first id that does not parse.
pub fn parse_card_list(
    text: &str,
    parse_card: impl Fn(&str) -> Option<u8>,
) -> Result<Vec<u8>, ParseError> {
    text.split_whitespace()
        .map(|t| parse_card(t).ok_or_else(|| ParseError::new(t, "not a card id")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::rng_from_seed;

    #[test]
    fn shuffles_are_seeded_permutations() {
        let set = CardSet::first_n(36);
        let a = shuffled(set, &mut rng_from_seed(9));
        assert_eq!(a, shuffled(set, &mut rng_from_seed(9)));
        assert!(check_permutation(&a, set, |c| c.to_string()).is_ok());
        assert!(
            check_permutation(&a[1..], set, |c| c.to_string())
                .unwrap_err()
                .contains("missing")
        );
        let mut twice = a.clone();
        twice[0] = twice[1];
        assert!(check_permutation(&twice, set, |c| c.to_string()).is_err());
    }
}
