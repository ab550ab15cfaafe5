//! A player's turn (spec §3.3, §3.6): draw, discard, the meld step; legal-action generation,
//! validation, and application.
//!
//! Melds are enumerated over every subset of the hand (at most 8 cards, so at most 256
//! subsets) as bitmasks over the hand sorted by card id; each subset's [`Shape`] is built from
//! the subset without its lowest card, so the whole enumeration is a few hundred steps and
//! allocates nothing. Masks in increasing order give card sets in increasing order, so the list
//! comes out sorted.

use parlour_cards::CardSet;
use parlour_core::{EventSink, IllegalAction, Seat};
use parlour_fey::Card;

use crate::Action;
use crate::event::Event;
use crate::meld::{End, Meld, MeldKind, Shape, check_meld, lay_off};
use crate::phase::{HandEnd, Phase};
use crate::state::{MAX_MELDS, State};

/// Most cards a hand holds in the meld step (8 under `meld_before_discard`).
const MAX_MELD_HAND: usize = 8;

fn card(id: u8) -> Card {
    Card::from_id(id).expect("a deck card")
}

/// The values (or lows) whose bits are set in `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let b = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(b)
    })
}

impl State {
    /// Fills `out` (already cleared) with the current player's legal actions, sorted.
    pub(crate) fn generate(&self, out: &mut Vec<Action>) {
        let seat = self.current;
        let hand = self.hands[seat];
        match self.phase {
            Phase::Draw => {
                if self.stock_top < self.stock_end {
                    out.push(Action::DrawStock);
                }
                if self.discard_len > 0 {
                    out.push(Action::DrawDiscard);
                }
            }
            Phase::Discard => {
                for c in hand {
                    if Some(c) != self.taken {
                        out.push(Action::Discard(card(c)));
                    }
                }
            }
            Phase::Meld => {
                if self.rules.meld_before_discard {
                    for c in hand {
                        if Some(c) != self.taken || hand.len() == 1 {
                            out.push(Action::Discard(card(c)));
                        }
                    }
                }
                self.generate_melds(hand, out);
                if !self.rules.no_laying_off {
                    self.generate_lay_offs(hand, out);
                }
                if !self.rules.meld_before_discard {
                    out.push(Action::EndTurn);
                }
            }
            _ => {}
        }
    }

    fn generate_melds(&self, hand: CardSet, out: &mut Vec<Action>) {
        let k = hand.len() as usize;
        if k < 3 {
            return;
        }
        debug_assert!(k <= MAX_MELD_HAND, "a hand of {k} cards in the meld step");
        let k = k.min(MAX_MELD_HAND);
        let fey = self.table.fey();
        let mut ids = [0u8; MAX_MELD_HAND];
        for (slot, c) in ids.iter_mut().zip(hand) {
            *slot = c;
        }
        let mut shapes = [Shape::default(); 1 << MAX_MELD_HAND];
        for m in 1usize..(1 << k) {
            let low = m.trailing_zeros() as usize;
            let s = shapes[m & (m - 1)].with(ids[low], fey);
            shapes[m] = s;
            if s.count < 3 {
                continue;
            }
            let sets = s.set_values();
            let runs = s.run_lows();
            if sets | runs == 0 {
                continue;
            }
            let mut cards = CardSet::EMPTY;
            let mut rest = m;
            while rest != 0 {
                cards.insert(ids[rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            for value in bits(sets) {
                out.push(Action::Meld {
                    cards,
                    kind: MeldKind::Set { value },
                });
            }
            for low in bits(runs) {
                out.push(Action::Meld {
                    cards,
                    kind: MeldKind::Run { low },
                });
            }
        }
    }

    fn generate_lay_offs(&self, hand: CardSet, out: &mut Vec<Action>) {
        let fey = self.table.fey();
        for c in hand {
            for (i, m) in self.melds().iter().enumerate() {
                if !self.rules.lay_off_on_any_meld && m.owner != self.current {
                    continue;
                }
                let ends: &[Option<End>] = match m.kind {
                    MeldKind::Set { .. } => &[None],
                    MeldKind::Run { .. } => &[Some(End::Low), Some(End::High)],
                };
                for &end in ends {
                    if lay_off(m, c, end, fey).is_ok() {
                        out.push(Action::LayOff {
                            card: card(c),
                            meld: i as u8,
                            end,
                        });
                    }
                }
            }
        }
    }

    /// Checks `seat`'s `action` against every rule, without changing anything.
    pub(crate) fn check_action(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        match self.phase {
            Phase::Draw | Phase::Discard | Phase::Meld => {}
            Phase::GameOver => return Err(IllegalAction::new("game-over", "the game is over")),
            _ => return Err(IllegalAction::wrong_node("a chance event")),
        }
        if seat != self.current {
            return Err(IllegalAction::not_your_turn(seat));
        }
        let hand = self.hands[seat];
        let mbd = self.rules.meld_before_discard;
        match action {
            Action::DrawStock | Action::DrawDiscard => {
                if self.phase != Phase::Draw {
                    return Err(IllegalAction::new(
                        "one-draw-per-turn",
                        "the draw is already made this turn",
                    ));
                }
                if action == Action::DrawStock && self.stock_top >= self.stock_end {
                    return Err(IllegalAction::new("draw-from-stock", "the stock is empty"));
                }
                if action == Action::DrawDiscard && self.discard_len == 0 {
                    return Err(IllegalAction::new(
                        "draw-from-discards",
                        "the discard pile is empty",
                    ));
                }
                Ok(())
            }
            Action::Discard(c) => {
                match self.phase {
                    Phase::Draw => {
                        return Err(IllegalAction::new("draw-first", "draw a card first"));
                    }
                    Phase::Meld if !mbd => {
                        return Err(IllegalAction::new(
                            "one-discard-per-turn",
                            "the discard is already made this turn",
                        ));
                    }
                    _ => {}
                }
                if !hand.contains(c.id()) {
                    return Err(IllegalAction::new(
                        "discard-from-hand",
                        format!("{c} is not in hand"),
                    ));
                }
                if Some(c.id()) == self.taken && !(mbd && hand.len() == 1) {
                    return Err(IllegalAction::new(
                        "no-rediscard-of-taken-card",
                        format!("{c} was just taken from the discard pile (D-RR-2)"),
                    ));
                }
                Ok(())
            }
            Action::Meld { cards, kind } => {
                self.check_meld_step()?;
                if cards.is_empty() || !cards.is_subset(hand) {
                    return Err(IllegalAction::new(
                        "meld-from-hand",
                        "every card of a meld must be in hand",
                    ));
                }
                if self.meld_count as usize >= MAX_MELDS {
                    return Err(IllegalAction::new("meld-limit", "no room for another meld"));
                }
                check_meld(cards, kind, self.table.fey())
                    .map_err(|e| IllegalAction::new("valid-meld", format!("not a {kind}: {e}")))
            }
            Action::LayOff { card, meld, end } => {
                self.check_meld_step()?;
                if self.rules.no_laying_off {
                    return Err(IllegalAction::new(
                        "no-laying-off",
                        "laying off is off in this game",
                    ));
                }
                if !hand.contains(card.id()) {
                    return Err(IllegalAction::new(
                        "lay-off-from-hand",
                        format!("{card} is not in hand"),
                    ));
                }
                let Some(m) = self.melds().get(meld as usize) else {
                    return Err(IllegalAction::new(
                        "lay-off-on-a-meld",
                        format!("there is no meld {meld}"),
                    ));
                };
                if !self.rules.lay_off_on_any_meld && m.owner != seat {
                    return Err(IllegalAction::new(
                        "lay-off-on-own-meld",
                        format!("meld {meld} belongs to seat {} (D-RR-4)", m.owner),
                    ));
                }
                lay_off(m, card.id(), end, self.table.fey())
                    .map(|_| ())
                    .map_err(|e| IllegalAction::new("lay-off-fits", e))
            }
            Action::EndTurn => {
                self.check_meld_step()?;
                if mbd {
                    return Err(IllegalAction::new(
                        "discard-ends-the-turn",
                        "under meld_before_discard a discard ends the turn",
                    ));
                }
                Ok(())
            }
        }
    }

    fn check_meld_step(&self) -> Result<(), IllegalAction> {
        match self.phase {
            Phase::Meld => Ok(()),
            Phase::Draw => Err(IllegalAction::new("draw-first", "draw a card first")),
            _ => Err(IllegalAction::new(
                "discard-before-melding",
                "discard first; melding comes after the discard (D-RR-3)",
            )),
        }
    }

    /// Applies a checked action.
    pub(crate) fn perform(&mut self, action: Action, events: &mut impl EventSink<Event>) {
        let seat = self.current;
        let s = seat;
        let next_step = if self.rules.meld_before_discard {
            Phase::Meld
        } else {
            Phase::Discard
        };
        match action {
            Action::DrawStock => {
                let c = self.stock[self.stock_top as usize];
                self.stock_top += 1;
                self.hands[s].insert(c);
                if self.reshuffled {
                    self.draws_since_reshuffle[s] += 1;
                }
                self.phase = next_step;
                events.push(Event::DrewStock {
                    seat,
                    card: card(c),
                });
            }
            Action::DrawDiscard => {
                self.discard_len -= 1;
                let c = self.discard[self.discard_len as usize];
                self.hands[s].insert(c);
                self.known[s].insert(c);
                self.taken = Some(c);
                self.phase = next_step;
                events.push(Event::DrewDiscard {
                    seat,
                    card: card(c),
                });
            }
            Action::Discard(c) => {
                let id = c.id();
                self.hands[s].remove(id);
                self.known[s].remove(id);
                self.discard[self.discard_len as usize] = id;
                self.discard_len += 1;
                events.push(Event::Discarded { seat, card: c });
                if self.phase == Phase::Discard {
                    self.taken = None;
                    self.phase = Phase::Meld;
                } else if self.hands[s].is_empty() {
                    self.end_hand(HandEnd::WentOut(seat), events);
                } else {
                    self.end_turn(events);
                }
            }
            Action::Meld { cards, kind } => {
                self.hands[s] = self.hands[s].minus(cards);
                self.known[s] = self.known[s].minus(cards);
                self.contributed[s] = self.contributed[s].or(cards);
                let meld = self.meld_count;
                self.melds[meld as usize] = Meld {
                    cards,
                    kind,
                    owner: seat,
                };
                self.meld_count += 1;
                events.push(Event::Melded {
                    seat,
                    meld,
                    cards,
                    kind,
                });
                self.after_meld_step(seat, events);
            }
            Action::LayOff { card: c, meld, end } => {
                let id = c.id();
                let m = &mut self.melds[meld as usize];
                *m = lay_off(m, id, end, self.table.fey()).expect("a checked lay-off fits");
                self.hands[s].remove(id);
                self.known[s].remove(id);
                self.contributed[s].insert(id);
                events.push(Event::LaidOff {
                    seat,
                    card: c,
                    meld,
                    end,
                });
                self.after_meld_step(seat, events);
            }
            Action::EndTurn => {
                events.push(Event::EndedTurn { seat });
                self.end_turn(events);
            }
        }
    }

    /// A hand emptied in the meld step ends the hand at once (§3.3, "went out").
    fn after_meld_step(&mut self, seat: Seat, events: &mut impl EventSink<Event>) {
        if self.hands[seat].is_empty() {
            self.end_hand(HandEnd::WentOut(seat), events);
        }
    }
}
