//! A player's decision (spec §3.3, §3.6).

use parlour_cards::CardSet;
use parlour_fey::Card;

use crate::meld::{End, MeldKind};

/// A player's decision. Self-contained (card ids and a global meld number), so it prints without
/// the state.
///
/// The derived order (variant order, then fields) is the order of legal-action lists: draws,
/// discards, melds (by card set, then declaration), lay-offs (by card, meld, end), end of turn.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Take the top card of the stock (seen only by the drawer).
    DrawStock,
    /// Take the top card of the discard pile (seen by everyone).
    DrawDiscard,
    /// Put a card from hand on the discard pile.
    Discard(Card),
    /// Put a set or run from hand on one's own table area.
    Meld {
        /// The cards.
        cards: CardSet,
        /// What they are declared to be.
        kind: MeldKind,
    },
    /// Add one card from hand to a meld on the table.
    LayOff {
        /// The card.
        card: Card,
        /// The meld, numbered in the order melds were made this hand (all tables together).
        meld: u8,
        /// For a run, the end it goes to; `None` for a set.
        end: Option<End>,
    },
    /// Finish the turn (after the meld step).
    EndTurn,
}
