//! What the seat in its meld step sees before it confirms: the points each legal meld and
//! lay-off adds, and why a selection of its hand is no meld (spec §3.2, §3.4).

use std::collections::BTreeMap;

use parlour_cards::CardSet;
use parlour_core::Seat;
use parlour_fey::Sign;
use serde::Serialize;

use crate::Action;
use crate::meld::{MIN_RUN, MIN_SET, Meld, lay_off, sign_of, value_of};
use crate::notation::action_text;
use crate::scoring::{meld_points, meld_score};
use crate::state::State;

/// Hands larger than this get no `no_meld` table (its size doubles with each card); the meld
/// step holds at most eight.
const MAX_PREVIEW_HAND: u32 = 10;

/// The meld step's preview for the seat to act.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MeldPreview {
    /// Each legal meld and lay-off, by its notation, with the points it adds to the seat's
    /// points on the table this hand, under the table's options.
    pub points: BTreeMap<String, i32>,
    /// Why a selection of the hand is no meld. Entry `m` is for the cards `your_hand[i]` whose
    /// bit `i` is set in `m`: an index into `reasons`, or `None` when those cards are fewer than
    /// two or are the cards of a legal action.
    pub no_meld: Vec<Option<u8>>,
    /// The reasons, in words.
    pub reasons: Vec<String>,
}

impl MeldPreview {
    /// The preview for `seat` with `legal` its legal actions.
    pub(crate) fn of(state: &State, seat: Seat, legal: &[Action]) -> MeldPreview {
        let fey = state.table.fey();
        let points = legal
            .iter()
            .filter_map(|&a| Some((action_text(a), gain(state, seat, a)?)))
            .collect();
        let hand: Vec<u8> = state.hands[seat].iter().collect();
        let mut reasons: Vec<String> = Vec::new();
        let mut no_meld = Vec::new();
        if hand.len() as u32 <= MAX_PREVIEW_HAND {
            let actions: Vec<CardSet> = legal.iter().filter_map(|&a| cards_of(a)).collect();
            no_meld = (0..1usize << hand.len())
                .map(|m| {
                    let cards: CardSet = (0..hand.len())
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| hand[i])
                        .collect();
                    if cards.len() < 2 || actions.contains(&cards) {
                        return None;
                    }
                    let why = why_no_meld(cards, fey);
                    let at = reasons.iter().position(|r| *r == why).unwrap_or_else(|| {
                        reasons.push(why);
                        reasons.len() - 1
                    });
                    u8::try_from(at).ok()
                })
                .collect();
        }
        MeldPreview {
            points,
            no_meld,
            reasons,
        }
    }
}

/// The cards a meld, lay-off or discard takes from the hand.
fn cards_of(action: Action) -> Option<CardSet> {
    match action {
        Action::Meld { cards, .. } => Some(cards),
        Action::LayOff { card, .. } | Action::Discard(card) => {
            Some(std::iter::once(card.id()).collect())
        }
        _ => None,
    }
}

/// What a meld or lay-off adds to `seat`'s table points (`State::table_points`).
fn gain(state: &State, seat: Seat, action: Action) -> Option<i32> {
    let (mat, sign, rules) = (
        state.table.mat(),
        state.table.sign(seat),
        state.rules.scoring,
    );
    match action {
        Action::Meld { cards, kind } => Some(meld_score(cards, kind, sign, mat, rules)),
        Action::LayOff { card, meld, end } => {
            let old: &Meld = state.melds().get(usize::from(meld))?;
            let new = lay_off(old, card.id(), end, mat.fey()).ok()?;
            let before = old.cards.and(state.contributed[seat]);
            let mut after = before;
            after.insert(card.id());
            let was = if before.is_empty() {
                0
            } else {
                meld_points(old.cards, old.kind, before, sign, mat, rules)
            };
            Some(meld_points(new.cards, new.kind, after, sign, mat, rules) - was)
        }
        _ => None,
    }
}

/// Why `cards` (two or more) are no meld, in words: the rules of §3.2 each selection breaks.
fn why_no_meld(cards: CardSet, fey: Sign) -> String {
    let n = cards.len();
    if n == 2 {
        return format!("Two cards are no meld: a set needs {MIN_SET} cards, a run {MIN_RUN}.");
    }
    let plain: Vec<u8> = cards
        .iter()
        .filter(|&id| sign_of(id) != fey)
        .map(value_of)
        .collect();
    let mut values = plain.clone();
    values.sort_unstable();
    values.dedup();
    let mut reasons = Vec::new();
    if values.len() > 1 {
        let list: Vec<String> = values.iter().map(ToString::to_string).collect();
        reasons.push(format!(
            "not a set: the numbers differ ({})",
            list.join(", ")
        ));
    }
    if n < MIN_RUN {
        reasons.push(format!("not a run: a run needs {MIN_RUN} cards"));
    } else if values.len() < plain.len() {
        let dup = plain
            .iter()
            .enumerate()
            .find(|&(i, v)| plain[..i].contains(v))
            .map_or(0, |(_, v)| *v);
        reasons.push(format!("not a run: two cards show {dup}"));
    } else if let (Some(&lo), Some(&hi)) = (values.first(), values.last()) {
        let need = u32::from(hi - lo) + 1;
        if need > n {
            reasons.push(format!(
                "not a run: {lo} to {hi} needs {need} cards (fey cards fill gaps), you chose {n}"
            ));
        }
    }
    if reasons.is_empty() {
        return "Not a legal meld now.".into();
    }
    let text = reasons.join("; ");
    let mut first = text.chars();
    let head = first.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{}{}.",
        head.map(String::from).unwrap_or_default(),
        first.as_str()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        parlour_fey::parse_cards(text)
            .expect("card ids")
            .into_iter()
            .collect()
    }

    #[test]
    fn two_cards_are_never_a_meld() {
        assert_eq!(
            why_no_meld(cards("flame-3 star-3"), Sign::Bone),
            "Two cards are no meld: a set needs 3 cards, a run 4."
        );
    }

    #[test]
    fn mixed_numbers_are_no_set_and_three_cards_no_run() {
        assert_eq!(
            why_no_meld(cards("flame-3 star-4 wave-6"), Sign::Bone),
            "Not a set: the numbers differ (3, 4, 6); not a run: a run needs 4 cards."
        );
    }

    #[test]
    fn a_run_may_not_repeat_a_number() {
        assert_eq!(
            why_no_meld(cards("flame-3 star-3 wave-4 tone-5"), Sign::Bone),
            "Not a set: the numbers differ (3, 4, 5); not a run: two cards show 3."
        );
    }

    #[test]
    fn fey_cards_fill_gaps_only_as_far_as_they_go() {
        assert_eq!(
            why_no_meld(cards("flame-2 star-3 bone-9 wave-8"), Sign::Bone),
            "Not a set: the numbers differ (2, 3, 8); not a run: 2 to 8 needs 7 cards (fey cards fill gaps), you chose 4."
        );
        // A fey card fills the gap at 4: only the set is out.
        assert_eq!(
            why_no_meld(cards("flame-2 star-3 bone-9 wave-5"), Sign::Bone),
            "Not a set: the numbers differ (2, 3, 5)."
        );
        // Four fey cards break no rule of §3.2: no reason is given beyond legality.
        assert_eq!(
            why_no_meld(cards("bone-1 bone-2 bone-3 bone-4"), Sign::Bone),
            "Not a legal meld now."
        );
    }
}
