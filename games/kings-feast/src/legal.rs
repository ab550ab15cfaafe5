//! Which actions the rules allow now.

use parlour_core::IllegalAction;

use crate::action::{Action, Dir, Pos};
use crate::card::bit;
use crate::geometry::SeatIdx;
use crate::notation;
use crate::phase::Phase;
use crate::resolve::Frame;
use crate::state::State;

impl State {
    pub(crate) fn seat_of(&self, p: Pos, rule: &'static str) -> Result<SeatIdx, IllegalAction> {
        self.geo.seat(p).ok_or_else(|| {
            IllegalAction::new(rule, format!("{} is not a seat", notation::pos_text(p)))
        })
    }

    pub(crate) fn vizier_seat(&self) -> SeatIdx {
        self.pos[usize::from(crate::card::VIZIER)]
    }

    /// Checks `a` against the current decision without changing anything.
    pub(crate) fn check(&self, a: Action) -> Result<(), IllegalAction> {
        let pt = notation::pos_text;
        match self.phase {
            Phase::Deal => Err(IllegalAction::wrong_node("the deal")),
            Phase::Over => Err(IllegalAction::new("game-over", "the feast is over")),
            Phase::TurnStart => match a {
                Action::Activate(p) => {
                    let s = self.seat_of(p, "activate-a-seat")?;
                    let c = self.board[usize::from(s)];
                    if self.up & bit(c) == 0 && !self.rules.activate_face_down {
                        return Err(IllegalAction::new(
                            "activate-face-up-only",
                            format!("the card on {} is face down", pt(p)),
                        ));
                    }
                    Ok(())
                }
                Action::EndGame => {
                    if self.turns == 0 && !self.rules.end_before_first_turn {
                        Err(IllegalAction::new(
                            "end-after-a-turn",
                            "the feast can be ended only after a completed turn",
                        ))
                    } else {
                        Ok(())
                    }
                }
                _ => Err(IllegalAction::new(
                    "turn-start",
                    "a turn starts by activating a face-up card or ending the feast",
                )),
            },
            Phase::Swap => match a {
                Action::NoSwap => Ok(()),
                Action::Swap(pa, pb) => {
                    let sa = self.seat_of(pa, "optional-swap")?;
                    let sb = self.seat_of(pb, "optional-swap")?;
                    if sa >= sb || self.geo.adj[usize::from(sa)] & (1 << sb) == 0 {
                        return Err(IllegalAction::new(
                            "optional-swap-adjacent",
                            format!("{} and {} are not adjacent seats in order", pt(pa), pt(pb)),
                        ));
                    }
                    let (ca, cb) = (self.board[usize::from(sa)], self.board[usize::from(sb)]);
                    if (self.up & bit(ca) == 0) != (self.up & bit(cb) == 0) {
                        return Err(IllegalAction::new(
                            "optional-swap-same-facing",
                            "only two face-up or two face-down cards may be swapped",
                        ));
                    }
                    Ok(())
                }
                _ => Err(IllegalAction::new(
                    "optional-swap",
                    "the turn ends with an optional swap (`swap a b` or `no-swap`)",
                )),
            },
            Phase::Resolve => {
                let Some(&f) = self.stack.last() else {
                    return Err(IllegalAction::new("resolve", "nothing to resolve"));
                };
                if matches!(f, Frame::Shuffle(_)) {
                    return Err(IllegalAction::wrong_node("the Jester's shuffle"));
                }
                if a == Action::Decline {
                    return if self.rules.may_decline_fatal && self.only_fatal(f) {
                        Ok(())
                    } else {
                        Err(IllegalAction::new(
                            "effects-are-mandatory",
                            "an effect that can be resolved must be resolved",
                        ))
                    };
                }
                match (f, a) {
                    (Frame::GamblerCall, Action::CallMiss) => Ok(()),
                    (Frame::GamblerCall, Action::Call(v)) => {
                        if self.in_play & bit(v) != 0 {
                            Ok(())
                        } else {
                            Err(IllegalAction::new(
                                "gambler-call",
                                format!("{v} is not in play; call `miss` instead"),
                            ))
                        }
                    }
                    (Frame::Vizier, Action::Pair(pa, pb)) => {
                        let sa = self.seat_of(pa, "vizier-pair")?;
                        let sb = self.seat_of(pb, "vizier-pair")?;
                        if sa >= sb {
                            return Err(IllegalAction::new(
                                "vizier-pair",
                                "name two different seats, the first before the second",
                            ));
                        }
                        if self.rules.vizier_excludes_self
                            && (sa == self.vizier_seat() || sb == self.vizier_seat())
                        {
                            return Err(IllegalAction::new(
                                "vizier-excludes-self",
                                "the Vizier may not swap itself",
                            ));
                        }
                        Ok(())
                    }
                    (Frame::Queen, Action::Slide(d, k)) => {
                        if self.queen_line(d, k).is_some() {
                            Ok(())
                        } else {
                            Err(IllegalAction::new(
                                "queen-slide",
                                format!("the Queen cannot slide {} {k} here", d.word()),
                            ))
                        }
                    }
                    (Frame::Queen, Action::Stay) if self.rules.queen_may_stay => Ok(()),
                    (_, Action::Target(p)) => {
                        let seats = self.target_seats(f);
                        if seats == 0 {
                            return Err(IllegalAction::new(
                                "decision",
                                format!("expected {}", self.decision().describe()),
                            ));
                        }
                        let s = self.seat_of(p, "target")?;
                        if seats & (1 << s) == 0 {
                            return Err(IllegalAction::new(
                                target_rule(f),
                                format!("{} is not a legal choice here", pt(p)),
                            ));
                        }
                        Ok(())
                    }
                    _ => Err(IllegalAction::new(
                        "decision",
                        format!("expected a choice: {}", self.decision().describe()),
                    )),
                }
            }
        }
    }

    /// Lists legal actions (allocation-free after `out` has grown once).
    pub(crate) fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Deal | Phase::Over => {}
            Phase::TurnStart => {
                for s in 0..self.n() {
                    let c = self.board[s];
                    if self.up & bit(c) != 0 || self.rules.activate_face_down {
                        out.push(Action::Activate(self.p(s as u8)));
                    }
                }
                if self.turns > 0 || self.rules.end_before_first_turn {
                    out.push(Action::EndGame);
                }
            }
            Phase::Swap => {
                for &(a, b) in &self.geo.pairs {
                    let (ca, cb) = (self.board[usize::from(a)], self.board[usize::from(b)]);
                    if (self.up & bit(ca) == 0) == (self.up & bit(cb) == 0) {
                        out.push(Action::Swap(self.p(a), self.p(b)));
                    }
                }
                out.push(Action::NoSwap);
            }
            Phase::Resolve => {
                let Some(&f) = self.stack.last() else {
                    return;
                };
                match f {
                    Frame::Shuffle(_) | Frame::Diplomat(_) | Frame::SetupReveal(_) => return,
                    Frame::GamblerCall => {
                        let mut m = self.in_play;
                        while m != 0 {
                            let v = m.trailing_zeros() as u8;
                            m &= m - 1;
                            out.push(Action::Call(v));
                        }
                        out.push(Action::CallMiss);
                    }
                    Frame::Vizier => {
                        let n = self.n() as u8;
                        let vz = self.vizier_seat();
                        for a in 0..n {
                            for b in a + 1..n {
                                if self.rules.vizier_excludes_self && (a == vz || b == vz) {
                                    continue;
                                }
                                out.push(Action::Pair(self.p(a), self.p(b)));
                            }
                        }
                    }
                    Frame::Queen => {
                        for d in Dir::ALL {
                            let q = self.pos[usize::from(crate::card::QUEEN)];
                            for k in 1..=self.geo.line(q, d).len() {
                                out.push(Action::Slide(d, k as u8));
                            }
                        }
                        if self.rules.queen_may_stay {
                            out.push(Action::Stay);
                        }
                    }
                    _ => {
                        let mut m = self.target_seats(f);
                        while m != 0 {
                            let s = m.trailing_zeros() as u8;
                            m &= m - 1;
                            out.push(Action::Target(self.p(s)));
                        }
                    }
                }
                if self.rules.may_decline_fatal && self.only_fatal(f) {
                    out.push(Action::Decline);
                }
            }
        }
    }
}

fn target_rule(f: Frame) -> &'static str {
    match f {
        Frame::PriestPeek | Frame::GamblerPeek(_) | Frame::NoblePeek => "peek-face-down-card",
        Frame::JesterFlip(_) => "jester-flips-a-shuffled-card",
        Frame::Merchant => "merchant-choice",
        Frame::Knight => "knight-move",
        Frame::FlipAll(_) => "flip-each-target-once",
        Frame::AdjFlip(_) => "flip-an-adjacent-card",
        _ => "decision",
    }
}
