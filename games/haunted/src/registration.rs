//! What Haunted declares to the registry beyond the `Game` trait.

use parlour_core::{FirstPlayer, LabCost, Registration, Start};

use crate::{CardData, State};

/// The registry's entry for Haunted.
pub const REGISTRATION: Registration<State> = Registration {
    how_to_play: &[include_str!("../data/how-to-play.md")],
    cards: Some(card_data),
    start: Start::Lot,
    file_options: &["cards"],
    ..Registration::new(
        "Each player tends three lines, built bottom up from a Setting, a Focus and a Hidden \
    Terror, while the others play cards on them to complete them. A player who \
    completes three lines loses at once; the others score their complete and \
    incomplete lines, and the lowest score wins.",
        FirstPlayer::Chance,
        LabCost {
            greedy: 0.0057,
            ismcts: 0.55,
        },
    )
};

/// Every card's name, type, what it takes and its words ([`CardData`]).
fn card_data() -> serde_json::Value {
    // `Null` only if the shipped words were invalid, which the crate's tests rule out.
    CardData::standard()
        .ok()
        .and_then(|d| serde_json::to_value(d).ok())
        .unwrap_or_default()
}
