//! What Rebel Runs declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration, Start};

use crate::State;

/// The registry's entry for Rebel Runs.
pub const REGISTRATION: Registration<State> = Registration {
    cards: Some(parlour_fey::CardData::json),
    how_to_play: &[
        include_str!("../data/how-to-play.md"),
        parlour_fey::HOW_TO_PLAY,
    ],
    start: Start::Option {
        option: "first_player",
        rotates: true,
    },
    ..Registration::new(
        "A rummy game with the Deck of Fey: draw from the stock or the discard pile, discard, \
    then lay down sets (3+ of a number) and runs (4+ in a row) or lay off on them. When \
    someone empties their hand, everyone scores their melds by how each card's sign \
    relates to their own sign. There are as many hands as players; highest total wins.",
        FirstPlayer::Chance,
        LabCost {
            greedy: 0.001,
            ismcts: 0.083,
        },
    )
};
