//! What Queen of Scots declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration};

use crate::State;

/// The registry's entry for Queen of Scots.
pub const REGISTRATION: Registration<State> = Registration::new(
    "A set-collection rummy game in the Canasta family: pick up a card from the stock or \
    take the whole discard pile, lay down sets of three or more matching cards, then \
    discard. A round ends when someone empties their hand; sets score for you and cards \
    left in hand against you. The game ends after a round in which someone reaches 1000.",
    FirstPlayer::Chance,
    LabCost {
        greedy: 0.0078,
        ismcts: 0.33,
    },
);
