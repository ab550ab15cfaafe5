//! Action notation: `draw stock`, `take pile david-rizzio david-rizzio`, `take jewels add 0`,
//! `take jewels new john-knox john-knox`, `pass`, `meld john-knox john-knox crown-jewels`,
//! `add 0 david-rizzio`, `discard john-knox`. Kinds are written by their kebab-case ids
//! (snake_case is read too); pairs and triples may be given in any order.

use parlour_core::ParseError;

use crate::{Action, Deck, JewelPlacement, Kind};

/// The notation of an action.
#[must_use]
pub fn action_text(deck: &Deck, action: Action) -> String {
    let k = |k: Kind| deck.slug(k);
    match action {
        Action::DrawStock => "draw stock".to_owned(),
        Action::TakePile { pair } => format!("take pile {} {}", k(pair[0]), k(pair[1])),
        Action::TakePileWithJewels {
            place: JewelPlacement::ExistingSet(s),
        } => format!("take jewels add {s}"),
        Action::TakePileWithJewels {
            place: JewelPlacement::NewSet { pair },
        } => format!("take jewels new {} {}", k(pair[0]), k(pair[1])),
        Action::PassStockEmpty => "pass".to_owned(),
        Action::MeldNew { cards } => {
            format!("meld {} {} {}", k(cards[0]), k(cards[1]), k(cards[2]))
        }
        Action::AddToSet { set, card } => format!("add {set} {}", k(card)),
        Action::Discard { card } => format!("discard {}", k(card)),
    }
}

fn kinds<const N: usize>(
    deck: &Deck,
    input: &str,
    words: &[&str],
) -> Result<[Kind; N], ParseError> {
    if words.len() != N {
        return Err(ParseError::new(
            input,
            format!("expected {N} card kinds, got {}", words.len()),
        ));
    }
    let mut out = [Kind(0); N];
    for (slot, w) in out.iter_mut().zip(words) {
        *slot = deck
            .parse_kind(w)
            .ok_or_else(|| ParseError::new(input, format!("`{w}` is not a card kind")))?;
    }
    out.sort_unstable();
    Ok(out)
}

fn set_id(input: &str, word: Option<&&str>) -> Result<u8, ParseError> {
    word.and_then(|w| w.parse().ok())
        .ok_or_else(|| ParseError::new(input, "expected a set number"))
}

/// Reads an action in notation.
///
/// # Errors
/// Text that is no action of this game.
pub fn parse_action(deck: &Deck, text: &str) -> Result<Action, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["draw"] | ["draw", "stock"] => Ok(Action::DrawStock),
        ["pass"] => Ok(Action::PassStockEmpty),
        ["take", "pile", rest @ ..] => Ok(Action::TakePile {
            pair: kinds(deck, text, rest)?,
        }),
        ["take", "jewels", "add", rest @ ..] if rest.len() == 1 => Ok(Action::TakePileWithJewels {
            place: JewelPlacement::ExistingSet(set_id(text, rest.first())?),
        }),
        ["take", "jewels", "new", rest @ ..] => Ok(Action::TakePileWithJewels {
            place: JewelPlacement::NewSet {
                pair: kinds(deck, text, rest)?,
            },
        }),
        ["meld", rest @ ..] => Ok(Action::MeldNew {
            cards: kinds(deck, text, rest)?,
        }),
        ["add", set, card] => Ok(Action::AddToSet {
            set: set_id(text, Some(set))?,
            card: kinds::<1>(deck, text, &[card])?[0],
        }),
        ["discard", card] => Ok(Action::Discard {
            card: kinds::<1>(deck, text, &[card])?[0],
        }),
        _ => Err(ParseError::new(
            text,
            "expected `draw stock`, `take pile K K`, `take jewels add N`, `take jewels new K K`, \
             `pass`, `meld K K K`, `add N K` or `discard K`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_sorts() {
        let deck = Deck::standard().unwrap();
        let knox = deck.parse_kind("john-knox").unwrap();
        let cj = deck.parse_kind("crown_jewels").unwrap();
        let a = parse_action(deck, "meld crown-jewels john-knox john_knox").unwrap();
        assert_eq!(
            a,
            Action::MeldNew {
                cards: [knox, knox, cj]
            }
        );
        assert_eq!(
            action_text(deck, a),
            "meld john-knox john-knox crown-jewels"
        );
        for t in [
            "draw stock",
            "take pile king-james mary-queen-of-scots",
            "take jewels add 3",
            "take jewels new john-knox john-knox",
            "pass",
            "add 12 crown-jewels",
            "discard earl-of-bothwell",
        ] {
            let a = parse_action(deck, t).unwrap();
            assert_eq!(parse_action(deck, &action_text(deck, a)), Ok(a), "{t}");
        }
        assert_eq!(
            action_text(
                deck,
                parse_action(deck, "take pile king-james mary-queen-of-scots").unwrap()
            ),
            "take pile mary-queen-of-scots king-james"
        );
    }

    #[test]
    fn bad_notation_is_an_error() {
        let deck = Deck::standard().unwrap();
        for t in [
            "",
            "meld king-james king-james",
            "take pile john-knox",
            "add x john-knox",
            "add 300 john-knox",
            "discard queen",
            "take jewels add",
            "take jewels new john-knox",
        ] {
            assert!(parse_action(deck, t).is_err(), "{t}");
        }
    }
}
