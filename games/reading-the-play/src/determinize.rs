//! Determinization (`sample_consistent`): the cards an observer cannot place are dealt again at
//! random among the places they could be, keeping every size and everything the observer knows.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::card::{LINE_315, YELLOW_SIGNS};
use crate::phase::Phase;
use crate::state::State;
use crate::view::hidden_cards;

/// A place that holds hidden cards, in the order they are refilled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Zone {
    Deck,
    Hand(Seat),
    Commit(Seat),
    Pool,
}

/// Attempts before giving up on the constraints and keeping the true hidden cards (which always
/// satisfy them).
const TRIES: usize = 64;

pub(crate) fn sample(state: &State, observer: Seat, rng: &mut GameRng) -> State {
    let mut hidden = hidden_cards(state, Some(observer));
    // In the Player's private steps the phase itself depends on the Player's hand; only the
    // Player acts there, so another observer's sample keeps that hand as it is.
    if matches!(
        state.phase,
        Phase::ElderSign | Phase::Sequence | Phase::Finish
    ) && observer != state.player
    {
        hidden = hidden.minus(state.hands[state.player.index()]);
    }
    if hidden.is_empty() && state.deck_len < 2 {
        return state.clone();
    }
    let mut zones: Vec<(Zone, usize)> = Vec::new();
    // The deck's order is unknown to everybody: it is always dealt again.
    zones.push((Zone::Deck, state.deck_set().and(hidden).len() as usize));
    for s in Seat::all(state.n) {
        let k = state.hands[s.index()].and(hidden).len() as usize;
        if k > 0 {
            zones.push((Zone::Hand(s), k));
        }
    }
    if state.phase == Phase::Commit {
        for s in Seat::all(state.n) {
            if state.commits[s.index()].is_some_and(|c| hidden.contains(c)) {
                zones.push((Zone::Commit(s), 1));
            }
        }
    }
    if matches!(state.phase, Phase::Keep | Phase::Give) {
        let k = state.pool.and(hidden).len() as usize;
        if k > 0 {
            zones.push((Zone::Pool, k));
        }
    }
    // Positions (in refill order) where a hidden Line 315 may go during the interrupt window:
    // the hands of the other players but the revealer.
    let mut eligible_315: Vec<usize> = Vec::new();
    if state.phase == Phase::Interrupt && hidden.contains(LINE_315) {
        let mut pos = 0;
        for &(z, k) in &zones {
            if matches!(z, Zone::Hand(s) if s != state.player) {
                eligible_315.extend(pos..pos + k);
            }
            pos += k;
        }
    }
    let mut cards: Vec<u8> = hidden.iter().collect();
    for _ in 0..TRIES {
        cards.shuffle(rng);
        if !eligible_315.is_empty() {
            let at = eligible_315[rng.random_range(0..eligible_315.len())];
            let now = cards
                .iter()
                .position(|&c| c == LINE_315)
                .expect("315 is hidden");
            cards.swap(at, now);
        }
        let s = refill(state, observer, hidden, &zones, &cards, rng);
        if consistent(&s, observer) {
            return s;
        }
    }
    state.clone()
}

fn refill(
    state: &State,
    observer: Seat,
    hidden: CardSet,
    zones: &[(Zone, usize)],
    cards: &[u8],
    rng: &mut GameRng,
) -> State {
    let mut s = state.clone();
    let mut next = cards.iter().copied();
    for &(zone, k) in zones {
        match zone {
            Zone::Deck => {
                let deck = &mut s.deck[..usize::from(s.deck_len)];
                for slot in deck.iter_mut() {
                    if hidden.contains(*slot) {
                        *slot = next.next().expect("enough cards");
                    }
                }
                deck.shuffle(rng);
            }
            Zone::Hand(h) => {
                let mut hand = s.hands[h.index()].minus(hidden);
                for _ in 0..k {
                    hand.insert(next.next().expect("enough cards"));
                }
                s.hands[h.index()] = hand;
            }
            Zone::Commit(h) => s.commits[h.index()] = next.next(),
            Zone::Pool => {
                let mut pool = s.pool.minus(hidden);
                for _ in 0..k {
                    pool.insert(next.next().expect("enough cards"));
                }
                s.pool = pool;
            }
        }
    }
    // Who gave which pooled card is unknown to the observer; forget it.
    if matches!(s.phase, Phase::Keep | Phase::Give) {
        for (i, c) in s.commits.iter_mut().enumerate() {
            if i != observer.index() {
                *c = None;
            }
        }
    }
    // Other players' knowledge of moved cards no longer holds.
    let hands = s.hands;
    for row in &mut s.known {
        for (k, hand) in row.iter_mut().zip(hands) {
            *k = k.and(hand);
        }
    }
    // Others' votes cast but not yet revealed: any other seat.
    if s.phase == Phase::Vote {
        let n = usize::from(s.n);
        for (i, v) in s.votes.iter_mut().enumerate().take(n) {
            if i != observer.index() && v.is_some() {
                let mut t = rng.random_range(0..n - 1);
                if t >= i {
                    t += 1;
                }
                *v = Some(Seat(u8::try_from(t).expect("at most 6 seats")));
            }
        }
    }
    // Others' hidden answers in the interrupt window: a pass is always possible.
    if s.phase == Phase::Interrupt {
        for (i, a) in s.answers.iter_mut().enumerate() {
            if i != observer.index() && a.is_some() {
                *a = Some(false);
            }
        }
    }
    s
}

/// Whether the hidden cards as dealt keep the current phase possible.
fn consistent(s: &State, observer: Seat) -> bool {
    let p = s.player;
    let non_yellow = |seat: Seat| !s.hands[seat.index()].minus(YELLOW_SIGNS).is_empty();
    match s.phase {
        Phase::DrawOrTrade => {
            s.deck_len > 0
                || non_yellow(p) && Seat::all(s.n).any(|t| t != p && !s.hands[t.index()].is_empty())
        }
        Phase::Commit if p != observer => match s.commits[p.index()] {
            Some(c) => !YELLOW_SIGNS.contains(c),
            None => non_yellow(p),
        },
        Phase::Interrupt => Seat::all(s.n).any(|t| t != p && s.hands[t.index()].contains(LINE_315)),
        _ => true,
    }
}
