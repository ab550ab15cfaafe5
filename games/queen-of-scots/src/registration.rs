//! What Queen of Scots declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration, Start};

use crate::{CardData, State};

/// The registry's entry for Queen of Scots.
pub const REGISTRATION: Registration<State> = Registration {
    how_to_play: &[include_str!("../data/how-to-play.md")],
    cards: Some(card_data),
    start: Start::DealerRotation,
    ..Registration::new(
        "A set-collection rummy game in the Canasta family: pick up a card from the stock or \
    take the whole discard pile, lay down sets of three or more matching cards, then \
    discard. A round ends when someone empties their hand; sets score for you and cards \
    left in hand against you. The game ends after a round in which someone reaches 1000.",
        FirstPlayer::Chance,
        LabCost {
            greedy: 0.0078,
            ismcts: 0.33,
        },
    )
};

/// Every card kind's name, value and role ([`CardData`]).
fn card_data() -> serde_json::Value {
    // `Null` only if the shipped deck were invalid, which the crate's tests rule out.
    CardData::standard()
        .ok()
        .and_then(|d| serde_json::to_value(d).ok())
        .unwrap_or_default()
}
