//! What High Card would declare to the registry (it is not registered: it is an example).

use parlour_core::{FirstPlayer, LabCost, Registration};

use super::HighCard;

/// High Card's registry entry.
pub const REGISTRATION: Registration<HighCard> = Registration::new(
    "Nine cards, three to each player. Everyone plays one card face up, seat 0 first; the \
     highest card wins.",
    FirstPlayer::Fixed,
    LabCost {
        greedy: 0.000_01,
        ismcts: 0.001,
    },
);
