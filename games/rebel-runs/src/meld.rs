//! Sets and runs (spec §3.2): what makes a meld valid, which declarations a group of cards
//! allows, and which lay-offs fit a meld.

use std::fmt;

use parlour_cards::CardSet;
use parlour_core::Seat;
use parlour_fey::{Card, Sign};
use serde::Serialize;

/// Fewest cards in a set.
pub const MIN_SET: u32 = 3;
/// Fewest cards in a run.
pub const MIN_RUN: u32 = 4;
/// Most cards in a run: the values 1..=11 without wrap-around (D-RR-5).
pub const MAX_RUN: u32 = 11;
/// Highest card value.
pub const MAX_VALUE: u8 = Card::MAX_VALUE;

/// Bits `1..=11` of a value mask: every value.
const ALL_VALUES: u16 = 0b1111_1111_1110;

/// What a meld declares itself to be.
///
/// Declared order (sets before runs, then by number) is the order of [`crate::Action`]s that
/// meld the same cards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// Three or more cards all representing `value`.
    Set {
        /// The number every card represents, 1..=11.
        value: u8,
    },
    /// Four or more cards representing `low, low + 1, …`; its length is its card count.
    Run {
        /// The lowest number represented, 1..=8.
        low: u8,
    },
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldKind::Set { value } => write!(f, "set {value}"),
            MeldKind::Run { low } => write!(f, "run {low}"),
        }
    }
}

/// Which end of a run a card is laid off at.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// Below the run: the card represents `low - 1`.
    Low,
    /// Above the run: the card represents `high + 1`.
    High,
}

impl End {
    /// Notation word (`low`, `high`).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            End::Low => "low",
            End::High => "high",
        }
    }
}

/// A meld on the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Meld {
    /// Its cards.
    pub cards: CardSet,
    /// Its declaration.
    pub kind: MeldKind,
    /// The seat whose table area holds it.
    pub owner: Seat,
}

impl Meld {
    /// The lowest and highest number the meld represents (equal for a set).
    #[must_use]
    pub fn span(&self) -> (u8, u8) {
        match self.kind {
            MeldKind::Set { value } => (value, value),
            MeldKind::Run { low } => (low, low + self.cards.len() as u8 - 1),
        }
    }
}

/// The printed value (1..=11) of card id `id`.
#[inline]
#[must_use]
pub const fn value_of(id: u8) -> u8 {
    id % 11 + 1
}

/// The sign of card id `id`.
#[inline]
#[must_use]
pub const fn sign_of(id: u8) -> Sign {
    Sign::from_index(id / 11)
}

/// The eleven cards of sign `sign`.
#[inline]
#[must_use]
pub const fn sign_cards(sign: Sign) -> CardSet {
    CardSet(((1u128 << 11) - 1) << (sign.index() as u32 * 11))
}

/// What meld validity depends on, for a group of cards: a few counters that can be built up
/// card by card (the meld enumeration does so over all subsets of a hand).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Shape {
    /// Number of cards.
    pub count: u8,
    /// Number of fey (wild) cards.
    pub fey: u8,
    /// Bit `v` set when a non-fey card of printed value `v` is in the group.
    pub values: u16,
    /// Whether two non-fey cards share a printed value.
    pub repeated: bool,
}

impl Shape {
    /// The shape with card `id` added.
    #[inline]
    #[must_use]
    pub const fn with(self, id: u8, fey: Sign) -> Shape {
        if id / 11 == fey.index() {
            Shape {
                count: self.count + 1,
                fey: self.fey + 1,
                ..self
            }
        } else {
            let bit = 1u16 << value_of(id);
            Shape {
                count: self.count + 1,
                fey: self.fey,
                values: self.values | bit,
                repeated: self.repeated || self.values & bit != 0,
            }
        }
    }

    /// The shape of a group of cards.
    #[must_use]
    pub fn of(cards: CardSet, fey: Sign) -> Shape {
        cards.iter().fold(Shape::default(), |s, id| s.with(id, fey))
    }

    /// Bit mask of the values `v` for which the group is a valid `Set{v}`: the one printed value
    /// of its non-fey cards, or every value 1..=11 when all are fey (§8.2).
    #[inline]
    #[must_use]
    pub const fn set_values(self) -> u16 {
        if (self.count as u32) < MIN_SET {
            0
        } else if self.values == 0 {
            ALL_VALUES
        } else if self.values.is_power_of_two() {
            self.values
        } else {
            0
        }
    }

    /// Bit mask of the lows for which the group is a valid `Run{low}`:
    /// `max(1, maxV − len + 1) ..= min(minV, 12 − len)` (§3.2).
    #[inline]
    #[must_use]
    pub const fn run_lows(self) -> u16 {
        let len = self.count as u32;
        if len < MIN_RUN || len > MAX_RUN || self.repeated {
            return 0;
        }
        let len = len as u16;
        let top = 12 - len; // the highest low that fits below 11
        let (lo, hi) = if self.values == 0 {
            (1, top)
        } else {
            let min_v = self.values.trailing_zeros() as u16;
            let max_v = 15 - self.values.leading_zeros() as u16;
            let lo = if max_v + 1 > len { max_v + 1 - len } else { 1 };
            (lo, if min_v < top { min_v } else { top })
        };
        if lo > hi {
            0
        } else {
            // bits lo..=hi
            ((1u16 << (hi + 1)) - 1) & !((1u16 << lo) - 1)
        }
    }
}

/// Checks that `cards` form a valid meld of kind `kind` when `fey` is wild.
///
/// # Errors
/// A short reason when they do not.
pub fn check_meld(cards: CardSet, kind: MeldKind, fey: Sign) -> Result<(), &'static str> {
    if cards.0 >> Card::COUNT != 0 {
        return Err("not a card of the deck");
    }
    let shape = Shape::of(cards, fey);
    match kind {
        MeldKind::Set { value } => {
            if u32::from(shape.count) < MIN_SET {
                Err("a set needs at least 3 cards")
            } else if !(1..=MAX_VALUE).contains(&value) {
                Err("a set's value is 1..=11")
            } else if shape.set_values() & (1 << value) == 0 {
                Err("not every card can represent that number")
            } else {
                Ok(())
            }
        }
        MeldKind::Run { low } => {
            if u32::from(shape.count) < MIN_RUN {
                Err("a run needs at least 4 cards")
            } else if u32::from(shape.count) > MAX_RUN {
                Err("a run has at most 11 cards")
            } else if shape.repeated {
                Err("two cards of a run print the same number")
            } else if !(1..=MAX_VALUE).contains(&low) || shape.run_lows() & (1 << low) == 0 {
                Err("the cards do not fit that run (no wrap-around from 11 to 1)")
            } else {
                Ok(())
            }
        }
    }
}

/// The meld after laying `card` off on it at `end` (`None` for a set), or why it does not fit
/// (spec §3.3, LayOff).
///
/// # Errors
/// The card does not fit that meld there.
pub fn lay_off(meld: &Meld, card: u8, end: Option<End>, fey: Sign) -> Result<Meld, &'static str> {
    let wild = sign_of(card) == fey;
    let printed = value_of(card);
    let kind = match (meld.kind, end) {
        (MeldKind::Set { value }, None) => {
            if !wild && printed != value {
                return Err("the card does not show the set's number");
            }
            meld.kind
        }
        (MeldKind::Set { .. }, Some(_)) => return Err("a set has no ends"),
        (MeldKind::Run { .. }, None) => return Err("say which end of the run: low or high"),
        (MeldKind::Run { low }, Some(End::Low)) => {
            if low < 2 {
                return Err("nothing comes below 1");
            }
            if !wild && printed != low - 1 {
                return Err("the card does not show the number below the run");
            }
            MeldKind::Run { low: low - 1 }
        }
        (MeldKind::Run { .. }, Some(End::High)) => {
            let (_, high) = meld.span();
            if high >= MAX_VALUE {
                return Err("nothing comes above 11 (no wrap-around)");
            }
            if !wild && printed != high + 1 {
                return Err("the card does not show the number above the run");
            }
            meld.kind
        }
    };
    let mut cards = meld.cards;
    cards.insert(card);
    Ok(Meld {
        cards,
        kind,
        owner: meld.owner,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEY: Sign = Sign::Bone;

    fn cards(text: &str) -> CardSet {
        parlour_fey::parse_cards(text)
            .expect("card ids")
            .into_iter()
            .collect()
    }

    fn lows(text: &str) -> Vec<u8> {
        let m = Shape::of(cards(text), FEY).run_lows();
        (1..=11).filter(|v| m & (1 << v) != 0).collect()
    }

    fn set_values(text: &str) -> Vec<u8> {
        let m = Shape::of(cards(text), FEY).set_values();
        (1..=11).filter(|v| m & (1 << v) != 0).collect()
    }

    #[test]
    fn rr1_three_fives_are_a_set_of_five() {
        assert_eq!(set_values("flame-5 wave-5 tone-5"), [5]);
        assert!(
            check_meld(
                cards("flame-5 wave-5 tone-5"),
                MeldKind::Set { value: 5 },
                FEY
            )
            .is_ok()
        );
        assert!(
            check_meld(
                cards("flame-5 wave-5 tone-5"),
                MeldKind::Set { value: 6 },
                FEY
            )
            .is_err()
        );
    }

    #[test]
    fn rr2_runs_may_mix_signs() {
        assert_eq!(lows("stone-3 flame-4 wind-5 star-6"), [3]);
    }

    #[test]
    fn rr4_rr5_fey_fills_a_run_slot() {
        assert_eq!(lows("star-7 star-8 bone-9 star-10"), [7]);
        assert_eq!(lows("star-7 star-8 bone-2 star-10"), [7]);
    }

    #[test]
    fn rr6_runs_do_not_wrap_around() {
        assert!(lows("wave-10 wave-11 flame-1 flame-2").is_empty());
        assert!(
            check_meld(
                cards("wave-10 wave-11 flame-1 flame-2"),
                MeldKind::Run { low: 10 },
                FEY
            )
            .is_err()
        );
    }

    #[test]
    fn rr7_fey_stands_for_the_set_number() {
        assert_eq!(set_values("flame-4 wind-4 bone-9"), [4]);
    }

    #[test]
    fn rr8_mixed_numbers_duplicates_and_short_runs_are_invalid() {
        assert!(set_values("flame-4 wind-4 tree-5").is_empty());
        assert!(lows("flame-4 wind-4 tree-5").is_empty());
        assert!(lows("flame-4 wind-4 tree-5 star-6").is_empty());
        assert!(set_values("flame-4 wind-4 tree-5 star-6").is_empty());
        assert!(lows("star-1 star-2 star-3").is_empty());
        assert!(set_values("star-1 star-2 star-3").is_empty());
        assert_eq!(
            check_meld(cards("star-1 star-2 star-3"), MeldKind::Run { low: 1 }, FEY),
            Err("a run needs at least 4 cards")
        );
    }

    #[test]
    fn rr9_all_fey_sets_take_any_declared_value() {
        assert_eq!(
            set_values("bone-1 bone-6 bone-11"),
            (1..=11).collect::<Vec<_>>()
        );
    }

    #[test]
    fn rr10_rr11_only_one_low_fits() {
        assert_eq!(lows("bone-1 flame-10 wind-11 tree-9"), [8]);
        assert_eq!(lows("flame-1 bone-5 wind-2 star-3"), [1]);
    }

    #[test]
    fn rr12_rr13_legal_lows() {
        assert_eq!(lows("tree-5 bone-1 stone-7 bone-3"), [4, 5]);
        assert_eq!(
            lows("bone-3 bone-4 bone-5 bone-6"),
            (1..=8).collect::<Vec<_>>()
        );
    }

    #[test]
    fn rr15_four_nines_are_a_set() {
        assert_eq!(set_values("stone-9 tree-9 tone-9 flame-9"), [9]);
    }

    #[test]
    fn rr16_lay_off_on_a_set() {
        let set = Meld {
            cards: cards("flame-5 wave-5 tone-5"),
            kind: MeldKind::Set { value: 5 },
            owner: Seat(0),
        };
        let stone5 = Card::parse("stone-5").unwrap().id();
        let after = lay_off(&set, stone5, None, FEY).unwrap();
        assert_eq!(after.cards.len(), 4);
        let stone6 = Card::parse("stone-6").unwrap().id();
        assert!(lay_off(&set, stone6, None, FEY).is_err());
        assert!(lay_off(&set, stone5, Some(End::High), FEY).is_err());
    }

    #[test]
    fn rr16b_fey_lays_off_at_either_end_of_a_run() {
        let run = Meld {
            cards: cards("stone-3 flame-4 wind-5 star-6"),
            kind: MeldKind::Run { low: 3 },
            owner: Seat(0),
        };
        let bone11 = Card::parse("bone-11").unwrap().id();
        let high = lay_off(&run, bone11, Some(End::High), FEY).unwrap();
        assert_eq!(high.span(), (3, 7));
        let low = lay_off(&run, bone11, Some(End::Low), FEY).unwrap();
        assert_eq!(low.span(), (2, 6));
        assert!(lay_off(&run, bone11, None, FEY).is_err());
        let star7 = Card::parse("star-7").unwrap().id();
        assert!(lay_off(&run, star7, Some(End::High), FEY).is_ok());
        assert!(lay_off(&run, star7, Some(End::Low), FEY).is_err());
    }

    #[test]
    fn runs_cannot_grow_past_eleven_or_below_one() {
        let run = Meld {
            cards: cards("flame-8 flame-9 flame-10 flame-11"),
            kind: MeldKind::Run { low: 8 },
            owner: Seat(0),
        };
        let bone1 = Card::parse("bone-1").unwrap().id();
        assert!(lay_off(&run, bone1, Some(End::High), FEY).is_err());
        let run = Meld {
            cards: cards("flame-1 flame-2 flame-3 flame-4"),
            kind: MeldKind::Run { low: 1 },
            owner: Seat(0),
        };
        assert!(lay_off(&run, bone1, Some(End::Low), FEY).is_err());
    }

    #[test]
    fn sign_cards_are_the_eleven_of_a_sign() {
        let bones = sign_cards(Sign::Bone);
        assert_eq!(bones.len(), 11);
        assert!(bones.iter().all(|id| sign_of(id) == Sign::Bone));
    }
}
