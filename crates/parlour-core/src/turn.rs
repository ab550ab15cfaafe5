use crate::{Seat, SeatSet};

/// Who must decide at a node of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToAct {
    /// A random event is due: the driver samples or states its outcome.
    Chance,
    /// These seats must act. One seat is an ordinary turn; several seats are simultaneous
    /// secret choices: each commits in any order, no view shows a commitment before all are in.
    Seats(SeatSet),
    /// The game is over.
    Terminal,
}

impl ToAct {
    /// The lowest seat that must act, if any (the seat a seat-by-seat driver asks first).
    #[must_use]
    pub fn first_seat(self) -> Option<Seat> {
        match self {
            ToAct::Seats(s) => s.first(),
            _ => None,
        }
    }

    /// The seats that must act (empty at chance and terminal nodes).
    #[must_use]
    pub fn seats(self) -> SeatSet {
        match self {
            ToAct::Seats(s) => s,
            _ => SeatSet::EMPTY,
        }
    }
}

/// Who is looking at the game: a seat, a spectator, or the omniscient record keeper.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Viewer {
    /// Everything, hidden cards included (records, replays, tests).
    Omniscient,
    /// Only public information.
    Spectator,
    /// What this seat may know.
    Seat(Seat),
}

impl Viewer {
    /// Whether this viewer may see what `seat` privately knows.
    #[must_use]
    pub fn sees_private_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Omniscient => true,
            Viewer::Spectator => false,
            Viewer::Seat(s) => s == seat,
        }
    }
}

impl From<Option<Seat>> for Viewer {
    fn from(seat: Option<Seat>) -> Self {
        seat.map_or(Viewer::Spectator, Viewer::Seat)
    }
}
