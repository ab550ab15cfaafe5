//! Support-card effects (spec §1.6–§1.8): one small function per effect. The card table says
//! which effect a card has; [`State::run_effect`] only dispatches.

use parlour_cards::CardSet;
use parlour_core::{EventSink, Seat, SeatSet};

use crate::action::LineRef;
use crate::cards::{Card, CardType, Effect};
use crate::event::Event;
use crate::state::State;
use crate::task::{Ctx, LookFor, Need, Prompt, Task, TiePurpose};

impl State {
    /// Resolves a played support card. The card is in the resolving area and a `Finish` task
    /// below will discard it.
    pub(crate) fn run_effect(&mut self, ctx: Ctx, ev: &mut impl EventSink<Event>) {
        if ctx.curse {
            // Psychic / Pleasant Company `curse`: the owner draws on the Lap of the Gods.
            self.push(Task::Lap(ctx.owner()));
            return;
        }
        let Some(effect) = self.deck().info(ctx.card).effect else {
            return;
        };
        let owner = ctx.owner();
        match effect {
            Effect::CancelTerror(_) | Effect::RemoveSetting { .. } => self.remove_top(ctx.line, ev),
            Effect::RemoveFocus { .. } => self.remove_focus(ctx, effect, ev),
            Effect::Lap => self.push(Task::Lap(owner)),
            Effect::Forfeit => self.push(Task::Forfeit(owner)),
            Effect::CoachAndHorses => self.coach_and_horses(ctx, ev),
            Effect::TakeAcquaintance => self.ask_take_acquaintance(owner),
            Effect::UrchinThief => self.urchin_thief(ctx),
            Effect::Hallucination
            | Effect::ChanceFind
            | Effect::TrapDoor
            | Effect::Garrotted
            | Effect::OverIndulgence => self.push(Task::TestDraw(ctx)),
            Effect::SecretRoom => self.secret_room(ctx),
            Effect::Transformation => self.transformation(owner, ev),
            Effect::Attacked => self.attacked(owner),
            Effect::HiddenCompartment => self.push(Task::Ask(owner, Prompt::HcDraw(ctx))),
            Effect::Refreshments => self.push(Task::Look {
                seat: owner,
                left: 2,
                purpose: LookFor::Refreshments,
            }),
            Effect::BloodLetting => self.blood_letting(owner),
            Effect::MissTurn => self.miss_turn(owner, ev),
            Effect::MissTurnWithNeighbour => {
                self.miss_turn(owner, ev);
                self.miss_turn(self.left(owner), ev);
            }
            Effect::ViolentTemper => self.violent_temper(owner),
            Effect::ActivateFocus => self.activate_focus(ctx),
            Effect::WellWishingStranger => self.push(Task::Ask(
                owner,
                Prompt::WwAsk {
                    asked: SeatSet::EMPTY,
                },
            )),
        }
    }

    /// The outcome of a test draw for the card being resolved (§4.7).
    pub(crate) fn test_outcome(&mut self, ctx: Ctx, drawn: Card, ev: &mut impl EventSink<Event>) {
        let owner = ctx.owner();
        let ty = self.deck().card_type(drawn);
        let essential = ty.is_essential();
        let Some(effect) = self.deck().info(ctx.card).effect else {
            return;
        };
        match effect {
            Effect::Hallucination => {
                if ty == CardType::Terror {
                    if self.rules.hallucination_terror_also_advantage {
                        self.push(Task::Look {
                            seat: owner,
                            left: 2,
                            purpose: LookFor::Advantage,
                        });
                    }
                    self.push(Task::Lap(owner));
                } else if essential {
                    self.advantage(owner);
                } else {
                    self.push(Task::Forfeit(owner));
                }
            }
            Effect::ChanceFind => {
                if essential {
                    let only = self
                        .rules
                        .chance_find_this_line_only
                        .then_some(ctx.line.slot);
                    let fresh_only = matches!(self.phase, crate::state::Phase::Defence(_));
                    self.push(Task::Ask(owner, Prompt::FocusLine { fresh_only, only }));
                } else {
                    self.push(Task::Forfeit(owner));
                }
            }
            Effect::TrapDoor => {
                if essential {
                    self.ask_take_acquaintance(owner);
                } else {
                    self.push(Task::Forfeit(owner));
                }
            }
            Effect::OverIndulgence => {
                if essential {
                    self.push(Task::Lap(owner));
                } else {
                    self.push(Task::Forfeit(owner));
                }
            }
            // D22: a support card does nothing.
            Effect::Garrotted if essential => {
                if self.acquaintances(owner).is_empty() {
                    self.count_extreme_line(owner, TiePurpose::CompleteLargest, ev);
                } else {
                    self.push(Task::Ask(owner, Prompt::LoseAcquaintance));
                }
            }
            Effect::HiddenCompartment => {
                if essential {
                    self.count_extreme_line(owner, TiePurpose::DiscardSmallest, ev);
                } else {
                    self.hc_support(owner, ev);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn acquaintances(&self, seat: Seat) -> CardSet {
        self.of_type_in(self.hands[seat], CardType::Acquaintance)
    }

    pub(crate) fn advantage(&mut self, seat: Seat) {
        self.push(Task::Look {
            seat,
            left: 2,
            purpose: LookFor::Advantage,
        });
    }

    fn remove_focus(&mut self, ctx: Ctx, effect: Effect, ev: &mut impl EventSink<Event>) {
        if self.deck().info(ctx.card).reach && self.rules.removal_any_own_line {
            let fresh_only = matches!(self.phase, crate::state::Phase::Defence(_));
            let _ = effect;
            self.push(Task::Ask(
                ctx.owner(),
                Prompt::FocusLine {
                    fresh_only,
                    only: None,
                },
            ));
        } else {
            self.remove_top(ctx.line, ev);
        }
    }

    fn ask_take_acquaintance(&mut self, owner: Seat) {
        // Skipped by the driver when the pile holds no Acquaintance.
        self.push(Task::Ask(owner, Prompt::TakeAcquaintance));
    }

    /// Coach and Horses (D23): blocked by a protector or by holding no Acquaintance.
    fn coach_and_horses(&mut self, ctx: Ctx, ev: &mut impl EventSink<Event>) {
        let victim = ctx.owner();
        let hand = self.hands[victim];
        let blocked = hand.iter().any(|c| self.deck().info(Card(c)).blocks_coach)
            || self.acquaintances(victim).is_empty();
        if blocked {
            ev.push(Event::Blocked(ctx.player));
            self.push(Task::Forfeit(ctx.player));
        } else if self.rules.coach_victim_random_acquaintance {
            self.push(Task::DiscardTaken(victim));
            self.push(Task::Chance(Need::Take {
                from: victim,
                acq_only: true,
            }));
        } else {
            self.push(Task::Ask(victim, Prompt::LoseAcquaintance));
        }
    }

    /// Urchin Thief: loot an Action or Acquaintance, then lodge (D24).
    fn urchin_thief(&mut self, ctx: Ctx) {
        self.push(Task::Ask(ctx.owner(), Prompt::UrchinLoot(ctx.card)));
    }

    /// Secret Room: the owner discards an Acquaintance, else the player forfeits.
    fn secret_room(&mut self, ctx: Ctx) {
        if self.acquaintances(ctx.owner()).is_empty() {
            self.push(Task::Forfeit(ctx.player));
        } else {
            self.push(Task::Ask(ctx.owner(), Prompt::LoseAcquaintance));
        }
    }

    /// Transformation: swap every Acquaintance for a fresh draw, or with none the smallest
    /// line is counted complete.
    fn transformation(&mut self, owner: Seat, ev: &mut impl EventSink<Event>) {
        let acq = self.acquaintances(owner);
        if acq.is_empty() {
            self.count_extreme_line(owner, TiePurpose::CompleteSmallest, ev);
        } else {
            for c in acq {
                self.discard_from_hand(owner, Card(c), ev);
            }
            self.push(Task::Draw {
                seat: owner,
                n: acq.len() as u8,
            });
        }
    }

    /// Attacked! (§1.6.1).
    fn attacked(&mut self, owner: Seat) {
        if self.unstarted_slots(owner).is_empty() {
            if self.acquaintances(owner).is_empty() {
                self.push(Task::Forfeit(owner));
            } else {
                self.push(Task::Ask(owner, Prompt::LoseAcquaintance));
            }
            return;
        }
        let mut s = self.left(owner);
        while s != owner {
            if !self.of_type_in(self.free(s), CardType::Setting).is_empty() {
                self.push(Task::Ask(s, Prompt::AttackedSetting { owner }));
                return;
            }
            s = self.left(s);
        }
    }

    fn blood_letting(&mut self, owner: Seat) {
        let nb = self.left(owner);
        let k = 2.min(self.free(owner).len()).min(self.free(nb).len()) as u8;
        if k > 0 {
            self.push(Task::Ask(owner, Prompt::BloodGive { k }));
        }
    }

    fn miss_turn(&mut self, seat: Seat, ev: &mut impl EventSink<Event>) {
        self.skips[seat] = self.skips[seat].saturating_add(1);
        ev.push(Event::WillMissTurn(seat));
    }

    fn violent_temper(&mut self, owner: Seat) {
        if !self.acquaintances(owner).is_empty() {
            self.push(Task::Draw { seat: owner, n: 1 });
            self.push(Task::Ask(owner, Prompt::LoseAcquaintance));
        }
    }

    /// Activate Focus (D26): the player picks a summoned terror from the discard pile.
    fn activate_focus(&mut self, ctx: Ctx) {
        self.push(Task::Ask(ctx.player, Prompt::ActivateTerror(ctx.line)));
    }

    /// Terrors in the discard pile that the Focus on top of `line` summons.
    pub(crate) fn activatable(&self, line: LineRef) -> CardSet {
        let l = self.line(line.owner, line.slot);
        match l.top() {
            Some(f) if self.deck().card_type(f) == CardType::Focus && !l.complete => {
                let pile: CardSet = self.discard.iter().map(|c| c.0).collect();
                pile.and(
                    self.deck()
                        .summoned_by(f, self.rules.fatal_possession_distinct),
                )
            }
            _ => CardSet::EMPTY,
        }
    }

    pub(crate) fn unstarted_slots(&self, seat: Seat) -> CardSet {
        let mut s = CardSet::EMPTY;
        for (i, l) in self.seat_lines(seat).iter().enumerate() {
            if l.is_unstarted() {
                s.insert(i as u8);
            }
        }
        s
    }

    /// The tied smallest (or largest) lines of `seat` by §2 and D19, as a slot set.
    pub(crate) fn extreme_lines(&self, seat: Seat, largest: bool, fallback: bool) -> CardSet {
        let lines = self.seat_lines(seat);
        let candidate = |l: &crate::state::Line| {
            !l.complete && (l.len > 0 || self.rules.smallest_line_includes_empty)
        };
        let mut best: Option<u8> = None;
        for l in lines.iter().filter(|l| candidate(l)) {
            best = Some(match best {
                None => l.len,
                Some(b) if largest => b.max(l.len),
                Some(b) => b.min(l.len),
            });
        }
        let mut s = CardSet::EMPTY;
        match best {
            Some(b) => {
                for (i, l) in lines.iter().enumerate() {
                    if candidate(l) && l.len == b {
                        s.insert(i as u8);
                    }
                }
            }
            None if fallback => s = self.unstarted_slots(seat),
            None => {}
        }
        s
    }

    /// Transformation, Garrotted, Hidden Compartment (essential): act on the owner's smallest or
    /// largest line, asking only on a tie (pinned 2).
    fn count_extreme_line(
        &mut self,
        owner: Seat,
        purpose: TiePurpose,
        ev: &mut impl EventSink<Event>,
    ) {
        let (largest, fallback) = match purpose {
            TiePurpose::CompleteLargest => (true, true),
            TiePurpose::CompleteSmallest => (false, true),
            _ => (false, false),
        };
        let slots = self.extreme_lines(owner, largest, fallback);
        match slots.len() {
            0 => {}
            1 => {
                let slot = slots.first().unwrap_or(0);
                self.act_on_line(owner, purpose, slot, ev);
            }
            _ => self.push(Task::Ask(
                owner,
                Prompt::TiedLine {
                    purpose,
                    slots: slots.0 as u8,
                },
            )),
        }
    }

    /// Carries out a tie purpose on `seat`'s line `slot`.
    pub(crate) fn act_on_line(
        &mut self,
        seat: Seat,
        purpose: TiePurpose,
        slot: u8,
        ev: &mut impl EventSink<Event>,
    ) {
        let line = LineRef { owner: seat, slot };
        match purpose {
            TiePurpose::CompleteSmallest | TiePurpose::CompleteLargest => {
                // D34 and pinned 13: counted complete, even with a pending terror.
                let l = self.line_mut(line);
                l.complete = true;
                l.pending = false;
                ev.push(Event::Completed(line));
                self.check_end(ev);
            }
            TiePurpose::DiscardSmallest => {
                while !self.line(seat, slot).is_empty() {
                    self.remove_top(line, ev);
                }
            }
            TiePurpose::Give { receiver } => {
                self.push(Task::Ask(receiver, Prompt::ReceiveSlot { from: line }));
            }
        }
    }

    /// Candidate lines to give in Hidden Compartment's support outcome: other players'
    /// started, incomplete lines without a pending terror, of the fewest cards (D20).
    fn hc_candidates(&self, owner: Seat) -> (u8, SeatSet) {
        let mut min = u8::MAX;
        let mut who = SeatSet::EMPTY;
        for s in self.seated.iter().filter(|&s| s != owner) {
            for l in self.seat_lines(s) {
                if l.len > 0 && !l.complete && !l.pending {
                    if l.len < min {
                        min = l.len;
                        who = SeatSet::EMPTY;
                    }
                    if l.len == min {
                        who.insert(s);
                    }
                }
            }
        }
        (min, who)
    }

    fn hc_support(&mut self, owner: Seat, _ev: &mut impl EventSink<Event>) {
        if self.unstarted_slots(owner).is_empty() {
            return;
        }
        let (_, who) = self.hc_candidates(owner);
        match who.len() {
            0 => {}
            1 => {
                let giver = who.first().unwrap_or(owner);
                self.push(Task::HcGive { owner, giver });
            }
            _ => {
                self.tie_cards = parlour_core::BySeat::splat(None);
                self.push(Task::HcTie { owner, tied: who });
            }
        }
    }

    /// One step of the tie draw: the next tied player (clockwise from the owner's left)
    /// reveals the top card of the stockpile; when all have, the winner gives (pinned 6).
    pub(crate) fn hc_tie(&mut self, owner: Seat, tied: SeatSet, ev: &mut impl EventSink<Event>) {
        let mut s = self.left(owner);
        let mut next = None;
        while s != owner {
            if tied.contains(s) && self.tie_cards[s].is_none() {
                next = Some(s);
                break;
            }
            s = self.left(s);
        }
        if let Some(s) = next {
            if let Some(c) = self.stock.pop() {
                self.revealed.push(c);
                self.tie_cards[s] = Some(c);
                ev.push(Event::TieCard(s, c));
                self.push(Task::HcTie { owner, tied });
            } else if !self.discard.is_empty() {
                self.push(Task::HcTie { owner, tied });
                self.push(Task::Chance(Need::Reshuffle));
            } else {
                // Both piles empty: the first tied player from the owner's left gives.
                let giver = self.first_from_left(owner, tied);
                self.after_tie(owner, giver);
            }
            return;
        }
        let d = self.deck();
        let loser_gives = self.rules.hidden_compartment_tie_loser_gives;
        let mut giver = self.first_from_left(owner, tied);
        let mut best: Option<u8> = None;
        for s in tied.iter() {
            if let Some(c) = self.tie_cards[s] {
                let r = d.alpha_rank(c);
                let better = match best {
                    None => true,
                    Some(b) if loser_gives => r > b,
                    Some(b) => r < b,
                };
                if better {
                    best = Some(r);
                    giver = s;
                }
            }
        }
        self.after_tie(owner, giver);
    }

    fn first_from_left(&self, owner: Seat, set: SeatSet) -> Seat {
        let mut s = self.left(owner);
        while s != owner {
            if set.contains(s) {
                return s;
            }
            s = self.left(s);
        }
        owner
    }

    fn after_tie(&mut self, owner: Seat, giver: Seat) {
        self.push(Task::HcGive { owner, giver });
        if !self.revealed.is_empty() {
            self.push(Task::Chance(Need::ShuffleStock));
        }
    }

    /// The giver picks among their tied lines (if several), then the owner picks the slot.
    pub(crate) fn hc_give(&mut self, owner: Seat, giver: Seat) {
        let (min, _) = self.hc_candidates(owner);
        let mut slots = CardSet::EMPTY;
        for (i, l) in self.seat_lines(giver).iter().enumerate() {
            if l.len > 0 && !l.complete && !l.pending && l.len == min {
                slots.insert(i as u8);
            }
        }
        match slots.len() {
            0 => {}
            1 => {
                let slot = slots.first().unwrap_or(0);
                self.push(Task::Ask(
                    owner,
                    Prompt::ReceiveSlot {
                        from: LineRef { owner: giver, slot },
                    },
                ));
            }
            _ => self.push(Task::Ask(
                giver,
                Prompt::TiedLine {
                    purpose: TiePurpose::Give { receiver: owner },
                    slots: slots.0 as u8,
                },
            )),
        }
    }

    /// Moves a whole line into an unstarted slot (§1.6.2 step 4): the cards arrive fresh, the
    /// receiving slot becomes used, the emptied slot keeps its flag.
    pub(crate) fn transfer(&mut self, from: LineRef, to: LineRef, ev: &mut impl EventSink<Event>) {
        let src = *self.line(from.owner, from.slot);
        let fresh = self.marks_fresh();
        let used = self.line(from.owner, from.slot).used;
        {
            let l = self.line_mut(from);
            *l = crate::state::Line::default();
            l.used = used;
        }
        let dst = self.line_mut(to);
        for c in src.cards() {
            dst.push(c, fresh);
        }
        dst.used = true;
        ev.push(Event::Transferred(from, to));
    }
}
