//! The shared conformance suite, for every player count and the variants, plus a property test
//! of random legal play.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_reading_the_play::{Phase, State};
use proptest::prelude::*;

/// Runs the shared suite; games that end with no winner (three Yellow Signs, or a top score of
/// 0) are checked like any other.
fn check(players: u8, options: &str, seeds: std::ops::Range<u64>) {
    parlour_testkit::check_game::<State>(players, options, seeds);
}

#[test]
fn conforms_with_defaults_for_every_player_count() {
    for players in 3..=6 {
        check(players, "", 0..12);
    }
}

#[test]
fn conforms_with_two_players() {
    check(2, "two_player", 0..12);
}

#[test]
fn conforms_with_variants() {
    check(4, "first_player_random,elder_sign_reshuffles", 0..10);
    check(3, "interrupted_316_reshuffles,tiebreak_total_length", 0..10);
    check(5, "deck_out_immediate_end,turn_limit=30", 0..10);
    check(
        6,
        "elder_sign_reshuffles,interrupted_316_reshuffles,deck_out_immediate_end",
        0..10,
    );
    check(4, "turn_limit=0", 0..6);
}

#[test]
fn winnerless_games_replay() {
    // Plays seeded games through a record and replays them, including games that end with no
    // winner, which the shared suite cannot finish checking.
    let mut winnerless = 0;
    for seed in 0..40 {
        let mut m = parlour_record::Match::<State>::new(4, Options::defaults(State::OPTIONS), seed)
            .expect("setup");
        let mut rng = rng_from_seed(seed ^ 0x5eed);
        let mut buf = Vec::new();
        loop {
            match m.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    m.draw_chance();
                }
                ToAct::Seats(s) => {
                    let seat = s.first().expect("a seat");
                    m.state().legal_actions(seat, &mut buf);
                    let a = buf[rand::Rng::random_range(&mut rng, 0..buf.len())];
                    m.apply_action(seat, a).expect("legal");
                }
            }
        }
        let outcome = m.state().outcome().expect("over");
        assert_eq!(outcome.scores, m.state().scores());
        if outcome.winners.is_empty() {
            winnerless += 1;
        }
        let replayed =
            parlour_record::Match::<State>::from_record(&m.to_record()).expect("replays");
        assert_eq!(
            format!("{:?}", replayed.state()),
            format!("{:?}", m.state())
        );
    }
    assert!(winnerless > 0, "some random games end without a winner");
}

/// Cards conserved: the invariant check, and an independent count of the visible zones, which
/// hold all 36 cards except while cards lie committed face down.
fn conserved(state: &State) -> bool {
    let mut count = usize::from(state.deck_len())
        + state.removed().len()
        + state.pool().len()
        + usize::from(state.face_up().is_some());
    for s in Seat::all(state.players()) {
        count += state.hand(s).len();
        if let Some((lo, hi)) = state.sequence(s) {
            count += usize::from(hi - lo + 1);
        }
    }
    let in_transit = state.phase() == Phase::Commit;
    state.check_invariants().is_ok() && (count == 36 || in_transit && count < 36)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_play_never_panics_conserves_cards_and_ends(
        seed in any::<u64>(),
        players in 3u8..=6,
        picks in proptest::collection::vec(any::<u16>(), 0..4000),
    ) {
        let mut state = State::new(players, &Options::defaults(State::OPTIONS)).expect("setup");
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut steps = 0usize;
        let mut picks = picks.into_iter().cycle();
        loop {
            prop_assert!(conserved(&state), "{:?}", state.check_invariants());
            match state.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = state.sample_chance(&mut rng);
                    state.apply_chance(c, &mut ()).expect("sampled chance applies");
                }
                ToAct::Seats(seats) => {
                    // Any seat still to act may go next (simultaneous choices in any order).
                    let pick = usize::from(picks.next().unwrap_or(0));
                    let seat = seats.iter().nth(pick % seats.len()).expect("a seat");
                    state.legal_actions(seat, &mut buf);
                    prop_assert!(!buf.is_empty());
                    let a = buf[pick % buf.len()];
                    state.apply(seat, a, &mut ()).expect("legal action applies");
                    steps += 1;
                }
            }
            prop_assert!(steps < 50_000, "no end");
        }
        prop_assert!(state.outcome().is_some());
    }
}

/// The hand holding the Line with this id, if a hand holds it.
fn holder(state: &State, id: &str) -> Option<Seat> {
    Seat::all(state.players()).find(|&s| state.hand(s).iter().any(|c| c.to_string() == id))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// What a seat deduces from play is true, is the same in every state it cannot tell from the
    /// true one (so it reads only the seat's knowledge), and its determinizations honour it and
    /// every public deduction (`check_invariants` checks the deductions kept in a sample).
    #[test]
    fn determinizations_keep_what_each_seat_deduced(
        seed in any::<u64>(),
        players in 3u8..=6,
        every in 3usize..12,
    ) {
        let mut state = State::new(players, &Options::defaults(State::OPTIONS)).expect("setup");
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut step = 0usize;
        loop {
            match state.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = state.sample_chance(&mut rng);
                    state.apply_chance(c, &mut ()).expect("sampled chance applies");
                }
                ToAct::Seats(seats) => {
                    if step.is_multiple_of(every) {
                        for obs in Seat::all(players) {
                            let deduced = state.deduced_cards(obs);
                            let secrets = state.secrets(Some(obs));
                            for id in &deduced {
                                prop_assert!(secrets.contains(id), "{id} is not hidden from {obs}");
                            }
                            for _ in 0..3 {
                                let s = state.sample_consistent(obs, &mut rng);
                                prop_assert!(s.check_invariants().is_ok(), "{:?}", s.check_invariants());
                                prop_assert_eq!(s.view(Some(obs)), state.view(Some(obs)));
                                prop_assert_eq!(s.deduced_cards(obs), deduced.clone());
                                for id in &deduced {
                                    prop_assert_eq!(holder(&s, id), holder(&state, id), "{} moved", id);
                                }
                                if let ToAct::Seats(to) = s.to_act() {
                                    for seat in to.iter() {
                                        s.legal_actions(seat, &mut buf);
                                        prop_assert!(!buf.is_empty());
                                    }
                                }
                            }
                        }
                    }
                    let seat = seats.first().expect("a seat");
                    state.legal_actions(seat, &mut buf);
                    let a = buf[rand::Rng::random_range(&mut rng, 0..buf.len())];
                    state.apply(seat, a, &mut ()).expect("legal action applies");
                    step += 1;
                }
            }
        }
    }
}
