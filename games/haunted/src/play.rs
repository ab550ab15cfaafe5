//! Legality of `Play` (spec §9.2) and what a play does before its effect resolves (§4.6).

use parlour_cards::CardSet;
use parlour_core::{EventSink, Seat};

use crate::action::{Action, LineRef};
use crate::cards::{Card, CardType, Deck, Effect};
use crate::event::Event;
use crate::state::{Line, Phase, State};
use crate::task::{Ctx, Task};

/// Why a play is illegal: a rule name and a reason that names no hidden card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reject {
    /// Kebab-case rule name.
    pub rule: &'static str,
    /// Explanation.
    pub reason: &'static str,
}

impl Reject {
    pub(crate) const fn new(rule: &'static str, reason: &'static str) -> Reject {
        Reject { rule, reason }
    }
}

type Check = Result<(), Reject>;

fn need(ok: bool, rule: &'static str, reason: &'static str) -> Check {
    if ok {
        Ok(())
    } else {
        Err(Reject::new(rule, reason))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Window {
    Attack,
    Defence,
    Own,
}

impl State {
    fn window_of(&self, me: Seat) -> Option<Window> {
        if !self.stack.is_empty() {
            return None;
        }
        match self.phase {
            Phase::Attack if me == self.active => Some(Window::Attack),
            Phase::Defence(s) if s == me => Some(Window::Defence),
            Phase::OwnLine(s) if s == me => Some(Window::Own),
            _ => None,
        }
    }

    /// Whether `me` may play `card` on `line` now (§9.2).
    pub(crate) fn check_play(&self, me: Seat, card: Card, line: LineRef, curse: bool) -> Check {
        let w = self
            .window_of(me)
            .ok_or(Reject::new("window", "you have no window to play in now"))?;
        need(
            (card.0 as usize) < self.deck().len() && self.hands[me].contains(card.0),
            "card-in-hand",
            "that card is not in your hand",
        )?;
        need(
            self.lodged != Some(card),
            "lodged-urchin-thief",
            "the lodged Urchin Thief cannot be played (D24)",
        )?;
        need(
            line.owner.0 < self.n && line.slot < self.slots(),
            "line-exists",
            "no such line",
        )?;
        need(
            self.seated.contains(line.owner),
            "tiebreak-sits-out",
            "that seat sits out the tie-break short game",
        )?;
        match w {
            Window::Attack => need(
                line.owner != me,
                "phase-1-other-lines",
                "in phase 1 cards go on other players' lines",
            )?,
            Window::Defence | Window::Own => need(
                line.owner == me,
                "own-lines-only",
                "in this window you play only on your own lines",
            )?,
        }
        let l = self.line(line.owner, line.slot);
        need(
            !l.complete,
            "complete-line-locked",
            "a complete line is locked",
        )?;
        if w == Window::Attack || self.rules.one_card_per_line_all_phases {
            need(
                !l.used,
                "one-card-per-line",
                "that line already received a card this phase (D6)",
            )?;
        }
        let info = self.deck().info(card);
        need(
            !curse || info.curse,
            "curse-mode",
            "only Psychic and Pleasant Company have a curse mode",
        )?;
        match info.card_type {
            CardType::Setting | CardType::Focus | CardType::Terror => {
                need(
                    w != Window::Defence,
                    "phase-2-defensive-only",
                    "only defensive cards may be played in phase 2",
                )?;
                self.check_essential(card, l)
            }
            _ => self.check_support(me, card, line, curse, w),
        }
    }

    fn check_essential(&self, card: Card, l: &Line) -> Check {
        match self.deck().card_type(card) {
            CardType::Setting => need(
                l.is_unstarted(),
                "setting-starts-line",
                "a Setting goes only on an unstarted line",
            ),
            CardType::Focus => match l.top() {
                Some(s) if self.deck().card_type(s) == CardType::Setting => need(
                    self.deck().info(s).accepts.contains(card.0),
                    "focus-list",
                    "that Setting does not accept this Focus",
                ),
                _ => Err(Reject::new(
                    "focus-needs-setting",
                    "a Focus goes only on a Setting",
                )),
            },
            _ => match l.top() {
                Some(f) if self.deck().card_type(f) == CardType::Focus => need(
                    self.deck()
                        .summoned_by(f, self.rules.fatal_possession_distinct)
                        .contains(card.0),
                    "summon-list",
                    "that Focus does not summon this terror's kind",
                ),
                _ => Err(Reject::new(
                    "terror-needs-focus",
                    "a Hidden Terror goes only on a Focus",
                )),
            },
        }
    }

    fn check_support(&self, me: Seat, card: Card, line: LineRef, curse: bool, w: Window) -> Check {
        let info = self.deck().info(card);
        let effect = info
            .effect
            .ok_or(Reject::new("card-data", "card without an effect"))?;
        let l = self.line(line.owner, line.slot);
        if self.rules.personal_support_own_lines_only
            && matches!(info.card_type, CardType::Action | CardType::Acquaintance)
            && !curse
        {
            need(
                line.owner == me,
                "personal-support-own-lines",
                "Actions and Acquaintances go only on your own lines",
            )?;
        }
        if curse || info.attack_only {
            return need(
                w == Window::Attack,
                "phase-1-only",
                "this card (or mode) is played only in phase 1, on an opponent's line",
            );
        }
        if w == Window::Defence {
            need(
                effect.is_defensive(),
                "phase-2-defensive-only",
                "only defensive cards may be played in phase 2",
            )?;
        }
        if info.needs_setting {
            need(
                !l.is_empty(),
                "needs-setting",
                "this card is only playable on a line with a Setting",
            )?;
        }
        if info.needs_focus {
            need(
                l.top_type(self.deck()) == Some(CardType::Focus),
                "needs-focus",
                "this card needs a Focus on top of the line",
            )?;
        }
        self.check_target(card, effect, line, w == Window::Defence)
    }

    /// The effect's own requirement; with `fresh_only` (phase 2) its target must be fresh.
    fn check_target(&self, card: Card, effect: Effect, line: LineRef, fresh_only: bool) -> Check {
        let l = self.line(line.owner, line.slot);
        match effect {
            Effect::CancelTerror(kind) => {
                let ok = l.pending && l.top().is_some_and(|t| self.deck().cancels(kind, t));
                need(
                    ok,
                    "cancel-needs-pending-terror",
                    "this card cancels only a pending terror of its kind on top of the line",
                )?;
                need(
                    !fresh_only || l.top_fresh(),
                    "phase-2-fresh",
                    "in phase 2 the target must be fresh",
                )
            }
            Effect::RemoveFocus { .. } => {
                if self.deck().info(card).reach && self.rules.removal_any_own_line {
                    need(
                        !self.focus_lines(line.owner, effect, fresh_only).is_empty(),
                        "focus-remover-target",
                        "the owner has no Focus this card can remove",
                    )
                } else {
                    need(
                        focus_matches(self.deck(), effect, l),
                        "focus-remover-target",
                        "this card cannot remove the top card of that line (top-card rule, D9)",
                    )?;
                    need(
                        !fresh_only || l.top_fresh(),
                        "phase-2-fresh",
                        "in phase 2 the target must be fresh",
                    )
                }
            }
            Effect::RemoveSetting { any, settings } => {
                let ok = l.len == 1 && l.bottom().is_some_and(|s| any || settings.contains(s.0));
                need(
                    ok,
                    "setting-remover-target",
                    "this card removes only a matching Setting standing alone (immovability)",
                )?;
                need(
                    !fresh_only || l.top_fresh(),
                    "phase-2-fresh",
                    "in phase 2 the target must be fresh",
                )
            }
            Effect::ChanceFind => need(
                !fresh_only || (l.top_type(self.deck()) == Some(CardType::Focus) && l.top_fresh()),
                "phase-2-fresh",
                "in phase 2 Chance Find needs a fresh Focus on top (D40)",
            ),
            Effect::HiddenCompartment => need(
                !fresh_only || l.fresh != 0,
                "phase-2-fresh",
                "in phase 2 Hidden Compartment needs a fresh card on the line (D40)",
            ),
            _ => Ok(()),
        }
    }

    /// Slots of `owner` whose top Focus `effect` may remove (fresh only in phase 2).
    pub(crate) fn focus_lines(&self, owner: Seat, effect: Effect, fresh_only: bool) -> CardSet {
        let mut s = CardSet::EMPTY;
        for (i, l) in self.seat_lines(owner).iter().enumerate() {
            if !l.complete
                && focus_matches(self.deck(), effect, l)
                && (!fresh_only || l.top_fresh())
            {
                s.insert(i as u8);
            }
        }
        s
    }

    /// Every legal play of `me` now (unsorted).
    pub(crate) fn fill_plays(&self, me: Seat, out: &mut Vec<Action>) {
        let Some(w) = self.window_of(me) else {
            return;
        };
        let free = self.free(me);
        for c in free {
            let card = Card(c);
            let curse_modes: &[bool] = if self.deck().info(card).curse {
                &[false, true]
            } else {
                &[false]
            };
            for owner in self.seated.iter() {
                if (w == Window::Attack) == (owner == me) {
                    continue;
                }
                for slot in 0..self.slots() {
                    let line = LineRef { owner, slot };
                    for &curse in curse_modes {
                        if self.check_play(me, card, line, curse).is_ok() {
                            out.push(Action::Play { card, line, curse });
                        }
                    }
                }
            }
        }
    }

    /// Places an essential card on a line (a play or an effect): fresh in phases 1–2, a terror
    /// is pending, and in phase 1 the slot counts as used.
    pub(crate) fn place(&mut self, card: Card, line: LineRef) {
        let fresh = self.marks_fresh();
        let terror = self.deck().card_type(card) == CardType::Terror;
        let l = self.line_mut(line);
        l.push(card, fresh);
        l.used = true;
        if terror {
            l.pending = true;
        }
    }

    /// Removes the top card of a line to the discard pile.
    pub(crate) fn remove_top(&mut self, line: LineRef, ev: &mut impl EventSink<Event>) {
        let deck = self.deck();
        let l = self.line_mut(line);
        if let Some(c) = l.pop() {
            if deck.card_type(c) == CardType::Terror {
                l.pending = false;
            }
            self.put_on_discard(c);
            ev.push(Event::Removed(line, c));
        }
    }

    /// A checked play (§4.6).
    pub(crate) fn play(
        &mut self,
        me: Seat,
        card: Card,
        line: LineRef,
        curse: bool,
        ev: &mut impl EventSink<Event>,
    ) {
        self.remove_from_hand(card, me);
        if me == self.active {
            self.used_count = self.used_count.saturating_add(1);
        }
        self.line_mut(line).used = true;
        ev.push(Event::Played {
            seat: me,
            card,
            line,
            curse,
        });
        if self.deck().card_type(card).is_essential() {
            self.place(card, line);
            return;
        }
        self.resolving.insert(card.0);
        self.push(Task::Finish(card));
        self.run_effect(
            Ctx {
                card,
                player: me,
                line,
                curse,
            },
            ev,
        );
    }
}

/// Whether `effect` (a Focus remover) may remove the top card of `l`.
fn focus_matches(d: &Deck, effect: Effect, l: &Line) -> bool {
    let Effect::RemoveFocus { any, focuses, at } = effect else {
        return false;
    };
    match (l.top(), l.bottom()) {
        (Some(f), Some(s)) if d.card_type(f) == CardType::Focus => {
            any || focuses.contains(f.0) || at.contains(s.0)
        }
        _ => false,
    }
}
