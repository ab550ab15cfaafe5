//! What the seat to act sees before it confirms a choice of cards: the points each legal take,
//! new set, addition and discard moves (spec §6, §8).

use std::collections::BTreeMap;

use parlour_core::Seat;
use serde::Serialize;

use crate::action::{Action, JewelPlacement};
use crate::deck::Kind;
use crate::notation::action_text;
use crate::state::{Phase, State};

/// What one legal action does to the seat's points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct PlayPreview {
    /// Points the action lays on the seat's table (a new set's whole value, or the card added).
    pub set_points: i32,
    /// Points leaving the hand: the hand's cards laid down or discarded.
    pub hand_points: i32,
    /// Cards of the pile that go into the hand (a take).
    pub from_pile: u32,
}

/// The preview of every legal action of `seat` but drawing and passing, by its notation.
pub(crate) fn previews(state: &State, seat: Seat) -> BTreeMap<String, PlayPreview> {
    let mut legal = Vec::new();
    match state.phase {
        Phase::PickUp => state.pick_up_actions(seat, &mut legal),
        Phase::Play => state.play_actions(seat, &mut legal),
        _ => {}
    }
    legal
        .into_iter()
        .filter_map(|a| Some((action_text(state.deck, a), preview(state, a)?)))
        .collect()
}

fn preview(state: &State, action: Action) -> Option<PlayPreview> {
    let deck = state.deck;
    let kind = |k: Kind| deck.info(k).value;
    let top = || state.pile.last().map_or(0, |&c| deck.value(c));
    // The pile under its top card (its size is public even when its cards are not shown).
    let rest = state.pile.len().saturating_sub(1) as u32;
    let p = match action {
        Action::TakePile { pair } => PlayPreview {
            set_points: top() + kind(pair[0]) + kind(pair[1]),
            hand_points: kind(pair[0]) + kind(pair[1]),
            from_pile: rest,
        },
        Action::TakePileWithJewels { place } => {
            let laid = match place {
                JewelPlacement::ExistingSet(_) => 0,
                JewelPlacement::NewSet { pair } => kind(pair[0]) + kind(pair[1]),
            };
            PlayPreview {
                set_points: top() + laid,
                hand_points: laid,
                from_pile: if state.settings.crown_jewel_top_takes_single {
                    0
                } else {
                    rest
                },
            }
        }
        Action::MeldNew { cards } => {
            let v = cards.iter().map(|&k| kind(k)).sum();
            PlayPreview {
                set_points: v,
                hand_points: v,
                from_pile: 0,
            }
        }
        Action::AddToSet { card, .. } => PlayPreview {
            set_points: kind(card),
            hand_points: kind(card),
            from_pile: 0,
        },
        Action::Discard { card } => PlayPreview {
            set_points: 0,
            hand_points: kind(card),
            from_pile: 0,
        },
        Action::DrawStock | Action::PassStockEmpty => return None,
    };
    Some(p)
}
