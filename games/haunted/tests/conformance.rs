//! The shared conformance suite for every player count and several option sets, plus a
//! proptest of random legal play.

use parlour_core::{Audit, Game, Options, Seat, ToAct, rng_from_seed};
use parlour_haunted::State;
use parlour_testkit::check_game;
use proptest::prelude::*;

#[test]
fn conforms_with_default_rules_for_every_player_count() {
    for players in 2..=6 {
        check_game::<State>(players, "", 0..6);
    }
}

#[test]
fn conforms_in_the_short_game() {
    check_game::<State>(2, "short_game", 0..6);
    check_game::<State>(3, "short_game,short_game_single_line", 0..6);
}

#[test]
fn conforms_with_every_variant_flag_on() {
    let all = "five_terrors,fatal_possession_distinct,one_card_per_line_all_phases,\
               removal_any_own_line,test_draw_to_hand,forfeit_taken_card_discarded,\
               refill_replace_used_only,phase4_discard_optional,smallest_line_includes_empty,\
               hidden_compartment_tie_loser_gives,hallucination_terror_also_advantage,\
               coach_victim_random_acquaintance,attacked_replace_top_discard,\
               chance_find_this_line_only,personal_support_own_lines_only";
    check_game::<State>(3, all, 0..5);
    check_game::<State>(4, "own_line_phase_active_only,round_limit=5", 0..5);
}

#[test]
fn conforms_with_the_tiebreak_short_game_for_every_player_count() {
    for players in 2..=6 {
        check_game::<State>(players, "tiebreak_short_game", 0..6);
        // A short round limit ends many games in a tie, so the tie-break (and its own round
        // limit) is played often.
        check_game::<State>(players, "tiebreak_short_game,round_limit=2", 0..4);
    }
}

/// The conformance settings above do reach tie-breaks, including ones decided by a loser and
/// ones stopped by the round limit, so the suite checks the tie-break too.
#[test]
fn random_games_reach_tiebreaks() {
    use parlour_haunted::Event;
    use rand::Rng;
    let (mut begun, mut decided, mut shared) = (0, 0, 0);
    for options in ["tiebreak_short_game", "tiebreak_short_game,round_limit=2"] {
        let opts = Options::parse_list(State::OPTIONS, options).unwrap();
        for players in 2..=6u8 {
            for seed in 0..6 {
                let mut s = State::new(players, &opts).unwrap();
                let mut rng = rng_from_seed(seed);
                let mut buf = Vec::new();
                let mut ev: Vec<Event> = Vec::new();
                while s.to_act() != ToAct::Terminal {
                    match s.to_act() {
                        ToAct::Chance => {
                            let c = s.sample_chance(&mut rng);
                            s.apply_chance(c, &mut ev).unwrap();
                        }
                        to_act => {
                            let seat = to_act.first_seat().unwrap();
                            assert!(s.seated().contains(seat), "a seat that sits out acts");
                            s.legal_actions(seat, &mut buf);
                            let a = buf[rng.random_range(0..buf.len())];
                            s.apply(seat, a, &mut ev).unwrap();
                        }
                    }
                }
                let tb = ev
                    .iter()
                    .filter(|e| matches!(e, Event::TieBreak { .. }))
                    .count();
                assert_eq!(tb, usize::from(s.tiebreak_games()));
                let o = s.outcome().unwrap();
                assert_eq!(o.scores, s.scores());
                if tb == 0 {
                    // No tie-break: the game had a single lowest score.
                    assert_eq!(
                        o.winners.len(),
                        1,
                        "{options}: {players} players, seed {seed}"
                    );
                    continue;
                }
                begun += tb;
                // Winners are players of the last tie-break, all of whom tied in the main game.
                let best = (0..players)
                    .map(Seat)
                    .filter(|&p| Some(p) != s.loser())
                    .map(|p| o.scores[p.index()])
                    .min();
                assert!(o.winners.iter().all(|w| s.seated().contains(w)));
                assert!(o.winners.iter().all(|w| Some(o.scores[w.index()]) == best));
                if s.tiebreak_loser().is_some() {
                    assert_eq!(o.winners.len(), 1);
                    decided += 1;
                } else {
                    // The round limit stopped the tie-break: its players share the win.
                    assert_eq!(o.winners, s.seated());
                    shared += 1;
                }
            }
        }
    }
    assert!(
        begun > 0 && decided > 0 && shared > 0,
        "begun {begun}, decided {decided}, shared {shared}"
    );
}

fn playout(players: u8, seed: u64, picks: &[usize]) -> State {
    let opts = Options::defaults(State::OPTIONS);
    let mut s = State::new(players, &opts).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut buf = Vec::new();
    let mut i = 0;
    for _ in 0..100_000 {
        s.check_invariants().unwrap();
        match s.to_act() {
            ToAct::Terminal => return s,
            ToAct::Chance => {
                let c = s.sample_chance(&mut rng);
                s.apply_chance(c, &mut ()).unwrap();
            }
            ToAct::Seats(set) => {
                let seat: Seat = set.first().unwrap();
                s.legal_actions(seat, &mut buf);
                let a = buf[picks[i % picks.len()] % buf.len()];
                i += 1;
                s.apply(seat, a, &mut ()).unwrap();
            }
        }
    }
    panic!("no end");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_legal_play_never_panics_conserves_cards_and_ends(
        players in 2u8..=6,
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<usize>(), 1..64),
    ) {
        let s = playout(players, seed, &picks);
        prop_assert!(s.outcome().is_some());
        prop_assert_eq!(s.outcome().unwrap().scores, s.scores());
    }
}

/// Prints how random games end and which events occur (`--ignored --nocapture`).
#[test]
#[ignore = "statistics, not a check"]
fn playout_statistics() {
    use parlour_haunted::Event;
    use std::collections::BTreeMap;
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    let mut losers = 0;
    let mut steps = 0u64;
    for seed in 0..200u64 {
        let opts = Options::defaults(State::OPTIONS);
        let mut s = State::new(4, &opts).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut buf = Vec::new();
        let mut ev: Vec<Event> = Vec::new();
        loop {
            match s.to_act() {
                ToAct::Terminal => break,
                ToAct::Chance => {
                    let c = s.sample_chance(&mut rng);
                    s.apply_chance(c, &mut ev).unwrap();
                }
                ToAct::Seats(set) => {
                    let seat = set.first().unwrap();
                    s.legal_actions(seat, &mut buf);
                    use rand::Rng;
                    let a = buf[rng.random_range(0..buf.len())];
                    s.apply(seat, a, &mut ev).unwrap();
                    steps += 1;
                }
            }
        }
        if s.loser().is_some() {
            losers += 1;
        }
        for e in ev {
            let name = format!("{e:?}");
            let key = name.split(['(', ' ', '{']).next().unwrap().to_owned();
            let key = if key == "LapRow" { name } else { key };
            *counts.entry(key).or_default() += 1;
        }
    }
    println!("games with a loser: {losers}/200, steps {steps}");
    for (k, v) in counts {
        println!("{k}: {v}");
    }
}
