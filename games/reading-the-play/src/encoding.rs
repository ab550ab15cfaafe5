//! The fixed-size encoding for learning ([`Encoding`]): an observation vector per seat and one
//! action id per action (`docs/games/reading-the-play.md`, "Encoding for learning", has the
//! tables).
//!
//! Seats are relative to the observer (block 0 is the observer, block 1 the next seat
//! clockwise, …), and so are the seats named by action ids (`point +1`, `trade +1 +3`), so a
//! policy sees the same game from every chair. Cards go in a 36-slot *card block*: one slot per
//! Line card, then the Yellow Signs and the Elder Signs counted upwards (slots 28–33 hold as
//! many ones as there are Yellow Signs, slots 34–35 as many as Elder Signs). Identical signs are
//! one kind in every rule and text, so the block never says which physical sign is where.
//!
//! Every action is one id. The simultaneous choices (the vote, trade commitments, interrupt
//! answers) must be, and the rest are small: a trade names a subset of the other seats (at most
//! 31), a Sequence start is named by its lowest Line (the legal starts are disjoint maximal
//! runs), and a card handed back goes to the lowest Trader still owed one, so the card alone
//! names it.

use parlour_cards::CardSet;
use parlour_core::{Encoding, Game, Layout, LayoutPart, Seat};

use crate::action::Action;
use crate::card::{
    CardRef, DECK_SIZE, ELDER_SIGNS, FIRST_ELDER, FIRST_YELLOW, LINE_315, LINE_COUNT, LINES,
    YELLOW_SIGNS,
};
use crate::phase::{End, Phase};
use crate::rules::DEFAULT_TURN_LIMIT;
use crate::scoring::sequence_score;
use crate::state::{MAX_SEATS, State};

/// Slots of a card block: 28 Lines, then 6 Yellow and 2 Elder Sign counting slots.
const CARDS: usize = DECK_SIZE as usize;
/// Card kinds an action may name: the 28 Lines, `yellow-sign`, `elder-sign`.
const KINDS: usize = LINE_COUNT as usize + 2;
/// Lowest Lines a Sequence may start from: a run of two or more ends at 315 at the latest.
const STARTS: usize = LINE_315 as usize;
/// Phases as the observation tells them apart (the Player's private steps count once more, as
/// `player-turn`, for everyone else).
const PHASES: usize = 14;
/// Ways a game ends ([`End`]).
const ENDS: usize = 4;
/// Option flags copied into the observation.
const FLAGS: usize = 6;

// Offsets of the global part of the observation.
const PHASE: usize = 0;
const END: usize = PHASE + PHASES;
const DECK: usize = END + ENDS;
const DECK_KNOWN: usize = DECK + 1;
const REMOVED: usize = DECK_KNOWN + CARDS;
const FACE_UP: usize = REMOVED + CARDS;
const POOL_SIZE: usize = FACE_UP + 1;
const POOL: usize = POOL_SIZE + 1;
const MY_CARD: usize = POOL + CARDS;
const MY_ANSWER: usize = MY_CARD + CARDS;
const TIED: usize = MY_ANSWER + 2;
const TURNS: usize = TIED + 1;
const FINAL_ROUND: usize = TURNS + 1;
const FLAG: usize = FINAL_ROUND + 1;
const MY_VOTE: usize = FLAG + FLAGS;

// Offsets inside one seat's block.
const S_HAND: usize = 0;
const S_HAND_SIZE: usize = S_HAND + CARDS;
const S_SEQ: usize = S_HAND_SIZE + 1;
const S_SCORE: usize = S_SEQ + LINE_COUNT as usize;
const S_PLAYER: usize = S_SCORE + 1;
const S_TO_ACT: usize = S_PLAYER + 1;
const S_TRADER: usize = S_TO_ACT + 1;
const S_COMMITTED: usize = S_TRADER + 1;
const S_OWED: usize = S_COMMITTED + 1;
const S_ANSWERED: usize = S_OWED + 1;
const S_LAST_TURN: usize = S_ANSWERED + 1;
const S_VOTE: usize = S_LAST_TURN + 1;

/// Length of the global part for `n` players (it ends with the observer's pending vote).
const fn global_len(n: usize) -> usize {
    MY_VOTE + n
}

/// Length of one seat's block for `n` players (it ends with that seat's last revealed vote).
const fn seat_len(n: usize) -> usize {
    S_VOTE + n
}

/// Where each kind of action id starts, for `n` players.
struct Ids {
    n: usize,
    draw: usize,
    trade: usize,
    commit: usize,
    keep: usize,
    give: usize,
    elder: usize,
    start: usize,
    decline_seq: usize,
    finish: usize,
    answer: usize,
    total: usize,
}

impl Ids {
    const fn new(n: usize) -> Ids {
        // `point +1` .. `point +(n-1)` come first, from id 0.
        let draw = n - 1;
        let trade = draw + 1;
        let commit = trade + (1 << (n - 1)) - 1;
        let keep = commit + KINDS;
        let give = keep + KINDS;
        let elder = give + KINDS;
        let start = elder + 2;
        let decline_seq = start + STARTS;
        let finish = decline_seq + 1;
        let answer = finish + 3;
        Ids {
            n,
            draw,
            trade,
            commit,
            keep,
            give,
            elder,
            start,
            decline_seq,
            finish,
            answer,
            total: answer + 2,
        }
    }
}

/// How many seats clockwise from `from` `to` sits (0 is `from` itself).
fn rel(from: Seat, to: Seat, n: usize) -> usize {
    (to.index() + n - from.index()) % n
}

/// Writes a card block: each Line's slot, then the signs counted upwards.
fn put_cards(out: &mut [f32], set: CardSet) {
    for c in set.and(LINES) {
        out[usize::from(c)] = 1.0;
    }
    let yellow = set.and(YELLOW_SIGNS).len() as usize;
    out[usize::from(FIRST_YELLOW)..][..yellow].fill(1.0);
    let elder = set.and(ELDER_SIGNS).len() as usize;
    out[usize::from(FIRST_ELDER)..][..elder].fill(1.0);
}

impl State {
    /// The index of a card kind among [`KINDS`]: Lines by number, then the two signs.
    fn kind_index(&self, card: CardRef) -> usize {
        match card {
            CardRef::Line(n) => usize::from(n - self.min_line()),
            CardRef::YellowSign => usize::from(LINE_COUNT),
            CardRef::ElderSign => usize::from(LINE_COUNT) + 1,
        }
    }

    /// The name of a card kind index.
    fn kind_text(&self, k: usize) -> String {
        match k.checked_sub(usize::from(LINE_COUNT)) {
            None => format!("line-{}", usize::from(self.min_line()) + k),
            Some(0) => "yellow-sign".to_owned(),
            Some(_) => "elder-sign".to_owned(),
        }
    }

    /// The phase slot `seat` sees: the Player's private steps are one `player-turn` to others.
    fn phase_slot(&self, seat: Seat) -> usize {
        match self.phase {
            Phase::Deal => 0,
            Phase::Vote => 1,
            Phase::ByLot(_) => 2,
            Phase::DrawOrTrade => 3,
            Phase::Commit => 4,
            Phase::Keep => 5,
            Phase::Give => 6,
            Phase::ElderSign | Phase::Sequence | Phase::Finish if seat != self.player => 10,
            Phase::ElderSign => 7,
            Phase::Sequence => 8,
            Phase::Finish => 9,
            Phase::Interrupt => 11,
            Phase::Shuffle(_) => 12,
            Phase::Over => 13,
        }
    }
}

impl Encoding for State {
    /// Flags and shares of a whole; the turn count's share of the turn limit passes 1 only
    /// when the limit is off (it is then taken over the default limit, unbounded).
    fn observation_bounds(&self) -> (f32, f32) {
        let high = if self.rules.turn_limit > 0 {
            1.0
        } else {
            f32::INFINITY
        };
        (0.0, high)
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let n = usize::from(self.n);
        let bounds = self.observation_bounds();
        let mut l = Layout::new();
        l.unit(
            "phase",
            &[PHASES],
            "phase one-hot: deal, vote, lot, draw-or-trade, trade-commit, trade-keep, \
             trade-give, elder-sign, sequencing, finish-the-play, `player-turn` (the Player's \
             private step, as every other seat sees it), interrupt, shuffle, over",
        )
        .unit(
            "end",
            &[ENDS],
            "how the game ended: all-lose, revealed, deck-out, turn-limit",
        )
        .unit("deck_size", &[1], "cards in the deck ÷ 36")
        .unit(
            "deck_known",
            &[CARDS],
            "card block: cards everybody knows are in the deck (put back face up by a variant, \
             until the next draw)",
        )
        .unit("removed", &[CARDS], "card block: the removed area")
        .unit(
            "face_up_316",
            &[1],
            "Line 316 lies face up (interrupt window)",
        )
        .unit("pool_size", &[1], "cards in the trade pool ÷ 6")
        .unit(
            "pool",
            &[CARDS],
            "card block: the pool, for the Player only, once every card is in",
        )
        .unit(
            "my_trade_card",
            &[CARDS],
            "card block: the card the observer committed to the trade under way",
        )
        .unit(
            "my_answer",
            &[2],
            "the observer's answer in the interrupt window: interrupt, pass",
        )
        .unit("tied_votes", &[1], "tied votes so far ÷ 3")
        .part(
            "turns",
            &[1],
            bounds,
            "completed turns ÷ `turn_limit` (÷ 400 without a limit)",
        )
        .unit(
            "final_round",
            &[1],
            "the final round after deck-out has begun",
        )
        .unit(
            "options",
            &[FLAGS],
            "options: `first_player_random`, `elder_sign_reshuffles`, \
             `interrupted_316_reshuffles`, `tiebreak_total_length`, `deck_out_immediate_end`, \
             a turn limit is set",
        )
        .unit(
            "my_vote",
            &[n],
            "the observer's own vote, not yet revealed (relative seat one-hot)",
        )
        .unit(
            "seats",
            &[n, seat_len(n)],
            "seat blocks `k = 0 … n−1` (seat `observer + k`): cards known in its hand (36), \
             hand size ÷ 36, its Sequence (28), Sequence score ÷ 6, is the Player, must act now, \
             is a Trader, has placed its trade card, is owed a card, has answered in the \
             interrupt window, its turn ends the final round, its last revealed vote (n)",
        );
        debug_assert_eq!(l.len(), global_len(n) + n * seat_len(n));
        l.finish()
    }

    fn observation_shape(&self) -> Vec<usize> {
        let n = usize::from(self.n);
        vec![global_len(n) + n * seat_len(n)]
    }

    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = usize::from(self.n);
        let o = seat;
        let started = !matches!(self.phase, Phase::Deal | Phase::Vote | Phase::ByLot(_));
        let trading = matches!(self.phase, Phase::Commit | Phase::Keep | Phase::Give);
        let in_commit = self.phase == Phase::Commit;

        out[PHASE + self.phase_slot(o)] = 1.0;
        if let Some(end) = self.end {
            let e = match end {
                End::AllLose(_) => 0,
                End::Revealed(_) => 1,
                End::DeckOut => 2,
                End::TurnLimit => 3,
            };
            out[END + e] = 1.0;
        }
        out[DECK] = f32::from(self.deck_len) / CARDS as f32;
        put_cards(&mut out[DECK_KNOWN..], self.deck_known);
        put_cards(&mut out[REMOVED..], self.removed);
        out[FACE_UP] = f32::from(u8::from(self.face_up.is_some()));
        if trading {
            let pooled = if in_commit {
                self.commits.iter().flatten().count()
            } else {
                self.pool.len() as usize
            };
            out[POOL_SIZE] = pooled as f32 / MAX_SEATS as f32;
            // The pool only to the Player, and only once every card is in (spec §5).
            if !in_commit && o == self.player {
                put_cards(&mut out[POOL..], self.pool);
            }
            // The card the observer committed, for the whole trade: it knows what it gave,
            // never whether the Player kept that card (a sign kept is any sign of its kind).
            if let Some(c) = self.commits[o] {
                put_cards(&mut out[MY_CARD..], CardSet::single(c));
            }
        }
        if let Some(play) = self.answers[o] {
            out[MY_ANSWER + usize::from(!play)] = 1.0;
        }
        out[TIED] = f32::from(self.tied_votes) / 3.0;
        let limit = if self.rules.turn_limit > 0 {
            self.rules.turn_limit
        } else {
            DEFAULT_TURN_LIMIT as u32
        };
        out[TURNS] = self.turns as f32 / limit as f32;
        out[FINAL_ROUND] = f32::from(u8::from(self.final_last.is_some()));
        let r = self.rules;
        for (i, on) in [
            r.first_player_random,
            r.elder_sign_reshuffles,
            r.interrupted_316_reshuffles,
            r.tiebreak_total_length,
            r.deck_out_immediate_end,
            r.turn_limit > 0,
        ]
        .into_iter()
        .enumerate()
        {
            out[FLAG + i] = f32::from(u8::from(on));
        }
        if let Some(t) = self.votes[o] {
            out[MY_VOTE + rel(o, t, n)] = 1.0;
        }

        let to_act = self.to_act().seats();
        let best = self
            .table
            .0
            .stanza_spans()
            .map(|(a, b)| b - a + 1)
            .max()
            .unwrap_or(1);
        let participants = self.participants();
        let base = global_len(n);
        for k in 0..n {
            let s = o.offset(k as u32, self.n);
            let b = &mut out[base + k * seat_len(n)..][..seat_len(n)];
            // The observer's whole hand; of another hand, the cards the observer saw go there.
            let visible = if k == 0 {
                self.hands[s]
            } else {
                self.known[o.index()][s]
            };
            put_cards(&mut b[S_HAND..], visible);
            b[S_HAND_SIZE] = self.hands[s].len() as f32 / CARDS as f32;
            if let Some((lo, hi)) = self.seqs[s] {
                b[S_SEQ + usize::from(lo)..=S_SEQ + usize::from(hi)].fill(1.0);
            }
            b[S_SCORE] = sequence_score(self.table.0, self.seqs[s]) as f32 / f32::from(best);
            b[S_PLAYER] = f32::from(u8::from(started && s == self.player));
            b[S_TO_ACT] = f32::from(u8::from(to_act.contains(s)));
            if trading {
                b[S_TRADER] = f32::from(u8::from(self.traders.contains(s)));
                let committed = if in_commit {
                    self.commits[s].is_some()
                } else {
                    participants.contains(s)
                };
                b[S_COMMITTED] = f32::from(u8::from(committed));
                b[S_OWED] = f32::from(u8::from(!in_commit && self.to_give.contains(s)));
            }
            b[S_ANSWERED] = f32::from(u8::from(self.answers[s].is_some()));
            b[S_LAST_TURN] = f32::from(u8::from(self.final_last == Some(s)));
            if let Some(t) = self.last_votes[s] {
                b[S_VOTE + rel(o, t, n)] = 1.0;
            }
        }
    }

    fn num_distinct_actions(&self) -> usize {
        Ids::new(usize::from(self.n)).total
    }

    fn action_ids(&self, seat: Seat, action: Action, out: &mut Vec<usize>) {
        let ids = Ids::new(usize::from(self.n));
        let n = ids.n;
        let id = match action {
            Action::PointAt(t) => rel(seat, t, n) - 1,
            Action::Draw => ids.draw,
            Action::Trade(t) => {
                let mask = t
                    .seats()
                    .iter()
                    .fold(0, |m, s| m | 1 << (rel(seat, s, n) - 1));
                ids.trade + mask - 1
            }
            Action::Commit(c) => ids.commit + self.kind_index(c),
            Action::Keep(c) => ids.keep + self.kind_index(c),
            // The Trader is always the lowest one still owed a card: the card names the action.
            Action::Give(_, c) => ids.give + self.kind_index(c),
            Action::PlayElderSign => ids.elder,
            Action::DeclineElderSign => ids.elder + 1,
            // The legal starts are disjoint maximal runs, so the lowest Line names one.
            Action::StartSequence { low, .. } => ids.start + usize::from(low - self.min_line()),
            Action::DeclineSequence => ids.decline_seq,
            Action::Reveal => ids.finish,
            Action::RevealPair => ids.finish + 1,
            Action::Hold => ids.finish + 2,
            Action::Interrupt => ids.answer,
            Action::Pass => ids.answer + 1,
        };
        out.push(id);
    }

    fn action_id_text(&self, id: usize) -> String {
        let ids = Ids::new(usize::from(self.n));
        let in_range = |base: usize, len: usize| (base..base + len).contains(&id);
        if id < ids.draw {
            format!("point +{}", id + 1)
        } else if id == ids.draw {
            "draw".to_owned()
        } else if id < ids.commit {
            let mask = id - ids.trade + 1;
            let mut text = String::from("trade");
            for r in (0..ids.n - 1).filter(|r| mask >> r & 1 == 1) {
                text.push_str(&format!(" +{}", r + 1));
            }
            text
        } else if in_range(ids.commit, KINDS) {
            format!("commit {}", self.kind_text(id - ids.commit))
        } else if in_range(ids.keep, KINDS) {
            format!("keep {}", self.kind_text(id - ids.keep))
        } else if in_range(ids.give, KINDS) {
            format!("give {}", self.kind_text(id - ids.give))
        } else if id == ids.elder {
            "play elder-sign".to_owned()
        } else if id == ids.elder + 1 {
            "decline elder-sign".to_owned()
        } else if in_range(ids.start, STARTS) {
            format!("start from {}", self.kind_text(id - ids.start))
        } else if id == ids.decline_seq {
            "decline sequence".to_owned()
        } else if in_range(ids.finish, 3) {
            ["reveal", "reveal pair", "hold"][id - ids.finish].to_owned()
        } else if in_range(ids.answer, 2) {
            ["interrupt", "pass"][id - ids.answer].to_owned()
        } else {
            format!("unused {id}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_blocks_tile_the_action_space() {
        for n in 2..=6 {
            let ids = Ids::new(n);
            assert_eq!(
                ids.total,
                n - 1 + (1 << (n - 1)) + 3 * KINDS + 2 + STARTS + 1 + 3 + 2
            );
        }
        assert_eq!(Ids::new(4).total, 135);
    }

    #[test]
    fn a_card_block_counts_signs_upwards() {
        let mut out = [0.0; CARDS];
        let set: CardSet = [0, 27, FIRST_YELLOW + 3, FIRST_YELLOW + 5, FIRST_ELDER + 1]
            .into_iter()
            .collect();
        put_cards(&mut out, set);
        let ones: Vec<usize> = (0..CARDS).filter(|&i| out[i] == 1.0).collect();
        assert_eq!(ones, vec![0, 27, 28, 29, 34]);
    }
}
