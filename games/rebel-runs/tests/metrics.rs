//! The balance-lab metrics (`Game::metrics`), checked against hand endings derived
//! independently from the cards that moved in seeded random games.

use parlour_core::Game;
use parlour_rebel_runs::{Event, HAND_SIZE, State};
use parlour_testkit::{assert_metric_shape, metric_value, play_seeded};

const IDS: [&str; 4] = [
    "hands_went_out",
    "hands_stock_ran_out",
    "hands_turn_limit",
    "hands",
];

/// Plays a seeded game with uniformly random legal actions, collecting every event.
fn play(players: u8, options: &str, seed: u64) -> (State, Vec<Event>) {
    play_seeded(players, options, seed, |d, rng| d.uniform(rng))
}

/// How each hand ended, as counts `[went out, stock ran out, turn limit]`, derived without
/// reading the hand-end events' reasons: hand sizes are followed card by card (7 dealt, +1 per
/// draw, −1 per discard and lay-off, −n per meld of n cards); a hand that ends with an empty
/// hand was gone out of, else one that ran `limit` turns per player hit the turn limit, else the
/// stock ran out. (Default turn order: every turn ends with an `EndedTurn` event.)
fn derived_endings(players: u8, limit: u32, events: &[Event]) -> [u32; 3] {
    let mut endings = [0; 3];
    let mut sizes = vec![0i64; usize::from(players)];
    let mut turns = 0u32;
    for e in events {
        match e {
            Event::Dealt { .. } => {
                sizes.fill(i64::from(HAND_SIZE));
                turns = 0;
            }
            Event::DrewStock { seat, .. } | Event::DrewDiscard { seat, .. } => {
                sizes[seat.index()] += 1;
            }
            Event::Discarded { seat, .. } | Event::LaidOff { seat, .. } => {
                sizes[seat.index()] -= 1;
            }
            Event::Melded { seat, cards, .. } => sizes[seat.index()] -= i64::from(cards.len()),
            Event::EndedTurn { .. } => turns += 1,
            Event::HandEnded { .. } => {
                let k = if sizes.contains(&0) {
                    0
                } else if turns == limit * u32::from(players) {
                    2
                } else {
                    1
                };
                endings[k] += 1;
            }
            _ => {}
        }
    }
    endings
}

#[test]
fn metrics_match_the_derived_hand_endings() {
    let mut seen = [0u32; 3];
    // Random play mostly goes out; without laying off, seven players often run the stock dry;
    // a short turn limit ends hands by the limit.
    for (players, options, limit, seed) in [
        (2, "", 100, 1),
        (3, "", 100, 2),
        (7, "no_laying_off", 100, 4),
        (4, "hand_turn_limit=8", 8, 3),
    ] {
        let (state, events) = play(players, options, seed);
        let metrics = state.metrics(&events);
        let endings = derived_endings(players, limit, &events);
        let hands: u32 = endings.iter().sum();
        assert_eq!(hands, u32::from(players), "one hand per player");
        for (id, n) in IDS.iter().zip(endings) {
            assert_eq!(
                metric_value(&metrics, id),
                f64::from(n) / f64::from(hands),
                "{id}, {players} players, seed {seed}"
            );
        }
        assert_eq!(metric_value(&metrics, "hands"), f64::from(players));
        assert_eq!(state.round(), u32::from(players));
        for (s, n) in seen.iter_mut().zip(endings) {
            *s += n;
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "the games end hands every way: {seen:?}"
    );
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (players, options, seed) in [
        (2, "", 10),
        (4, "meld_before_discard", 11),
        (7, "hand_turn_limit=3", 12),
        (3, "no_laying_off", 13),
    ] {
        let (state, events) = play(players, options, seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        let shares: Vec<f64> = metrics[..3].iter().map(|m| m.value).collect();
        assert!(shares.iter().all(|&s| s <= 1.0), "{shares:?}");
        assert!(
            (shares.iter().sum::<f64>() - 1.0).abs() < 1e-12,
            "{shares:?}"
        );
        assert_eq!(metrics[3].value, f64::from(players));
    }
}

/// Each seat's cards over a seeded game as its own view shows them: the hand right after each
/// deal, and every card its hand ever showed.
#[test]
fn card_facts_are_every_deal_every_card_held_and_every_card_melded_or_laid_off() {
    let players = 3;
    let seats = usize::from(players);
    let (mut dealt, mut held) = (vec![Vec::new(); seats], vec![Vec::new(); seats]);
    let mut deals = 0;
    let (state, facts, events) =
        parlour_testkit::watch_cards::<State>(players, "", 11, |state, caused| {
            let deal = caused.iter().any(|e| matches!(e, Event::Dealt { .. }));
            deals += usize::from(deal);
            for s in 0..players {
                let view = state.view(Some(parlour_core::Seat(s)));
                let hand = view.your_hand.expect("a seat sees its hand");
                let ids: Vec<u16> = hand.iter().map(|c| u16::from(c.id())).collect();
                if deal {
                    assert_eq!(hand.len() as u32, HAND_SIZE, "a dealt hand is full");
                    dealt[usize::from(s)].extend(&ids);
                }
                held[usize::from(s)].extend(ids);
            }
        });
    let facts = facts.expect("Rebel Runs declares its cards");
    for list in [&mut dealt, &mut held] {
        for cards in list.iter_mut() {
            cards.sort_unstable();
            cards.dedup();
        }
    }
    assert!(deals >= 2, "the seeded game plays several hands");
    assert_eq!(facts.dealt, dealt);
    assert_eq!(facts.held, held);
    let names = state.card_names();
    let melded: usize = events
        .iter()
        .map(|e| match e {
            Event::Melded { cards, .. } => cards.len() as usize,
            Event::LaidOff { .. } => 1,
            _ => 0,
        })
        .sum();
    assert!(melded > 0, "random play melds");
    for s in 0..seats {
        // Drawing adds to what was dealt, and every card laid down was held first.
        assert!(facts.held[s].len() > facts.dealt[s].len(), "seat {s} drew");
        assert!(facts.played[s].iter().all(|c| facts.held[s].contains(c)));
        assert!(facts.held[s].iter().all(|&c| usize::from(c) < names.len()));
    }
}
