//! The shared conformance suite for every player count and the option combinations of §5, and
//! a property test of random legal play.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_rebel_runs::State;
use parlour_testkit::check_game;
use proptest::prelude::*;

#[test]
fn conforms_for_every_player_count() {
    for players in 2..=7 {
        check_game::<State>(players, "", 0..3);
    }
}

#[test]
fn conforms_with_fixed_first_player_and_traditional_mat() {
    check_game::<State>(3, "first_player=2,traditional_mat", 0..3);
}

#[test]
fn conforms_with_new_signs_and_fey_each_hand() {
    check_game::<State>(4, "reshuffle_player_signs_each_hand", 0..2);
    check_game::<State>(4, "new_fey_each_hand", 0..2);
}

#[test]
fn conforms_without_laying_off() {
    check_game::<State>(3, "no_laying_off", 0..3);
}

#[test]
fn conforms_when_laying_off_on_any_meld() {
    check_game::<State>(4, "lay_off_on_any_meld", 0..3);
}

#[test]
fn conforms_when_melding_before_the_discard() {
    check_game::<State>(2, "meld_before_discard", 0..3);
    check_game::<State>(5, "meld_before_discard,lay_off_on_any_meld", 0..2);
}

#[test]
fn conforms_with_the_scoring_variants() {
    check_game::<State>(
        3,
        "monosign_run_bonus_any_sign,same_sign_run_bonus_additive,penalty_cards_in_hand",
        0..3,
    );
}

#[test]
fn conforms_with_a_short_turn_limit() {
    check_game::<State>(2, "hand_turn_limit=3", 0..4);
    check_game::<State>(6, "hand_turn_limit=1,no_laying_off", 0..2);
}

#[test]
fn contradictory_options_are_rejected() {
    let opts = Options::parse_list(State::OPTIONS, "no_laying_off,lay_off_on_any_meld").unwrap();
    assert!(State::new(3, &opts).is_err());
    let opts = Options::parse_list(State::OPTIONS, "first_player=4").unwrap();
    assert!(State::new(3, &opts).is_err());
    let opts = Options::defaults(State::OPTIONS);
    assert!(State::new(1, &opts).is_err());
    assert!(State::new(8, &opts).is_err());
}

/// Plays from `seed`, choosing the `picks[i] mod len`-th legal action at step `i` (then the
/// first), checking card conservation at every node; returns the number of player moves.
fn play(players: u8, options: &str, seed: u64, picks: &[usize]) -> usize {
    let opts = Options::parse_list(State::OPTIONS, options).unwrap();
    let mut state = State::new(players, &opts).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut buf = Vec::new();
    let mut moves = 0;
    for step in 0..1_000_000 {
        state.check_invariants().unwrap();
        match state.to_act() {
            ToAct::Terminal => {
                let outcome = state.outcome().expect("an outcome at the end");
                assert_eq!(outcome.scores, state.scores());
                return moves;
            }
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state.apply_chance(c, &mut ()).unwrap();
            }
            ToAct::Seats(seats) => {
                let seat: Seat = seats.first().unwrap();
                state.legal_actions(seat, &mut buf);
                assert!(!buf.is_empty());
                let i = picks.get(moves).copied().unwrap_or(step) % buf.len();
                state.apply(seat, buf[i], &mut ()).unwrap();
                moves += 1;
            }
        }
    }
    panic!("no end within a million steps");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_legal_play_conserves_cards_and_ends(
        players in 2u8..=7,
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<usize>(), 0..400),
        mbd in any::<bool>(),
        any_meld in any::<bool>(),
    ) {
        let mut options = String::from("hand_turn_limit=20");
        if mbd {
            options.push_str(",meld_before_discard");
        }
        if any_meld {
            options.push_str(",lay_off_on_any_meld");
        }
        let moves = play(players, &options, seed, &picks);
        prop_assert!(moves > 0);
    }
}
