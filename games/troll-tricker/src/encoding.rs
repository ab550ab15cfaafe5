//! The fixed-size encoding for learning (`docs/games/troll-tricker.md`, "Encoding for
//! learning"): an observation of what one seat may know, seats relative to it, and one action id
//! per card.

use parlour_core::{Encoding, Layout, LayoutPart, Seat};
use parlour_fey::{CARD_PLANE, Planes, Sign, card_name, relative, table_len};

use crate::Action;
use crate::state::{HAND_SIZE, HANDS, Phase, State};

/// Scores are divided by this: a game rarely passes 100 points (the most is 147).
const SCORE_SCALE: f32 = 100.0;
/// Phases in the phase one-hot: setup, between hands, deal, play, over.
const PHASES: usize = 5;
/// Option flags at the end of the observation.
const FLAGS: usize = 7;

impl State {
    /// The observation's length for this player count: 308 + 151 n.
    fn observation_len(&self) -> usize {
        let n = usize::from(self.n);
        CARD_PLANE * 3 // own hand, discard pile, dealt before a reshuffle
            + CARD_PLANE * n // current trick
            + Sign::COUNT * n // voids
            + table_len(self.n)
            + 7 * n // scores, tricks (hand, game), hand sizes, leader, to act, first player
            + PHASES
            + usize::from(HANDS)
            + usize::from(HAND_SIZE)
            + Sign::COUNT // led sign
            + 2 // draw and discard pile sizes
            + FLAGS
    }
}

impl Encoding for State {
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.observation_len()]
    }

    /// Everything is a flag, a share of a whole or a count over its most, except scores: a
    /// seat scores at most 4 per trick and a 5-point bonus per hand, 3 × (11 × 4 + 5) = 147.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 147.0 / SCORE_SCALE)
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let n = usize::from(self.n);
        let mut l = Layout::new();
        l.unit("hand", &[CARD_PLANE], "own hand (1 per card id)")
            .unit(
                "trick",
                &[n, CARD_PLANE],
                "current trick: block `k` holds the card seat `observer + k` played to it",
            )
            .unit(
                "discard",
                &[CARD_PLANE],
                "discard pile (every card played since the last reshuffle)",
            )
            .unit(
                "pre_reshuffle",
                &[CARD_PLANE],
                "cards dealt this hand before a mid-deal reshuffle (public: the old draw pile; \
                 they are in hands)",
            )
            .unit(
                "voids",
                &[n, Sign::COUNT],
                "voids: block `k`, entry `s` = seat `observer + k` has shown it holds no card of \
                 sign `s` this hand",
            )
            .unit(
                "table",
                &[table_len(self.n)],
                "table: fey sign one-hot (8), then per seat block its sign one-hot (8) and, for \
                 each sign in id order, its relation to that seat's sign as a one-hot (Fey, Same, \
                 Harmonious, Neutral, Opposing); all 0 before the opening setup",
            )
            .part("scores", &[n], self.observation_bounds(), "scores / 100")
            .unit("tricks_hand", &[n], "tricks won this hand / 11")
            .unit("tricks_game", &[n], "tricks won in the game / 33")
            .unit("hand_sizes", &[n], "cards in hand / 11")
            .unit(
                "leader",
                &[n],
                "leader of the trick (one-hot; during the deal and play)",
            )
            .unit("to_play", &[n], "seat to play (one-hot; during play)")
            .unit("first_player", &[n], "first player (one-hot; after setup)")
            .unit(
                "phase",
                &[PHASES],
                "phase: setup, between hands, deal, play, over",
            )
            .unit(
                "hand_number",
                &[usize::from(HANDS)],
                "hand number (0-based)",
            )
            .unit(
                "trick_number",
                &[usize::from(HAND_SIZE)],
                "trick number (during play)",
            )
            .unit("led_sign", &[Sign::COUNT], "led sign (once a card is led)")
            .unit("draw_size", &[1], "draw pile size / 88")
            .unit("discard_size", &[1], "discard pile size / 88")
            .unit(
                "options",
                &[FLAGS],
                "option flags: `traditional_mat`, `reshuffle_player_signs_each_hand`, \
                 `new_fey_each_hand`, `full_reshuffle_each_hand`, \
                 `fey_trump_points_by_player_count`, `last_trick_winner_leads_next_hand`, \
                 `tiebreak_most_tricks`",
            );
        debug_assert_eq!(l.len(), self.observation_len());
        l.finish()
    }

    /// Reads only public fields and the seat's own hand: the other hands and the draw pile are
    /// shown by their sizes alone.
    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = self.n;
        let mut p = Planes::new(out);
        p.cards(self.hands[seat]);
        let trick = p.block(CARD_PLANE * usize::from(n));
        for (i, &card) in self.trick[..usize::from(self.trick_len)].iter().enumerate() {
            let by = relative(seat, self.seat_after(self.leader, i as u8), n);
            trick[by * CARD_PLANE + usize::from(card)] = 1.0;
        }
        p.cards(self.discard);
        // Public: at the reshuffle these were the whole old draw pile, and they are in hands.
        p.cards(self.pre_reshuffle);
        let voids = p.block(Sign::COUNT * usize::from(n));
        for (k, signs) in voids.chunks_exact_mut(Sign::COUNT).enumerate() {
            let v = self.voids[seat.offset(k as u32, n)];
            for (s, slot) in signs.iter_mut().enumerate() {
                if v >> s & 1 == 1 {
                    *slot = 1.0;
                }
            }
        }
        p.table(&self.table, seat);
        p.per_seat(seat, n, |s| self.scores[s] as f32 / SCORE_SCALE);
        p.per_seat(seat, n, |s| {
            f32::from(self.tricks_hand[s]) / f32::from(HAND_SIZE)
        });
        p.per_seat(seat, n, |s| {
            f32::from(self.tricks_total[s]) / f32::from(HAND_SIZE * HANDS)
        });
        p.per_seat(seat, n, |s| {
            self.hands[s].len() as f32 / f32::from(HAND_SIZE)
        });
        let dealing = matches!(self.phase, Phase::Deal | Phase::Play);
        let playing = self.phase == Phase::Play;
        p.seat(seat, dealing.then_some(self.leader), n);
        p.seat(seat, playing.then_some(self.turn), n);
        p.seat(seat, (self.phase != Phase::Setup).then_some(self.first), n);
        p.one_hot(PHASES, Some(self.phase as usize));
        p.one_hot(usize::from(HANDS), Some(usize::from(self.hand)));
        p.one_hot(
            usize::from(HAND_SIZE),
            playing.then_some(usize::from(self.trick_no)),
        );
        p.one_hot(
            Sign::COUNT,
            (playing && self.trick_len > 0).then_some(usize::from(self.led)),
        );
        p.scalar(self.draw.len() as f32 / CARD_PLANE as f32);
        p.scalar(self.discard.len() as f32 / CARD_PLANE as f32);
        let r = &self.rules;
        for flag in [
            r.fey.traditional_mat,
            r.fey.reshuffle_player_signs,
            r.fey.new_fey_each_hand,
            r.full_reshuffle_each_hand,
            r.fey_trump_points_by_player_count,
            r.last_trick_winner_leads_next_hand,
            r.tiebreak_most_tricks,
        ] {
            p.flag(flag);
        }
        p.finish();
    }

    /// One id per card: `play <card>` is the card id.
    fn num_distinct_actions(&self) -> usize {
        CARD_PLANE
    }

    fn action_ids(&self, _seat: Seat, action: Action, out: &mut Vec<usize>) {
        out.push(usize::from(action.card().id()));
    }

    fn action_id_text(&self, id: usize) -> String {
        format!("play {}", card_name(id as u8))
    }
}
