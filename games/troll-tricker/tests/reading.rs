//! Reading hands from play (`Search::play_log_likelihood`): in games played by `greedy`, the true
//! hidden cards explain the others' plays better than most determinizations do, and a search
//! that reads play still sees only what its seat knows.

use parlour_bots::{Budget, IsmctsBot, IsmctsConfig, Observation, make_bot};
use parlour_core::{Game, GameRng, Search, Seat, rng_from_seed};
use parlour_testkit::play_seeded;
use parlour_troll_tricker::State;

/// Plays a game of `greedy` bots ([`play_seeded`]), calling `at` before each decision of seat 0
/// once it has played `played` cards of the hand, until `at` returns `false`.
fn greedy_game(
    players: u8,
    seed: u64,
    played: u32,
    mut at: impl FnMut(&State, &mut GameRng) -> bool,
) {
    let mut bots: Vec<_> = (0..players)
        .map(|p| make_bot::<State>("greedy", seed, u64::from(p)).unwrap())
        .collect();
    let mut looking = true;
    play_seeded::<State>(players, "", seed, |d, rng| {
        if looking && d.seat == Seat(0) && 11 - d.state.hand_of(d.seat).len() >= played {
            looking = at(d.state, rng);
        }
        bots[d.seat.index()].choose(&Observation::new(d.state, d.seat))
    });
}

#[test]
fn the_true_cards_explain_greedy_play_better_than_most_determinizations() {
    for players in [3, 5] {
        let (mut above, mut total) = (0, 0);
        for seed in 0..4 {
            greedy_game(players, seed, 3, |state, rng| {
                let seat = Seat(0);
                let truth = state.play_log_likelihood(seat).unwrap();
                assert!(truth.is_finite() && truth <= 0.0, "{truth}");
                let below = (0..40)
                    .filter(|_| {
                        let world = state.sample_consistent(seat, rng);
                        world.play_log_likelihood(seat).unwrap() < truth
                    })
                    .count();
                // Were the reading blind, the truth would beat the median about half the time.
                above += usize::from(below > 20);
                total += 1;
                true
            });
        }
        assert!(total >= 60, "{total} positions");
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
    let mut compared = 0;
    greedy_game(3, 11, 4, |state, rng| {
        let seat = Seat(0);
        let other = state.sample_consistent(seat, rng);
        assert_ne!(&other, state, "the redeal moved some hidden card");
        assert_eq!(other.view(Some(seat)), state.view(Some(seat)));
        let config = IsmctsConfig::with_budget(Budget::Iterations(300));
        let mut a = IsmctsBot::<State>::new("a", config, rng_from_seed(5));
        let mut b = IsmctsBot::<State>::new("b", config, rng_from_seed(5));
        assert_eq!(
            a.analyse(&Observation::new(state, seat)),
            b.analyse(&Observation::new(&other, seat))
        );
        compared += 1;
        compared < 6
    });
    assert_eq!(compared, 6);
}
