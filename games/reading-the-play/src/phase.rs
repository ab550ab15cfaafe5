//! The turn structure (spec §4, §6): the phases, the engine's forced steps between decisions,
//! and for each phase its legal actions, their checks and their effects.

use parlour_cards::CardSet;
use parlour_core::{BySeat, EventSink, Game, IllegalAction, Seat, SeatSet};
use serde::Serialize;

use crate::action::{Action, Traders};
use crate::card::{
    ELDER_SIGNS, HAND_SIZE, LINE_315, LINE_316, LINES, SEQUENCE_LINES, YELLOW_SIGNS,
    for_each_distinct,
};
use crate::event::Event;
use crate::notation::action_text;
use crate::state::State;

/// Where play stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Chance: the shuffle before the deal.
    Deal,
    /// Setup: every player points at another (simultaneous).
    Vote,
    /// Chance: the first Player is drawn by lot among these seats.
    ByLot(SeatSet),
    /// Phase 1: the Player draws or trades.
    DrawOrTrade,
    /// Trade: the Player and the Traders commit one card each (simultaneous).
    Commit,
    /// Trade: the Player keeps one pooled card.
    Keep,
    /// Trade: the Player hands a pooled card to each Trader, lowest seat first.
    Give,
    /// Phase 2: the Player may play an Elder Sign.
    ElderSign,
    /// Phase 4: the Player may (or must) start a Sequence.
    Sequence,
    /// Phase 5: the Player holds Line 316 and may reveal it.
    Finish,
    /// The interrupt window after a lone reveal of 316 (every other player, simultaneous).
    Interrupt,
    /// Chance: a card was put into the deck and the deck is reshuffled.
    Shuffle(AfterShuffle),
    /// The game is over.
    Over,
}

/// What follows a reshuffle of the deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AfterShuffle {
    /// Back to phase 2 (a Yellow Sign cancelled by an Elder Sign went into the deck).
    ElderSign,
    /// The end of the turn (an interrupted 316 went into the deck).
    EndTurn,
}

impl Phase {
    /// A short name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Deal => "deal",
            Phase::Vote => "vote",
            Phase::ByLot(_) => "lot",
            Phase::DrawOrTrade => "draw-or-trade",
            Phase::Commit => "trade-commit",
            Phase::Keep => "trade-keep",
            Phase::Give => "trade-give",
            Phase::ElderSign => "elder-sign",
            Phase::Sequence => "sequencing",
            Phase::Finish => "finish-the-play",
            Phase::Interrupt => "interrupt",
            Phase::Shuffle(_) => "shuffle",
            Phase::Over => "over",
        }
    }
}

/// How the game ended (spec §7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum End {
    /// This Player revealed three or more Yellow Signs: everyone loses.
    AllLose(Seat),
    /// This Player revealed Line 316 and nobody stopped it (or revealed 315 and 316 together).
    Revealed(Seat),
    /// The final round after the deck ran out is over.
    DeckOut,
    /// The `turn_limit` was reached.
    TurnLimit,
}

/// Calls `f(low, high)` for each maximal run of consecutive card indices in `set`.
pub(crate) fn for_each_run(set: CardSet, mut f: impl FnMut(u8, u8)) {
    let mut bits = set.and(LINES).0 as u64;
    while bits != 0 {
        let lo = bits.trailing_zeros();
        let len = (!(bits >> lo)).trailing_zeros();
        f(lo as u8, (lo + len - 1) as u8);
        bits &= !(((1u64 << len) - 1) << lo);
    }
}

/// The longest maximal run of Line cards in `hand` that sequencing may use (316 left out).
pub(crate) fn longest_run(hand: CardSet) -> u8 {
    let mut best = 0;
    for_each_run(hand.and(SEQUENCE_LINES), |lo, hi| {
        best = best.max(hi - lo + 1)
    });
    best
}

fn illegal(rule: &'static str, reason: impl Into<String>) -> IllegalAction {
    IllegalAction::new(rule, reason)
}

impl State {
    fn held(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    fn can_draw(&self) -> bool {
        self.deck_len > 0
    }

    /// Seats other than the Player with at least one card (the possible Traders).
    fn eligible_traders(&self) -> u8 {
        self.seats()
            .filter(|&s| s != self.player && !self.held(s).is_empty())
            .fold(0, |m, s| m | 1 << s.0)
    }

    fn can_trade(&self) -> bool {
        !self.held(self.player).minus(YELLOW_SIGNS).is_empty() && self.eligible_traders() != 0
    }

    // ----- legal actions -------------------------------------------------------------------

    pub(crate) fn gen_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let min = self.min_line();
        let r = |c: u8| crate::card::card_ref(c, min);
        match self.phase {
            Phase::Vote => {
                out.extend(self.seats().filter(|&t| t != seat).map(Action::PointAt));
            }
            Phase::DrawOrTrade => {
                if self.can_draw() {
                    out.push(Action::Draw);
                }
                if self.can_trade() {
                    let all = self.eligible_traders();
                    // Every non-empty subset of the eligible seats, in increasing mask order.
                    for m in 1..=all {
                        if m & !all == 0 {
                            out.push(Action::Trade(Traders(m)));
                        }
                    }
                }
            }
            Phase::Commit => {
                let mut hand = self.held(seat);
                if seat == self.player {
                    hand = hand.minus(YELLOW_SIGNS);
                }
                for_each_distinct(hand, |c| out.push(Action::Commit(r(c))));
            }
            Phase::Keep => {
                if let Some(ys) = self.pool.and(YELLOW_SIGNS).first() {
                    out.push(Action::Keep(r(ys)));
                } else {
                    for_each_distinct(self.pool, |c| out.push(Action::Keep(r(c))));
                }
            }
            Phase::Give => {
                let t = self.to_give.first().expect("a Trader is owed a card");
                for_each_distinct(self.pool, |c| out.push(Action::Give(t, r(c))));
            }
            Phase::ElderSign => out.extend([Action::PlayElderSign, Action::DeclineElderSign]),
            Phase::Sequence => {
                let hand = self.held(seat).and(SEQUENCE_LINES);
                let need = if longest_run(hand) >= 3 { 3 } else { 2 };
                for_each_run(hand, |lo, hi| {
                    if hi - lo + 1 >= need {
                        out.push(Action::StartSequence {
                            low: min + u16::from(lo),
                            high: min + u16::from(hi),
                        });
                    }
                });
                if need == 2 {
                    out.push(Action::DeclineSequence);
                }
            }
            Phase::Finish => {
                out.push(Action::Reveal);
                if self.seqs[seat].is_none() && self.held(seat).contains(LINE_315) {
                    out.push(Action::RevealPair);
                }
                out.push(Action::Hold);
            }
            Phase::Interrupt => {
                if self.held(seat).contains(LINE_315) {
                    out.push(Action::Interrupt);
                }
                out.push(Action::Pass);
            }
            Phase::Deal | Phase::ByLot(_) | Phase::Shuffle(_) | Phase::Over => {}
        }
    }

    // ----- checks --------------------------------------------------------------------------

    /// Whether `seat` may take `action` now, and if not, which rule forbids it. Reads only.
    pub(crate) fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        match self.phase {
            Phase::Over => return Err(illegal("game-over", "the game is over")),
            Phase::Deal | Phase::ByLot(_) | Phase::Shuffle(_) => {
                return Err(IllegalAction::wrong_node("a chance event"));
            }
            _ => {}
        }
        if seat.0 >= self.n || !self.to_act().seats().contains(seat) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        let wrong_phase = || {
            illegal(
                "phase",
                format!(
                    "`{}` is not a decision of the {} phase",
                    action_text(action),
                    self.phase.name()
                ),
            )
        };
        let hand = self.held(seat);
        match (self.phase, action) {
            (Phase::Vote, Action::PointAt(t)) => {
                if t == seat {
                    return Err(illegal(
                        "point-at-another",
                        "a player must point at someone else",
                    ));
                }
                if t.0 >= self.n {
                    return Err(illegal("point-at-another", format!("there is no seat {t}")));
                }
            }
            (Phase::DrawOrTrade, Action::Draw) => {
                if !self.can_draw() {
                    return Err(illegal("draw-needs-deck", "the deck is empty"));
                }
            }
            (Phase::DrawOrTrade, Action::Trade(t)) => {
                if hand.minus(YELLOW_SIGNS).is_empty() {
                    return Err(illegal(
                        "player-cannot-trade-yellow-sign",
                        "the Player holds only Yellow Signs (or nothing), so cannot trade",
                    ));
                }
                if t.0 == 0 {
                    return Err(illegal("traders-not-empty", "name at least one Trader"));
                }
                if t.contains(seat) {
                    return Err(illegal(
                        "traders-are-others",
                        "the Player cannot be a Trader",
                    ));
                }
                let all = self.eligible_traders();
                if t.0 & !all != 0 {
                    return Err(illegal(
                        "traders-hold-cards",
                        "every Trader must be another player with a card in hand",
                    ));
                }
            }
            (Phase::Commit, Action::Commit(c)) => {
                let Some(card) = self.find(hand, c) else {
                    return Err(illegal("card-in-hand", format!("seat {seat} holds no {c}")));
                };
                if seat == self.player && YELLOW_SIGNS.contains(card) {
                    return Err(illegal(
                        "player-cannot-trade-yellow-sign",
                        "the Player cannot commit a Yellow Sign",
                    ));
                }
            }
            (Phase::Keep, Action::Keep(c)) => {
                let Some(card) = self.find(self.pool, c) else {
                    return Err(illegal("card-in-pool", format!("the pool holds no {c}")));
                };
                if !YELLOW_SIGNS.contains(card) && !self.pool.and(YELLOW_SIGNS).is_empty() {
                    return Err(illegal(
                        "must-keep-yellow-sign",
                        "the pool holds a Yellow Sign, so the Player must keep one",
                    ));
                }
            }
            (Phase::Give, Action::Give(t, c)) => {
                let next = self.to_give.first().expect("a Trader is owed a card");
                if t != next {
                    return Err(illegal(
                        "give-in-seat-order",
                        format!("cards go to the Traders in seat order: seat {next} is next"),
                    ));
                }
                if self.find(self.pool, c).is_none() {
                    return Err(illegal("card-in-pool", format!("the pool holds no {c}")));
                }
            }
            (Phase::ElderSign, Action::PlayElderSign | Action::DeclineElderSign) => {}
            (Phase::Sequence, Action::StartSequence { low, high }) => {
                let min = self.min_line();
                let idx = |n: u16| {
                    n.checked_sub(min)
                        .and_then(|i| u8::try_from(i).ok())
                        .filter(|&i| i < LINE_316)
                };
                let (Some(lo), Some(hi)) = (idx(low), idx(high)) else {
                    return Err(illegal(
                        "start-with-whole-run",
                        format!(
                            "line-{low}..line-{high} is not a run of Line cards (316 never plays here)"
                        ),
                    ));
                };
                let seq_hand = hand.and(SEQUENCE_LINES);
                let mut is_run = false;
                for_each_run(seq_hand, |a, b| is_run |= a == lo && b == hi);
                if !is_run || hi <= lo {
                    return Err(illegal(
                        "start-with-whole-run",
                        format!(
                            "line-{low}..line-{high} is not a whole run of two or more cards in hand"
                        ),
                    ));
                }
                if hi - lo + 1 < 3 && longest_run(seq_hand) >= 3 {
                    return Err(illegal(
                        "must-start-with-three",
                        "a run of three or more is held, so one of those must be started",
                    ));
                }
            }
            (Phase::Sequence, Action::DeclineSequence) => {
                if longest_run(hand) >= 3 {
                    return Err(illegal(
                        "must-start-with-three",
                        "three sequential cards in hand must be played",
                    ));
                }
            }
            (Phase::Finish, Action::Reveal | Action::Hold) => {}
            (Phase::Finish, Action::RevealPair) => {
                if self.seqs[seat].is_some() {
                    return Err(illegal(
                        "reveal-pair-without-sequence",
                        "315 and 316 go out together only before a Sequence is started",
                    ));
                }
                if !hand.contains(LINE_315) {
                    return Err(illegal("card-in-hand", "the Player does not hold Line 315"));
                }
            }
            (Phase::Interrupt, Action::Pass) => {}
            (Phase::Interrupt, Action::Interrupt) => {
                if !hand.contains(LINE_315) {
                    return Err(illegal(
                        "interrupt-needs-315",
                        "only the holder of Line 315 can interrupt",
                    ));
                }
            }
            _ => return Err(wrong_phase()),
        }
        Ok(())
    }

    // ----- effects -------------------------------------------------------------------------

    /// Applies a checked action.
    pub(crate) fn perform(&mut self, seat: Seat, action: Action, ev: &mut impl EventSink<Event>) {
        match action {
            Action::PointAt(t) => {
                self.votes[seat] = Some(t);
                ev.push(Event::Pointed { seat, target: t });
                if self.votes.seats(self.n).iter().all(Option::is_some) {
                    self.resolve_votes(ev);
                }
            }
            Action::Draw => {
                self.deck_len -= 1;
                let card = self.deck[usize::from(self.deck_len)];
                // Nobody but the drawer knows what was drawn.
                self.deck_known = CardSet::EMPTY;
                self.hands[seat].insert(card);
                self.gained(seat, card, SeatSet::single(seat));
                ev.push(Event::Drew { seat, card });
                if self.deck_len == 0 && self.final_last.is_none() {
                    let last = if self.rules.deck_out_immediate_end {
                        seat
                    } else {
                        seat.offset(u32::from(self.n) - 1, self.n)
                    };
                    self.final_last = Some(last);
                    ev.push(Event::FinalRound { last });
                }
                self.phase2(ev);
            }
            Action::Trade(t) => {
                self.traders = t.seats();
                self.commits = BySeat::splat(None);
                self.phase = Phase::Commit;
                ev.push(Event::TradeStarted {
                    player: seat,
                    traders: self.traders,
                });
            }
            Action::Commit(c) => {
                let card = self.find(self.hands[seat], c).expect("checked");
                self.commit_card(seat, card);
                ev.push(Event::Committed { seat, card });
                if self
                    .participants()
                    .iter()
                    .all(|s| self.commits[s].is_some())
                {
                    self.pool = self
                        .participants()
                        .iter()
                        .filter_map(|s| self.commits[s])
                        .collect();
                    self.to_give = self.traders;
                    self.phase = Phase::Keep;
                    ev.push(Event::PoolRevealed {
                        player: self.player,
                        pool: self.pool,
                    });
                }
            }
            Action::Keep(c) => {
                let card = self.find(self.pool, c).expect("checked");
                self.pool.remove(card);
                self.hands[seat].insert(card);
                self.gained(seat, card, SeatSet::single(seat));
                self.phase = Phase::Give;
                ev.push(Event::Kept { player: seat, card });
            }
            Action::Give(t, c) => {
                let card = self.find(self.pool, c).expect("checked");
                self.pool.remove(card);
                self.hands[t].insert(card);
                self.known[seat.index()][t].insert(card);
                let mut seen_by = SeatSet::single(seat);
                seen_by.insert(t);
                self.gained(t, card, seen_by);
                self.to_give.remove(t);
                ev.push(Event::Gave {
                    player: seat,
                    trader: t,
                    card,
                });
                if self.to_give.is_empty() {
                    self.deduce_trade();
                    self.traders = SeatSet::EMPTY;
                    self.commits = BySeat::splat(None);
                    self.phase2(ev);
                }
            }
            Action::PlayElderSign => {
                let hand = self.hands[seat];
                let es = hand.and(ELDER_SIGNS).first().expect("checked by the phase");
                let ys = hand
                    .and(YELLOW_SIGNS)
                    .first()
                    .expect("checked by the phase");
                self.take(seat, es);
                self.take(seat, ys);
                self.removed.insert(es);
                let to_deck = self.rules.elder_sign_reshuffles;
                ev.push(Event::ElderSignPlayed { seat, to_deck });
                if to_deck {
                    self.push_deck(ys);
                    self.deck_known.insert(ys);
                    self.put_in_deck(ys);
                    if self.deck_len > 1 {
                        self.phase = Phase::Shuffle(AfterShuffle::ElderSign);
                        return;
                    }
                } else {
                    self.removed.insert(ys);
                }
                self.phase2(ev);
            }
            Action::DeclineElderSign => {
                ev.push(Event::ElderSignDeclined { seat });
                self.phase3(ev);
            }
            Action::StartSequence { low, high } => {
                let min = self.min_line();
                let lo = u8::try_from(low - min).expect("checked");
                let hi = u8::try_from(high - min).expect("checked");
                for c in lo..=hi {
                    self.take(seat, c);
                }
                self.seqs[seat] = Some((lo, hi));
                ev.push(Event::SequenceStarted {
                    seat,
                    low: lo,
                    high: hi,
                });
                self.extend(seat, ev);
                self.phase5(ev);
            }
            Action::DeclineSequence => {
                ev.push(Event::SequenceDeclined { seat });
                self.phase5(ev);
            }
            Action::Hold => {
                ev.push(Event::Held { seat });
                self.end_turn(ev);
            }
            Action::Reveal => {
                self.take(seat, LINE_316);
                match self.seqs[seat] {
                    Some((lo, hi)) if hi == LINE_315 => {
                        self.seqs[seat] = Some((lo, LINE_316));
                        ev.push(Event::Revealed {
                            seat,
                            attached: true,
                        });
                        self.finish(crate::phase::End::Revealed(seat), ev);
                    }
                    _ => {
                        self.face_up = Some(LINE_316);
                        ev.push(Event::Revealed {
                            seat,
                            attached: false,
                        });
                        let holder = self
                            .seats()
                            .any(|s| s != seat && self.hands[s].contains(LINE_315));
                        if holder {
                            self.answers = BySeat::splat(None);
                            self.phase = Phase::Interrupt;
                            ev.push(Event::InterruptWindow { revealer: seat });
                        } else {
                            self.finish(End::Revealed(seat), ev);
                        }
                    }
                }
            }
            Action::RevealPair => {
                self.take(seat, LINE_315);
                self.take(seat, LINE_316);
                self.seqs[seat] = Some((LINE_315, LINE_316));
                ev.push(Event::RevealedPair { seat });
                self.finish(End::Revealed(seat), ev);
            }
            Action::Interrupt | Action::Pass => {
                let play = action == Action::Interrupt;
                self.answers[seat] = Some(play);
                ev.push(Event::Answered { seat, play });
                if self.to_act().seats().is_empty() {
                    self.resolve_interrupt(ev);
                }
            }
        }
    }

    fn resolve_votes(&mut self, ev: &mut impl EventSink<Event>) {
        let mut counts = BySeat::splat(0u8);
        for &v in self.votes.iter().flatten() {
            counts[v] += 1;
        }
        self.last_votes = self.votes;
        self.votes = BySeat::splat(None);
        ev.push(Event::VotesRevealed {
            votes: self.last_votes,
            players: self.n,
        });
        let best = counts.seats(self.n).iter().copied().max().unwrap_or(0);
        let tied: SeatSet = self.seats().filter(|&s| counts[s] == best).collect();
        if tied.len() == 1 {
            let seat = tied.first().expect("one seat");
            ev.push(Event::FirstPlayer {
                seat,
                by_lot: false,
            });
            self.begin_turn(seat, ev);
            return;
        }
        self.tied_votes += 1;
        ev.push(Event::VoteTied {
            tied,
            times: self.tied_votes,
        });
        if self.tied_votes >= 3 {
            self.phase = Phase::ByLot(tied);
        }
    }

    fn resolve_interrupt(&mut self, ev: &mut impl EventSink<Event>) {
        let interrupter = self.seats().find(|&s| self.answers[s] == Some(true));
        self.answers = BySeat::splat(None);
        let Some(h) = interrupter else {
            ev.push(Event::NoInterrupt);
            self.finish(End::Revealed(self.player), ev);
            return;
        };
        self.take(h, LINE_315);
        let joined = matches!(self.seqs[h], Some((_, hi)) if hi + 1 == LINE_315);
        if let Some((lo, _)) = self.seqs[h].filter(|_| joined) {
            self.seqs[h] = Some((lo, LINE_315));
        } else {
            self.removed.insert(LINE_315);
        }
        ev.push(Event::Interrupted { seat: h, joined });
        self.face_up = None;
        if self.rules.interrupted_316_reshuffles {
            self.push_deck(LINE_316);
            self.deck_known.insert(LINE_316);
            self.put_in_deck(LINE_316);
            ev.push(Event::ShuffledIntoDeck { card: LINE_316 });
            if self.deck_len > 1 {
                self.phase = Phase::Shuffle(AfterShuffle::EndTurn);
                return;
            }
        } else {
            let p = self.player;
            self.hands[p].insert(LINE_316);
            for row in &mut self.known {
                row[p].insert(LINE_316);
            }
            self.gained(p, LINE_316, SeatSet::all(self.n));
            ev.push(Event::Returned316 { seat: p });
        }
        self.end_turn(ev);
    }

    /// A stated deck order: deal (before the game) or reshuffle.
    pub(crate) fn shuffled(&mut self, order: &[u8], ev: &mut impl EventSink<Event>) {
        let n = usize::from(self.n);
        match self.phase {
            Phase::Deal => {
                let dealt = usize::from(HAND_SIZE) * n;
                for seat in self.seats() {
                    let s = seat.index();
                    self.hands[seat] = [order[s], order[n + s]].into_iter().collect();
                    ev.push(Event::DealtHand {
                        seat,
                        cards: [order[s], order[n + s]],
                    });
                }
                self.set_deck(&order[dealt..]);
                ev.push(Event::Dealt {
                    players: self.n,
                    deck: self.deck_len,
                });
                if self.rules.first_player_random || self.rules.two_player && self.n == 2 {
                    self.phase = Phase::ByLot(SeatSet::all(self.n));
                } else {
                    self.phase = Phase::Vote;
                }
            }
            Phase::Shuffle(after) => {
                self.set_deck(order);
                ev.push(Event::DeckShuffled {
                    cards: self.deck_len,
                });
                match after {
                    AfterShuffle::ElderSign => self.phase2(ev),
                    AfterShuffle::EndTurn => self.end_turn(ev),
                }
            }
            _ => unreachable!("checked by apply_chance"),
        }
    }

    /// Sets the deck from an order given top first.
    fn set_deck(&mut self, top_first: &[u8]) {
        self.deck_len = u8::try_from(top_first.len()).expect("at most 36 cards");
        for (i, &c) in top_first.iter().rev().enumerate() {
            self.deck[i] = c;
        }
    }

    // ----- the forced steps between decisions -------------------------------------------------

    pub(crate) fn begin_turn(&mut self, seat: Seat, ev: &mut impl EventSink<Event>) {
        self.player = seat;
        ev.push(Event::TurnBegan {
            seat,
            turn: self.turns + 1,
        });
        if self.can_draw() || self.can_trade() {
            self.phase = Phase::DrawOrTrade;
        } else {
            ev.push(Event::Phase1Skipped { seat });
            self.phase2(ev);
        }
    }

    fn phase2(&mut self, ev: &mut impl EventSink<Event>) {
        let hand = self.held(self.player);
        if !hand.and(ELDER_SIGNS).is_empty() && !hand.and(YELLOW_SIGNS).is_empty() {
            self.phase = Phase::ElderSign;
        } else {
            self.phase3(ev);
        }
    }

    fn phase3(&mut self, ev: &mut impl EventSink<Event>) {
        let ys = self.held(self.player).and(YELLOW_SIGNS).len();
        if ys >= 3 {
            ev.push(Event::YellowSignsRevealed {
                seat: self.player,
                count: ys as u8,
            });
            self.finish(End::AllLose(self.player), ev);
        } else {
            self.phase4(ev);
        }
    }

    fn phase4(&mut self, ev: &mut impl EventSink<Event>) {
        let p = self.player;
        if self.seqs[p].is_some() {
            self.extend(p, ev);
            self.phase5(ev);
        } else if longest_run(self.held(p)) >= 2 {
            self.phase = Phase::Sequence;
        } else {
            self.phase5(ev);
        }
    }

    /// Plays every held next or previous Line onto `seat`'s Sequence (316 left out).
    fn extend(&mut self, seat: Seat, ev: &mut impl EventSink<Event>) {
        let Some((mut lo, mut hi)) = self.seqs[seat] else {
            return;
        };
        while lo > 0 && self.held(seat).and(SEQUENCE_LINES).contains(lo - 1) {
            lo -= 1;
            self.take(seat, lo);
            ev.push(Event::Extended {
                seat,
                card: lo,
                high: false,
            });
        }
        while hi + 1 < LINE_316 && self.held(seat).contains(hi + 1) {
            hi += 1;
            self.take(seat, hi);
            ev.push(Event::Extended {
                seat,
                card: hi,
                high: true,
            });
        }
        self.seqs[seat] = Some((lo, hi));
    }

    fn phase5(&mut self, ev: &mut impl EventSink<Event>) {
        self.deduce_extended(self.player);
        if self.held(self.player).contains(LINE_316) {
            self.phase = Phase::Finish;
        } else {
            self.end_turn(ev);
        }
    }

    fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = self.player;
        self.turns += 1;
        ev.push(Event::TurnEnded { seat: p });
        if self.final_last == Some(p) {
            self.finish(End::DeckOut, ev);
        } else if self.rules.turn_limit > 0 && self.turns >= self.rules.turn_limit {
            self.finish(End::TurnLimit, ev);
        } else {
            self.begin_turn(p.next(self.n), ev);
        }
    }

    fn finish(&mut self, end: End, ev: &mut impl EventSink<Event>) {
        self.end = Some(end);
        self.phase = Phase::Over;
        ev.push(Event::GameEnded { end });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cards: &[u8]) -> CardSet {
        cards.iter().copied().collect()
    }

    #[test]
    fn maximal_runs_are_found() {
        let mut runs = Vec::new();
        for_each_run(set(&[0, 1, 2, 5, 7, 8, 27]), |a, b| runs.push((a, b)));
        assert_eq!(runs, vec![(0, 2), (5, 5), (7, 8), (27, 27)]);
    }

    #[test]
    fn line_316_never_counts_in_a_run() {
        assert_eq!(longest_run(set(&[LINE_315, LINE_316])), 1);
        assert_eq!(longest_run(set(&[24, 25, 26, 27])), 3);
        assert_eq!(longest_run(CardSet::EMPTY), 0);
    }
}
