//! Scoring (spec §6): 13 per complete line, 3 per card in an incomplete line, hands not
//! scored; the lowest score wins, the player who completed the losing number of lines loses.
//! With `tiebreak_short_game` a tie for the lowest score is played off in short games among
//! the tied players (see `tiebreak.rs`): the record keeps the main game's scores and the
//! winners are the tie-break's.

use parlour_core::{GameRng, Outcome, Seat, SeatSet};
use rand::Rng;

use crate::action::Action;

use crate::cards::CardType;
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

/// Every seat's score on the table now (in a tie-break: the short game's lines; seats that
/// sit out have none).
#[must_use]
pub fn scores(s: &State) -> Vec<i32> {
    Seat::all(s.n).map(|seat| score(s, seat)).collect()
}

/// The scores of the record: the main game's, kept as they were when it ended while a
/// tie-break short game decides the winner (`tiebreak_short_game`).
#[must_use]
pub fn record_scores(s: &State) -> Vec<i32> {
    match &s.tiebreak {
        Some(t) => t.main_scores.seats(s.n).to_vec(),
        None => scores(s),
    }
}

/// The seats of the game being played tied for its lowest score, its loser excepted.
pub(crate) fn lowest(s: &State) -> SeatSet {
    let best = s
        .seated
        .iter()
        .filter(|&p| Some(p) != s.loser)
        .map(|p| score(s, p))
        .min()
        .unwrap_or(0);
    s.seated
        .iter()
        .filter(|&p| Some(p) != s.loser && score(s, p) == best)
        .collect()
}

/// The winners: the lowest score among the players who did not lose; ties share (D31).
/// With `tiebreak_short_game` a tie is played off (§6), and the winners are the tie-break's:
/// the lowest score of its last short game, its loser excepted; when the round limit stops a
/// tie-break, its players share the win.
#[must_use]
pub fn winners(s: &State) -> SeatSet {
    if s.tiebreak.is_some() && s.loser.is_none() {
        return s.seated;
    }
    lowest(s)
}

/// The outcome: the record's scores ([`record_scores`]) and the [`winners`].
#[must_use]
pub fn outcome(s: &State) -> Outcome {
    Outcome {
        scores: record_scores(s),
        winners: winners(s),
    }
}

/// The ranking: the main game's non-losers by ascending score (ties by seat, pinned 12, except
/// that a tie-break's winners come first among the seats they tied with), the main game's
/// loser last.
#[must_use]
pub fn ranking(s: &State) -> Vec<Seat> {
    let sc = record_scores(s);
    let won = winners(s);
    let loser = s.loser();
    let mut order: Vec<Seat> = Seat::all(s.n).filter(|&p| Some(p) != loser).collect();
    order.sort_by_key(|p| (sc[p.index()], !won.contains(*p), p.0));
    order.extend(loser);
    order
}

/// A cheap heuristic from `seat`'s knowledge: how far everyone else is ahead of `seat` in
/// score and complete lines, plus defensive cards in hand.
#[must_use]
pub fn evaluate(s: &State, seat: Seat) -> f64 {
    // A seat that lost, or sits out a tie-break (it was not tied for the win), has no chance.
    if s.loser == Some(seat) || !s.seated.contains(seat) {
        return -1.0;
    }
    let mine = f64::from(score(s, seat)) + 8.0 * f64::from(s.complete_lines(seat));
    let others: Vec<f64> = s
        .seated
        .iter()
        .filter(|&p| p != seat)
        .map(|p| f64::from(score(s, p)) + 8.0 * f64::from(s.complete_lines(p)))
        .collect();
    let avg = others.iter().sum::<f64>() / others.len().max(1) as f64;
    let d = s.deck();
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

/// The value of a cut playout for `seat` (ISMCTS): minus its score, so the lowest score shares
/// the playout's win as at the round limit; a seat that lost, or sits out a tie-break, is last.
#[must_use]
pub fn cutoff_value(s: &State, seat: Seat) -> f64 {
    if s.loser == Some(seat) || !s.seated.contains(seat) {
        return f64::from(-i32::MAX);
    }
    -f64::from(score(s, seat))
}

/// A playout move for `seat`: uniform among `legal`, leaving out essential cards played on the
/// seat's own lines while anything else is legal.
pub(crate) fn playout_action(s: &State, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let builds = |a: &&Action| {
        matches!(a, Action::Play { card, line, .. }
            if line.owner == seat && s.deck().card_type(*card).is_essential())
    };
    let keep = legal.len() - legal.iter().filter(builds).count();
    if keep == 0 {
        return legal[rng.random_range(0..legal.len())];
    }
    let k = rng.random_range(0..keep);
    *legal
        .iter()
        .filter(|a| !builds(a))
        .nth(k)
        .expect("k is below the number of kept actions")
}
