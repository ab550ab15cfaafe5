//! The variant options (spec §11) resolved into plain flags.

use parlour_core::{OptionSpec, Options};

/// Every variant option of the spec, with the spec's defaults.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec::flag(
        "five_terrors",
        "play without the designed Fatal Possession (80 cards)",
    ),
    OptionSpec::flag(
        "fatal_possession_distinct",
        "Fatal Possession is its own kind, summoned only by Locked Box and Ancient Manuscript",
    ),
    OptionSpec::flag(
        "one_card_per_line_all_phases",
        "the one-card-per-line limit holds in every window, not only in phase 1",
    ),
    OptionSpec::flag(
        "own_line_phase_active_only",
        "only the active player gets a phase-3 own-line window",
    ),
    OptionSpec::flag(
        "removal_any_own_line",
        "Tarot Card and Examine Focus may remove a Focus on any of the owner's lines",
    ),
    OptionSpec::flag(
        "test_draw_to_hand",
        "a test-drawn card joins the hand and the drawer then discards one",
    ),
    OptionSpec::flag(
        "forfeit_taken_card_discarded",
        "the card taken in a forfeit is discarded instead of kept",
    ),
    OptionSpec::flag(
        "refill_replace_used_only",
        "phase 5 replaces only the cards the active player used this turn",
    ),
    OptionSpec::flag(
        "phase4_discard_optional",
        "the phase-4 discard may be skipped",
    ),
    OptionSpec::flag(
        "smallest_line_includes_empty",
        "unstarted lines count when finding a player's smallest or largest line",
    ),
    OptionSpec::flag(
        "hidden_compartment_tie_loser_gives",
        "in Hidden Compartment's tie draw the last card alphabetically gives",
    ),
    OptionSpec::flag(
        "hallucination_terror_also_advantage",
        "a Hidden Terror drawn for Hallucination gives the Lap of the Gods and an advantage",
    ),
    OptionSpec::flag(
        "coach_victim_random_acquaintance",
        "Coach and Horses takes a random Acquaintance instead of the victim's choice",
    ),
    OptionSpec::flag(
        "attacked_replace_top_discard",
        "the Attacked! donor takes the top card of the discard pile",
    ),
    OptionSpec::flag(
        "chance_find_this_line_only",
        "Chance Find removes only a Focus on the line it is played on",
    ),
    OptionSpec::flag(
        "tiebreak_short_game",
        "players tied for the lowest score play a short game among themselves to break the tie",
    ),
    OptionSpec::flag(
        "short_game",
        "tournament game: hands of 9, one complete line loses",
    ),
    OptionSpec::flag(
        "short_game_single_line",
        "each player has one line slot only",
    ),
    OptionSpec::int(
        "round_limit",
        "stop after this many rounds of turn slots and score everyone (0 = no limit)",
        30,
        0,
        10_000,
    ),
    OptionSpec::flag(
        "personal_support_own_lines_only",
        "Actions and Acquaintances only on one's own lines (except the curse modes)",
    ),
    OptionSpec::data(
        "cards",
        "the card table: standard (the shipped one), or a table of your own in its format",
        crate::cards::STANDARD_NAME,
    ),
];

/// The resolved options as flags, cheap to copy and consult.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[allow(clippy::struct_excessive_bools)]
pub struct Rules {
    /// `five_terrors`.
    pub five_terrors: bool,
    /// `fatal_possession_distinct`.
    pub fatal_possession_distinct: bool,
    /// `one_card_per_line_all_phases`.
    pub one_card_per_line_all_phases: bool,
    /// `own_line_phase_active_only`.
    pub own_line_phase_active_only: bool,
    /// `removal_any_own_line`.
    pub removal_any_own_line: bool,
    /// `test_draw_to_hand`.
    pub test_draw_to_hand: bool,
    /// `forfeit_taken_card_discarded`.
    pub forfeit_taken_card_discarded: bool,
    /// `refill_replace_used_only`.
    pub refill_replace_used_only: bool,
    /// `phase4_discard_optional`.
    pub phase4_discard_optional: bool,
    /// `smallest_line_includes_empty`.
    pub smallest_line_includes_empty: bool,
    /// `hidden_compartment_tie_loser_gives`.
    pub hidden_compartment_tie_loser_gives: bool,
    /// `hallucination_terror_also_advantage`.
    pub hallucination_terror_also_advantage: bool,
    /// `coach_victim_random_acquaintance`.
    pub coach_victim_random_acquaintance: bool,
    /// `attacked_replace_top_discard`.
    pub attacked_replace_top_discard: bool,
    /// `chance_find_this_line_only`.
    pub chance_find_this_line_only: bool,
    /// `tiebreak_short_game`: a tie for the lowest score is played off in a short game among
    /// the tied players (§6), inside the same state.
    pub tiebreak_short_game: bool,
    /// `short_game`.
    pub short_game: bool,
    /// `short_game_single_line`.
    pub short_game_single_line: bool,
    /// `round_limit` (0 = off).
    pub round_limit: u32,
    /// `personal_support_own_lines_only`.
    pub personal_support_own_lines_only: bool,
}

impl Rules {
    /// Reads the flags from resolved options.
    #[must_use]
    pub fn from_options(o: &Options) -> Rules {
        Rules {
            five_terrors: o.flag("five_terrors"),
            fatal_possession_distinct: o.flag("fatal_possession_distinct"),
            one_card_per_line_all_phases: o.flag("one_card_per_line_all_phases"),
            own_line_phase_active_only: o.flag("own_line_phase_active_only"),
            removal_any_own_line: o.flag("removal_any_own_line"),
            test_draw_to_hand: o.flag("test_draw_to_hand"),
            forfeit_taken_card_discarded: o.flag("forfeit_taken_card_discarded"),
            refill_replace_used_only: o.flag("refill_replace_used_only"),
            phase4_discard_optional: o.flag("phase4_discard_optional"),
            smallest_line_includes_empty: o.flag("smallest_line_includes_empty"),
            hidden_compartment_tie_loser_gives: o.flag("hidden_compartment_tie_loser_gives"),
            hallucination_terror_also_advantage: o.flag("hallucination_terror_also_advantage"),
            coach_victim_random_acquaintance: o.flag("coach_victim_random_acquaintance"),
            attacked_replace_top_discard: o.flag("attacked_replace_top_discard"),
            chance_find_this_line_only: o.flag("chance_find_this_line_only"),
            tiebreak_short_game: o.flag("tiebreak_short_game"),
            short_game: o.flag("short_game"),
            short_game_single_line: o.flag("short_game_single_line"),
            round_limit: u32::try_from(o.int("round_limit")).unwrap_or(0),
            personal_support_own_lines_only: o.flag("personal_support_own_lines_only"),
        }
    }

    /// Hand size `H`: 9 in the short game, else 7.
    #[must_use]
    pub const fn hand_size(&self) -> u8 {
        if self.short_game { 9 } else { 7 }
    }

    /// Line slots per player.
    #[must_use]
    pub const fn slots(&self) -> u8 {
        if self.short_game_single_line { 1 } else { 3 }
    }

    /// Complete lines that end the game (and lose it).
    #[must_use]
    pub const fn losing_lines(&self) -> u8 {
        let n = if self.short_game { 1 } else { 3 };
        if n < self.slots() { n } else { self.slots() }
    }
}
