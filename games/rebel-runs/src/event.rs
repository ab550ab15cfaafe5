//! What happened, for logs; redacted per viewer by [`Event::describe`].

use parlour_cards::CardSet;
use parlour_core::{Seat, Viewer};
use parlour_fey::{Card, TableSetup, cards_text};

use crate::meld::{End, MeldKind};
use crate::phase::HandEnd;

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The mat and signs of a hand were laid out.
    TableSet {
        /// Hand number, from 0.
        hand: u8,
        /// The setup.
        setup: TableSetup,
    },
    /// A hand was dealt.
    Dealt {
        /// Hand number, from 0.
        hand: u8,
        /// Its first player.
        first: Seat,
        /// The up-card that starts the discard pile.
        upcard: Card,
    },
    /// A seat drew from the stock (the card is named only to that seat).
    DrewStock {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat took the top discard.
    DrewDiscard {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat discarded.
    Discarded {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat melded.
    Melded {
        /// Who.
        seat: Seat,
        /// The meld's number.
        meld: u8,
        /// Its cards.
        cards: CardSet,
        /// Its declaration.
        kind: MeldKind,
    },
    /// A seat laid a card off.
    LaidOff {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// The meld's number.
        meld: u8,
        /// The run end, if a run.
        end: Option<End>,
    },
    /// A seat ended its turn.
    EndedTurn {
        /// Who.
        seat: Seat,
    },
    /// The discard pile was shuffled into a new stock.
    Reshuffled {
        /// Cards in the new stock.
        cards: u8,
    },
    /// A hand ended and was scored.
    HandEnded {
        /// Hand number, from 0.
        hand: u8,
        /// Why.
        reason: HandEnd,
        /// Each seat's points for the hand.
        scores: Vec<i32>,
    },
    /// The game is over.
    GameOver {
        /// Final totals.
        scores: Vec<i32>,
    },
}

impl Event {
    /// The event as `viewer` may see it; `None` when the viewer does not see it at all
    /// (every event here is seen, a stock draw without its card).
    #[must_use]
    pub fn describe(&self, viewer: Viewer) -> Option<String> {
        Some(match self {
            Event::TableSet { hand, setup } => format!("hand {hand}: {}", setup.text()),
            Event::Dealt {
                hand,
                first,
                upcard,
            } => format!("hand {hand} dealt, seat {first} plays first, up-card {upcard}"),
            Event::DrewStock { seat, card } => {
                if viewer.sees_private_of(*seat) {
                    format!("seat {seat} draws {card} from the stock")
                } else {
                    format!("seat {seat} draws from the stock")
                }
            }
            Event::DrewDiscard { seat, card } => {
                format!("seat {seat} takes {card} from the discards")
            }
            Event::Discarded { seat, card } => format!("seat {seat} discards {card}"),
            Event::Melded {
                seat,
                meld,
                cards,
                kind,
            } => format!(
                "seat {seat} melds {} as {kind} (meld {meld})",
                cards_text(*cards)
            ),
            Event::LaidOff {
                seat,
                card,
                meld,
                end,
            } => match end {
                Some(e) => format!(
                    "seat {seat} lays {card} off on meld {meld} at the {} end",
                    e.word()
                ),
                None => format!("seat {seat} lays {card} off on meld {meld}"),
            },
            Event::EndedTurn { seat } => format!("seat {seat} ends the turn"),
            Event::Reshuffled { cards } => {
                format!("the discards are shuffled into a new stock of {cards} cards")
            }
            Event::HandEnded {
                hand,
                reason,
                scores,
            } => format!("hand {hand} over ({reason}); points {scores:?}"),
            Event::GameOver { scores } => format!("game over; totals {scores:?}"),
        })
    }
}
