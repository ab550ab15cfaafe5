//! A player's decision (spec §11).

use crate::Kind;

/// The index of one of the acting player's own sets, in the order they were laid down.
pub type SetId = u8;

/// Where the Crown Jewels taken from the top of the pile go at once (spec §6.1 b3).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum JewelPlacement {
    /// Added to one of the taker's existing sets.
    ExistingSet(SetId),
    /// In a new set with two matching naturals from the hand (sorted by kind).
    NewSet {
        /// The two naturals, sorted.
        pair: [Kind; 2],
    },
}

/// A decision. The derived order is the order of legal-action lists (spec §14.3): draw < take
/// pile < take with jewels < pass < meld new set < add to set < discard, then by kinds in deck
/// table order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Pick-up: take the top stock card (`draw stock`).
    DrawStock,
    /// Pick-up: take the whole pile, laying its natural top card down at once with two matching
    /// naturals from the hand (`take pile david-rizzio david-rizzio`). The pair is sorted.
    TakePile {
        /// The two naturals shown from the hand, sorted.
        pair: [Kind; 2],
    },
    /// Pick-up: the top card is wild; show two wild cards from the hand and place the top card
    /// at once (`take jewels add 0`, `take jewels new john-knox john-knox`).
    TakePileWithJewels {
        /// Where the taken wild card goes.
        place: JewelPlacement,
    },
    /// Pick-up with an empty stock: do not take the pile; the round ends (or, with
    /// `stock_out_reshuffle`, the pile is turned into a new stock once) (`pass`).
    PassStockEmpty,
    /// Meld step: a new set of exactly three cards, sorted by kind (`meld john-knox john-knox
    /// crown-jewels`); larger sets grow by [`Action::AddToSet`] in the same turn.
    MeldNew {
        /// The three cards' kinds, sorted.
        cards: [Kind; 3],
    },
    /// Meld step: one card onto one of the player's own sets (`add 0 david-rizzio`).
    AddToSet {
        /// Which own set.
        set: SetId,
        /// The card's kind.
        card: Kind,
    },
    /// Discard step: one card onto the pile, ending the turn (`discard john-knox`).
    Discard {
        /// The card's kind.
        card: Kind,
    },
}

impl Action {
    /// Whether the action belongs to the pick-up step.
    #[must_use]
    pub fn is_pick_up(self) -> bool {
        matches!(
            self,
            Action::DrawStock
                | Action::TakePile { .. }
                | Action::TakePileWithJewels { .. }
                | Action::PassStockEmpty
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_order_as_the_spec_lists_them() {
        let k = Kind;
        let list = [
            Action::DrawStock,
            Action::TakePile { pair: [k(0), k(0)] },
            Action::TakePileWithJewels {
                place: JewelPlacement::ExistingSet(3),
            },
            Action::TakePileWithJewels {
                place: JewelPlacement::NewSet { pair: [k(0), k(0)] },
            },
            Action::PassStockEmpty,
            Action::MeldNew {
                cards: [k(0), k(0), k(16)],
            },
            Action::AddToSet { set: 0, card: k(4) },
            Action::Discard { card: k(0) },
        ];
        assert!(list.windows(2).all(|w| w[0] < w[1]));
        assert!(list[..5].iter().all(|a| a.is_pick_up()));
        assert!(!list[5..].iter().any(|a| a.is_pick_up()));
    }
}
