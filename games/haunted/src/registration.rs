//! What Haunted declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration};

use crate::State;

/// The registry's entry for Haunted.
pub const REGISTRATION: Registration<State> = Registration::new(
    "Each player tends three lines, built bottom up from a Setting, a Focus and a Hidden \
    Terror, while the others play cards on them to complete them. A player who \
    completes three lines loses at once; the others score their complete and \
    incomplete lines, and the lowest score wins.",
    FirstPlayer::Chance,
    LabCost {
        greedy: 0.0057,
        ismcts: 0.55,
    },
);
