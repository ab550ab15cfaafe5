//! A player's decision.

use parlour_core::{Seat, SeatSet};

use crate::card::CardRef;

/// A set of Traders as a bitmask of seats (bit `s` = seat `s`), ordered by its value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Traders(pub u8);

impl Traders {
    /// Whether `seat` is a Trader.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 8 && self.0 >> seat.0 & 1 == 1
    }

    /// The Traders as a [`SeatSet`].
    #[must_use]
    pub fn seats(self) -> SeatSet {
        (0..8u8)
            .filter(|s| self.0 >> s & 1 == 1)
            .map(Seat)
            .collect()
    }

    /// From a [`SeatSet`] (seats above 7 are dropped; tables have at most 6 seats).
    #[must_use]
    pub fn from_seats(seats: SeatSet) -> Self {
        Traders(
            seats
                .iter()
                .filter(|s| s.0 < 8)
                .fold(0, |m, s| m | 1 << s.0),
        )
    }
}

/// A decision of the game (spec §9). Self-contained: it names cards by [`CardRef`] and seats by
/// number, so it prints without the state. Sorted by declaration order, then by fields.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Setup vote: point at another player (simultaneous, hidden until all are in).
    PointAt(Seat),
    /// Phase 1: draw the top card of the deck.
    Draw,
    /// Phase 1: trade with these Traders (a non-empty set of other players holding cards).
    Trade(Traders),
    /// Trade: place one card face down (the Player and each Trader; simultaneous, hidden).
    Commit(CardRef),
    /// Trade: the Player keeps one pooled card (a Yellow Sign if the pool has one).
    Keep(CardRef),
    /// Trade: the Player gives a pooled card to a Trader (Traders in ascending seat order).
    Give(Seat, CardRef),
    /// Phase 2: play an Elder Sign, removing it and one Yellow Sign from the hand.
    PlayElderSign,
    /// Phase 2: keep the Elder Signs for now.
    DeclineElderSign,
    /// Phase 4: start the Sequence with the whole maximal run `low..=high` (Line Numbers).
    StartSequence {
        /// Lowest Line Number of the run.
        low: u16,
        /// Highest Line Number of the run.
        high: u16,
    },
    /// Phase 4: do not start a Sequence (only when no run of three or more is held).
    DeclineSequence,
    /// Phase 5: reveal Line 316 alone.
    Reveal,
    /// Phase 5: reveal Line 316 together with Line 315 as a new Sequence (no Sequence yet).
    RevealPair,
    /// Phase 5: keep Line 316 hidden.
    Hold,
    /// Interrupt window: play Line 315 to keep the game going (only its holder).
    Interrupt,
    /// Interrupt window: let the reveal stand.
    Pass,
}
