use std::fmt;

use parlour_cards::CardSet;
use parlour_fey::cards_text;

/// A Holy Matrimony decision: commit a subset of the hand face down (spec §4.5).
///
/// Stores the cards themselves (not positions in the hand), so it prints without the state.
/// Ordered by the card set's bits; every subset of a 7-card hand is legal (128 actions, HM-11).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Commit these cards (`commit star-8 tone-7`; the empty set is `commit none`).
    Commit(CardSet),
}

impl Action {
    /// The committed cards.
    #[must_use]
    pub const fn cards(self) -> CardSet {
        match self {
            Action::Commit(c) => c,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Action::Commit(cards) = self;
        if cards.is_empty() {
            f.write_str("commit none")
        } else {
            write!(f, "commit {}", cards_text(cards.iter()))
        }
    }
}
