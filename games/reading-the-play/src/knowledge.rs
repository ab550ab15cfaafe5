//! What each seat deduces about where hidden cards are not, from public play and its own
//! observations (`State::ruled_out`, `State::ruled_out_deck`), for determinization.
//!
//! The deductions (each sound: the true state always satisfies them, checked by
//! `check_invariants`):
//!
//! * **forced extensions** (public): a Player with a Sequence who leaves phase 4 holds neither
//!   Line next to it, since every such Line in hand must be played on it;
//! * **a Trader's own card** (that Trader only): a Trader who does not get back the card it put
//!   in knows that card is now with the Player or another Trader of that trade: not in the
//!   deck, not in any other hand.
//!
//! A deduction about a hand lapses, for an observer, when that hand takes a card the observer
//! does not see (a draw, the Player's kept card, a card given to another Trader): the new card
//! might be a ruled-out one. A card put into the deck (face up) is no longer ruled out of it.

use parlour_cards::CardSet;
use parlour_core::{Seat, SeatSet};

use crate::card::SEQUENCE_LINES;
use crate::state::{PUBLIC, State};

impl State {
    /// Seat `h` took `card`, seen only by `seen_by`: the others' deductions about `h` lapse.
    pub(crate) fn gained(&mut self, h: Seat, card: u8, seen_by: SeatSet) {
        let public = seen_by == SeatSet::all(self.n);
        for (o, row) in self.ruled_out.iter_mut().enumerate() {
            let sees = if o == PUBLIC {
                public
            } else {
                seen_by.contains(Seat(o as u8))
            };
            if sees {
                row[h].remove(card);
            } else {
                row[h] = CardSet::EMPTY;
            }
        }
    }

    /// `card` went into the deck face up: nobody rules it out of the deck any more.
    pub(crate) fn put_in_deck(&mut self, card: u8) {
        for row in &mut self.ruled_out_deck {
            row.remove(card);
        }
    }

    /// Public: the Player leaves phase 4 with a Sequence, so holds no Line that extends it.
    pub(crate) fn deduce_extended(&mut self, p: Seat) {
        let Some((lo, hi)) = self.seqs[p] else {
            return;
        };
        let mut next = CardSet::single(hi + 1);
        if lo > 0 {
            next.insert(lo - 1);
        }
        let next = next.and(SEQUENCE_LINES);
        debug_assert!(next.and(self.hands[p]).is_empty(), "extensions are forced");
        for row in &mut self.ruled_out {
            row[p] = row[p].or(next);
        }
    }

    /// At the end of a trade (before the commitments are forgotten): each Trader that did not
    /// get its own card back knows it is with the Player or another Trader.
    pub(crate) fn deduce_trade(&mut self) {
        let mut with = self.traders;
        with.insert(self.player);
        for t in self.traders.iter() {
            let Some(c) = self.commits[t] else { continue };
            if self.hands[t].contains(c) {
                continue;
            }
            for h in self.seats() {
                if !with.contains(h) {
                    self.ruled_out[t.index()][h].insert(c);
                }
            }
            self.ruled_out_deck[t.index()].insert(c);
        }
    }

    /// The cards `observer` rules out of seat `h`'s hand.
    pub(crate) fn ruled_out_of(&self, observer: Seat, h: Seat) -> CardSet {
        self.ruled_out[observer.index()][h].or(self.ruled_out[PUBLIC][h])
    }
}
