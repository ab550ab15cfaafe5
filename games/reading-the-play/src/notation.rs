//! Action notation: `point 2`, `draw`, `trade 1 3`, `commit line-305`, `keep yellow-sign`,
//! `give 3 elder-sign`, `play elder-sign`, `decline elder-sign`, `start line-293 line-294`,
//! `decline sequence`, `reveal`, `reveal pair`, `hold`, `interrupt`, `pass`.

use parlour_core::{ParseError, Seat};

use crate::action::{Action, Traders};
use crate::card::CardRef;

/// The notation of an action.
#[must_use]
pub fn action_text(action: Action) -> String {
    match action {
        Action::PointAt(s) => format!("point {s}"),
        Action::Draw => "draw".into(),
        Action::Trade(t) => {
            let mut s = String::from("trade");
            for seat in t.seats().iter() {
                s.push_str(&format!(" {seat}"));
            }
            s
        }
        Action::Commit(c) => format!("commit {c}"),
        Action::Keep(c) => format!("keep {c}"),
        Action::Give(s, c) => format!("give {s} {c}"),
        Action::PlayElderSign => "play elder-sign".into(),
        Action::DeclineElderSign => "decline elder-sign".into(),
        Action::StartSequence { low, high } => format!("start line-{low} line-{high}"),
        Action::DeclineSequence => "decline sequence".into(),
        Action::Reveal => "reveal".into(),
        Action::RevealPair => "reveal pair".into(),
        Action::Hold => "hold".into(),
        Action::Interrupt => "interrupt".into(),
        Action::Pass => "pass".into(),
    }
}

fn seat(input: &str, tok: &str) -> Result<Seat, ParseError> {
    tok.parse::<u8>()
        .ok()
        .filter(|&s| s < 8)
        .map(Seat)
        .ok_or_else(|| ParseError::new(input, format!("`{tok}` is not a seat number")))
}

fn card(input: &str, tok: &str) -> Result<CardRef, ParseError> {
    tok.parse::<CardRef>()
        .map_err(|e| ParseError::new(input, e))
}

fn line(input: &str, tok: &str) -> Result<u16, ParseError> {
    match card(input, tok)? {
        CardRef::Line(n) => Ok(n),
        _ => Err(ParseError::new(
            input,
            format!("`{tok}` is not a Line card"),
        )),
    }
}

/// Reads an action in notation.
///
/// # Errors
/// Text that is not an action of this game.
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let bad = |why: &str| ParseError::new(text, why);
    let action = match toks.as_slice() {
        ["point", s] => Action::PointAt(seat(text, s)?),
        ["draw"] => Action::Draw,
        ["trade", rest @ ..] if !rest.is_empty() => {
            let mut mask = 0u8;
            for s in rest {
                let s = seat(text, s)?;
                if mask >> s.0 & 1 == 1 {
                    return Err(bad("a Trader is named twice"));
                }
                mask |= 1 << s.0;
            }
            Action::Trade(Traders(mask))
        }
        ["commit", c] => Action::Commit(card(text, c)?),
        ["keep", c] => Action::Keep(card(text, c)?),
        ["give", s, c] => Action::Give(seat(text, s)?, card(text, c)?),
        ["play", "elder-sign"] => Action::PlayElderSign,
        ["decline", "elder-sign"] => Action::DeclineElderSign,
        ["start", lo, hi] => Action::StartSequence {
            low: line(text, lo)?,
            high: line(text, hi)?,
        },
        ["decline", "sequence"] => Action::DeclineSequence,
        ["reveal"] => Action::Reveal,
        ["reveal", "pair"] => Action::RevealPair,
        ["hold"] => Action::Hold,
        ["interrupt"] => Action::Interrupt,
        ["pass"] => Action::Pass,
        _ => {
            return Err(bad(
                "expected point <seat>, draw, trade <seats>, commit/keep <card>, give <seat> <card>, \
                 play/decline elder-sign, start <line> <line>, decline sequence, reveal [pair], \
                 hold, interrupt or pass",
            ));
        }
    };
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_action_round_trips() {
        let all = [
            Action::PointAt(Seat(2)),
            Action::Draw,
            Action::Trade(Traders(0b1010)),
            Action::Commit(CardRef::Line(305)),
            Action::Keep(CardRef::YellowSign),
            Action::Give(Seat(3), CardRef::ElderSign),
            Action::PlayElderSign,
            Action::DeclineElderSign,
            Action::StartSequence {
                low: 293,
                high: 294,
            },
            Action::DeclineSequence,
            Action::Reveal,
            Action::RevealPair,
            Action::Hold,
            Action::Interrupt,
            Action::Pass,
        ];
        for a in all {
            assert_eq!(parse_action(&action_text(a)), Ok(a), "{}", action_text(a));
        }
        assert_eq!(action_text(Action::Trade(Traders(0b1010))), "trade 1 3");
        assert!(parse_action("trade").is_err());
        assert!(parse_action("trade 1 1").is_err());
        assert!(parse_action("start yellow-sign line-3").is_err());
        assert!(parse_action("give x line-300").is_err());
        assert!(parse_action("").is_err());
    }
}
