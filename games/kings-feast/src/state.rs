//! The game state and its [`Game`] implementation.

use std::fmt;
use std::sync::Arc;

use parlour_cards::{CardSet, check_permutation, shuffled};
use parlour_core::{
    EventSink, Game, GameRng, IllegalAction, OptionSpec, Options, Outcome, ParseError, Seat,
    SetupError, ToAct, Viewer, check_players,
};
use rand::seq::SliceRandom;

use crate::action::{Action, Dir, Pos};
use crate::arrangement::{Arrangement, SetupToken, resolve_arrangement};
use crate::card::{ASSASSIN, CardId, GAMBLER, KING, NOBLE, PRIEST, bit, card_id, card_name};
use crate::geometry::{Geometry, SeatIdx};
use crate::notation;
use crate::resolve::{Frame, Stack};
use crate::scoring::{self, EndReason};
use crate::setup::{self, Chance};
use crate::variant::{OPTIONS, Rules};
use crate::view::View;

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// Before the deal (a chance node).
    Deal,
    /// Start of a turn: activate a card or end the game.
    TurnStart,
    /// Resolving the activated card's order and its reactions (the stack's top decides).
    Resolve,
    /// Step 3: the optional swap.
    Swap,
    /// The game is over.
    Over,
}

/// The decision the game waits for (spec §10), or what else is due.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Decision {
    /// The deal or a Jester's shuffle is due (a chance node).
    Chance,
    /// Activate a face-up card, or end the game.
    TurnStart,
    /// Priest, Gambler or Noble: the seat to peek at.
    PeekTarget,
    /// Gambler: the value to call.
    GamblerCall,
    /// Jester: the shuffled seat to flip.
    JesterFlip,
    /// Merchant: the surrounding card to trade.
    MerchantChoice,
    /// Knight: the destination.
    KnightTarget,
    /// Vizier: the two seats to swap.
    VizierPair,
    /// Queen: direction and distance.
    QueenSlide,
    /// King, Queen or Princess: the next of the cards to flip.
    FlipNext,
    /// Lovers or Scholar: the adjacent seat to flip.
    AdjacentFlip,
    /// Step 3: swap two adjacent cards of the same facing, or not.
    OptionalSwap,
    /// The game is over.
    Over,
}

impl Decision {
    /// A short phrase for a view.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Decision::Chance => "a random event is due",
            Decision::TurnStart => "activate a face-up card, or end the feast",
            Decision::PeekTarget => "choose a face-down seat to peek at",
            Decision::GamblerCall => "call a value",
            Decision::JesterFlip => "choose a shuffled seat to flip",
            Decision::MerchantChoice => "choose a surrounding card for the Merchant",
            Decision::KnightTarget => "choose the Knight's destination",
            Decision::VizierPair => "choose two seats for the Vizier to swap",
            Decision::QueenSlide => "choose the Queen's slide",
            Decision::FlipNext => "choose the next card to flip",
            Decision::AdjacentFlip => "choose an adjacent card to flip",
            Decision::OptionalSwap => "swap two adjacent cards of the same facing, or not",
            Decision::Over => "the feast is over",
        }
    }
}

/// Something that happened, for logs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// The cards were dealt.
    Dealt,
    /// A card was activated.
    Activated {
        /// The card.
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// The player peeked at a card.
    Peeked {
        /// The card (seen by the player only).
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// A card turned face up.
    Revealed {
        /// The card.
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// A face-up card turned face down.
    TurnedDown {
        /// The card.
        card: CardId,
        /// Its seat.
        at: Pos,
    },
    /// The Hermit turned itself face down.
    HermitHides {
        /// Its seat.
        at: Pos,
    },
    /// Two seats exchanged their cards (Coachman, Knight, Merchant, Vizier, optional swap).
    Swapped {
        /// One seat.
        a: Pos,
        /// The other.
        b: Pos,
    },
    /// The Diplomat swapped places with a revealed card.
    DiplomatSwap {
        /// The revealed card.
        card: CardId,
        /// The Diplomat's old seat (the revealed card's new one).
        from: Pos,
        /// The revealed card's old seat (the Diplomat's new one).
        to: Pos,
    },
    /// A card moved along a row or line, shifting the others (Guard, Queen).
    Moved {
        /// Where it was.
        from: Pos,
        /// Where it went.
        to: Pos,
    },
    /// The Jester turned these seats face down for a shuffle.
    ShuffleStarted {
        /// The seats (mask).
        seats: u32,
    },
    /// The shuffle was done (the order is hidden from the player).
    Shuffled {
        /// The seats (mask).
        seats: u32,
        /// The cards placed, left to right (omniscient only); unused entries are 0.
        cards: [CardId; 3],
    },
    /// A turn was completed.
    TurnEnded {
        /// Turns completed so far.
        turns: u32,
    },
    /// The game ended.
    GameOver {
        /// Why.
        reason: EndReason,
        /// The final score.
        score: i32,
    },
}

/// The full state of a game of The King's Feast.
#[derive(Clone, PartialEq, Eq)]
pub struct State {
    pub(crate) arr: Arc<Arrangement>,
    pub(crate) geo: Arc<Geometry>,
    pub(crate) rules: Rules,
    /// Cards in play (bit `v`).
    pub(crate) in_play: u32,
    /// Goal card per seat.
    pub(crate) goal: [CardId; 18],
    /// Card per seat (0 before the deal).
    pub(crate) board: [CardId; 18],
    /// Seat per card.
    pub(crate) pos: [SeatIdx; 19],
    /// Face-up cards.
    pub(crate) up: u32,
    /// Cards whose seat the player has seen (face up or peeked) and tracked since.
    pub(crate) known: u32,
    pub(crate) phase: Phase,
    pub(crate) stack: Stack,
    /// The card activated this turn (0 outside a turn).
    pub(crate) active: CardId,
    pub(crate) turns: u32,
    pub(crate) reveals: u32,
    pub(crate) reacted: u32,
    pub(crate) end: Option<EndReason>,
}

impl fmt::Debug for State {
    // Every field but `geo`, which `Geometry::new` derives from `arr` and `rules`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("arr", &self.arr)
            .field("rules", &self.rules)
            .field("in_play", &format_args!("{:#x}", self.in_play))
            .field("goal", &self.goal)
            .field("board", &self.board)
            .field("pos", &self.pos)
            .field("up", &format_args!("{:#x}", self.up))
            .field("known", &format_args!("{:#x}", self.known))
            .field("phase", &self.phase)
            .field("stack", &self.stack)
            .field("active", &self.active)
            .field("turns", &self.turns)
            .field("reveals", &self.reveals)
            .field("reacted", &format_args!("{:#x}", self.reacted))
            .field("end", &self.end)
            .finish()
    }
}

impl State {
    /// A state before the deal for an arrangement and rule set (the `arrangement` option
    /// already resolved).
    #[must_use]
    pub fn with_arrangement(arr: Arrangement, rules: Rules) -> Self {
        let geo = Geometry::new(&arr, &rules);
        let mut goal = [0; 18];
        for (s, g) in arr.goal.iter().flatten().enumerate() {
            goal[s] = *g;
        }
        State {
            in_play: arr.cards(),
            arr: Arc::new(arr),
            geo: Arc::new(geo),
            rules,
            goal,
            board: [0; 18],
            pos: [0; 19],
            up: 0,
            known: 0,
            phase: Phase::Deal,
            stack: Stack::new(),
            active: 0,
            turns: 0,
            reveals: 0,
            reacted: 0,
            end: None,
        }
    }

    /// Number of seats (= cards in play).
    #[must_use]
    pub fn n(&self) -> usize {
        self.geo.n()
    }

    /// The arrangement.
    #[must_use]
    pub fn arrangement(&self) -> &Arrangement {
        &self.arr
    }

    /// The geometry.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The rule switches.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Turns completed.
    #[must_use]
    pub fn turns_completed(&self) -> u32 {
        self.turns
    }

    /// Why the game ended, once it has.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The cards in play (bit `v` per card).
    #[must_use]
    pub fn cards_in_play(&self) -> u32 {
        self.in_play
    }

    /// The card on the seat at `p` (omniscient; 0 before the deal), or `None` off the table.
    #[must_use]
    pub fn card_at(&self, p: Pos) -> Option<CardId> {
        self.geo.seat(p).map(|s| self.board[usize::from(s)])
    }

    /// The position of card `v` (omniscient), if in play.
    #[must_use]
    pub fn pos_of(&self, v: CardId) -> Option<Pos> {
        (self.in_play & bit(v) != 0 && self.phase != Phase::Deal)
            .then(|| self.p(self.pos[usize::from(v)]))
    }

    /// Whether card `v` is face up.
    #[must_use]
    pub fn is_face_up(&self, v: CardId) -> bool {
        self.up & bit(v) != 0
    }

    /// The cards whose seat the player knows now (bit `v`): seen face up or peeked and not
    /// shuffled since; only the face-up cards with `forgetful_player`.
    #[must_use]
    pub fn knows(&self) -> u32 {
        if self.rules.forgetful_player {
            self.up & self.in_play
        } else {
            self.known & self.in_play
        }
    }

    /// Number of seats whose card is not the goal card.
    #[must_use]
    pub fn misplaced(&self) -> u32 {
        (0..self.n())
            .filter(|&s| self.board[s] != self.goal[s])
            .count() as u32
    }

    /// The final score once over (misplaced + the Assassin penalty); before the end, the score
    /// the board would get if the game were declared now.
    #[must_use]
    pub fn final_score(&self) -> i32 {
        scoring::score(self.misplaced(), self.end.unwrap_or(EndReason::Declared))
    }

    /// The decision the game waits for.
    #[must_use]
    pub fn decision(&self) -> Decision {
        match self.phase {
            Phase::Deal => Decision::Chance,
            Phase::TurnStart => Decision::TurnStart,
            Phase::Swap => Decision::OptionalSwap,
            Phase::Over => Decision::Over,
            Phase::Resolve => match self.stack.last() {
                Some(Frame::PriestPeek | Frame::GamblerPeek(_) | Frame::NoblePeek) => {
                    Decision::PeekTarget
                }
                Some(Frame::GamblerCall) => Decision::GamblerCall,
                Some(Frame::Shuffle(_)) => Decision::Chance,
                Some(Frame::JesterFlip(_)) => Decision::JesterFlip,
                Some(Frame::Merchant) => Decision::MerchantChoice,
                Some(Frame::Knight) => Decision::KnightTarget,
                Some(Frame::Vizier) => Decision::VizierPair,
                Some(Frame::Queen) => Decision::QueenSlide,
                Some(Frame::FlipAll(_)) => Decision::FlipNext,
                Some(Frame::AdjFlip(_)) => Decision::AdjacentFlip,
                Some(Frame::Diplomat(_) | Frame::SetupReveal(_)) | None => Decision::Chance,
            },
        }
    }

    fn seat_of(&self, p: Pos, rule: &'static str) -> Result<SeatIdx, IllegalAction> {
        self.geo.seat(p).ok_or_else(|| {
            IllegalAction::new(rule, format!("{} is not a seat", notation::pos_text(p)))
        })
    }

    fn vizier_seat(&self) -> SeatIdx {
        self.pos[usize::from(crate::card::VIZIER)]
    }

    /// Checks `a` against the current decision without changing anything.
    fn check(&self, a: Action) -> Result<(), IllegalAction> {
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

    fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        self.turns += 1;
        self.active = 0;
        self.phase = Phase::TurnStart;
        ev.push(Event::TurnEnded { turns: self.turns });
        self.advance(ev);
    }

    /// Applies an action already checked legal.
    fn act(&mut self, a: Action, ev: &mut impl EventSink<Event>) {
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

    fn deal(&mut self, cards: &[CardId], ev: &mut impl EventSink<Event>) {
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

    /// Lists legal actions (allocation-free after `out` has grown once).
    fn fill_legal(&self, out: &mut Vec<Action>) {
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

    /// Applies `a` without the legality check (the search hot path).
    ///
    /// Legality is asserted in debug builds only; an illegal action may corrupt the state.
    pub fn apply_unchecked(&mut self, a: Action, ev: &mut impl EventSink<Event>) {
        debug_assert!(self.check(a).is_ok(), "illegal {a:?} in {self:?}");
        self.act(a, ev);
    }

    fn due_shuffle(&self) -> Option<u32> {
        match (self.phase, self.stack.last()) {
            (Phase::Resolve, Some(Frame::Shuffle(seats))) => Some(*seats),
            _ => None,
        }
    }

    fn seats_in(mask: u32) -> impl Iterator<Item = SeatIdx> {
        (0..32u8).filter(move |s| mask & (1 << s) != 0)
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

impl Game for State {
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "kings-feast";
    const NAME: &'static str = "The King's Feast";
    const PLAYERS: std::ops::RangeInclusive<u8> = 1..=1;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn new(players: u8, options: &Options) -> Result<Self, SetupError> {
        check_players::<Self>(players)?;
        let arr = resolve_arrangement(options.text("arrangement"))
            .map_err(|e| SetupError::Invalid(e.to_string()))?;
        Ok(State::with_arrangement(arr, Rules::from_options(options)))
    }

    fn players(&self) -> u8 {
        1
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Deal => ToAct::Chance,
            Phase::Over => ToAct::Terminal,
            _ if self.due_shuffle().is_some() => ToAct::Chance,
            _ => ToAct::Seats(parlour_core::SeatSet::single(Seat(0))),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat != Seat(0) {
            out.clear();
            return;
        }
        self.fill_legal(out);
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        seat == Seat(0) && self.check(action).is_ok()
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        if seat != Seat(0) {
            return Err(IllegalAction::not_your_turn(seat));
        }
        self.check(action)?;
        self.act(action, events);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Chance {
        if self.phase == Phase::Deal {
            let set: CardSet = self.arr.dealt_cards().into_iter().collect();
            return Chance::Deal(shuffled(set, rng));
        }
        let seats = self.due_shuffle().expect("sample_chance at a chance node");
        let mut cards: Vec<CardId> = Self::seats_in(seats)
            .map(|s| self.board[usize::from(s)])
            .collect();
        cards.shuffle(rng);
        Chance::Shuffle(cards)
    }

    fn apply_chance(
        &mut self,
        chance: Chance,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        match (self.phase, &chance) {
            (Phase::Deal, Chance::Deal(cards)) => {
                let set: CardSet = self.arr.dealt_cards().into_iter().collect();
                check_permutation(cards, set, card_label)
                    .map_err(|e| IllegalAction::new("deal-is-a-permutation", e))?;
                self.deal(cards, events);
                Ok(())
            }
            (Phase::Deal, Chance::Shuffle(_)) => Err(IllegalAction::wrong_node("the deal")),
            (_, Chance::Shuffle(cards)) => {
                let seats = self
                    .due_shuffle()
                    .ok_or_else(|| IllegalAction::wrong_node("a player decision"))?;
                let set: CardSet = Self::seats_in(seats)
                    .map(|s| self.board[usize::from(s)])
                    .collect();
                check_permutation(cards, set, card_label)
                    .map_err(|e| IllegalAction::new("shuffle-is-a-permutation", e))?;
                let mut placed = [0u8; 3];
                for (i, (s, &c)) in Self::seats_in(seats).zip(cards.iter()).enumerate() {
                    self.board[usize::from(s)] = c;
                    self.pos[usize::from(c)] = s;
                    placed[i] = c;
                }
                // The player does not see the new order (pinned clarification 8).
                self.known &= !self.cards_on(seats);
                self.stack.pop();
                events.push(Event::Shuffled {
                    seats,
                    cards: placed,
                });
                self.advance(events);
                Ok(())
            }
            (_, Chance::Deal(_)) => Err(IllegalAction::wrong_node(if self.phase == Phase::Over {
                "nothing (the game is over)"
            } else {
                "a player decision"
            })),
        }
    }

    fn chance_hint(&self) -> String {
        if self.phase == Phase::Deal {
            "deal: `deal` and the ids of the dealt cards for the U/D seats in row-major order"
                .into()
        } else {
            "shuffle: `shuffle` and the ids of the cards placed on the Jester's seats, left to right"
                .into()
        }
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn describe_event(&self, event: &Event, viewer: Viewer) -> Option<String> {
        let pt = |p: &Pos| notation::pos_text(*p);
        Some(match event {
            Event::Dealt => "the guests are seated".into(),
            Event::Activated { card, at } => format!("activated {} at {}", card_id(*card), pt(at)),
            Event::Peeked { card, at } => match viewer {
                Viewer::Spectator => format!("peeked at {}", pt(at)),
                _ => format!("peeked at {}: {}", pt(at), card_id(*card)),
            },
            Event::Revealed { card, at } => format!("revealed {} at {}", card_id(*card), pt(at)),
            Event::TurnedDown { card, at } => {
                format!("turned {} face down at {}", card_id(*card), pt(at))
            }
            Event::HermitHides { at } => format!("the hermit at {} turns face down", pt(at)),
            Event::Swapped { a, b } => format!("swapped {} and {}", pt(a), pt(b)),
            Event::DiplomatSwap { card, from, to } => format!(
                "the diplomat at {} swaps with {} at {}",
                pt(to),
                card_id(*card),
                pt(from)
            ),
            Event::Moved { from, to } => {
                format!(
                    "the card on {} moves to {}, shifting the others",
                    pt(from),
                    pt(to)
                )
            }
            Event::ShuffleStarted { seats } => {
                format!("the jester gathers {} face down", seats_text(self, *seats))
            }
            Event::Shuffled { seats, cards } => match viewer {
                Viewer::Omniscient => {
                    let names: Vec<&str> = cards
                        .iter()
                        .filter(|&&c| c != 0)
                        .map(|&c| card_id(c))
                        .collect();
                    format!("shuffled {}: {}", seats_text(self, *seats), names.join(" "))
                }
                _ => format!("shuffled {}", seats_text(self, *seats)),
            },
            Event::TurnEnded { turns } => format!("turn {turns} completed"),
            Event::GameOver { reason, score } => format!(
                "the feast ends: {}; score {score}, {}",
                reason.describe(),
                scoring::title(*score)
            ),
        })
    }

    fn scores(&self) -> Vec<i32> {
        vec![self.final_score()]
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::lowest_wins(vec![self.final_score()]))
    }

    fn round(&self) -> u32 {
        self.turns
    }

    fn action_text(&self, action: Action) -> String {
        notation::action_text(action)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, ParseError> {
        notation::parse_action(text)
    }

    fn chance_text(&self, chance: &Chance) -> String {
        setup::chance_text(chance)
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, ParseError> {
        setup::parse_chance(text, self.phase == Phase::Deal)
    }

    fn policy(name: &str) -> Option<parlour_core::Policy<Self>> {
        // `solver`: the view-only policy of the solver module (`--bots solver`).
        (name == "solver").then_some(
            (|state: &State, _seat: Seat, rng: &mut GameRng| {
                crate::solver::solver_policy(state, rng)
            }) as parlour_core::Policy<Self>,
        )
    }

    fn sample_consistent(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let _ = observer;
        let mut out = self.clone();
        if self.phase == Phase::Deal || self.phase == Phase::Over {
            return out;
        }
        let unknown = self.in_play & !self.knows();
        if unknown.count_ones() < 2 {
            return out;
        }
        // The sample depends only on what the observer sees: the unknown seats in seat order
        // receive a shuffle of the unknown cards listed by value.
        let seats: Vec<SeatIdx> = (0..self.n() as u8)
            .filter(|&s| unknown & bit(self.board[usize::from(s)]) != 0)
            .collect();
        let mut perm: Vec<CardId> = (1..=18).filter(|&v| unknown & bit(v) != 0).collect();
        perm.shuffle(rng);
        // sigma maps the card on a seat to the card the sample puts there.
        let mut sigma = [0u8; 19];
        for v in 0..19u8 {
            sigma[usize::from(v)] = v;
        }
        for (&s, &new) in seats.iter().zip(&perm) {
            sigma[usize::from(self.board[usize::from(s)])] = new;
            out.board[usize::from(s)] = new;
            out.pos[usize::from(new)] = s;
        }
        let map_mask = |m: u32| -> u32 {
            let mut r = 0;
            for v in 1..=18u8 {
                if m & bit(v) != 0 {
                    r |= bit(sigma[usize::from(v)]);
                }
            }
            r
        };
        out.known = map_mask(self.known);
        out.reacted = map_mask(self.reacted);
        out.active = sigma[usize::from(self.active)];
        for f in out.stack.iter_mut() {
            *f = match *f {
                Frame::FlipAll(t) if !self.rules.flip_targets_by_position => {
                    Frame::FlipAll(map_mask(t))
                }
                Frame::AdjFlip(x) => Frame::AdjFlip(sigma[usize::from(x)]),
                Frame::Diplomat(x) => Frame::Diplomat(sigma[usize::from(x)]),
                Frame::SetupReveal(t) => Frame::SetupReveal(map_mask(t)),
                other => other,
            };
        }
        out
    }

    fn hidden_places(&self, observer: Seat) -> Option<Vec<(String, String)>> {
        let _ = observer;
        // One player: what is hidden is which seat each unknown card is on, not who holds it.
        if matches!(self.phase, Phase::Deal | Phase::Over) {
            return Some(Vec::new());
        }
        let unknown = self.in_play & !self.knows();
        Some(
            (1..=18)
                .filter(|&v| unknown & bit(v) != 0)
                .map(|v| {
                    let at = notation::pos_text(self.p(self.pos[usize::from(v)]));
                    (card_id(v).to_owned(), at)
                })
                .collect(),
        )
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let _ = seat;
        if self.phase == Phase::Over {
            return -f64::from(self.final_score());
        }
        if self.phase == Phase::Deal {
            return -(self.n() as f64);
        }
        -self.expected_misplaced() + 0.01 * f64::from((self.up & self.in_play).count_ones())
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.phase == Phase::Deal {
            return Ok(());
        }
        let mut seen = 0u32;
        for s in 0..self.n() {
            let c = self.board[s];
            if c == 0 || c > 18 || self.in_play & bit(c) == 0 {
                return Err(format!("seat {s} holds {c}, not a card in play"));
            }
            if seen & bit(c) != 0 {
                return Err(format!("card {c} is on two seats"));
            }
            seen |= bit(c);
            if usize::from(self.pos[usize::from(c)]) != s {
                return Err(format!(
                    "card {c} is on seat {s} but indexed at {}",
                    self.pos[usize::from(c)]
                ));
            }
        }
        if seen != self.in_play {
            return Err("not every card in play is on a seat".into());
        }
        if self.up & !self.in_play != 0 {
            return Err("a card not in play is face up".into());
        }
        if self.phase != Phase::Over && self.up & bit(ASSASSIN) != 0 {
            return Err("the Assassin is face up while the feast goes on".into());
        }
        if self.up & self.in_play & !self.known != 0 {
            return Err("a face-up card is not known to the player".into());
        }
        if self.phase != Phase::Resolve && !self.stack.is_empty() {
            return Err("effects pending outside a resolution".into());
        }
        Ok(())
    }

    fn secrets(&self, viewer: Option<Seat>) -> Vec<String> {
        if matches!(self.phase, Phase::Deal | Phase::Over) {
            return Vec::new();
        }
        let hidden = match viewer {
            // The player's memory, even with `forgetful_player` (the view then shows less).
            Some(_) => self.in_play & !self.known,
            None => self.in_play & !self.up,
        };
        (1..=18)
            .filter(|&v| hidden & bit(v) != 0)
            .map(|v| card_id(v).to_owned())
            .collect()
    }
}

impl State {
    /// Expected misplaced seats given the player's knowledge: known cards count as they stand,
    /// unknown cards are spread uniformly over the seats of unknown cards (spec §12.3).
    #[must_use]
    pub fn expected_misplaced(&self) -> f64 {
        let k = self.knows();
        let unknown = self.in_play & !k;
        let u = unknown.count_ones();
        let mut m = 0.0;
        for s in 0..self.n() {
            let c = self.board[s];
            if k & bit(c) != 0 {
                if c != self.goal[s] {
                    m += 1.0;
                }
            } else if unknown & bit(self.goal[s]) != 0 {
                m += 1.0 - 1.0 / f64::from(u);
            } else {
                m += 1.0;
            }
        }
        m
    }

    /// The Priest, Gambler and Noble in play, for quick checks.
    #[must_use]
    pub fn has_peekers(&self) -> bool {
        self.in_play & (bit(PRIEST) | bit(GAMBLER) | bit(NOBLE)) != 0
    }
}

fn card_label(c: CardId) -> String {
    if (1..=18).contains(&c) {
        format!("{} ({})", card_id(c), card_name(c))
    } else {
        format!("card {c}")
    }
}

fn seats_text(st: &State, seats: u32) -> String {
    State::seats_in(seats)
        .map(|s| notation::pos_text(st.p(s)))
        .collect::<Vec<_>>()
        .join(" ")
}
