//! The shared conformance suite and property tests.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_kings_feast::{BUILTIN_NAMES, State};
use proptest::prelude::*;

#[test]
fn conforms_on_every_builtin_arrangement() {
    for arr in BUILTIN_NAMES {
        parlour_testkit::check_game::<State>(1, &format!("arrangement={arr}"), 0..12);
    }
}

#[test]
fn conforms_with_variants() {
    let combos = [
        "adjacent_includes_diagonal,rows_skip_holes,arrangement=round_table_roast",
        "ring_wraps,arrangement=round_table_roast",
        "activate_face_down,max_turns=30",
        "setup_reveals_trigger,arrangement=full_feudal_feast",
        "flip_targets_by_position,own_reaction_first,diplomat_reacts_face_down,arrangement=full_feudal_feast",
        "merchant_any_facing,merchant_next_above_self,queen_may_stay,arrangement=full_feudal_feast",
        "may_decline_fatal,jester_needs_both_neighbours,vizier_excludes_self,end_before_first_turn",
        "forgetful_player,reaction_once_per_turn,arrangement=surprise_party_soiree",
    ];
    for c in combos {
        parlour_testkit::check_game::<State>(1, c, 0..8);
    }
}

/// The positions of the cards in play form a permutation of the seats at every node.
fn assert_cards_conserved(st: &State) {
    st.check_invariants().expect("invariants hold");
    let n = st.n();
    let mut seen = 0u32;
    for v in 1..=18u8 {
        if st.cards_in_play() & (1 << v) != 0 {
            let p = st.pos_of(v).expect("a card in play has a seat");
            assert_eq!(st.card_at(p), Some(v));
            seen += 1;
        }
    }
    assert_eq!(seen as usize, n);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_play_never_panics_conserves_cards_and_ends(
        seed in any::<u64>(),
        arr in 0usize..4,
        picks in proptest::collection::vec(any::<u16>(), 0..400),
    ) {
        let opts = Options::parse_list(State::OPTIONS, &format!("arrangement={}", BUILTIN_NAMES[arr])).unwrap();
        let mut st = State::new(1, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut i = 0;
        let mut steps = 0;
        loop {
            steps += 1;
            prop_assert!(steps < 100_000, "no end");
            match st.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = st.sample_chance(&mut rng);
                    st.apply_chance(c, &mut ()).unwrap();
                }
                ToAct::Seats(_) => {
                    st.legal_actions(Seat(0), &mut buf);
                    prop_assert!(!buf.is_empty());
                    let k = picks.get(i).copied().unwrap_or(0) as usize % buf.len();
                    i += 1;
                    st.apply(Seat(0), buf[k], &mut ()).unwrap();
                }
            }
            if st.to_act() != ToAct::Chance || st.turns_completed() > 0 {
                assert_cards_conserved(&st);
            }
        }
        let out = st.outcome().unwrap();
        prop_assert!(out.scores[0] >= 0);
        prop_assert!(out.scores[0] <= st.n() as i32 + 2);
        prop_assert!(out.scores[0] != 1);
    }
}
