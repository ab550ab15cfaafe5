//! The fixed-size encoding for learning ([`Encoding`]): an observation vector for the one seat
//! and a fixed action space of 433 ids, the same for every arrangement and option, so one
//! network can play every layout (the table is in `docs/games/kings-feast.md`).
//!
//! Everything is indexed by **seat slot**: the arrangement's seats in row-major order, slot
//! `s` being [`Geometry::seat_pos`]`[s]`; slots past the arrangement's seat count stay zero.
//! There are at most 18 seats (one per card), so 18 slots fit every layout.
//!
//! The observation reads only what the player may know: face-up cards, the cards the player
//! has seen and tracked ([`State::knows`]), and the seats (never the identities) of hidden cards
//! that pending effects refer to. A determinization (`sample_consistent`) permutes the unknown
//! cards among the unknown seats and moves every reference with its card, so seats of
//! referenced cards stay put and the observation is unchanged.

use parlour_core::{Encoding, Layout, LayoutPart, Seat};

use crate::action::{Action, Dir, Pos};
use crate::card::{CARD_COUNT, bit};
use crate::geometry::Geometry;
use crate::notation;
use crate::phase::{Decision, Phase};
use crate::resolve::Frame;
use crate::scoring::EndReason;
use crate::state::State;

/// Seat slots: one per card, the most seats any arrangement has.
const SLOTS: usize = CARD_COUNT;

/// Features per seat slot (the layout is tabled in `docs/games/kings-feast.md`).
const SEAT_FEATURES: usize = 11 + 3 * CARD_COUNT;
/// Offsets inside one seat slot's features.
const F_EXISTS: usize = 0;
const F_ROW: usize = 1;
const F_COL: usize = 2;
const F_UP: usize = 3;
const F_KNOWN_DOWN: usize = 4;
const F_UNKNOWN: usize = 5;
const F_ACTIVE: usize = 6;
const F_FLIP_TARGET: usize = 7;
const F_JESTER: usize = 8;
const F_ADJ_SOURCE: usize = 9;
const F_REACTED: usize = 10;
const F_CARD: usize = 11;
const F_GOAL: usize = F_CARD + CARD_COUNT;
const F_ADJ: usize = F_GOAL + CARD_COUNT;

/// Decisions in [`Decision`] order.
const DECISIONS: usize = 13;
/// Kinds of pending effect in [`Frame`] order.
const FRAMES: usize = 14;
/// Rule switches of [`crate::Rules`] encoded as bits.
const RULE_BITS: usize = 17;

/// Offsets of the global block, after the seat slots.
const G: usize = SLOTS * SEAT_FEATURES;
const G_DECISION: usize = G;
const G_FRAME: usize = G_DECISION + DECISIONS;
const G_DEPTH: usize = G_FRAME + FRAMES;
const G_CALL: usize = G_DEPTH + 1;
const G_ACTIVE_CARD: usize = G_CALL + 1 + CARD_COUNT;
const G_IN_PLAY: usize = G_ACTIVE_CARD + CARD_COUNT;
const G_FACE_UP: usize = G_IN_PLAY + CARD_COUNT;
const G_KNOWN: usize = G_FACE_UP + CARD_COUNT;
const G_TURNS: usize = G_KNOWN + CARD_COUNT;
const G_MAY_END: usize = G_TURNS + 1;
const G_UP_COUNT: usize = G_MAY_END + 1;
const G_UNKNOWN_COUNT: usize = G_UP_COUNT + 1;
const G_EXPECTED: usize = G_UNKNOWN_COUNT + 1;
const G_END: usize = G_EXPECTED + 1;
const G_SCORE: usize = G_END + 5;
const G_RULES: usize = G_SCORE + 1;
const G_SHAPE: usize = G_RULES + RULE_BITS;
/// The observation's length.
const OBSERVATION_LEN: usize = G_SHAPE + 3;

/// Seat pairs `a < b` among the slots: C(18, 2).
const PAIRS: usize = SLOTS * (SLOTS - 1) / 2;
/// Longest Queen slide: a line passes at most every other seat.
const MAX_SLIDE: usize = SLOTS - 1;

/// Action id offsets (one id per action; nothing is spelt in steps).
const A_ACTIVATE: usize = 0;
const A_END: usize = A_ACTIVATE + SLOTS;
const A_TARGET: usize = A_END + 1;
const A_CALL: usize = A_TARGET + SLOTS;
const A_CALL_MISS: usize = A_CALL + CARD_COUNT;
const A_PAIR: usize = A_CALL_MISS + 1;
const A_SLIDE: usize = A_PAIR + PAIRS;
const A_STAY: usize = A_SLIDE + Dir::COUNT * MAX_SLIDE;
const A_DECLINE: usize = A_STAY + 1;
const A_SWAP: usize = A_DECLINE + 1;
const A_NO_SWAP: usize = A_SWAP + PAIRS;
/// The number of action ids.
const NUM_ACTIONS: usize = A_NO_SWAP + 1;

/// The index of the seat pair `a < b` among the C(18, 2) pairs, row-major.
fn pair_index(a: usize, b: usize) -> usize {
    debug_assert!(a < b && b < SLOTS);
    a * (2 * SLOTS - a - 1) / 2 + (b - a - 1)
}

/// The seat pair of a pair index (the inverse of [`pair_index`]).
fn pair_of(mut i: usize) -> (usize, usize) {
    for a in 0..SLOTS {
        let row = SLOTS - a - 1;
        if i < row {
            return (a, a + 1 + i);
        }
        i -= row;
    }
    unreachable!("pair index below C(18, 2)")
}

fn decision_index(d: Decision) -> usize {
    match d {
        Decision::Chance => 0,
        Decision::TurnStart => 1,
        Decision::PeekTarget => 2,
        Decision::GamblerCall => 3,
        Decision::JesterFlip => 4,
        Decision::MerchantChoice => 5,
        Decision::KnightTarget => 6,
        Decision::VizierPair => 7,
        Decision::QueenSlide => 8,
        Decision::FlipNext => 9,
        Decision::AdjacentFlip => 10,
        Decision::OptionalSwap => 11,
        Decision::Over => 12,
    }
}

fn frame_index(f: Frame) -> usize {
    match f {
        Frame::PriestPeek => 0,
        Frame::GamblerCall => 1,
        Frame::GamblerPeek(_) => 2,
        Frame::NoblePeek => 3,
        Frame::Shuffle(_) => 4,
        Frame::JesterFlip(_) => 5,
        Frame::Merchant => 6,
        Frame::Knight => 7,
        Frame::Vizier => 8,
        Frame::Queen => 9,
        Frame::FlipAll(_) => 10,
        Frame::AdjFlip(_) => 11,
        Frame::Diplomat(_) => 12,
        Frame::SetupReveal(_) => 13,
    }
}

fn end_index(r: EndReason) -> usize {
    match r {
        EndReason::AssassinRevealed => 0,
        EndReason::AssassinPeeked => 1,
        EndReason::AllFaceDown => 2,
        EndReason::Declared => 3,
        EndReason::TurnLimit => 4,
    }
}

/// Sets feature `feature` of every seat slot in the seat mask `mask`.
fn set_seats(out: &mut [f32], mask: u32, feature: usize) {
    let mut m = mask;
    while m != 0 {
        let s = m.trailing_zeros() as usize;
        m &= m - 1;
        if s < SLOTS {
            out[s * SEAT_FEATURES + feature] = 1.0;
        }
    }
}

/// Sets `out[base + v - 1]` for every card `v` in the card mask `cards` (bit `v`).
fn set_cards(out: &mut [f32], cards: u32, base: usize) {
    let mut m = cards >> 1;
    let mut v = 0;
    while m != 0 {
        if m & 1 == 1 {
            out[base + v] = 1.0;
        }
        m >>= 1;
        v += 1;
    }
}

impl State {
    /// The seat slot of a position (every legal action names seats).
    fn slot(&self, p: Pos) -> usize {
        usize::from(self.geo.seat(p).expect("a legal action names seats"))
    }

    fn write_geometry(&self, out: &mut [f32]) {
        let geo: &Geometry = &self.geo;
        let rows = f32::from(geo.rows.max(2) - 1);
        let cols = f32::from(geo.cols.max(2) - 1);
        for s in 0..self.n() {
            let o = s * SEAT_FEATURES;
            let p = geo.seat_pos[s];
            out[o + F_EXISTS] = 1.0;
            out[o + F_ROW] = f32::from(p.r) / rows;
            out[o + F_COL] = f32::from(p.c) / cols;
            out[o + F_GOAL + usize::from(self.goal[s]) - 1] = 1.0;
            let mut adj = geo.adj[s];
            while adj != 0 {
                let t = adj.trailing_zeros() as usize;
                adj &= adj - 1;
                out[o + F_ADJ + t] = 1.0;
            }
        }
    }

    /// The cards on the seats, as the player knows them: a known card is one-hot, an unknown
    /// seat spreads `1/u` over the `u` unknown cards (every placement of them is equally
    /// likely given the view, which is what `sample_consistent` draws from).
    fn write_board(&self, out: &mut [f32]) {
        let over = self.phase == Phase::Over;
        let known = if over { self.in_play } else { self.knows() };
        let up = if over { self.in_play } else { self.up };
        let unknown = self.in_play & !known;
        let share = 1.0 / unknown.count_ones().max(1) as f32;
        for s in 0..self.n() {
            let o = s * SEAT_FEATURES;
            let c = self.board[s];
            if up & bit(c) != 0 {
                out[o + F_UP] = 1.0;
            } else if known & bit(c) != 0 {
                out[o + F_KNOWN_DOWN] = 1.0;
            } else {
                out[o + F_UNKNOWN] = 1.0;
            }
            if known & bit(c) != 0 {
                out[o + F_CARD + usize::from(c) - 1] = 1.0;
            } else {
                let mut m = unknown;
                while m != 0 {
                    let v = m.trailing_zeros() as usize;
                    m &= m - 1;
                    out[o + F_CARD + v - 1] = share;
                }
            }
        }
        if self.active != 0 {
            let s = usize::from(self.pos[usize::from(self.active)]);
            out[s * SEAT_FEATURES + F_ACTIVE] = 1.0;
            if known & bit(self.active) != 0 {
                out[G_ACTIVE_CARD + usize::from(self.active) - 1] = 1.0;
            }
        }
        set_seats(
            out,
            self.seat_mask_of_cards(self.reacted & self.in_play),
            F_REACTED,
        );
        let (upc, unk) = (up & self.in_play, unknown);
        let n = self.n().max(1) as f32;
        out[G_UP_COUNT] = upc.count_ones() as f32 / n;
        out[G_UNKNOWN_COUNT] = unk.count_ones() as f32 / n;
        set_cards(out, upc, G_FACE_UP);
        set_cards(out, known & self.in_play, G_KNOWN);
        out[G_EXPECTED] = (self.expected_misplaced() / f64::from(n)) as f32;
    }

    /// The pending effects: the top one's kind, the depth, the Gambler's call, and the seats
    /// the effects refer to.
    fn write_stack(&self, out: &mut [f32]) {
        let frames = self.stack.as_slice();
        if let Some(&top) = frames.last() {
            out[G_FRAME + frame_index(top)] = 1.0;
        }
        out[G_DEPTH] = (frames.len() as f32 / 8.0).min(1.0);
        for &f in frames {
            match f {
                Frame::GamblerPeek(v) => out[G_CALL + usize::from(v)] = 1.0,
                Frame::FlipAll(t) => set_seats(out, self.flip_all_seats(t), F_FLIP_TARGET),
                Frame::JesterFlip(seats) | Frame::Shuffle(seats) => {
                    set_seats(out, seats, F_JESTER);
                }
                Frame::AdjFlip(x) => {
                    set_seats(out, 1 << self.pos[usize::from(x)], F_ADJ_SOURCE);
                }
                _ => {}
            }
        }
    }

    fn write_rules(&self, out: &mut [f32]) {
        let r = &self.rules;
        let bits = [
            r.adjacent_includes_diagonal,
            r.ring_wraps,
            r.rows_skip_holes,
            r.activate_face_down,
            r.setup_reveals_trigger,
            r.flip_targets_by_position,
            r.own_reaction_first,
            r.diplomat_reacts_face_down,
            r.merchant_any_facing,
            r.merchant_next_above_self,
            r.queen_may_stay,
            r.may_decline_fatal,
            r.jester_needs_both_neighbours,
            r.vizier_excludes_self,
            r.end_before_first_turn,
            r.forgetful_player,
            r.reaction_once_per_turn,
        ];
        for (i, b) in bits.into_iter().enumerate() {
            out[G_RULES + i] = f32::from(u8::from(b));
        }
        out[G_SHAPE] = f32::from(self.geo.rows) / SLOTS as f32;
        out[G_SHAPE + 1] = f32::from(self.geo.cols) / SLOTS as f32;
        out[G_SHAPE + 2] = self.n() as f32 / SLOTS as f32;
    }
}

impl Encoding for State {
    /// Flags, one-hots and shares of a whole: positions over the grid, counts over the seats,
    /// turns over the turn limit, the score over its worst (every seat plus the Assassin's 2).
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 1.0)
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let mut l = Layout::new();
        l.unit(
            "seats",
            &[SLOTS, SEAT_FEATURES],
            "per seat slot (the arrangement's seats row-major, holes skipped; slots past them \
             0): is a seat, row and column shares, face up, known face down, unknown, activated \
             this turn, pending flip target, a Jester seat, the Lovers' or Scholar's seat, has \
             reacted, its card by value (a belief where unknown) (18), its goal card (18), its \
             adjacent slots (18)",
        )
        .unit(
            "decision",
            &[DECISIONS],
            "decision one-hot: chance, turn start, peek target, Gambler's call, Jester flip, \
             Merchant choice, Knight target, Vizier pair, Queen slide, next flip, adjacent \
             flip, optional swap, over",
        )
        .unit(
            "effect",
            &[FRAMES],
            "kind of the top pending effect: Priest peek, Gambler call, Gambler peek, Noble \
             peek, Jester shuffle, Jester flip, Merchant, Knight, Vizier, Queen, multi-flip, \
             adjacent flip, Diplomat, setup reveal",
        )
        .unit("pending", &[1], "pending effects / 8 (at most 1)")
        .unit(
            "call",
            &[1 + CARD_COUNT],
            "the Gambler's call: `miss`, then values 1–18",
        )
        .unit(
            "activated",
            &[CARD_COUNT],
            "the activated card, by value, when known",
        )
        .unit("in_play", &[CARD_COUNT], "cards in play")
        .unit("face_up", &[CARD_COUNT], "cards face up")
        .unit("known", &[CARD_COUNT], "cards whose seat the player knows")
        .unit("turns", &[1], "turns completed / `max_turns`")
        .unit(
            "may_end",
            &[1],
            "ending the feast is allowed (a turn has been completed, or \
             `end_before_first_turn`)",
        )
        .unit("face_up_share", &[1], "face-up cards / seats")
        .unit("unknown_share", &[1], "unknown cards / seats")
        .unit(
            "expected_misplaced",
            &[1],
            "expected misplaced seats / seats (`State::expected_misplaced`)",
        )
        .unit(
            "end_reason",
            &[5],
            "end reason: Assassin revealed, Assassin peeked, all face down, declared, turn limit",
        )
        .unit("score", &[1], "final score / (seats + 2), once over")
        .unit(
            "rules",
            &[RULE_BITS],
            "the rule switches, in the order of the options table",
        )
        .unit("shape", &[3], "rows / 18, columns / 18, seats / 18");
        debug_assert_eq!(l.len(), OBSERVATION_LEN);
        l.finish()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    fn encode_observation(&self, _seat: Seat, out: &mut [f32]) {
        self.write_geometry(out);
        self.write_rules(out);
        set_cards(out, self.in_play, G_IN_PLAY);
        out[G_DECISION + decision_index(self.decision())] = 1.0;
        out[G_TURNS] = self.turns as f32 / self.rules.max_turns.max(1) as f32;
        out[G_MAY_END] = f32::from(u8::from(self.turns > 0 || self.rules.end_before_first_turn));
        if self.phase == Phase::Deal {
            return;
        }
        self.write_board(out);
        self.write_stack(out);
        if let Some(r) = self.end {
            out[G_END + end_index(r)] = 1.0;
            out[G_SCORE] = self.final_score() as f32 / (self.n() + 2) as f32;
        }
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn action_ids(&self, _seat: Seat, action: Action, out: &mut Vec<usize>) {
        out.push(match action {
            Action::Activate(p) => A_ACTIVATE + self.slot(p),
            Action::EndGame => A_END,
            Action::Target(p) => A_TARGET + self.slot(p),
            Action::Call(v) => A_CALL + usize::from(v) - 1,
            Action::CallMiss => A_CALL_MISS,
            Action::Pair(a, b) => A_PAIR + pair_index(self.slot(a), self.slot(b)),
            Action::Slide(d, k) => A_SLIDE + d as usize * MAX_SLIDE + usize::from(k) - 1,
            Action::Stay => A_STAY,
            Action::Decline => A_DECLINE,
            Action::Swap(a, b) => A_SWAP + pair_index(self.slot(a), self.slot(b)),
            Action::NoSwap => A_NO_SWAP,
        });
    }

    fn action_id_text(&self, id: usize) -> String {
        // A slot past the arrangement's seats never names a legal action.
        let pos = |s: usize| -> Option<Pos> { self.geo.seat_pos.get(s).copied() };
        let unused = |kind: &str, s: usize| format!("{kind} #{s} (no such seat)");
        let action = match id {
            _ if id < A_END => match pos(id - A_ACTIVATE) {
                Some(p) => Action::Activate(p),
                None => return unused("activate", id - A_ACTIVATE),
            },
            A_END => Action::EndGame,
            _ if id < A_CALL => match pos(id - A_TARGET) {
                Some(p) => Action::Target(p),
                None => return unused("target", id - A_TARGET),
            },
            _ if id < A_CALL_MISS => Action::Call((id - A_CALL + 1) as u8),
            A_CALL_MISS => Action::CallMiss,
            _ if id < A_SLIDE || (A_SWAP..A_NO_SWAP).contains(&id) => {
                let swap = id >= A_SWAP;
                let (a, b) = pair_of(id - if swap { A_SWAP } else { A_PAIR });
                let kind = if swap { "swap" } else { "pair" };
                match (pos(a), pos(b)) {
                    (Some(pa), Some(pb)) if swap => Action::Swap(pa, pb),
                    (Some(pa), Some(pb)) => Action::Pair(pa, pb),
                    _ => return format!("{kind} #{a} #{b} (no such seats)"),
                }
            }
            _ if id < A_STAY => {
                let i = id - A_SLIDE;
                Action::Slide(Dir::ALL[i / MAX_SLIDE], (i % MAX_SLIDE + 1) as u8)
            }
            A_STAY => Action::Stay,
            A_DECLINE => Action::Decline,
            A_NO_SWAP => Action::NoSwap,
            _ => return format!("unused id {id}"),
        };
        notation::action_text(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_indices_are_a_bijection() {
        let mut seen = [false; PAIRS];
        for a in 0..SLOTS {
            for b in a + 1..SLOTS {
                let i = pair_index(a, b);
                assert!(!seen[i]);
                seen[i] = true;
                assert_eq!(pair_of(i), (a, b));
            }
        }
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn layout_constants_add_up() {
        assert_eq!(NUM_ACTIONS, 433);
        assert_eq!(SEAT_FEATURES, 65);
        assert_eq!(OBSERVATION_LEN, 18 * 65 + 150);
        // The offsets the docs table.
        assert_eq!((F_CARD, F_GOAL, F_ADJ), (11, 29, 47));
        assert_eq!(
            (G_FRAME, G_DEPTH, G_CALL, G_ACTIVE_CARD),
            (1183, 1197, 1198, 1217)
        );
        assert_eq!(
            (G_IN_PLAY, G_FACE_UP, G_KNOWN, G_TURNS),
            (1235, 1253, 1271, 1289)
        );
        assert_eq!(
            (G_EXPECTED, G_END, G_SCORE, G_RULES, G_SHAPE),
            (1293, 1294, 1299, 1300, 1317)
        );
        assert_eq!(
            (A_CALL, A_PAIR, A_SLIDE, A_STAY, A_SWAP),
            (37, 56, 209, 277, 279)
        );
    }
}
