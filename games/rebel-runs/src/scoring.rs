//! Meld scoring (spec §3.4, D-RR-6, D-RR-8 and the scoring variants of §5).

use parlour_cards::CardSet;
use parlour_fey::{Mat, Sign};

use crate::meld::{MeldKind, sign_of, value_of};

/// Points per card in a run that earns the run bonus.
pub const RUN_BONUS: i32 = 5;
/// Points per fey card outside a bonus run.
pub const FEY_POINTS: i32 = 2;

/// The scoring variants in force.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ScoreRules {
    /// `monosign_run_bonus_any_sign`: a run all of one sign earns the bonus whatever that sign.
    pub monosign_any_sign: bool,
    /// `same_sign_run_bonus_additive`: the bonus adds 5 to each card's normal points
    /// (4 + 5 = 9 for the player's own sign) instead of replacing them.
    pub additive: bool,
}

/// The normal points of a card for a player of sign `player`: 2 for a fey card, else the base
/// relation points (Same 4, Harmonious 3, Neutral 2, Opposing 1).
#[must_use]
pub fn card_points(mat: &Mat, player: Sign, card: u8) -> i32 {
    let sign = sign_of(card);
    if sign == mat.fey() {
        FEY_POINTS
    } else {
        mat.relation(player, sign).base_points()
    }
}

/// The sign a run counts as for the run bonus when it earns it for a player of sign `player`,
/// else `None`.
///
/// Default (D-RR-6): every card sits at its own printed number (the printed values are exactly
/// `low..=high`; fey cards then use their "any sign" power) and every non-fey card is of the
/// player's sign. With `monosign_any_sign` the non-fey cards need only share one sign.
#[must_use]
pub fn bonus_sign(
    cards: CardSet,
    kind: MeldKind,
    player: Sign,
    fey: Sign,
    rules: ScoreRules,
) -> Option<Sign> {
    let MeldKind::Run { low } = kind else {
        return None;
    };
    let len = cards.len();
    let high = u32::from(low) + len - 1;
    let mut printed = 0u16;
    let mut sign = None;
    for id in cards {
        printed |= 1 << value_of(id);
        let s = sign_of(id);
        if s != fey {
            match sign {
                None => sign = Some(s),
                Some(t) if t != s => return None,
                Some(_) => {}
            }
        }
    }
    let range = ((1u32 << (high + 1)) - 1) & !((1u32 << low) - 1);
    if u32::from(printed) != range || printed.count_ones() != len {
        return None;
    }
    match sign {
        None => Some(player),
        Some(s) if s == player || rules.monosign_any_sign => Some(s),
        Some(_) => None,
    }
}

/// Points that `scored` (some of the cards of the meld `cards`/`kind`) earn for a player of sign
/// `player`. `scored` is the whole meld for its owner; under `lay_off_on_any_meld` it is the
/// part this player put there.
#[must_use]
pub fn meld_points(
    cards: CardSet,
    kind: MeldKind,
    scored: CardSet,
    player: Sign,
    mat: &Mat,
    rules: ScoreRules,
) -> i32 {
    let fey = mat.fey();
    match bonus_sign(cards, kind, player, fey, rules) {
        Some(run_sign) if rules.additive => scored
            .iter()
            .map(|id| {
                // A fey card at its printed number counts as the run's sign.
                let s = if sign_of(id) == fey {
                    run_sign
                } else {
                    sign_of(id)
                };
                mat.relation(player, s).base_points() + RUN_BONUS
            })
            .sum(),
        Some(_) => RUN_BONUS * scored.len() as i32,
        None => scored.iter().map(|id| card_points(mat, player, id)).sum(),
    }
}

/// Points of a whole meld for its owner of sign `player`.
#[must_use]
pub fn meld_score(
    cards: CardSet,
    kind: MeldKind,
    player: Sign,
    mat: &Mat,
    rules: ScoreRules,
) -> i32 {
    meld_points(cards, kind, cards, player, mat, rules)
}

#[cfg(test)]
mod tests {
    use parlour_fey::Sign::{Bone, Flame, Star, Wave};

    use super::*;
    use crate::meld::check_meld;

    /// MAT-A: fey Bone; Fl 0, St 1, Sn 2, Wv 3, Wi 4, Tr 5, To 6.
    fn mat_a() -> Mat {
        Mat::parse("bone: flame star stone wave wind tree tone").expect("MAT-A")
    }

    fn cards(text: &str) -> CardSet {
        parlour_fey::parse_cards(text)
            .expect("card ids")
            .into_iter()
            .collect()
    }

    /// Checks the meld is valid and returns its score for `player` under default rules.
    fn score(text: &str, kind: MeldKind, player: Sign) -> i32 {
        score_with(text, kind, player, ScoreRules::default())
    }

    fn score_with(text: &str, kind: MeldKind, player: Sign, rules: ScoreRules) -> i32 {
        let c = cards(text);
        check_meld(c, kind, Bone).expect("a valid meld");
        meld_score(c, kind, player, &mat_a(), rules)
    }

    const fn set(value: u8) -> MeldKind {
        MeldKind::Set { value }
    }
    const fn run(low: u8) -> MeldKind {
        MeldKind::Run { low }
    }

    #[test]
    fn rr1_set_scores_by_relation() {
        assert_eq!(score("flame-5 wave-5 tone-5", set(5), Star), 7);
    }

    #[test]
    fn rr2_mixed_run_scores_per_card() {
        assert_eq!(score("stone-3 flame-4 wind-5 star-6", run(3), Star), 11);
    }

    #[test]
    fn rr3_same_sign_run_scores_five_per_card_only_for_its_sign() {
        assert_eq!(score("star-2 star-3 star-4 star-5", run(2), Star), 20);
        assert_eq!(score("star-2 star-3 star-4 star-5", run(2), Wave), 8);
    }

    #[test]
    fn rr4_fey_at_its_printed_number_keeps_a_run_same_sign() {
        assert_eq!(score("star-7 star-8 bone-9 star-10", run(7), Star), 20);
    }

    #[test]
    fn rr5_fey_standing_for_another_number_breaks_the_bonus() {
        assert_eq!(score("star-7 star-8 bone-2 star-10", run(7), Star), 14);
    }

    #[test]
    fn rr7_fey_in_a_set_scores_two() {
        assert_eq!(score("flame-4 wind-4 bone-9", set(4), Star), 6);
    }

    #[test]
    fn rr9_all_fey_set_scores_two_each() {
        for v in 1..=11 {
            assert_eq!(score("bone-1 bone-6 bone-11", set(v), Star), 6);
        }
    }

    #[test]
    fn rr10_rr11_runs_with_a_fey_filler() {
        assert_eq!(score("bone-1 flame-10 wind-11 tree-9", run(8), Star), 7);
        assert_eq!(score("flame-1 bone-5 wind-2 star-3", run(1), Star), 10);
    }

    #[test]
    fn rr13_all_fey_run_is_same_sign_only_at_printed_numbers() {
        for player in [Star, Flame, Wave] {
            assert_eq!(score("bone-3 bone-4 bone-5 bone-6", run(3), player), 20);
            assert_eq!(score("bone-3 bone-4 bone-5 bone-6", run(4), player), 8);
        }
    }

    #[test]
    fn rr14_long_same_sign_run_and_one_stranger() {
        assert_eq!(
            score("star-3 star-4 star-5 star-6 star-7", run(3), Star),
            25
        );
        assert_eq!(
            score("star-3 star-4 star-5 star-6 wave-7", run(3), Star),
            18
        );
    }

    #[test]
    fn rr15_set_of_nines() {
        assert_eq!(score("stone-9 tree-9 tone-9 flame-9", set(9), Star), 9);
    }

    #[test]
    fn rr16_rr16b_lay_offs_add_their_points() {
        assert_eq!(score("flame-5 wave-5 tone-5 stone-5", set(5), Star), 10);
        assert_eq!(
            score("stone-3 flame-4 wind-5 star-6 bone-11", run(3), Star),
            13
        );
        assert_eq!(
            score("stone-3 flame-4 wind-5 star-6 bone-11", run(2), Star),
            13
        );
    }

    #[test]
    fn rr17_went_out_melds() {
        assert_eq!(
            score("star-2 star-3 star-4 star-5", run(2), Star)
                + score("flame-9 wind-9 tone-9", set(9), Star),
            26
        );
    }

    #[test]
    fn monosign_variant_pays_the_bonus_for_any_one_sign() {
        let rules = ScoreRules {
            monosign_any_sign: true,
            additive: false,
        };
        assert_eq!(
            score_with("star-2 star-3 star-4 star-5", run(2), Wave, rules),
            20
        );
        assert_eq!(
            score_with("star-2 star-3 bone-4 star-5", run(2), Wave, rules),
            20
        );
        assert_eq!(
            score_with("stone-3 flame-4 wind-5 star-6", run(3), Star, rules),
            11
        );
    }

    #[test]
    fn additive_variant_pays_nine_for_the_own_sign() {
        let rules = ScoreRules {
            monosign_any_sign: false,
            additive: true,
        };
        assert_eq!(
            score_with("star-2 star-3 star-4 star-5", run(2), Star, rules),
            36
        );
        assert_eq!(
            score_with("star-7 star-8 bone-9 star-10", run(7), Star, rules),
            36
        );
        // Not a bonus run: the normal rate.
        assert_eq!(
            score_with("star-2 star-3 star-4 star-5", run(2), Wave, rules),
            8
        );
        let both = ScoreRules {
            monosign_any_sign: true,
            additive: true,
        };
        // Star is Neutral to a Wave player: 2 + 5 per card.
        assert_eq!(
            score_with("star-2 star-3 star-4 star-5", run(2), Wave, both),
            28
        );
    }
}
