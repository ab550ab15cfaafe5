use serde::Serialize;

use crate::{Seat, SeatSet};

/// How a finished game ended: every seat's final score and the winners (ties share the win).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Outcome {
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// Every seat that shares first place.
    pub winners: SeatSet,
}

impl Outcome {
    /// The outcome where the highest scores win (ties share).
    #[must_use]
    pub fn highest_wins(scores: Vec<i32>) -> Self {
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = Seat::all(scores.len() as u8)
            .filter(|s| scores[s.index()] == best)
            .collect();
        Outcome { scores, winners }
    }

    /// The outcome where the lowest scores win (ties share).
    #[must_use]
    pub fn lowest_wins(scores: Vec<i32>) -> Self {
        let best = scores.iter().copied().min().unwrap_or(0);
        let winners = Seat::all(scores.len() as u8)
            .filter(|s| scores[s.index()] == best)
            .collect();
        Outcome { scores, winners }
    }

    /// The share of the win that goes to `seat`: `1/k` for each of `k` tied winners, else 0.
    #[must_use]
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_the_win() {
        let o = Outcome::highest_wins(vec![30, 30, 25, 18]);
        assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(1)]);
        assert!((o.win_share(Seat(0)) - 0.5).abs() < 1e-12);
        assert!(o.win_share(Seat(2)).abs() < 1e-12);
        let o = Outcome::lowest_wins(vec![10, 3, 7]);
        assert_eq!(o.winners.first(), Some(Seat(1)));
    }
}
