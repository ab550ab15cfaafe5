//! Prompts (spec §9.3): the options each one offers, described once as a [`Choices`] value
//! that both lists the legal answers and validates an answer without allocating, and what
//! each answer does.

use parlour_cards::CardSet;
use parlour_core::{EventSink, Seat, SeatSet};

use crate::action::{Action, LineRef};
use crate::cards::{Card, CardType};
use crate::event::Event;
use crate::state::State;
use crate::task::{Prompt, Task};

/// The answers a prompt allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Choices {
    /// `Pick(c)` for these cards.
    pub cards: CardSet,
    /// `PickSet(s)` for subsets of `pool` of size `min..=max` (when `sets`).
    pub sets: bool,
    pub pool: CardSet,
    pub min: u8,
    pub max: u8,
    /// `Name(p)`.
    pub players: SeatSet,
    /// `Choose(l)` for line bits `owner * 3 + slot`.
    pub lines: u32,
    pub yes: bool,
    pub no: bool,
    pub decline: bool,
}

impl Choices {
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
            && !(self.sets && self.pool.len() >= u32::from(self.min) && self.min <= self.max)
            && self.players.is_empty()
            && self.lines == 0
            && !self.yes
            && !self.no
            && !self.decline
    }

    pub fn allows(&self, a: Action) -> bool {
        match a {
            Action::Pick(c) => self.cards.contains(c.0),
            Action::PickSet(s) => {
                self.sets
                    && s.is_subset(self.pool)
                    && (u32::from(self.min)..=u32::from(self.max)).contains(&s.len())
            }
            Action::Name(p) => p.0 < 16 && self.players.contains(p),
            Action::Choose(l) => l.slot < 3 && l.owner.0 < 6 && self.lines >> l.bit() & 1 == 1,
            Action::Yes => self.yes,
            Action::No => self.no,
            Action::Decline => self.decline,
            _ => false,
        }
    }

    pub fn fill(&self, out: &mut Vec<Action>) {
        for c in self.cards {
            out.push(Action::Pick(Card(c)));
        }
        if self.sets {
            let pool: Vec<u8> = self.pool.iter().collect();
            subsets(&pool, self.min as usize, self.max as usize, out);
        }
        for p in self.players.iter() {
            out.push(Action::Name(p));
        }
        for b in 0..18u32 {
            if self.lines >> b & 1 == 1 {
                out.push(Action::Choose(LineRef::new((b / 3) as u8, (b % 3) as u8)));
            }
        }
        if self.yes {
            out.push(Action::Yes);
        }
        if self.no {
            out.push(Action::No);
        }
        if self.decline {
            out.push(Action::Decline);
        }
    }
}

fn subsets(pool: &[u8], min: usize, max: usize, out: &mut Vec<Action>) {
    let n = pool.len();
    if n > 20 {
        // Never reached: pools are hands of a few cards or two looked-at cards.
        return;
    }
    for mask in 0u32..(1 << n) {
        let k = mask.count_ones() as usize;
        if k < min || k > max {
            continue;
        }
        let s: CardSet = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| pool[i])
            .collect();
        out.push(Action::PickSet(s));
    }
}

fn line_bits(owner: Seat, slots: CardSet) -> u32 {
    let mut b = 0;
    for s in slots {
        b |= 1 << (u32::from(owner.0) * 3 + u32::from(s));
    }
    b
}

impl State {
    /// The answers `seat` may give to prompt `p`.
    pub(crate) fn choices(&self, seat: Seat, p: Prompt) -> Choices {
        let mut c = Choices::default();
        let free = self.free(seat);
        let pile: CardSet = self.discard.iter().map(|c| c.0).collect();
        match p {
            Prompt::LoseAcquaintance => c.cards = self.acquaintances(seat),
            Prompt::UrchinLoot(_) => {
                c.cards = self
                    .of_type_in(free, CardType::Action)
                    .or(self.of_type_in(free, CardType::Acquaintance));
            }
            Prompt::ForfeitGive { taken, .. } => {
                c.cards = free.minus(CardSet::single(taken.0)).or(pile);
            }
            Prompt::ForfeitTrim | Prompt::TestTrim => c.cards = free,
            Prompt::AdvantageKeep => {
                c.cards = self.look;
                c.decline = true;
            }
            Prompt::AdvantageDiscard { kept } => c.cards = free.minus(CardSet::single(kept.0)),
            Prompt::RefreshKeep => {
                c.sets = true;
                c.pool = self.look;
                c.min = 0;
                c.max = self.look.len().min(free.len()) as u8;
            }
            Prompt::RefreshDiscard { .. } => c.cards = free,
            Prompt::TakeAcquaintance | Prompt::AttackedReplace => {
                c.cards = if matches!(p, Prompt::TakeAcquaintance) {
                    self.of_type_in(pile, CardType::Acquaintance)
                } else {
                    pile
                };
            }
            Prompt::HcDraw(_) => {
                c.yes = true;
                c.no = true;
            }
            Prompt::TiedLine { slots, .. } => c.lines = line_bits(seat, CardSet(u128::from(slots))),
            Prompt::ReceiveSlot { .. } => c.lines = line_bits(seat, self.unstarted_slots(seat)),
            Prompt::FocusLine { fresh_only, only } => {
                let any = crate::cards::Effect::RemoveFocus {
                    any: true,
                    focuses: CardSet::EMPTY,
                    at: CardSet::EMPTY,
                };
                let mut slots = self.focus_lines(seat, any, fresh_only);
                if let Some(o) = only {
                    slots = slots.and(CardSet::single(o));
                }
                c.lines = line_bits(seat, slots);
            }
            Prompt::ActivateTerror(line) => c.cards = self.activatable(line),
            Prompt::AttackedSetting { .. } => c.cards = self.of_type_in(free, CardType::Setting),
            Prompt::AttackedLine { owner, setting } => {
                if free.contains(setting.0) {
                    c.lines = line_bits(owner, self.unstarted_slots(owner));
                }
            }
            Prompt::BloodGive { k } => {
                c.sets = true;
                c.pool = free;
                c.min = k;
                c.max = k;
            }
            Prompt::BloodReturn { k, received, .. } => {
                c.sets = true;
                c.pool = free.minus(received);
                c.min = k;
                c.max = k;
            }
            Prompt::WwAsk { asked } => {
                for s in self.seated.iter() {
                    if s != seat && !asked.contains(s) {
                        c.players.insert(s);
                    }
                }
            }
            Prompt::WwGive { .. } => c.cards = self.of_type_in(free, CardType::Action),
            Prompt::WwReturn { .. } => c.cards = free,
            Prompt::LapOpponent => {
                for s in self.seated.iter() {
                    if s != seat {
                        c.players.insert(s);
                    }
                }
            }
            Prompt::LapKeep { taken } => {
                let others = free.minus(CardSet::single(taken.0));
                c.cards = others;
                c.decline = self.lodged != Some(taken);
                c.yes = others.is_empty();
            }
        }
        c
    }

    /// A prompt with no option is skipped (§9.3, pinned 1); this is what skipping means.
    pub(crate) fn skip_prompt(&mut self, seat: Seat, p: Prompt, ev: &mut impl EventSink<Event>) {
        match p {
            // §2 step 5: nothing to give, so the taken card goes back.
            Prompt::ForfeitGive { victim, taken } if self.hands[seat].contains(taken.0) => {
                self.give(seat, victim, taken, ev);
            }
            Prompt::RefreshDiscard { .. } => self.refresh_done(seat),
            _ => {}
        }
    }

    fn refresh_done(&mut self, seat: Seat) {
        let kept = self.look;
        self.look = CardSet::EMPTY;
        for c in kept {
            self.put_in_hand(Card(c), seat, SeatSet::EMPTY);
        }
    }

    /// Applies a checked answer to prompt `p`.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn answer(
        &mut self,
        seat: Seat,
        p: Prompt,
        a: Action,
        ev: &mut impl EventSink<Event>,
    ) {
        let pick = match a {
            Action::Pick(c) => Some(c),
            _ => None,
        };
        match (p, a) {
            (
                Prompt::LoseAcquaintance | Prompt::ForfeitTrim | Prompt::TestTrim,
                Action::Pick(c),
            ) => {
                self.discard_from_hand(seat, c, ev);
            }
            (Prompt::UrchinLoot(urchin), Action::Pick(c)) => {
                self.discard_from_hand(seat, c, ev);
                if self.resolving.contains(urchin.0) {
                    self.resolving.remove(urchin.0);
                    self.put_in_hand(urchin, seat, SeatSet::all(self.n));
                    self.lodged = Some(urchin);
                    ev.push(Event::Lodged(seat, urchin));
                }
            }
            (Prompt::ForfeitGive { victim, .. }, Action::Pick(c)) => {
                if self.hands[seat].contains(c.0) {
                    self.give(seat, victim, c, ev);
                } else {
                    self.take_from_discard(victim, c, ev);
                    if !self.rules.forfeit_taken_card_discarded {
                        self.push(Task::Ask(seat, Prompt::ForfeitTrim));
                    }
                }
            }
            (Prompt::AdvantageKeep, _) => {
                let look = self.look;
                self.look = CardSet::EMPTY;
                for c in look {
                    if Some(Card(c)) == pick {
                        self.put_in_hand(Card(c), seat, SeatSet::EMPTY);
                    } else {
                        self.put_on_discard(Card(c));
                        ev.push(Event::Discarded(seat, Card(c)));
                    }
                }
                if let Some(kept) = pick {
                    self.push(Task::Ask(seat, Prompt::AdvantageDiscard { kept }));
                }
            }
            (Prompt::AdvantageDiscard { .. }, Action::Pick(c)) => {
                self.discard_from_hand(seat, c, ev)
            }
            (Prompt::RefreshKeep, Action::PickSet(keep)) => {
                for c in self.look.minus(keep) {
                    self.look.remove(c);
                    self.put_on_discard(Card(c));
                    ev.push(Event::Discarded(seat, Card(c)));
                }
                if keep.is_empty() {
                    self.look = CardSet::EMPTY;
                } else {
                    self.push(Task::Ask(
                        seat,
                        Prompt::RefreshDiscard {
                            left: keep.len() as u8,
                        },
                    ));
                }
            }
            (Prompt::RefreshDiscard { left }, Action::Pick(c)) => {
                self.discard_from_hand(seat, c, ev);
                if left > 1 {
                    self.push(Task::Ask(seat, Prompt::RefreshDiscard { left: left - 1 }));
                } else {
                    self.refresh_done(seat);
                }
            }
            (Prompt::TakeAcquaintance | Prompt::AttackedReplace, Action::Pick(c)) => {
                self.take_from_discard(seat, c, ev);
            }
            (Prompt::HcDraw(ctx), Action::Yes) => {
                ev.push(Event::Chose(seat, "to remove the brick".into()));
                self.push(Task::TestDraw(ctx));
            }
            (Prompt::HcDraw(_), _) => ev.push(Event::Chose(seat, "to leave the brick".into())),
            (Prompt::TiedLine { purpose, .. }, Action::Choose(l)) => {
                self.act_on_line(seat, purpose, l.slot, ev);
            }
            (Prompt::ReceiveSlot { from }, Action::Choose(l)) => self.transfer(from, l, ev),
            (Prompt::FocusLine { .. }, Action::Choose(l)) => self.remove_top(l, ev),
            (Prompt::ActivateTerror(line), Action::Pick(t)) => {
                self.remove_from_discard(t);
                self.place(t, line);
                ev.push(Event::Placed(line, t));
            }
            (Prompt::AttackedSetting { owner }, Action::Pick(s)) => {
                self.push(Task::Ask(seat, Prompt::AttackedLine { owner, setting: s }));
            }
            (Prompt::AttackedLine { setting, .. }, Action::Choose(l)) => {
                self.remove_from_hand(setting, seat);
                self.place(setting, l);
                ev.push(Event::Placed(l, setting));
                if self.rules.attacked_replace_top_discard {
                    if let Some(&top) = self.discard.last() {
                        self.take_from_discard(seat, top, ev);
                    }
                } else {
                    self.push(Task::Ask(seat, Prompt::AttackedReplace));
                }
            }
            (Prompt::BloodGive { k }, Action::PickSet(s)) => {
                let nb = self.left(seat);
                for c in s {
                    self.give(seat, nb, Card(c), ev);
                }
                self.push(Task::Ask(
                    nb,
                    Prompt::BloodReturn {
                        k,
                        received: s,
                        to: seat,
                    },
                ));
            }
            (Prompt::BloodReturn { to, .. }, Action::PickSet(s)) => {
                for c in s {
                    self.give(seat, to, Card(c), ev);
                }
            }
            (Prompt::WwAsk { mut asked }, Action::Name(p)) => {
                ev.push(Event::ChoseSeat(seat, p));
                if self.of_type_in(self.hands[p], CardType::Action).is_empty() {
                    ev.push(Event::NoAction(p));
                    asked.insert(p);
                    self.push(Task::Ask(seat, Prompt::WwAsk { asked }));
                } else {
                    self.push(Task::Ask(p, Prompt::WwGive { owner: seat }));
                }
            }
            (Prompt::WwGive { owner }, Action::Pick(c)) => {
                self.give(seat, owner, c, ev);
                self.push(Task::Ask(owner, Prompt::WwReturn { to: seat }));
            }
            (Prompt::WwReturn { to }, Action::Pick(c)) => self.give(seat, to, c, ev),
            (Prompt::LapOpponent, Action::Name(p)) => {
                ev.push(Event::ChoseSeat(seat, p));
                self.push(Task::Rehand(p));
            }
            (Prompt::LapKeep { taken }, _) => match a {
                Action::Pick(c) => self.discard_from_hand(seat, c, ev),
                Action::Decline => self.discard_from_hand(seat, taken, ev),
                _ => {}
            },
            _ => {}
        }
    }
}
