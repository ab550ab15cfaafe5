//! What happened, for logs; each event is told to a viewer only as far as that viewer may know.

use std::fmt::Write as _;

use parlour_cards::CardSet;
use parlour_core::{BySeat, Names, Seat, SeatSet, Viewer, and_list, count};

use crate::card::{CardRef, card_ref};
use crate::phase::End;
use crate::state::State;

/// Something that happened. Cards are card indices; [`Event::describe`] names them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A seat was dealt its two cards (named to that seat only).
    DealtHand {
        /// The seat.
        seat: Seat,
        /// The two cards.
        cards: [u8; 2],
    },
    /// The deal is done.
    Dealt {
        /// Number of players.
        players: u8,
        /// Cards left in the deck.
        deck: u8,
    },
    /// A seat pointed (the target is named to that seat only until the votes are revealed).
    Pointed {
        /// Who pointed.
        seat: Seat,
        /// At whom.
        target: Seat,
    },
    /// Every vote is in and shown.
    VotesRevealed {
        /// Each seat's vote.
        votes: BySeat<Option<Seat>>,
        /// Number of players.
        players: u8,
    },
    /// The vote was tied; it is taken again, or after the third time decided by lot.
    VoteTied {
        /// The seats tied for the most votes.
        tied: SeatSet,
        /// How many tied votes in a row.
        times: u8,
    },
    /// The first Player is chosen.
    FirstPlayer {
        /// The seat.
        seat: Seat,
        /// Whether by lot (else by the vote).
        by_lot: bool,
    },
    /// A turn began.
    TurnBegan {
        /// The Player.
        seat: Seat,
        /// Its number, from 1.
        turn: u32,
    },
    /// The Player drew a card (named to that seat only).
    Drew {
        /// The Player.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// The last card was drawn: the game ends after this seat's turn.
    FinalRound {
        /// The seat whose turn is the last.
        last: Seat,
    },
    /// The Player could neither draw nor trade.
    Phase1Skipped {
        /// The Player.
        seat: Seat,
    },
    /// The Player named Traders.
    TradeStarted {
        /// The Player.
        player: Seat,
        /// The Traders.
        traders: SeatSet,
    },
    /// A participant placed a card face down (named to that seat only).
    Committed {
        /// Who.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// The Player gathered the pool and looked at it (the cards are named to the Player only,
    /// sorted, never in the order they were given).
    PoolRevealed {
        /// The Player.
        player: Seat,
        /// The pool.
        pool: CardSet,
    },
    /// The Player kept a pooled card (named to the Player only).
    Kept {
        /// The Player.
        player: Seat,
        /// The card.
        card: u8,
    },
    /// The Player gave a pooled card to a Trader (named to those two only).
    Gave {
        /// The Player.
        player: Seat,
        /// The Trader.
        trader: Seat,
        /// The card.
        card: u8,
    },
    /// The Player played an Elder Sign, cancelling a Yellow Sign.
    ElderSignPlayed {
        /// The Player.
        seat: Seat,
        /// Whether the Yellow Sign went back into the deck (`elder_sign_reshuffles`).
        to_deck: bool,
    },
    /// The Player kept their Elder Signs (private).
    ElderSignDeclined {
        /// The Player.
        seat: Seat,
    },
    /// Three or more Yellow Signs: everyone loses.
    YellowSignsRevealed {
        /// The Player.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// A Sequence was started with a whole run.
    SequenceStarted {
        /// The Player.
        seat: Seat,
        /// Lowest card.
        low: u8,
        /// Highest card.
        high: u8,
    },
    /// The Player did not start a Sequence (private).
    SequenceDeclined {
        /// The Player.
        seat: Seat,
    },
    /// A forced play onto one end of the Sequence.
    Extended {
        /// The Player.
        seat: Seat,
        /// The card.
        card: u8,
        /// At the high end (else the low end).
        high: bool,
    },
    /// The Player kept Line 316 hidden (private).
    Held {
        /// The Player.
        seat: Seat,
    },
    /// Line 316 was revealed alone.
    Revealed {
        /// The Player.
        seat: Seat,
        /// Whether it joined the Player's Sequence (which ended on 315).
        attached: bool,
    },
    /// Lines 315 and 316 were revealed together as a Sequence.
    RevealedPair {
        /// The Player.
        seat: Seat,
    },
    /// Another player holds Line 315: every other player is asked at once.
    InterruptWindow {
        /// Who revealed 316.
        revealer: Seat,
    },
    /// A prompted player answered (the answer is named to that seat only).
    Answered {
        /// Who.
        seat: Seat,
        /// Whether they played Line 315.
        play: bool,
    },
    /// Line 315 was played to keep the game going.
    Interrupted {
        /// Who played it.
        seat: Seat,
        /// Whether it joined their Sequence (else it was removed).
        joined: bool,
    },
    /// Nobody played Line 315.
    NoInterrupt,
    /// The interrupted Line 316 went back to the revealer's hand.
    Returned316 {
        /// The revealer.
        seat: Seat,
    },
    /// A card went into the deck to be shuffled (`interrupted_316_reshuffles`).
    ShuffledIntoDeck {
        /// The card.
        card: u8,
    },
    /// The deck was reshuffled.
    DeckShuffled {
        /// Its size.
        cards: u8,
    },
    /// A turn ended.
    TurnEnded {
        /// The Player.
        seat: Seat,
    },
    /// The game is over.
    GameEnded {
        /// How.
        end: End,
    },
}

impl Event {
    /// The text of this event as `viewer` may see it; `None` when `viewer` does not see it.
    #[must_use]
    pub fn describe(&self, state: &State, viewer: Viewer) -> Option<String> {
        let id = |c: u8| card_ref(c, state.min_line()).to_string();
        let sees = |s: Seat| viewer.sees_private_of(s);
        let seats = |set: SeatSet| {
            set.iter()
                .map(|s| format!("seat {s}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = match *self {
            Event::DealtHand { seat, cards } => {
                if !sees(seat) {
                    return None;
                }
                format!("seat {seat} is dealt {} {}", id(cards[0]), id(cards[1]))
            }
            Event::Dealt { players, deck } => {
                format!("{players} players are dealt two cards each; {deck} cards left in the deck")
            }
            Event::Pointed { seat, target } => {
                if sees(seat) {
                    format!("seat {seat} points at seat {target}")
                } else {
                    format!("seat {seat} has chosen")
                }
            }
            Event::VotesRevealed { votes, players } => {
                let mut s = String::from("everyone points:");
                for (i, v) in votes.iter().take(usize::from(players)).enumerate() {
                    if let Some(v) = v {
                        let _ = write!(s, " seat {i} at seat {v};");
                    }
                }
                s.pop();
                s
            }
            Event::VoteTied { tied, times } => {
                format!("tie between {} (tied vote {times})", seats(tied))
            }
            Event::FirstPlayer { seat, by_lot } => {
                if by_lot {
                    format!("seat {seat} is drawn by lot to be the first Player")
                } else {
                    format!(
                        "seat {seat} has the most fingers pointing at them and is the first Player"
                    )
                }
            }
            Event::TurnBegan { seat, turn } => format!("turn {turn}: seat {seat} is the Player"),
            Event::Drew { seat, card } => {
                if sees(seat) {
                    format!("seat {seat} draws {}", id(card))
                } else {
                    format!("seat {seat} draws a card")
                }
            }
            Event::FinalRound { last } => {
                format!("the deck is empty: final round, the game ends after seat {last}'s turn")
            }
            Event::Phase1Skipped { seat } => {
                format!("seat {seat} can neither draw nor trade")
            }
            Event::TradeStarted { player, traders } => {
                format!("seat {player} trades with {}", seats(traders))
            }
            Event::Committed { seat, card } => {
                if sees(seat) {
                    format!("seat {seat} places {} face down", id(card))
                } else {
                    format!("seat {seat} places a card face down")
                }
            }
            Event::PoolRevealed { player, pool } => {
                if sees(player) {
                    let cards: Vec<String> = pool.iter().map(id).collect();
                    format!("seat {player} gathers the pool: {}", cards.join(" "))
                } else {
                    format!("seat {player} gathers the {} traded cards", pool.len())
                }
            }
            Event::Kept { player, card } => {
                if sees(player) {
                    format!("seat {player} keeps {}", id(card))
                } else {
                    format!("seat {player} keeps a card")
                }
            }
            Event::Gave {
                player,
                trader,
                card,
            } => {
                if sees(player) || sees(trader) {
                    format!("seat {player} gives {} to seat {trader}", id(card))
                } else {
                    format!("seat {player} gives a card to seat {trader}")
                }
            }
            Event::ElderSignPlayed { seat, to_deck } => {
                if to_deck {
                    format!(
                        "seat {seat} plays an elder-sign; a yellow-sign is shuffled back into the deck"
                    )
                } else {
                    format!("seat {seat} plays an elder-sign, removing a yellow-sign")
                }
            }
            Event::ElderSignDeclined { seat } => {
                if !sees(seat) {
                    return None;
                }
                format!("seat {seat} keeps their elder-sign")
            }
            Event::YellowSignsRevealed { seat, count } => format!(
                "seat {seat} reveals {count} yellow-sign cards: the game ends and everyone loses"
            ),
            Event::SequenceStarted { seat, low, high } => {
                format!("seat {seat} starts a Sequence: {}..{}", id(low), id(high))
            }
            Event::SequenceDeclined { seat } => {
                if !sees(seat) {
                    return None;
                }
                format!("seat {seat} does not start a Sequence")
            }
            Event::Extended { seat, card, high } => format!(
                "seat {seat} must play {} onto the {} end of their Sequence",
                id(card),
                if high { "high" } else { "low" }
            ),
            Event::Held { seat } => {
                if !sees(seat) {
                    return None;
                }
                format!("seat {seat} holds {}", id(crate::card::LINE_316))
            }
            Event::Revealed { seat, attached } => {
                if attached {
                    format!(
                        "seat {seat} reveals {}, completing their Sequence",
                        id(crate::card::LINE_316)
                    )
                } else {
                    format!("seat {seat} reveals {}", id(crate::card::LINE_316))
                }
            }
            Event::RevealedPair { seat } => format!(
                "seat {seat} reveals {} and {} together",
                id(crate::card::LINE_315),
                id(crate::card::LINE_316)
            ),
            Event::InterruptWindow { revealer } => format!(
                "everyone but seat {revealer} may answer: will anyone play {}?",
                id(crate::card::LINE_315)
            ),
            Event::Answered { seat, play } => {
                if sees(seat) {
                    if play {
                        format!("seat {seat} answers with {}", id(crate::card::LINE_315))
                    } else {
                        format!("seat {seat} passes")
                    }
                } else {
                    format!("seat {seat} has answered")
                }
            }
            Event::Interrupted { seat, joined } => format!(
                "seat {seat} plays {}: \"Not upon us, O King!\"; the game goes on ({})",
                id(crate::card::LINE_315),
                if joined {
                    "it joins their Sequence"
                } else {
                    "it is removed"
                }
            ),
            Event::NoInterrupt => "nobody stops the reveal".into(),
            Event::Returned316 { seat } => format!(
                "{} goes back to seat {seat}'s hand",
                id(crate::card::LINE_316)
            ),
            Event::ShuffledIntoDeck { card } => {
                format!("{} is shuffled into the deck", id(card))
            }
            Event::DeckShuffled { cards } => format!("the deck ({cards} cards) is shuffled"),
            Event::TurnEnded { seat } => format!("seat {seat}'s turn ends"),
            Event::GameEnded { end } => match end {
                End::AllLose(s) => {
                    format!("game over: seat {s} revealed three yellow-sign cards, everyone loses")
                }
                End::Revealed(s) => format!("game over: seat {s} finished the play"),
                End::DeckOut => "game over: the final round is done".into(),
                End::TurnLimit => "game over: the turn limit is reached".into(),
            },
        };
        Some(text)
    }
}

impl Event {
    /// The text of this event for people at the table, or `None` when `viewer` does not see
    /// it: players by their names, cards as the rules print them ("Line 305", "a Yellow Sign").
    #[must_use]
    #[allow(clippy::too_many_lines)] // one arm per event, as in `describe`
    pub fn narrate(&self, state: &State, viewer: Viewer, names: Names) -> Option<String> {
        let card = |c: u8| match card_ref(c, state.min_line()) {
            CardRef::Line(n) => format!("Line {n}"),
            CardRef::YellowSign => "a Yellow Sign".to_owned(),
            CardRef::ElderSign => "an Elder Sign".to_owned(),
        };
        let sees = |s: Seat| viewer.sees_private_of(s);
        let who = |s: Seat| names.of(s);
        let l315 = card(crate::card::LINE_315);
        let l316 = card(crate::card::LINE_316);
        let text = match *self {
            Event::DealtHand { seat, cards } => {
                if !sees(seat) {
                    return None;
                }
                format!("{} is dealt {}", who(seat), and_list(cards.map(card)))
            }
            Event::Dealt { players, deck } => format!(
                "{players} players are dealt two cards each; {} left in the deck",
                count(deck, "card")
            ),
            Event::Pointed { seat, target } => {
                if sees(seat) {
                    format!("{} points at {}", who(seat), who(target))
                } else {
                    format!("{} has chosen", who(seat))
                }
            }
            Event::VotesRevealed { votes, players } => {
                let points = votes
                    .iter()
                    .take(usize::from(players))
                    .zip(0u8..)
                    .filter_map(|(v, s)| v.map(|v| format!("{} at {}", who(Seat(s)), who(v))));
                format!("Everyone points: {}", and_list(points))
            }
            Event::VoteTied { tied, times } => format!(
                "Tie between {} (tied vote {times})",
                names.list(tied.iter())
            ),
            Event::FirstPlayer { seat, by_lot } => {
                if by_lot {
                    format!("{} is drawn by lot to be the first Player", who(seat))
                } else {
                    format!(
                        "{} has the most fingers pointing at them and is the first Player",
                        who(seat)
                    )
                }
            }
            Event::TurnBegan { seat, turn } => {
                format!("Turn {turn}: {} is the Player", who(seat))
            }
            Event::Drew { seat, card: c } => {
                if sees(seat) {
                    format!("{} draws {}", who(seat), card(c))
                } else {
                    format!("{} draws a card", who(seat))
                }
            }
            Event::FinalRound { last } => format!(
                "The deck is empty: final round, the game ends after {}'s turn",
                who(last)
            ),
            Event::Phase1Skipped { seat } => format!("{} can neither draw nor trade", who(seat)),
            Event::TradeStarted { player, traders } => {
                format!("{} trades with {}", who(player), names.list(traders.iter()))
            }
            Event::Committed { seat, card: c } => {
                if sees(seat) {
                    format!("{} places {} face down", who(seat), card(c))
                } else {
                    format!("{} places a card face down", who(seat))
                }
            }
            Event::PoolRevealed { player, pool } => {
                if sees(player) {
                    format!(
                        "{} gathers the pool: {}",
                        who(player),
                        and_list(pool.iter().map(card))
                    )
                } else {
                    format!(
                        "{} gathers the {} traded",
                        who(player),
                        count(pool.len(), "card")
                    )
                }
            }
            Event::Kept { player, card: c } => {
                if sees(player) {
                    format!("{} keeps {}", who(player), card(c))
                } else {
                    format!("{} keeps a card", who(player))
                }
            }
            Event::Gave {
                player,
                trader,
                card: c,
            } => {
                if sees(player) || sees(trader) {
                    format!("{} gives {} to {}", who(player), card(c), who(trader))
                } else {
                    format!("{} gives a card to {}", who(player), who(trader))
                }
            }
            Event::ElderSignPlayed { seat, to_deck } => {
                if to_deck {
                    format!(
                        "{} plays an Elder Sign; a Yellow Sign is shuffled back into the deck",
                        who(seat)
                    )
                } else {
                    format!("{} plays an Elder Sign, removing a Yellow Sign", who(seat))
                }
            }
            Event::ElderSignDeclined { seat } => {
                if !sees(seat) {
                    return None;
                }
                format!("{} keeps their Elder Sign", who(seat))
            }
            Event::YellowSignsRevealed { seat, count: n } => format!(
                "{} reveals {n} Yellow Signs: the game ends and everyone loses",
                who(seat)
            ),
            Event::SequenceStarted { seat, low, high } => format!(
                "{} starts a Sequence: {} to {}",
                who(seat),
                card(low),
                card(high)
            ),
            Event::SequenceDeclined { seat } => {
                if !sees(seat) {
                    return None;
                }
                format!("{} does not start a Sequence", who(seat))
            }
            Event::Extended {
                seat,
                card: c,
                high,
            } => format!(
                "{} must play {} onto the {} end of their Sequence",
                who(seat),
                card(c),
                if high { "high" } else { "low" }
            ),
            Event::Held { seat } => {
                if !sees(seat) {
                    return None;
                }
                format!("{} holds {l316}", who(seat))
            }
            Event::Revealed { seat, attached } => {
                if attached {
                    format!("{} reveals {l316}, completing their Sequence", who(seat))
                } else {
                    format!("{} reveals {l316}", who(seat))
                }
            }
            Event::RevealedPair { seat } => {
                format!("{} reveals {l315} and {l316} together", who(seat))
            }
            Event::InterruptWindow { revealer } => format!(
                "Everyone but {} may answer: will anyone play {l315}?",
                who(revealer)
            ),
            Event::Answered { seat, play } => {
                if sees(seat) {
                    if play {
                        format!("{} answers with {l315}", who(seat))
                    } else {
                        format!("{} passes", who(seat))
                    }
                } else {
                    format!("{} has answered", who(seat))
                }
            }
            Event::Interrupted { seat, joined } => format!(
                "{} plays {l315}: \"Not upon us, O King!\"; the game goes on ({})",
                who(seat),
                if joined {
                    "it joins their Sequence"
                } else {
                    "it is removed"
                }
            ),
            Event::NoInterrupt => "Nobody stops the reveal".into(),
            Event::Returned316 { seat } => format!("{l316} goes back to {}'s hand", who(seat)),
            Event::ShuffledIntoDeck { card: c } => match card_ref(c, state.min_line()) {
                CardRef::Line(n) => format!("Line {n} is shuffled into the deck"),
                CardRef::YellowSign => "A Yellow Sign is shuffled into the deck".into(),
                CardRef::ElderSign => "An Elder Sign is shuffled into the deck".into(),
            },
            Event::DeckShuffled { cards } => {
                format!("The deck ({}) is shuffled", count(cards, "card"))
            }
            Event::TurnEnded { seat } => format!("{}'s turn ends", who(seat)),
            Event::GameEnded { end } => match end {
                End::AllLose(s) => format!(
                    "Game over: {} revealed three Yellow Signs, everyone loses",
                    who(s)
                ),
                End::Revealed(s) => format!("Game over: {} finished the play", who(s)),
                End::DeckOut => "Game over: the final round is done".into(),
                End::TurnLimit => "Game over: the turn limit is reached".into(),
            },
        };
        Some(text)
    }
}
