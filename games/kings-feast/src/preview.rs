//! What the player can tell before choosing: the score if the feast ended now, and which legal
//! moves would end it at once with the Assassin. Both use only what the player knows, so the
//! page never needs the rules to warn or to preview.

use parlour_core::{Game, Seat};
use serde::Serialize;

use crate::action::Action;
use crate::card::{ASSASSIN, bit};
use crate::scoring::{self, EndReason};
use crate::state::State;

/// The score of ending the feast now, as far as the player knows.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct EndNow {
    /// The lowest score the board can have, given what the player knows.
    pub least: i32,
    /// Whether `least` is the score itself (every card's seat is known).
    pub exact: bool,
    /// The title of `least`.
    pub title: String,
}

/// A legal move that ends the feast at once with the Assassin (+2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Fatal {
    /// The move, in notation.
    pub action: String,
    /// Why it ends the feast.
    pub reason: EndReason,
}

/// The score of declaring the end now (`knows`: the cards whose seat the viewer knows, bit `v`): the known wrong seats, plus the unknown seats no
/// arrangement of the unseen cards can fill right. A permutation never misplaces exactly one
/// card, so a least of 1 is 2.
pub(crate) fn end_now(st: &State, knows: u32) -> EndNow {
    let unseen = st.in_play & !knows;
    let mut wrong = 0;
    let mut unknown = 0;
    let mut fillable = 0;
    for s in 0..st.n() {
        let v = st.board[s];
        let goal = st.goal[s];
        if knows & bit(v) != 0 {
            wrong += i32::from(v != goal);
        } else {
            unknown += 1;
            fillable += i32::from(unseen & bit(goal) != 0);
        }
    }
    let mut least = wrong + unknown - fillable;
    if least == 1 {
        least = 2;
    }
    let least = least + st.end_reason().map_or(0, EndReason::penalty);
    EndNow {
        least,
        exact: unknown == 0,
        title: scoring::title(least).to_owned(),
    }
}

/// The legal moves that end the feast with the Assassin while the player knows where it sits:
/// then the ending does not hang on any unseen card.
pub(crate) fn fatal(st: &State, knows: u32, legal: &[Action]) -> Vec<Fatal> {
    if knows & bit(ASSASSIN) == 0 {
        return Vec::new();
    }
    legal
        .iter()
        .filter_map(|&a| {
            let mut after = st.clone();
            after.apply(Seat(0), a, &mut ()).ok()?;
            match after.end_reason()? {
                r @ (EndReason::AssassinRevealed | EndReason::AssassinPeeked) => Some(Fatal {
                    action: st.action_text(a),
                    reason: r,
                }),
                _ => None,
            }
        })
        .collect()
}
