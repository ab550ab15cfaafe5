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
use crate::cards::Card;
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

fn card(t: &str) -> Result<Card, ParseError> {
    Card::from_id(t).ok_or_else(|| ParseError::new(t, "not a card id"))
}

/// The text of an action.
#[must_use]
pub fn action_text(a: Action) -> String {
    match a {
        Action::BeginTurn => "begin".into(),
        Action::Redraw => "redraw".into(),
        Action::Play { card, line, curse } => format!(
            "play {} {}{}",
            card.id(),
            line_text(line),
            if curse { " curse" } else { "" }
        ),
        Action::Pass => "pass".into(),
        Action::Discard(c) => format!("discard {}", c.id()),
        Action::Pick(c) => format!("pick {}", c.id()),
        Action::PickSet(s) => {
            if s.is_empty() {
                "cards -".into()
            } else {
                let ids: Vec<&str> = s.iter().map(|c| Card(c).id()).collect();
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

/// Reads an action.
///
/// # Errors
/// Text that is not an action of this game.
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
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
            card: card(c)?,
            line: parse_line(l)?,
            curse: false,
        },
        ["play", c, l, "curse"] => Action::Play {
            card: card(c)?,
            line: parse_line(l)?,
            curse: true,
        },
        ["discard", c] => Action::Discard(card(c)?),
        ["pick", c] => Action::Pick(card(c)?),
        ["cards", "-"] => Action::PickSet(CardSet::EMPTY),
        ["cards", rest @ ..] if !rest.is_empty() => {
            let mut s = CardSet::EMPTY;
            for c in rest {
                s.insert(card(c)?.0);
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

/// The text of a chance outcome: card ids separated by spaces.
#[must_use]
pub fn chance_text(c: &Chance) -> String {
    match c {
        Chance::FirstDraw(cards) | Chance::Order(cards) => {
            let ids: Vec<&str> = cards.iter().map(|c| c.id()).collect();
            ids.join(" ")
        }
        Chance::Take(c) => c.id().to_owned(),
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
            let a = parse_action(t).unwrap();
            let back = action_text(a);
            assert_eq!(parse_action(&back).unwrap(), a, "{t}");
        }
        assert_eq!(
            parse_action("play roadside_inn P1.L0").unwrap(),
            parse_action("play roadside-inn p1.l0").unwrap()
        );
        assert!(parse_action("play nothing p1.l0").is_err());
        assert!(parse_action("line p9.l0").is_err());
    }
}
