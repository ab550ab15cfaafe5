//! What happened, for logs, redacted per viewer (spec §7).

use parlour_core::{Names, Seat, SeatSet, Viewer, count};

use crate::action::LineRef;
use crate::cards::{Card, Deck};

/// Something that happened. Card identities that only some players may know are named by
/// [`Event::describe`] only to them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The first-player draw: one card per seat, and who starts.
    FirstPlayer {
        /// The drawn cards, by seat.
        cards: Vec<Card>,
        /// The first player.
        first: Seat,
    },
    /// Hands were dealt.
    Dealt,
    /// A seat's turn began.
    TurnBegan(Seat),
    /// A seat's turn was missed (skip counter).
    TurnMissed(Seat),
    /// The active player discarded their hand and drew a new one instead of a turn.
    Redrew(Seat),
    /// A card was played on a line.
    Played {
        /// Who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// Where.
        line: LineRef,
        /// Curse mode.
        curse: bool,
    },
    /// A seat ended its window (or phase 1).
    Passed(Seat),
    /// A card went from a hand to the discard pile (always public).
    Discarded(Seat, Card),
    /// A card was drawn from the stockpile into a hand (private to the drawer).
    Drew(Seat, Card),
    /// The discard pile became the new stockpile.
    Reshuffled(usize),
    /// The stockpile was shuffled (Hidden Compartment's tie draw).
    StockShuffled,
    /// A test draw revealed this card (public).
    TestCard(Seat, Card),
    /// A card was revealed for the Lap of the Gods (public).
    LapCard(Seat, Card),
    /// The Lap of the Gods row that applies (0 = fewer than three cards: none).
    LapRow(Seat, u8),
    /// Rift: every hand passed left.
    Rift,
    /// A card was moved at random from one hand to another (the two players see which).
    RandomTake {
        /// From whose hand.
        from: Seat,
        /// Into whose hand.
        to: Seat,
        /// The card.
        card: Card,
    },
    /// A card was given secretly from one hand to another.
    Gave {
        /// Giver.
        from: Seat,
        /// Receiver.
        to: Seat,
        /// The card.
        card: Card,
    },
    /// A card was taken from the discard pile into a hand (public).
    TookFromDiscard(Seat, Card),
    /// A card was privately looked at from the stockpile (Advantage, Refreshments).
    Looked(Seat, Card),
    /// An essential card was removed from a line to the discard pile.
    Removed(LineRef, Card),
    /// An essential card was placed on a line by an effect.
    Placed(LineRef, Card),
    /// A line became complete.
    Completed(LineRef),
    /// A pending terror on a line was cancelled and stops being pending.
    Blocked(Seat),
    /// The asked player holds no Action (Well-wishing Stranger).
    NoAction(Seat),
    /// A seat will miss its next turn.
    WillMissTurn(Seat),
    /// A line moved between players (Hidden Compartment).
    Transferred(LineRef, LineRef),
    /// A tie-draw card was revealed (public).
    TieCard(Seat, Card),
    /// The Urchin Thief lodged in a hand (public).
    Lodged(Seat, Card),
    /// A player answered a prompt with a public choice.
    Chose(Seat, String),
    /// A player named another player (Well-wishing Stranger, the Lap of the Gods).
    ChoseSeat(Seat, Seat),
    /// The game being played ended with `seats` tied for the lowest score, and they begin
    /// tie-break short game number `game` (`tiebreak_short_game`); the others sit out.
    TieBreak {
        /// Who completed their lines and lost the game that ended (None: round limit).
        loser: Option<Seat>,
        /// The tied seats, the only players of the short game.
        seats: SeatSet,
        /// Tie-break games begun so far, this one included.
        game: u8,
    },
    /// The game ended; `loser` completed the losing number of lines (None: turn limit).
    GameOver {
        /// The loser, if any.
        loser: Option<Seat>,
    },
}

fn line(l: LineRef) -> String {
    format!("p{}.l{}", l.owner.0, l.slot)
}

impl Event {
    /// The event as text for `viewer`, or `None` when the viewer does not see it.
    #[must_use]
    pub fn describe(&self, deck: &Deck, viewer: Viewer) -> Option<String> {
        let sees = |s: Seat| viewer.sees_private_of(s);
        let id = |c: &Card| deck.id(*c);
        Some(match self {
            Event::FirstPlayer { cards, first } => {
                let cards: Vec<&str> = cards.iter().map(id).collect();
                format!("first-player draw {}: seat {first} starts", cards.join(" "))
            }
            Event::Dealt => "hands dealt".into(),
            Event::TurnBegan(s) => format!("seat {s} begins a turn"),
            Event::TurnMissed(s) => format!("seat {s} misses a turn"),
            Event::Redrew(s) => format!("seat {s} discards the hand and redraws"),
            Event::Played {
                seat,
                card,
                line: l,
                curse,
            } => format!(
                "seat {seat} plays {} on {}{}",
                id(card),
                line(*l),
                if *curse { " (curse)" } else { "" }
            ),
            Event::Passed(s) => format!("seat {s} passes"),
            Event::Discarded(s, c) => format!("seat {s} discards {c}", c = id(c)),
            Event::Drew(s, c) => {
                if sees(*s) {
                    format!("seat {s} draws {c}", c = id(c))
                } else {
                    format!("seat {s} draws a card")
                }
            }
            Event::Reshuffled(n) => {
                format!("the discard pile ({n} cards) is shuffled into a new stockpile")
            }
            Event::StockShuffled => "the stockpile is shuffled".into(),
            Event::TestCard(s, c) => format!("test draw for seat {s}: {c}", c = id(c)),
            Event::LapCard(s, c) => format!("Lap of the Gods for seat {s}: {c}", c = id(c)),
            Event::LapRow(s, r) => {
                if *r == 0 {
                    format!("Lap of the Gods for seat {s}: too few cards, no effect")
                } else {
                    format!("Lap of the Gods for seat {s}: row {r}")
                }
            }
            Event::Rift => "Rift: every hand passes to the left".into(),
            Event::RandomTake { from, to, card } => {
                if sees(*from) || sees(*to) {
                    format!(
                        "seat {to} takes {card} at random from seat {from}",
                        card = id(card)
                    )
                } else {
                    format!("seat {to} takes a random card from seat {from}")
                }
            }
            Event::Gave { from, to, card } => {
                if sees(*from) || sees(*to) {
                    format!("seat {from} gives {card} to seat {to}", card = id(card))
                } else {
                    format!("seat {from} gives a card to seat {to}")
                }
            }
            Event::TookFromDiscard(s, c) => {
                format!("seat {s} takes {c} from the discard pile", c = id(c))
            }
            Event::Looked(s, c) => {
                if sees(*s) {
                    format!("seat {s} looks at {c}", c = id(c))
                } else {
                    format!("seat {s} looks at a card from the stockpile")
                }
            }
            Event::Removed(l, c) => format!("{c} is removed from {}", line(*l), c = id(c)),
            Event::Placed(l, c) => format!("{c} is placed on {}", line(*l), c = id(c)),
            Event::Completed(l) => format!("{} is complete", line(*l)),
            Event::Blocked(s) => format!("the coach is blocked; seat {s} forfeits"),
            Event::NoAction(s) => format!("seat {s} has no Action"),
            Event::WillMissTurn(s) => format!("seat {s} will miss a turn"),
            Event::Transferred(a, b) => format!("line {} moves to {}", line(*a), line(*b)),
            Event::TieCard(s, c) => format!("tie draw: seat {s} reveals {c}", c = id(c)),
            Event::Lodged(s, c) => format!("{c} lodges in seat {s}'s hand", c = id(c)),
            Event::Chose(s, what) => format!("seat {s} chooses {what}"),
            Event::ChoseSeat(s, p) => format!("seat {s} chooses seat {p}"),
            Event::TieBreak { loser, seats, game } => {
                let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                let ended = match loser {
                    Some(l) => format!("seat {l} completed its lines and loses"),
                    None => "the round limit is reached".into(),
                };
                format!(
                    "{ended}; seats {} tie for the lowest score and play tie-break short game {game}",
                    seats.join(" ")
                )
            }
            Event::GameOver { loser } => match loser {
                Some(l) => format!("game over: seat {l} completed its lines and loses"),
                None => "game over: the round limit is reached".into(),
            },
        })
    }
}

impl Event {
    /// The event for people at the table, or `None` when `viewer` does not see it: players by
    /// their names, cards by their printed names, lines counted from 1 ("Ann's line 2").
    #[must_use]
    pub fn narrate(&self, deck: &Deck, viewer: Viewer, names: Names) -> Option<String> {
        let sees = |s: Seat| viewer.sees_private_of(s);
        let who = |s: &Seat| names.of(*s);
        let line = |l: &LineRef| format!("{}'s line {}", names.of(l.owner), l.slot + 1);
        let card = |c: &Card| deck.info(*c).name.clone();
        Some(match self {
            Event::FirstPlayer { cards, first } => {
                let drawn = cards
                    .iter()
                    .zip(0u8..)
                    .map(|(c, s)| format!("{} {}", names.of(Seat(s)), card(c)));
                format!(
                    "First-player draw: {}; {} starts",
                    parlour_core::and_list(drawn),
                    who(first)
                )
            }
            Event::Dealt => "Hands are dealt".into(),
            Event::TurnBegan(s) => format!("{} begins a turn", who(s)),
            Event::TurnMissed(s) => format!("{} misses a turn", who(s)),
            Event::Redrew(s) => format!("{} discards the hand and redraws", who(s)),
            Event::Played {
                seat,
                card: c,
                line: l,
                curse,
            } => format!(
                "{} plays {} on {}{}",
                who(seat),
                card(c),
                line(l),
                if *curse { " (curse)" } else { "" }
            ),
            Event::Passed(s) => format!("{} passes", who(s)),
            Event::Discarded(s, c) => format!("{} discards {}", who(s), card(c)),
            Event::Drew(s, c) => {
                if sees(*s) {
                    format!("{} draws {}", who(s), card(c))
                } else {
                    format!("{} draws a card", who(s))
                }
            }
            Event::Reshuffled(n) => format!(
                "The discard pile ({}) is shuffled into a new stockpile",
                count(u32::try_from(*n).unwrap_or(u32::MAX), "card")
            ),
            Event::StockShuffled => "The stockpile is shuffled".into(),
            Event::TestCard(s, c) => format!("Test draw for {}: {}", who(s), card(c)),
            Event::LapCard(s, c) => format!("Lap of the Gods for {}: {}", who(s), card(c)),
            Event::LapRow(s, r) => {
                if *r == 0 {
                    format!("Lap of the Gods for {}: too few cards, no effect", who(s))
                } else {
                    format!("Lap of the Gods for {}: row {r}", who(s))
                }
            }
            Event::Rift => "Rift: every hand passes to the left".into(),
            Event::RandomTake { from, to, card: c } => {
                if sees(*from) || sees(*to) {
                    format!("{} takes {} at random from {}", who(to), card(c), who(from))
                } else {
                    format!("{} takes a random card from {}", who(to), who(from))
                }
            }
            Event::Gave { from, to, card: c } => {
                if sees(*from) || sees(*to) {
                    format!("{} gives {} to {}", who(from), card(c), who(to))
                } else {
                    format!("{} gives a card to {}", who(from), who(to))
                }
            }
            Event::TookFromDiscard(s, c) => {
                format!("{} takes {} from the discard pile", who(s), card(c))
            }
            Event::Looked(s, c) => {
                if sees(*s) {
                    format!("{} looks at {}", who(s), card(c))
                } else {
                    format!("{} looks at a card from the stockpile", who(s))
                }
            }
            Event::Removed(l, c) => format!("{} is removed from {}", card(c), line(l)),
            Event::Placed(l, c) => format!("{} is placed on {}", card(c), line(l)),
            Event::Completed(l) => format!("{} is complete", line(l)),
            Event::Blocked(s) => format!("The coach is blocked; {} forfeits", who(s)),
            Event::NoAction(s) => format!("{} has no Action", who(s)),
            Event::WillMissTurn(s) => format!("{} will miss a turn", who(s)),
            Event::Transferred(a, b) => format!("{} moves to {}", line(a), line(b)),
            Event::TieCard(s, c) => format!("Tie draw: {} reveals {}", who(s), card(c)),
            Event::Lodged(s, c) => format!("{} lodges in {}'s hand", card(c), who(s)),
            Event::Chose(s, what) => format!("{} chooses {what}", who(s)),
            Event::ChoseSeat(s, p) => format!("{} chooses {}", who(s), who(p)),
            Event::TieBreak { loser, seats, game } => {
                let ended = match loser {
                    Some(l) => format!("{} completed their lines and loses", who(l)),
                    None => "The round limit is reached".into(),
                };
                format!(
                    "{ended}; {} tie for the lowest score and play tie-break short game {game}",
                    names.list(seats.iter())
                )
            }
            Event::GameOver { loser } => match loser {
                Some(l) => format!("Game over: {} completed their lines and loses", who(l)),
                None => "Game over: the round limit is reached".into(),
            },
        })
    }
}

#[cfg(test)]
mod narration_tests {
    use parlour_core::{Seat, Viewer, Voice};

    use super::Event;
    use crate::action::LineRef;
    use crate::cards::deck;

    #[test]
    fn plays_and_lines_are_told_with_names_and_printed_cards() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let soul = deck().find("tortured-soul").unwrap();
        let line = LineRef {
            owner: Seat(0),
            slot: 1,
        };
        let played = Event::Played {
            seat: Seat(0),
            card: soul,
            line,
            curse: false,
        };
        assert_eq!(
            played.narrate(deck(), Viewer::Spectator, names).unwrap(),
            "Ann plays Tortured Soul on Ann's line 2"
        );
        assert_eq!(
            Event::Completed(line)
                .narrate(deck(), Viewer::Spectator, names)
                .unwrap(),
            "Ann's line 2 is complete"
        );
        assert_eq!(
            Event::ChoseSeat(Seat(1), Seat(0))
                .narrate(deck(), Viewer::Spectator, names)
                .unwrap(),
            "Bo chooses Ann"
        );
        // The trace keeps the ids and seat numbers.
        assert_eq!(
            played.describe(deck(), Viewer::Spectator).unwrap(),
            "seat 0 plays tortured-soul on p0.l1"
        );
        assert_eq!(
            Event::ChoseSeat(Seat(1), Seat(0))
                .describe(deck(), Viewer::Spectator)
                .unwrap(),
            "seat 1 chooses seat 0"
        );
    }

    #[test]
    fn a_drawn_card_is_named_only_to_its_drawer() {
        let names = ["Ann".to_owned(), "Bo".to_owned()];
        let names = Voice::table(&names).names().unwrap();
        let drew = Event::Drew(Seat(1), deck().find("roadside-inn").unwrap());
        assert_eq!(
            drew.narrate(deck(), Viewer::Seat(Seat(1)), names).unwrap(),
            "Bo draws Roadside Inn"
        );
        assert_eq!(
            drew.narrate(deck(), Viewer::Seat(Seat(0)), names).unwrap(),
            "Bo draws a card"
        );
    }
}
