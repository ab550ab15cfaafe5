//! The fixed-size encoding for learning ([`Encoding`]): an observation vector per seat and one
//! action id per action (`docs/games/queen-of-scots.md`, "Encoding for learning", has the
//! tables).
//!
//! Everything is sized from the deck (its kinds, copies, royal and wild marks), so a corrected
//! `data/deck.txt` changes the numbers but not the scheme. Copies of a kind are interchangeable,
//! so a zone of cards is a *card block* of one slot per card of the deck, filled by kind
//! from the kind's first copy upwards (a hand with three John Knox has the first three Knox
//! slots set): the block never tells which copy is where.
//!
//! A set on a table is named by its type and its place among its owner's sets of that type
//! (`john-knox set 2`, `royal set 1`), not by its number, so one id means the same at every node.
//! A set holds at least two naturals of its type, so a player has at most `copies / 2` sets of
//! one character and `royal cards / 2` royal sets in a round: those bounds size the set slots of
//! the observation and the ids that name a set. Every action is then one id.

use std::borrow::Cow;
use std::sync::OnceLock;

use parlour_cards::CardSet;
use parlour_core::{Encoding, LayoutPart, Seat};

use crate::deck::MAX_KINDS;
use crate::scoring::RoundEnd;
use crate::state::{HAND_SIZE, Phase};
use crate::{Action, Deck, JewelPlacement, Kind, SetType, State};

/// Phases ([`Phase`]).
const PHASES: usize = 6;
/// Option facts copied into the observation.
const FLAGS: usize = 5;
/// Hand sizes are scaled by twice a dealt hand (a hand that took a big pile may pass 1).
const HAND_SCALE: f32 = 2.0 * HAND_SIZE as f32;

/// Seat-block fields before the set slots, after the card block.
const S_HAND_COUNT: usize = 0;
const S_DEALER: usize = 1;
const S_TO_ACT: usize = 2;
const S_TOTAL: usize = 3;
const S_TABLE: usize = 4;
const S_LAST_SCORE: usize = 5;
const S_WENT_OUT: usize = 6;
const S_SETS: usize = 7;

/// The deck's class of each kind and the bounds derived from it: everything the layout of the
/// observation and of the action ids depends on, with per-kind tables so that encoding needs no
/// bit counting (`popcnt` is not in the baseline x86-64 target).
#[derive(Clone)]
struct Layout {
    kinds: usize,
    cards: usize,
    common: u64,
    royal: u64,
    wild: u64,
    commons: usize,
    royals: usize,
    wilds: usize,
    /// Most sets of one character a player can hold in a round.
    per_common: usize,
    /// Most royal sets a player can hold in a round.
    per_royal: usize,
    /// Each kind's rank among the kinds of its class (common, royal or wild), in deck order.
    rank: [u8; MAX_KINDS],
    /// Each kind's first card.
    first: [u8; MAX_KINDS],
    /// One over each kind's number of copies.
    per_copy: [f32; MAX_KINDS],
    /// The value of the whole deck.
    value: f32,
}

/// How many kinds of `mask` come before kind `k` (its rank in its class).
fn rank(mask: u64, k: Kind) -> usize {
    (mask & ((1u64 << k.0) - 1)).count_ones() as usize
}

/// The kind of rank `r` in `mask`.
fn nth_kind(mask: u64, r: usize) -> Kind {
    let mut bits = mask;
    for _ in 0..r {
        bits &= bits - 1;
    }
    Kind(bits.trailing_zeros() as u8)
}

/// Unordered pairs with repetition from `r` kinds.
const fn pairs_of(r: usize) -> usize {
    r * (r + 1) / 2
}

/// Unordered triples with repetition from `r` kinds.
const fn triples_of(r: usize) -> usize {
    r * (r + 1) * (r + 2) / 6
}

/// Index of the pair of ranks `i <= j` among [`pairs_of`] (colex order).
const fn pair_index(i: usize, j: usize) -> usize {
    i + pairs_of(j)
}

/// Index of the triple of ranks `i <= j <= l` among [`triples_of`] (colex order).
const fn triple_index(i: usize, j: usize, l: usize) -> usize {
    i + pairs_of(j) + triples_of(l)
}

impl Layout {
    fn of(deck: &Deck) -> Layout {
        let (common, royal, wild) = (deck.common_kinds(), deck.royal_kinds(), deck.wild_kinds());
        let mut l = Layout {
            kinds: deck.kind_count(),
            cards: deck.len(),
            common,
            royal,
            wild,
            commons: common.count_ones() as usize,
            royals: royal.count_ones() as usize,
            wilds: wild.count_ones() as usize,
            per_common: 0,
            per_royal: deck.royal_cards().len() as usize / 2,
            rank: [0; MAX_KINDS],
            first: [0; MAX_KINDS],
            per_copy: [0.0; MAX_KINDS],
            value: deck.value_of(deck.all()).max(1) as f32,
        };
        for (i, info) in deck.kinds().iter().enumerate() {
            let k = Kind(i as u8);
            let class = if info.wild {
                wild
            } else if info.royal {
                royal
            } else {
                l.per_common = l.per_common.max(usize::from(info.copies) / 2);
                common
            };
            l.rank[i] = rank(class, k) as u8;
            l.first[i] = deck.mask(k).first().expect("every kind has a copy");
            l.per_copy[i] = 1.0 / f32::from(info.copies);
        }
        l
    }

    /// The layout of `deck`, worked out once for the shipped deck.
    fn get(deck: &'static Deck) -> Cow<'static, Layout> {
        static STANDARD: OnceLock<Layout> = OnceLock::new();
        match Deck::standard() {
            Ok(standard) if std::ptr::eq(standard, deck) => {
                Cow::Borrowed(STANDARD.get_or_init(|| Layout::of(standard)))
            }
            _ => Cow::Owned(Layout::of(deck)),
        }
    }

    /// A kind's rank in its class.
    fn r(&self, k: Kind) -> usize {
        usize::from(self.rank[k.index()])
    }

    // ----- set slots ------------------------------------------------------------------------

    /// Set slots per player: each character's, then the royal ones.
    fn slots(&self) -> usize {
        self.commons * self.per_common + self.per_royal
    }

    /// The slot of the `j`-th set of type `t` (0-based).
    fn slot(&self, t: SetType, j: usize) -> usize {
        match t {
            SetType::Character(c) => self.r(c) * self.per_common + j,
            SetType::Royal => self.commons * self.per_common + j,
        }
    }

    /// The type and place of a slot.
    fn slot_type(&self, slot: usize) -> (SetType, usize) {
        let character = self.commons * self.per_common;
        if slot < character {
            let c = nth_kind(self.common, slot / self.per_common);
            (SetType::Character(c), slot % self.per_common)
        } else {
            (SetType::Royal, slot - character)
        }
    }

    fn slot_text(&self, deck: &Deck, slot: usize) -> String {
        let (t, j) = self.slot_type(slot);
        format!("{} set {}", t.name(deck), j + 1)
    }

    // ----- observation ----------------------------------------------------------------------

    /// Floats of a character set's slot: present, its naturals, each wild kind.
    fn common_slot_len(&self) -> usize {
        2 + self.wilds
    }

    /// Floats of a royal set's slot: present, each royal kind, each wild kind.
    fn royal_slot_len(&self) -> usize {
        1 + self.royals + self.wilds
    }

    fn sets_len(&self) -> usize {
        self.commons * self.per_common * self.common_slot_len()
            + self.per_royal * self.royal_slot_len()
    }

    /// Offset of a slot inside the set part of a seat block.
    fn slot_offset(&self, slot: usize) -> usize {
        let character = self.commons * self.per_common;
        if slot < character {
            slot * self.common_slot_len()
        } else {
            character * self.common_slot_len() + (slot - character) * self.royal_slot_len()
        }
    }

    fn pile_top(&self) -> usize {
        PHASES + 2
    }

    fn pile(&self) -> usize {
        self.pile_top() + self.kinds
    }

    fn round(&self) -> usize {
        self.pile() + self.cards
    }

    fn flags(&self) -> usize {
        self.round() + 3
    }

    fn global_len(&self) -> usize {
        self.flags() + FLAGS
    }

    fn seat_len(&self) -> usize {
        self.cards + S_SETS + self.sets_len()
    }

    // ----- action ids -----------------------------------------------------------------------

    /// Matching pairs of naturals: one per character, then the royal pairs.
    fn pairs(&self) -> usize {
        self.commons + pairs_of(self.royals)
    }

    fn pair_id(&self, pair: [Kind; 2]) -> usize {
        if self.royal >> pair[0].0 & 1 == 1 {
            self.commons + pair_index(self.r(pair[0]), self.r(pair[1]))
        } else {
            self.r(pair[0])
        }
    }

    fn pair_kinds(&self, id: usize) -> [Kind; 2] {
        if id < self.commons {
            let c = nth_kind(self.common, id);
            return [c, c];
        }
        let id = id - self.commons;
        let j = (0..self.royals)
            .rev()
            .find(|&j| pairs_of(j) <= id)
            .unwrap_or(0);
        [
            nth_kind(self.royal, id - pairs_of(j)),
            nth_kind(self.royal, j),
        ]
    }

    /// Three-card melds: `X X X` and `X X wild` per character, royal triples, royal pairs with
    /// a wild card.
    fn melds(&self) -> usize {
        self.commons * (1 + self.wilds)
            + triples_of(self.royals)
            + pairs_of(self.royals) * self.wilds
    }

    fn meld_id(&self, cards: [Kind; 3]) -> usize {
        let is_wild = |k: Kind| self.wild >> k.0 & 1 == 1;
        let mut naturals = [Kind(0); 3];
        let mut n = 0;
        let mut wild = None;
        for k in cards {
            if is_wild(k) {
                wild = Some(k);
            } else {
                naturals[n] = k;
                n += 1;
            }
        }
        let royal = self.royal >> naturals[0].0 & 1 == 1;
        let r = |k: Kind| self.r(k);
        let royal_triples = self.commons * (1 + self.wilds);
        let royal_pairs = royal_triples + triples_of(self.royals);
        match (n, wild, royal) {
            (3, _, false) => self.r(naturals[0]),
            (3, _, true) => {
                royal_triples + triple_index(r(naturals[0]), r(naturals[1]), r(naturals[2]))
            }
            (_, Some(w), false) => self.commons + self.r(naturals[0]) * self.wilds + self.r(w),
            (_, Some(w), true) => {
                royal_pairs + pair_index(r(naturals[0]), r(naturals[1])) * self.wilds + self.r(w)
            }
            _ => {
                debug_assert!(false, "a legal meld has two matching naturals: {cards:?}");
                0
            }
        }
    }

    fn meld_kinds(&self, id: usize) -> [Kind; 3] {
        let w = self.wilds.max(1);
        let royal_triples = self.commons * (1 + self.wilds);
        let royal_pairs = royal_triples + triples_of(self.royals);
        let mut cards = if id < self.commons {
            let c = nth_kind(self.common, id);
            [c, c, c]
        } else if id < royal_triples {
            let i = id - self.commons;
            let c = nth_kind(self.common, i / w);
            [c, c, nth_kind(self.wild, i % w)]
        } else if id < royal_pairs {
            let t = id - royal_triples;
            let mut found = [Kind(0); 3];
            for l in 0..self.royals {
                for j in 0..=l {
                    for i in 0..=j {
                        if triple_index(i, j, l) == t {
                            found = [
                                nth_kind(self.royal, i),
                                nth_kind(self.royal, j),
                                nth_kind(self.royal, l),
                            ];
                        }
                    }
                }
            }
            found
        } else {
            let p = id - royal_pairs;
            let [a, b] = self.pair_kinds(self.commons + p / w);
            [a, b, nth_kind(self.wild, p % w)]
        };
        cards.sort_unstable();
        cards
    }

    /// Adds: a character to one of its sets, a royal to a royal set, a wild card to any set.
    fn adds(&self) -> usize {
        self.commons * self.per_common + self.royals * self.per_royal + self.wilds * self.slots()
    }

    fn add_id(&self, card: Kind, t: SetType, j: usize) -> usize {
        if self.wild >> card.0 & 1 == 1 {
            self.commons * self.per_common
                + self.royals * self.per_royal
                + self.r(card) * self.slots()
                + self.slot(t, j)
        } else if self.royal >> card.0 & 1 == 1 {
            self.commons * self.per_common + self.r(card) * self.per_royal + j
        } else {
            self.slot(t, j)
        }
    }

    /// The kind and slot an add id names.
    fn add_target(&self, id: usize) -> (Kind, usize) {
        let character = self.commons * self.per_common;
        let royal = self.royals * self.per_royal;
        if id < character {
            (nth_kind(self.common, id / self.per_common), id)
        } else if id < character + royal {
            let i = id - character;
            (
                nth_kind(self.royal, i / self.per_royal),
                character + i % self.per_royal,
            )
        } else {
            let i = id - character - royal;
            (nth_kind(self.wild, i / self.slots()), i % self.slots())
        }
    }

    // Where each kind of id starts: draw (0), take pile, take jewels onto a set, take jewels
    // into a new set, pass, meld, add, discard (the order of legal-action lists, spec §14.3).
    fn take(&self) -> usize {
        1
    }

    fn jewels_add(&self) -> usize {
        self.take() + self.pairs()
    }

    fn jewels_new(&self) -> usize {
        self.jewels_add() + self.slots()
    }

    fn pass(&self) -> usize {
        self.jewels_new() + self.pairs()
    }

    fn meld(&self) -> usize {
        self.pass() + 1
    }

    fn add(&self) -> usize {
        self.meld() + self.melds()
    }

    fn discard(&self) -> usize {
        self.add() + self.adds()
    }

    fn total(&self) -> usize {
        self.discard() + self.kinds
    }
}

/// Writes a card block: for each kind, as many of its slots as `set` holds copies, from the
/// kind's first copy upwards. Copies of a kind are consecutive cards, so walking `set` in order
/// meets each kind's copies together.
fn put_cards(out: &mut [f32], deck: &Deck, l: &Layout, set: CardSet) {
    let mut kind = None;
    let mut slot = 0;
    for c in set {
        let k = deck.kind_of(c);
        if kind != Some(k) {
            kind = Some(k);
            slot = usize::from(l.first[k.index()]);
        }
        out[slot] = 1.0;
        slot += 1;
    }
}

impl State {
    /// The type and place among its owner's sets of that type of `seat`'s set `set`.
    fn set_place(&self, seat: Seat, set: u8) -> (SetType, usize) {
        let sets = &self.tables[seat];
        let t = sets[usize::from(set)].kind;
        let j = sets[..usize::from(set)]
            .iter()
            .filter(|s| s.kind == t)
            .count();
        (t, j)
    }
}

impl Encoding for State {
    /// Flags and shares of a whole, but for points and hand sizes. A round scores a seat at
    /// most every card's value (taken unsigned) and the going-out bonus either way, and a game
    /// has at most `max_rounds` rounds; a table holds at most the whole deck's value; a hand
    /// at most the whole deck.
    fn observation_bounds(&self) -> (f32, f32) {
        let deck = self.deck;
        let values: f32 = deck.all().iter().map(|c| deck.value(c).abs() as f32).sum();
        let bonus = self.settings.going_out_bonus.abs() as f32;
        let target = self.settings.target_score.max(1) as f32;
        let rounds = self.settings.max_rounds.max(1) as f32;
        let points = rounds * (values + bonus) / target;
        let table = values / deck.value_of(deck.all()).max(1) as f32;
        let hand = deck.len() as f32 / HAND_SCALE;
        let most = points.max(table).max(bonus / target);
        (-most, most.max(hand).max(1.0))
    }

    fn observation_layout(&self) -> Vec<LayoutPart> {
        let d = Layout::get(self.deck);
        let n = usize::from(self.players);
        let bounds = self.observation_bounds();
        let mut l = parlour_core::Layout::new();
        l.unit(
            "phase",
            &[PHASES],
            "phase one-hot: first-dealer, deal, pick-up, meld-or-discard, reshuffle, game-over",
        )
        .unit("stock_size", &[1], "stock count ÷ C")
        .unit("pile_size", &[1], "pile count ÷ C")
        .unit("pile_top", &[d.kinds], "the pile's top card, kind one-hot")
        .unit(
            "pile",
            &[d.cards],
            "card block: the pile (only its top card with `pile_top_only_visible`); its order \
             under the top is left out",
        )
        .unit("rounds", &[1], "rounds begun ÷ `max_rounds`")
        .unit(
            "refilled",
            &[1],
            "the stock was refilled this round (`stock_out_reshuffle`)",
        )
        .unit(
            "empty_stock_end",
            &[1],
            "the last scored round ended on an empty stock",
        )
        .part(
            "options",
            &[FLAGS],
            bounds,
            "options: `crown_jewel_top_takes_single`, `stock_out_reshuffle`, \
             `tiebreak_extra_round`, `pile_top_only_visible`, `going_out_bonus` ÷ `target_score`",
        )
        .part(
            "seats",
            &[n, d.seat_len()],
            bounds,
            "seat blocks `k = 0 … n−1` (seat `observer + k`): cards known in its hand (C), hand \
             size ÷ 22, is the dealer, is to act, cumulative total ÷ `target_score`, value of its \
             sets ÷ the deck's, last round's score ÷ `target_score`, went out last round, then \
             its set slots",
        );
        debug_assert_eq!(l.len(), d.global_len() + n * d.seat_len());
        l.finish()
    }

    fn observation_shape(&self) -> Vec<usize> {
        let l = Layout::get(self.deck);
        vec![l.global_len() + usize::from(self.players) * l.seat_len()]
    }

    fn encode_observation(&self, seat: Seat, out: &mut [f32]) {
        let deck = self.deck;
        let l = Layout::get(deck);
        let n = self.players;
        let target = self.settings.target_score.max(1) as f32;
        let phase = match self.phase {
            Phase::FirstDealer => 0,
            Phase::Deal => 1,
            Phase::PickUp => 2,
            Phase::Play => 3,
            Phase::Reshuffle => 4,
            Phase::GameOver => 5,
        };
        out[phase] = 1.0;
        out[PHASES] = self.stock.len() as f32 / l.cards as f32;
        out[PHASES + 1] = self.pile.len() as f32 / l.cards as f32;
        if let Some(&top) = self.pile.last() {
            out[l.pile_top() + deck.kind_of(top).index()] = 1.0;
            // The whole pile is public unless the variant shows only its top (spec §10).
            let shown: CardSet = if self.settings.pile_top_only_visible {
                CardSet::single(top)
            } else {
                self.pile.iter().copied().collect()
            };
            put_cards(&mut out[l.pile()..], deck, &l, shown);
        }
        let r = l.round();
        out[r] = self.round as f32 / self.settings.max_rounds.max(1) as f32;
        out[r + 1] = f32::from(u8::from(self.reshuffled));
        let last = self.last_round.as_ref();
        out[r + 2] = f32::from(u8::from(
            last.is_some_and(|x| x.reason == RoundEnd::StockExhausted),
        ));
        let s = &self.settings;
        let f = l.flags();
        out[f] = f32::from(u8::from(s.crown_jewel_top_takes_single));
        out[f + 1] = f32::from(u8::from(s.stock_out_reshuffle));
        out[f + 2] = f32::from(u8::from(s.tiebreak_extra_round));
        out[f + 3] = f32::from(u8::from(s.pile_top_only_visible));
        out[f + 4] = s.going_out_bonus as f32 / target;

        let acting = matches!(self.phase, Phase::PickUp | Phase::Play);
        let base = l.global_len();
        for k in 0..usize::from(n) {
            let p = seat.offset(k as u32, n);
            let b = &mut out[base + k * l.seat_len()..][..l.seat_len()];
            // The observer's whole hand; of another hand, the cards known to be there.
            let visible = if k == 0 {
                self.hands[p]
            } else {
                self.public_hand(p)
            };
            put_cards(b, deck, &l, visible);
            let b = &mut b[l.cards..];
            b[S_HAND_COUNT] = self.hands[p].len() as f32 / HAND_SCALE;
            b[S_DEALER] = f32::from(u8::from(
                self.phase != Phase::FirstDealer && p == self.dealer,
            ));
            b[S_TO_ACT] = f32::from(u8::from(acting && p == self.current));
            b[S_TOTAL] = self.totals[p] as f32 / target;
            if let Some(x) = last {
                b[S_LAST_SCORE] = x.score[p] as f32 / target;
                b[S_WENT_OUT] = f32::from(u8::from(x.reason == RoundEnd::WentOut(p)));
            }
            let mut value = 0;
            let sets = &mut b[S_SETS..];
            let mut per_type = [0usize; MAX_KINDS + 1];
            for t in &self.tables[p] {
                let (ti, naturals) = match t.kind {
                    SetType::Character(c) => (c.index(), 1),
                    SetType::Royal => (MAX_KINDS, l.royals),
                };
                let j = per_type[ti];
                per_type[ti] += 1;
                // [present, each natural kind of the type, each wild kind], as shares of copies.
                let at = &mut sets[l.slot_offset(l.slot(t.kind, j))..];
                at[0] = 1.0;
                for c in t.cards {
                    let kind = deck.kind_of(c);
                    let i = kind.index();
                    let field = match t.kind {
                        _ if l.wild >> i & 1 == 1 => 1 + naturals + l.r(kind),
                        SetType::Character(_) => 1,
                        SetType::Royal => 1 + l.r(kind),
                    };
                    at[field] += l.per_copy[i];
                    value += deck.value(c);
                }
            }
            b[S_TABLE] = value as f32 / l.value;
        }
    }

    fn num_distinct_actions(&self) -> usize {
        Layout::get(self.deck).total()
    }

    fn action_ids(&self, seat: Seat, action: Action, out: &mut Vec<usize>) {
        let l = Layout::get(self.deck);
        let id = match action {
            Action::DrawStock => 0,
            Action::TakePile { pair } => l.take() + l.pair_id(pair),
            Action::TakePileWithJewels {
                place: JewelPlacement::ExistingSet(i),
            } => {
                let (t, j) = self.set_place(seat, i);
                l.jewels_add() + l.slot(t, j)
            }
            Action::TakePileWithJewels {
                place: JewelPlacement::NewSet { pair },
            } => l.jewels_new() + l.pair_id(pair),
            Action::PassStockEmpty => l.pass(),
            Action::MeldNew { cards } => l.meld() + l.meld_id(cards),
            Action::AddToSet { set, card } => {
                let (t, j) = self.set_place(seat, set);
                l.add() + l.add_id(card, t, j)
            }
            Action::Discard { card } => l.discard() + card.index(),
        };
        out.push(id);
    }

    fn action_id_text(&self, id: usize) -> String {
        let deck = self.deck;
        let l = Layout::get(deck);
        let k = |k: Kind| deck.slug(k);
        if id == 0 {
            "draw stock".to_owned()
        } else if id < l.jewels_add() {
            let [a, b] = l.pair_kinds(id - l.take());
            format!("take pile {} {}", k(a), k(b))
        } else if id < l.jewels_new() {
            format!("take jewels add {}", l.slot_text(deck, id - l.jewels_add()))
        } else if id < l.pass() {
            let [a, b] = l.pair_kinds(id - l.jewels_new());
            format!("take jewels new {} {}", k(a), k(b))
        } else if id == l.pass() {
            "pass".to_owned()
        } else if id < l.add() {
            let [a, b, c] = l.meld_kinds(id - l.meld());
            format!("meld {} {} {}", k(a), k(b), k(c))
        } else if id < l.discard() {
            let (card, slot) = l.add_target(id - l.add());
            format!("add {} to {}", k(card), l.slot_text(deck, slot))
        } else if id < l.total() {
            format!("discard {}", k(Kind((id - l.discard()) as u8)))
        } else {
            format!("unused {id}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> Layout {
        Layout::of(Deck::standard().expect("the shipped deck is valid"))
    }

    #[test]
    fn the_standard_deck_sizes_the_encoding() {
        let l = layout();
        assert_eq!((l.commons, l.royals, l.wilds), (11, 5, 1));
        assert_eq!((l.per_common, l.per_royal), (4, 6));
        assert_eq!(l.slots(), 50);
        assert_eq!(l.pairs(), 26);
        assert_eq!(l.melds(), 72);
        assert_eq!(l.adds(), 124);
        assert_eq!(l.total(), 317);
        assert_eq!(l.global_len(), 141);
        assert_eq!(l.seat_len(), 289);
    }

    /// A replacement deck with two wild kinds and royals of uneven copies.
    fn odd_layout() -> Layout {
        let text = "a no no 8 5 A\nqueen yes no 2 50 Q\nb no no 9 5 B\nc no no 8 5 C\n\
                    jewel no yes 4 25 J\nd no no 8 5 D\nking yes no 3 30 K\ne no no 8 5 E\n\
                    star no yes 2 20 S\n";
        Layout::of(&Deck::parse(text).expect("a valid table"))
    }

    #[test]
    fn a_replacement_deck_sizes_the_encoding_from_its_table() {
        let l = odd_layout();
        assert_eq!((l.commons, l.royals, l.wilds), (5, 2, 2));
        assert_eq!((l.per_common, l.per_royal), (4, 2));
        assert_eq!(l.slots(), 22);
        assert_eq!(l.pairs(), 5 + 3);
        assert_eq!(l.melds(), 5 * 3 + 4 + 3 * 2);
        assert_eq!(l.adds(), 20 + 4 + 44);
        assert_eq!(l.total(), 1 + 8 + 22 + 8 + 1 + 25 + 68 + 9);
    }

    #[test]
    fn pair_and_meld_ids_invert() {
        for l in [layout(), odd_layout()] {
            ids_invert(&l);
        }
    }

    fn ids_invert(l: &Layout) {
        for id in 0..l.pairs() {
            assert_eq!(l.pair_id(l.pair_kinds(id)), id);
        }
        for id in 0..l.melds() {
            assert_eq!(l.meld_id(l.meld_kinds(id)), id, "{:?}", l.meld_kinds(id));
        }
        for id in 0..l.adds() {
            let (card, slot) = l.add_target(id);
            let (t, j) = l.slot_type(slot);
            assert_eq!(l.add_id(card, t, j), id);
        }
        for slot in 0..l.slots() {
            let (t, j) = l.slot_type(slot);
            assert_eq!(l.slot(t, j), slot);
        }
    }
}
