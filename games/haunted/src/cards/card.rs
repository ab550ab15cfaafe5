//! A card by its index, its type and how sure its wording is.

use serde::Serialize;

/// One card of a deck, by its index in the card table. What it is (its id, name, type and
/// effect) is the table's to say: [`Deck::info`](super::Deck::info), for the deck the game
/// is played with.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(pub u8);

/// The six card types (§1.1). Settings, Focuses and Hidden Terrors are essential; the rest
/// are support cards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    /// Starts a line.
    Setting,
    /// Follows a Setting that accepts it.
    Focus,
    /// Ends a line; summoned by a Focus.
    Terror,
    /// Support card.
    Event,
    /// Support card.
    Action,
    /// Support card.
    Acquaintance,
}

impl CardType {
    /// Every type, in table order.
    pub const ALL: [CardType; 6] = [
        CardType::Setting,
        CardType::Focus,
        CardType::Terror,
        CardType::Event,
        CardType::Action,
        CardType::Acquaintance,
    ];
    /// Number of types.
    pub const COUNT: usize = 6;

    /// Setting, Focus or Hidden Terror.
    #[must_use]
    pub const fn is_essential(self) -> bool {
        matches!(self, CardType::Setting | CardType::Focus | CardType::Terror)
    }

    pub(super) fn parse(word: &str) -> Option<CardType> {
        Some(match word {
            "setting" => CardType::Setting,
            "focus" => CardType::Focus,
            "terror" => CardType::Terror,
            "event" => CardType::Event,
            "action" => CardType::Action,
            "acquaintance" => CardType::Acquaintance,
            _ => return None,
        })
    }
}

/// How sure the card's wording is (the spec's tags).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Provenance {
    /// Clearly readable in the rulebook.
    Printed,
    /// Damaged in the scan; our most plausible reading.
    Reconstructed,
    /// Missing from the scan; a designed stand-in.
    Designed,
}
