use std::fmt;

use thiserror::Error;

use crate::CardSet;

/// A broken "every card in exactly one place" invariant, naming the card as the game spells it.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LedgerError {
    /// A card is in two zones (or twice in one ordered zone).
    #[error("{card} is in two places: {first} and {second}")]
    TwoPlaces {
        /// The card.
        card: String,
        /// The zone it was first placed in.
        first: String,
        /// The zone that holds it again.
        second: String,
    },
    /// A card of the deck is in no zone.
    #[error("{card} is nowhere")]
    Missing {
        /// The card.
        card: String,
    },
    /// A zone holds a card that is not in play.
    #[error("{zone} holds {card}, which is not in play")]
    Foreign {
        /// The card.
        card: String,
        /// The zone holding it.
        zone: String,
    },
}

/// The message, for `check_invariants`, whose errors are strings.
impl From<LedgerError> for String {
    fn from(e: LedgerError) -> String {
        e.to_string()
    }
}

/// Checks that every card is in exactly one place: zones are placed one by one, and
/// [`finish`](ZoneLedger::finish) compares what was placed with the cards in play.
///
/// ```
/// use parlour_cards::{CardSet, ZoneLedger};
///
/// let mut ledger = ZoneLedger::new(|c| format!("#{c}"));
/// ledger.place("the stock", CardSet::first_n(3))?;
/// ledger.place_cards(format_args!("hand {}", 1), [3, 4])?;
/// assert_eq!(ledger.finish(CardSet::first_n(5))?, CardSet::first_n(5));
///
/// let mut ledger = ZoneLedger::new(|c| format!("#{c}"));
/// ledger.place("the stock", CardSet::first_n(3))?;
/// let err = ledger.place("hand 0", CardSet::single(2)).unwrap_err();
/// assert_eq!(err.to_string(), "#2 is in two places: the stock and hand 0");
/// # Ok::<(), parlour_cards::LedgerError>(())
/// ```
pub struct ZoneLedger<F> {
    name: F,
    seen: CardSet,
    /// Each zone's name and cards, so a clash can name the first zone.
    zones: Vec<(String, CardSet)>,
}

impl<F: Fn(u8) -> String> ZoneLedger<F> {
    /// An empty ledger that names cards with `name`.
    pub fn new(name: F) -> Self {
        ZoneLedger {
            name,
            seen: CardSet::EMPTY,
            zones: Vec::new(),
        }
    }

    /// Records that `zone` holds `cards`.
    ///
    /// # Errors
    /// [`LedgerError::TwoPlaces`] naming the lowest card already placed elsewhere.
    pub fn place(&mut self, zone: impl fmt::Display, cards: CardSet) -> Result<(), LedgerError> {
        if let Some(c) = self.seen.and(cards).first() {
            return Err(self.clash(c, zone.to_string()));
        }
        self.seen = self.seen.or(cards);
        self.zones.push((zone.to_string(), cards));
        Ok(())
    }

    /// Records that `zone` holds `cards`, an ordered pile or a list that may repeat a card.
    ///
    /// # Errors
    /// [`LedgerError::TwoPlaces`] naming the first card already placed, in this zone or another.
    pub fn place_cards(
        &mut self,
        zone: impl fmt::Display,
        cards: impl IntoIterator<Item = u8>,
    ) -> Result<(), LedgerError> {
        let mut here = CardSet::EMPTY;
        for c in cards {
            if here.contains(c) {
                let zone = zone.to_string();
                return Err(LedgerError::TwoPlaces {
                    card: (self.name)(c),
                    first: zone.clone(),
                    second: zone,
                });
            }
            here.insert(c);
        }
        self.place(zone, here)
    }

    /// Every card placed so far.
    #[must_use]
    pub fn placed(&self) -> CardSet {
        self.seen
    }

    /// Checks that the cards placed are exactly `in_play`, and returns them.
    ///
    /// # Errors
    /// [`LedgerError::Foreign`] for the lowest placed card outside `in_play`, else
    /// [`LedgerError::Missing`] for the lowest card of `in_play` in no zone.
    pub fn finish(self, in_play: CardSet) -> Result<CardSet, LedgerError> {
        if let Some(c) = self.seen.minus(in_play).first() {
            return Err(LedgerError::Foreign {
                card: (self.name)(c),
                zone: self.zone_of(c),
            });
        }
        if let Some(c) = in_play.minus(self.seen).first() {
            return Err(LedgerError::Missing {
                card: (self.name)(c),
            });
        }
        Ok(self.seen)
    }

    fn zone_of(&self, card: u8) -> String {
        self.zones
            .iter()
            .find(|(_, cards)| cards.contains(card))
            .map(|(name, _)| name.clone())
            .expect("a placed card is in some zone")
    }

    fn clash(&self, card: u8, second: String) -> LedgerError {
        LedgerError::TwoPlaces {
            card: (self.name)(card),
            first: self.zone_of(card),
            second,
        }
    }
}

impl<F> fmt::Debug for ZoneLedger<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.zones.iter().map(|(n, c)| (n, c)))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn name(c: u8) -> String {
        format!("#{c}")
    }

    #[test]
    fn a_card_twice_in_one_pile_is_in_two_places() {
        let mut l = ZoneLedger::new(name);
        let err = l.place_cards("the pile", [4, 9, 4]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "#4 is in two places: the pile and the pile"
        );
    }

    #[test]
    fn finish_names_a_missing_card_and_a_foreign_one() {
        let mut l = ZoneLedger::new(name);
        l.place("hand 0", CardSet::from_iter([0, 1, 3])).unwrap();
        assert_eq!(
            l.finish(CardSet::first_n(4)).unwrap_err().to_string(),
            "#2 is nowhere"
        );
        let mut l = ZoneLedger::new(name);
        l.place("hand 0", CardSet::from_iter([0, 1, 7])).unwrap();
        assert_eq!(
            l.finish(CardSet::first_n(2)).unwrap_err(),
            LedgerError::Foreign {
                card: "#7".into(),
                zone: "hand 0".into()
            }
        );
    }

    proptest! {
        /// Cards dealt to zones pass; moving one card into a second zone is caught with both
        /// zones named; dropping one is caught as missing.
        #[test]
        fn the_ledger_accepts_exactly_the_partitions(
            owner in prop::collection::vec(0usize..5, 1..60),
            dup in any::<prop::sample::Index>(),
            other in 0usize..5,
        ) {
            let mut zones = [CardSet::EMPTY; 5];
            for (c, &z) in owner.iter().enumerate() {
                zones[z].insert(c as u8);
            }
            let all = CardSet::first_n(owner.len() as u32);
            let mut l = ZoneLedger::new(name);
            for (i, z) in zones.iter().enumerate() {
                l.place(format_args!("zone {i}"), *z).unwrap();
            }
            prop_assert_eq!(l.finish(all), Ok(all));

            let card = dup.index(owner.len());
            let home = owner[card];
            prop_assume!(home != other);
            let mut bad = zones;
            bad[other].insert(card as u8);
            let mut l = ZoneLedger::new(name);
            let mut err = None;
            for (i, z) in bad.iter().enumerate() {
                if let Err(e) = l.place(format_args!("zone {i}"), *z) {
                    err = Some(e);
                    break;
                }
            }
            let (first, second) = (home.min(other), home.max(other));
            prop_assert_eq!(err, Some(LedgerError::TwoPlaces {
                card: name(card as u8),
                first: format!("zone {first}"),
                second: format!("zone {second}"),
            }));

            let mut short = zones;
            short[home].remove(card as u8);
            let mut l = ZoneLedger::new(name);
            for (i, z) in short.iter().enumerate() {
                l.place(format_args!("zone {i}"), *z).unwrap();
            }
            prop_assert_eq!(l.finish(all), Err(LedgerError::Missing { card: name(card as u8) }));
        }
    }
}
