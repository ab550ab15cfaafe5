//! The balance-lab metrics (`Game::metrics`), checked against endings read independently from
//! the course of seeded random games.

use parlour_core::{Game, Metric};
use parlour_reading_the_play::{Action, Event, State};
use parlour_testkit::{assert_metric_shape, play_seeded};
use rand::Rng;

const IDS: [&str; 5] = [
    "end_line_316",
    "end_yellow_signs",
    "end_deck_out",
    "end_turn_limit",
    "no_winner",
];

/// Plays a seeded game with uniformly random legal actions, collecting every event; with
/// `hold`, Line 316 is never revealed (so the game runs on until the deck or turns run out).
fn play(players: u8, options: &str, seed: u64, hold: bool) -> (State, Vec<Event>) {
    play_seeded(players, options, seed, |d, rng| {
        if hold {
            let legal: Vec<Action> = d
                .legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Reveal | Action::RevealPair))
                .collect();
            legal[rng.random_range(0..legal.len())]
        } else {
            d.uniform(rng)
        }
    })
}

/// The ending as an index into [`IDS`], read from what happened just before the game ended
/// (not from the end event): a reveal of Line 316 that stood, the Yellow Signs, or the end of
/// a turn, which is the deck running out once the final round was announced and the turn limit
/// otherwise.
fn derived_ending(events: &[Event]) -> usize {
    let (last, before) = events.split_last().expect("events");
    assert!(matches!(last, Event::GameEnded { .. }), "{last:?}");
    match before.last().expect("something happened") {
        Event::Revealed { .. } | Event::RevealedPair { .. } | Event::NoInterrupt => 0,
        Event::YellowSignsRevealed { .. } => 1,
        Event::TurnEnded { .. } => {
            if before.iter().any(|e| matches!(e, Event::FinalRound { .. })) {
                2
            } else {
                3
            }
        }
        e => panic!("the game ended after {e:?}"),
    }
}

fn flags(metrics: &[Metric]) -> Vec<f64> {
    metrics.iter().map(|m| m.value).collect()
}

#[test]
fn metrics_match_the_way_each_game_ended() {
    let mut seen = [0u32; 4];
    let mut no_winner = [0u32; 2];
    for (players, options, seed, hold) in [
        (3, "", 0, false),
        (3, "", 1, false),
        (4, "", 3, false),
        (5, "", 4, false),
        (4, "turn_limit=12", 0, false),
        (6, "turn_limit=12", 4, false),
        (3, "", 4, true),
        (6, "", 4, true),
    ] {
        let (state, events) = play(players, options, seed, hold);
        let metrics = state.metrics(&events);
        let ending = derived_ending(&events);
        let mut expected = vec![0.0; 5];
        expected[ending] = 1.0;
        // Nobody wins when everyone lost to the Yellow Signs or the best Sequence scores 0.
        let best = state.scores().into_iter().max().expect("seats");
        let nobody = ending == 1 || best == 0;
        expected[4] = f64::from(u8::from(nobody));
        assert_eq!(
            flags(&metrics),
            expected,
            "{players} players, {options}, seed {seed}"
        );
        seen[ending] += 1;
        no_winner[usize::from(nobody)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "every ending is met: {seen:?}");
    assert!(no_winner.iter().all(|&n| n > 0), "{no_winner:?}");
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (players, options, seed) in [
        (3, "", 10),
        (2, "two_player", 11),
        (5, "elder_sign_reshuffles,interrupted_316_reshuffles", 12),
        (6, "deck_out_immediate_end,tiebreak_total_length", 13),
        (4, "turn_limit=5", 14),
    ] {
        let (state, events) = play(players, options, seed, seed % 2 == 0);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        for m in &metrics {
            assert!(m.value == 0.0 || m.value == 1.0, "{m:?}");
        }
        let endings: f64 = metrics[..4].iter().map(|m| m.value).sum();
        assert_eq!(endings, 1.0, "exactly one ending: {metrics:?}");
        let winners = state.outcome().expect("over").winners;
        assert_eq!(metrics[4].value == 1.0, winners.is_empty());
    }
}

#[test]
fn card_facts_are_the_two_cards_each_seat_was_dealt() {
    for (players, seed) in [(3, 1), (6, 2)] {
        let (state, events) = play(players, "", seed, false);
        let names = state.card_names();
        assert_eq!(names.len(), 30);
        assert_eq!(names[27], "Line 316");
        assert_eq!(names[28..], ["Yellow Sign", "Elder Sign"]);
        let facts = state
            .card_facts(&events)
            .expect("Reading the Play declares its cards");
        assert!(facts.played.is_empty());
        assert_eq!(facts.dealt.len(), usize::from(players));
        for (s, dealt) in facts.dealt.iter().enumerate() {
            let hand = events
                .iter()
                .find_map(|e| match e {
                    Event::DealtHand { seat, cards } if seat.index() == s => Some(*cards),
                    _ => None,
                })
                .expect("every seat is dealt");
            assert_eq!(dealt.len(), 2);
            // A Line is named by its own index; the signs by one name each.
            for (&c, &n) in hand.iter().zip(dealt) {
                assert_eq!(
                    usize::from(n),
                    usize::from(c).min(28 + usize::from(c >= 34))
                );
            }
        }
    }
}

/// Held, as the lab reads it: every card a seat's hand ever showed (its two starting cards,
/// draws, and cards traded to it), named as the rules print them.
#[test]
fn held_is_every_card_a_seats_hand_showed_by_printed_name() {
    use parlour_reading_the_play::CardRef;
    let players = 4;
    let names = State::new(
        players,
        &parlour_core::Options::parse_list(State::OPTIONS, "").expect("defaults"),
    )
    .expect("valid setup")
    .card_names();
    let index = |c: &CardRef| {
        let name = match c {
            CardRef::Line(n) => format!("Line {n}"),
            CardRef::YellowSign => "Yellow Sign".to_owned(),
            CardRef::ElderSign => "Elder Sign".to_owned(),
        };
        let i = names
            .iter()
            .position(|n| *n == name)
            .expect("a listed name");
        u16::try_from(i).expect("a short catalogue")
    };
    let mut held = vec![Vec::new(); usize::from(players)];
    let (_, facts, _) = parlour_testkit::watch_cards::<State>(players, "", 3, |state, _| {
        for s in 0..players {
            held[usize::from(s)].extend(state.hand(parlour_core::Seat(s)).iter().map(index));
        }
    });
    let facts = facts.expect("Reading the Play declares its cards");
    for cards in &mut held {
        cards.sort_unstable();
        cards.dedup();
    }
    assert_eq!(facts.held, held);
    for s in 0..usize::from(players) {
        assert!(facts.held[s].len() > facts.dealt[s].len(), "seat {s} drew");
        assert!(facts.dealt[s].iter().all(|c| facts.held[s].contains(c)));
    }
}
