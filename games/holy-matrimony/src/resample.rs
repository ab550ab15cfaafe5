//! Determinization: a full state consistent with what one seat knows.

use parlour_cards::{CardSet, redeal};
use parlour_core::{GameRng, Seat};

use crate::State;

/// Redeals the cards the observer cannot see (other hands and the draw pile) among those places,
/// keeping sizes. Another seat's commitment is unknown (not even its size), so any subset of its
/// new hand is consistent; a committed seat is given its best-scoring one for the church (an
/// opponent model: a random subset is nearly always far over 21, which would make every
/// commitment of the observer look like a win).
pub(crate) fn sample_consistent(s: &State, observer: Seat, rng: &mut GameRng) -> State {
    let others: Vec<Seat> = Seat::all(s.n).filter(|&p| p != observer).collect();
    let mut places: Vec<CardSet> = others.iter().map(|&p| s.hands[p]).collect();
    places.push(s.draw);
    let dealt = redeal(rng, &places);
    let mut out = s.clone();
    for (k, &p) in others.iter().enumerate() {
        out.hands[p] = dealt.set(k);
        if s.committed.contains(p) {
            out.commits[p] = out
                .best_round_score(p)
                .map_or(CardSet::EMPTY, |(best, _)| best);
        }
    }
    out.draw = dealt.set(others.len());
    out
}
