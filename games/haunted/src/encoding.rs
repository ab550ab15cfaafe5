//! The fixed-size encoding for learning ([`Encoding`]): an observation vector per seat, seats
//! relative to the observer, and a fixed action space for the player count (the tables are in
//! `docs/games/haunted.md`).
//!
//! The observation holds what the seat may know (spec §7): its hand, every line, the discard
//! pile, the cards held aside in public, the seat's private look, the cards it knows in other
//! hands (given, taken, seen leave the pile), every hand size, skip counters, scores, the phase,
//! whose window and whose prompt it is, and the prompt's public facts. A prompt's cards (the
//! card a forfeit took, the Setting an Attacked! donor chose) show only where the seat can place
//! them, so a determinization, which only permutes the cards the seat cannot place, never
//! changes it.
//!
//! Every action is one id but a `PickSet`, which is spelt card by card in ascending order and
//! closed by `done`; its sets hold at most two cards, so no spelling is longer than three ids.
//! Seats in actions are relative to the acting seat too (`player +1` is the left neighbour).

use std::sync::{LazyLock, Mutex, PoisonError};

use parlour_cards::CardSet;
use parlour_core::{Encoding, Game, LayoutPart, Seat};

use crate::action::{Action, LineRef};
use crate::cards::{Card, CardType, Deck, MAX_CARDS, deck};
use crate::scoring::{COMPLETE_LINE, score};
use crate::state::{Phase, State};
use crate::task::{Prompt, Task, TiePurpose};

/// Line slots encoded per seat (the `short_game_single_line` variant leaves two of them empty).
const SLOTS: usize = 3;
/// The most cards a `PickSet` answer holds: Refreshments keeps at most the two cards looked at,
/// Blood Letting exchanges at most two.
const MAX_SET: usize = 2;
/// Ids a turn slot may take in [`Encoding::max_action_ids`]'s budget. Not from a rule: no rule
/// caps the plays of a turn. Random play never took more than 25 ids a seat in a round of turn
/// slots (200 games each at 2, 4 and 6 players); this leaves ten times that.
const IDS_PER_SLOT: u64 = 256;
/// Tie-break short games counted in [`Encoding::max_action_ids`]'s budget (a tie left after one
/// is played off again, so no rule caps their number either).
const TIEBREAK_GAMES: u64 = 3;
/// Phases in [`Phase`] order.
const PHASES: usize = 9;
/// Prompt kinds in [`Prompt`] order.
const PROMPTS: usize = 25;
/// Purposes of a tied-line choice in [`TiePurpose`] order.
const PURPOSES: usize = 4;
/// Rule flags of [`crate::Rules`], then the round limit.
const RULE_BITS: usize = 20;
/// Per-seat facts after the hand and the lines.
const SEAT_FACTS: usize = 11;
/// Per-line facts after the card one-hots: complete, pending, fresh per position, used, size.
const LINE_FACTS: usize = 7;

/// Sizes taken from the card table the game is played with (`data/cards.txt` by default, or
/// the `cards` option's table): the encoding follows the deck, so its sizes are the deck's.
struct Dims {
    cards: usize,
    settings: usize,
    focuses: usize,
    terrors: usize,
    /// A card's rank among the cards of its type.
    rank: [u8; MAX_CARDS],
    /// The cards with a curse mode (Psychic, Pleasant Company), in card order, and each one's
    /// index among them.
    curse: Vec<Card>,
    curse_index: [u8; MAX_CARDS],
}

static DIMS: LazyLock<Dims> = LazyLock::new(|| Dims::of(deck()));

/// The sizes of deck `d`: the standard deck's without a lock; another's made once and kept as
/// long as the deck is ([`Deck::resolve`] keeps each table for the life of the process).
fn dims(d: &'static Deck) -> &'static Dims {
    if d.is_standard() {
        return &DIMS;
    }
    static KEPT: Mutex<Vec<(usize, &'static Dims)>> = Mutex::new(Vec::new());
    let key = std::ptr::from_ref(d) as usize;
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, dims)) = kept.iter().find(|(k, _)| *k == key) {
        return dims;
    }
    let dims: &'static Dims = Box::leak(Box::new(Dims::of(d)));
    kept.push((key, dims));
    dims
}

impl Dims {
    fn of(d: &Deck) -> Dims {
        let mut rank = [0u8; MAX_CARDS];
        for ty in CardType::ALL {
            for (i, c) in d.of_type(ty).iter().enumerate() {
                rank[c as usize] = i as u8;
            }
        }
        let curse: Vec<Card> = (0..d.len() as u8)
            .map(Card)
            .filter(|&c| d.info(c).curse)
            .collect();
        let mut curse_index = [u8::MAX; MAX_CARDS];
        for (i, c) in curse.iter().enumerate() {
            curse_index[c.0 as usize] = i as u8;
        }
        Dims {
            cards: d.len(),
            settings: d.of_type(CardType::Setting).len() as usize,
            focuses: d.of_type(CardType::Focus).len() as usize,
            terrors: d.of_type(CardType::Terror).len() as usize,
            rank,
            curse,
            curse_index,
        }
    }
}

/// Offsets of the observation for `n` seats.
#[derive(Clone, Copy)]
struct Layout {
    dims: &'static Dims,
    n: usize,
    cards: usize,
    line: usize,
    seat: usize,
}

impl Layout {
    fn new(d: &'static Dims, n: u8) -> Layout {
        let line = d.settings + d.focuses + d.terrors + LINE_FACTS;
        Layout {
            dims: d,
            n: usize::from(n),
            cards: d.cards,
            line,
            seat: d.cards + SLOTS * line + SEAT_FACTS,
        }
    }

    /// Per-seat facts: offset inside a seat block.
    fn facts(self) -> usize {
        self.cards + SLOTS * self.line
    }

    fn global(self) -> usize {
        self.n * self.seat
    }
    fn phase(self) -> usize {
        self.global()
    }
    fn redraw(self) -> usize {
        self.phase() + PHASES
    }
    fn prompt(self) -> usize {
        self.redraw() + 1
    }
    fn prompt_seat(self) -> usize {
        self.prompt() + PROMPTS
    }
    fn prompt_line(self) -> usize {
        self.prompt_seat() + self.n
    }
    fn prompt_slots(self) -> usize {
        self.prompt_line() + SLOTS * self.n
    }
    fn purpose(self) -> usize {
        self.prompt_slots() + SLOTS
    }
    fn fresh_only(self) -> usize {
        self.purpose() + PURPOSES
    }
    fn prompt_count(self) -> usize {
        self.fresh_only() + 1
    }
    fn asked(self) -> usize {
        self.prompt_count() + 1
    }
    fn prompt_cards(self) -> usize {
        self.asked() + self.n
    }
    fn look(self) -> usize {
        self.prompt_cards() + self.cards
    }
    fn discard(self) -> usize {
        self.look() + self.cards
    }
    fn discard_top(self) -> usize {
        self.discard() + self.cards
    }
    fn revealed(self) -> usize {
        self.discard_top() + self.cards
    }
    fn resolving(self) -> usize {
        self.revealed() + self.cards
    }
    fn unseen(self) -> usize {
        self.resolving() + self.cards
    }
    fn counts(self) -> usize {
        self.unseen() + self.cards
    }
    fn rules(self) -> usize {
        // Stockpile, discard pile, hand size H, round progress, tie-break, tie-break games.
        self.counts() + 6
    }
    fn len(self) -> usize {
        self.rules() + RULE_BITS
    }
}

/// Action id offsets for `n` seats: `L = 3n` lines, seen from the acting seat.
#[derive(Clone, Copy)]
struct Ids {
    n: usize,
    cards: usize,
    curses: usize,
}

const A_BEGIN: usize = 0;
const A_REDRAW: usize = 1;
const A_PASS: usize = 2;
const A_YES: usize = 3;
const A_NO: usize = 4;
const A_NONE: usize = 5;
const A_DONE: usize = 6;
const A_DISCARD: usize = 7;

impl Ids {
    fn new(d: &Dims, n: u8) -> Ids {
        Ids {
            n: usize::from(n),
            cards: d.cards,
            curses: d.curse.len(),
        }
    }
    fn lines(self) -> usize {
        SLOTS * self.n
    }
    fn pick(self) -> usize {
        A_DISCARD + self.cards
    }
    fn add(self) -> usize {
        self.pick() + self.cards
    }
    fn play(self) -> usize {
        self.add() + self.cards
    }
    fn curse(self) -> usize {
        self.play() + self.cards * self.lines()
    }
    fn name(self) -> usize {
        self.curse() + self.curses * self.lines()
    }
    fn choose(self) -> usize {
        self.name() + self.n - 1
    }
    fn len(self) -> usize {
        self.choose() + self.lines()
    }
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::FirstDraw => 0,
        Phase::Deal => 1,
        Phase::TurnStart => 2,
        Phase::Attack => 3,
        Phase::Defence(_) => 4,
        Phase::OwnLine(_) => 5,
        Phase::Discard => 6,
        Phase::Refill => 7,
        Phase::Over => 8,
    }
}

fn prompt_index(p: Prompt) -> usize {
    match p {
        Prompt::LoseAcquaintance => 0,
        Prompt::UrchinLoot(_) => 1,
        Prompt::ForfeitGive { .. } => 2,
        Prompt::ForfeitTrim => 3,
        Prompt::AdvantageKeep => 4,
        Prompt::AdvantageDiscard { .. } => 5,
        Prompt::RefreshKeep => 6,
        Prompt::RefreshDiscard { .. } => 7,
        Prompt::TakeAcquaintance => 8,
        Prompt::HcDraw(_) => 9,
        Prompt::TiedLine { .. } => 10,
        Prompt::ReceiveSlot { .. } => 11,
        Prompt::FocusLine { .. } => 12,
        Prompt::ActivateTerror(_) => 13,
        Prompt::AttackedSetting { .. } => 14,
        Prompt::AttackedLine { .. } => 15,
        Prompt::AttackedReplace => 16,
        Prompt::BloodGive { .. } => 17,
        Prompt::BloodReturn { .. } => 18,
        Prompt::WwAsk { .. } => 19,
        Prompt::WwGive { .. } => 20,
        Prompt::WwReturn { .. } => 21,
        Prompt::LapOpponent => 22,
        Prompt::LapKeep { .. } => 23,
        Prompt::TestTrim => 24,
    }
}

/// `p`'s seat counted clockwise from `from` (0 = `from`, 1 = its left neighbour).
fn rel(from: Seat, p: Seat, n: u8) -> usize {
    usize::from((p.0 + n - from.0) % n)
}

/// A line's index seen from `from`: relative owner, then slot.
fn rel_line(from: Seat, l: LineRef, n: u8) -> usize {
    rel(from, l.owner, n) * SLOTS + usize::from(l.slot)
}

/// Sets `out[base + c]` for every card `c` in `set`.
fn set_cards(out: &mut [f32], set: CardSet, base: usize) {
    for c in set {
        out[base + c as usize] = 1.0;
    }
}

impl State {
    /// The cards `seat` cannot place: the other hands, the stockpile and another seat's private
    /// look, less the cards it knows the place of and the lodged Urchin Thief (whose holder is
    /// public). Exactly the cards `sample_consistent` for `seat` moves.
    fn unseen_by(&self, seat: Seat) -> CardSet {
        let mut hidden = CardSet::EMPTY;
        for p in Seat::all(self.n) {
            if p != seat {
                hidden = hidden.or(self.hands[p]);
            }
        }
        for c in &self.stock {
            hidden.insert(c.0);
        }
        if self.look_owner != seat {
            hidden = hidden.or(self.look);
        }
        hidden = hidden.minus(self.known[seat]);
        if let Some(l) = self.lodged {
            hidden.remove(l.0);
        }
        hidden
    }

    fn write_seat(&self, me: Seat, p: Seat, lay: Layout, unseen: CardSet, out: &mut [f32]) {
        let d = lay.dims;
        let o = rel(me, p, self.n) * lay.seat;
        // The hand as far as `me` can place its cards (all of it for `me`).
        set_cards(out, self.hands[p].minus(unseen), o);
        for (j, l) in self.lines[p].iter().enumerate() {
            let lo = o + lay.cards + j * lay.line;
            for c in l.cards() {
                let r = usize::from(d.rank[c.0 as usize]);
                let at = match self.deck().card_type(c) {
                    CardType::Setting => r,
                    CardType::Focus => d.settings + r,
                    _ => d.settings + d.focuses + r,
                };
                out[lo + at] = 1.0;
            }
            let f = lo + d.settings + d.focuses + d.terrors;
            out[f] = f32::from(u8::from(l.complete));
            out[f + 1] = f32::from(u8::from(l.pending));
            for k in 0..3 {
                out[f + 2 + k] = f32::from(l.fresh >> k & 1);
            }
            out[f + 5] = f32::from(u8::from(l.used));
            out[f + 6] = f32::from(l.len) / 3.0;
        }
        let f = o + lay.facts();
        out[f] = self.hands[p].len() as f32 / f32::from(self.hand_size());
        out[f + 1] = (f32::from(self.skips[p]) / 3.0).min(1.0);
        out[f + 2] = score(self, p) as f32 / (SLOTS as i32 * COMPLETE_LINE) as f32;
        out[f + 3] = f32::from(self.complete_lines(p)) / SLOTS as f32;
        out[f + 4] = f32::from(u8::from(self.active == p));
        out[f + 5] = f32::from(u8::from(self.to_act().seats().contains(p)));
        out[f + 6] = f32::from(u8::from(matches!(
            self.phase,
            Phase::Defence(s) | Phase::OwnLine(s) if s == p
        )));
        out[f + 7] = f32::from(u8::from(matches!(
            self.stack.last(),
            Some(Task::Ask(s, _)) if *s == p
        )));
        out[f + 8] = f32::from(u8::from(self.seated.contains(p)));
        out[f + 9] = f32::from(u8::from(self.loser == Some(p)));
        out[f + 10] = f32::from(u8::from(
            self.lodged.is_some_and(|c| self.hands[p].contains(c.0)),
        ));
    }

    /// The outstanding prompt: its kind, the seat and line it is about, its public counts, and
    /// its cards where `me` can place them.
    fn write_prompt(&self, me: Seat, lay: Layout, unseen: CardSet, out: &mut [f32]) {
        let Some(&Task::Ask(_, p)) = self.stack.last() else {
            return;
        };
        out[lay.prompt() + prompt_index(p)] = 1.0;
        let n = self.n;
        let seat = |out: &mut [f32], s: Seat| out[lay.prompt_seat() + rel(me, s, n)] = 1.0;
        let line = |out: &mut [f32], l: LineRef| out[lay.prompt_line() + rel_line(me, l, n)] = 1.0;
        let mut cards = CardSet::EMPTY;
        match p {
            Prompt::UrchinLoot(c) | Prompt::AdvantageDiscard { kept: c } => {
                cards.insert(c.0);
            }
            Prompt::ForfeitGive { victim, taken } => {
                seat(out, victim);
                cards.insert(taken.0);
            }
            Prompt::LapKeep { taken } => cards.insert(taken.0),
            Prompt::RefreshDiscard { left } => {
                out[lay.prompt_count()] = f32::from(left) / MAX_SET as f32;
            }
            Prompt::HcDraw(ctx) => {
                seat(out, ctx.player);
                line(out, ctx.line);
            }
            Prompt::TiedLine { purpose, slots } => {
                let i = match purpose {
                    TiePurpose::CompleteSmallest => 0,
                    TiePurpose::CompleteLargest => 1,
                    TiePurpose::DiscardSmallest => 2,
                    TiePurpose::Give { receiver } => {
                        seat(out, receiver);
                        3
                    }
                };
                out[lay.purpose() + i] = 1.0;
                for k in 0..SLOTS {
                    out[lay.prompt_slots() + k] = f32::from(slots >> k & 1);
                }
            }
            Prompt::ReceiveSlot { from } | Prompt::ActivateTerror(from) => {
                seat(out, from.owner);
                line(out, from);
            }
            Prompt::FocusLine { fresh_only, only } => {
                out[lay.fresh_only()] = f32::from(u8::from(fresh_only));
                if let Some(k) = only {
                    out[lay.prompt_slots() + usize::from(k)] = 1.0;
                }
            }
            Prompt::AttackedSetting { owner } => seat(out, owner),
            Prompt::AttackedLine { owner, setting } => {
                seat(out, owner);
                cards.insert(setting.0);
            }
            Prompt::BloodGive { k } => out[lay.prompt_count()] = f32::from(k) / MAX_SET as f32,
            Prompt::BloodReturn { k, received, to } => {
                out[lay.prompt_count()] = f32::from(k) / MAX_SET as f32;
                seat(out, to);
                cards = received;
            }
            Prompt::WwAsk { asked } => {
                for s in asked.iter() {
                    out[lay.asked() + rel(me, s, n)] = 1.0;
                }
            }
            Prompt::WwGive { owner } => seat(out, owner),
            Prompt::WwReturn { to } => seat(out, to),
            Prompt::LoseAcquaintance
            | Prompt::ForfeitTrim
            | Prompt::AdvantageKeep
            | Prompt::RefreshKeep
            | Prompt::TakeAcquaintance
            | Prompt::AttackedReplace
            | Prompt::LapOpponent
            | Prompt::TestTrim => {}
        }
        set_cards(out, cards.minus(unseen), lay.prompt_cards());
    }

    fn write_rules(&self, lay: Layout, out: &mut [f32]) {
        let r = &self.rules;
        let bits = [
            r.five_terrors,
            r.fatal_possession_distinct,
            r.one_card_per_line_all_phases,
            r.own_line_phase_active_only,
            r.removal_any_own_line,
            r.test_draw_to_hand,
            r.forfeit_taken_card_discarded,
            r.refill_replace_used_only,
            r.phase4_discard_optional,
            r.smallest_line_includes_empty,
            r.hidden_compartment_tie_loser_gives,
            r.hallucination_terror_also_advantage,
            r.coach_victim_random_acquaintance,
            r.attacked_replace_top_discard,
            r.chance_find_this_line_only,
            r.tiebreak_short_game,
            r.short_game,
            r.short_game_single_line,
            r.personal_support_own_lines_only,
        ];
        let o = lay.rules();
        for (i, b) in bits.into_iter().enumerate() {
            out[o + i] = f32::from(u8::from(b));
        }
        out[o + bits.len()] = (r.round_limit as f32 / 100.0).min(1.0);
    }
}

/// A line named relative to the acting seat (`p+1.l2`), for [`Encoding::action_id_text`].
fn line_word(i: usize) -> String {
    format!("p+{}.l{}", i / SLOTS, i % SLOTS)
}

impl Encoding for State {
    /// Flags and shares of a whole, but for hand sizes: a hand may hold more than the refill
    /// size (cards given or taken), at most every card, against a refill size of at least 7.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, MAX_CARDS as f32 / 7.0)
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let lay = Layout::new(dims(self.deck()), self.n);
        let n = lay.n;
        let cards = lay.cards;
        let bounds = self.observation_bounds();
        let mut l = parlour_core::Layout::new();
        l.part(
            "seats",
            &[n, lay.seat],
            bounds,
            "seat blocks `k = 0 … n−1` (seat `observer + k`): cards in its hand the observer can \
             place, its three line slots, hand size / H, skipped turns owed, score / 39, \
             complete lines / 3, active player, to act, owns the window, owes the prompt, takes \
             part, lost, holds the Urchin Thief",
        )
        .unit(
            "phase",
            &[PHASES],
            "phase: first-player draw, deal, turn start, attack, defence, own-line, discard, \
             refill, over",
        )
        .unit("redraw", &[1], "this turn is a Redraw")
        .unit("prompt", &[PROMPTS], "outstanding prompt, one-hot")
        .unit("prompt_seat", &[n], "the seat the prompt is about")
        .unit("prompt_line", &[n, SLOTS], "the line the prompt is about")
        .unit(
            "slots_offered",
            &[SLOTS],
            "slots offered: the tied slots, or Chance Find's only slot",
        )
        .unit(
            "tie_purpose",
            &[PURPOSES],
            "why tied lines are chosen: complete smallest, complete largest, discard smallest, \
             give",
        )
        .unit(
            "fresh_focus_only",
            &[1],
            "Chance Find may take only a fresh Focus",
        )
        .unit(
            "owed",
            &[1],
            "cards still owed / 2 (Blood Letting's `k`, Refreshments' discards left)",
        )
        .unit(
            "asked",
            &[n],
            "seats already asked by the Well-wishing Stranger",
        )
        .unit(
            "prompt_cards",
            &[cards],
            "the prompt's cards the observer can place",
        )
        .unit(
            "look",
            &[cards],
            "the observer's private look (Advantage, Refreshments)",
        )
        .unit("discard", &[cards], "the discard pile")
        .unit("discard_top", &[cards], "the top of the discard pile")
        .unit(
            "aside",
            &[cards],
            "cards revealed and held aside (Lap of the Gods, tie draws)",
        )
        .unit("support", &[cards], "support cards being resolved")
        .unit(
            "unplaceable",
            &[cards],
            "cards the observer cannot place (other hands, the stockpile, another's look)",
        )
        .unit("stock_size", &[1], "stockpile / 81")
        .unit("discard_size", &[1], "discard pile / 81")
        .unit("hand_limit", &[1], "H / 9")
        .unit(
            "round_share",
            &[1],
            "turn slots played / (`round_limit` · seats playing); 0 without a limit",
        )
        .unit("tiebreak", &[1], "a tie-break short game is on")
        .unit(
            "tiebreak_games",
            &[1],
            "tie-break games begun / 4 (at most 1)",
        )
        .unit(
            "options",
            &[RULE_BITS],
            "the options in the order of the options table, then the round limit",
        );
        debug_assert_eq!(l.len(), lay.len());
        l.finish()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![Layout::new(dims(self.deck()), self.n).len()]
    }

    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        let lay = Layout::new(dims(self.deck()), self.n);
        let unseen = self.unseen_by(seat);
        for p in Seat::all(self.n) {
            self.write_seat(seat, p, lay, unseen, out);
        }
        out[lay.phase() + phase_index(self.phase)] = 1.0;
        out[lay.redraw()] = f32::from(u8::from(self.redraw_turn));
        self.write_prompt(seat, lay, unseen, out);
        if self.look_owner == seat {
            set_cards(out, self.look, lay.look());
        }
        for c in &self.discard {
            out[lay.discard() + c.0 as usize] = 1.0;
        }
        if let Some(top) = self.discard.last() {
            out[lay.discard_top() + top.0 as usize] = 1.0;
        }
        for c in &self.revealed {
            out[lay.revealed() + c.0 as usize] = 1.0;
        }
        set_cards(out, self.resolving, lay.resolving());
        set_cards(out, unseen, lay.unseen());
        let total = lay.cards as f32;
        let o = lay.counts();
        out[o] = self.stock.len() as f32 / total;
        out[o + 1] = self.discard.len() as f32 / total;
        out[o + 2] = f32::from(self.hand_size()) / 9.0;
        let limit = self.rules.round_limit;
        if limit > 0 {
            let slots = limit.saturating_mul(self.seated_count()) as f32;
            out[o + 3] = (self.slots_done as f32 / slots).min(1.0);
        }
        out[o + 4] = f32::from(u8::from(self.tiebreak.is_some()));
        out[o + 5] = (f32::from(self.tiebreak_games()) / 4.0).min(1.0);
        self.write_rules(lay, out);
    }

    fn num_distinct_actions(&self) -> usize {
        Ids::new(dims(self.deck()), self.n).len()
    }

    fn action_ids(&self, seat: Seat, action: Action, out: &mut Vec<usize>) {
        let ids = Ids::new(dims(self.deck()), self.n);
        let n = self.n;
        let id = match action {
            Action::BeginTurn => A_BEGIN,
            Action::Redraw => A_REDRAW,
            Action::Pass => A_PASS,
            Action::Yes => A_YES,
            Action::No => A_NO,
            Action::Decline => A_NONE,
            Action::Discard(c) => A_DISCARD + c.0 as usize,
            Action::Pick(c) => ids.pick() + c.0 as usize,
            Action::Play {
                card,
                line,
                curse: false,
            } => ids.play() + card.0 as usize * ids.lines() + rel_line(seat, line, n),
            Action::Play {
                card,
                line,
                curse: true,
            } => {
                let d = dims(self.deck());
                let k = usize::from(d.curse_index[card.0 as usize]);
                debug_assert!(k < d.curse.len(), "only a curse card plays in curse mode");
                ids.curse() + k * ids.lines() + rel_line(seat, line, n)
            }
            // A seat never names itself, so the offset is 1 or more.
            Action::Name(p) => ids.name() + rel(seat, p, n) - 1,
            Action::Choose(l) => ids.choose() + rel_line(seat, l, n),
            Action::PickSet(set) => {
                // Card by card in ascending order, then `done` (which alone is the empty set).
                for c in set {
                    out.push(ids.add() + c as usize);
                }
                A_DONE
            }
        };
        out.push(id);
    }

    fn max_spelling_len(&self) -> usize {
        MAX_SET + 1
    }

    /// A budget, not a bound the rules prove ([`Game::max_steps`] says why there is none):
    /// `round_limit` rounds of a turn slot per seat, each slot at most 256 ids (ten times the
    /// most random play took), and the same again for each of three tie-break short games
    /// where `tiebreak_short_game` is on. `None` without a round limit.
    fn max_action_ids(&self) -> Option<u64> {
        let rounds = u64::from(self.rules.round_limit);
        if rounds == 0 {
            return None;
        }
        let games = if self.rules.tiebreak_short_game {
            1 + TIEBREAK_GAMES
        } else {
            1
        };
        Some(games * rounds * u64::from(self.n) * IDS_PER_SLOT)
    }

    fn action_id_text(&self, id: usize) -> String {
        let ids = Ids::new(dims(self.deck()), self.n);
        let deck = self.deck();
        let card = |i: usize| deck.id(Card(i as u8));
        let lines = ids.lines();
        match id {
            A_BEGIN => "begin".into(),
            A_REDRAW => "redraw".into(),
            A_PASS => "pass".into(),
            A_YES => "yes".into(),
            A_NO => "no".into(),
            A_NONE => "none".into(),
            A_DONE => "done".into(),
            _ if id < ids.pick() => format!("discard {}", card(id - A_DISCARD)),
            _ if id < ids.add() => format!("pick {}", card(id - ids.pick())),
            _ if id < ids.play() => format!("add {}", card(id - ids.add())),
            _ if id < ids.curse() => {
                let i = id - ids.play();
                format!("play {} {}", card(i / lines), line_word(i % lines))
            }
            _ if id < ids.name() => {
                let i = id - ids.curse();
                let c = dims(deck).curse[i / lines];
                format!("play {} {} curse", deck.id(c), line_word(i % lines))
            }
            _ if id < ids.choose() => format!("player +{}", id - ids.name() + 1),
            _ if id < ids.len() => format!("line {}", line_word(id - ids.choose())),
            _ => format!("unused id {id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::Options;

    #[test]
    fn the_card_table_gives_the_documented_sizes() {
        let d = &*DIMS;
        assert_eq!((d.cards, d.settings, d.focuses, d.terrors), (81, 10, 15, 6));
        assert_eq!(d.curse.len(), 2);
        for n in 2..=6u8 {
            assert_eq!(Layout::new(&DIMS, n).len(), 211 * usize::from(n) + 637);
            assert_eq!(Ids::new(&DIMS, n).len(), 253 * usize::from(n) + 249);
        }
        let lay = Layout::new(&DIMS, 4);
        assert_eq!((lay.line, lay.seat, lay.facts()), (38, 206, 195));
        assert_eq!(lay.prompt() - lay.global(), 10);
        assert_eq!(lay.prompt_cards() - lay.global(), 35 + 5 * 4 + 9);
        assert_eq!(lay.rules() - lay.global(), 35 + 5 * 4 + 9 + 7 * 81 + 6);
        // The offsets the docs table, for n = 4.
        let g = lay.global();
        assert_eq!(lay.prompt_seat() - g, 35);
        assert_eq!(lay.prompt_slots() - g, 35 + 16);
        assert_eq!(lay.asked() - g, 44 + 16);
        assert_eq!(lay.look() - g, 125 + 20);
        assert_eq!(lay.unseen() - g, 530 + 20);
        assert_eq!(lay.counts() - g, 611 + 20);
        assert_eq!(lay.rules() - g, 617 + 20);
        let ids = Ids::new(&DIMS, 4);
        assert_eq!((ids.pick(), ids.add(), ids.play()), (88, 169, 250));
        assert_eq!(
            (ids.curse(), ids.name(), ids.choose()),
            (250 + 81 * 12, 250 + 83 * 12, 249 + 83 * 12 + 4)
        );
    }

    #[test]
    fn a_fresh_state_encodes_without_panicking() {
        let st = State::new(3, &Options::defaults(State::OPTIONS)).unwrap();
        let mut out = vec![0.0; st.observation_shape()[0]];
        st.encode_observation(Seat(1), &mut out);
        // Before the deal: the first-player draw is due and every card is unseen.
        assert_eq!(out[Layout::new(&DIMS, 3).phase()], 1.0);
        let unseen = Layout::new(&DIMS, 3).unseen();
        assert_eq!(out[unseen..unseen + 81].iter().sum::<f32>(), 81.0);
    }
}
