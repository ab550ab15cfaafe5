//! How each sign stands to a viewer's sign, for views: a page shows relations and points from
//! the engine instead of working them out from the mat itself.

use serde::Serialize;

use crate::{Mat, Relation, Sign};

/// How cards of one sign stand to the viewer's sign (spec §1.4) and what one scores for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct SignPoints {
    /// The cards' sign.
    pub sign: Sign,
    /// Its relation to the viewer's sign.
    pub relation: Relation,
    /// A card's points for the viewer, as the game scores that relation.
    pub points: i32,
}

impl SignPoints {
    /// Every sign's standing to sign `mine` on `mat`, each relation scored by `points`.
    #[must_use]
    pub fn all(mat: &Mat, mine: Sign, points: impl Fn(Relation) -> i32) -> Vec<SignPoints> {
        Sign::ALL
            .iter()
            .map(|&sign| {
                let relation = mat.relation(mine, sign);
                SignPoints {
                    sign,
                    relation,
                    points: points(relation),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sign_is_listed_once_with_the_mats_relation() {
        let mat = Mat::new(
            Sign::ALL[7],
            Sign::ALL[..7].try_into().expect("seven signs"),
        )
        .expect("eight different signs");
        let mine = Sign::ALL[0];
        let all = SignPoints::all(&mat, mine, Relation::base_points);
        assert_eq!(all.len(), Sign::ALL.len());
        for (p, &sign) in all.iter().zip(&Sign::ALL) {
            assert_eq!(p.sign, sign);
            assert_eq!(p.relation, mat.relation(mine, sign));
            assert_eq!(p.points, p.relation.base_points());
        }
        assert_eq!(all[0].relation, Relation::Same);
        assert_eq!(all[7].relation, Relation::Fey);
        assert_eq!(all[1].relation, Relation::Harmonious);
        assert_eq!(all[3].relation, Relation::Opposing);
    }
}
