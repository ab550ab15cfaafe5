//! What Reading the Play declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration, Start};

use crate::{CardData, State};

/// The registry's entry for Reading the Play.
pub const REGISTRATION: Registration<State> = Registration {
    how_to_play: &[include_str!("../data/how-to-play.md")],
    cards: Some(card_data),
    start: Start::Vote("first_player_random"),
    file_options: &["lines"],
    ..Registration::new(
        "A card game about The King in Yellow: on your turn draw or trade cards face down \
    with other players, then build a Sequence of consecutive Line cards. Avoid holding \
    three Yellow Signs, which ends the game with everyone losing; Elder Signs cancel \
    them. Revealing Line 316 ends the play.",
        FirstPlayer::Play,
        LabCost {
            greedy: 0.0017,
            ismcts: 0.14,
        },
    )
};

/// The Line cards, stanzas and sign counts as printed ([`CardData`]).
fn card_data() -> serde_json::Value {
    // `Null` only if the shipped list were invalid or unserialisable, which the crate's tests
    // rule out.
    CardData::standard()
        .ok()
        .and_then(|d| serde_json::to_value(d).ok())
        .unwrap_or_default()
}
