//! Text notation of actions and chance outcomes.

use parlour_cards::CardSet;
use parlour_core::ParseError;
use parlour_fey::{Card, Draw, TableSetup, layout_text, parse_cards, parse_layout};

use crate::Action;
use crate::chance::{Chance, Due};

/// Reads `commit star-8 tone-7` or `commit none`.
///
/// # Errors
/// Anything else, or a card named twice.
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
    let t = text.trim();
    let rest = t
        .strip_prefix("commit")
        .ok_or_else(|| ParseError::new(text, "expected `commit <cards>` or `commit none`"))?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return Err(ParseError::new(
            text,
            "expected `commit <cards>` or `commit none`",
        ));
    }
    let rest = rest.trim();
    if rest == "none" {
        return Ok(Action::Commit(CardSet::EMPTY));
    }
    if rest.is_empty() {
        return Err(ParseError::new(
            text,
            "write `commit none` to commit no card",
        ));
    }
    let mut set = CardSet::EMPTY;
    for id in parse_cards(rest)? {
        if set.contains(id) {
            return Err(ParseError::new(text, "a card is named twice"));
        }
        set.insert(id);
    }
    Ok(Action::Commit(set))
}

/// The text of a chance outcome.
#[must_use]
pub fn chance_text(chance: &Chance) -> String {
    match chance {
        Chance::Table(t) => t.text(),
        Chance::Layout(m) => layout_text(m),
        Chance::Deal(d) => format!("deal {d}"),
        Chance::Church(c) => format!("church {c}"),
        Chance::Refill(d) => format!("refill {d}"),
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
        Due::Church => {
            let c = words("church")?;
            Card::parse(c)
                .map(Chance::Church)
                .ok_or_else(|| ParseError::new(text, "expected `church <card id>`"))
        }
        Due::Refill(_) => Draw::parse(words("refill")?).map(Chance::Refill),
        Due::Reshuffle(_) => Draw::parse(words("reshuffle")?).map(Chance::Reshuffle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commits_read_back() {
        for t in ["commit none", "commit star-8 tone-7"] {
            assert_eq!(parse_action(t).unwrap().to_string(), t);
        }
        assert_eq!(
            parse_action("commit tone-7 star-8").unwrap().to_string(),
            "commit star-8 tone-7"
        );
        assert!(parse_action("commit").is_err());
        assert!(parse_action("commit star-8 star-8").is_err());
        assert!(parse_action("commitstar-8").is_err());
        assert!(parse_action("play star-8").is_err());
    }

    #[test]
    fn chance_texts_read_back() {
        for (due, text) in [
            (Due::Church, "church flame-6"),
            (Due::Refill(2), "refill flame-6 star-3"),
            (Due::Reshuffle(1), "reshuffle wave-2"),
            (Due::Deal(1), "deal wave-2"),
            (
                Due::Layout,
                "mat bone: tree flame star tone wind stone wave",
            ),
        ] {
            assert_eq!(chance_text(&parse_chance(due, text).unwrap()), text);
        }
        assert!(parse_chance(Due::Church, "church").is_err());
    }
}
