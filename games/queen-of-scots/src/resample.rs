//! Determinization (`sample_consistent`): the other hands' unknown cards and the stock are
//! dealt again, keeping every size and the cards the observer saw go into a hand.

use parlour_cards::{CardSet, redeal};
use parlour_core::{GameRng, Seat};

use crate::state::State;

/// A state `observer` cannot tell from `state`.
pub(crate) fn sample(state: &State, observer: Seat, rng: &mut GameRng) -> State {
    let mut s = state.clone();
    let others: Vec<Seat> = Seat::all(state.players)
        .filter(|o| *o != observer)
        .collect();
    let mut places: Vec<CardSet> = others
        .iter()
        .map(|&o| state.hands[o].minus(state.fixed_part(o)))
        .collect();
    places.push(state.stock.iter().copied().collect());
    let dealt = redeal(rng, &places);
    for (k, &o) in others.iter().enumerate() {
        s.hands[o] = state.fixed_part(o).or(dealt.set(k));
    }
    s.stock.clear();
    s.stock.extend_from_slice(dealt.cards(others.len()));
    s
}
