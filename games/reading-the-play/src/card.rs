//! The 36 cards: 28 Line cards, 6 Yellow Signs, 2 Elder Signs, as indices into a [`CardSet`].
//!
//! Card index `i < 28` is the Line card with the `i`-th smallest Line Number (the numbers are
//! consecutive, so its number is the table's smallest number plus `i`). Indices 28..34 are the
//! six Yellow Signs and 34..36 the two Elder Signs. Cards of one sign kind are identical: they
//! share one id (`yellow-sign`, `elder-sign`) in every text, action and view, so the physical
//! index of a sign never leaks (a trade pool cannot reveal who gave which sign).

use std::fmt;
use std::str::FromStr;

use parlour_cards::CardSet;
use serde::Serialize;

/// Number of Line cards.
pub const LINE_COUNT: u8 = 28;
/// Number of Yellow Signs.
pub const YELLOW_COUNT: u8 = 6;
/// Number of Elder Signs.
pub const ELDER_COUNT: u8 = 2;
/// Number of cards in the game.
pub const DECK_SIZE: u8 = LINE_COUNT + YELLOW_COUNT + ELDER_COUNT;
/// Cards dealt to each player at the start.
pub const HAND_SIZE: u8 = 2;

/// Index of the first Yellow Sign.
pub const FIRST_YELLOW: u8 = LINE_COUNT;
/// Index of the first Elder Sign.
pub const FIRST_ELDER: u8 = LINE_COUNT + YELLOW_COUNT;
/// Index of Line 315 (the second largest Line Number).
pub const LINE_315: u8 = LINE_COUNT - 2;
/// Index of Line 316 (the largest Line Number).
pub const LINE_316: u8 = LINE_COUNT - 1;

/// Every Line card.
pub const LINES: CardSet = CardSet::first_n(LINE_COUNT as u32);
/// Every Line card except Line 316, the cards that phase 4 (sequencing) may use.
pub const SEQUENCE_LINES: CardSet = CardSet::first_n(LINE_316 as u32);
/// The six Yellow Signs.
pub const YELLOW_SIGNS: CardSet =
    CardSet(CardSet::first_n(FIRST_ELDER as u32).0 & !CardSet::first_n(FIRST_YELLOW as u32).0);
/// The two Elder Signs.
pub const ELDER_SIGNS: CardSet =
    CardSet(CardSet::first_n(DECK_SIZE as u32).0 & !CardSet::first_n(FIRST_ELDER as u32).0);
/// All 36 cards.
pub const ALL_CARDS: CardSet = CardSet::first_n(DECK_SIZE as u32);

/// The kind of a card index.
#[must_use]
pub const fn kind_of(card: u8) -> Kind {
    if card < FIRST_YELLOW {
        Kind::Line
    } else if card < FIRST_ELDER {
        Kind::YellowSign
    } else {
        Kind::ElderSign
    }
}

/// What a card is, without its Line Number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// A Line card.
    Line,
    /// A Yellow Sign.
    YellowSign,
    /// An Elder Sign.
    ElderSign,
}

/// A card as actions and texts name it: a Line card by its Line Number, or a sign by its kind
/// (identical cards are one choice).
///
/// Ordered Lines first (by number), then `yellow-sign`, then `elder-sign`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub enum CardRef {
    /// The Line card with this Line Number.
    Line(u16),
    /// Any Yellow Sign.
    YellowSign,
    /// Any Elder Sign.
    ElderSign,
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardRef::Line(n) => write!(f, "line-{n}"),
            CardRef::YellowSign => f.write_str("yellow-sign"),
            CardRef::ElderSign => f.write_str("elder-sign"),
        }
    }
}

impl FromStr for CardRef {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "yellow-sign" => Ok(CardRef::YellowSign),
            "elder-sign" => Ok(CardRef::ElderSign),
            _ => s
                .strip_prefix("line-")
                .and_then(|n| n.parse::<u16>().ok())
                .map(CardRef::Line)
                .ok_or_else(|| {
                    format!("`{s}` is not a card id (line-<number>, yellow-sign, elder-sign)")
                }),
        }
    }
}

/// The lowest card of `set` matching `card` (a sign kind stands for any card of that kind),
/// given the smallest Line Number `min_line`.
#[must_use]
pub fn find(set: CardSet, card: CardRef, min_line: u16) -> Option<u8> {
    match card {
        CardRef::Line(n) => {
            let i = n.checked_sub(min_line)?;
            let i = u8::try_from(i).ok().filter(|&i| i < LINE_COUNT)?;
            set.contains(i).then_some(i)
        }
        CardRef::YellowSign => set.and(YELLOW_SIGNS).first(),
        CardRef::ElderSign => set.and(ELDER_SIGNS).first(),
    }
}

/// The [`CardRef`] of a card index, given the smallest Line Number `min_line`.
#[must_use]
pub fn card_ref(card: u8, min_line: u16) -> CardRef {
    match kind_of(card) {
        Kind::Line => CardRef::Line(min_line + u16::from(card)),
        Kind::YellowSign => CardRef::YellowSign,
        Kind::ElderSign => CardRef::ElderSign,
    }
}

/// Calls `f` once per distinct card of `set` in [`CardRef`] order: each Line card, then one
/// Yellow Sign if any, then one Elder Sign if any. Allocation-free.
pub fn for_each_distinct(set: CardSet, mut f: impl FnMut(u8)) {
    for c in set.and(LINES) {
        f(c);
    }
    if let Some(c) = set.and(YELLOW_SIGNS).first() {
        f(c);
    }
    if let Some(c) = set.and(ELDER_SIGNS).first() {
        f(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_partition_the_deck() {
        assert_eq!(LINES.len(), 28);
        assert_eq!(YELLOW_SIGNS.len(), 6);
        assert_eq!(ELDER_SIGNS.len(), 2);
        assert_eq!(LINES.or(YELLOW_SIGNS).or(ELDER_SIGNS), ALL_CARDS);
        assert!(LINES.and(YELLOW_SIGNS).is_empty());
        assert_eq!(kind_of(LINE_316), Kind::Line);
        assert_eq!(kind_of(FIRST_YELLOW), Kind::YellowSign);
        assert_eq!(kind_of(DECK_SIZE - 1), Kind::ElderSign);
        assert!(!SEQUENCE_LINES.contains(LINE_316));
    }

    #[test]
    fn card_refs_round_trip_and_order_lines_first() {
        for r in [CardRef::Line(305), CardRef::YellowSign, CardRef::ElderSign] {
            assert_eq!(r.to_string().parse::<CardRef>(), Ok(r));
        }
        assert!(CardRef::Line(316) < CardRef::YellowSign);
        assert!(CardRef::YellowSign < CardRef::ElderSign);
        assert!("line-x".parse::<CardRef>().is_err());
        assert_eq!(find(ALL_CARDS, CardRef::Line(289), 289), Some(0));
        assert_eq!(find(ALL_CARDS, CardRef::Line(288), 289), None);
        assert_eq!(find(ALL_CARDS, CardRef::Line(317), 289), None);
    }
}
