//! Conformance: the shared contract checks, and random play from random seeds.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_testkit::check_game;
use parlour_troll_tricker::State;
use proptest::prelude::*;

#[test]
fn conforms_for_every_player_count() {
    for players in 3..=7 {
        check_game::<State>(players, "", 0..3);
    }
}

#[test]
fn conforms_with_variants() {
    check_game::<State>(4, "traditional_mat,first_player=2", 0..2);
    check_game::<State>(
        5,
        "reshuffle_player_signs_each_hand,tiebreak_most_tricks",
        0..2,
    );
    check_game::<State>(
        3,
        "new_fey_each_hand,fey_trump_points_by_player_count",
        0..2,
    );
    check_game::<State>(
        6,
        "full_reshuffle_each_hand,last_trick_winner_leads_next_hand",
        0..2,
    );
    check_game::<State>(7, "traditional_mat,new_fey_each_hand", 0..2);
}

#[test]
fn bad_setups_are_errors() {
    let o = Options::defaults(State::OPTIONS);
    assert!(State::new(2, &o).is_err());
    assert!(State::new(8, &o).is_err());
    let o = Options::parse_list(State::OPTIONS, "first_player=5").unwrap();
    assert!(State::new(4, &o).is_err());
}

#[test]
fn views_hide_other_hands_and_the_draw_pile() {
    let o = Options::defaults(State::OPTIONS);
    let mut s = State::new(4, &o).unwrap();
    let mut rng = rng_from_seed(5);
    while s.to_act() == ToAct::Chance {
        let c = s.sample_chance(&mut rng);
        s.apply_chance(c, &mut ()).unwrap();
    }
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let json = serde_json::to_string(&s.view(viewer)).unwrap();
        let text = s.view(viewer).to_string();
        let secrets = s.secrets(viewer);
        assert!(
            secrets.len() >= 33 + 11,
            "three hands and the draw pile are secret"
        );
        for id in secrets {
            assert!(!json.contains(&format!("\"{id}\"")), "{viewer:?} sees {id}");
            assert!(
                !text.split_whitespace().any(|w| w == id),
                "{viewer:?} sees {id} in the text view"
            );
        }
        if let Some(v) = viewer {
            for c in s.hand_of(v) {
                let id = parlour_fey::card_name(c);
                assert!(json.contains(&format!("\"{id}\"")), "own card {id} shown");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_play_terminates_and_conserves_cards(seed in any::<u64>(), players in 3u8..=7) {
        let o = Options::defaults(State::OPTIONS);
        let mut s = State::new(players, &o).unwrap();
        let ended = parlour_testkit::checked_playout(&mut s, &mut rng_from_seed(seed), 1000);
        prop_assert!(ended.is_ok(), "{:?}", ended);
        prop_assert_eq!(s.outcome().unwrap().scores, s.scores());
    }
}
