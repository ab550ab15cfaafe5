//! Options and their values in the words a player reads in the rules dialog: the id with spaces
//! for underscores, a flag as on or off, and a choice by the name its help gives it
//! (`Full Feudal Feast (full_feudal_feast)` names `full_feudal_feast`).

use parlour_core::{OptionKind, OptionSpec};

/// Option `id` in words: `monosign run bonus any sign`.
#[must_use]
pub fn option_words(id: &str) -> String {
    id.replace('_', " ")
}

/// Value `value` of option `id` in words: `on`, `Full Feudal Feast`, `50`.
#[must_use]
pub fn value_words(options: &[OptionSpec], id: &str, value: &str) -> String {
    let spec = options.iter().find(|o| o.id == id);
    if let Some(OptionKind::Flag { .. }) = spec.map(|o| o.kind) {
        match value {
            "true" | "on" | "yes" | "1" => return "on".to_owned(),
            "false" | "off" | "no" | "0" => return "off".to_owned(),
            _ => {}
        }
    }
    if let Some(name) = spec.and_then(|o| named_in_help(o.help, value)) {
        return name.to_owned();
    }
    if value.contains(char::is_whitespace) {
        // Inline data, not a name.
        return "a text of its own".to_owned();
    }
    value.replace('_', " ")
}

/// `option: value` in words, as a setting is named: `monosign run bonus any sign: on`.
#[must_use]
pub fn setting_words(options: &[OptionSpec], id: &str, value: &str) -> String {
    format!("{}: {}", option_words(id), value_words(options, id, value))
}

/// The name `help` gives `value` as `Name (value)`, if it gives one.
fn named_in_help<'a>(help: &'a str, value: &str) -> Option<&'a str> {
    let tag = format!("({value})");
    let end = help.find(&tag)?;
    let before = help[..end].trim_end();
    // The name runs back to the previous list separator.
    let start = before.rfind([',', ':', ';']).map_or(0, |i| i + 1);
    let name = before[start..].trim();
    let name = name.strip_prefix("or ").unwrap_or(name).trim();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: &[OptionSpec] = &[
        OptionSpec::flag("monosign_run_bonus_any_sign", "a run scores 5 per card"),
        OptionSpec {
            id: "arrangement",
            help: "the seating: Beginner's Banquet (beginners_banquet), Surprise Party Soirée \
                   (surprise_party_soiree), or Round Table Roast (round_table_roast), or a \
                   layout of your own",
            kind: OptionKind::Text {
                default: "beginners_banquet",
            },
        },
        OptionSpec::int("going_out_bonus", "points for going out", 0, 0, 500),
    ];

    #[test]
    fn flags_read_on_and_off_and_ids_lose_their_underscores() {
        assert_eq!(
            setting_words(OPTIONS, "monosign_run_bonus_any_sign", "true"),
            "monosign run bonus any sign: on"
        );
        assert_eq!(
            value_words(OPTIONS, "monosign_run_bonus_any_sign", "false"),
            "off"
        );
        assert_eq!(value_words(OPTIONS, "going_out_bonus", "50"), "50");
    }

    #[test]
    fn a_choice_is_called_by_the_name_its_help_gives() {
        assert_eq!(
            value_words(OPTIONS, "arrangement", "beginners_banquet"),
            "Beginner's Banquet"
        );
        assert_eq!(
            value_words(OPTIONS, "arrangement", "surprise_party_soiree"),
            "Surprise Party Soirée"
        );
        assert_eq!(
            value_words(OPTIONS, "arrangement", "round_table_roast"),
            "Round Table Roast"
        );
        // A value the help does not name keeps its own words.
        assert_eq!(value_words(OPTIONS, "arrangement", "my_hall"), "my hall");
        assert_eq!(
            value_words(OPTIONS, "arrangement", "A B\nC D"),
            "a text of its own"
        );
        // An option the game does not list still reads as words.
        assert_eq!(value_words(OPTIONS, "unknown", "x_y"), "x y");
    }
}
