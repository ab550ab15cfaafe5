//! The fixed-size encoding for learning (`docs/games/rebel-runs.md`, "Encoding for learning"):
//! an observation of what one seat may know, seats relative to it, and a fixed action space in
//! which a meld is spelt step by step (its declaration, its cards in id order, `meld done`) and
//! a lay-off in two steps (the card, then the meld and end).

use parlour_core::{Encoding, Layout, LayoutPart, Seat};
use parlour_fey::{CARD_PLANE, Planes, card_name, relative, table_len};

use crate::Action;
use crate::meld::{End, MeldKind};
use crate::phase::Phase;
use crate::state::{HAND_SIZE, MAX_MELDS, State};

/// Phases in the phase one-hot, in [`Phase`] order.
const PHASES: usize = 7;
/// Option flags at the end of the observation.
const FLAGS: usize = 9;
/// Entries per meld slot before its owner one-hot: cards, set and run flags, low and high.
const MELD_LEN: usize = CARD_PLANE + 4;
/// Points on the table this hand are divided by this.
const TABLE_SCALE: f32 = 50.0;
/// Totals of finished hands are divided by this.
const TOTAL_SCALE: f32 = 100.0;
/// Most cards in hand (after a draw): hand sizes and draws are divided by this.
const MAX_HAND: f32 = (HAND_SIZE + 1) as f32;

/// `draw stock`.
const DRAW_STOCK: usize = 0;
/// `draw discard`.
const DRAW_DISCARD: usize = 1;
/// `discard <card>`: this plus the card id.
const DISCARD: usize = 2;
/// `meld set <v>`, the first id of a set: this plus `v - 1`.
const MELD_SET: usize = DISCARD + CARD_PLANE;
/// `meld run <low>`, the first id of a run: this plus `low - 1` (`low` 1..=8).
const MELD_RUN: usize = MELD_SET + 11;
/// `meld card <card>`, one per meld card in id order: this plus the card id.
const MELD_CARD: usize = MELD_RUN + 8;
/// `meld done`, closing a meld's spelling (so no meld is a prefix of a larger one).
const MELD_DONE: usize = MELD_CARD + CARD_PLANE;
/// `layoff <card>`, the first id of a lay-off: this plus the card id.
const LAY_OFF: usize = MELD_DONE + 1;
/// `on <meld> [low|high]`, the second id of a lay-off: this plus `3 × meld + end` (0 for a
/// set, 1 low, 2 high).
const LAY_OFF_ON: usize = LAY_OFF + CARD_PLANE;
/// `end`.
const END_TURN: usize = LAY_OFF_ON + 3 * MAX_MELDS;
/// How many ids there are.
const ACTION_IDS: usize = END_TURN + 1;

impl State {
    /// The observation's length for this player count: 3137 + 172 n.
    fn observation_len(&self) -> usize {
        let n = usize::from(self.players);
        CARD_PLANE * 5 // own hand, discard pile, its top, the card taken, the reshuffle pool
            + CARD_PLANE * n // known cards
            + MAX_MELDS * (MELD_LEN + n)
            + 7 * n // hand sizes, table points, totals, to act, first player, hand, draws
            + 1 // meld count
            + PHASES
            + 4 // turns, stock and discard sizes, reshuffled
            + table_len(self.players)
            + FLAGS
    }

    /// The most cards a meld step's hand holds, so the longest meld (spec §3.3: draw, discard,
    /// meld; with `meld_before_discard` the discard comes after the melds).
    fn meld_hand_max(&self) -> usize {
        HAND_SIZE as usize + usize::from(self.rules.meld_before_discard)
    }
}

impl Encoding for State {
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.observation_len()]
    }

    /// Points are the only entries past a flag or a share: a card scores at most 9 (4 for the
    /// seat's own sign plus the additive run bonus of 5), so one hand's table at most
    /// `88 × 9`, and a game of `n` hands `n` times that; a card left in hand may cost 1, at most
    /// `HAND_SIZE + 1` a hand.
    fn observation_bounds(&self) -> (f32, f32) {
        let n = f32::from(self.players);
        let most = (CARD_PLANE * 9) as f32;
        let high = (most / TABLE_SCALE).max(n * most / TOTAL_SCALE);
        let low = -n * MAX_HAND / TOTAL_SCALE.min(TABLE_SCALE);
        (low, high)
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let n = usize::from(self.players);
        let points = self.observation_bounds();
        let mut l = Layout::new();
        l.unit("hand", &[CARD_PLANE], "own hand (1 per card id)")
            .unit(
                "known",
                &[n, CARD_PLANE],
                "known cards: block `k` holds the cards seat `observer + k` took from the \
                 discards and still holds",
            )
            .unit("hand_sizes", &[n], "cards in hand / 8")
            .unit(
                "discard",
                &[CARD_PLANE],
                "discard pile (all of it is spread face up)",
            )
            .unit(
                "discard_top",
                &[CARD_PLANE],
                "top of the discard pile (the card `draw discard` takes)",
            )
            .unit(
                "taken",
                &[CARD_PLANE],
                "the card the seat to act took from the discards this turn (D-RR-2)",
            )
            .unit(
                "melds",
                &[MAX_MELDS, MELD_LEN + n],
                "melds by number (the number lay-offs name; 29 = `MAX_MELDS`): per slot its \
                 cards (88), set flag, run flag, lowest number / 11, highest number / 11, owner \
                 one-hot (n); empty slots 0",
            )
            .unit("meld_count", &[1], "melds on the table / 29")
            .part(
                "table_points",
                &[n],
                points,
                "points of each seat's cards on the table this hand / 50",
            )
            .part("totals", &[n], points, "totals of the finished hands / 100")
            .unit(
                "to_act",
                &[n],
                "seat to act (one-hot; draw, discard and meld steps)",
            )
            .unit("first_player", &[n], "the hand's first player (one-hot)")
            .unit(
                "hand_number",
                &[n],
                "hand number (one-hot over the n hands)",
            )
            .unit(
                "draws",
                &[n],
                "stock draws since this hand's reshuffle, capped at 8, / 8",
            )
            .unit(
                "phase",
                &[PHASES],
                "phase: table setup, deal, draw, discard, meld, reshuffle, game over",
            )
            .unit(
                "turns",
                &[1],
                "turns taken this hand / (`hand_turn_limit` × n)",
            )
            .unit("stock_size", &[1], "stock size / 88")
            .unit("discard_size", &[1], "discard pile size / 88")
            .unit(
                "reshuffled",
                &[1],
                "the stock was rebuilt from the discards this hand",
            )
            .unit(
                "reshuffle_pool",
                &[CARD_PLANE],
                "the cards that formed the rebuilt stock (public)",
            )
            .unit(
                "table",
                &[table_len(self.players)],
                "table: fey sign one-hot (8), then per seat block its sign one-hot (8) and, for \
                 each sign in id order, its relation to that seat's sign as a one-hot (Fey, \
                 Same, Harmonious, Neutral, Opposing); all 0 before the opening setup",
            )
            .unit(
                "options",
                &[FLAGS],
                "option flags: `traditional_mat`, `reshuffle_player_signs_each_hand`, \
                 `new_fey_each_hand`, `no_laying_off`, `lay_off_on_any_meld`, \
                 `meld_before_discard`, `monosign_run_bonus_any_sign`, \
                 `same_sign_run_bonus_additive`, `penalty_cards_in_hand`",
            );
        debug_assert_eq!(l.len(), self.observation_len());
        l.finish()
    }

    /// Reads the seat's own hand and public fields only: of the other hands their sizes and the
    /// cards known to be in them (taken from the discards); never the stock order.
    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = self.players;
        let mut p = Planes::new(out);
        p.cards(self.hands[seat]);
        p.cards_per_seat(seat, n, |s| self.known[s]);
        p.per_seat(seat, n, |s| self.hands[s].len() as f32 / MAX_HAND);
        let pile = self.discard_pile();
        p.cards(pile.iter().copied().collect());
        p.card(pile.last().copied());
        p.card(self.taken);
        let melds = p.block(MAX_MELDS * (MELD_LEN + usize::from(n)));
        for (m, slot) in self
            .melds()
            .iter()
            .zip(melds.chunks_exact_mut(MELD_LEN + usize::from(n)))
        {
            parlour_fey::set_cards(slot, m.cards);
            let (low, high) = m.span();
            let kind = match m.kind {
                MeldKind::Set { .. } => 0,
                MeldKind::Run { .. } => 1,
            };
            slot[CARD_PLANE + kind] = 1.0;
            slot[CARD_PLANE + 2] = f32::from(low) / 11.0;
            slot[CARD_PLANE + 3] = f32::from(high) / 11.0;
            slot[MELD_LEN + relative(seat, m.owner, n)] = 1.0;
        }
        p.scalar(f32::from(self.meld_count) / MAX_MELDS as f32);
        let points = self.table_points();
        p.per_seat(seat, n, |s| points[s] as f32 / TABLE_SCALE);
        p.per_seat(seat, n, |s| self.totals[s] as f32 / TOTAL_SCALE);
        let acting = matches!(self.phase, Phase::Draw | Phase::Discard | Phase::Meld);
        p.seat(seat, acting.then_some(self.current), n);
        let playing = self.table.is_set() && self.hand_no < n;
        p.seat(
            seat,
            playing.then(|| self.hand_first_player(self.hand_no)),
            n,
        );
        p.one_hot(usize::from(n), Some(usize::from(self.hand_no)));
        p.per_seat(seat, n, |s| {
            f32::from(self.draws_since_reshuffle[s]).min(MAX_HAND) / MAX_HAND
        });
        p.one_hot(PHASES, Some(self.phase as usize));
        let limit = self.rules.hand_turn_limit.saturating_mul(u32::from(n));
        p.scalar(self.turns as f32 / limit as f32);
        p.scalar(self.stock().len() as f32 / CARD_PLANE as f32);
        p.scalar(pile.len() as f32 / CARD_PLANE as f32);
        p.flag(self.reshuffled);
        p.cards(self.reshuffle_pool);
        p.table(&self.table, seat);
        let r = &self.rules;
        for flag in [
            r.fey.traditional_mat,
            r.fey.reshuffle_player_signs,
            r.fey.new_fey_each_hand,
            r.no_laying_off,
            r.lay_off_on_any_meld,
            r.meld_before_discard,
            r.scoring.monosign_any_sign,
            r.scoring.additive,
            r.penalty_cards_in_hand,
        ] {
            p.flag(flag);
        }
        p.finish();
    }

    /// 374 ids (see the module docs and `docs/games/rebel-runs.md`).
    fn num_distinct_actions(&self) -> usize {
        ACTION_IDS
    }

    fn action_ids(&self, _seat: Seat, action: Action, out: &mut Vec<usize>) {
        match action {
            Action::DrawStock => out.push(DRAW_STOCK),
            Action::DrawDiscard => out.push(DRAW_DISCARD),
            Action::Discard(c) => out.push(DISCARD + usize::from(c.id())),
            Action::Meld { cards, kind } => {
                out.push(match kind {
                    MeldKind::Set { value } => MELD_SET + usize::from(value) - 1,
                    MeldKind::Run { low } => MELD_RUN + usize::from(low) - 1,
                });
                out.extend(cards.iter().map(|c| MELD_CARD + usize::from(c)));
                out.push(MELD_DONE);
            }
            Action::LayOff { card, meld, end } => {
                out.push(LAY_OFF + usize::from(card.id()));
                let end = match end {
                    None => 0,
                    Some(End::Low) => 1,
                    Some(End::High) => 2,
                };
                out.push(LAY_OFF_ON + 3 * usize::from(meld) + end);
            }
            Action::EndTurn => out.push(END_TURN),
        }
    }

    /// A declaration id, every card of the largest meld a hand allows, and `meld done`.
    fn max_spelling_len(&self) -> usize {
        self.meld_hand_max() + 2
    }

    fn action_id_text(&self, id: usize) -> String {
        let card = |base: usize| card_name((id - base) as u8);
        match id {
            DRAW_STOCK => "draw stock".into(),
            DRAW_DISCARD => "draw discard".into(),
            _ if id < MELD_SET => format!("discard {}", card(DISCARD)),
            _ if id < MELD_RUN => format!("meld set {}", id - MELD_SET + 1),
            _ if id < MELD_CARD => format!("meld run {}", id - MELD_RUN + 1),
            _ if id < MELD_DONE => format!("meld card {}", card(MELD_CARD)),
            MELD_DONE => "meld done".into(),
            _ if id < LAY_OFF_ON => format!("layoff {}", card(LAY_OFF)),
            _ if id < END_TURN => {
                let k = id - LAY_OFF_ON;
                match k % 3 {
                    0 => format!("on {}", k / 3),
                    1 => format!("on {} low", k / 3),
                    _ => format!("on {} high", k / 3),
                }
            }
            END_TURN => "end".into(),
            _ => format!("id {id} (none)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_blocks_tile_the_action_space() {
        assert_eq!(
            (
                MELD_SET, MELD_RUN, MELD_CARD, MELD_DONE, LAY_OFF, LAY_OFF_ON
            ),
            (90, 101, 109, 197, 198, 286)
        );
        assert_eq!((END_TURN, ACTION_IDS), (373, 374));
    }
}
