//! What happened, for logs; redacted per viewer by [`Event::describe`].

use parlour_cards::CardSet;
use parlour_core::{Names, Seat, Viewer, count};
use parlour_fey::{Card, TableSetup, cards_printed, cards_text};

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

impl Event {
    /// The event for people at the table: their names, printed card names, hands and melds
    /// counted from 1 (as the table's header counts hands).
    #[must_use]
    pub fn narrate(&self, viewer: Viewer, names: Names) -> Option<String> {
        let who = |s: &Seat| names.of(*s);
        let kind = |k: &MeldKind| match k {
            MeldKind::Set { value } => format!("a set of {value}s"),
            MeldKind::Run { low } => format!("a run from {low}"),
        };
        let points = |scores: &[i32]| {
            parlour_core::and_list(
                scores
                    .iter()
                    .zip(0u8..)
                    .map(|(p, s)| format!("{} {}", names.of(Seat(s)), count(*p, "point"))),
            )
        };
        Some(match self {
            Event::TableSet { hand, setup } => {
                format!("Hand {}: {}", hand + 1, setup.narrate(names))
            }
            Event::Dealt {
                hand,
                first,
                upcard,
            } => format!(
                "Hand {} is dealt; {} plays first; the up-card is {}",
                hand + 1,
                who(first),
                upcard.printed()
            ),
            Event::DrewStock { seat, card } => {
                if viewer.sees_private_of(*seat) {
                    format!("{} draws {} from the stock", who(seat), card.printed())
                } else {
                    format!("{} draws from the stock", who(seat))
                }
            }
            Event::DrewDiscard { seat, card } => {
                format!("{} takes {} from the discards", who(seat), card.printed())
            }
            Event::Discarded { seat, card } => {
                format!("{} discards {}", who(seat), card.printed())
            }
            Event::Melded {
                seat,
                meld,
                cards,
                kind: k,
            } => format!(
                "{} melds {} as {} (meld {})",
                who(seat),
                cards_printed(*cards),
                kind(k),
                meld + 1
            ),
            Event::LaidOff {
                seat,
                card,
                meld,
                end,
            } => match end {
                Some(e) => format!(
                    "{} lays {} off on meld {} at the {} end",
                    who(seat),
                    card.printed(),
                    meld + 1,
                    e.word()
                ),
                None => format!(
                    "{} lays {} off on meld {}",
                    who(seat),
                    card.printed(),
                    meld + 1
                ),
            },
            Event::EndedTurn { seat } => format!("{} ends the turn", who(seat)),
            Event::Reshuffled { cards } => format!(
                "The discards are shuffled into a new stock of {}",
                count(*cards, "card")
            ),
            Event::HandEnded {
                hand,
                reason,
                scores,
            } => {
                let why = match reason {
                    HandEnd::WentOut(s) => format!("{} went out", who(s)),
                    HandEnd::Blocked => "the stock ran out".to_owned(),
                    HandEnd::TurnLimit => "the turn limit was reached".to_owned(),
                };
                format!("Hand {} is over ({why}): {}", hand + 1, points(scores))
            }
            Event::GameOver { scores } => format!("Game over; totals: {}", points(scores)),
        })
    }
}

#[cfg(test)]
mod narration_tests {
    use parlour_core::{Seat, Viewer, Voice};
    use parlour_fey::{Card, Sign};

    use super::Event;
    use crate::phase::HandEnd;

    #[test]
    fn hands_count_from_one_and_points_agree_with_their_number() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let ended = Event::HandEnded {
            hand: 0,
            reason: HandEnd::WentOut(Seat(1)),
            scores: vec![1, 7],
        };
        assert_eq!(
            ended.narrate(Viewer::Spectator, names).unwrap(),
            "Hand 1 is over (Bo went out): Ann 1 point and Bo 7 points"
        );
        let dealt = Event::Dealt {
            hand: 1,
            first: Seat(0),
            upcard: Card::new(Sign::Bone, 6),
        };
        assert_eq!(
            dealt.narrate(Viewer::Spectator, names).unwrap(),
            "Hand 2 is dealt; Ann plays first; the up-card is Bone 6"
        );
        assert_eq!(
            ended.describe(Viewer::Spectator).unwrap(),
            "hand 0 over (seat 1 went out); points [1, 7]"
        );
    }

    #[test]
    fn a_stock_draw_is_named_only_to_the_drawer() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let drew = Event::DrewStock {
            seat: Seat(0),
            card: Card::new(Sign::Star, 2),
        };
        assert_eq!(
            drew.narrate(Viewer::Seat(Seat(0)), names).unwrap(),
            "Ann draws Star 2 from the stock"
        );
        assert_eq!(
            drew.narrate(Viewer::Seat(Seat(1)), names).unwrap(),
            "Ann draws from the stock"
        );
    }
}
