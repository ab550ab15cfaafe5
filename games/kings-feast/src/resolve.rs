//! The resolution engine (spec §6, §7): the stack of pending effects, flips, reveals and
//! reactions, and each King's Order.
//!
//! Every effect that needs a player's choice (or a shuffle) is a [`Frame`] on the stack; effects
//! that need none are carried out at once. A reveal that triggers a reaction pushes the
//! reaction's frame above the interrupted effect, so reactions resolve depth first, as a stack.

use crate::action::{Dir, Pos};
use crate::card::{
    ASSASSIN, COACHMAN, CardId, DIPLOMAT, GAMBLER, GUARD, HERMIT, JESTER, KING, KNIGHT, LOVERS_I,
    LOVERS_II, MERCHANT, NOBLE, PRIEST, PRINCESS, QUEEN, SCHOLAR, VIZIER, bit,
};
use crate::event::Event;
use crate::geometry::SeatIdx;
use crate::phase::Phase;
use crate::scoring::EndReason;
use crate::state::State;
use parlour_core::EventSink;

/// Most reveals in one turn before the chain is cut (spec §6.4; never reached in practice).
pub const REVEAL_GUARD: u32 = 1000;

/// A pending effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Frame {
    /// Priest: peek at a face-down seat.
    PriestPeek,
    /// Gambler: call a value.
    GamblerCall,
    /// Gambler: peek at a face-down seat; flip on a match with the call (0 = a miss).
    GamblerPeek(u8),
    /// Noble: peek at a face-down seat; flip when below 11.
    NoblePeek,
    /// Jester: the shuffle of these seats (a chance node).
    Shuffle(u32),
    /// Jester: flip one of these seats.
    JesterFlip(u32),
    /// Merchant: choose a surrounding card.
    Merchant,
    /// Knight: choose a destination.
    Knight,
    /// Vizier: choose two seats.
    Vizier,
    /// Queen: choose a slide.
    Queen,
    /// Flip each of these cards (or seats, with `flip_targets_by_position`) once, in the
    /// player's order (King, Queen, Princess).
    FlipAll(u32),
    /// Flip one card adjacent to this card (Lovers, Scholar).
    AdjFlip(CardId),
    /// The Diplomat's swap with this revealed card, deferred (`own_reaction_first`).
    Diplomat(CardId),
    /// Cards dealt face up whose reactions are still due (`setup_reveals_trigger`).
    SetupReveal(u32),
}

/// Most pending effects at once; a deeper chain is cut (like the reveal guard, never reached).
pub const STACK_CAPACITY: usize = 32;

/// The stack of pending effects, stored inline so a state clones without allocating.
#[derive(Clone, Copy)]
pub struct Stack {
    frames: [Frame; STACK_CAPACITY],
    len: u8,
}

impl Stack {
    /// An empty stack.
    #[must_use]
    pub const fn new() -> Self {
        Stack {
            frames: [Frame::PriestPeek; STACK_CAPACITY],
            len: 0,
        }
    }

    /// The pending effects, bottom first.
    #[must_use]
    pub fn as_slice(&self) -> &[Frame] {
        &self.frames[..usize::from(self.len)]
    }

    /// Mutable access to the pending effects.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Frame> {
        self.frames[..usize::from(self.len)].iter_mut()
    }

    /// Pushes `f` (dropped if the stack is full: a runaway chain is cut).
    pub fn push(&mut self, f: Frame) {
        if usize::from(self.len) < STACK_CAPACITY {
            self.frames[usize::from(self.len)] = f;
            self.len += 1;
        }
    }

    /// Pops the top.
    pub fn pop(&mut self) -> Option<Frame> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.frames[usize::from(self.len)])
        }
    }

    /// The top.
    #[must_use]
    pub fn last(&self) -> Option<&Frame> {
        self.as_slice().last()
    }

    /// The top, mutably.
    pub fn last_mut(&mut self) -> Option<&mut Frame> {
        let n = usize::from(self.len);
        self.frames[..n].last_mut()
    }

    /// Empties the stack.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether nothing is pending.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for Stack {
    fn default() -> Self {
        Stack::new()
    }
}

impl PartialEq for Stack {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Stack {}

impl std::hash::Hash for Stack {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h);
    }
}

impl std::fmt::Debug for Stack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl State {
    pub(crate) fn seat_mask_of_cards(&self, cards: u32) -> u32 {
        let mut m = 0;
        let mut c = cards;
        while c != 0 {
            let v = c.trailing_zeros() as u8;
            c &= c - 1;
            m |= 1 << self.pos[usize::from(v)];
        }
        m
    }

    pub(crate) fn cards_on(&self, seats: u32) -> u32 {
        let mut m = 0;
        let mut s = seats;
        while s != 0 {
            let i = s.trailing_zeros() as usize;
            s &= s - 1;
            m |= bit(self.board[i]);
        }
        m
    }

    pub(crate) fn face_down_seats(&self) -> u32 {
        self.seat_mask_of_cards(self.in_play & !self.up)
    }

    pub(crate) fn swap_seats(&mut self, a: SeatIdx, b: SeatIdx) {
        let (ca, cb) = (self.board[usize::from(a)], self.board[usize::from(b)]);
        self.board[usize::from(a)] = cb;
        self.board[usize::from(b)] = ca;
        self.pos[usize::from(ca)] = b;
        self.pos[usize::from(cb)] = a;
    }

    fn place(&mut self, seat: SeatIdx, card: CardId) {
        self.board[usize::from(seat)] = card;
        self.pos[usize::from(card)] = seat;
    }

    pub(crate) fn p(&self, s: SeatIdx) -> Pos {
        self.geo.seat_pos[usize::from(s)]
    }

    /// Ends the game at once, aborting every pending effect (spec §6.1).
    pub(crate) fn finish(&mut self, reason: EndReason, ev: &mut impl EventSink<Event>) {
        if matches!(self.phase, Phase::Resolve | Phase::Swap) && self.active != 0 {
            // A turn cut short still counts (pinned clarification 3).
            self.turns += 1;
        }
        self.stack.clear();
        self.phase = Phase::Over;
        self.end = Some(reason);
        ev.push(Event::GameOver {
            reason,
            score: self.final_score(),
        });
    }

    /// Peeks at the card on seat `s` (no reaction; the Assassin ends the game).
    pub(crate) fn peek(&mut self, s: SeatIdx, ev: &mut impl EventSink<Event>) {
        let card = self.board[usize::from(s)];
        self.known |= bit(card);
        ev.push(Event::Peeked {
            card,
            at: self.p(s),
        });
        if card == ASSASSIN {
            self.finish(EndReason::AssassinPeeked, ev);
        }
    }

    /// Flips `card` wherever it is: face up goes face down; face down goes face up and is
    /// revealed.
    pub(crate) fn flip(&mut self, card: CardId, ev: &mut impl EventSink<Event>) {
        let at = self.p(self.pos[usize::from(card)]);
        if self.up & bit(card) != 0 {
            self.up &= !bit(card);
            ev.push(Event::TurnedDown { card, at });
        } else {
            self.up |= bit(card);
            self.known |= bit(card);
            ev.push(Event::Revealed { card, at });
            self.reveal(card, ev);
        }
    }

    /// `card` has just turned face up (spec §6.2).
    pub(crate) fn reveal(&mut self, card: CardId, ev: &mut impl EventSink<Event>) {
        if card == ASSASSIN {
            self.finish(EndReason::AssassinRevealed, ev);
            return;
        }
        self.reveals += 1;
        if self.reveals > REVEAL_GUARD {
            // An endless chain would be an engine bug; cut it rather than hang.
            self.stack.clear();
            return;
        }
        if self.rules.own_reaction_first {
            self.stack.push(Frame::Diplomat(card));
            self.own_reaction(card, ev);
        } else {
            self.diplomat_swap(card, ev);
            self.own_reaction(card, ev);
        }
    }

    /// Movement first: a face-up Diplomat next to the revealed card swaps places with it.
    pub(crate) fn diplomat_swap(&mut self, card: CardId, ev: &mut impl EventSink<Event>) {
        if card == DIPLOMAT || self.in_play & bit(DIPLOMAT) == 0 {
            return;
        }
        if self.up & bit(DIPLOMAT) == 0 && !self.rules.diplomat_reacts_face_down {
            return;
        }
        let d = self.pos[usize::from(DIPLOMAT)];
        let x = self.pos[usize::from(card)];
        if self.geo.adj[usize::from(d)] & (1 << x) == 0 {
            return;
        }
        if self.rules.reaction_once_per_turn {
            if self.reacted & bit(DIPLOMAT) != 0 {
                return;
            }
            self.reacted |= bit(DIPLOMAT);
        }
        self.swap_seats(d, x);
        // The player carries out the swap, so a face-down Diplomat (variant D10) is now known.
        self.known |= bit(DIPLOMAT);
        ev.push(Event::DiplomatSwap {
            card,
            from: self.p(d),
            to: self.p(x),
        });
    }

    fn own_reaction(&mut self, card: CardId, ev: &mut impl EventSink<Event>) {
        if !matches!(card, HERMIT | LOVERS_I | LOVERS_II | SCHOLAR | PRINCESS) {
            return;
        }
        if self.rules.reaction_once_per_turn {
            if self.reacted & bit(card) != 0 {
                return;
            }
            self.reacted |= bit(card);
        }
        match card {
            HERMIT => {
                self.up &= !bit(HERMIT);
                ev.push(Event::HermitHides {
                    at: self.p(self.pos[usize::from(HERMIT)]),
                });
            }
            LOVERS_I | LOVERS_II => {
                let other = if card == LOVERS_I {
                    LOVERS_II
                } else {
                    LOVERS_I
                };
                if self.up & self.in_play & bit(other) != 0 {
                    self.stack.push(Frame::AdjFlip(other));
                }
            }
            SCHOLAR => self.stack.push(Frame::AdjFlip(SCHOLAR)),
            PRINCESS => {
                let seats = self.geo.adj[usize::from(self.pos[usize::from(PRINCESS)])];
                self.push_flip_all(seats);
            }
            _ => {}
        }
    }

    /// Pushes a multi-flip of the cards now on `seats` (snapshot by identity, spec D8).
    pub(crate) fn push_flip_all(&mut self, seats: u32) {
        if seats == 0 {
            return;
        }
        let targets = if self.rules.flip_targets_by_position {
            seats
        } else {
            self.cards_on(seats)
        };
        self.stack.push(Frame::FlipAll(targets));
    }

    /// The seats a [`Frame::FlipAll`] may flip next.
    pub(crate) fn flip_all_seats(&self, targets: u32) -> u32 {
        if self.rules.flip_targets_by_position {
            targets
        } else {
            self.seat_mask_of_cards(targets)
        }
    }

    /// Starts the King's Order of `card` on seat `s` (spec §7).
    pub(crate) fn start_order(&mut self, card: CardId, s: SeatIdx, ev: &mut impl EventSink<Event>) {
        let si = usize::from(s);
        match card {
            PRIEST => self.stack.push(Frame::PriestPeek),
            GAMBLER => self.stack.push(Frame::GamblerCall),
            NOBLE => self.stack.push(Frame::NoblePeek),
            MERCHANT => self.stack.push(Frame::Merchant),
            KNIGHT => self.stack.push(Frame::Knight),
            VIZIER => self.stack.push(Frame::Vizier),
            QUEEN => self.stack.push(Frame::Queen),
            KING => self.push_flip_all(self.geo.surround[si]),
            COACHMAN => {
                if let (Some(l), Some(r)) = (self.geo.left[si], self.geo.right[si]) {
                    self.swap_seats(l, r);
                    ev.push(Event::Swapped {
                        a: self.p(l),
                        b: self.p(r),
                    });
                }
            }
            GUARD => self.guard(s, ev),
            JESTER => self.jester(s, ev),
            _ => {}
        }
    }

    fn guard(&mut self, s: SeatIdx, ev: &mut impl EventSink<Event>) {
        let si = usize::from(s);
        let Some(t) = self.geo.right[si] else {
            return;
        };
        let path = &self.geo.guard_path[si];
        if path[0] == t {
            // On a wrapping ring the Guard's right is the row's start: nothing to send.
            return;
        }
        let moving = self.board[usize::from(t)];
        let from = t;
        let geo = std::sync::Arc::clone(&self.geo);
        let path = &geo.guard_path[si];
        for i in (0..path.len()).rev() {
            let to = if i + 1 < path.len() { path[i + 1] } else { t };
            let c = self.board[usize::from(path[i])];
            self.place(to, c);
        }
        self.place(path[0], moving);
        ev.push(Event::Moved {
            from: self.p(from),
            to: self.p(path[0]),
        });
    }

    fn jester(&mut self, s: SeatIdx, ev: &mut impl EventSink<Event>) {
        let si = usize::from(s);
        let (l, r) = (self.geo.left[si], self.geo.right[si]);
        if self.rules.jester_needs_both_neighbours && (l.is_none() || r.is_none()) {
            return;
        }
        let mut seats = 1u32 << s;
        for x in [l, r].into_iter().flatten() {
            seats |= 1 << x;
        }
        let cards = self.cards_on(seats);
        self.up &= !cards;
        ev.push(Event::ShuffleStarted { seats });
        self.stack.push(Frame::JesterFlip(seats));
        if seats.count_ones() >= 2 {
            self.stack.push(Frame::Shuffle(seats));
        }
    }

    /// The Merchant's partner for a chosen card of value `v`: the face-up card with the next
    /// higher value (spec §7, D11).
    pub(crate) fn merchant_partner(&self, v: CardId) -> Option<CardId> {
        let base = if self.rules.merchant_next_above_self {
            MERCHANT
        } else {
            v
        };
        let higher = self.up & self.in_play & !((bit(base) << 1) - 1);
        (higher != 0).then(|| higher.trailing_zeros() as u8)
    }

    /// Seats the Merchant may choose now.
    pub(crate) fn merchant_choices(&self) -> u32 {
        let m = self.pos[usize::from(MERCHANT)];
        let mut out = 0;
        let mut around = self.geo.surround[usize::from(m)];
        while around != 0 {
            let s = around.trailing_zeros();
            around &= around - 1;
            let v = self.board[s as usize];
            if !self.rules.merchant_any_facing && self.up & bit(v) == 0 {
                continue;
            }
            if self
                .merchant_partner(v)
                .is_some_and(|f| u32::from(self.pos[usize::from(f)]) != s)
            {
                out |= 1 << s;
            }
        }
        out
    }

    /// The Queen's passed seats for a slide, if it is legal now.
    pub(crate) fn queen_line(&self, d: Dir, k: u8) -> Option<&[SeatIdx]> {
        let q = self.pos[usize::from(QUEEN)];
        let line = self.geo.line(q, d);
        (k >= 1 && usize::from(k) <= line.len()).then(|| &line[..usize::from(k)])
    }

    pub(crate) fn queen_slide(&mut self, d: Dir, k: u8, ev: &mut impl EventSink<Event>) {
        let q = self.pos[usize::from(QUEEN)];
        let geo = std::sync::Arc::clone(&self.geo);
        let line = &geo.line(q, d)[..usize::from(k)];
        let passed = self.cards_on(line.iter().fold(0, |m, &s| m | (1 << s)));
        let mut prev = q;
        for &s in line {
            let c = self.board[usize::from(s)];
            self.place(prev, c);
            prev = s;
        }
        self.place(prev, QUEEN);
        ev.push(Event::Moved {
            from: self.p(q),
            to: self.p(prev),
        });
        let targets = if self.rules.flip_targets_by_position {
            self.seat_mask_of_cards(passed)
        } else {
            passed
        };
        if targets != 0 {
            self.stack.push(Frame::FlipAll(targets));
        }
    }

    /// Runs automatic steps until a decision, a chance event or the end (spec §5, §6).
    pub(crate) fn advance(&mut self, ev: &mut impl EventSink<Event>) {
        loop {
            match self.phase {
                Phase::Resolve => {
                    let Some(&top) = self.stack.last() else {
                        if self.active == 0 {
                            // Setup reactions done: the first turn begins.
                            self.phase = Phase::TurnStart;
                            continue;
                        }
                        // Step 2: the activated card goes face down, wherever it is.
                        let a = self.active;
                        if self.up & bit(a) != 0 {
                            self.up &= !bit(a);
                            ev.push(Event::TurnedDown {
                                card: a,
                                at: self.p(self.pos[usize::from(a)]),
                            });
                        }
                        self.phase = Phase::Swap;
                        return;
                    };
                    match top {
                        Frame::Diplomat(x) => {
                            self.stack.pop();
                            self.diplomat_swap(x, ev);
                        }
                        Frame::SetupReveal(cards) => {
                            let seats = self.seat_mask_of_cards(cards);
                            if seats == 0 {
                                self.stack.pop();
                                continue;
                            }
                            let card = self.board[seats.trailing_zeros() as usize];
                            let rest = cards & !bit(card);
                            *self.stack.last_mut().expect("top exists") = Frame::SetupReveal(rest);
                            if self.up & bit(card) != 0 {
                                self.reveal(card, ev);
                            }
                        }
                        Frame::Shuffle(_) => return,
                        f => {
                            if self.has_options(f) {
                                return;
                            }
                            self.stack.pop();
                        }
                    }
                    if self.phase == Phase::Over {
                        return;
                    }
                }
                Phase::TurnStart => {
                    if self.up & self.in_play == 0 {
                        self.finish(EndReason::AllFaceDown, ev);
                    } else if self.turns >= self.rules.max_turns {
                        self.finish(EndReason::TurnLimit, ev);
                    }
                    return;
                }
                _ => return,
            }
        }
    }

    /// Seats a `Target` decision of `f` may name (0 for frames decided otherwise).
    pub(crate) fn target_seats(&self, f: Frame) -> u32 {
        match f {
            Frame::PriestPeek | Frame::GamblerPeek(_) | Frame::NoblePeek => self.face_down_seats(),
            Frame::JesterFlip(seats) => seats,
            Frame::Merchant => self.merchant_choices(),
            Frame::Knight => {
                let k = self.pos[usize::from(self.active)];
                self.geo.knight[usize::from(k)]
            }
            Frame::FlipAll(t) => self.flip_all_seats(t),
            Frame::AdjFlip(x) => self.geo.adj[usize::from(self.pos[usize::from(x)])],
            _ => 0,
        }
    }

    /// Whether the decision of frame `f` has at least one option (else it does nothing).
    pub(crate) fn has_options(&self, f: Frame) -> bool {
        match f {
            Frame::GamblerCall => true,
            Frame::Vizier => {
                self.in_play.count_ones()
                    >= if self.rules.vizier_excludes_self {
                        3
                    } else {
                        2
                    }
            }
            Frame::Queen => {
                self.rules.queen_may_stay
                    || Dir::ALL.iter().any(|&d| self.queen_line(d, 1).is_some())
            }
            Frame::Shuffle(_) => true,
            Frame::Diplomat(_) | Frame::SetupReveal(_) => false,
            _ => self.target_seats(f) != 0,
        }
    }

    /// Whether every option of the decision `f` peeks at or reveals the Assassin, known to the
    /// player to be there (the `may_decline_fatal` variant may decline then).
    pub(crate) fn only_fatal(&self, f: Frame) -> bool {
        let reveals = matches!(
            f,
            Frame::PriestPeek
                | Frame::GamblerPeek(_)
                | Frame::NoblePeek
                | Frame::JesterFlip(_)
                | Frame::FlipAll(_)
                | Frame::AdjFlip(_)
        );
        reveals
            && self.knows() & bit(ASSASSIN) != 0
            && self.in_play & bit(ASSASSIN) != 0
            && self.target_seats(f) == 1 << self.pos[usize::from(ASSASSIN)]
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::{Game, Options, Seat, ToAct};

    use crate::action::{Action, Pos};
    use crate::notation::parse_action;
    use crate::phase::Phase;
    use crate::scoring::EndReason;
    use crate::state::State;

    /// A study position from a board in the spec's notation (rows split by `/`).
    fn study(board: &str, extra: &str) -> State {
        let setup = board.replace('/', "\n");
        let goal: String = board
            .split_whitespace()
            .map(|t| {
                if t == "/" {
                    "\n".to_owned()
                } else if t == "." {
                    ". ".to_owned()
                } else {
                    format!("{} ", &t[..t.len() - 1])
                }
            })
            .collect();
        let text =
            format!("name: t\ntitle: T\nprovenance: DESIGNED\nsetup:\n{setup}\ngoal:\n{goal}\n");
        let mut o = Options::parse_list(State::OPTIONS, extra).unwrap();
        o.set("arrangement", &text).unwrap();
        let mut st = State::new(1, &o).unwrap();
        st.apply_chance(crate::chance::Chance::Deal(Vec::new()), &mut ())
            .unwrap();
        st
    }

    fn act(st: &mut State, text: &str) {
        let a = parse_action(text).unwrap();
        st.apply(Seat(0), a, &mut ())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }

    fn up(st: &State, v: u8) -> bool {
        st.is_face_up(v)
    }

    #[test]
    fn activated_card_goes_face_down_wherever_it_moved() {
        let mut st = study("10U 4U 7U / 3D 18U 2D / 11U 1D 9U", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 1,2");
        assert_eq!(st.card_at(Pos::new(1, 2)), Some(10));
        assert!(!up(&st, 10));
    }

    #[test]
    fn hermit_turns_itself_face_down_when_revealed() {
        let mut st = study("18U 2D 3U", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        assert!(!up(&st, 2));
        assert!(st.knows() & (1 << 2) != 0, "the player saw the Hermit");
    }

    #[test]
    fn face_down_diplomat_does_not_react() {
        let mut st = study("18U 6D 12D", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        assert_eq!(st.card_at(Pos::new(0, 2)), Some(12));
        let mut st = study("18U 6D 12D", "diplomat_reacts_face_down");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        assert_eq!(st.card_at(Pos::new(0, 1)), Some(12));
    }

    #[test]
    fn own_reaction_first_defers_the_diplomat_swap() {
        // The Scholar revealed next to a face-up Diplomat: by default the Diplomat swaps first,
        // so the Scholar's neighbours are those of (0,2).
        let mut st = study("18U 13D 12U 3U", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        assert_eq!(st.card_at(Pos::new(0, 2)), Some(13));
        let mut legal = Vec::new();
        st.legal_actions(Seat(0), &mut legal);
        assert_eq!(
            legal,
            [
                Action::Target(Pos::new(0, 1)),
                Action::Target(Pos::new(0, 3))
            ]
        );
        let mut st = study("18U 13D 12U 3U", "own_reaction_first");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        st.legal_actions(Seat(0), &mut legal);
        assert_eq!(
            legal,
            [
                Action::Target(Pos::new(0, 0)),
                Action::Target(Pos::new(0, 2))
            ]
        );
    }

    #[test]
    fn lovers_react_only_when_the_other_is_face_up() {
        let mut st = study("18U 6D 14D", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        assert_eq!(st.phase(), Phase::Swap);
    }

    #[test]
    fn princess_flips_every_adjacent_card() {
        let mut st = study("18U 16D 3U / 2U 5D 9U", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "target 0,1");
        for t in ["target 0,2", "target 1,1"] {
            act(&mut st, t);
        }
        assert!(!up(&st, 3));
        assert!(up(&st, 5));
    }

    #[test]
    fn peeking_the_assassin_ends_the_game_before_the_call_is_tested() {
        let mut st = study("5U 1D", "");
        act(&mut st, "activate 0,0");
        act(&mut st, "call 1");
        act(&mut st, "target 0,1");
        assert_eq!(st.end_reason(), Some(EndReason::AssassinPeeked));
        assert_eq!(st.to_act(), ToAct::Terminal);
        assert_eq!(st.turns_completed(), 1);
    }

    #[test]
    fn gambler_call_is_asked_even_with_nothing_to_peek() {
        let mut st = study("5U 3U", "");
        act(&mut st, "activate 0,0");
        let mut legal = Vec::new();
        st.legal_actions(Seat(0), &mut legal);
        assert_eq!(legal, [Action::Call(3), Action::Call(5), Action::CallMiss]);
        act(&mut st, "call miss");
        // The Gambler itself is face up: no face-down card, the peek does nothing.
        assert_eq!(st.phase(), Phase::Swap);
    }

    #[test]
    fn queen_may_stay_only_with_the_variant() {
        let mut st = study("17U 3D", "");
        act(&mut st, "activate 0,0");
        let mut legal = Vec::new();
        st.legal_actions(Seat(0), &mut legal);
        assert_eq!(legal, [Action::Slide(crate::action::Dir::Right, 1)]);
        let mut st = study("17U 3D", "queen_may_stay");
        act(&mut st, "activate 0,0");
        st.legal_actions(Seat(0), &mut legal);
        assert!(legal.contains(&Action::Stay));
        act(&mut st, "stay");
        assert_eq!(st.card_at(Pos::new(0, 0)), Some(17));
    }

    #[test]
    fn vizier_excludes_self_with_the_variant() {
        let mut st = study("15U 3D 7U", "vizier_excludes_self");
        act(&mut st, "activate 0,0");
        let mut legal = Vec::new();
        st.legal_actions(Seat(0), &mut legal);
        assert_eq!(legal, [Action::Pair(Pos::new(0, 1), Pos::new(0, 2))]);
    }

    #[test]
    fn merchant_next_above_self_variant() {
        // 4 chosen: default partner is the next face-up card above 4 (the Merchant, 8);
        // the variant takes the next above 8 (15).
        let mut st = study("4U 8U 15U", "merchant_next_above_self");
        act(&mut st, "activate 0,1");
        act(&mut st, "target 0,0");
        assert_eq!(st.card_at(Pos::new(0, 0)), Some(15));
        assert_eq!(st.card_at(Pos::new(0, 2)), Some(4));
    }

    #[test]
    fn jester_alone_flips_itself_back() {
        let mut st = study("4U . 3U", "");
        act(&mut st, "activate 0,0");
        assert_eq!(
            st.to_act(),
            ToAct::Seats(parlour_core::SeatSet::single(Seat(0)))
        );
        act(&mut st, "target 0,0");
        assert!(!up(&st, 4));
        let mut st = study("4U 3U", "jester_needs_both_neighbours");
        act(&mut st, "activate 0,0");
        assert_eq!(st.phase(), Phase::Swap);
        assert!(up(&st, 3));
    }

    #[test]
    fn setup_reveals_trigger_fires_reactions_of_face_up_deals() {
        let opts = Options::parse_list(
            State::OPTIONS,
            "arrangement=beginners_banquet,setup_reveals_trigger",
        )
        .unwrap();
        let mut st = State::new(1, &opts).unwrap();
        // The Hermit dealt face up on (0,1) hides itself at once.
        st.apply_chance(
            crate::chance::Chance::Deal(vec![2, 3, 7, 9, 11, 13, 15]),
            &mut (),
        )
        .unwrap();
        assert!(!up(&st, 2));
    }

    #[test]
    fn turn_limit_ends_the_game() {
        let mut st = study("2U 3U 7U", "max_turns=1");
        act(&mut st, "activate 0,0");
        act(&mut st, "no-swap");
        assert_eq!(st.end_reason(), Some(EndReason::TurnLimit));
    }

    #[test]
    fn illegal_actions_leave_the_state_unchanged() {
        let mut st = study("3U 7U 11D", "");
        let before = format!("{st:?}");
        for bad in [
            "activate 0,2",
            "end",
            "target 0,1",
            "swap 0,0 0,1",
            "activate 5,5",
        ] {
            let a = parse_action(bad).unwrap();
            assert!(st.apply(Seat(0), a, &mut ()).is_err(), "{bad}");
            assert_eq!(format!("{st:?}"), before);
        }
    }
}
