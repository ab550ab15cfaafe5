//! Reading hands from play (`Game::play_log_likelihood`): in games played by `greedy`, the true
//! hidden cards explain the others' plays better than most determinizations do, and the reading
//! never looks at more than a determinization holds.

use parlour_bots::{Budget, IsmctsBot, IsmctsConfig, Observation, make_bot};
use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
use parlour_troll_tricker::State;

/// Per position (seat 0 to play, from the fourth trick of a hand on): the true state's
/// log-likelihood and those of `samples` determinizations for seat 0.
fn positions(players: u8, seed: u64, samples: usize) -> Vec<(f64, Vec<f64>)> {
    let options = Options::parse_list(State::OPTIONS, "").unwrap();
    let mut state = State::new(players, &options).unwrap();
    let mut bots: Vec<_> = (0..players)
        .map(|p| make_bot::<State>("greedy", seed, u64::from(p)).unwrap())
        .collect();
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    loop {
        match state.to_act() {
            ToAct::Terminal => return out,
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state.apply_chance(c, &mut ()).unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().unwrap();
                let trick = 11 - state.hand_of(seat).len();
                if seat == Seat(0) && trick >= 3 {
                    let truth = state.play_log_likelihood(seat).unwrap();
                    let drawn = (0..samples)
                        .map(|_| {
                            let world = state.sample_consistent(seat, &mut rng);
                            world.play_log_likelihood(seat).unwrap()
                        })
                        .collect();
                    out.push((truth, drawn));
                }
                let action = bots[seat.index()].choose(&Observation::new(&state, seat));
                state.apply(seat, action, &mut ()).unwrap();
            }
        }
    }
}

#[test]
fn the_true_cards_explain_greedy_play_better_than_most_determinizations() {
    for players in [3, 5] {
        let (mut above, mut total) = (0, 0);
        for seed in 0..4 {
            for (truth, drawn) in positions(players, seed, 40) {
                assert!(truth.is_finite() && truth <= 0.0, "{truth}");
                let below = drawn.iter().filter(|&&l| l < truth).count();
                above += usize::from(below * 2 > drawn.len());
                total += 1;
            }
        }
        assert!(total >= 60, "{total} positions");
        // Were the reading blind, the truth would beat the median about half the time.
        assert!(
            above * 10 >= total * 8,
            "{players} players: the truth beats the median determinization at {above} of {total}"
        );
    }
}

#[test]
fn a_search_that_reads_play_sees_only_what_its_seat_knows() {
    // Two true states that differ only in cards seat 0 cannot see (the second a redeal of the
    // first): the search, reading the same plays, runs identically in both.
    let options = Options::parse_list(State::OPTIONS, "").unwrap();
    let mut rng = rng_from_seed(11);
    let mut state = State::new(3, &options).unwrap();
    let mut greedy: Vec<_> = (0..3)
        .map(|p| make_bot::<State>("greedy", 11, p).unwrap())
        .collect();
    let mut compared = 0;
    while compared < 6 {
        match state.to_act() {
            ToAct::Terminal => break,
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state.apply_chance(c, &mut ()).unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().unwrap();
                if seat == Seat(0) && state.hand_of(seat).len() <= 7 {
                    let other = state.sample_consistent(seat, &mut rng);
                    assert_ne!(other, state, "the redeal moved some hidden card");
                    assert_eq!(other.view(Some(seat)), state.view(Some(seat)));
                    let config = IsmctsConfig::with_budget(Budget::Iterations(300));
                    let mut a = IsmctsBot::<State>::new("a", config, rng_from_seed(5));
                    let mut b = IsmctsBot::<State>::new("b", config, rng_from_seed(5));
                    assert_eq!(
                        a.analyse(&Observation::new(&state, seat)),
                        b.analyse(&Observation::new(&other, seat))
                    );
                    compared += 1;
                }
                let action = greedy[seat.index()].choose(&Observation::new(&state, seat));
                state.apply(seat, action, &mut ()).unwrap();
            }
        }
    }
    assert_eq!(compared, 6);
}
