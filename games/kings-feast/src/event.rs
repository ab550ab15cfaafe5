//! What happened, for logs.

use parlour_core::{Viewer, and_list};

use crate::action::Pos;
use crate::card::{CardId, card_name};
use crate::scoring::{self, EndReason};
use crate::state::State;

/// Something that happened, for logs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// The cards were dealt.
    Dealt,
    /// A card was activated.
    Activated {
        /// The card.
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// The player peeked at a card.
    Peeked {
        /// The card (seen by the player only).
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// A card turned face up.
    Revealed {
        /// The card.
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// A face-up card turned face down.
    TurnedDown {
        /// The card.
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// The Hermit turned itself face down.
    HermitHides {
        /// Its seat.
        at: Pos,
    },
    /// Two seats exchanged their cards (Coachman, Knight, Merchant, Vizier, optional swap).
    Swapped {
        /// One seat.
        a: Pos,
        /// The other.
        b: Pos,
    },
    /// The Diplomat swapped places with a revealed card.
    DiplomatSwap {
        /// The revealed card.
        card: CardId,
        /// The Diplomat's old seat (the revealed card's new one).
        from: Pos,
        /// The revealed card's old seat (the Diplomat's new one).
        to: Pos,
    },
    /// A card moved along a row or line, shifting the others (Guard, Queen).
    Moved {
        /// Where it was.
        from: Pos,
        /// Where it went.
        to: Pos,
    },
    /// The Jester turned these seats face down for a shuffle.
    ShuffleStarted {
        /// The seats (mask).
        seats: u32,
    },
    /// The shuffle was done (the order is hidden from the player).
    Shuffled {
        /// The seats (mask).
        seats: u32,
        /// The cards placed, left to right (omniscient only); unused entries are 0.
        cards: [CardId; 3],
    },
    /// A turn was completed.
    TurnEnded {
        /// Turns completed so far.
        turns: u32,
    },
    /// The game ended.
    GameOver {
        /// Why.
        reason: EndReason,
        /// The final score.
        score: i32,
    },
}

/// A seat for people: row and column counted from 1, as the table draws the grid.
fn at(p: Pos) -> String {
    format!("row {}, column {}", p.r + 1, p.c + 1)
}

/// A guest by the name the rules print (`the Lovers II`).
fn guest(card: CardId) -> String {
    format!("the {}", card_name(card))
}

/// The seats of a mask, for people.
fn seats(st: &State, mask: u32) -> String {
    and_list(State::seats_in(mask).map(|s| at(st.p(s))))
}

/// The event for the person at the table: guests by their names, rows and columns from 1.
pub(crate) fn narrate(st: &State, event: &Event, viewer: Viewer) -> Option<String> {
    Some(match *event {
        Event::Dealt => "The guests are seated".into(),
        Event::Activated { card, at: p } => format!("Activated {} at {}", guest(card), at(p)),
        Event::Peeked { card, at: p } => match viewer {
            Viewer::Spectator => format!("Peeked at {}", at(p)),
            _ => format!("Peeked at {}: {}", at(p), guest(card)),
        },
        Event::Revealed { card, at: p } => format!("Revealed {} at {}", guest(card), at(p)),
        Event::TurnedDown { card, at: p } => {
            format!("Turned {} face down at {}", guest(card), at(p))
        }
        Event::HermitHides { at: p } => format!("The Hermit at {} turns face down", at(p)),
        Event::Swapped { a, b } => format!("Swapped {} and {}", at(a), at(b)),
        Event::DiplomatSwap { card, from, to } => format!(
            "The Diplomat at {} swaps with {} at {}",
            at(to),
            guest(card),
            at(from)
        ),
        Event::Moved { from, to } => format!(
            "The card at {} moves to {}, shifting the others",
            at(from),
            at(to)
        ),
        Event::ShuffleStarted { seats: mask } => {
            format!("The Jester gathers {} face down", seats(st, mask))
        }
        Event::Shuffled { seats: mask, cards } => match viewer {
            Viewer::Omniscient => format!(
                "Shuffled {}: {}",
                seats(st, mask),
                and_list(cards.iter().filter(|&&c| c != 0).map(|&c| guest(c)))
            ),
            _ => format!("Shuffled {}", seats(st, mask)),
        },
        Event::TurnEnded { turns } => format!("Turn {turns} is over"),
        Event::GameOver { reason, score } => format!(
            "The feast ends: {}; score {score}, {}",
            reason.describe(),
            scoring::title(score)
        ),
    })
}
