//! The determinizations one search draws from, weighed by how the other seats played.
//!
//! Where the game reads hands from play ([`Search::play_log_likelihood`]), a search first draws a
//! pool of determinizations and then takes each iteration's world from the pool with
//! probability proportional to its likelihood (sampling importance resampling): hidden cards
//! lean to where the others' play suggests they are. Elsewhere every iteration draws a fresh
//! determinization, in the same order as without a pool.

use std::time::Instant;

use parlour_core::{GameRng, Search};
use rand::Rng;

use crate::Observation;

/// The pool's growth reads the clock once per this many worlds: a determinization takes
/// microseconds, a clock read is not free.
const CLOCK_EVERY: usize = 16;

/// The pool of one search.
#[derive(Debug)]
pub(crate) struct Worlds<G> {
    /// The weighted pool (empty where the game reads nothing from play).
    pool: Vec<G>,
    /// Running sums of the pool's weights.
    cumulative: Vec<f64>,
    /// Where the game reads nothing from play: the determinization drawn to find that out,
    /// handed to the first iteration.
    first: Option<G>,
}

impl<G: Search> Worlds<G> {
    pub(crate) fn new() -> Self {
        Worlds {
            pool: Vec::new(),
            cumulative: Vec::new(),
            first: None,
        }
    }

    /// Readies the worlds of a search from `obs`: a weighted pool of `size` determinizations
    /// where the game reads play and `read` asks for it, or fewer if the clock passes `until`.
    pub(crate) fn prepare(
        &mut self,
        obs: &Observation<'_, G>,
        rng: &mut GameRng,
        size: usize,
        read: bool,
        until: Option<Instant>,
    ) {
        self.pool.clear();
        self.cumulative.clear();
        let seat = obs.seat();
        let world = obs.determinize(rng);
        let Some(first) = world.play_log_likelihood(seat).filter(|_| read) else {
            self.first = Some(world);
            return;
        };
        self.first = None;
        let mut logs = Vec::with_capacity(size);
        logs.push(first);
        self.pool.push(world);
        for i in 1..size {
            if i % CLOCK_EVERY == 0 && until.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            let world = obs.determinize(rng);
            logs.push(world.play_log_likelihood(seat).unwrap_or(0.0));
            self.pool.push(world);
        }
        // Weights relative to the likeliest world, so none overflows. A game that finds every
        // world impossible (or answers NaN) reads nothing: the worlds then count alike.
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut sum = 0.0;
        for l in logs {
            let w = if top.is_finite() {
                (l - top).exp()
            } else {
                1.0
            };
            sum += if w.is_nan() { 0.0 } else { w };
            self.cumulative.push(sum);
        }
    }

    /// Frees the pool: a bot waiting for its next turn (at a server, say, with many tables)
    /// should not hold thousands of states.
    pub(crate) fn release(&mut self) {
        self.pool = Vec::new();
        self.cumulative = Vec::new();
        self.first = None;
    }

    /// The world of the next iteration.
    pub(crate) fn next(&mut self, obs: &Observation<'_, G>, rng: &mut GameRng) -> G {
        if let Some(&total) = self.cumulative.last() {
            let u = rng.random::<f64>() * total;
            let i = self
                .cumulative
                .partition_point(|&c| c <= u)
                .min(self.pool.len() - 1);
            return self.pool[i].clone();
        }
        self.first.take().unwrap_or_else(|| obs.determinize(rng))
    }

    /// The effective number of distinct worlds in the pool (`(Σw)² / Σw²`); 0 without a pool.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn effective_size(&self) -> f64 {
        let mut prev = 0.0;
        let (mut sum, mut squares) = (0.0, 0.0);
        for &c in &self.cumulative {
            let w = c - prev;
            prev = c;
            sum += w;
            squares += w * w;
        }
        if squares > 0.0 {
            sum * sum / squares
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiny_tricks::{State, card};
    use parlour_core::{Seat, rng_from_seed};

    /// Seat 0 sees its own hand; seats 1 and 2 and the stock hold the other nine cards. With
    /// a hint, the reading finds only worlds in which `seat` holds c6 possible.
    fn position(hint: Option<Seat>) -> State {
        let mut state = State::three_hands();
        if let Some(seat) = hint {
            state.set_hint(seat, card("c6"));
        }
        state
    }

    /// The worlds of seat 0's search at `state`, drawn with `rng`.
    fn prepared(
        state: &State,
        rng: &mut GameRng,
        size: usize,
        read: bool,
        until: Option<Instant>,
    ) -> Worlds<State> {
        let mut pool = Worlds::new();
        pool.prepare(&Observation::new(state, Seat(0)), rng, size, read, until);
        pool
    }

    fn share_with_c6_in_seat_1(state: &State, worlds: usize) -> f64 {
        let obs = Observation::new(state, Seat(0));
        let mut rng = rng_from_seed(3);
        let mut pool = prepared(state, &mut rng, 500, true, None);
        let hits = (0..worlds)
            .filter(|_| {
                pool.next(&obs, &mut rng)
                    .hand(Seat(1))
                    .contains(&card("c6"))
            })
            .count();
        hits as f64 / worlds as f64
    }

    #[test]
    fn without_a_reading_the_worlds_are_the_plain_determinizations_in_order() {
        let state = position(None);
        let obs = Observation::new(&state, Seat(0));
        let (mut a, mut b) = (rng_from_seed(9), rng_from_seed(9));
        let mut pool = prepared(&state, &mut a, 500, true, None);
        assert_eq!(pool.effective_size(), 0.0);
        for _ in 0..20 {
            assert_eq!(pool.next(&obs, &mut a), obs.determinize(&mut b));
        }
    }

    #[test]
    fn the_worlds_lean_to_what_the_reading_finds_likely() {
        // Plainly, c6 is in seat 1's hand in about a third of the worlds (3 of 9 places).
        let plain = share_with_c6_in_seat_1(&position(None), 2_000);
        assert!((0.25..0.42).contains(&plain), "{plain}");
        let state = position(Some(Seat(1)));
        let read = share_with_c6_in_seat_1(&state, 2_000);
        assert!(read > 0.99, "{read}");
        let obs = Observation::new(&state, Seat(0));
        let (mut a, mut b) = (rng_from_seed(9), rng_from_seed(9));
        let mut blind = prepared(&state, &mut a, 500, false, None);
        assert_eq!(
            blind.next(&obs, &mut a),
            obs.determinize(&mut b),
            "not asked to read"
        );
        assert!(share_with_c6_in_seat_1(&position(Some(Seat(2))), 2_000) < 0.01);
    }

    #[test]
    fn worlds_a_game_finds_impossible_count_alike() {
        // Seat 0 is the observer and holds no c6: the reading rules out every world.
        let state = position(Some(Seat(0)));
        let pool = prepared(&state, &mut rng_from_seed(5), 50, true, None);
        let flat = pool.effective_size();
        assert!((flat - 50.0).abs() < 1e-9, "{flat}");
    }

    #[test]
    fn a_pool_stops_growing_at_its_deadline() {
        let state = position(Some(Seat(1)));
        let rng = &mut rng_from_seed(5);
        let pool = prepared(&state, rng, 100_000, true, Some(Instant::now()));
        assert_eq!(
            pool.pool.len(),
            CLOCK_EVERY,
            "the clock is read every few worlds"
        );
        assert_eq!(prepared(&state, rng, 100, true, None).pool.len(), 100);
    }

    #[test]
    fn the_effective_size_counts_the_likely_worlds() {
        let state = position(Some(Seat(1)));
        let pool = prepared(&state, &mut rng_from_seed(5), 600, true, None);
        // About a third of the 600 worlds hold c6 in seat 1; the others weigh almost nothing.
        let ess = pool.effective_size();
        assert!((150.0..250.0).contains(&ess), "{ess}");
    }
}
