//! Text notation of actions and chance outcomes.

use parlour_core::ParseError;
use parlour_fey::{Card, Draw, TableSetup, layout_text, parse_layout};

use crate::Action;
use crate::chance::{Chance, Due};

/// Reads `play flame-6`.
///
/// # Errors
/// Anything else.
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
    let t = text.trim();
    let card = t
        .strip_prefix("play ")
        .ok_or_else(|| ParseError::new(text, "expected `play <card>`"))?;
    Card::parse(card)
        .map(Action::Play)
        .ok_or_else(|| ParseError::new(text, format!("`{}` is not a card id", card.trim())))
}

/// The text of a chance outcome.
#[must_use]
pub fn chance_text(chance: &Chance) -> String {
    match chance {
        Chance::Table(t) => t.text(),
        Chance::Layout(m) => layout_text(m),
        Chance::Deal(d) => format!("deal {d}"),
        Chance::Reshuffle(d) => format!("reshuffle {d}"),
    }
}

pub(crate) fn parse_chance(due: Due, text: &str) -> Result<Chance, ParseError> {
    let t = text.trim();
    let words = |prefix: &str| -> Result<&str, ParseError> {
        if t == prefix {
            return Ok("");
        }
        t.strip_prefix(prefix)
            .and_then(|r| r.strip_prefix(' '))
            .ok_or_else(|| ParseError::new(text, format!("expected `{prefix} <card ids>`")))
    };
    match due {
        Due::Opening | Due::NewSigns => TableSetup::parse(t).map(Chance::Table),
        Due::Layout => parse_layout(text).map(Chance::Layout),
        Due::Deal(_) => Draw::parse(words("deal")?).map(Chance::Deal),
        Due::Reshuffle(_) => Draw::parse(words("reshuffle")?).map(Chance::Reshuffle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back() {
        let a = parse_action("play flame-6").unwrap();
        assert_eq!(a.to_string(), "play flame-6");
        assert!(parse_action("play flame-12").is_err());
        assert!(parse_action("lead flame-6").is_err());
    }

    #[test]
    fn chance_texts_read_back() {
        for (due, text) in [
            (
                Due::Layout,
                "mat bone: tree flame star tone wind stone wave",
            ),
            (Due::Deal(2), "deal flame-6 star-3"),
            (Due::Reshuffle(1), "reshuffle wave-2"),
            (
                Due::Opening,
                "mat bone: flame star stone wave wind tree tone; signs star wave tone; first 2",
            ),
        ] {
            let c = parse_chance(due, text).unwrap();
            assert_eq!(chance_text(&c), text);
        }
        assert!(parse_chance(Due::Deal(1), "reshuffle wave-2").is_err());
    }
}
