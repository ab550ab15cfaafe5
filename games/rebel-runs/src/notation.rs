//! Action notation: `draw stock`, `draw discard`, `discard flame-6`,
//! `meld flame-3 flame-4 flame-5 bone-2 run 3`, `meld flame-5 wave-5 tone-5 set 5`,
//! `layoff stone-5 on 0`, `layoff bone-11 on 1 high`, `end`.

use parlour_cards::CardSet;
use parlour_core::ParseError;
use parlour_fey::{Card, cards_text};

use crate::Action;
use crate::meld::{End, MeldKind};

/// The notation of `action`. Meld cards are listed in card-id order.
#[must_use]
pub fn action_text(action: Action) -> String {
    match action {
        Action::DrawStock => "draw stock".into(),
        Action::DrawDiscard => "draw discard".into(),
        Action::Discard(c) => format!("discard {c}"),
        Action::Meld { cards, kind } => format!("meld {} {kind}", cards_text(cards)),
        Action::LayOff { card, meld, end } => match end {
            None => format!("layoff {card} on {meld}"),
            Some(e) => format!("layoff {card} on {meld} {}", e.word()),
        },
        Action::EndTurn => "end".into(),
    }
}

/// Reads an action in notation (case-insensitive, any spacing; meld cards in any order).
///
/// # Errors
/// Text that is not an action of Rebel Runs.
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
    let err = |reason: &str| ParseError::new(text, reason);
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let card = |w: &str| Card::parse(w).ok_or_else(|| err(&format!("`{w}` is not a card id")));
    let number = |w: &str| {
        w.parse::<u8>()
            .map_err(|_| err(&format!("`{w}` is not a number")))
    };
    match words.as_slice() {
        ["draw", "stock"] => Ok(Action::DrawStock),
        ["draw", "discard"] => Ok(Action::DrawDiscard),
        ["discard", c] => Ok(Action::Discard(card(c)?)),
        ["end"] => Ok(Action::EndTurn),
        ["layoff", c, "on", m] => Ok(Action::LayOff {
            card: card(c)?,
            meld: number(m)?,
            end: None,
        }),
        ["layoff", c, "on", m, e] => {
            let end = match *e {
                "low" => End::Low,
                "high" => End::High,
                _ => return Err(err("the end of a run is `low` or `high`")),
            };
            Ok(Action::LayOff {
                card: card(c)?,
                meld: number(m)?,
                end: Some(end),
            })
        }
        ["meld", rest @ .., kind, n] if !rest.is_empty() => {
            let n = number(n)?;
            let kind = match *kind {
                "set" => MeldKind::Set { value: n },
                "run" => MeldKind::Run { low: n },
                _ => return Err(err("a meld ends with `set <value>` or `run <low>`")),
            };
            let mut cards = CardSet::EMPTY;
            for w in rest {
                let c = card(w)?;
                if cards.contains(c.id()) {
                    return Err(err(&format!("{c} is listed twice")));
                }
                cards.insert(c.id());
            }
            Ok(Action::Meld { cards, kind })
        }
        _ => Err(err(
            "expected `draw stock`, `draw discard`, `discard <card>`, \
             `meld <cards> set <value>|run <low>`, `layoff <card> on <meld> [low|high]` or `end`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "draw stock",
            "draw discard",
            "discard flame-6",
            "meld flame-3 flame-4 flame-5 bone-2 run 3",
            "meld flame-5 wave-5 tone-5 set 5",
            "layoff stone-5 on 0",
            "layoff bone-11 on 1 high",
            "layoff bone-11 on 1 low",
            "end",
        ] {
            let a = parse_action(text).unwrap();
            assert_eq!(action_text(a), text);
        }
    }

    #[test]
    fn meld_cards_may_be_listed_in_any_order() {
        assert_eq!(
            parse_action("meld bone-2 flame-5 flame-4 flame-3 run 3").unwrap(),
            parse_action("meld flame-3 flame-4 flame-5 bone-2 run 3").unwrap()
        );
    }

    #[test]
    fn bad_notation_is_an_error() {
        for text in [
            "",
            "draw",
            "discard moon-3",
            "meld set 5",
            "meld flame-5 flame-5 wave-5 set 5",
            "meld flame-5 wave-5 tone-5 pair 5",
            "layoff stone-5 on x",
            "layoff stone-5 on 0 middle",
            "meld flame-5 wave-5 tone-5 set 300",
        ] {
            assert!(parse_action(text).is_err(), "{text}");
        }
    }
}
