//! Applying an action or the deal to the state.

use parlour_core::EventSink;

use crate::action::Action;
use crate::arrangement::SetupToken;
use crate::card::{ASSASSIN, CardId, KING, NOBLE, bit};
use crate::event::Event;
use crate::geometry::SeatIdx;
use crate::phase::Phase;
use crate::resolve::Frame;
use crate::scoring::EndReason;
use crate::state::State;

impl State {
    pub(crate) fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        self.turns += 1;
        self.active = 0;
        self.phase = Phase::TurnStart;
        ev.push(Event::TurnEnded { turns: self.turns });
        self.advance(ev);
    }

    /// Applies an action already checked legal.
    pub(crate) fn act(&mut self, a: Action, ev: &mut impl EventSink<Event>) {
        match self.phase {
            Phase::TurnStart => match a {
                Action::EndGame => self.finish(EndReason::Declared, ev),
                Action::Activate(p) => {
                    let s = self.geo.seat(p).expect("checked");
                    let card = self.board[usize::from(s)];
                    // A blind activation shows the card's identity through its effect.
                    self.known |= bit(card);
                    self.active = card;
                    self.reveals = 0;
                    self.reacted = 0;
                    self.phase = Phase::Resolve;
                    ev.push(Event::Activated { card, at: p });
                    self.start_order(card, s, ev);
                    self.advance(ev);
                }
                _ => {}
            },
            Phase::Swap => {
                if let Action::Swap(pa, pb) = a {
                    let sa = self.geo.seat(pa).expect("checked");
                    let sb = self.geo.seat(pb).expect("checked");
                    self.swap_seats(sa, sb);
                    ev.push(Event::Swapped { a: pa, b: pb });
                }
                self.end_turn(ev);
            }
            Phase::Resolve => {
                let f = self.stack.pop().expect("checked");
                match (f, a) {
                    (_, Action::Decline) => {}
                    (Frame::GamblerCall, Action::Call(v)) => self.stack.push(Frame::GamblerPeek(v)),
                    (Frame::GamblerCall, Action::CallMiss) => {
                        self.stack.push(Frame::GamblerPeek(0))
                    }
                    (Frame::Vizier, Action::Pair(pa, pb)) => {
                        let sa = self.geo.seat(pa).expect("checked");
                        let sb = self.geo.seat(pb).expect("checked");
                        self.swap_seats(sa, sb);
                        ev.push(Event::Swapped { a: pa, b: pb });
                    }
                    (Frame::Queen, Action::Slide(d, k)) => self.queen_slide(d, k, ev),
                    (_, Action::Target(p)) => {
                        let s = self.geo.seat(p).expect("checked");
                        let card = self.board[usize::from(s)];
                        match f {
                            Frame::PriestPeek => self.peek(s, ev),
                            Frame::GamblerPeek(call) => {
                                self.peek(s, ev);
                                if self.phase != Phase::Over && card == call {
                                    self.flip(card, ev);
                                }
                            }
                            Frame::NoblePeek => {
                                self.peek(s, ev);
                                if self.phase != Phase::Over && card < NOBLE {
                                    self.flip(card, ev);
                                }
                            }
                            Frame::JesterFlip(_) | Frame::AdjFlip(_) => self.flip(card, ev),
                            Frame::Merchant => {
                                let partner = self.merchant_partner(card).expect("checked");
                                let t = self.pos[usize::from(partner)];
                                self.swap_seats(s, t);
                                ev.push(Event::Swapped { a: p, b: self.p(t) });
                            }
                            Frame::Knight => {
                                let k = self.pos[usize::from(self.active)];
                                self.swap_seats(k, s);
                                ev.push(Event::Swapped { a: self.p(k), b: p });
                            }
                            Frame::FlipAll(t) => {
                                let rest = if self.rules.flip_targets_by_position {
                                    t & !(1 << s)
                                } else {
                                    t & !bit(card)
                                };
                                self.stack.push(Frame::FlipAll(rest));
                                self.flip(card, ev);
                            }
                            _ => {}
                        }
                    }
                    _ => {}
                }
                if self.phase != Phase::Over {
                    self.advance(ev);
                }
            }
            Phase::Deal | Phase::Over => {}
        }
    }

    pub(crate) fn deal(&mut self, cards: &[CardId], ev: &mut impl EventSink<Event>) {
        let mut next = cards.iter();
        let mut s = 0usize;
        let mut face_up_dealt = 0u32;
        for tok in &self.arr.setup.clone() {
            let (card, up) = match *tok {
                SetupToken::Hole => continue,
                SetupToken::King => (KING, true),
                SetupToken::Assassin => (ASSASSIN, false),
                SetupToken::Fixed { card, face_up } => (card, face_up),
                SetupToken::Up | SetupToken::Down => {
                    let c = *next.next().expect("checked length");
                    if *tok == SetupToken::Up {
                        face_up_dealt |= bit(c);
                    }
                    (c, *tok == SetupToken::Up)
                }
            };
            self.board[s] = card;
            self.pos[usize::from(card)] = s as u8;
            if up {
                self.up |= bit(card);
            }
            // The player knows every card placed rather than dealt face down: the King, the
            // Assassin (its seat is on the diagram) and fixed study cards.
            if !matches!(*tok, SetupToken::Down) {
                self.known |= bit(card);
            }
            s += 1;
        }
        ev.push(Event::Dealt);
        if self.rules.setup_reveals_trigger && face_up_dealt != 0 {
            self.phase = Phase::Resolve;
            self.active = 0;
            self.stack.push(Frame::SetupReveal(face_up_dealt));
        } else {
            self.phase = Phase::TurnStart;
        }
        self.advance(ev);
    }

    /// Applies `a` without the legality check (the search hot path).
    ///
    /// Legality is asserted in debug builds only; an illegal action may corrupt the state.
    pub fn apply_unchecked(&mut self, a: Action, ev: &mut impl EventSink<Event>) {
        debug_assert!(self.check(a).is_ok(), "illegal {a:?} in {self:?}");
        self.act(a, ev);
    }

    pub(crate) fn due_shuffle(&self) -> Option<u32> {
        match (self.phase, self.stack.last()) {
            (Phase::Resolve, Some(Frame::Shuffle(seats))) => Some(*seats),
            _ => None,
        }
    }

    pub(crate) fn seats_in(mask: u32) -> impl Iterator<Item = SeatIdx> {
        (0..32u8).filter(move |s| mask & (1 << s) != 0)
    }
}
