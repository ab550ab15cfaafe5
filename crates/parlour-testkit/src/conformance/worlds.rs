//! Worlds a seat cannot tell apart stay so: the true state and a determinization drawn for one
//! seat, taken forward by the same actions, show that seat the same until the
//! rules reveal something to it ([`Audit::reveals_to`]).

use parlour_core::{Audit, GameRng, Seat, ToAct};
use rand::Rng;

use super::simultaneous::{Shown, pick_owing};

/// Steps each pair of worlds is taken forward.
pub(crate) const HORIZON: usize = 16;

/// Draws a state `observer` cannot tell from `state` and plays both forward along one random
/// path (up to [`HORIZON`] steps, or to the next chance node): the same action where it is legal
/// in both. After each step `observer` must be shown the same in both,
/// unless the step was one the game names as a reveal to it. The walk stops at a reveal, or where
/// the two worlds cannot take the same step (a hidden card is played: it was elsewhere).
///
/// # Panics
/// Where a step shows `observer` a difference between the worlds that the game does not name.
pub(crate) fn check_worlds<G: Audit>(state: &G, observer: Seat, rng: &mut GameRng, ctx: &str) {
    let mut world = state.sample_consistent(observer, rng);
    if world == *state {
        return;
    }
    let mut truth = state.clone();
    let mut legal = Vec::new();
    for k in 0..HORIZON {
        let (mut ev_t, mut ev_w) = (Vec::new(), Vec::new());
        let step = match truth.to_act() {
            ToAct::Terminal => return,
            // A chance outcome is no public action: the worlds may draw different cards.
            ToAct::Chance => return,
            ToAct::Seats(seats) => {
                let seat = pick_owing(seats, rng);
                truth.legal_actions(seat, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                if !world.is_legal(seat, a) {
                    return;
                }
                // A reveal in either world counts: the seat cannot tell which one is true.
                let reveal =
                    truth.reveals_to(seat, a, observer) || world.reveals_to(seat, a, observer);
                let text = truth.action_text(a);
                truth
                    .apply(seat, a, &mut ev_t)
                    .unwrap_or_else(|e| panic!("{ctx}: legal action rejected: {e}"));
                world
                    .apply(seat, a, &mut ev_w)
                    .unwrap_or_else(|e| panic!("{ctx}: action legal in both rejected: {e}"));
                if reveal {
                    return;
                }
                format!("seat {seat}'s `{text}`")
            }
        };
        let (t, w) = (
            Shown::of(&truth, &ev_t, Some(observer)),
            Shown::of(&world, &ev_w, Some(observer)),
        );
        assert!(
            t == w,
            "{ctx}: seat {observer} tells two worlds it could not tell apart {k} steps before \
             by {step}, which the game names no reveal:\n{t:#?}\nversus\n{w:#?}"
        );
    }
}
