//! The fixed-size encoding for learning (`docs/games/holy-matrimony.md`, "Encoding for
//! learning"): an observation of what one seat may know, seats relative to it, and one action id
//! per commitment, a bitmask over the slots of the seat's sorted hand (the commit step is
//! simultaneous, so each commitment must be one id).

use parlour_core::{Encoding, Layout, LayoutPart, Seat};
use parlour_fey::{CARD_PLANE, Planes, Sign, relation_index, table_len};

use crate::Action;
use crate::scoring::TARGET_TOTAL;
use crate::state::{HAND_SIZE, Phase, State};

/// Phases in the phase one-hot: setup, deal, between rounds, church, commit, refill, over.
const PHASES: usize = 7;
/// Entries per hand slot: the card one-hot, its value / 11, its relation one-hot.
const SLOT_LEN: usize = CARD_PLANE + 1 + 5;
/// Option flags at the end of the observation.
const FLAGS: usize = 7;
/// Cumulative scores are divided by the target score and clamped to this range.
const SCORE_CLAMP: f32 = 2.0;
/// Round scores are divided by this (the best round scores about 30; a bad one far below 0).
const ROUND_SCALE: f32 = 25.0;
/// Number of commitment ids: every subset of a full hand's slots.
const COMMIT_IDS: usize = 1 << HAND_SIZE;

impl State {
    /// The observation's length for this player count: 1036 + 142 n.
    fn observation_len(&self) -> usize {
        let n = usize::from(self.n);
        CARD_PLANE * 3 // own hand, own commitment, discard pile
            + SLOT_LEN * usize::from(HAND_SIZE)
            + CARD_PLANE + 1 // church card and its value
            + (CARD_PLANE + 2) * n // last round: cards, total, score
            + 4 * n // committed, scores, hand sizes, first player
            + PHASES
            + 3 // rounds played / max_rounds, draw and discard pile sizes
            + table_len(self.n)
            + FLAGS
    }
}

fn value(card: u8) -> f32 {
    f32::from(card % 11 + 1) / 11.0
}

impl Encoding for State {
    /// A round's total is at most eight cards of 11 (the church card and a full hand), so its
    /// share of 21 is at most 88 / 21. A round's score is at most 8 × 4 + 5 and at least minus
    /// the penalty for the highest total, 3 × (88 − 21). Other entries are flags, shares and
    /// the clamped game scores.
    fn observation_bounds(&self) -> (f32, f32) {
        let most_total = (i32::from(HAND_SIZE) + 1) * 11;
        let worst = -3 * (most_total - TARGET_TOTAL);
        (
            (worst as f32 / ROUND_SCALE).min(-SCORE_CLAMP),
            most_total as f32 / TARGET_TOTAL as f32,
        )
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![self.observation_len()]
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let n = usize::from(self.n);
        let most_total = (i32::from(HAND_SIZE) + 1) * 11;
        let best_round = (i32::from(HAND_SIZE) + 1) * 4 + 5;
        let worst_round = -3 * (most_total - TARGET_TOTAL);
        let mut l = Layout::new();
        l.unit(
            "hand",
            &[CARD_PLANE],
            "own hand (1 per card id; committed cards stay in it until the reveal)",
        )
        .unit(
            "commitment",
            &[CARD_PLANE],
            "own commitment this round, once made",
        )
        .unit(
            "hand_slots",
            &[usize::from(HAND_SIZE), SLOT_LEN],
            "hand slots: slot `k` is the hand's `k`-th lowest card id (bit `k` of a commitment \
             id): its card one-hot (88), value / 11 (1), relation to the observer's sign \
             one-hot (Fey, Same, Harmonious, Neutral, Opposing) (5)",
        )
        .unit("church", &[CARD_PLANE], "church card, when face up")
        .unit("church_value", &[1], "church value / 11")
        .unit("discard", &[CARD_PLANE], "discard pile")
        .unit(
            "last_plays",
            &[n, CARD_PLANE],
            "last round: block `k` holds the cards seat `observer + k` revealed (cleared, as in \
             the view, when a reshuffle takes them back)",
        )
        .part(
            "last_totals",
            &[n],
            (0.0, most_total as f32 / TARGET_TOTAL as f32),
            "last round: totals / 21",
        )
        .part(
            "last_scores",
            &[n],
            (
                worst_round as f32 / ROUND_SCALE,
                best_round as f32 / ROUND_SCALE,
            ),
            "last round: round scores / 25",
        )
        .unit("committed", &[n], "has committed this round")
        .part(
            "scores",
            &[n],
            (-SCORE_CLAMP, SCORE_CLAMP),
            "cumulative scores / `target_score`, clamped to [−2, 2]",
        )
        .unit("hand_sizes", &[n], "cards in hand / 7")
        .unit("first_player", &[n], "first player (one-hot; after setup)")
        .unit(
            "phase",
            &[PHASES],
            "phase: setup, deal, between rounds, church, commit, refill, over",
        )
        .unit("rounds", &[1], "rounds played / `max_rounds`")
        .unit("draw_size", &[1], "draw pile size / 88")
        .unit("discard_size", &[1], "discard pile size / 88")
        .unit(
            "table",
            &[table_len(self.n)],
            "table: fey sign one-hot (8), then per seat block its sign one-hot (8) and, for \
             each sign in id order, its relation to that seat's sign as a one-hot (Fey, Same, \
             Harmonious, Neutral, Opposing); all 0 before the opening setup",
        )
        .unit(
            "options",
            &[FLAGS],
            "option flags: `traditional_mat`, `reshuffle_player_signs_each_hand`, \
             `new_fey_each_hand`, `reshuffle_mat_each_round`, `church_counts_for_total_only`, \
             `fey_wild_value`, `no_negative_round_scores`",
        );
        debug_assert_eq!(l.len(), self.observation_len());
        l.finish()
    }

    /// Reads the seat's own hand and commitment and public fields only: of the others, whether
    /// they have committed, never how many cards or which (D-HM-8).
    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = self.n;
        let hand = self.hands[seat];
        let mut p = Planes::new(out);
        p.cards(hand);
        if self.committed.contains(seat) {
            p.cards(self.commits[seat]);
        } else {
            p.block(CARD_PLANE);
        }
        // Slot k is the k-th lowest card id of the hand: bit k of a commitment id.
        let slots = p.block(SLOT_LEN * usize::from(HAND_SIZE));
        for (slot, card) in slots.chunks_exact_mut(SLOT_LEN).zip(hand.iter()) {
            slot[usize::from(card)] = 1.0;
            slot[CARD_PLANE] = value(card);
            let sign = Sign::from_index(card / 11);
            if let Some(r) = relation_index(self.table.relation(seat, sign)) {
                slot[CARD_PLANE + 1 + r] = 1.0;
            }
        }
        let church = self.church.first();
        p.card(church);
        p.scalar(church.map_or(0.0, value));
        p.cards(self.discard);
        match &self.last {
            Some(last) => {
                p.cards_per_seat(seat, n, |s| last.plays[s]);
                p.per_seat(seat, n, |s| last.totals[s] as f32 / TARGET_TOTAL as f32);
                p.per_seat(seat, n, |s| last.points[s] as f32 / ROUND_SCALE);
            }
            None => {
                p.block((CARD_PLANE + 2) * usize::from(n));
            }
        }
        p.per_seat(
            seat,
            n,
            |s| {
                if self.committed.contains(s) { 1.0 } else { 0.0 }
            },
        );
        let target = self.rules.target_score as f32;
        p.per_seat(seat, n, |s| {
            (self.scores[s] as f32 / target).clamp(-SCORE_CLAMP, SCORE_CLAMP)
        });
        p.per_seat(seat, n, |s| {
            self.hands[s].len() as f32 / f32::from(HAND_SIZE)
        });
        p.seat(seat, (self.phase != Phase::Setup).then_some(self.first), n);
        p.one_hot(PHASES, Some(self.phase as usize));
        p.scalar(self.rounds_played as f32 / self.rules.max_rounds as f32);
        p.scalar(self.draw.len() as f32 / CARD_PLANE as f32);
        p.scalar(self.discard.len() as f32 / CARD_PLANE as f32);
        p.table(&self.table, seat);
        let r = &self.rules;
        for flag in [
            r.fey.traditional_mat,
            r.fey.reshuffle_player_signs,
            r.fey.new_fey_each_hand,
            r.reshuffle_mat_each_round,
            r.scoring.church_counts_for_total_only,
            r.scoring.fey_wild_value,
            r.scoring.no_negative_round_scores,
        ] {
            p.flag(flag);
        }
        p.finish();
    }

    /// 128 ids: a commitment is the bitmask of the hand slots it takes.
    fn num_distinct_actions(&self) -> usize {
        COMMIT_IDS
    }

    /// Bit `k` of the id is set when the commitment holds the hand's `k`-th lowest card id.
    fn action_ids(&self, seat: Seat, action: Action, out: &mut Vec<usize>) {
        let cards = action.cards();
        let mask = self.hands[seat]
            .iter()
            .enumerate()
            .filter(|&(_, c)| cards.contains(c))
            .fold(0, |m, (k, _)| m | 1 << k);
        out.push(mask);
    }

    fn action_id_text(&self, id: usize) -> String {
        if id == 0 {
            return "commit none".into();
        }
        let slots: Vec<String> = (0..usize::from(HAND_SIZE))
            .filter(|k| id >> k & 1 == 1)
            .map(|k| k.to_string())
            .collect();
        format!("commit slots {}", slots.join(" "))
    }
}
