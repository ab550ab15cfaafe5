//! A seeded random game watched as the lab watches it for its card questions, for tests of a
//! game's card facts.

use parlour_core::{CardFacts, Game, Options, ToAct, rng_from_seed};
use parlour_record::{CardWatch, Keep};
use rand::Rng;

use crate::conformance::MAX_STEPS;

/// Plays a `players`-seat game with `options` (a `k=v,...` list) to its end with uniformly
/// random legal actions, chance and choices drawn from `rng_from_seed(seed)`, keeping a
/// [`CardWatch`] as the lab does. `after` sees the state after every step and the events that
/// step caused, so a test can follow the hands through the game's own views. Returns the final
/// state, its card facts as the lab reads them, and every event.
///
/// # Panics
/// On bad options or setup, or if the game runs past [`MAX_STEPS`].
pub fn watch_cards<G: Game>(
    players: u8,
    options: &str,
    seed: u64,
    mut after: impl FnMut(&G, &[G::Event]),
) -> (G, Option<CardFacts>, Vec<G::Event>) {
    let options = Options::parse_list(G::OPTIONS, options).expect("valid options");
    let mut state = G::new(players, &options).expect("valid setup");
    let mut watch = CardWatch::<G>::start(&options);
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    for _ in 0..MAX_STEPS {
        let start = watch.events().len();
        match state.to_act() {
            ToAct::Terminal => {
                let facts = watch.facts(&state);
                return (state, facts, watch.events().to_vec());
            }
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                watch
                    .chance(&mut state, c)
                    .expect("a sampled outcome applies");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a seat to act");
                state.legal_actions(seat, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                watch
                    .act(&mut state, seat, a)
                    .expect("a legal action applies");
            }
        }
        after(&state, &watch.events()[start..]);
    }
    panic!("{} did not end within {MAX_STEPS} steps", G::ID);
}
