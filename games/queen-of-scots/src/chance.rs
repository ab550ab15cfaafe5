//! Chance outcomes (spec §3, §4, §6.1): the first dealer, the deal, and the one reshuffle of the
//! `stock_out_reshuffle` variant, with their text.

use parlour_cards::{CardSet, check_permutation, parse_card_list};
use parlour_core::{BySeat, ParseError, Seat};

use crate::{Deck, HAND_SIZE};

/// The outcome of a random event.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Chance {
    /// The first dealer, chosen at random (spec §3): `dealer 2`.
    FirstDealer(Seat),
    /// The whole shuffled deck, top first (spec §4): `deal mary-seton-1 john-knox-4 ...`.
    /// Dealt one card at a time clockwise from the dealer's left, 11 each; the next card is
    /// turned up to start the pile, and the rest is the stock, its top first.
    Deal(Vec<u8>),
    /// The new stock made from the pile under its top card, top first
    /// (`stock_out_reshuffle`): `reshuffle john-knox-2 ...`.
    Reshuffle(Vec<u8>),
}

impl Chance {
    /// Notation: `dealer 2`, `deal <card ids>`, `reshuffle <card ids>`.
    #[must_use]
    pub fn text(&self, deck: &Deck) -> String {
        let list = |cards: &[u8]| {
            cards
                .iter()
                .map(|&c| deck.card_id(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Chance::FirstDealer(s) => format!("dealer {s}"),
            Chance::Deal(order) => format!("deal {}", list(order)),
            Chance::Reshuffle(order) => format!("reshuffle {}", list(order)),
        }
    }

    /// Reads the notation of [`Chance::text`]. Whether the outcome fits the due event (the right
    /// cards, a seat that exists) is checked when it is applied.
    ///
    /// # Errors
    /// Unknown keyword, bad seat number or unknown card id.
    pub fn parse(text: &str, deck: &Deck) -> Result<Chance, ParseError> {
        let t = text.trim();
        let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        match word {
            "dealer" => {
                let seat: u8 = rest
                    .trim()
                    .parse()
                    .map_err(|_| ParseError::new(text, "expected `dealer <seat number>`"))?;
                Ok(Chance::FirstDealer(Seat(seat)))
            }
            "deal" => Ok(Chance::Deal(parse_card_list(rest, |c| deck.parse_card(c))?)),
            "reshuffle" => Ok(Chance::Reshuffle(parse_card_list(rest, |c| {
                deck.parse_card(c)
            })?)),
            _ => Err(ParseError::new(
                text,
                "expected `dealer <seat>`, `deal <card ids>` or `reshuffle <card ids>`",
            )),
        }
    }
}

/// Checks that `order` holds each card of `set` exactly once.
///
/// # Errors
/// A message naming a missing, repeated or foreign card.
pub fn check_order(order: &[u8], set: CardSet, deck: &Deck) -> Result<(), String> {
    if order.iter().any(|&c| usize::from(c) >= deck.len()) {
        return Err("a card outside the deck".to_owned());
    }
    check_permutation(order, set, |c| deck.card_id(c).to_owned())
}

/// The result of dealing a deck order (spec §4).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dealt {
    /// Each seat's hand.
    pub hands: BySeat<CardSet>,
    /// The turned-up card that starts the pile.
    pub up: u8,
    /// The stock, its top card LAST (so drawing is a pop).
    pub stock: Vec<u8>,
}

/// Deals `order` (top first) to `players` seats, starting at the dealer's left, one card at a
/// time: 11 each, then the turned-up card, then the stock.
///
/// # Panics
/// If `order` has fewer than `11 * players + 1` cards (a validated deck always has enough).
#[must_use]
pub fn deal(order: &[u8], players: u8, dealer: Seat) -> Dealt {
    let n = usize::from(players);
    let mut hands = BySeat::splat(CardSet::EMPTY);
    for (i, &c) in order[..HAND_SIZE * n].iter().enumerate() {
        let seat = dealer.offset(1 + i as u32, players);
        hands[seat].insert(c);
    }
    let up = order[HAND_SIZE * n];
    let stock = order[HAND_SIZE * n + 1..].iter().rev().copied().collect();
    Dealt { hands, up, stock }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_starts_left_of_the_dealer_one_card_at_a_time() {
        let deck = Deck::standard().unwrap();
        let order: Vec<u8> = (0..108).collect();
        let d = deal(&order, 4, Seat(2));
        // Seat 3 (the dealer's left) gets cards 0, 4, 8, ...; seat 2 (the dealer) gets 3, 7, ...
        assert!(d.hands[Seat(3)].contains(0) && d.hands[Seat(3)].contains(4));
        assert!(d.hands[Seat(2)].contains(3) && d.hands[Seat(2)].contains(43));
        assert!(d.hands.iter().take(4).all(|h| h.len() == 11));
        assert_eq!(d.up, 44);
        assert_eq!(d.stock.len(), 63);
        assert_eq!(d.stock.last(), Some(&45));
        assert!(check_order(&order, deck.all(), deck).is_ok());
    }

    #[test]
    fn chance_text_round_trips() {
        let deck = Deck::standard().unwrap();
        for c in [
            Chance::FirstDealer(Seat(3)),
            Chance::Deal((0..108).rev().collect()),
            Chance::Reshuffle(vec![5, 9, 107]),
        ] {
            assert_eq!(Chance::parse(&c.text(deck), deck), Ok(c));
        }
        assert!(Chance::parse("", deck).is_err());
        assert!(Chance::parse("deal john-knox-9", deck).is_err());
        assert!(Chance::parse("dealer x", deck).is_err());
    }
}
