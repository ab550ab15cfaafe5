//! Action notation: `activate 1,1`, `end`, `target 0,2`, `call 13`, `call miss`,
//! `pair 0,1 0,3`, `slide right 2`, `stay`, `decline`, `swap 0,2 0,3`, `no-swap`.

use parlour_core::ParseError;

use crate::action::{Action, Dir, Pos};

/// A position as `r,c`.
#[must_use]
pub fn pos_text(p: Pos) -> String {
    format!("{},{}", p.r, p.c)
}

/// Reads a position written `r,c` (also `(r,c)` or `r c`-free forms like `(r, c)`).
///
/// # Errors
/// Text that is not two small numbers separated by a comma.
pub fn parse_pos(text: &str) -> Result<Pos, ParseError> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let bad = || ParseError::new(text, "expected a seat written `row,col`");
    let (r, c) = t.split_once(',').ok_or_else(bad)?;
    let r: u8 = r.trim().parse().map_err(|_| bad())?;
    let c: u8 = c.trim().parse().map_err(|_| bad())?;
    Ok(Pos { r, c })
}

/// The notation of `a`.
#[must_use]
pub fn action_text(a: Action) -> String {
    match a {
        Action::Activate(p) => format!("activate {}", pos_text(p)),
        Action::EndGame => "end".into(),
        Action::Target(p) => format!("target {}", pos_text(p)),
        Action::Call(v) => format!("call {v}"),
        Action::CallMiss => "call miss".into(),
        Action::Pair(a, b) => format!("pair {} {}", pos_text(a), pos_text(b)),
        Action::Slide(d, k) => format!("slide {} {k}", d.word()),
        Action::Stay => "stay".into(),
        Action::Decline => "decline".into(),
        Action::Swap(a, b) => format!("swap {} {}", pos_text(a), pos_text(b)),
        Action::NoSwap => "no-swap".into(),
    }
}

/// Reads an action in notation (legality is checked separately).
///
/// # Errors
/// Text that is not an action of this game.
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = |why: &str| ParseError::new(text, why);
    let one_pos = |w: &[&str]| -> Result<Pos, ParseError> {
        match w {
            [p] => parse_pos(p),
            _ => Err(bad("expected one seat `row,col`")),
        }
    };
    let two_pos = |w: &[&str]| -> Result<(Pos, Pos), ParseError> {
        match w {
            [a, b] => Ok((parse_pos(a)?, parse_pos(b)?)),
            _ => Err(bad("expected two seats `row,col row,col`")),
        }
    };
    match words.split_first() {
        Some((&"activate", rest)) => Ok(Action::Activate(one_pos(rest)?)),
        Some((&"end", [])) => Ok(Action::EndGame),
        Some((&"target", rest)) => Ok(Action::Target(one_pos(rest)?)),
        Some((&"call", [v])) => {
            if *v == "miss" {
                Ok(Action::CallMiss)
            } else {
                v.parse::<u8>()
                    .ok()
                    .filter(|v| (1..=18).contains(v))
                    .map(Action::Call)
                    .ok_or_else(|| bad("a call is a value 1..=18 or `miss`"))
            }
        }
        Some((&"pair", rest)) => {
            let (a, b) = two_pos(rest)?;
            Ok(Action::Pair(a, b))
        }
        Some((&"slide", [d, k])) => {
            let dir = Dir::ALL
                .into_iter()
                .find(|x| x.word() == *d)
                .ok_or_else(|| bad("direction must be up, down, left or right"))?;
            let k: u8 = k
                .parse()
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| bad("distance must be a number from 1"))?;
            Ok(Action::Slide(dir, k))
        }
        Some((&"stay", [])) => Ok(Action::Stay),
        Some((&"decline", [])) => Ok(Action::Decline),
        Some((&"swap", rest)) => {
            let (a, b) = two_pos(rest)?;
            Ok(Action::Swap(a, b))
        }
        Some((&"no-swap", [])) => Ok(Action::NoSwap),
        _ => Err(bad(
            "expected activate, end, target, call, pair, slide, stay, decline, swap or no-swap",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let all = [
            Action::Activate(Pos::new(1, 1)),
            Action::EndGame,
            Action::Target(Pos::new(0, 2)),
            Action::Call(13),
            Action::CallMiss,
            Action::Pair(Pos::new(0, 1), Pos::new(0, 3)),
            Action::Slide(Dir::Right, 2),
            Action::Stay,
            Action::Decline,
            Action::Swap(Pos::new(0, 2), Pos::new(0, 3)),
            Action::NoSwap,
        ];
        for a in all {
            assert_eq!(parse_action(&action_text(a)).unwrap(), a);
        }
        assert!(parse_action("slide right 0").is_err());
        assert!(parse_action("call 19").is_err());
        assert!(parse_action("target 1").is_err());
        assert!(parse_action("dance").is_err());
    }
}
