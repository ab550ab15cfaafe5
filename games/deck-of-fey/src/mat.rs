use std::fmt;

use serde::Serialize;

use crate::Sign;

/// How a card's sign stands to a player's sign on the mat (spec §1.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The card is of the fey sign.
    Fey,
    /// The player's own sign.
    Same,
    /// Distance 1 on the circle.
    Harmonious,
    /// Distance 2.
    Neutral,
    /// Distance 3 ("across").
    Opposing,
    /// Not on the mat (kept for expansions; never occurs in these games, D-GEN-4).
    Dead,
}

impl Relation {
    /// Base relation points shared by the three games: Same 4, Harmonious 3, Neutral 2,
    /// Opposing 1; Fey and Dead 0 (each game scores fey its own way).
    #[must_use]
    pub const fn base_points(self) -> i32 {
        match self {
            Relation::Same => 4,
            Relation::Harmonious => 3,
            Relation::Neutral => 2,
            Relation::Opposing => 1,
            Relation::Fey | Relation::Dead => 0,
        }
    }
}

/// The mat: the fey sign in the centre and the other seven on positions 0..7 clockwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Mat {
    fey: Sign,
    /// `layout[p]` is the sign at position `p`.
    layout: [Sign; 7],
    /// Position of each sign by index; `NOT_ON_MAT` for the fey sign.
    pos: [u8; 8],
}

const NOT_ON_MAT: u8 = u8::MAX;

impl Mat {
    /// A mat from the fey sign and the seven live signs in position order.
    ///
    /// # Errors
    /// When the eight signs are not all different.
    pub fn new(fey: Sign, layout: [Sign; 7]) -> Result<Mat, String> {
        let mut pos = [NOT_ON_MAT; 8];
        for (p, s) in layout.iter().enumerate() {
            if *s == fey || pos[s.index() as usize] != NOT_ON_MAT {
                return Err(format!("sign {} appears twice on the mat", s.id()));
            }
            pos[s.index() as usize] = p as u8;
        }
        Ok(Mat { fey, layout, pos })
    }

    /// The traditional mat for `fey`: the live signs in traditional order, fey skipped
    /// (variant `traditional_mat`).
    #[must_use]
    pub fn traditional(fey: Sign) -> Mat {
        let mut layout = [Sign::Flame; 7];
        for (slot, s) in layout
            .iter_mut()
            .zip(Sign::ALL.into_iter().filter(|s| *s != fey))
        {
            *slot = s;
        }
        Mat::new(fey, layout).expect("seven distinct signs")
    }

    /// The fey (wild) sign.
    #[must_use]
    pub const fn fey(&self) -> Sign {
        self.fey
    }

    /// The live signs in position order.
    #[must_use]
    pub const fn layout(&self) -> [Sign; 7] {
        self.layout
    }

    /// Circle distance 0..=3 of two live signs, `None` if either is not on the mat.
    #[must_use]
    pub fn distance(&self, a: Sign, b: Sign) -> Option<u8> {
        let (pa, pb) = (self.pos[a.index() as usize], self.pos[b.index() as usize]);
        if pa == NOT_ON_MAT || pb == NOT_ON_MAT {
            return None;
        }
        let d = (pa + 7 - pb) % 7;
        Some(d.min(7 - d))
    }

    /// Relation of a card sign to a player's sign (spec §1.4, checked in that order).
    #[must_use]
    pub fn relation(&self, player: Sign, card: Sign) -> Relation {
        if card == self.fey {
            return Relation::Fey;
        }
        if card == player {
            return Relation::Same;
        }
        match self.distance(player, card) {
            Some(1) => Relation::Harmonious,
            Some(2) => Relation::Neutral,
            Some(3) => Relation::Opposing,
            _ => Relation::Dead,
        }
    }

    /// Text form: `bone: flame star stone wave wind tree tone` (fey, then positions 0..7).
    #[must_use]
    pub fn text(&self) -> String {
        self.to_string()
    }

    /// Reads the text form of [`Mat::text`].
    ///
    /// # Errors
    /// Unknown signs, a wrong count, or a repeated sign.
    pub fn parse(text: &str) -> Result<Mat, String> {
        let (fey, rest) = text.split_once(':').ok_or("expected `fey: seven signs`")?;
        let fey =
            Sign::parse(fey.trim()).ok_or_else(|| format!("unknown sign `{}`", fey.trim()))?;
        let signs = rest
            .split_whitespace()
            .map(|t| Sign::parse(t).ok_or_else(|| format!("unknown sign `{t}`")))
            .collect::<Result<Vec<_>, _>>()?;
        let layout: [Sign; 7] = signs
            .try_into()
            .map_err(|v: Vec<Sign>| format!("expected 7 live signs, got {}", v.len()))?;
        Mat::new(fey, layout)
    }
}

impl fmt::Display for Mat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.fey.id())?;
        for s in self.layout {
            write!(f, " {}", s.id())?;
        }
        Ok(())
    }
}

impl Serialize for Mat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct MatView {
            fey: Sign,
            circle: [Sign; 7],
        }
        MatView {
            fey: self.fey,
            circle: self.layout,
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Relation::*;
    use Sign::*;

    /// MAT-A of the spec: fey Bone; Fl 0, St 1, Sn 2, Wv 3, Wi 4, Tr 5, To 6.
    fn mat_a() -> Mat {
        Mat::parse("bone: flame star stone wave wind tree tone").unwrap()
    }

    #[test]
    fn mat_a_relation_table_matches_the_spec() {
        let m = mat_a();
        assert_eq!(m, Mat::traditional(Bone));
        let rows = [Flame, Star, Stone, Wave, Wind, Tree, Tone];
        let table = [
            [
                Same, Harmonious, Neutral, Opposing, Opposing, Neutral, Harmonious,
            ],
            [
                Harmonious, Same, Harmonious, Neutral, Opposing, Opposing, Neutral,
            ],
            [
                Neutral, Harmonious, Same, Harmonious, Neutral, Opposing, Opposing,
            ],
            [
                Opposing, Neutral, Harmonious, Same, Harmonious, Neutral, Opposing,
            ],
            [
                Opposing, Opposing, Neutral, Harmonious, Same, Harmonious, Neutral,
            ],
            [
                Neutral, Opposing, Opposing, Neutral, Harmonious, Same, Harmonious,
            ],
            [
                Harmonious, Neutral, Opposing, Opposing, Neutral, Harmonious, Same,
            ],
        ];
        for (i, p) in rows.iter().enumerate() {
            for (j, c) in rows.iter().enumerate() {
                assert_eq!(m.relation(*p, *c), table[i][j], "{p} vs {c}");
            }
            assert_eq!(m.relation(*p, Bone), Fey);
        }
    }

    #[test]
    fn mat_b_distances() {
        let m = Mat::parse("wave: tree flame bone star tone wind stone").unwrap();
        assert_eq!(m.relation(Flame, Tree), Harmonious);
        assert_eq!(m.relation(Flame, Bone), Harmonious);
        assert_eq!(m.relation(Star, Flame), Neutral);
        assert_eq!(m.relation(Tone, Flame), Opposing);
    }

    #[test]
    fn bad_mats_are_rejected() {
        assert!(Mat::parse("bone: flame star stone wave wind tree").is_err());
        assert!(Mat::parse("bone: flame star stone wave wind tree bone").is_err());
        assert!(Mat::parse("bone: flame star stone wave wind tree moon").is_err());
    }
}
