//! What the balance lab reports about a finished game ([`Game::metrics`]): lines completed,
//! cards never played, and rounds. `docs/games/haunted.md` lists the definitions.

use parlour_cards::CardSet;
#[cfg(doc)]
use parlour_core::Game;
use parlour_core::{CardFacts, HandsNow, Metric};

use crate::{Deck, Event, State};

/// The metrics of a game, always the same ids in the same order, over the whole match (the
/// main game and any `tiebreak_short_game` short games):
///
/// * `lines_completed`: lines that became complete ([`Event::Completed`]: a Hidden Terror
///   survived its owner's window, or a tie purpose counted a line complete);
/// * `cards_never_played`: cards of the game's deck (81, or 80 with `five_terrors`) that no
///   player ever played, on any line and in any mode ([`Event::Played`]), and that no effect
///   ever placed on a line from a hand or the discard pile ([`Event::Placed`]). A card that was
///   only drawn, held, discarded, given, taken or revealed (a test, Lap of the Gods or tie draw)
///   counts as never played;
/// * `rounds`: turn slots taken (a normal turn, a Redraw or a missed turn:
///   [`Event::TurnBegan`], [`Event::Redrew`], [`Event::TurnMissed`]) divided by the players
///   seated, summed over the games of the match; a game's last round may count in part.
pub(crate) fn metrics(state: &State, events: &[Event]) -> Vec<Metric> {
    let mut completed = 0u32;
    let mut played = CardSet::EMPTY;
    let mut rounds = 0.0;
    let mut seated = f64::from(state.players());
    let mut slots = 0u32;
    for event in events {
        match event {
            Event::Completed(_) => completed += 1,
            Event::Played { card, .. } | Event::Placed(_, card) => played.insert(card.0),
            Event::TurnBegan(_) | Event::Redrew(_) | Event::TurnMissed(_) => slots += 1,
            Event::TieBreak { seats, .. } => {
                rounds += f64::from(slots) / seated;
                slots = 0;
                seated = f64::from(seats.len() as u32);
            }
            _ => {}
        }
    }
    rounds += f64::from(slots) / seated;
    let never = state.in_play.minus(played).len();
    vec![
        Metric::new("lines_completed", "lines completed", f64::from(completed)),
        Metric::new("cards_never_played", "cards never played", f64::from(never)),
        Metric::new("rounds", "rounds (turn slots per player)", rounds),
    ]
}

/// The card names of the lab's card questions: each printed name once, in table order.
pub(crate) fn card_names(deck: &Deck) -> Vec<String> {
    deck.names().to_vec()
}

/// The cards each seat played on a line ([`Event::Played`], in any mode), over the whole
/// match, by [`card_names`] index. "Dealt" and "held" come from [`hands_now`]: the deal's event
/// does not name the hands.
pub(crate) fn card_facts(deck: &Deck, players: u8, events: &[Event]) -> CardFacts {
    let index = deck.name_index();
    let mut played = vec![Vec::new(); usize::from(players)];
    for event in events {
        if let Event::Played { seat, card, .. } = event
            && let Some(p) = played.get_mut(seat.index())
        {
            p.push(index[usize::from(card.0)]);
        }
    }
    CardFacts {
        played,
        ..CardFacts::default()
    }
}

/// Each seat's hand after a step, by [`card_names`] index: what a seat held over the game
/// (draws, takes, gifts, the Rift's passes); the hands of the step that dealt
/// ([`Event::Dealt`]) are what it was dealt, since the deal's event names no hands.
pub(crate) fn hands_now(state: &State, caused: &[Event]) -> HandsNow {
    let index = state.deck().name_index();
    HandsNow {
        hands: (0..usize::from(state.n))
            .map(|s| {
                state.hands[s]
                    .iter()
                    .map(|c| index[usize::from(c)])
                    .collect()
            })
            .collect(),
        dealt: caused.iter().any(|e| matches!(e, Event::Dealt)),
    }
}
