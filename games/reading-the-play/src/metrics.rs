//! What the balance lab reports about a finished game ([`Game::metrics`]): how it ended (one
//! flag per ending of spec §7 and the turn limit of §12.1) and whether nobody won.
//! `docs/games/reading-the-play.md` lists the definitions.

use parlour_core::{CardFacts, Game, HandsNow, Metric};

use crate::{End, Event, State};

/// The metrics of a game, always the same ids in the same order: one 0/1 flag per way the game
/// can end, exactly one of them 1 once the game is over (all 0 before), then the no-winner flag:
///
/// * `end_line_316`: a Player revealed Line 316 and nobody stopped it, or revealed Lines 315
///   and 316 together ([`End::Revealed`]);
/// * `end_yellow_signs`: a Player revealed three or more Yellow Signs and everyone lost
///   ([`End::AllLose`]);
/// * `end_deck_out`: the deck ran out and the final round was played (or, with
///   `deck_out_immediate_end`, the game ended at once) ([`End::DeckOut`]);
/// * `end_turn_limit`: the `turn_limit` was reached ([`End::TurnLimit`]);
/// * `no_winner`: the game is over and its outcome has no winner (everyone lost to the Yellow
///   Signs, or the top score was 0).
pub(crate) fn metrics(state: &State) -> Vec<Metric> {
    let end = state.end();
    vec![
        Metric::flag(
            "end_line_316",
            "game ended by Line 316 revealed",
            matches!(end, Some(End::Revealed(_))),
        ),
        Metric::flag(
            "end_yellow_signs",
            "game ended by three Yellow Signs",
            matches!(end, Some(End::AllLose(_))),
        ),
        Metric::flag(
            "end_deck_out",
            "game ended after the deck ran out",
            matches!(end, Some(End::DeckOut)),
        ),
        Metric::flag(
            "end_turn_limit",
            "game ended at the turn limit",
            matches!(end, Some(End::TurnLimit)),
        ),
        Metric::flag(
            "no_winner",
            "game with no winner",
            state.outcome().is_some_and(|o| o.winners.is_empty()),
        ),
    ]
}

/// The card names of the lab's card questions, as the rules print them: every Line
/// (`Line 289` to `Line 316`), then `Yellow Sign` and `Elder Sign` (their copies are alike).
pub(crate) fn card_names(state: &State) -> Vec<String> {
    let min = state.min_line();
    (0..u16::from(crate::card::LINE_COUNT))
        .map(|i| format!("Line {}", min + i))
        .chain(["Yellow Sign".to_owned(), "Elder Sign".to_owned()])
        .collect()
}

/// The two cards each seat was dealt, by [`card_names`] index. Only "dealt": what a seat
/// plays (a Sequence, Line 316 revealed or answered) is a whole run of cards chosen by the
/// scoring, not one card's decision, so "played" is not declared.
pub(crate) fn card_facts(players: u8, events: &[Event]) -> CardFacts {
    let mut dealt = vec![Vec::new(); usize::from(players)];
    for event in events {
        if let Event::DealtHand { seat, cards } = event {
            dealt[seat.index()].extend(cards.iter().map(|&c| name_of(c)));
        }
    }
    CardFacts {
        dealt,
        ..CardFacts::default()
    }
}

/// A card's index into [`card_names`]: a Line's own, or its sign's.
fn name_of(card: u8) -> u16 {
    u16::from(if card < crate::card::FIRST_YELLOW {
        card
    } else if card < crate::card::FIRST_ELDER {
        crate::card::LINE_COUNT
    } else {
        crate::card::LINE_COUNT + 1
    })
}

/// Each seat's hand after a step, by [`card_names`] index: every card a seat held (its two
/// starting cards, draws and cards traded to it). The deal is [`card_facts`]'s, so no step is
/// marked as dealing.
pub(crate) fn hands_now(state: &State, _caused: &[Event]) -> HandsNow {
    HandsNow {
        hands: (0..usize::from(state.n))
            .map(|s| state.hands[s].iter().map(name_of).collect())
            .collect(),
        dealt: false,
    }
}
