use parlour_core::{BySeat, GameRng, MAX_SEATS, Seat};

use crate::{FeyRules, FirstPlayer, Mat, Relation, Sign, TableSetup, sample_layout};

/// The table of a Deck of Fey game (spec §1.6, D-GEN-1): the mat, with the fey sign in its
/// centre, and each seat's sign. Its chance events are the opening setup, a new table between
/// hands ([`TableSetup`] outcomes) and a new layout of the live tokens (a [`Mat`] outcome, text
/// by [`crate::layout_text`] and [`crate::parse_layout`]).
///
/// Before the opening setup it holds placeholders (the traditional mat of Bone); the view
/// accessors show nothing until then.
///
/// ```
/// use parlour_core::{Seat, rng_from_seed};
/// use parlour_fey::{FeyRules, FeyTable, Relation};
///
/// let rules = FeyRules::default();
/// let mut table = FeyTable::new(4);
/// let mut rng = rng_from_seed(1);
/// let setup = table.sample_opening(&rules, &mut rng);
/// table.check_opening(&rules, &setup).unwrap();
/// table.apply(&setup);
/// assert_eq!(table.view_signs().len(), 4);
/// assert_eq!(table.relation(Seat(0), table.sign(Seat(0))), Relation::Same);
/// // Between hands: same fey and signs, the live tokens laid out anew.
/// let next = table.sample_next(&rules, true, &mut rng);
/// assert_eq!(next.mat.fey(), table.fey());
/// assert!(table.check_next(&rules, true, &next).is_ok());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FeyTable {
    players: u8,
    set: bool,
    mat: Mat,
    signs: BySeat<Sign>,
}

impl FeyTable {
    /// The table of a `players`-player game, before its opening setup.
    ///
    /// # Panics
    /// With more than seven players (debug builds; the games check the count first).
    #[must_use]
    pub fn new(players: u8) -> FeyTable {
        debug_assert!(usize::from(players) <= MAX_SEATS, "at most seven seats");
        FeyTable {
            players,
            set: false,
            mat: Mat::traditional(Sign::Bone),
            signs: BySeat::splat(Sign::Flame),
        }
    }

    /// The number of seats.
    #[must_use]
    pub const fn players(&self) -> u8 {
        self.players
    }

    /// Whether the opening setup has been applied.
    #[must_use]
    pub const fn is_set(&self) -> bool {
        self.set
    }

    /// The mat of the current hand (a placeholder before the opening setup).
    #[must_use]
    pub const fn mat(&self) -> &Mat {
        &self.mat
    }

    /// The fey sign (a placeholder before the opening setup).
    #[must_use]
    pub const fn fey(&self) -> Sign {
        self.mat.fey()
    }

    /// The sign of `seat`.
    ///
    /// # Panics
    /// If `seat` is not a seat of this table.
    #[must_use]
    pub fn sign(&self, seat: Seat) -> Sign {
        self.signs[seat]
    }

    /// Each seat's sign, by seat (placeholders before the opening setup).
    #[must_use]
    pub fn signs(&self) -> &[Sign] {
        self.signs.seats(self.players)
    }

    /// How a card of sign `card` stands to `seat`'s sign on the mat (spec §1.4).
    ///
    /// # Panics
    /// If `seat` is not a seat of this table.
    #[must_use]
    pub fn relation(&self, seat: Seat, card: Sign) -> Relation {
        self.mat.relation(self.sign(seat), card)
    }

    /// The mat as a view shows it: `None` before the opening setup.
    #[must_use]
    pub fn view_mat(&self) -> Option<Mat> {
        self.set.then_some(self.mat)
    }

    /// The signs as a view shows them: none before the opening setup.
    #[must_use]
    pub fn view_signs(&self) -> Vec<Sign> {
        if self.set {
            self.signs().to_vec()
        } else {
            Vec::new()
        }
    }

    /// Draws the opening setup, with the first player unless `first_player` fixes it.
    pub fn sample_opening(&self, rules: &FeyRules, rng: &mut GameRng) -> TableSetup {
        TableSetup::sample(
            self.players,
            rules.traditional_mat,
            FirstPlayer::from_option(rules.first_player),
            rng,
        )
    }

    /// Draws the table of a later hand: a new fey and new signs under `new_fey_each_hand`;
    /// otherwise the same fey, the live tokens laid out anew when `relayout` and the mat is not
    /// traditional, and new signs under `reshuffle_player_signs_each_hand`.
    pub fn sample_next(&self, rules: &FeyRules, relayout: bool, rng: &mut GameRng) -> TableSetup {
        let traditional = rules.traditional_mat;
        if rules.new_fey_each_hand {
            return TableSetup::sample(self.players, traditional, FirstPlayer::None, rng);
        }
        let fey = self.fey();
        let mat = if traditional {
            Mat::traditional(fey)
        } else if relayout {
            sample_layout(fey, rng)
        } else {
            self.mat
        };
        let signs = if rules.reshuffle_player_signs {
            TableSetup::sample_signs(self.players, fey, rng)
        } else {
            self.signs().to_vec()
        };
        TableSetup {
            mat,
            signs,
            first: None,
        }
    }

    /// Draws a new layout of the seven live tokens around the same fey sign.
    pub fn sample_layout(&self, rng: &mut GameRng) -> Mat {
        sample_layout(self.fey(), rng)
    }

    /// Checks a stated opening setup.
    ///
    /// # Errors
    /// The reasons of [`TableSetup::validate`].
    pub fn check_opening(&self, rules: &FeyRules, setup: &TableSetup) -> Result<(), String> {
        setup.validate(
            self.players,
            rules.traditional_mat,
            FirstPlayer::from_option(rules.first_player),
        )
    }

    /// Checks a stated table for a later hand (see [`FeyTable::sample_next`]).
    ///
    /// # Errors
    /// The reasons of [`TableSetup::validate`]; a new fey sign without `new_fey_each_hand`
    /// (D-GEN-1); a new mat when not `relayout`; new signs without
    /// `reshuffle_player_signs_each_hand`.
    pub fn check_next(
        &self,
        rules: &FeyRules,
        relayout: bool,
        setup: &TableSetup,
    ) -> Result<(), String> {
        setup.validate(self.players, rules.traditional_mat, FirstPlayer::None)?;
        if !rules.new_fey_each_hand {
            self.check_fey(&setup.mat)?;
            if !relayout && setup.mat != self.mat {
                return Err("the mat stays as it is (D-HM-6)".into());
            }
        }
        if !rules.reshuffle_player_signs && setup.signs[..] != *self.signs() {
            return Err("the players' signs stay the same for the whole game".into());
        }
        Ok(())
    }

    /// Checks a stated new layout.
    ///
    /// # Errors
    /// A layout around another fey sign (D-GEN-1).
    pub fn check_layout(&self, mat: &Mat) -> Result<(), String> {
        self.check_fey(mat)
    }

    fn check_fey(&self, mat: &Mat) -> Result<(), String> {
        if mat.fey() == self.fey() {
            Ok(())
        } else {
            Err(format!(
                "the fey sign stays {} for the game",
                self.fey().id()
            ))
        }
    }

    /// Lays out a checked setup: its mat and signs (the first player is the game's to keep).
    pub fn apply(&mut self, setup: &TableSetup) {
        self.mat = setup.mat;
        for (slot, s) in self.signs.iter_mut().zip(&setup.signs) {
            *slot = *s;
        }
        self.set = true;
    }

    /// Lays out a checked new layout.
    pub fn apply_layout(&mut self, mat: Mat) {
        self.mat = mat;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{
        FIRST_PLAYER, NEW_FEY_EACH_HAND, RESHUFFLE_PLAYER_SIGNS, TRADITIONAL_MAT,
    };
    use parlour_core::{OptionSpec, Options, rng_from_seed};

    const ALL: &[OptionSpec] = &[
        FIRST_PLAYER,
        TRADITIONAL_MAT,
        RESHUFFLE_PLAYER_SIGNS,
        NEW_FEY_EACH_HAND,
    ];

    fn rules(list: &str) -> FeyRules {
        FeyRules::from_options(&Options::parse_list(ALL, list).unwrap())
    }

    fn opened(list: &str, seed: u64) -> (FeyRules, FeyTable) {
        let r = rules(list);
        let mut t = FeyTable::new(4);
        let s = t.sample_opening(&r, &mut rng_from_seed(seed));
        t.check_opening(&r, &s).unwrap();
        t.apply(&s);
        (r, t)
    }

    #[test]
    fn views_show_nothing_before_the_opening_setup() {
        let t = FeyTable::new(3);
        assert!(!t.is_set());
        assert_eq!(t.view_mat(), None);
        assert!(t.view_signs().is_empty());
        assert_eq!(t.signs().len(), 3);
        let (_, t) = opened("", 1);
        assert_eq!(t.view_mat(), Some(*t.mat()));
        assert_eq!(t.view_signs(), t.signs());
        assert_eq!(t.relation(Seat(2), t.sign(Seat(2))), crate::Relation::Same);
    }

    #[test]
    fn opening_draws_what_the_table_setup_draws() {
        let r = rules("first_player=2");
        let a = FeyTable::new(4).sample_opening(&r, &mut rng_from_seed(9));
        let b = TableSetup::sample(4, false, FirstPlayer::Fixed(Seat(2)), &mut rng_from_seed(9));
        assert_eq!(a, b);
        assert_eq!(a.first, Some(Seat(2)));
    }

    #[test]
    fn next_table_keeps_fey_and_signs_by_default() {
        for seed in 0..20 {
            let (r, t) = opened("", seed);
            let next = t.sample_next(&r, true, &mut rng_from_seed(seed + 100));
            assert_eq!(next.mat.fey(), t.fey());
            assert_eq!(next.signs, t.signs());
            assert_eq!(next.first, None);
            assert!(t.check_next(&r, true, &next).is_ok());
            let kept = t.sample_next(&r, false, &mut rng_from_seed(seed));
            assert_eq!(kept.mat, *t.mat());
        }
    }

    #[test]
    fn next_table_under_new_fey_may_change_everything() {
        let (r, t) = opened("new_fey_each_hand", 4);
        let feys: std::collections::BTreeSet<Sign> = (0..40)
            .map(|seed| {
                let s = t.sample_next(&r, false, &mut rng_from_seed(seed));
                assert!(t.check_next(&r, false, &s).is_ok());
                s.mat.fey()
            })
            .collect();
        assert!(feys.len() > 1);
    }

    #[test]
    fn next_table_rejects_what_the_options_keep() {
        let (r, t) = opened("", 5);
        let mut other_fey = t.sample_next(&r, true, &mut rng_from_seed(6));
        let fey = Sign::ALL
            .into_iter()
            .find(|s| *s != t.fey() && !t.signs().contains(s))
            .unwrap();
        other_fey.mat = Mat::traditional(fey);
        assert!(t.check_next(&r, true, &other_fey).is_err());
        let relaid = TableSetup {
            mat: t.sample_layout(&mut rng_from_seed(7)),
            signs: t.signs().to_vec(),
            first: None,
        };
        assert!(t.check_next(&r, true, &relaid).is_ok());
        assert_eq!(
            t.check_next(&r, false, &relaid).unwrap_err(),
            "the mat stays as it is (D-HM-6)"
        );
        let mut resigned = relaid.clone();
        resigned.signs.rotate_left(1);
        assert!(t.check_next(&r, true, &resigned).is_err());
        let (r, t) = opened("reshuffle_player_signs_each_hand", 5);
        let mut resigned = t.sample_next(&r, true, &mut rng_from_seed(8));
        resigned.signs = t.signs().to_vec();
        resigned.signs.rotate_left(1);
        assert!(t.check_next(&r, true, &resigned).is_ok());
    }

    #[test]
    fn traditional_mat_stays_traditional() {
        let (r, t) = opened("traditional_mat,reshuffle_player_signs_each_hand", 3);
        assert_eq!(*t.mat(), Mat::traditional(t.fey()));
        let next = t.sample_next(&r, true, &mut rng_from_seed(3));
        assert_eq!(next.mat, *t.mat());
        assert_ne!(next.signs, t.signs(), "seed 3 deals new signs");
    }

    #[test]
    fn layouts_keep_the_fey_sign() {
        let (_, mut t) = opened("", 2);
        let m = t.sample_layout(&mut rng_from_seed(11));
        assert_eq!(m, sample_layout(t.fey(), &mut rng_from_seed(11)));
        assert!(t.check_layout(&m).is_ok());
        let fey = Sign::ALL.into_iter().find(|s| *s != t.fey()).unwrap();
        assert!(t.check_layout(&Mat::traditional(fey)).is_err());
        t.apply_layout(m);
        assert_eq!(*t.mat(), m);
    }
}
