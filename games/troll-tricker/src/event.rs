use parlour_cards::CardSet;
use parlour_core::{Seat, Viewer};
use parlour_fey::{Card, Mat, TableSetup, cards_text};

use crate::scoring::TrickReason;

/// Something that happened, for logs. [`Event::describe`] redacts it per viewer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The mat and the players' signs were set (opening, or redealt between hands).
    Table(TableSetup),
    /// The live tokens were laid out anew between hands.
    Layout(Mat),
    /// Hand `hand` (0-based) begins; `leader` leads its first trick.
    HandStart {
        /// The hand number, from 0.
        hand: u8,
        /// Who leads.
        leader: Seat,
    },
    /// `seat` was dealt `cards` (secret to the others).
    Dealt {
        /// The receiver.
        seat: Seat,
        /// The cards.
        cards: CardSet,
    },
    /// The discard pile (`cards` many) was shuffled into a new draw pile.
    Reshuffled {
        /// How many cards it held.
        cards: u8,
    },
    /// `seat` played `card`.
    Played {
        /// Who.
        seat: Seat,
        /// What.
        card: Card,
    },
    /// `seat` won the trick with `card` and scored `points`.
    TrickWon {
        /// The winner.
        seat: Seat,
        /// The winning card.
        card: Card,
        /// Points scored.
        points: i32,
        /// The scoring line.
        reason: TrickReason,
    },
    /// `seat` took no trick this hand and scores the bonus.
    ZeroTrickBonus {
        /// Who.
        seat: Seat,
        /// Points.
        points: i32,
    },
    /// The game is over.
    GameOver,
}

impl Event {
    /// The event's text as `viewer` may see it.
    #[must_use]
    pub fn describe(&self, viewer: Viewer) -> Option<String> {
        Some(match self {
            Event::Table(t) => format!("table: {}", t.text()),
            Event::Layout(m) => format!("new layout: {m}"),
            Event::HandStart { hand, leader } => {
                format!("hand {} begins; seat {leader} leads", hand + 1)
            }
            Event::Dealt { seat, cards } => {
                if viewer.sees_private_of(*seat) {
                    format!("seat {seat} is dealt {}", cards_text(cards.iter()))
                } else {
                    format!("seat {seat} is dealt {} cards", cards.len())
                }
            }
            Event::Reshuffled { cards } => {
                format!("the discard pile ({cards} cards) is shuffled into a new draw pile")
            }
            Event::Played { seat, card } => format!("seat {seat} plays {card}"),
            Event::TrickWon {
                seat,
                card,
                points,
                reason,
            } => {
                let why = match reason {
                    TrickReason::LedFey => "fey lead".to_owned(),
                    TrickReason::SloughedFey => "fey on a non-fey lead".to_owned(),
                    TrickReason::Led(r) => format!("{r:?} to the led sign").to_lowercase(),
                };
                format!("seat {seat} wins the trick with {card}: {points} points ({why})")
            }
            Event::ZeroTrickBonus { seat, points } => {
                format!("seat {seat} took no trick: +{points}")
            }
            Event::GameOver => "the game is over".to_owned(),
        })
    }
}
