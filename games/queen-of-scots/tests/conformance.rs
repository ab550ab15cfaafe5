//! The shared conformance suite over seeded random games, and property tests of random play.

use parlour_cards::CardSet;
use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_queen_of_scots::{Phase, State};
use parlour_testkit::{check_game, random_action, settle_chance};
use proptest::prelude::*;

/// Quick games: a low target keeps the per-node checks affordable.
const QUICK: &str = "target_score=150";

#[test]
fn conforms_with_two_players() {
    check_game::<State>(2, QUICK, 0..6);
}

#[test]
fn conforms_with_three_players() {
    check_game::<State>(3, QUICK, 0..5);
}

#[test]
fn conforms_with_four_players() {
    check_game::<State>(4, QUICK, 0..5);
}

#[test]
fn conforms_with_default_options() {
    check_game::<State>(4, "max_rounds=6", 100..102);
    check_game::<State>(2, "", 100..101);
}

#[test]
fn conforms_with_every_variant() {
    check_game::<State>(
        4,
        "target_score=150,stock_out_reshuffle,crown_jewel_top_takes_single,tiebreak_extra_round,going_out_bonus=50",
        200..204,
    );
    check_game::<State>(3, "target_score=150,pile_top_only_visible", 300..303);
    check_game::<State>(
        2,
        "target_score=150,stock_out_reshuffle,pile_top_only_visible",
        400..403,
    );
}

/// Cards in all zones, counted without the state's own invariant check.
fn zone_total(s: &State) -> u32 {
    let mut all = CardSet::EMPTY;
    let mut n = 0;
    for seat in Seat::all(s.players()) {
        all = all.or(s.hand(seat));
        n += s.hand(seat).len();
        for t in s.sets(seat) {
            all = all.or(t.cards);
            n += t.cards.len();
        }
    }
    n += (s.pile().len() + s.stock().len()) as u32;
    for &c in s.pile().iter().chain(&s.stock()) {
        all.insert(c);
    }
    assert_eq!(all.len(), n, "a card is in two places");
    n
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random legal play never panics, conserves the 108 cards, keeps every hand within what was
    /// dealt and drawn, and ends.
    #[test]
    fn random_play_conserves_cards_and_ends(
        seed in any::<u64>(),
        players in 2u8..=4,
        reshuffle in any::<bool>(),
        single in any::<bool>(),
        tiebreak in any::<bool>(),
    ) {
        let opts = Options::parse_list(
            State::OPTIONS,
            &format!(
                "target_score=200,max_rounds=40,stock_out_reshuffle={reshuffle},\
                 crown_jewel_top_takes_single={single},tiebreak_extra_round={tiebreak}"
            ),
        ).unwrap();
        let mut s = State::new(players, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut steps = 0u64;
        let mut round_steps = 0u64;
        let mut round = 0;
        loop {
            settle_chance(&mut s, &mut rng);
            if s.round() != round {
                round = s.round();
                round_steps = 0;
            }
            prop_assert_eq!(zone_total(&s), 108);
            prop_assert!(s.check_invariants().is_ok(), "{:?}", s.check_invariants());
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Seats(seats) => {
                    random_action(&mut s, seats.first().unwrap(), &mut rng, &mut buf);
                }
                ToAct::Chance => unreachable!("settled"),
            }
            steps += 1;
            round_steps += 1;
            // A round is finite: at most one turn per stock card (twice with the reshuffle),
            // one per card laid down, and every card laid down or discarded once per turn.
            prop_assert!(round_steps < 2_000, "a round runs past 2000 steps");
        }
        prop_assert_eq!(s.phase(), Phase::GameOver);
        prop_assert!(s.round() <= 40);
        let outcome = s.outcome().unwrap();
        let best = *outcome.scores.iter().max().unwrap();
        prop_assert!(outcome.winners.iter().all(|w| outcome.scores[w.index()] == best));
        prop_assert!(steps > 0);
    }
}
