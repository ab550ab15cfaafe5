//! What happened, for logs, and its text as each viewer may see it.

use parlour_cards::CardSet;
use parlour_core::{BySeat, Names, Seat, SeatSet, Viewer, and_list, count};

use crate::State;
use crate::scoring::{RoundEnd, RoundResult};

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The first dealer was chosen.
    FirstDealer {
        /// The dealer.
        dealer: Seat,
    },
    /// A round was dealt.
    Dealt {
        /// Which round.
        round: u32,
        /// Its dealer.
        dealer: Seat,
        /// The turned-up card.
        up: u8,
        /// Every hand (each seat sees only its own).
        hands: BySeat<CardSet>,
    },
    /// A seat drew the top stock card (named only to that seat).
    Drew {
        /// Who.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// A seat took the pile with a matching pair.
    TookPile {
        /// Who.
        seat: Seat,
        /// The top card, now in a new set.
        top: u8,
        /// The pair shown from the hand, now in that set.
        pair: [u8; 2],
        /// The rest of the pile, now in the hand.
        rest: CardSet,
    },
    /// A seat took Crown Jewels from the top of the pile with two Crown Jewels.
    TookPileWithJewels {
        /// Who.
        seat: Seat,
        /// The taken Crown Jewels.
        top: u8,
        /// The two Crown Jewels shown; they stay in the hand.
        shown: [u8; 2],
        /// The set (own index) the taken card went to.
        set: u8,
        /// The pair from the hand that formed a new set with it, if one did.
        pair: Option<[u8; 2]>,
        /// The rest of the pile, now in the hand (empty with `crown_jewel_top_takes_single`).
        rest: CardSet,
    },
    /// A seat passed with an empty stock.
    PassedStockEmpty {
        /// Who.
        seat: Seat,
    },
    /// The pile under its top card became the new stock.
    Reshuffled {
        /// Cards in the new stock.
        count: u8,
    },
    /// A seat laid down a new set.
    Melded {
        /// Who.
        seat: Seat,
        /// The new set's index.
        set: u8,
        /// Its three cards.
        cards: [u8; 3],
    },
    /// A seat added a card to one of its sets.
    Added {
        /// Who.
        seat: Seat,
        /// Which set.
        set: u8,
        /// The card.
        card: u8,
    },
    /// A seat discarded.
    Discarded {
        /// Who.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// A seat emptied its hand.
    WentOut {
        /// Who.
        seat: Seat,
    },
    /// A round ended.
    RoundEnded {
        /// Which round.
        round: u32,
        /// Why.
        reason: RoundEnd,
    },
    /// A round was scored.
    RoundScored {
        /// The scoring.
        result: RoundResult,
        /// Cumulative totals after it.
        totals: BySeat<i32>,
    },
    /// The game ended.
    GameEnded {
        /// The seats sharing the highest total.
        winners: SeatSet,
        /// Final totals.
        totals: BySeat<i32>,
    },
}

/// The text of `event` for `viewer`, or `None` if the viewer does not see it.
pub(crate) fn describe(state: &State, event: &Event, viewer: Viewer) -> Option<String> {
    let deck = state.deck;
    let id = |c: u8| deck.card_id(c).to_owned();
    let top_only = state.settings.pile_top_only_visible;
    Some(match *event {
        Event::FirstDealer { dealer } => format!("seat {dealer} deals first"),
        Event::Dealt {
            round,
            dealer,
            up,
            hands,
        } => {
            let mut t = format!("round {round}: seat {dealer} deals; turned up: {}", id(up));
            for s in Seat::all(state.players) {
                if viewer.sees_private_of(s) {
                    t += &format!("; seat {s} holds {}", deck.cards_text(hands[s]));
                }
            }
            t
        }
        Event::Drew { seat, card } => {
            if viewer.sees_private_of(seat) {
                format!("seat {seat} draws {}", id(card))
            } else {
                format!("seat {seat} draws from the stock")
            }
        }
        Event::TookPile {
            seat,
            top,
            pair,
            rest,
        } => format!(
            "seat {seat} takes the pile: sets down {} with {} {}; {}",
            id(top),
            id(pair[0]),
            id(pair[1]),
            rest_text(state, seat, rest, viewer, top_only)
        ),
        Event::TookPileWithJewels {
            seat,
            top,
            shown,
            set,
            pair,
            rest,
        } => {
            let placed = match pair {
                Some([a, b]) => format!("a new set {set} with {} {}", id(a), id(b)),
                None => format!("set {set}"),
            };
            format!(
                "seat {seat} shows {} {} and takes {} from the pile into {placed}; {}",
                id(shown[0]),
                id(shown[1]),
                id(top),
                rest_text(state, seat, rest, viewer, top_only)
            )
        }
        Event::PassedStockEmpty { seat } => format!("seat {seat} passes: the stock is empty"),
        Event::Reshuffled { count } => {
            format!("the pile under its top card becomes a new stock of {count} cards")
        }
        Event::Melded { seat, set, cards } => format!(
            "seat {seat} lays down set {set}: {} {} {}",
            id(cards[0]),
            id(cards[1]),
            id(cards[2])
        ),
        Event::Added { seat, set, card } => format!("seat {seat} adds {} to set {set}", id(card)),
        Event::Discarded { seat, card } => format!("seat {seat} discards {}", id(card)),
        Event::WentOut { seat } => format!("seat {seat} goes out"),
        Event::RoundEnded { round, reason } => match reason {
            RoundEnd::WentOut(s) => format!("round {round} ends: seat {s} went out"),
            RoundEnd::StockExhausted => format!("round {round} ends: the stock is exhausted"),
        },
        Event::RoundScored { result, totals } => {
            let parts: Vec<String> = Seat::all(state.players)
                .map(|s| {
                    format!(
                        "seat {s} {:+} (table {} − hand {}) total {}",
                        result.score[s], result.table[s], result.hand[s], totals[s]
                    )
                })
                .collect();
            format!("round {} scores: {}", result.round, parts.join("; "))
        }
        Event::GameEnded { winners, totals } => {
            let w: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
            let t: Vec<String> = totals
                .seats(state.players)
                .iter()
                .map(i32::to_string)
                .collect();
            format!(
                "game over: totals {}; winner{} seat {}",
                t.join(" "),
                if winners.len() > 1 { "s" } else { "" },
                w.join(" and ")
            )
        }
    })
}

fn rest_text(state: &State, seat: Seat, rest: CardSet, viewer: Viewer, top_only: bool) -> String {
    if rest.is_empty() {
        "no other card".to_owned()
    } else if top_only && !viewer.sees_private_of(seat) {
        format!("{} more cards into the hand", rest.len())
    } else {
        format!("into the hand: {}", state.deck.cards_text(rest))
    }
}

/// Cards by their printed names, copies of a kind counted (`2 × John Knox + Crown Jewels`):
/// the names hold commas, so the groups are joined with `+`.
fn printed(state: &State, cards: impl IntoIterator<Item = u8>) -> String {
    let deck = state.deck;
    let mut groups: Vec<(u8, u32)> = Vec::new();
    for c in cards {
        let kind = deck.kind_of(c).0;
        match groups.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => groups.push((kind, 1)),
        }
    }
    let text: Vec<String> = groups
        .iter()
        .map(|&(k, n)| {
            let name = &deck.info(crate::deck::Kind(k)).name;
            if n == 1 {
                name.clone()
            } else {
                format!("{n} × {name}")
            }
        })
        .collect();
    if text.is_empty() {
        "no card".to_owned()
    } else {
        text.join(" + ")
    }
}

/// The text of `event` for people at the table, or `None` if `viewer` does not see it:
/// players by their names, cards by their printed names, sets counted from 1.
pub(crate) fn narrate(
    state: &State,
    event: &Event,
    viewer: Viewer,
    names: Names,
) -> Option<String> {
    let name = |c: u8| printed(state, [c]);
    let who = |s: Seat| names.of(s);
    let top_only = state.settings.pile_top_only_visible;
    let rest = |seat: Seat, rest: CardSet| {
        if rest.is_empty() {
            "no other card".to_owned()
        } else if top_only && !viewer.sees_private_of(seat) {
            format!("{} more into the hand", count(rest.len(), "card"))
        } else {
            format!("into the hand: {}", printed(state, rest.iter()))
        }
    };
    Some(match *event {
        Event::FirstDealer { dealer } => format!("{} deals first", who(dealer)),
        Event::Dealt {
            round,
            dealer,
            up,
            hands,
        } => {
            let mut t = format!(
                "Round {round}: {} deals; turned up: {}",
                who(dealer),
                name(up)
            );
            for s in Seat::all(state.players) {
                if viewer.sees_private_of(s) {
                    t += &format!("; {} holds {}", who(s), printed(state, hands[s].iter()));
                }
            }
            t
        }
        Event::Drew { seat, card } => {
            if viewer.sees_private_of(seat) {
                format!("{} draws {}", who(seat), name(card))
            } else {
                format!("{} draws from the stock", who(seat))
            }
        }
        Event::TookPile {
            seat,
            top,
            pair,
            rest: r,
        } => format!(
            "{} takes the pile: sets down {} with {}; {}",
            who(seat),
            name(top),
            printed(state, pair),
            rest(seat, r)
        ),
        Event::TookPileWithJewels {
            seat,
            top,
            shown,
            set,
            pair,
            rest: r,
        } => {
            let placed = match pair {
                Some(p) => format!("a new set {} with {}", set + 1, printed(state, p)),
                None => format!("set {}", set + 1),
            };
            format!(
                "{} shows {} and takes {} from the pile into {placed}; {}",
                who(seat),
                printed(state, shown),
                name(top),
                rest(seat, r)
            )
        }
        Event::PassedStockEmpty { seat } => format!("{} passes: the stock is empty", who(seat)),
        Event::Reshuffled { count: n } => format!(
            "The pile under its top card becomes a new stock of {}",
            count(n, "card")
        ),
        Event::Melded { seat, set, cards } => format!(
            "{} lays down set {}: {}",
            who(seat),
            set + 1,
            printed(state, cards)
        ),
        Event::Added { seat, set, card } => {
            format!("{} adds {} to set {}", who(seat), name(card), set + 1)
        }
        Event::Discarded { seat, card } => format!("{} discards {}", who(seat), name(card)),
        Event::WentOut { seat } => format!("{} goes out", who(seat)),
        Event::RoundEnded { round, reason } => match reason {
            RoundEnd::WentOut(s) => format!("Round {round} ends: {} went out", who(s)),
            RoundEnd::StockExhausted => format!("Round {round} ends: the stock is exhausted"),
        },
        Event::RoundScored { result, totals } => {
            let parts: Vec<String> = Seat::all(state.players)
                .map(|s| {
                    format!(
                        "{} {:+} (table {} − hand {}), total {}",
                        who(s),
                        result.score[s],
                        result.table[s],
                        result.hand[s],
                        count(totals[s], "point")
                    )
                })
                .collect();
            format!("Round {} scores: {}", result.round, parts.join("; "))
        }
        Event::GameEnded { winners, totals } => {
            let t = and_list(
                Seat::all(state.players)
                    .map(|s| format!("{} {}", who(s), count(totals[s], "point"))),
            );
            let won = if winners.len() > 1 { "win" } else { "wins" };
            format!("Game over: {t}; {} {won}", names.list(winners.iter()))
        }
    })
}
