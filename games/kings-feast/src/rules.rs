//! The game's options: the arrangement, the turn limit, and every variant of spec §13.

use parlour_core::{OptionKind, OptionSpec, Options};

/// Default of the `max_turns` option.
pub const DEFAULT_MAX_TURNS: i64 = 100;

/// Every option of the game, with its default.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        id: "arrangement",
        help: "the seating: Beginner's Banquet (beginners_banquet), Full Feudal Feast (full_feudal_feast), Surprise Party Soirée (surprise_party_soiree), Round Table Roast (round_table_roast), or a layout of your own",
        kind: OptionKind::Text {
            default: "beginners_banquet",
        },
    },
    OptionSpec::int(
        "max_turns",
        "the game ends, scored as if you ended it, after this many turns",
        DEFAULT_MAX_TURNS,
        1,
        10_000,
    ),
    OptionSpec::flag(
        "adjacent_includes_diagonal",
        "cards diagonally next to each other count as neighbours too",
    ),
    OptionSpec::flag(
        "ring_wraps",
        "on a ring of seats, left, right and rows go round the ring clockwise",
    ),
    OptionSpec::flag(
        "rows_skip_holes",
        "rows and columns skip empty places (for left and right, the Guard and the Queen)",
    ),
    OptionSpec::flag(
        "activate_face_down",
        "a face-down card may be activated, unseen",
    ),
    OptionSpec::flag(
        "setup_reveals_trigger",
        "cards dealt face up react as if revealed, row by row",
    ),
    OptionSpec::flag(
        "flip_targets_by_position",
        "the King's, Queen's and Princess's flips hit the seats they started on, not the cards",
    ),
    OptionSpec::flag(
        "own_reaction_first",
        "a revealed card reacts before the Diplomat swaps with it",
    ),
    OptionSpec::flag(
        "diplomat_reacts_face_down",
        "the Diplomat swaps even while face down",
    ),
    OptionSpec::flag(
        "merchant_any_facing",
        "the Merchant may choose a face-down card",
    ),
    OptionSpec::flag(
        "merchant_next_above_self",
        "the Merchant swaps with the next face-up card above the Merchant's own value",
    ),
    OptionSpec::flag("queen_may_stay", "the Queen may stay where she is"),
    OptionSpec::flag(
        "may_decline_fatal",
        "a choice whose every option would hit the known Assassin may be declined",
    ),
    OptionSpec::flag(
        "jester_needs_both_neighbours",
        "the Jester does nothing without both a left and a right neighbour",
    ),
    OptionSpec::flag("vizier_excludes_self", "the Vizier may not move itself"),
    OptionSpec::flag(
        "end_before_first_turn",
        "the game may be ended before the first turn",
    ),
    OptionSpec::flag(
        "forgetful_player",
        "you remember nothing: you know only the face-up cards",
    ),
    OptionSpec::flag(
        "reaction_once_per_turn",
        "each card reacts at most once per turn",
    ),
];

/// The resolved rule switches (everything but the arrangement).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
#[allow(clippy::struct_excessive_bools)]
pub struct Rules {
    /// Turn limit.
    pub max_turns: u32,
    /// D2 variant.
    pub adjacent_includes_diagonal: bool,
    /// D3 variant.
    pub ring_wraps: bool,
    /// D4 variant.
    pub rows_skip_holes: bool,
    /// D5 variant.
    pub activate_face_down: bool,
    /// D7 variant.
    pub setup_reveals_trigger: bool,
    /// D8 variant.
    pub flip_targets_by_position: bool,
    /// D9 variant.
    pub own_reaction_first: bool,
    /// D10 variant.
    pub diplomat_reacts_face_down: bool,
    /// D11 variant (facing).
    pub merchant_any_facing: bool,
    /// D11 variant (reference value).
    pub merchant_next_above_self: bool,
    /// D14 variant.
    pub queen_may_stay: bool,
    /// D18 variant.
    pub may_decline_fatal: bool,
    /// D19 variant.
    pub jester_needs_both_neighbours: bool,
    /// D24 variant.
    pub vizier_excludes_self: bool,
    /// D25 variant.
    pub end_before_first_turn: bool,
    /// D28 variant.
    pub forgetful_player: bool,
    /// D30 variant.
    pub reaction_once_per_turn: bool,
}

impl Rules {
    /// The switches set in `options`.
    #[must_use]
    pub fn from_options(o: &Options) -> Self {
        Rules {
            max_turns: u32::try_from(o.int("max_turns")).unwrap_or(u32::MAX),
            adjacent_includes_diagonal: o.flag("adjacent_includes_diagonal"),
            ring_wraps: o.flag("ring_wraps"),
            rows_skip_holes: o.flag("rows_skip_holes"),
            activate_face_down: o.flag("activate_face_down"),
            setup_reveals_trigger: o.flag("setup_reveals_trigger"),
            flip_targets_by_position: o.flag("flip_targets_by_position"),
            own_reaction_first: o.flag("own_reaction_first"),
            diplomat_reacts_face_down: o.flag("diplomat_reacts_face_down"),
            merchant_any_facing: o.flag("merchant_any_facing"),
            merchant_next_above_self: o.flag("merchant_next_above_self"),
            queen_may_stay: o.flag("queen_may_stay"),
            may_decline_fatal: o.flag("may_decline_fatal"),
            jester_needs_both_neighbours: o.flag("jester_needs_both_neighbours"),
            vizier_excludes_self: o.flag("vizier_excludes_self"),
            end_before_first_turn: o.flag("end_before_first_turn"),
            forgetful_player: o.flag("forgetful_player"),
            reaction_once_per_turn: o.flag("reaction_once_per_turn"),
        }
    }
}
