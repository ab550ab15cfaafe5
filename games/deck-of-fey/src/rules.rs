use parlour_core::{Options, Seat, SetupError};

use crate::options;

/// The common Deck of Fey options (spec §5) resolved into plain values, kept in a game's rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FeyRules {
    /// `first_player`, `None` for random.
    pub first_player: Option<Seat>,
    /// `traditional_mat`.
    pub traditional_mat: bool,
    /// `reshuffle_player_signs_each_hand` (also on with `new_fey_each_hand`).
    pub reshuffle_player_signs: bool,
    /// `new_fey_each_hand`.
    pub new_fey_each_hand: bool,
}

impl FeyRules {
    /// Reads the common options.
    #[must_use]
    pub fn from_options(o: &Options) -> FeyRules {
        let new_fey = o.flag(options::NEW_FEY_EACH_HAND.id);
        FeyRules {
            first_player: o.seat(options::FIRST_PLAYER.id),
            traditional_mat: o.flag(options::TRADITIONAL_MAT.id),
            // D-GEN-1 / §5: a new fey implies new player signs.
            reshuffle_player_signs: new_fey || o.flag(options::RESHUFFLE_PLAYER_SIGNS.id),
            new_fey_each_hand: new_fey,
        }
    }

    /// Checks the options against the table size.
    ///
    /// # Errors
    /// A fixed `first_player` that is not a seat of a `players`-player table.
    pub fn check_players(&self, players: u8) -> Result<(), SetupError> {
        match self.first_player {
            Some(f) if f.0 >= players => Err(SetupError::Invalid(format!(
                "first_player {f} is not a seat of a {players}-player table"
            ))),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{
        FIRST_PLAYER, NEW_FEY_EACH_HAND, RESHUFFLE_PLAYER_SIGNS, TRADITIONAL_MAT,
    };
    use parlour_core::OptionSpec;

    const ALL: &[OptionSpec] = &[
        FIRST_PLAYER,
        TRADITIONAL_MAT,
        RESHUFFLE_PLAYER_SIGNS,
        NEW_FEY_EACH_HAND,
    ];

    #[test]
    fn new_fey_each_hand_implies_new_player_signs() {
        let r = FeyRules::from_options(&Options::parse_list(ALL, "new_fey_each_hand").unwrap());
        assert!(r.new_fey_each_hand && r.reshuffle_player_signs);
        let r = FeyRules::from_options(&Options::parse_list(ALL, "").unwrap());
        assert_eq!(r, FeyRules::default());
    }

    #[test]
    fn first_player_must_be_a_seat_of_the_table() {
        let r = FeyRules::from_options(&Options::parse_list(ALL, "first_player=3").unwrap());
        assert_eq!(r.first_player, Some(Seat(3)));
        assert!(r.check_players(4).is_ok());
        assert!(r.check_players(3).is_err());
    }
}
