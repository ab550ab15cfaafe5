//! The meld step and the discard (spec §6.2, §6.3), one decision point (spec §14.4): create new
//! sets, add to one's own sets, and discard to end the turn.
//!
//! New sets are always laid down as exactly three cards (two matching naturals plus a third
//! natural of the same type or a wild card) and grown card by card with `add`. Every legal set
//! is reachable that way within the same turn, and the legal list stays small: at most a few
//! dozen melds (royal triples are the largest family), one `add` per set and fitting kind, and
//! one discard per kind in hand, instead of the exponentially many subsets of an 11+ card hand.

use parlour_core::{EventSink, IllegalAction, Seat};

use crate::event::Event;
use crate::scoring::RoundEnd;
use crate::state::Phase;
use crate::{Action, Kind, SetType, State, TableSet};

impl State {
    pub(crate) fn play_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let deck = self.deck;
        let s = seat;
        let hand = self.hands[s];
        let present = deck.kinds_in(hand);
        let wilds = present & deck.wild_kinds();

        // New sets (canonical sorted triples), sorted after generation.
        let start = out.len();
        let mut common = present & deck.common_kinds();
        while common != 0 {
            let x = Kind(common.trailing_zeros() as u8);
            common &= common - 1;
            let n = deck.count(hand, x);
            if n < 2 {
                continue;
            }
            if n >= 3 {
                out.push(Action::MeldNew { cards: [x, x, x] });
            }
            push_with_wilds(out, [x, x], wilds);
        }
        let royals = present & deck.royal_kinds();
        let mut a_bits = royals;
        while a_bits != 0 {
            let a = Kind(a_bits.trailing_zeros() as u8);
            let mut b_bits = a_bits;
            a_bits &= a_bits - 1;
            while b_bits != 0 {
                let b = Kind(b_bits.trailing_zeros() as u8);
                let mut c_bits = b_bits;
                b_bits &= b_bits - 1;
                if !self.holds(hand, &[a, b]) {
                    continue;
                }
                push_with_wilds(out, [a, b], wilds);
                while c_bits != 0 {
                    let c = Kind(c_bits.trailing_zeros() as u8);
                    c_bits &= c_bits - 1;
                    if self.holds(hand, &[a, b, c]) {
                        out.push(Action::MeldNew { cards: [a, b, c] });
                    }
                }
            }
        }
        out[start..].sort_unstable();

        // Adds to own sets.
        for (i, set) in self.tables[s].iter().enumerate() {
            let mut fit = present & set.kind.fitting_kinds(deck);
            while fit != 0 {
                let k = Kind(fit.trailing_zeros() as u8);
                fit &= fit - 1;
                out.push(Action::AddToSet {
                    set: i as u8,
                    card: k,
                });
            }
        }

        // Discards.
        let mut bits = present;
        while bits != 0 {
            let k = Kind(bits.trailing_zeros() as u8);
            bits &= bits - 1;
            out.push(Action::Discard { card: k });
        }
    }

    /// Checks the legality of a new set of three kinds (spec §5).
    pub(crate) fn check_new_set(&self, cards: [Kind; 3]) -> Result<(), IllegalAction> {
        let deck = self.deck;
        if cards[0] > cards[1] || cards[1] > cards[2] {
            return Err(IllegalAction::new(
                "meld-sorted",
                "a meld's cards must be written in deck order",
            ));
        }
        let mut buf = [Kind(0); 3];
        let mut n = 0;
        for k in cards {
            if !deck.is_wild(k) {
                buf[n] = k;
                n += 1;
            }
        }
        let naturals = &buf[..n];
        if naturals.len() < 2 {
            return Err(IllegalAction::new(
                "new-set-needs-two-naturals",
                "a new set needs at least two matching naturals besides any Crown Jewels",
            ));
        }
        let all_royal = naturals.iter().all(|k| deck.is_royal(*k));
        let one_kind = naturals.iter().all(|k| *k == naturals[0]) && !deck.is_royal(naturals[0]);
        if !(all_royal || one_kind) {
            return Err(IllegalAction::new(
                "new-set-naturals-must-match",
                "a set's naturals must all be one character, or all royal",
            ));
        }
        Ok(())
    }

    pub(crate) fn check_play(&self, action: Action) -> Result<(), IllegalAction> {
        let deck = self.deck;
        let s = self.current;
        let hand = self.hands[s];
        let not_held = || IllegalAction::new("card-not-in-hand", "you do not hold those cards");
        match action {
            Action::MeldNew { cards } => {
                self.check_new_set(cards)?;
                if !self.holds(hand, &cards) {
                    return Err(not_held());
                }
            }
            Action::AddToSet { set, card } => {
                let Some(t) = self.tables[s].get(usize::from(set)) else {
                    return Err(IllegalAction::new(
                        "add-to-own-sets-only",
                        format!("you have no set {set}; you may add only to your own sets"),
                    ));
                };
                if !t.kind.accepts(deck, card) {
                    return Err(IllegalAction::new(
                        "add-must-fit-set",
                        format!(
                            "{} does not fit a {} set",
                            deck.slug(card),
                            t.kind.name(deck)
                        ),
                    ));
                }
                if !self.holds(hand, &[card]) {
                    return Err(not_held());
                }
            }
            Action::Discard { card } => {
                if !self.holds(hand, &[card]) {
                    return Err(not_held());
                }
            }
            _ => unreachable!("only meld-step actions are checked here"),
        }
        Ok(())
    }

    pub(crate) fn apply_play(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) {
        let s = seat;
        match action {
            Action::MeldNew { cards } => {
                let mut set = TableSet {
                    kind: SetType::of(
                        self.deck,
                        *cards
                            .iter()
                            .find(|k| !self.deck.is_wild(**k))
                            .expect("checked: two naturals"),
                    ),
                    cards: parlour_cards::CardSet::EMPTY,
                };
                let mut ids = [0u8; 3];
                for (slot, k) in ids.iter_mut().zip(cards) {
                    *slot = self.remove_kind(seat, k);
                    set.cards.insert(*slot);
                }
                self.tables[s].push(set);
                events.push(Event::Melded {
                    seat,
                    set: (self.tables[s].len() - 1) as u8,
                    cards: ids,
                });
            }
            Action::AddToSet { set, card } => {
                let c = self.remove_kind(seat, card);
                self.tables[s][usize::from(set)].cards.insert(c);
                events.push(Event::Added { seat, set, card: c });
            }
            Action::Discard { card } => {
                let c = self.remove_kind(seat, card);
                self.pile.push(c);
                events.push(Event::Discarded { seat, card: c });
                if !self.hands[s].is_empty() {
                    self.current = seat.next(self.players);
                    self.phase = Phase::PickUp;
                    return;
                }
            }
            _ => unreachable!("only meld-step actions are applied here"),
        }
        if self.hands[s].is_empty() {
            events.push(Event::WentOut { seat });
            self.finish_round(RoundEnd::WentOut(seat), events);
        }
    }
}

fn push_with_wilds(out: &mut Vec<Action>, pair: [Kind; 2], mut wilds: u64) {
    while wilds != 0 {
        let w = Kind(wilds.trailing_zeros() as u8);
        wilds &= wilds - 1;
        let mut cards = [pair[0], pair[1], w];
        cards.sort_unstable();
        out.push(Action::MeldNew { cards });
    }
}
