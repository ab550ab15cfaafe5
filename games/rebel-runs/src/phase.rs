//! Where a hand is in its turn cycle (spec §3.3), and how a hand can end.

use std::fmt;

use parlour_core::Seat;
use serde::Serialize;

/// The node of the state machine of §3.3.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance: the mat layout and signs of the next hand (and the first player at the opening).
    TableSetup,
    /// Chance: the shuffled deck of the next hand.
    Deal,
    /// The player to act draws from the stock or the discard pile.
    Draw,
    /// The player discards (default turn order draw → discard → meld).
    Discard,
    /// The meld step: melds, lay-offs, then `end` (under `meld_before_discard`, a discard ends
    /// it instead).
    Meld,
    /// Chance: the discard pile (less its top) is shuffled into a new stock.
    Reshuffle,
    /// All hands are played.
    GameOver,
}

impl Phase {
    /// A short word for views.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Phase::TableSetup => "table-setup",
            Phase::Deal => "deal",
            Phase::Draw => "draw",
            Phase::Discard => "discard",
            Phase::Meld => "meld",
            Phase::Reshuffle => "reshuffle",
            Phase::GameOver => "game-over",
        }
    }
}

/// Why a hand ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandEnd {
    /// This seat emptied its hand.
    WentOut(Seat),
    /// The stock ran out a second time, or could not be rebuilt (D-RR-10).
    Blocked,
    /// `hand_turn_limit` turns per player were taken (§8.1).
    TurnLimit,
}

impl fmt::Display for HandEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandEnd::WentOut(s) => write!(f, "seat {s} went out"),
            HandEnd::Blocked => f.write_str("the stock ran out"),
            HandEnd::TurnLimit => f.write_str("the turn limit was reached"),
        }
    }
}
