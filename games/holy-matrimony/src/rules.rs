use parlour_core::{OptionSpec, Options};
use parlour_fey::{FeyRules, options as fey};

/// Option `church_counts_for_total_only`.
pub const CHURCH_COUNTS_FOR_TOTAL_ONLY: OptionSpec = OptionSpec::flag(
    "church_counts_for_total_only",
    "the church card adds to the total but gives no card points and no fey bonus",
);
/// Option `fey_wild_value`.
pub const FEY_WILD_VALUE: OptionSpec = OptionSpec::flag(
    "fey_wild_value",
    "each played fey card counts as any value 1..11, chosen to minimise the penalty",
);
/// Option `reshuffle_mat_each_round`.
pub const RESHUFFLE_MAT_EACH_ROUND: OptionSpec = OptionSpec::flag(
    "reshuffle_mat_each_round",
    "a new random layout of the seven live tokens every round",
);
/// Option `target_score`.
pub const TARGET_SCORE: OptionSpec = OptionSpec::int(
    "target_score",
    "the game ends after a round in which someone reaches this score",
    55,
    1,
    100_000,
);
/// Option `max_rounds`.
pub const MAX_ROUNDS: OptionSpec = OptionSpec::int(
    "max_rounds",
    "safety cap: the game ends after this many rounds (highest score wins)",
    200,
    1,
    100_000,
);
/// Option `no_negative_round_scores`.
pub const NO_NEGATIVE_ROUND_SCORES: OptionSpec = OptionSpec::flag(
    "no_negative_round_scores",
    "a negative round score is raised to 0",
);

/// Every option of the game (spec §4.1, §5).
pub const OPTIONS: &[OptionSpec] = &[
    fey::FIRST_PLAYER,
    fey::TRADITIONAL_MAT,
    fey::RESHUFFLE_PLAYER_SIGNS,
    fey::NEW_FEY_EACH_HAND,
    CHURCH_COUNTS_FOR_TOTAL_ONLY,
    FEY_WILD_VALUE,
    RESHUFFLE_MAT_EACH_ROUND,
    TARGET_SCORE,
    MAX_ROUNDS,
    NO_NEGATIVE_ROUND_SCORES,
];

/// The options resolved into plain values, kept in the state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// The options every Deck of Fey game shares.
    pub fey: FeyRules,
    /// `reshuffle_mat_each_round`.
    pub reshuffle_mat_each_round: bool,
    /// `target_score`.
    pub target_score: i32,
    /// `max_rounds`.
    pub max_rounds: u32,
    /// How rounds are scored.
    pub scoring: ScoreRules,
}

/// The options that change round scoring (spec §4.3 and its variants).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ScoreRules {
    /// `church_counts_for_total_only`.
    pub church_counts_for_total_only: bool,
    /// `fey_wild_value`.
    pub fey_wild_value: bool,
    /// `no_negative_round_scores`.
    pub no_negative_round_scores: bool,
}

impl Rules {
    /// Reads the options.
    #[must_use]
    pub fn from_options(o: &Options) -> Rules {
        Rules {
            fey: FeyRules::from_options(o),
            reshuffle_mat_each_round: o.flag(RESHUFFLE_MAT_EACH_ROUND.id),
            target_score: i32::try_from(o.int(TARGET_SCORE.id)).unwrap_or(i32::MAX),
            max_rounds: u32::try_from(o.int(MAX_ROUNDS.id)).unwrap_or(u32::MAX),
            scoring: ScoreRules {
                church_counts_for_total_only: o.flag(CHURCH_COUNTS_FOR_TOTAL_ONLY.id),
                fey_wild_value: o.flag(FEY_WILD_VALUE.id),
                no_negative_round_scores: o.flag(NO_NEGATIVE_ROUND_SCORES.id),
            },
        }
    }

    /// Whether a chance event redraws the table at the start of rounds after the first.
    #[must_use]
    pub fn table_changes_each_round(&self) -> bool {
        self.fey.reshuffle_player_signs
            || (self.reshuffle_mat_each_round && !self.fey.traditional_mat)
    }
}
