//! Each game's printed card data for its page (`GET /api/games/{id}/cards`), built by the game
//! crate from its own card list so a page never keeps a copy.

use serde_json::Value;

/// The card data of registered game `id`, or `None` for a game whose page needs none (or whose
/// shipped data is invalid, which the game's own tests rule out).
#[must_use]
pub fn cards(id: &str) -> Option<Value> {
    match id {
        "reading-the-play" => {
            serde_json::to_value(parlour_reading_the_play::CardData::standard().ok()?).ok()
        }
        _ => None,
    }
}
