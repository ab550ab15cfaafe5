//! Scoring (spec §7): the most cards of one stanza in a player's Sequence; the highest score
//! wins, ties share, a top score of 0 means nobody wins, and three Yellow Signs mean everyone
//! loses.

use parlour_core::{Outcome, Seat, SeatSet};

use crate::card::{ELDER_SIGNS, YELLOW_SIGNS};
use crate::lines::LineTable;
use crate::phase::{End, longest_run};
use crate::state::State;

/// The score of a Sequence given as inclusive card-index bounds: the largest number of its
/// cards that lie in one stanza (0 without a Sequence).
#[must_use]
pub fn sequence_score(table: &LineTable, seq: Option<(u8, u8)>) -> i32 {
    let Some((lo, hi)) = seq else {
        return 0;
    };
    table
        .stanza_spans()
        .map(|(a, b)| {
            let (x, y) = (lo.max(a), hi.min(b));
            if x <= y { i32::from(y - x + 1) } else { 0 }
        })
        .max()
        .unwrap_or(0)
}

/// The outcome of a finished game with these `scores`.
pub(crate) fn outcome(state: &State, end: End, scores: Vec<i32>) -> Outcome {
    if matches!(end, End::AllLose(_)) {
        return Outcome {
            scores,
            winners: SeatSet::EMPTY,
        };
    }
    let best = scores.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Outcome {
            scores,
            winners: SeatSet::EMPTY,
        };
    }
    let mut winners: SeatSet = Seat::all(state.n)
        .filter(|s| scores[s.index()] == best)
        .collect();
    if state.rules.tiebreak_total_length && winners.len() > 1 {
        let len = |s: Seat| state.seqs[s].map_or(0, |(lo, hi)| hi - lo + 1);
        let longest = winners.iter().map(len).max().unwrap_or(0);
        winners = winners.iter().filter(|&s| len(s) == longest).collect();
    }
    Outcome { scores, winners }
}

/// A cheap heuristic from `seat`'s knowledge: its Sequence score, the promise of its hand, the
/// danger of its Yellow Signs, against the best other Sequence. A finished game is worth 100
/// times the seat's share of the win; a game still in play is worth more than 0, so a seat
/// that trails never prefers ending the game in a loss (revealing 316, keeping three Yellow
/// Signs) to playing on.
pub(crate) fn evaluate(state: &State, seat: Seat) -> f64 {
    if let Some(end) = state.end {
        let scores: Vec<i32> = Seat::all(state.n)
            .map(|s| {
                if matches!(end, End::AllLose(_)) {
                    0
                } else {
                    sequence_score(state.table.0, state.seqs[s])
                }
            })
            .collect();
        return 100.0 * outcome(state, end, scores).win_share(seat);
    }
    let own = f64::from(sequence_score(state.table.0, state.seqs[seat]));
    let best_other = Seat::all(state.n)
        .filter(|&s| s != seat)
        .map(|s| sequence_score(state.table.0, state.seqs[s]))
        .max()
        .unwrap_or(0);
    let hand = state.hands[seat];
    let ys = f64::from(hand.and(YELLOW_SIGNS).len());
    let es = f64::from(
        hand.and(ELDER_SIGNS)
            .len()
            .min(hand.and(YELLOW_SIGNS).len()),
    );
    let promise = if state.seqs[seat].is_none() {
        f64::from(longest_run(hand))
    } else {
        0.0
    };
    let h = 10.0 * own - 6.0 * f64::from(best_other) + 2.0 * promise - 3.0 * ys * ys + 4.0 * es;
    // Below 1 the heuristic is squeezed into (0, 1): same order, but above a lost game.
    if h >= 1.0 { h } else { (h - 1.0).exp() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> &'static LineTable {
        LineTable::standard().expect("valid")
    }

    /// Card index of Line Number `n` in the standard list.
    fn i(n: u16) -> u8 {
        u8::try_from(n - 289).expect("in range")
    }

    #[test]
    fn score_is_best_single_stanza_count() {
        // Spec E5: 298-303 is 3 of stanza 3 and 3 of stanza 4.
        assert_eq!(sequence_score(table(), Some((i(298), i(303)))), 3);
        // Spec E13.
        assert_eq!(sequence_score(table(), Some((i(303), i(306)))), 2);
        assert_eq!(sequence_score(table(), Some((i(309), i(313)))), 2);
        assert_eq!(sequence_score(table(), Some((i(291), i(292)))), 2);
        assert_eq!(sequence_score(table(), Some((i(313), i(316)))), 4);
        assert_eq!(sequence_score(table(), None), 0);
    }

    #[test]
    fn stanza_borders_do_not_stop_a_run_but_split_its_score() {
        assert_eq!(sequence_score(table(), Some((i(303), i(305)))), 2);
        assert_eq!(sequence_score(table(), Some((i(305), i(310)))), 6);
        assert_eq!(sequence_score(table(), Some((i(304), i(311)))), 6);
    }
}
