//! Determinization (`sample_consistent`): the face-down cards the player has not tracked are
//! dealt again among their seats. The player is the only observer, so there is one view to keep.

use rand::seq::SliceRandom;

use parlour_core::GameRng;

use crate::card::{CardId, bit};
use crate::geometry::SeatIdx;
use crate::phase::Phase;
use crate::resolve::Frame;
use crate::state::State;

/// A state the player cannot tell from `state`: the untracked cards shuffled among their seats,
/// with every reference to a card (knowledge, the active card, pending effects) moved with it.
pub(crate) fn sample(state: &State, rng: &mut GameRng) -> State {
    let mut out = state.clone();
    if state.phase == Phase::Deal || state.phase == Phase::Over {
        return out;
    }
    let unknown = state.in_play & !state.knows();
    if unknown.count_ones() < 2 {
        return out;
    }
    // The sample depends only on what the observer sees: the unknown seats in seat order
    // receive a shuffle of the unknown cards listed by value.
    let seats: Vec<SeatIdx> = (0..state.n() as u8)
        .filter(|&s| unknown & bit(state.board[usize::from(s)]) != 0)
        .collect();
    let mut perm: Vec<CardId> = (1..=18).filter(|&v| unknown & bit(v) != 0).collect();
    perm.shuffle(rng);
    // sigma maps the card on a seat to the card the sample puts there.
    let mut sigma = [0u8; 19];
    for v in 0..19u8 {
        sigma[usize::from(v)] = v;
    }
    for (&s, &new) in seats.iter().zip(&perm) {
        sigma[usize::from(state.board[usize::from(s)])] = new;
        out.board[usize::from(s)] = new;
        out.pos[usize::from(new)] = s;
    }
    let map_mask = |m: u32| -> u32 {
        let mut r = 0;
        for v in 1..=18u8 {
            if m & bit(v) != 0 {
                r |= bit(sigma[usize::from(v)]);
            }
        }
        r
    };
    out.known = map_mask(state.known);
    out.reacted = map_mask(state.reacted);
    out.active = sigma[usize::from(state.active)];
    for f in out.stack.iter_mut() {
        *f = match *f {
            Frame::FlipAll(t) if !state.rules.flip_targets_by_position => {
                Frame::FlipAll(map_mask(t))
            }
            Frame::AdjFlip(x) => Frame::AdjFlip(sigma[usize::from(x)]),
            Frame::Diplomat(x) => Frame::Diplomat(sigma[usize::from(x)]),
            Frame::SetupReveal(t) => Frame::SetupReveal(map_mask(t)),
            other => other,
        };
    }
    out
}
