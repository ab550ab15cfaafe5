//! The printed cards as a document for a table's page (`GET /api/games/queen-of-scots/cards`):
//! every kind's name, value and role, read from the deck table (`data/deck.txt`) so a page never
//! keeps its own copy. It is the rulebook's card list and holds nothing hidden.

use serde::Serialize;

use crate::deck::{Deck, DeckError};

/// Every card kind of the deck as printed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardData {
    /// The kinds, in table order (the order hands are sorted in).
    pub kinds: Vec<KindEntry>,
}

/// One card kind.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct KindEntry {
    /// The id cards of it take in views, before the copy number (`john-knox` for `john-knox-3`).
    pub id: String,
    /// Printed name.
    pub name: String,
    /// The word a narrow card face shows.
    pub short: String,
    /// Coin value of one card.
    pub value: i32,
    /// Member of the royal family.
    pub royal: bool,
    /// Wild (joins any set).
    pub wild: bool,
    /// Copies in the deck.
    pub copies: u8,
}

impl CardData {
    /// The card data of a validated deck.
    #[must_use]
    pub fn of(deck: &Deck) -> Self {
        CardData {
            kinds: deck
                .kinds()
                .iter()
                .map(|k| KindEntry {
                    id: k.slug.clone(),
                    name: k.name.clone(),
                    short: k.short.clone(),
                    value: k.value,
                    royal: k.royal,
                    wild: k.wild,
                    copies: k.copies,
                })
                .collect(),
        }
    }

    /// The card data of the shipped deck.
    ///
    /// # Errors
    /// The shipped table is invalid (a test guards against this).
    pub fn standard() -> Result<Self, &'static DeckError> {
        Deck::standard().map(Self::of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_of_the_deck_has_its_kind_with_its_value() {
        let deck = Deck::standard().expect("shipped deck is valid");
        let data = CardData::standard().expect("shipped deck is valid");
        for card in 0..u8::try_from(deck.len()).expect("at most 128 cards") {
            let id = deck.card_id(card);
            let kind = data
                .kinds
                .iter()
                .find(|k| {
                    id.strip_prefix(k.id.as_str())
                        .is_some_and(|n| n.starts_with('-'))
                })
                .expect("a kind for every card");
            assert_eq!(kind.value, deck.value(card), "{id}");
        }
        let copies: usize = data.kinds.iter().map(|k| usize::from(k.copies)).sum();
        assert_eq!(copies, deck.len());
        let knox = data
            .kinds
            .iter()
            .find(|k| k.id == "john-knox")
            .expect("knox");
        assert_eq!(
            (knox.name.as_str(), knox.short.as_str()),
            ("John Knox", "Knox")
        );
        let seton = data
            .kinds
            .iter()
            .find(|k| k.id == "mary-seton")
            .expect("seton");
        assert_eq!(seton.short, "Seton");
    }
}
