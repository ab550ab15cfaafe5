//! What the balance lab reports about a finished game ([`Game::metrics`]): how its hands ended
//! (a player going out, the stock running out, or the turn limit; spec §3.3, D-RR-10, §8.1) and
//! how many hands were played. Read from the events alone; `docs/games/rebel-runs.md` lists the
//! definitions.

#[cfg(doc)]
use parlour_core::Game;
use parlour_core::{CardFacts, HandsNow, Metric};

use crate::phase::HandEnd;
use crate::{Event, State};

/// The metrics of a game from its events, always the same ids in the same order. Each ending is
/// a share of the game's hands (ended hands, [`Event::HandEnded`]), so the three shares sum to 1
/// once a hand has ended (all are 0 before):
///
/// * `hands_went_out`: hands ended by a player emptying their hand ([`HandEnd::WentOut`]);
/// * `hands_stock_ran_out`: hands ended because the stock ran out a second time or could not
///   be rebuilt ([`HandEnd::Blocked`]);
/// * `hands_turn_limit`: hands ended by `hand_turn_limit` ([`HandEnd::TurnLimit`]);
/// * `hands`: hands played.
pub(crate) fn metrics(events: &[Event]) -> Vec<Metric> {
    let (mut went_out, mut blocked, mut limit) = (0u32, 0u32, 0u32);
    for event in events {
        if let Event::HandEnded { reason, .. } = event {
            match reason {
                HandEnd::WentOut(_) => went_out += 1,
                HandEnd::Blocked => blocked += 1,
                HandEnd::TurnLimit => limit += 1,
            }
        }
    }
    let hands = went_out + blocked + limit;
    let share = |n: u32| {
        if hands == 0 {
            0.0
        } else {
            f64::from(n) / f64::from(hands)
        }
    };
    vec![
        Metric::new(
            "hands_went_out",
            "share of hands ended by a player going out",
            share(went_out),
        ),
        Metric::new(
            "hands_stock_ran_out",
            "share of hands ended by the stock running out",
            share(blocked),
        ),
        Metric::new(
            "hands_turn_limit",
            "share of hands ended by the turn limit",
            share(limit),
        ),
        Metric::new("hands", "hands played", f64::from(hands)),
    ]
}

/// The cards each seat played: melded or laid off (the cards that score), over every hand, by
/// card id (the catalogue is [`parlour_fey::printed_names`]). The deal's event does not name
/// the hands: what each seat was dealt and held comes from [`hands_now`].
pub(crate) fn card_facts(players: u8, events: &[Event]) -> CardFacts {
    let mut played = vec![Vec::new(); usize::from(players)];
    for event in events {
        match event {
            Event::Melded { seat, cards, .. } => {
                played[seat.index()].extend(cards.iter().map(u16::from));
            }
            Event::LaidOff { seat, card, .. } => played[seat.index()].push(u16::from(card.id())),
            _ => {}
        }
    }
    CardFacts {
        played,
        ..CardFacts::default()
    }
}

/// Each seat's hand after a step, by card id; the hands of a step that dealt ([`Event::Dealt`])
/// are that hand's deal (every hand of the game is dealt, so "dealt" spans them all).
pub(crate) fn hands_now(state: &State, caused: &[Event]) -> HandsNow {
    HandsNow {
        hands: (0..state.players)
            .map(|s| state.hands[usize::from(s)].iter().map(u16::from).collect())
            .collect(),
        dealt: caused.iter().any(|e| matches!(e, Event::Dealt { .. })),
    }
}
