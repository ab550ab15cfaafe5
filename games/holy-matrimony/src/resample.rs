//! Determinization: a full state consistent with what one seat knows.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::seq::SliceRandom;

use crate::State;

/// Redeals the cards the observer cannot see (other hands and the draw pile) among those places,
/// keeping sizes. Another seat's commitment is unknown (not even its size), so any subset of its
/// new hand is consistent; a committed seat is given its best-scoring one for the church (an
/// opponent model: a random subset is nearly always far over 21, which would make every
/// commitment of the observer look like a win).
pub(crate) fn sample_consistent(s: &State, observer: Seat, rng: &mut GameRng) -> State {
    let n = s.n as usize;
    let mut unknown = s.draw;
    for p in (0..n).filter(|&p| p != observer.index()) {
        unknown = unknown.or(s.hands[p]);
    }
    let mut cards: Vec<u8> = unknown.iter().collect();
    cards.shuffle(rng);
    let mut out = s.clone();
    let mut next = cards.into_iter();
    for p in (0..n).filter(|&p| p != observer.index()) {
        let size = s.hands[p].len();
        let hand: CardSet = next.by_ref().take(size as usize).collect();
        out.hands[p] = hand;
        if s.committed.contains(Seat(p as u8)) {
            out.commits[p] = out
                .best_round_score(Seat(p as u8))
                .map_or(CardSet::EMPTY, |(best, _)| best);
        }
    }
    out.draw = next.collect();
    out
}
