//! Chance outcomes: the table setup of each hand, the deal, and the stock reshuffle.

use parlour_core::ParseError;
use parlour_fey::{Card, TableSetup, cards_text, parse_cards};

/// The outcome of a chance event.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// Mat layout and player signs for a hand, plus the first player at the opening
    /// (text `mat bone: flame star stone wave wind tree tone; signs star wave; first 0`;
    /// later hands leave out `first`).
    Table(TableSetup),
    /// The shuffled deck, top first: 88 card ids. The first `7 × n` go one at a time clockwise
    /// from the hand's first player, the next is the up-card, the rest is the stock, top first.
    Deal(Vec<Card>),
    /// The new stock, top first: every discard except the top one (D-RR-10).
    Reshuffle(Vec<Card>),
}

impl Chance {
    /// The notation: the table setup text, or the card ids separated by spaces.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Chance::Table(t) => t.text(),
            Chance::Deal(cards) | Chance::Reshuffle(cards) => {
                cards_text(cards.iter().map(|c| c.id()))
            }
        }
    }
}

/// Reads a card order (deal or reshuffle).
///
/// # Errors
/// A token that is not a card id.
pub fn parse_order(text: &str) -> Result<Vec<Card>, ParseError> {
    Ok(parse_cards(text)?
        .into_iter()
        .map(|id| Card::from_id(id).expect("parse_cards yields deck ids"))
        .collect())
}
