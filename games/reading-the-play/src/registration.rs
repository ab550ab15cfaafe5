//! What Reading the Play declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration};

use crate::State;

/// The registry's entry for Reading the Play.
pub const REGISTRATION: Registration<State> = Registration::new(
    "A card game about The King in Yellow: on your turn draw or trade cards face down \
    with other players, then build a Sequence of consecutive Line cards. Avoid holding \
    three Yellow Signs, which ends the game with everyone losing; Elder Signs cancel \
    them. Revealing Line 316 ends the play.",
    FirstPlayer::Play,
    LabCost {
        greedy: 0.0017,
        ismcts: 0.14,
    },
);
