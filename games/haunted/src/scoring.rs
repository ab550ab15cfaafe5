//! Scoring (spec §6): 13 per complete line, 3 per card in an incomplete line, hands not
//! scored; the lowest score wins, the player who completed the losing number of lines loses.

use parlour_core::{Outcome, Seat, SeatSet};

use crate::cards::{CardType, deck};
use crate::state::State;

/// Points for a complete line, whatever its size.
pub const COMPLETE_LINE: i32 = 13;
/// Points per card in an incomplete line.
pub const CARD_IN_LINE: i32 = 3;

/// A seat's score now.
#[must_use]
pub fn score(s: &State, seat: Seat) -> i32 {
    s.seat_lines(seat)
        .iter()
        .map(|l| {
            if l.complete {
                COMPLETE_LINE
            } else {
                CARD_IN_LINE * l.len as i32
            }
        })
        .sum()
}

/// Every seat's score.
#[must_use]
pub fn scores(s: &State) -> Vec<i32> {
    Seat::all(s.n).map(|seat| score(s, seat)).collect()
}

/// The outcome: the lowest score among the players who did not lose wins; ties share (D31).
#[must_use]
pub fn outcome(s: &State) -> Outcome {
    let scores = scores(s);
    let best = Seat::all(s.n)
        .filter(|&p| Some(p) != s.loser)
        .map(|p| scores[p.index()])
        .min()
        .unwrap_or(0);
    let winners: SeatSet = Seat::all(s.n)
        .filter(|&p| Some(p) != s.loser && scores[p.index()] == best)
        .collect();
    Outcome { scores, winners }
}

/// The ranking: non-losers by ascending score (ties by seat, pinned 12), the loser last.
#[must_use]
pub fn ranking(s: &State) -> Vec<Seat> {
    let sc = scores(s);
    let mut order: Vec<Seat> = Seat::all(s.n).filter(|&p| Some(p) != s.loser).collect();
    order.sort_by_key(|p| (sc[p.index()], p.0));
    order.extend(s.loser);
    order
}

/// A cheap heuristic from `seat`'s knowledge: how far everyone else is ahead of `seat` in
/// score and complete lines, plus defensive cards in hand.
#[must_use]
pub fn evaluate(s: &State, seat: Seat) -> f64 {
    if s.loser == Some(seat) {
        return -1.0;
    }
    let mine = f64::from(score(s, seat)) + 8.0 * f64::from(s.complete_lines(seat));
    let others: Vec<f64> = Seat::all(s.n)
        .filter(|&p| p != seat)
        .map(|p| f64::from(score(s, p)) + 8.0 * f64::from(s.complete_lines(p)))
        .collect();
    let avg = others.iter().sum::<f64>() / others.len().max(1) as f64;
    let d = deck();
    let defensive = s
        .hand(seat)
        .iter()
        .filter(|&c| {
            let i = &d.cards[c as usize];
            i.card_type != CardType::Setting && i.effect.is_some_and(|e| e.is_defensive())
        })
        .count() as f64;
    ((avg - mine) / 60.0 + 0.02 * defensive).clamp(-1.0, 1.0)
}
