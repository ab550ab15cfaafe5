use parlour_cards::CardSet;
use parlour_core::{Names, Seat, Viewer, count};
use parlour_fey::{Card, Mat, TableSetup, cards_printed, cards_text};

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

impl Event {
    /// The event for people at the table: their names, printed card names, rounds from 1.
    #[must_use]
    pub fn narrate(&self, viewer: Viewer, names: Names) -> Option<String> {
        let who = |s: &Seat| names.of(*s);
        Some(match self {
            Event::Table(t) => t.narrate(names),
            Event::Layout(m) => format!("New layout: {}", m.narrate()),
            Event::Drew { seat, cards } => {
                if viewer.sees_private_of(*seat) {
                    format!("{} draws {}", who(seat), cards_printed(cards.iter()))
                } else {
                    format!("{} draws {}", who(seat), count(cards.len(), "card"))
                }
            }
            Event::Reshuffled { cards } => format!(
                "The discard pile ({}) is shuffled into a new draw pile",
                count(*cards, "card")
            ),
            Event::Church { card, round } => {
                format!("Round {}: the church card is {}", round + 1, card.printed())
            }
            Event::Committed { seat, cards } => {
                if viewer.sees_private_of(*seat) {
                    if cards.is_empty() {
                        format!("{} commits no card", who(seat))
                    } else {
                        format!("{} commits {}", who(seat), cards_printed(cards.iter()))
                    }
                } else {
                    format!("{} has committed", who(seat))
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
                    cards_printed(cards.iter())
                };
                let sign = if *score > 0 { "+" } else { "" };
                format!(
                    "{} reveals {shown}: total {total}, scores {sign}{}",
                    who(seat),
                    count(*score, "point")
                )
            }
            Event::GameOver => "The game is over".to_owned(),
        })
    }
}

#[cfg(test)]
mod narration_tests {
    use parlour_core::{Seat, Viewer, Voice};
    use parlour_fey::{Card, Sign};

    use super::Event;

    #[test]
    fn reveals_are_told_with_names_printed_cards_and_points() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let revealed = Event::Revealed {
            seat: Seat(1),
            cards: [Card::new(Sign::Star, 3).id()].into_iter().collect(),
            total: 9,
            score: 1,
        };
        assert_eq!(
            revealed.narrate(Viewer::Spectator, names).unwrap(),
            "Bo reveals Star 3: total 9, scores +1 point"
        );
        let church = Event::Church {
            card: Card::new(Sign::Tree, 6),
            round: 0,
        };
        assert_eq!(
            church.narrate(Viewer::Spectator, names).unwrap(),
            "Round 1: the church card is Tree 6"
        );
        let committed = Event::Committed {
            seat: Seat(0),
            cards: [Card::new(Sign::Star, 3).id()].into_iter().collect(),
        };
        assert_eq!(
            committed.narrate(Viewer::Seat(Seat(1)), names).unwrap(),
            "Ann has committed"
        );
        assert_eq!(
            revealed.describe(Viewer::Spectator).unwrap(),
            "seat 1 reveals star-3: total 9, scores +1"
        );
    }
}
