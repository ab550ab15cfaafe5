//! Chance outcomes (the random events of the game) and their text.
//!
//! * The shuffle before the deal, and any later shuffle of the deck (variants
//!   `elder_sign_reshuffles` and `interrupted_316_reshuffles`): `deck <ids>`, the card ids of
//!   the whole deck, top first (`deck line-301 yellow-sign elder-sign ...`). Identical signs
//!   are written by kind.
//! * A seat chosen by lot (variant `first_player_random`, two players, or a third tied vote):
//!   `first-player <seat>`.

use parlour_cards::CardSet;
use parlour_core::{ParseError, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::card::{CardRef, ELDER_SIGNS, YELLOW_SIGNS, card_ref, find};

/// The outcome of a random event.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// The whole deck in its new order, top first, as card indices.
    Deck(Vec<u8>),
    /// The seat chosen by lot.
    FirstPlayer(Seat),
}

/// Gives identical signs their indices in order of position, so that an order and its text
/// (which writes signs by kind) are one and the same value.
pub(crate) fn canonical(order: &mut [u8]) {
    for kind in [YELLOW_SIGNS, ELDER_SIGNS] {
        let present: CardSet = order
            .iter()
            .copied()
            .filter(|&c| kind.contains(c))
            .collect();
        let mut ids = present.iter();
        for c in order.iter_mut() {
            if kind.contains(*c) {
                *c = ids.next().expect("as many indices as signs of the kind");
            }
        }
    }
}

/// A uniformly shuffled order of `cards`, canonical.
pub(crate) fn shuffle(cards: CardSet, rng: &mut impl Rng) -> Vec<u8> {
    let mut order: Vec<u8> = cards.iter().collect();
    order.shuffle(rng);
    canonical(&mut order);
    order
}

/// One seat of `seats`, uniformly.
pub(crate) fn pick(seats: parlour_core::SeatSet, rng: &mut impl Rng) -> Seat {
    let k = rng.random_range(0..seats.len());
    seats.iter().nth(k).expect("k < len")
}

/// The text of a chance outcome.
#[must_use]
pub fn chance_text(chance: &Chance, min_line: u16) -> String {
    match chance {
        Chance::Deck(order) => {
            let mut s = String::from("deck");
            for &c in order {
                s.push(' ');
                s.push_str(&card_ref(c, min_line).to_string());
            }
            s
        }
        Chance::FirstPlayer(seat) => format!("first-player {seat}"),
    }
}

/// Reads a deck order whose cards must be exactly `cards`.
///
/// # Errors
/// Not `deck <ids>`, an unknown id, or not a permutation of `cards`.
pub fn parse_deck(text: &str, cards: CardSet, min_line: u16) -> Result<Vec<u8>, ParseError> {
    let mut toks = text.split_whitespace();
    if toks.next() != Some("deck") {
        return Err(ParseError::new(
            text,
            format!(
                "expected `deck` and the {} card ids, top first",
                cards.len()
            ),
        ));
    }
    let mut left = cards;
    let mut order = Vec::with_capacity(cards.len() as usize);
    for tok in toks {
        let r: CardRef = tok.parse().map_err(|e: String| ParseError::new(text, e))?;
        let c = find(left, r, min_line).ok_or_else(|| {
            ParseError::new(
                text,
                if find(cards, r, min_line).is_some() {
                    format!("too many {tok} (the deck to shuffle holds fewer)")
                } else {
                    format!("{tok} is not among the cards to shuffle")
                },
            )
        })?;
        left.remove(c);
        order.push(c);
    }
    if let Some(c) = left.first() {
        return Err(ParseError::new(
            text,
            format!(
                "{} cards missing, e.g. {}",
                left.len(),
                card_ref(c, min_line)
            ),
        ));
    }
    Ok(order)
}

/// Reads `first-player <seat>`.
///
/// # Errors
/// Other text.
pub fn parse_first_player(text: &str) -> Result<Seat, ParseError> {
    let mut toks = text.split_whitespace();
    match (toks.next(), toks.next(), toks.next()) {
        (Some("first-player"), Some(s), None) => s
            .parse::<u8>()
            .map(Seat)
            .map_err(|_| ParseError::new(text, format!("`{s}` is not a seat number"))),
        _ => Err(ParseError::new(text, "expected `first-player <seat>`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::ALL_CARDS;
    use parlour_core::rng_from_seed;

    #[test]
    fn deck_text_round_trips_with_identical_signs() {
        let order = shuffle(ALL_CARDS, &mut rng_from_seed(3));
        let text = chance_text(&Chance::Deck(order.clone()), 289);
        assert_eq!(text.matches("yellow-sign").count(), 6);
        assert_eq!(parse_deck(&text, ALL_CARDS, 289), Ok(order));
        assert!(parse_deck("deck line-289", ALL_CARDS, 289).is_err());
        assert!(parse_deck("", ALL_CARDS, 289).is_err());
        let e = parse_deck(&format!("{text} yellow-sign"), ALL_CARDS, 289).unwrap_err();
        assert!(e.reason.contains("too many"), "{e}");
    }

    #[test]
    fn first_player_text() {
        assert_eq!(parse_first_player("first-player 2"), Ok(Seat(2)));
        assert!(parse_first_player("first-player").is_err());
        assert_eq!(
            chance_text(&Chance::FirstPlayer(Seat(1)), 289),
            "first-player 1"
        );
    }
}
