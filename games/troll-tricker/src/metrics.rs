//! What the balance lab reports about a finished game ([`Game::metrics`]): how many tricks a
//! hand has, how often the zero-trick bonus (spec §2.5, D-TT-7) is paid, and how many hands
//! were played. Read from the events alone; `docs/games/troll-tricker.md` lists the definitions.

#[cfg(doc)]
use parlour_core::Game;
use parlour_core::{CardFacts, Metric};

use crate::Event;

/// The metrics of a game from its events, always the same ids in the same order:
///
/// * `tricks_per_hand`: tricks won ([`Event::TrickWon`]) divided by hands played;
/// * `zero_trick_bonus_per_hand`: zero-trick bonuses paid ([`Event::ZeroTrickBonus`], one per
///   seat that took no trick in a hand) divided by hands played;
/// * `hands`: hands played ([`Event::HandStart`]).
///
/// With no hand played the per-hand rates are 0.
pub(crate) fn metrics(events: &[Event]) -> Vec<Metric> {
    let (mut hands, mut tricks, mut bonuses) = (0u32, 0u32, 0u32);
    for event in events {
        match event {
            Event::HandStart { .. } => hands += 1,
            Event::TrickWon { .. } => tricks += 1,
            Event::ZeroTrickBonus { .. } => bonuses += 1,
            _ => {}
        }
    }
    let per_hand = |n: u32| {
        if hands == 0 {
            0.0
        } else {
            f64::from(n) / f64::from(hands)
        }
    };
    vec![
        Metric::new("tricks_per_hand", "tricks per hand", per_hand(tricks)),
        Metric::new(
            "zero_trick_bonus_per_hand",
            "zero-trick bonuses paid per hand",
            per_hand(bonuses),
        ),
        Metric::new("hands", "hands played", f64::from(hands)),
    ]
}

/// The cards each seat was dealt, over all three hands, by card id (the catalogue is
/// [`parlour_fey::printed_names`]). Not "played": every card dealt is played by the end of its
/// hand, so the answer would be the same.
pub(crate) fn card_facts(players: u8, events: &[Event]) -> CardFacts {
    let mut dealt = vec![Vec::new(); usize::from(players)];
    for event in events {
        if let Event::Dealt { seat, cards } = event {
            dealt[seat.index()].extend(cards.iter().map(u16::from));
        }
    }
    CardFacts {
        dealt,
        ..CardFacts::default()
    }
}
