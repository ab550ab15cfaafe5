//! The balance-lab metrics (`Game::metrics`), checked against the sets lying on the tables at
//! the end of every round of seeded random games.

use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
use parlour_queen_of_scots::{Event, SetType, State};
use parlour_testkit::assert_metric_shape;
use rand::Rng;
use std::collections::BTreeMap;

/// Plays a seeded game with uniformly random legal actions, collecting every event, and counts
/// the sets on every table, by metric id, each time a round has just been scored (before the
/// next deal clears the tables).
fn play(players: u8, options: &str, seed: u64) -> (State, Vec<Event>, BTreeMap<String, u32>) {
    let options = Options::parse_list(State::OPTIONS, options).expect("valid options");
    let mut state = State::new(players, &options).expect("valid setup");
    let mut rng = rng_from_seed(seed);
    let (mut events, mut legal) = (Vec::new(), Vec::new());
    let mut on_tables = BTreeMap::new();
    loop {
        let before = events.len();
        match state.to_act() {
            ToAct::Terminal => return (state, events, on_tables),
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state.apply_chance(c, &mut events).expect("sampled outcome");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a seat to act");
                state.legal_actions(seat, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                state.apply(seat, a, &mut events).expect("legal action");
            }
        }
        if events[before..]
            .iter()
            .any(|e| matches!(e, Event::RoundScored { .. }))
        {
            let deck = state.deck();
            for seat in Seat::all(players) {
                for set in state.sets(seat) {
                    let id = match set.kind {
                        SetType::Character(k) => format!("sets_{}", deck.info(k).id),
                        SetType::Royal => "sets_royal".to_owned(),
                    };
                    *on_tables.entry(id).or_insert(0) += 1;
                }
            }
        }
    }
}

/// The ids for the shipped deck: the eleven characters in table order, the royal family, rounds.
const IDS: [&str; 13] = [
    "sets_mary_seton",
    "sets_john_knox",
    "sets_george_douglas",
    "sets_lord_ruthven",
    "sets_david_rizzio",
    "sets_earl_of_moray",
    "sets_duke_of_norfolk",
    "sets_anthony_babington",
    "sets_william_cecil",
    "sets_francis_walsingham",
    "sets_earl_of_bothwell",
    "sets_royal",
    "rounds",
];

#[test]
fn metrics_count_the_sets_on_the_tables_at_each_round_end() {
    let mut royal = 0.0;
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let (state, events, on_tables) = play(players, "max_rounds=3", seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        let mut total = 0;
        for m in &metrics[..IDS.len() - 1] {
            let expected = on_tables.get(m.id).copied().unwrap_or(0);
            assert_eq!(m.value, f64::from(expected), "{} seed {seed}", m.id);
            total += expected;
        }
        assert!(total > 0, "random play lays sets down");
        assert_eq!(
            on_tables.values().sum::<u32>(),
            total,
            "every set has a type"
        );
        assert_eq!(metrics[IDS.len() - 1].value, 3.0);
        assert_eq!(state.round(), 3);
        royal += metrics[IDS.len() - 2].value;
    }
    assert!(royal > 0.0, "some royal set is scored");
}

#[test]
fn metrics_have_fixed_ids_and_sane_values() {
    for (players, options, seed) in [
        (2, "target_score=150", 10),
        (3, "max_rounds=2,crown_jewel_top_takes_single", 11),
        (4, "max_rounds=2,stock_out_reshuffle,going_out_bonus=50", 12),
    ] {
        let (state, events, _) = play(players, options, seed);
        let metrics = state.metrics(&events);
        assert_metric_shape(&metrics, &IDS);
        for m in &metrics {
            assert_eq!(m.value.fract(), 0.0, "{m:?} is a count");
        }
        assert!(metrics.last().expect("rounds").value >= 1.0);
    }
}

#[test]
fn card_facts_are_the_first_hand_and_every_card_laid_in_a_set() {
    let (players, seed) = (3, 4);
    let options = Options::parse_list(State::OPTIONS, "target_score=200").expect("valid options");
    let mut state = State::new(players, &options).expect("valid setup");
    let mut rng = rng_from_seed(seed);
    let (mut events, mut legal) = (Vec::new(), Vec::new());
    // Cards on each seat's table when each round is scored, summed over the rounds.
    let mut laid = vec![0usize; usize::from(players)];
    while state.to_act() != ToAct::Terminal {
        let before = events.len();
        match state.to_act() {
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state.apply_chance(c, &mut events).expect("sampled outcome");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a seat to act");
                state.legal_actions(seat, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                state.apply(seat, a, &mut events).expect("legal action");
            }
            ToAct::Terminal => unreachable!(),
        }
        if events[before..]
            .iter()
            .any(|e| matches!(e, Event::RoundScored { .. }))
        {
            for seat in Seat::all(players) {
                for set in state.sets(seat) {
                    laid[seat.index()] += set.cards.len() as usize;
                }
            }
        }
    }
    let names = state.card_names();
    assert_eq!(names.len(), state.deck().kind_count());
    let facts = state
        .card_facts(&events)
        .expect("Queen of Scots declares its cards");
    assert!(laid.iter().sum::<usize>() > 0, "random play lays sets");
    for (s, (dealt, played)) in facts.dealt.iter().zip(&facts.played).enumerate() {
        assert_eq!(dealt.len(), 11, "the first hand, by kind");
        assert_eq!(played.len(), laid[s], "seat {s}");
    }
}

/// Held, as the lab reads it: every kind a seat's hand showed in the first round (the first
/// hand, draws and taken piles), as "dealt" counts the first hand only.
#[test]
fn held_is_every_kind_a_seats_hand_showed_in_the_first_round() {
    let players = 3;
    let mut held = vec![Vec::new(); usize::from(players)];
    let mut later_rounds = false;
    let (_, facts, _) = parlour_testkit::watch_cards::<State>(players, "", 4, |state, _| {
        if state.round() != 1 {
            later_rounds |= state.round() > 1;
            return;
        }
        for seat in Seat::all(players) {
            let kinds = state
                .hand(seat)
                .iter()
                .map(|c| state.deck().kind_of(c).index() as u16);
            held[seat.index()].extend(kinds);
        }
    });
    let facts = facts.expect("Queen of Scots declares its cards");
    for cards in &mut held {
        cards.sort_unstable();
        cards.dedup();
    }
    assert!(later_rounds, "the seeded game plays more than one round");
    assert_eq!(facts.held, held);
    for s in 0..usize::from(players) {
        assert!(facts.held[s].len() > facts.dealt[s].len(), "seat {s} drew");
        assert!(facts.dealt[s].iter().all(|c| facts.held[s].contains(c)));
    }
}
