//! Determinization: a full state consistent with what one seat knows.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::State;

/// Redeals the cards the observer cannot see (other hands and the draw pile) among those places,
/// keeping sizes. Another seat's commitment is unknown (not even its size), so a committed seat
/// gets a random subset of its new hand.
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
            out.commits[p] = hand.iter().filter(|_| rng.random::<bool>()).collect();
        }
    }
    out.draw = next.collect();
    out
}
