//! A seeded game from setup to the end, for tests that look at each decision or at the events.

use parlour_core::{Game, GameRng, Options, Seat, ToAct, rng_from_seed};
use rand::Rng;

use crate::conformance::MAX_STEPS;

/// One decision in a game played by [`play_seeded`]: the seat to act (the first of simultaneous
/// ones), its legal actions and everything so far.
pub struct Decision<'a, G: Game> {
    /// The position before the decision.
    pub state: &'a G,
    /// Every event of the game so far.
    pub events: &'a [G::Event],
    /// The seat that acts.
    pub seat: Seat,
    /// Its legal actions (never empty).
    pub legal: &'a [G::Action],
}

impl<G: Game> Decision<'_, G> {
    /// A uniformly random legal action (one draw from `rng`).
    pub fn uniform(&self, rng: &mut GameRng) -> G::Action {
        self.legal[rng.random_range(0..self.legal.len())]
    }
}

/// Plays a `players`-seat game with `options` (a `k=v,...` list) to its end: chance sampled from
/// `rng_from_seed(seed)`, and at each decision the action `choose` returns, given the same rng.
/// Returns the final state and every event.
///
/// # Panics
/// On bad options or setup, if `choose` returns an action that does not apply, or if the game
/// runs past [`MAX_STEPS`].
pub fn play_seeded<G: Game>(
    players: u8,
    options: &str,
    seed: u64,
    mut choose: impl FnMut(Decision<'_, G>, &mut GameRng) -> G::Action,
) -> (G, Vec<G::Event>) {
    let options = Options::parse_list(G::OPTIONS, options).expect("valid options");
    let mut state = G::new(players, &options).expect("valid setup");
    let mut rng = rng_from_seed(seed);
    let (mut events, mut legal) = (Vec::new(), Vec::new());
    for _ in 0..MAX_STEPS {
        match state.to_act() {
            ToAct::Terminal => return (state, events),
            ToAct::Chance => {
                let c = state.sample_chance(&mut rng);
                state
                    .apply_chance(c, &mut events)
                    .expect("a sampled outcome applies");
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a seat to act");
                state.legal_actions(seat, &mut legal);
                assert!(!legal.is_empty(), "seat {seat} to act has no legal action");
                let decision = Decision {
                    state: &state,
                    events: &events,
                    seat,
                    legal: &legal,
                };
                let a = choose(decision, &mut rng);
                state
                    .apply(seat, a, &mut events)
                    .expect("the chosen action applies");
            }
        }
    }
    panic!("{} did not end within {MAX_STEPS} steps", G::ID);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::HighCard;

    #[test]
    fn the_same_seed_plays_the_same_game_to_its_end() {
        let mut decisions = 0;
        let (a, events) = play_seeded::<HighCard>(3, "", 5, |d, rng| {
            decisions += 1;
            assert!(!d.legal.is_empty());
            d.uniform(rng)
        });
        assert!(a.outcome().is_some());
        assert!(decisions > 0);
        let (b, again) = play_seeded::<HighCard>(3, "", 5, |d, rng| d.uniform(rng));
        assert_eq!(a, b);
        assert_eq!(events.len(), again.len());
    }
}
