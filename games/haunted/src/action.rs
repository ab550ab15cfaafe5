//! Player decisions (spec §9.1). Every action is a small self-contained value: cards are named
//! by id, lines by owner and slot, so an action prints without the state.

use parlour_cards::CardSet;
use parlour_core::Seat;

use crate::cards::Card;

/// One of a player's line slots (`p1.l0`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct LineRef {
    /// The seat that owns the line.
    pub owner: Seat,
    /// Slot `0..=2`.
    pub slot: u8,
}

impl LineRef {
    /// Line `slot` of `owner`.
    #[must_use]
    pub const fn new(owner: u8, slot: u8) -> LineRef {
        LineRef {
            owner: Seat(owner),
            slot,
        }
    }

    /// A bit index `owner * 3 + slot`, for line sets.
    #[must_use]
    pub const fn bit(self) -> u32 {
        self.owner.0 as u32 * 3 + self.slot as u32
    }
}

/// A decision. Window plays and passes, the turn-start choice, the phase-4 discard, and the
/// answers to prompts (§9.3), which are typed by what they choose.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Turn start: take a normal turn (`begin`).
    BeginTurn,
    /// Turn start: discard the whole hand and draw a new one instead of a turn (`redraw`).
    Redraw,
    /// Play a card from hand on a line; `curse` selects the curse mode of Psychic and Pleasant
    /// Company (`play fire p1.l0`, `play psychic p2.l1 curse`).
    Play {
        /// The card.
        card: Card,
        /// The target line.
        line: LineRef,
        /// Curse mode.
        curse: bool,
    },
    /// End one's window or phase 1; in phase 4 with `phase4_discard_optional`, skip the discard.
    Pass,
    /// Phase 4: discard this card (`discard fever`).
    Discard(Card),
    /// Prompt answer: choose one card, from hand, the discard pile or privately seen cards
    /// (`pick historian`). Cards are unique, so the id says where it is.
    Pick(Card),
    /// Prompt answer: choose a set of cards (`cards pray fever`, `cards -` for none).
    PickSet(CardSet),
    /// Prompt answer: name a player (`player 2`).
    Name(Seat),
    /// Prompt answer: choose a line (`line p1.l2`).
    Choose(LineRef),
    /// Prompt answer: yes (`yes`).
    Yes,
    /// Prompt answer: no (`no`).
    No,
    /// Prompt answer: keep nothing (`none`).
    Decline,
}
