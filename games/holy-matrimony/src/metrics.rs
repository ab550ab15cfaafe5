//! What the balance lab reports about a finished game ([`Game::metrics`]): how often a
//! revealed total hits 21 exactly or goes over (spec §4.3), and how many rounds were played.
//! `docs/games/holy-matrimony.md` lists the definitions.

#[cfg(doc)]
use parlour_core::Game;
use parlour_core::{CardFacts, HandsNow, Metric};

use crate::scoring::TARGET_TOTAL;
use crate::{Event, State};

/// The metrics of a game, always the same ids in the same order. A seat-round is one seat's
/// reveal in one round ([`Event::Revealed`], an empty commitment included); its total is the
/// church card plus the committed cards, wild fey cards counted at their best value
/// (`fey_wild_value`):
///
/// * `exact_21_rate`: the share of seat-rounds whose total is exactly 21 ([`TARGET_TOTAL`]);
/// * `bust_rate`: the share of seat-rounds whose total is over 21;
/// * `rounds`: rounds played (revealed and scored).
///
/// With no seat-round the rates are 0.
pub(crate) fn metrics(state: &State, events: &[Event]) -> Vec<Metric> {
    let (mut seat_rounds, mut exact, mut bust) = (0u32, 0u32, 0u32);
    for event in events {
        if let Event::Revealed { total, .. } = event {
            seat_rounds += 1;
            exact += u32::from(*total == TARGET_TOTAL);
            bust += u32::from(*total > TARGET_TOTAL);
        }
    }
    let rate = |n: u32| {
        if seat_rounds == 0 {
            0.0
        } else {
            f64::from(n) / f64::from(seat_rounds)
        }
    };
    vec![
        Metric::new(
            "exact_21_rate",
            "share of seat-rounds with a total of exactly 21",
            rate(exact),
        ),
        Metric::new(
            "bust_rate",
            "share of seat-rounds with a total over 21",
            rate(bust),
        ),
        Metric::new("rounds", "rounds played", f64::from(state.rounds_played())),
    ]
}

/// The cards each seat was dealt (its starting hand of seven: its first draw) and committed
/// over the game (every round's revealed cards), by card id (the catalogue is
/// [`parlour_fey::printed_names`]). Refills are neither: they are draws during play, which
/// count as held ([`hands_now`]).
pub(crate) fn card_facts(players: u8, events: &[Event]) -> CardFacts {
    let seats = usize::from(players);
    let mut facts = CardFacts {
        dealt: vec![Vec::new(); seats],
        held: Vec::new(),
        played: vec![Vec::new(); seats],
    };
    let mut drawn = vec![false; seats];
    for event in events {
        match event {
            Event::Drew { seat, cards } if !drawn[seat.index()] => {
                drawn[seat.index()] = true;
                facts.dealt[seat.index()].extend(cards.iter().map(u16::from));
            }
            Event::Committed { seat, cards } => {
                facts.played[seat.index()].extend(cards.iter().map(u16::from));
            }
            _ => {}
        }
    }
    facts
}

/// Each seat's hand after a step, by card id: every card a seat held, the starting seven and
/// every refill. The deal is [`card_facts`]'s, so no step is marked as dealing.
pub(crate) fn hands_now(state: &State, _caused: &[Event]) -> HandsNow {
    HandsNow {
        hands: (0..usize::from(state.n))
            .map(|s| state.hands[s].iter().map(u16::from).collect())
            .collect(),
        dealt: false,
    }
}
