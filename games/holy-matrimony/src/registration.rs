//! What Holy Matrimony declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration, Start};

use crate::State;

/// The registry's entry for Holy Matrimony.
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
    // DESIGNED: everyone commits at once, so a round of n actions takes about one player's
    // think (15 s or so at four players), not n of them.
    pace: 4.0,
    ..Registration::new(
        "A blackjack-style game with the Deck of Fey: each round everyone secretly commits \
    cards from a hand of seven, and all are revealed together. The church card plus your \
    cards should make exactly 21; cards score by how their sign relates to yours, and \
    missing 21 costs points (more for going over). The game ends after a round in which \
    someone reaches 55.",
        FirstPlayer::Chance,
        LabCost {
            greedy: 0.0016,
            ismcts: 0.17,
        },
    )
};
