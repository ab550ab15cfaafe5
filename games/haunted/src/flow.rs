//! The turn sequence (spec §4): turn start and Redraw, phase 1 attack, phase-2 defence windows,
//! phase-3 own-line windows, phase-4 discard, phase-5 refill, phase 6, missed turns, the end
//! of the game and the round limit; and the driver that runs pending work until a decision.

use parlour_core::{EventSink, Game, IllegalAction, Seat};

use crate::action::Action;
use crate::cards::Card;
use crate::event::Event;
use crate::play::Reject;
use crate::state::{Phase, State};
use crate::task::Task;

impl State {
    /// Runs automatic steps until a player decision, a chance event or the end.
    pub(crate) fn advance(&mut self, ev: &mut impl EventSink<Event>) {
        loop {
            if self.phase == Phase::Over {
                self.stack.clear();
                // The game that just ended left a tie to play off: a fresh setup, in the same
                // state, among the tied seats (§6, `tiebreak_short_game`).
                if let Some(tied) = self.tiebreak_due.take() {
                    self.begin_tiebreak(tied, ev);
                    continue;
                }
                return;
            }
            let Some(&top) = self.stack.last() else {
                match self.phase {
                    Phase::TurnStart => {
                        if self.turn_start_auto(ev) {
                            continue;
                        }
                        return;
                    }
                    Phase::Discard if self.hands[self.active].is_empty() => {
                        self.start_refill();
                        continue;
                    }
                    _ => return,
                }
            };
            match top {
                Task::Ask(seat, p) => {
                    if self.choices(seat, p).is_empty() {
                        self.stack.pop();
                        self.skip_prompt(seat, p, ev);
                        continue;
                    }
                    return;
                }
                Task::Chance(_) => return,
                _ => {
                    self.stack.pop();
                    self.run_task(top, ev);
                }
            }
        }
    }

    fn run_task(&mut self, t: Task, ev: &mut impl EventSink<Event>) {
        match t {
            Task::Ask(..) | Task::Chance(_) => {}
            Task::Finish(c) => {
                if self.resolving.contains(c.0) {
                    self.resolving.remove(c.0);
                    self.put_on_discard(c);
                }
            }
            Task::TestDraw(ctx) => self.test_draw(ctx, ev),
            Task::TestOutcome(ctx, card) => self.test_outcome(ctx, card, ev),
            Task::Forfeit(v) => self.forfeit(v),
            Task::ForfeitTaken(v) => self.forfeit_taken(v, ev),
            Task::Look {
                seat,
                left,
                purpose,
            } => self.look_step(seat, left, purpose, ev),
            Task::Lap(x) => self.lap_step(x, ev),
            Task::LapTaken { x, row } => self.lap_taken(x, row, ev),
            Task::Draw { seat, n } => self.draw(seat, n, ev),
            Task::Rehand(s) => self.rehand(s, ev),
            Task::DiscardTaken(s) => {
                if let Some(c) = self.taken.take() {
                    self.discard_from_hand(s, c, ev);
                }
            }
            Task::HcTie { owner, tied } => self.hc_tie(owner, tied, ev),
            Task::HcGive { owner, giver } => self.hc_give(owner, giver),
            Task::Refill => {
                let a = self.active;
                let have = self.hands[a].len() as u8;
                let n = if self.rules.refill_replace_used_only {
                    self.used_count
                } else {
                    self.hand_size().saturating_sub(have)
                };
                if n > 0 {
                    self.push(Task::Draw { seat: a, n });
                }
            }
            Task::EndTurn => {
                for row in &mut self.lines {
                    for l in row {
                        l.fresh = 0;
                    }
                }
                self.active = self.left(self.active);
                self.phase = Phase::TurnStart;
            }
            Task::StartOwnLineRound => self.start_own_line_round(),
        }
    }

    /// Turn start: the round limit, then missed turns. Returns whether anything happened.
    fn turn_start_auto(&mut self, ev: &mut impl EventSink<Event>) -> bool {
        let limit = self.rules.round_limit;
        // A tie-break counts its own slots among its own players (it must end too).
        if limit > 0 && self.slots_done >= limit.saturating_mul(self.seated_count()) {
            self.end_game(None, ev);
            return true;
        }
        let a = self.active;
        if self.skips[a] > 0 {
            self.skips[a] -= 1;
            self.slots_done += 1;
            ev.push(Event::TurnMissed(a));
            self.active = self.left(a);
            return true;
        }
        false
    }

    /// The game ends at once (§6): `loser` completed the losing number of lines, or the round
    /// limit stopped it. A tie for the lowest score that `tiebreak_short_game` plays off is
    /// begun by [`State::advance`] once the current step returns (nothing further of this game
    /// is resolved).
    pub(crate) fn end_game(&mut self, loser: Option<Seat>, ev: &mut impl EventSink<Event>) {
        self.loser = loser;
        self.phase = Phase::Over;
        self.stack.clear();
        self.tiebreak_due = self.tie_to_break();
        if self.tiebreak_due.is_none() {
            ev.push(Event::GameOver { loser });
        }
    }

    /// The end-of-game check (§4.2, §6). Returns true if the game ended.
    pub(crate) fn check_end(&mut self, ev: &mut impl EventSink<Event>) -> bool {
        let need = self.losing_lines();
        if let Some(s) = self.seated.iter().find(|&s| self.complete_lines(s) >= need) {
            self.end_game(Some(s), ev);
            return true;
        }
        false
    }

    /// A window ends: every pending terror on `seat`'s lines completes its line (pinned 13).
    fn end_window(&mut self, seat: Seat, ev: &mut impl EventSink<Event>) {
        for slot in 0..self.slots() {
            let l = self.line_mut(crate::action::LineRef { owner: seat, slot });
            if l.pending {
                l.pending = false;
                l.complete = true;
                ev.push(Event::Completed(crate::action::LineRef {
                    owner: seat,
                    slot,
                }));
            }
        }
        self.check_end(ev);
    }

    fn reset_used(&mut self) {
        for row in &mut self.lines {
            for l in row {
                l.used = false;
            }
        }
    }

    fn start_window(&mut self, phase: Phase) {
        self.phase = phase;
        if self.rules.one_card_per_line_all_phases {
            self.reset_used();
        }
    }

    /// Phase 3 begins: the active player first, then clockwise (D7); after a Redraw only the
    /// others (D17).
    fn start_own_line_round(&mut self) {
        let a = self.active;
        if self.redraw_turn {
            if self.rules.own_line_phase_active_only {
                self.finish_own_line_round();
            } else {
                self.start_window(Phase::OwnLine(self.left(a)));
            }
        } else {
            self.start_window(Phase::OwnLine(a));
        }
    }

    fn finish_own_line_round(&mut self) {
        if self.redraw_turn {
            self.push(Task::EndTurn);
            self.phase = Phase::Refill;
        } else {
            self.phase = Phase::Discard;
        }
    }

    fn start_refill(&mut self) {
        self.phase = Phase::Refill;
        self.push(Task::EndTurn);
        self.push(Task::Refill);
    }

    /// Checks `seat`'s action against the rules without changing anything.
    pub(crate) fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::new("game-over", "the game is over"));
        }
        match self.stack.last() {
            Some(Task::Ask(owner, p)) => {
                if *owner != seat {
                    return Err(IllegalAction::not_your_turn(seat));
                }
                if self.choices(seat, *p).allows(action) {
                    Ok(())
                } else {
                    Err(IllegalAction::new(
                        "prompt-answer",
                        format!(
                            "{} is not an answer to the {} prompt",
                            crate::notation::action_text(self.deck(), action),
                            crate::notation::prompt_name(*p)
                        ),
                    ))
                }
            }
            Some(_) => Err(IllegalAction::wrong_node("a chance event")),
            None => {
                if !self.to_act().seats().contains(seat) {
                    return Err(IllegalAction::not_your_turn(seat));
                }
                self.check_window(seat, action).map_err(State::illegal)
            }
        }
    }

    fn check_window(&self, seat: Seat, action: Action) -> Result<(), Reject> {
        match (self.phase, action) {
            (Phase::TurnStart, Action::BeginTurn | Action::Redraw) => Ok(()),
            (Phase::TurnStart, _) => Err(Reject::new(
                "turn-start",
                "at turn start the only choices are `begin` and `redraw`",
            )),
            (Phase::Attack | Phase::Defence(_) | Phase::OwnLine(_), Action::Pass) => Ok(()),
            (
                Phase::Attack | Phase::Defence(_) | Phase::OwnLine(_),
                Action::Play { card, line, curse },
            ) => self.check_play(seat, card, line, curse),
            (Phase::Discard, Action::Discard(c)) => {
                if self.hands[seat].contains(c.0) {
                    Ok(())
                } else {
                    Err(Reject::new(
                        "phase-4-discard",
                        "that card is not in your hand",
                    ))
                }
            }
            (Phase::Discard, Action::Pass) if self.rules.phase4_discard_optional => Ok(()),
            (Phase::Discard, _) => Err(Reject::new(
                "phase-4-discard",
                "phase 4: discard exactly one card from hand",
            )),
            _ => Err(Reject::new("window", "not an action for this window")),
        }
    }

    /// Legal actions of `seat`, who is to act (unsorted).
    pub(crate) fn fill_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(Task::Ask(_, p)) = self.stack.last() {
            self.choices(seat, *p).fill(out);
            return;
        }
        match self.phase {
            Phase::TurnStart => {
                out.push(Action::BeginTurn);
                out.push(Action::Redraw);
            }
            Phase::Attack | Phase::Defence(_) | Phase::OwnLine(_) => {
                self.fill_plays(seat, out);
                out.push(Action::Pass);
            }
            Phase::Discard => {
                for c in self.hands[seat] {
                    out.push(Action::Discard(Card(c)));
                }
                if self.rules.phase4_discard_optional {
                    out.push(Action::Pass);
                }
            }
            _ => {}
        }
    }

    /// Carries out a checked action.
    pub(crate) fn perform(&mut self, seat: Seat, action: Action, ev: &mut impl EventSink<Event>) {
        if let Some(&Task::Ask(_, p)) = self.stack.last() {
            self.stack.pop();
            self.answer(seat, p, action, ev);
            return;
        }
        let a = self.active;
        match (self.phase, action) {
            (Phase::TurnStart, Action::BeginTurn) => {
                self.slots_done += 1;
                self.turns += 1;
                self.redraw_turn = false;
                self.used_count = 0;
                self.reset_used();
                ev.push(Event::TurnBegan(a));
                self.phase = Phase::Attack;
            }
            (Phase::TurnStart, Action::Redraw) => {
                self.slots_done += 1;
                self.turns += 1;
                self.redraw_turn = true;
                self.reset_used();
                ev.push(Event::Redrew(a));
                for c in self.hands[a] {
                    self.discard_from_hand(a, Card(c), ev);
                }
                self.phase = Phase::Refill;
                self.push(Task::StartOwnLineRound);
                self.push(Task::Draw {
                    seat: a,
                    n: self.hand_size(),
                });
            }
            (Phase::Attack, Action::Pass) => {
                ev.push(Event::Passed(seat));
                self.start_window(Phase::Defence(self.left(a)));
            }
            (Phase::Defence(s), Action::Pass) => {
                ev.push(Event::Passed(seat));
                self.end_window(s, ev);
                if self.phase == Phase::Over {
                    return;
                }
                let next = self.left(s);
                if next == a {
                    self.start_own_line_round();
                } else {
                    self.start_window(Phase::Defence(next));
                }
            }
            (Phase::OwnLine(s), Action::Pass) => {
                ev.push(Event::Passed(seat));
                self.end_window(s, ev);
                if self.phase == Phase::Over {
                    return;
                }
                let next = self.left(s);
                if self.rules.own_line_phase_active_only || next == a {
                    self.finish_own_line_round();
                } else {
                    self.start_window(Phase::OwnLine(next));
                }
            }
            (Phase::Discard, Action::Discard(c)) => {
                self.used_count = self.used_count.saturating_add(1);
                self.discard_from_hand(a, c, ev);
                self.start_refill();
            }
            (Phase::Discard, Action::Pass) => {
                ev.push(Event::Passed(seat));
                self.start_refill();
            }
            (_, Action::Play { card, line, curse }) => self.play(seat, card, line, curse, ev),
            _ => {}
        }
    }
}
