//! Variant options (spec §10) and the rules they select.

use parlour_core::{OptionSpec, Options};

/// Default for `turn_limit` (spec §12.1: on by default at 400 completed turns).
pub const DEFAULT_TURN_LIMIT: i64 = 400;

/// Every variant option of the game, with its default.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec::flag(
        "two_player",
        "allow 2 players; the first Player is then chosen by lot",
    ),
    OptionSpec::flag(
        "first_player_random",
        "choose the first Player by lot instead of the pointing vote",
    ),
    OptionSpec::flag(
        "elder_sign_reshuffles",
        "a Yellow Sign cancelled by an Elder Sign is shuffled back into the deck",
    ),
    OptionSpec::flag(
        "interrupted_316_reshuffles",
        "after a Line 315 interrupt, Line 316 is shuffled into the deck instead of going back",
    ),
    OptionSpec::flag(
        "tiebreak_total_length",
        "among tied top scores, the longest Sequence wins",
    ),
    OptionSpec::flag(
        "deck_out_immediate_end",
        "the game ends when the turn that drew the last card is over (no final round)",
    ),
    OptionSpec::int(
        "turn_limit",
        "completed turns after which the game ends and is scored (0 = no limit)",
        DEFAULT_TURN_LIMIT,
        0,
        1_000_000,
    ),
    OptionSpec::data(
        "lines",
        "the Line card list: standard (the designed one), or a list of your own in its format",
        crate::lines::STANDARD_NAME,
    ),
];

/// The rules selected by the options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// `two_player`: two players allowed (first Player by lot).
    pub two_player: bool,
    /// `first_player_random`: first Player by lot instead of the vote.
    pub first_player_random: bool,
    /// `elder_sign_reshuffles`: the cancelled Yellow Sign goes back into the deck.
    pub elder_sign_reshuffles: bool,
    /// `interrupted_316_reshuffles`: an interrupted Line 316 is shuffled into the deck.
    pub interrupted_316_reshuffles: bool,
    /// `tiebreak_total_length`: longest Sequence breaks a tie for the top score.
    pub tiebreak_total_length: bool,
    /// `deck_out_immediate_end`: no final round after the deck runs out.
    pub deck_out_immediate_end: bool,
    /// `turn_limit`: completed turns that end the game (0 = none).
    pub turn_limit: u32,
}

impl Rules {
    /// The rules chosen by `options` (declared by [`OPTIONS`]).
    #[must_use]
    pub fn from_options(options: &Options) -> Rules {
        Rules {
            two_player: options.flag("two_player"),
            first_player_random: options.flag("first_player_random"),
            elder_sign_reshuffles: options.flag("elder_sign_reshuffles"),
            interrupted_316_reshuffles: options.flag("interrupted_316_reshuffles"),
            tiebreak_total_length: options.flag("tiebreak_total_length"),
            deck_out_immediate_end: options.flag("deck_out_immediate_end"),
            turn_limit: u32::try_from(options.int("turn_limit")).unwrap_or(u32::MAX),
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_options(&Options::defaults(OPTIONS))
    }
}
