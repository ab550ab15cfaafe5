//! The balance-lab metrics (`Game::metrics`), checked against totals summed independently from
//! the church cards and the revealed cards of seeded games.

use parlour_core::{Game, Seat};
use parlour_fey::Card;
use parlour_holy_matrimony::{Action, Event, HAND_SIZE, State};
use parlour_testkit::{assert_metric_shape, metric_value, play_seeded};

const IDS: [&str; 3] = ["exact_21_rate", "bust_rate", "rounds"];

/// Plays a seeded game, collecting every event: seat 0 commits its best subset for the church
/// card (so it often makes exactly 21), the others commit uniformly random subsets (so they
/// often go over).
fn play(players: u8, options: &str, seed: u64) -> (State, Vec<Event>) {
    play_seeded::<State>(players, options, seed, |d, rng| {
        if d.seat == Seat(0) {
            Action::Commit(d.state.best_round_score(d.seat).expect("a church card").0)
        } else {
            d.uniform(rng)
        }
    })
}

/// `(seat-rounds, exactly 21, over 21, rounds)` from the church cards and the values of the
/// revealed cards (fey cards at face value, the default), not from the reveal's total.
fn derived(events: &[Event]) -> (u32, u32, u32, u32) {
    let (mut church, mut seat_rounds, mut exact, mut bust, mut rounds) = (0, 0, 0, 0, 0);
    for e in events {
        match e {
            Event::Church { card, .. } => {
                church = i32::from(card.value());
                rounds += 1;
            }
            Event::Revealed { cards, .. } => {
                let total = church
                    + cards
                        .iter()
                        .map(|c| i32::from(Card::from_id(c).expect("a deck card").value()))
                        .sum::<i32>();
                seat_rounds += 1;
                exact += u32::from(total == 21);
                bust += u32::from(total > 21);
            }
            _ => {}
        }
    }
    (seat_rounds, exact, bust, rounds)
}

#[test]
fn metrics_match_the_revealed_cards() {
    let (mut all_exact, mut all_bust) = (0, 0);
    for (players, seed) in [(2, 1), (3, 2), (5, 3)] {
        let (state, events) = play(players, "target_score=40", seed);
        let metrics = state.metrics(&events);
        let (seat_rounds, exact, bust, rounds) = derived(&events);
        assert_eq!(seat_rounds, rounds * u32::from(players));
        assert_eq!(
            metric_value(&metrics, "exact_21_rate"),
            f64::from(exact) / f64::from(seat_rounds)
        );
        assert_eq!(
            metric_value(&metrics, "bust_rate"),
            f64::from(bust) / f64::from(seat_rounds)
        );
        assert_eq!(metric_value(&metrics, "rounds"), f64::from(rounds));
        assert_eq!(state.round(), rounds);
        all_exact += exact;
        all_bust += bust;
    }
    assert!(
        all_exact > 0 && all_bust > 0,
        "{all_exact} exact, {all_bust} bust"
    );
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (players, options, seed) in [
        (2, "", 10),
        (4, "fey_wild_value,target_score=30", 11),
        (7, "church_counts_for_total_only,max_rounds=5", 12),
        (3, "reshuffle_mat_each_round,target_score=30", 13),
    ] {
        let (state, events) = play(players, options, seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        let (exact, bust) = (metrics[0].value, metrics[1].value);
        assert!(exact + bust <= 1.0, "{exact} + {bust}");
        assert!(metrics[2].value >= 1.0);
    }
}

#[test]
fn card_facts_are_the_starting_hands_and_every_card_revealed() {
    for (players, seed) in [(2, 1), (4, 2), (7, 3)] {
        let (state, events) = play(players, "", seed);
        assert_eq!(state.card_names().len(), 88);
        let facts = state
            .card_facts(&events)
            .expect("Holy Matrimony declares its cards");
        let mut seen = std::collections::BTreeSet::new();
        for dealt in &facts.dealt {
            assert_eq!(dealt.len(), usize::from(HAND_SIZE), "a starting hand");
            assert!(dealt.iter().all(|&c| seen.insert(c)), "hands are disjoint");
        }
        // What each seat played is what the reveals showed, counted apart.
        for s in 0..players {
            let revealed: usize = events
                .iter()
                .map(|e| match e {
                    Event::Revealed { seat, cards, .. } if *seat == Seat(s) => cards.len() as usize,
                    _ => 0,
                })
                .sum();
            assert_eq!(facts.played[usize::from(s)].len(), revealed);
        }
    }
}

/// Held, as the lab reads it: every card a seat's own view ever showed in its hand (the
/// starting seven and every refill), which holds what it was dealt and what it committed.
#[test]
fn held_is_every_card_a_seats_view_showed_in_its_hand() {
    let players = 4;
    let mut held = vec![Vec::new(); usize::from(players)];
    let (_, facts, _) = parlour_testkit::watch_cards::<State>(players, "", 6, |state, _| {
        for s in 0..players {
            let hand = state
                .view(Some(Seat(s)))
                .own_hand
                .expect("a seat sees its hand");
            held[usize::from(s)].extend(hand.iter().map(|c: &Card| u16::from(c.id())));
        }
    });
    let facts = facts.expect("Holy Matrimony declares its cards");
    for cards in &mut held {
        cards.sort_unstable();
        cards.dedup();
    }
    assert_eq!(facts.held, held);
    for s in 0..usize::from(players) {
        assert!(
            facts.held[s].len() > usize::from(HAND_SIZE),
            "seat {s} refilled"
        );
        assert!(facts.dealt[s].iter().all(|c| facts.held[s].contains(c)));
        assert!(facts.played[s].iter().all(|c| facts.held[s].contains(c)));
    }
}
