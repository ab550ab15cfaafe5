//! Conformance: the shared contract checks, and random play from random seeds.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_holy_matrimony::State;
use parlour_testkit::check_game;
use proptest::prelude::*;

#[test]
fn conforms_for_every_player_count() {
    for players in 2..=7 {
        check_game::<State>(players, "max_rounds=12", 0..2);
    }
}

#[test]
fn conforms_with_defaults_and_variants() {
    check_game::<State>(2, "", 0..1);
    check_game::<State>(
        3,
        "max_rounds=10,church_counts_for_total_only,fey_wild_value",
        0..2,
    );
    check_game::<State>(
        4,
        "max_rounds=10,reshuffle_mat_each_round,no_negative_round_scores",
        0..2,
    );
    check_game::<State>(
        5,
        "max_rounds=8,reshuffle_player_signs_each_hand,first_player=4",
        0..2,
    );
    check_game::<State>(7, "max_rounds=10,new_fey_each_hand,traditional_mat", 0..2);
    check_game::<State>(6, "max_rounds=10,target_score=5", 0..3);
}

#[test]
fn bad_setups_are_errors() {
    let o = Options::defaults(State::OPTIONS);
    assert!(State::new(1, &o).is_err());
    assert!(State::new(8, &o).is_err());
    let o = Options::parse_list(State::OPTIONS, "first_player=3").unwrap();
    assert!(State::new(3, &o).is_err());
    assert!(Options::parse_list(State::OPTIONS, "max_rounds=0").is_err());
}

#[test]
fn views_hide_other_hands_commitments_and_the_draw_pile() {
    let o = Options::defaults(State::OPTIONS);
    let mut s = State::new(4, &o).unwrap();
    let mut rng = rng_from_seed(5);
    while s.to_act() == ToAct::Chance {
        let c = s.sample_chance(&mut rng);
        s.apply_chance(c, &mut ()).unwrap();
    }
    let mut buf = Vec::new();
    s.legal_actions(Seat(2), &mut buf);
    s.apply(Seat(2), buf[100], &mut ()).unwrap();
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let json = serde_json::to_string(&s.view(viewer)).unwrap();
        let secrets = s.secrets(viewer);
        assert!(secrets.len() >= 21 + 32);
        for id in secrets {
            assert!(!json.contains(&format!("\"{id}\"")), "{viewer:?} sees {id}");
        }
    }
    assert!(s.view(Some(Seat(2))).own_commitment.is_some());
    assert!(s.view(Some(Seat(0))).own_commitment.is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn random_play_terminates_and_conserves_cards(seed in any::<u64>(), players in 2u8..=7) {
        let o = Options::defaults(State::OPTIONS);
        let mut s = State::new(players, &o).unwrap();
        let ended = parlour_testkit::checked_playout(&mut s, &mut rng_from_seed(seed), 20_000);
        prop_assert!(ended.is_ok(), "{:?}", ended);
        prop_assert!(s.rounds_played() <= 200);
        prop_assert_eq!(s.outcome().unwrap().scores, s.scores());
    }
}
