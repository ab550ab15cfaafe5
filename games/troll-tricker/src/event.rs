use parlour_cards::CardSet;
use parlour_core::{Names, Seat, Viewer, count};
use parlour_fey::{Card, Mat, TableSetup, cards_printed, cards_text};

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

impl Event {
    /// The event's text for people at the table: their names, printed card names, hands
    /// counted from 1.
    #[must_use]
    pub fn narrate(&self, viewer: Viewer, names: Names) -> Option<String> {
        let who = |s: &Seat| names.of(*s);
        Some(match self {
            Event::Table(t) => t.narrate(names),
            Event::Layout(m) => format!("New layout: {}", m.narrate()),
            Event::HandStart { hand, leader } => {
                format!("Hand {} begins; {} leads", hand + 1, who(leader))
            }
            Event::Dealt { seat, cards } => {
                if viewer.sees_private_of(*seat) {
                    format!("{} is dealt {}", who(seat), cards_printed(cards.iter()))
                } else {
                    format!("{} is dealt {}", who(seat), count(cards.len(), "card"))
                }
            }
            Event::Reshuffled { cards } => format!(
                "The discard pile ({}) is shuffled into a new draw pile",
                count(*cards, "card")
            ),
            Event::Played { seat, card } => format!("{} plays {}", who(seat), card.printed()),
            Event::TrickWon {
                seat,
                card,
                points,
                reason,
            } => {
                let why = match reason {
                    TrickReason::LedFey => "a fey lead".to_owned(),
                    TrickReason::SloughedFey => "fey on a non-fey lead".to_owned(),
                    TrickReason::Led(r) => format!("{r:?} to the led sign").to_lowercase(),
                };
                format!(
                    "{} wins the trick with {}: {} ({why})",
                    who(seat),
                    card.printed(),
                    count(*points, "point")
                )
            }
            Event::ZeroTrickBonus { seat, points } => {
                format!("{} took no trick: +{}", who(seat), count(*points, "point"))
            }
            Event::GameOver => "The game is over".to_owned(),
        })
    }
}

#[cfg(test)]
mod narration_tests {
    use parlour_core::{Seat, Viewer, Voice};
    use parlour_fey::{Card, Relation, Sign};

    use super::Event;
    use crate::scoring::TrickReason;

    #[test]
    fn tricks_are_told_with_names_and_printed_cards() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let bone6 = Card::new(Sign::Bone, 6);
        let played = Event::Played {
            seat: Seat(0),
            card: bone6,
        };
        assert_eq!(
            played.narrate(Viewer::Spectator, names).unwrap(),
            "Ann plays Bone 6"
        );
        let won = Event::TrickWon {
            seat: Seat(1),
            card: bone6,
            points: 1,
            reason: TrickReason::Led(Relation::Same),
        };
        assert_eq!(
            won.narrate(Viewer::Spectator, names).unwrap(),
            "Bo wins the trick with Bone 6: 1 point (same to the led sign)"
        );
        let hand = Event::HandStart {
            hand: 0,
            leader: Seat(1),
        };
        assert_eq!(
            hand.narrate(Viewer::Spectator, names).unwrap(),
            "Hand 1 begins; Bo leads"
        );
        // The trace keeps its ids and seat numbers.
        assert_eq!(
            played.describe(Viewer::Spectator).unwrap(),
            "seat 0 plays bone-6"
        );
    }

    #[test]
    fn a_dealt_hand_stays_hidden_from_the_others() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let dealt = Event::Dealt {
            seat: Seat(0),
            cards: [Card::new(Sign::Bone, 6).id()].into_iter().collect(),
        };
        assert_eq!(
            dealt.narrate(Viewer::Seat(Seat(1)), names).unwrap(),
            "Ann is dealt 1 card"
        );
        assert_eq!(
            dealt.narrate(Viewer::Seat(Seat(0)), names).unwrap(),
            "Ann is dealt Bone 6"
        );
    }
}
