//! The variant options of Rebel Runs (spec §5, §8.1) and their resolved form.

use parlour_core::{OptionSpec, Options, SetupError};
use parlour_fey::{FeyRules, options as common};

use crate::scoring::ScoreRules;

/// Default of `hand_turn_limit`: turns per player after which a hand ends (§8.1).
pub const DEFAULT_HAND_TURN_LIMIT: i64 = 100;

/// Every option, with its default.
pub const OPTIONS: &[OptionSpec] = &[
    common::FIRST_PLAYER,
    common::TRADITIONAL_MAT,
    common::RESHUFFLE_PLAYER_SIGNS,
    common::NEW_FEY_EACH_HAND,
    OptionSpec::flag("no_laying_off", "forbid laying off onto melds"),
    OptionSpec::flag(
        "lay_off_on_any_meld",
        "lay off onto any player's meld; the card scores for the player who laid it off",
    ),
    OptionSpec::flag(
        "meld_before_discard",
        "turn order draw, meld, discard; a player may also go out by discarding the last card",
    ),
    OptionSpec::flag(
        "monosign_run_bonus_any_sign",
        "a run all of one sign scores 5 per card whatever the player's sign",
    ),
    OptionSpec::flag(
        "same_sign_run_bonus_additive",
        "the run bonus adds 5 per card to the normal points (own sign 4 + 5 = 9)",
    ),
    OptionSpec::flag(
        "penalty_cards_in_hand",
        "each card left in hand at the end of a hand scores -1",
    ),
    OptionSpec::int(
        "hand_turn_limit",
        "a hand ends, scored normally, after this many turns per player",
        DEFAULT_HAND_TURN_LIMIT,
        1,
        100_000,
    ),
];

/// The options of one game, resolved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The options every Deck of Fey game shares.
    pub fey: FeyRules,
    /// `no_laying_off`.
    pub no_laying_off: bool,
    /// `lay_off_on_any_meld`.
    pub lay_off_on_any_meld: bool,
    /// `meld_before_discard`.
    pub meld_before_discard: bool,
    /// `penalty_cards_in_hand`.
    pub penalty_cards_in_hand: bool,
    /// `monosign_run_bonus_any_sign` and `same_sign_run_bonus_additive`.
    pub scoring: ScoreRules,
    /// `hand_turn_limit`, turns per player.
    pub hand_turn_limit: u32,
}

impl Rules {
    /// Resolves options for a table of `players`.
    ///
    /// # Errors
    /// A fixed first player outside the table, or `no_laying_off` together with
    /// `lay_off_on_any_meld`.
    pub fn new(players: u8, options: &Options) -> Result<Rules, SetupError> {
        let fey = FeyRules::from_options(options);
        fey.check_players(players)?;
        let rules = Rules {
            fey,
            no_laying_off: options.flag("no_laying_off"),
            lay_off_on_any_meld: options.flag("lay_off_on_any_meld"),
            meld_before_discard: options.flag("meld_before_discard"),
            penalty_cards_in_hand: options.flag("penalty_cards_in_hand"),
            scoring: ScoreRules {
                monosign_any_sign: options.flag("monosign_run_bonus_any_sign"),
                additive: options.flag("same_sign_run_bonus_additive"),
            },
            hand_turn_limit: u32::try_from(options.int("hand_turn_limit"))
                .expect("the option's range is positive"),
        };
        if rules.no_laying_off && rules.lay_off_on_any_meld {
            return Err(SetupError::Invalid(
                "no_laying_off and lay_off_on_any_meld contradict each other".into(),
            ));
        }
        Ok(rules)
    }
}
