//! The player's decisions (spec §10).

use serde::Serialize;

/// A cell of the table: row from the top, column from the left, both from 0.
///
/// Ordered row-major, so sorting positions sorts seats.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub struct Pos {
    /// Row, from the top.
    pub r: u8,
    /// Column, from the left.
    pub c: u8,
}

impl Pos {
    /// The position `(r, c)`.
    #[must_use]
    pub const fn new(r: u8, c: u8) -> Self {
        Pos { r, c }
    }
}

/// A direction of the Queen's slide.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Away from row 0.
    Down,
    /// Towards column 0 (counter-clockwise with `ring_wraps`).
    Left,
    /// Away from column 0 (clockwise with `ring_wraps`).
    Right,
}

impl Dir {
    /// Every direction, in order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
    /// Number of directions.
    pub const COUNT: usize = 4;

    /// Lower-case word (`up`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// One decision of the player. Which ones are legal depends on the decision point (spec §10).
///
/// The derived order (variant, then fields; positions row-major) is the order of
/// [`parlour_core::Game::legal_actions`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Turn start: activate the card at this seat (`activate 1,1`).
    Activate(Pos),
    /// Turn start: end the game and score (`end`).
    EndGame,
    /// Choose a seat: a peek, a flip, a Merchant or Knight target (`target 0,2`).
    Target(Pos),
    /// The Gambler calls a value in play (`call 13`).
    Call(u8),
    /// The Gambler calls a value not in play (`call miss`).
    CallMiss,
    /// The Vizier's two seats, first before second row-major (`pair 0,1 0,3`).
    Pair(Pos, Pos),
    /// The Queen's slide (`slide right 2`).
    Slide(Dir, u8),
    /// The Queen stays where she is (`stay`; only with `queen_may_stay`).
    Stay,
    /// Decline a choice whose every option hits the known Assassin (`decline`; only with
    /// `may_decline_fatal`).
    Decline,
    /// End of turn: swap two adjacent cards of the same facing (`swap 0,2 0,3`).
    Swap(Pos, Pos),
    /// End of turn: no swap (`no-swap`).
    NoSwap,
}
