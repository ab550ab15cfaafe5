use parlour_core::Outcome;
use skillratings::MultiTeamOutcome;
use skillratings::elo::{EloConfig, EloRating, elo};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::RatingSystem;

/// Each seat's place in a finished game: 1 for the winners, then the others by score in the
/// direction the winners scored (highest or lowest wins); equal places for equal scores
/// (competition ranking: 1, 1, 3).
#[must_use]
pub fn seat_places(outcome: &Outcome) -> Vec<usize> {
    let scores = &outcome.scores;
    let n = scores.len();
    let winner_score = outcome.winners.first().map(|w| scores[w.index()]);
    let non_winner = |i: usize| !outcome.winners.contains(parlour_core::Seat(i as u8));
    // +1 when the winners have the highest score, -1 when the lowest, 0 when unclear.
    let direction = match winner_score {
        Some(w) if (0..n).filter(|i| non_winner(*i)).all(|i| scores[i] < w) => 1,
        Some(w) if (0..n).filter(|i| non_winner(*i)).all(|i| scores[i] > w) => -1,
        _ => 0,
    };
    (0..n)
        .map(|i| {
            if !non_winner(i) {
                1
            } else if direction == 0 {
                // Winners first, everyone else shares second place.
                1 + outcome.winners.len()
            } else {
                let better = (0..n)
                    .filter(|j| {
                        !non_winner(*j)
                            || (non_winner(*j) && (scores[*j] - scores[i]) * direction > 0)
                    })
                    .count();
                1 + better
            }
        })
        .collect()
}

/// Ratings updated game by game, in game-index order.
#[derive(Clone, Debug)]
pub(crate) struct Ratings {
    system: RatingSystem,
    weng_lin: Vec<WengLinRating>,
    elo: Vec<EloRating>,
}

impl Ratings {
    pub(crate) fn new(system: RatingSystem, bots: usize) -> Self {
        Ratings {
            system,
            weng_lin: vec![WengLinRating::new(); bots],
            elo: vec![EloRating::new(); bots],
        }
    }

    /// Updates from one game: `places[bot]` is the bot's best place in it (`None`: not seated).
    pub(crate) fn update(&mut self, places: &[Option<usize>]) {
        let seated: Vec<(usize, usize)> = places
            .iter()
            .enumerate()
            .filter_map(|(b, p)| p.map(|p| (b, p)))
            .collect();
        if seated.len() < 2 {
            return;
        }
        match self.system {
            RatingSystem::WengLin => {
                let teams: Vec<[WengLinRating; 1]> =
                    seated.iter().map(|(b, _)| [self.weng_lin[*b]]).collect();
                let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                    .iter()
                    .zip(&seated)
                    .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(*place)))
                    .collect();
                let new = weng_lin_multi_team(&input, &WengLinConfig::new());
                for ((b, _), team) in seated.iter().zip(new) {
                    self.weng_lin[*b] = team[0];
                }
            }
            RatingSystem::Elo => {
                let config = EloConfig {
                    k: 32.0 / (seated.len() - 1) as f64,
                };
                let mut delta = vec![0.0; self.elo.len()];
                for (x, &(a, pa)) in seated.iter().enumerate() {
                    for &(b, pb) in &seated[x + 1..] {
                        let result = match pa.cmp(&pb) {
                            std::cmp::Ordering::Less => skillratings::Outcomes::WIN,
                            std::cmp::Ordering::Greater => skillratings::Outcomes::LOSS,
                            std::cmp::Ordering::Equal => skillratings::Outcomes::DRAW,
                        };
                        let (na, nb) = elo(&self.elo[a], &self.elo[b], &result, &config);
                        delta[a] += na.rating - self.elo[a].rating;
                        delta[b] += nb.rating - self.elo[b].rating;
                    }
                }
                for (r, d) in self.elo.iter_mut().zip(delta) {
                    r.rating += d;
                }
            }
        }
    }

    pub(crate) fn rating(&self, bot: usize) -> f64 {
        match self.system {
            RatingSystem::WengLin => self.weng_lin[bot].rating,
            RatingSystem::Elo => self.elo[bot].rating,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_winning_direction() {
        assert_eq!(
            seat_places(&Outcome::highest_wins(vec![10, 30, 20, 30])),
            vec![4, 1, 3, 1]
        );
        assert_eq!(
            seat_places(&Outcome::lowest_wins(vec![10, 30, 20, 10])),
            vec![1, 4, 3, 1]
        );
        assert_eq!(seat_places(&Outcome::highest_wins(vec![5, 5])), vec![1, 1]);
    }

    #[test]
    fn winners_gain_rating() {
        for system in [RatingSystem::WengLin, RatingSystem::Elo] {
            let mut r = Ratings::new(system, 3);
            let start = r.rating(0);
            for _ in 0..10 {
                r.update(&[Some(1), Some(2), Some(3)]);
            }
            assert!(r.rating(0) > start && r.rating(2) < start, "{system:?}");
            assert!(
                r.rating(0) > r.rating(1) && r.rating(1) > r.rating(2),
                "{system:?}"
            );
        }
    }
}
