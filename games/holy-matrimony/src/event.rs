use parlour_cards::CardSet;
use parlour_core::{Seat, Viewer};
use parlour_fey::{Card, Mat, TableSetup, cards_text};

/// Something that happened, for logs. [`Event::describe`] redacts it per viewer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The mat and the players' signs were set.
    Table(TableSetup),
    /// The live tokens were laid out anew.
    Layout(Mat),
    /// `seat` drew `cards` (secret to the others).
    Drew {
        /// Who.
        seat: Seat,
        /// What.
        cards: CardSet,
    },
    /// The discard pile (`cards` many) was shuffled into a new draw pile.
    Reshuffled {
        /// How many cards it held.
        cards: u8,
    },
    /// A new church card; round `round` (0-based) begins.
    Church {
        /// The card.
        card: Card,
        /// The round it starts.
        round: u32,
    },
    /// `seat` committed `cards` face down (only the fact is public).
    Committed {
        /// Who.
        seat: Seat,
        /// What (secret until the reveal).
        cards: CardSet,
    },
    /// `seat`'s commitment revealed and scored.
    Revealed {
        /// Who.
        seat: Seat,
        /// The revealed cards.
        cards: CardSet,
        /// Church plus cards.
        total: i32,
        /// The round score.
        score: i32,
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
            Event::Drew { seat, cards } => {
                if viewer.sees_private_of(*seat) {
                    format!("seat {seat} draws {}", cards_text(cards.iter()))
                } else {
                    format!("seat {seat} draws {} cards", cards.len())
                }
            }
            Event::Reshuffled { cards } => {
                format!("the discard pile ({cards} cards) is shuffled into a new draw pile")
            }
            Event::Church { card, round } => {
                format!("round {}: the church card is {card}", round + 1)
            }
            Event::Committed { seat, cards } => {
                if viewer.sees_private_of(*seat) {
                    if cards.is_empty() {
                        format!("seat {seat} commits no card")
                    } else {
                        format!("seat {seat} commits {}", cards_text(cards.iter()))
                    }
                } else {
                    format!("seat {seat} has committed")
                }
            }
            Event::Revealed {
                seat,
                cards,
                total,
                score,
            } => {
                let shown = if cards.is_empty() {
                    "no card".to_owned()
                } else {
                    cards_text(cards.iter())
                };
                format!("seat {seat} reveals {shown}: total {total}, scores {score:+}")
            }
            Event::GameOver => "the game is over".to_owned(),
        })
    }
}
