use parlour_core::{OptionSpec, Options};
use parlour_fey::{FeyRules, options as fey};

/// Option id `full_reshuffle_each_hand`.
pub const FULL_RESHUFFLE_EACH_HAND: OptionSpec = OptionSpec::flag(
    "full_reshuffle_each_hand",
    "gather and shuffle all 88 cards before every hand",
);
/// Option id `fey_trump_points_by_player_count`.
pub const FEY_TRUMP_POINTS_BY_PLAYER_COUNT: OptionSpec = OptionSpec::flag(
    "fey_trump_points_by_player_count",
    "a fey card winning a non-fey lead scores 5/4/3 for 3/4/5+ players instead of 3",
);
/// Option id `last_trick_winner_leads_next_hand`.
pub const LAST_TRICK_WINNER_LEADS_NEXT_HAND: OptionSpec = OptionSpec::flag(
    "last_trick_winner_leads_next_hand",
    "the winner of the last trick leads the next hand instead of rotating the lead",
);
/// Option id `tiebreak_most_tricks`.
pub const TIEBREAK_MOST_TRICKS: OptionSpec = OptionSpec::flag(
    "tiebreak_most_tricks",
    "a tie on score is broken by most tricks won over the game",
);

/// Every option of the game (spec §5).
pub const OPTIONS: &[OptionSpec] = &[
    fey::FIRST_PLAYER,
    fey::TRADITIONAL_MAT,
    fey::RESHUFFLE_PLAYER_SIGNS,
    fey::NEW_FEY_EACH_HAND,
    FULL_RESHUFFLE_EACH_HAND,
    FEY_TRUMP_POINTS_BY_PLAYER_COUNT,
    LAST_TRICK_WINNER_LEADS_NEXT_HAND,
    TIEBREAK_MOST_TRICKS,
];

/// The options resolved into plain values, kept in the state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Rules {
    /// The options every Deck of Fey game shares.
    pub fey: FeyRules,
    /// `full_reshuffle_each_hand`.
    pub full_reshuffle_each_hand: bool,
    /// `fey_trump_points_by_player_count`.
    pub fey_trump_points_by_player_count: bool,
    /// `last_trick_winner_leads_next_hand`.
    pub last_trick_winner_leads_next_hand: bool,
    /// `tiebreak_most_tricks`.
    pub tiebreak_most_tricks: bool,
}

impl Rules {
    /// Reads the options.
    #[must_use]
    pub fn from_options(o: &Options) -> Rules {
        Rules {
            fey: FeyRules::from_options(o),
            full_reshuffle_each_hand: o.flag(FULL_RESHUFFLE_EACH_HAND.id),
            fey_trump_points_by_player_count: o.flag(FEY_TRUMP_POINTS_BY_PLAYER_COUNT.id),
            last_trick_winner_leads_next_hand: o.flag(LAST_TRICK_WINNER_LEADS_NEXT_HAND.id),
            tiebreak_most_tricks: o.flag(TIEBREAK_MOST_TRICKS.id),
        }
    }
}
