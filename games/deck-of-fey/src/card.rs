use std::fmt;

use serde::{Serialize, Serializer};

use crate::Sign;

/// One of the 88 cards: a sign and a value 1..=11. Its id is `sign * 11 + value - 1`, so
/// sorting by id sorts by sign, then value (spec §1.2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// How many cards in the deck.
    pub const COUNT: u8 = 88;
    /// Highest value.
    pub const MAX_VALUE: u8 = 11;

    /// The card with this id, if `id < 88`.
    #[must_use]
    pub const fn from_id(id: u8) -> Option<Card> {
        if id < Card::COUNT {
            Some(Card(id))
        } else {
            None
        }
    }

    /// The card of `sign` and `value` (1..=11).
    ///
    /// # Panics
    /// If `value` is not in 1..=11.
    #[must_use]
    pub const fn new(sign: Sign, value: u8) -> Card {
        assert!(value >= 1 && value <= 11, "card values are 1..=11");
        Card(sign.index() * 11 + value - 1)
    }

    /// The id, 0..88.
    #[must_use]
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The sign.
    #[must_use]
    pub const fn sign(self) -> Sign {
        Sign::from_index(self.0 / 11)
    }

    /// The printed value, 1..=11.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0 % 11 + 1
    }

    /// Every card in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::COUNT).map(Card)
    }

    /// Reads a card id such as `flame-6` (case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<Card> {
        let (sign, value) = text.trim().rsplit_once('-')?;
        let sign = Sign::parse(sign)?;
        let value: u8 = value.parse().ok()?;
        (1..=11).contains(&value).then(|| Card::new(sign, value))
    }

    /// The kebab-case text id, e.g. `flame-6`.
    #[must_use]
    pub fn text(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.sign().id(), self.value())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_spec_formula() {
        assert_eq!(Card::new(Sign::Flame, 1).id(), 0);
        assert_eq!(Card::new(Sign::Flame, 11).id(), 10);
        assert_eq!(Card::new(Sign::Star, 1).id(), 11);
        assert_eq!(Card::new(Sign::Tone, 11).id(), 87);
        for c in Card::all() {
            assert_eq!(Card::parse(&c.text()), Some(c));
        }
        assert_eq!(Card::parse("bone-12"), None);
        assert_eq!(Card::parse("moon-3"), None);
    }
}
