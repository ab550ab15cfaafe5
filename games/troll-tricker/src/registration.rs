//! What Troll Tricker declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration, Start};

use crate::State;

/// The registry's entry for Troll Tricker.
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
        "A trick-taking game with the Deck of Fey: one sign is fey (trump) and each player has \
    a sign of their own on the circular mat. Follow the led sign if you can; a trick \
    scores 4, 3, 2 or 1 by how your sign relates to the led sign, and taking no trick in \
    a hand pays a bonus. Highest total after three hands wins.",
        FirstPlayer::Chance,
        LabCost {
            greedy: 0.0013,
            ismcts: 0.042,
        },
    )
};
