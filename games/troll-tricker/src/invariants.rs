//! The invariants of a Troll Tricker state, checked by the conformance suite.

use parlour_cards::ZoneLedger;
use parlour_core::Seat;
use parlour_fey::{card_name, full_deck};

use crate::scoring::SIGN_MASK;
use crate::state::{HAND_SIZE, Phase, State};

impl State {
    /// Every card in exactly one place, the caches in step with the state, and hand sizes that
    /// fit the phase.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let n = self.n as usize;
        let mut ledger = ZoneLedger::new(card_name);
        for s in Seat::all(self.n) {
            ledger.place(format_args!("hand {s}"), self.hands[s])?;
        }
        ledger.place("the draw pile", self.draw)?;
        ledger.place("the discard pile", self.discard)?;
        ledger.place("the trick", self.trick_set)?;
        ledger.finish(full_deck())?;
        if self.hands.beyond(self.n).iter().any(|h| !h.is_empty()) {
            return Err("a seat beyond the table holds cards".into());
        }
        if let Some(c) = self.pre_reshuffle.and(self.draw).first() {
            return Err(format!(
                "{} was dealt before the reshuffle but is in the draw pile",
                card_name(c)
            ));
        }
        if self.fey_mask != SIGN_MASK[self.table.fey().index() as usize] {
            return Err("cached fey mask does not match the mat".into());
        }
        if self.phase == Phase::Play
            && self.led_mask
                != if self.trick_len == 0 {
                    u128::MAX
                } else {
                    SIGN_MASK[self.led as usize]
                }
        {
            return Err("cached led mask does not match the trick".into());
        }
        let want = if self.phase == Phase::Play {
            self.rule_mask(self.hands[self.turn.index()].0)
        } else {
            0
        };
        if self.legal != want {
            return Err("cached legal mask does not match the hand to play".into());
        }
        if self.trick_set.len() != u32::from(self.trick_len) {
            return Err("trick size mismatch".into());
        }
        match self.phase {
            Phase::Play => {
                if self.turn != self.leader.offset(u32::from(self.trick_len), self.n) {
                    return Err("the seat to play does not follow the trick".into());
                }
                for s in 0..n {
                    let pos = (s + n - self.leader.index()) % n;
                    let played = u8::from(pos < self.trick_len as usize);
                    let want = HAND_SIZE - self.trick_no - played;
                    if self.hands[s].len() != u32::from(want) {
                        return Err(format!(
                            "seat {s} holds {} cards, expected {want}",
                            self.hands[s].len()
                        ));
                    }
                }
            }
            Phase::Deal => {
                let held: u32 = self.hands.seats(self.n).iter().map(|h| h.len()).sum();
                if held != u32::from(self.dealt)
                    || self.hands.seats(self.n).iter().any(|h| h.len() > 11)
                {
                    return Err("deal count mismatch".into());
                }
            }
            _ => {
                if self.hands.seats(self.n).iter().any(|h| !h.is_empty()) {
                    return Err("cards in hand outside a hand".into());
                }
            }
        }
        Ok(())
    }
}
