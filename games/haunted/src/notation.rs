//! Text notation of actions and chance outcomes.
//!
//! | Action | Text |
//! |---|---|
//! | turn start | `begin`, `redraw` |
//! | play | `play fire p1.l0`, `play psychic p2.l1 curse` |
//! | end a window / phase 1 | `pass` |
//! | phase-4 discard | `discard fever` |
//! | prompt answers | `pick historian`, `cards pray fever` (`cards -` for none), `player 2`, `line p1.l2`, `yes`, `no`, `none` |
//!
//! Card ids are kebab-case (`roadside-inn`); snake_case (`roadside_inn`) is read too.

use parlour_cards::CardSet;
use parlour_core::{ParseError, Seat};

use crate::action::{Action, LineRef};
use crate::cards::{Card, Deck};
use crate::chance::Chance;
use crate::task::Prompt;

/// `p1.l2`.
#[must_use]
pub fn line_text(l: LineRef) -> String {
    format!("p{}.l{}", l.owner.0, l.slot)
}

/// Reads `p1.l2` (case-insensitive).
///
/// # Errors
/// Text that is not a line reference.
pub fn parse_line(t: &str) -> Result<LineRef, ParseError> {
    let err = || ParseError::new(t, "expected a line like `p1.l2`");
    let lower = t.to_ascii_lowercase();
    let (p, l) = lower.split_once('.').ok_or_else(err)?;
    let owner: u8 = p
        .strip_prefix('p')
        .ok_or_else(err)?
        .parse()
        .map_err(|_| err())?;
    let slot: u8 = l
        .strip_prefix('l')
        .ok_or_else(err)?
        .parse()
        .map_err(|_| err())?;
    if owner >= 6 || slot >= 3 {
        return Err(err());
    }
    Ok(LineRef::new(owner, slot))
}

fn card(deck: &Deck, t: &str) -> Result<Card, ParseError> {
    deck.find(t)
        .ok_or_else(|| ParseError::new(t, "not a card id"))
}

/// The text of an action, its cards named by `deck`'s ids.
#[must_use]
pub fn action_text(deck: &Deck, a: Action) -> String {
    match a {
        Action::BeginTurn => "begin".into(),
        Action::Redraw => "redraw".into(),
        Action::Play { card, line, curse } => format!(
            "play {} {}{}",
            deck.id(card),
            line_text(line),
            if curse { " curse" } else { "" }
        ),
        Action::Pass => "pass".into(),
        Action::Discard(c) => format!("discard {}", deck.id(c)),
        Action::Pick(c) => format!("pick {}", deck.id(c)),
        Action::PickSet(s) => {
            if s.is_empty() {
                "cards -".into()
            } else {
                let ids: Vec<&str> = s.iter().map(|c| deck.id(Card(c))).collect();
                format!("cards {}", ids.join(" "))
            }
        }
        Action::Name(p) => format!("player {}", p.0),
        Action::Choose(l) => format!("line {}", line_text(l)),
        Action::Yes => "yes".into(),
        Action::No => "no".into(),
        Action::Decline => "none".into(),
    }
}

/// Reads an action, its cards by `deck`'s ids.
///
/// # Errors
/// Text that is not an action of this game.
pub fn parse_action(deck: &Deck, text: &str) -> Result<Action, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let err = |why: &str| ParseError::new(text, why);
    Ok(match words.as_slice() {
        ["begin"] => Action::BeginTurn,
        ["redraw"] => Action::Redraw,
        ["pass"] => Action::Pass,
        ["yes"] => Action::Yes,
        ["no"] => Action::No,
        ["none"] => Action::Decline,
        ["play", c, l] => Action::Play {
            card: card(deck, c)?,
            line: parse_line(l)?,
            curse: false,
        },
        ["play", c, l, "curse"] => Action::Play {
            card: card(deck, c)?,
            line: parse_line(l)?,
            curse: true,
        },
        ["discard", c] => Action::Discard(card(deck, c)?),
        ["pick", c] => Action::Pick(card(deck, c)?),
        ["cards", "-"] => Action::PickSet(CardSet::EMPTY),
        ["cards", rest @ ..] if !rest.is_empty() => {
            let mut s = CardSet::EMPTY;
            for c in rest {
                s.insert(card(deck, c)?.0);
            }
            Action::PickSet(s)
        }
        ["player", p] => {
            let p: u8 = p.parse().map_err(|_| err("expected a seat number"))?;
            if p >= 6 {
                return Err(err("no such seat"));
            }
            Action::Name(Seat(p))
        }
        ["line", l] => Action::Choose(parse_line(l)?),
        _ => return Err(err("not a Haunted action (see the notation table)")),
    })
}

/// The text of a chance outcome: `deck`'s card ids separated by spaces.
#[must_use]
pub fn chance_text(deck: &Deck, c: &Chance) -> String {
    match c {
        Chance::FirstDraw(cards) | Chance::Order(cards) => {
            let ids: Vec<&str> = cards.iter().map(|&c| deck.id(c)).collect();
            ids.join(" ")
        }
        Chance::Take(c) => deck.id(*c).to_owned(),
    }
}

/// A short name of a prompt for views and errors.
pub(crate) fn prompt_name(p: Prompt) -> &'static str {
    match p {
        Prompt::LoseAcquaintance => "lose-acquaintance",
        Prompt::UrchinLoot(_) => "urchin-loot",
        Prompt::ForfeitGive { .. } => "forfeit-give",
        Prompt::ForfeitTrim => "forfeit-trim",
        Prompt::AdvantageKeep => "advantage-keep",
        Prompt::AdvantageDiscard { .. } => "advantage-discard",
        Prompt::RefreshKeep => "refreshments-keep",
        Prompt::RefreshDiscard { .. } => "refreshments-discard",
        Prompt::TakeAcquaintance => "take-acquaintance",
        Prompt::HcDraw(_) => "hidden-compartment-draw",
        Prompt::TiedLine { .. } => "choose-tied-line",
        Prompt::ReceiveSlot { .. } => "receive-slot",
        Prompt::FocusLine { .. } => "choose-focus-line",
        Prompt::ActivateTerror(_) => "activate-focus-terror",
        Prompt::AttackedSetting { .. } => "attacked-donate",
        Prompt::AttackedLine { .. } => "attacked-line",
        Prompt::AttackedReplace => "attacked-replace",
        Prompt::BloodGive { .. } => "blood-letting-give",
        Prompt::BloodReturn { .. } => "blood-letting-return",
        Prompt::WwAsk { .. } => "well-wishing-ask",
        Prompt::WwGive { .. } => "well-wishing-give",
        Prompt::WwReturn { .. } => "well-wishing-return",
        Prompt::LapOpponent => "lap-choose-opponent",
        Prompt::LapKeep { .. } => "lap-keep",
        Prompt::TestTrim => "test-draw-discard",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deck;

    #[test]
    fn actions_round_trip() {
        for t in [
            "begin",
            "redraw",
            "pass",
            "play fire p1.l0",
            "play psychic p2.l1 curse",
            "discard fever",
            "pick historian",
            "cards pray fever",
            "cards -",
            "player 2",
            "line p1.l2",
            "yes",
            "no",
            "none",
        ] {
            let a = parse_action(deck(), t).unwrap();
            let back = action_text(deck(), a);
            assert_eq!(parse_action(deck(), &back).unwrap(), a, "{t}");
        }
        assert_eq!(
            parse_action(deck(), "play roadside_inn P1.L0").unwrap(),
            parse_action(deck(), "play roadside-inn p1.l0").unwrap()
        );
        assert!(parse_action(deck(), "play nothing p1.l0").is_err());
        assert!(parse_action(deck(), "line p9.l0").is_err());
    }
}
