//! The balance-lab metrics (`Game::metrics`), checked against values derived independently from
//! the final state and the trick-by-trick record of seeded random games.

use parlour_core::Game;
use parlour_testkit::{assert_metric_shape, metric_value, play_seeded};
use parlour_troll_tricker::{Event, HAND_SIZE, HANDS, State};

/// Plays a seeded game with uniformly random legal cards, collecting every event.
fn play(players: u8, options: &str, seed: u64) -> (State, Vec<Event>) {
    play_seeded(players, options, seed, |d, rng| d.uniform(rng))
}

/// Seats that won no trick, hand by hand, counted from the trick winners alone (not from the
/// bonus events).
fn trickless_seats_per_hand(players: u8, events: &[Event]) -> Vec<usize> {
    let mut hands: Vec<Vec<u8>> = Vec::new();
    for e in events {
        match e {
            Event::HandStart { .. } => hands.push(vec![0; usize::from(players)]),
            Event::TrickWon { seat, .. } => {
                hands.last_mut().expect("a trick inside a hand")[seat.index()] += 1;
            }
            _ => {}
        }
    }
    hands
        .iter()
        .map(|tricks| tricks.iter().filter(|&&t| t == 0).count())
        .collect()
}

#[test]
fn metrics_match_the_tricks_taken() {
    // Seven players share 11 tricks a hand, so some seat usually takes none.
    let (state, events) = play(7, "", 11);
    let metrics = state.metrics(&events);

    let tricks: u32 = state.tricks_total().iter().map(|&t| u32::from(t)).sum();
    assert_eq!(tricks, u32::from(HANDS) * u32::from(HAND_SIZE));
    assert_eq!(
        metric_value(&metrics, "tricks_per_hand"),
        f64::from(tricks) / f64::from(HANDS)
    );

    let trickless = trickless_seats_per_hand(7, &events);
    assert_eq!(trickless.len(), usize::from(HANDS));
    let paid: usize = trickless.iter().sum();
    assert!(paid > 0, "this seed has a hand where a seat takes no trick");
    assert_eq!(
        metric_value(&metrics, "zero_trick_bonus_per_hand"),
        paid as f64 / f64::from(HANDS)
    );
    assert_eq!(metric_value(&metrics, "hands"), f64::from(HANDS));
    assert_eq!(state.round(), u32::from(HANDS));
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (players, seed) in [(3, 1), (4, 2), (5, 3), (6, 4), (7, 5)] {
        let (state, events) = play(players, "", seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(
            &metrics,
            &["tricks_per_hand", "zero_trick_bonus_per_hand", "hands"],
        );
        // Every seat but one can take no trick in a hand; the bonus is paid per such seat.
        assert!(metric_value(&metrics, "zero_trick_bonus_per_hand") <= f64::from(players - 1));
        let paid = trickless_seats_per_hand(players, &events)
            .iter()
            .sum::<usize>();
        assert_eq!(
            metric_value(&metrics, "zero_trick_bonus_per_hand"),
            paid as f64 / f64::from(HANDS)
        );
    }
}

#[test]
fn card_facts_are_every_card_dealt_which_is_every_card_played() {
    for (players, seed) in [(3, 1), (5, 2), (7, 3)] {
        let (state, events) = play(players, "", seed);
        let names = state.card_names();
        assert_eq!(names.len(), 88);
        assert_eq!(names[0], "Flame 1", "printed names, in id order");
        assert_eq!(names[87], "Tone 11");
        let facts = state
            .card_facts(&events)
            .expect("Troll Tricker declares its cards");
        assert!(facts.played.is_empty(), "played would repeat dealt");
        assert_eq!(facts.dealt.len(), usize::from(players));
        for (s, dealt) in facts.dealt.iter().enumerate() {
            assert_eq!(dealt.len(), usize::from(HANDS) * usize::from(HAND_SIZE));
            // Every card a seat was dealt, it played: the same cards, counted from the plays.
            let mut played: Vec<u16> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Played { seat, card } if seat.index() == s => Some(u16::from(card.id())),
                    _ => None,
                })
                .collect();
            let mut dealt = dealt.clone();
            dealt.sort_unstable();
            played.sort_unstable();
            assert_eq!(dealt, played);
        }
    }
}

/// A hand changes only by plays, so what a seat held is what it was dealt: the game declares
/// no hands to watch, and the lab asks the question once, as "dealt".
#[test]
fn held_is_not_asked_apart_from_dealt() {
    let mut shown = vec![Vec::new(); 4];
    let (_, facts, _) = parlour_testkit::watch_cards::<State>(4, "", 8, |state, _| {
        for s in 0..4u8 {
            let hand = state.hand_of(parlour_core::Seat(s));
            shown[usize::from(s)].extend(hand.iter().map(u16::from));
        }
    });
    let facts = facts.expect("Troll Tricker declares its cards");
    assert!(facts.held.is_empty());
    for (s, cards) in shown.iter_mut().enumerate() {
        cards.sort_unstable();
        cards.dedup();
        assert_eq!(
            *cards, facts.dealt[s],
            "every card seat {s} held it was dealt"
        );
    }
}
