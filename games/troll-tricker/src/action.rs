use std::fmt;

use parlour_fey::Card;

/// A Troll Tricker decision: the only one is to play a card to the trick (spec §2.8).
///
/// Ordered by card id, so a sorted legal list is in sign, then value, order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Play this card from the hand to the current trick (`play flame-6`).
    Play(Card),
}

impl Action {
    /// The card played.
    #[must_use]
    pub const fn card(self) -> Card {
        match self {
            Action::Play(c) => c,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "play {c}"),
        }
    }
}
