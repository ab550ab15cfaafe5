//! The printed deck for the table pages (`GET /api/games/{id}/cards` of the three Deck of Fey
//! games): the signs in traditional order and each value's card type (spec §1.1, §1.2).

use serde::Serialize;

use crate::{Card, Sign};

/// Card type names by value `1..=11` (flavour only: no rule reads them).
const TYPES: [&str; Card::MAX_VALUE as usize] = [
    "Concept",
    "Fey",
    "Item",
    "Career",
    "Landscape",
    "Event",
    "Structure",
    "Warrior",
    "Magiker",
    "Cleric",
    "Sovereign",
];

impl Card {
    /// The card type its value prints (`Event` for a 6).
    #[must_use]
    pub fn type_name(self) -> &'static str {
        TYPES[usize::from(self.value()) - 1]
    }
}

/// A sign as printed.
#[derive(Clone, Debug, Serialize)]
pub struct SignData {
    /// Its id in card ids (`flame`).
    pub id: &'static str,
    /// Its name (`Flame`).
    pub name: &'static str,
}

/// A value's card type.
#[derive(Clone, Debug, Serialize)]
pub struct TypeData {
    /// The value, `1..=11`.
    pub value: u8,
    /// The type's name (`Sovereign`).
    pub name: &'static str,
}

/// The deck as printed: 8 signs × 11 values.
#[derive(Clone, Debug, Serialize)]
pub struct CardData {
    /// The signs in traditional order (the card-id order).
    pub signs: Vec<SignData>,
    /// The card type of each value, from 1.
    pub types: Vec<TypeData>,
}

impl CardData {
    /// The Deck of Fey.
    #[must_use]
    pub fn standard() -> CardData {
        CardData {
            signs: Sign::ALL
                .iter()
                .map(|s| SignData {
                    id: s.id(),
                    name: s.name(),
                })
                .collect(),
            types: (1..=Card::MAX_VALUE)
                .map(|value| TypeData {
                    value,
                    name: Card::new(Sign::Flame, value).type_name(),
                })
                .collect(),
        }
    }

    /// [`CardData::standard`] as JSON, for a game's registration.
    #[must_use]
    pub fn json() -> serde_json::Value {
        serde_json::to_value(CardData::standard()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_follow_the_spec_table() {
        assert_eq!(Card::new(Sign::Bone, 11).type_name(), "Sovereign");
        assert_eq!(Card::new(Sign::Tone, 2).type_name(), "Fey");
        assert_eq!(Card::new(Sign::Flame, 1).type_name(), "Concept");
        let data = CardData::standard();
        assert_eq!(data.signs.len(), Sign::COUNT);
        assert_eq!(data.signs[0].id, "flame");
        assert_eq!(data.types.len(), 11);
        assert_eq!(data.types[5].name, "Event");
    }
}
