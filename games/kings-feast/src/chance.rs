//! Chance outcomes (spec §11): the deal and the Jester's shuffle, and their text.

use parlour_core::ParseError;

use crate::card::{CardId, card_id, parse_card};

/// The outcome of a random event.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Chance {
    /// The setup deal: the dealt cards on the `U`/`D` seats in row-major order
    /// (`deal vizier priest …`).
    Deal(Vec<CardId>),
    /// A Jester's shuffle: the cards placed on the shuffled seats, left to right
    /// (`shuffle lovers-i jester diplomat`).
    Shuffle(Vec<CardId>),
}

impl Chance {
    /// The cards named, in order.
    #[must_use]
    pub fn cards(&self) -> &[CardId] {
        match self {
            Chance::Deal(c) | Chance::Shuffle(c) => c,
        }
    }
}

/// The text of a chance outcome: `deal` or `shuffle` followed by card ids.
#[must_use]
pub fn chance_text(c: &Chance) -> String {
    let (word, cards) = match c {
        Chance::Deal(c) => ("deal", c),
        Chance::Shuffle(c) => ("shuffle", c),
    };
    let mut s = word.to_owned();
    for &v in cards {
        s.push(' ');
        s.push_str(card_id(v));
    }
    s
}

/// Reads a chance outcome; `deal` says whether the due event is the deal (else a shuffle).
///
/// # Errors
/// The wrong leading word or a word that is not a card id.
pub fn parse_chance(text: &str, deal: bool) -> Result<Chance, ParseError> {
    let mut words = text.split_whitespace();
    let want = if deal { "deal" } else { "shuffle" };
    match words.next() {
        Some(w) if w == want => {}
        _ => {
            return Err(ParseError::new(
                text,
                format!("the due chance event is written `{want} <card ids>`"),
            ));
        }
    }
    let cards = words
        .map(|w| parse_card(w).ok_or_else(|| ParseError::new(w, "not a card id")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(if deal {
        Chance::Deal(cards)
    } else {
        Chance::Shuffle(cards)
    })
}
