//! The variant options and their resolved values.

use parlour_core::{OptionSpec, Options};

/// The variant options (spec §6.1, §7, §9, §10, §14).
pub mod options {
    use parlour_core::OptionSpec;

    /// `target_score`: the cumulative total that ends the game (spec §9, default 1000).
    pub const TARGET_SCORE: OptionSpec = OptionSpec::int(
        "target_score",
        "cumulative total that ends the game (lower it for a quick game)",
        1000,
        1,
        100_000,
    );
    /// `max_rounds`: the game ends after this many rounds whatever the totals (spec §14.1).
    pub const MAX_ROUNDS: OptionSpec = OptionSpec::int(
        "max_rounds",
        "the game ends after this many rounds, highest total wins (ties share)",
        200,
        1,
        100_000,
    );
    /// `going_out_bonus`: points for the player who goes out (spec §7, default 0 = none).
    pub const GOING_OUT_BONUS: OptionSpec = OptionSpec::int(
        "going_out_bonus",
        "points added to the player who goes out (suggested 50; 0 = no bonus)",
        0,
        0,
        10_000,
    );
    /// `crown_jewel_top_takes_single` (spec §6.1 b3).
    pub const CROWN_JEWEL_TOP_TAKES_SINGLE: OptionSpec = OptionSpec::flag(
        "crown_jewel_top_takes_single",
        "taking Crown Jewels from the top of the pile takes only that card",
    );
    /// `stock_out_reshuffle` (spec §6.1, §14.2).
    pub const STOCK_OUT_RESHUFFLE: OptionSpec = OptionSpec::flag(
        "stock_out_reshuffle",
        "once per round, an empty stock is refilled from the pile under its top card",
    );
    /// `tiebreak_extra_round` (spec §9).
    pub const TIEBREAK_EXTRA_ROUND: OptionSpec = OptionSpec::flag(
        "tiebreak_extra_round",
        "a tie for the highest total at the target is played off with further rounds",
    );
    /// `pile_top_only_visible` (spec §10).
    pub const PILE_TOP_ONLY_VISIBLE: OptionSpec = OptionSpec::flag(
        "pile_top_only_visible",
        "views show only the pile's top card and count (a display choice)",
    );
}

/// Every option, in the order `parlour games` lists them.
pub const OPTIONS: &[OptionSpec] = &[
    options::TARGET_SCORE,
    options::MAX_ROUNDS,
    options::GOING_OUT_BONUS,
    options::CROWN_JEWEL_TOP_TAKES_SINGLE,
    options::STOCK_OUT_RESHUFFLE,
    options::TIEBREAK_EXTRA_ROUND,
    options::PILE_TOP_ONLY_VISIBLE,
];

/// The resolved options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// `target_score`.
    pub target_score: i32,
    /// `max_rounds`.
    pub max_rounds: u32,
    /// `going_out_bonus`.
    pub going_out_bonus: i32,
    /// `crown_jewel_top_takes_single`.
    pub crown_jewel_top_takes_single: bool,
    /// `stock_out_reshuffle`.
    pub stock_out_reshuffle: bool,
    /// `tiebreak_extra_round`.
    pub tiebreak_extra_round: bool,
    /// `pile_top_only_visible`.
    pub pile_top_only_visible: bool,
}

impl Settings {
    /// Reads the options.
    #[must_use]
    pub fn from_options(o: &Options) -> Settings {
        let int = |id: &str| i32::try_from(o.int(id)).unwrap_or(i32::MAX);
        Settings {
            target_score: int("target_score"),
            max_rounds: u32::try_from(o.int("max_rounds")).unwrap_or(u32::MAX),
            going_out_bonus: int("going_out_bonus"),
            crown_jewel_top_takes_single: o.flag("crown_jewel_top_takes_single"),
            stock_out_reshuffle: o.flag("stock_out_reshuffle"),
            tiebreak_extra_round: o.flag("tiebreak_extra_round"),
            pile_top_only_visible: o.flag("pile_top_only_visible"),
        }
    }
}
