//! Round scoring (spec §4.3) and the end of the game (§4.2, D-HM-5) as pure functions.

use parlour_cards::CardSet;
use parlour_core::Outcome;
use parlour_fey::{Card, Mat, Relation, Sign};
use serde::Serialize;

use crate::rules::ScoreRules;

/// The blackjack target.
pub const TARGET_TOTAL: i32 = 21;
/// The fey bonus, once per round when a scored card is fey.
pub const FEY_BONUS: i32 = 5;

/// A player's round: their total and round score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoundScore {
    /// Church value plus the played values (with `fey_wild_value`, the best choice of values).
    pub total: i32,
    /// Card points plus the fey bonus minus the penalty (spec §4.3).
    pub score: i32,
}

/// Scores one player's round: `sign` is the player's sign, `played` their revealed cards,
/// `church` the church card.
#[must_use]
pub fn round_score(
    mat: &Mat,
    sign: Sign,
    played: CardSet,
    church: Card,
    rules: ScoreRules,
) -> RoundScore {
    played
        .iter()
        .map(|id| {
            let c = Card::from_id(id).expect("played cards are deck cards");
            Tally::played(mat, sign, c, rules)
        })
        .fold(Tally::church(mat, sign, church, rules), Tally::add)
        .settle(rules)
}

/// What some cards add up to before a round's score is settled: sums, so that the scores of
/// many subsets of one hand can be built from one another.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Tally {
    points: i32,
    total: i32,
    /// Fey cards whose value is chosen at the end (`fey_wild_value`).
    wild: i32,
    any_fey: bool,
}

impl Tally {
    /// The church card's part: its value always, its points and fey bonus unless
    /// `church_counts_for_total_only`.
    pub(crate) fn church(mat: &Mat, sign: Sign, church: Card, rules: ScoreRules) -> Tally {
        let mut t = Tally {
            total: i32::from(church.value()),
            ..Tally::default()
        };
        if !rules.church_counts_for_total_only {
            t.points = card_points(mat, sign, church);
            t.any_fey = church.sign() == mat.fey();
        }
        t
    }

    /// A played card's part.
    pub(crate) fn played(mat: &Mat, sign: Sign, card: Card, rules: ScoreRules) -> Tally {
        let fey = card.sign() == mat.fey();
        let wild = fey && rules.fey_wild_value;
        Tally {
            points: card_points(mat, sign, card),
            total: if wild { 0 } else { i32::from(card.value()) },
            wild: i32::from(wild),
            any_fey: fey,
        }
    }

    pub(crate) fn add(self, o: Tally) -> Tally {
        Tally {
            points: self.points + o.points,
            total: self.total + o.total,
            wild: self.wild + o.wild,
            any_fey: self.any_fey || o.any_fey,
        }
    }

    /// The round's total and score (spec §4.3).
    #[inline]
    pub(crate) fn settle(self, rules: ScoreRules) -> RoundScore {
        let p = self.parts(rules);
        RoundScore {
            total: p.total,
            score: p.score,
        }
    }

    /// The round's score and the parts it is made of (spec §4.3).
    #[inline]
    pub(crate) fn parts(self, rules: ScoreRules) -> RoundParts {
        let mut total = self.total;
        if self.wild > 0 {
            // Each wild fey is worth 1..=11: pick the reachable total nearest 21 (the penalty
            // grows away from 21 on both sides).
            total = TARGET_TOTAL.clamp(total + self.wild, total + 11 * self.wild);
        }
        let penalty = (TARGET_TOTAL - total).max(0) + 3 * (total - TARGET_TOTAL).max(0);
        let bonus = if self.any_fey { FEY_BONUS } else { 0 };
        let mut score = self.points + bonus - penalty;
        if rules.no_negative_round_scores {
            score = score.max(0);
        }
        RoundParts {
            total,
            points: self.points,
            bonus,
            penalty,
            score,
            wild: self.wild > 0,
        }
    }
}

/// A round's score and what it is made of: what a seat choosing its commitment is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct RoundParts {
    /// Church value plus the played values (with `fey_wild_value`, the best choice of values).
    pub total: i32,
    /// Card points (the church's included unless `church_counts_for_total_only`).
    pub points: i32,
    /// The fey bonus: 5 when a scored card is fey, else 0.
    pub bonus: i32,
    /// 1 per point under 21, 3 per point over.
    pub penalty: i32,
    /// The round score: points + bonus − penalty (raised to 0 under `no_negative_round_scores`).
    pub score: i32,
    /// Whether fey values were chosen (`fey_wild_value` with a fey card played).
    pub wild: bool,
}

/// Points of one card for a player: fey 0 (D-HM-2), else Same 4 / Harmonious 3 / Neutral 2 /
/// Opposing 1.
#[must_use]
pub fn card_points(mat: &Mat, sign: Sign, card: Card) -> i32 {
    match mat.relation(sign, card.sign()) {
        Relation::Fey => 0,
        r => r.base_points(),
    }
}

/// Whether the game ends after a round (D-HM-5): someone reached `target`, or `rounds_played`
/// reached `max_rounds`.
#[must_use]
pub fn game_ends(scores: &[i32], target: i32, rounds_played: u32, max_rounds: u32) -> bool {
    scores.iter().any(|&s| s >= target) || rounds_played >= max_rounds
}

/// The final result: highest cumulative score wins, ties share (D-HM-5).
#[must_use]
pub fn final_outcome(scores: &[i32]) -> Outcome {
    Outcome::highest_wins(scores.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sign::*;
    use parlour_core::Seat;

    fn mat_a() -> Mat {
        Mat::parse("bone: flame star stone wave wind tree tone").unwrap()
    }

    fn cards(list: &[(Sign, u8)]) -> CardSet {
        list.iter().map(|&(s, v)| Card::new(s, v).id()).collect()
    }

    fn score(
        sign: Sign,
        played: &[(Sign, u8)],
        church: (Sign, u8),
        rules: ScoreRules,
    ) -> RoundScore {
        round_score(
            &mat_a(),
            sign,
            cards(played),
            Card::new(church.0, church.1),
            rules,
        )
    }

    const DEFAULT: ScoreRules = ScoreRules {
        church_counts_for_total_only: false,
        fey_wild_value: false,
        no_negative_round_scores: false,
    };

    #[test]
    fn church_card_scores_for_every_player() {
        // HM-1.
        let r = score(Star, &[(Star, 8), (Tone, 7)], (Flame, 6), DEFAULT);
        assert_eq!(
            r,
            RoundScore {
                total: 21,
                score: 9
            }
        );
        let only_total = ScoreRules {
            church_counts_for_total_only: true,
            ..DEFAULT
        };
        assert_eq!(
            score(Star, &[(Star, 8), (Tone, 7)], (Flame, 6), only_total).score,
            6
        );
    }

    #[test]
    fn fey_cards_score_zero_plus_one_bonus() {
        // HM-2.
        assert_eq!(
            score(Wave, &[(Wind, 9), (Bone, 4)], (Flame, 6), DEFAULT),
            RoundScore {
                total: 19,
                score: 7
            }
        );
        // HM-6.
        assert_eq!(
            score(Wave, &[(Bone, 5), (Bone, 10)], (Flame, 6), DEFAULT),
            RoundScore {
                total: 21,
                score: 6
            }
        );
    }

    #[test]
    fn over_21_costs_three_per_point() {
        // HM-3.
        assert_eq!(
            score(Tone, &[(Tree, 11), (Stone, 7)], (Flame, 6), DEFAULT),
            RoundScore {
                total: 24,
                score: -2
            }
        );
        // HM-7.
        let all = [
            (Flame, 11),
            (Tree, 10),
            (Tone, 9),
            (Star, 2),
            (Wave, 1),
            (Wind, 3),
            (Stone, 4),
        ];
        assert_eq!(
            score(Tone, &all, (Flame, 6), DEFAULT),
            RoundScore {
                total: 46,
                score: -56
            }
        );
    }

    #[test]
    fn under_21_costs_one_per_point() {
        // HM-4: the empty commitment is scored on the church alone.
        assert_eq!(
            score(Star, &[], (Flame, 6), DEFAULT),
            RoundScore {
                total: 6,
                score: -12
            }
        );
        // HM-8.
        assert_eq!(
            score(Wind, &[(Tree, 11)], (Flame, 6), DEFAULT),
            RoundScore {
                total: 17,
                score: 0
            }
        );
        let floor = ScoreRules {
            no_negative_round_scores: true,
            ..DEFAULT
        };
        assert_eq!(score(Star, &[], (Flame, 6), floor).score, 0);
    }

    #[test]
    fn fey_church_gives_everyone_the_bonus() {
        // HM-5.
        assert_eq!(
            score(Star, &[(Star, 11), (Wave, 7)], (Bone, 3), DEFAULT),
            RoundScore {
                total: 21,
                score: 11
            }
        );
        assert_eq!(score(Wave, &[], (Bone, 3), DEFAULT).score, 5 - 18);
        let only_total = ScoreRules {
            church_counts_for_total_only: true,
            ..DEFAULT
        };
        assert_eq!(score(Wave, &[], (Bone, 3), only_total).score, -18);
    }

    #[test]
    fn church_relation_uses_the_players_sign() {
        // HM-9.
        assert_eq!(
            score(Wave, &[(Wind, 11)], (Stone, 10), DEFAULT),
            RoundScore {
                total: 21,
                score: 6
            }
        );
    }

    #[test]
    fn wild_fey_values_minimise_the_penalty() {
        let wild = ScoreRules {
            fey_wild_value: true,
            ..DEFAULT
        };
        // Flame 6 + Wind 9 + Bone (wild, 1..11) reaches 21 with the Bone as 6.
        assert_eq!(
            score(Wave, &[(Wind, 9), (Bone, 4)], (Flame, 6), wild).total,
            21
        );
        // Two wilds can only go down to 2: 6 + 11 + 11 + 2 = 30 -> nearest reachable.
        let r = score(
            Wave,
            &[(Tree, 11), (Wind, 11), (Bone, 1), (Bone, 2)],
            (Flame, 6),
            wild,
        );
        assert_eq!(r.total, 30);
    }

    #[test]
    fn highest_cumulative_wins_and_ties_share() {
        // HM-10: P0 50 + 4, P1 48 + 9, P2 40 + 1.
        let after = [54, 57, 41];
        assert!(game_ends(&after, 55, 5, 200));
        assert_eq!(
            final_outcome(&after).winners.iter().collect::<Vec<_>>(),
            vec![Seat(1)]
        );
        let tied = [56, 56, 41];
        assert_eq!(final_outcome(&tied).winners.len(), 2);
        assert!(!game_ends(&[54, 50, 41], 55, 5, 200));
        assert!(game_ends(&[54, 50, 41], 55, 200, 200));
    }
}
