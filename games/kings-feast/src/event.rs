//! What happened, for logs.

use crate::action::Pos;
use crate::card::CardId;
use crate::scoring::EndReason;

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
