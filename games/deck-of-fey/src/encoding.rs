//! What the three games' `parlour_core::Encoding` implementations share: a cursor that lays
//! observation planes out one after another ([`Planes`]), and the table block (the fey sign and
//! each seat's sign with its relation to every sign), whose layout all three documents give once.

use parlour_cards::CardSet;
use parlour_core::Seat;

use crate::{Card, FeyTable, Relation, Sign};

/// Width of a plane with one entry per card id.
pub const CARD_PLANE: usize = Card::COUNT as usize;

/// Relations in the order of the table block's one-hots (`Dead` never occurs and has none).
const RELATIONS: usize = 5;

/// Entries per seat in the table block: the seat's sign, then for each of the 8 signs its
/// relation to that seat's sign.
pub const TABLE_SEAT_LEN: usize = Sign::COUNT + Sign::COUNT * RELATIONS;

/// Length of the table block for `players` seats: the fey sign one-hot, then
/// [`TABLE_SEAT_LEN`] per seat, observer first.
#[must_use]
pub const fn table_len(players: u8) -> usize {
    Sign::COUNT + TABLE_SEAT_LEN * players as usize
}

/// Block `k` of a seat-relative layout: the observer is block 0, the next seat clockwise block
/// 1, and so on (so a policy learnt in one seat reads the same in every seat).
#[inline]
#[must_use]
pub const fn relative(observer: Seat, seat: Seat, players: u8) -> usize {
    (seat.0 as usize + players as usize - observer.0 as usize) % players as usize
}

/// The position of a relation in the table block's one-hots (Fey, Same, Harmonious, Neutral,
/// Opposing), `None` for Dead.
#[inline]
#[must_use]
pub const fn relation_index(r: Relation) -> Option<usize> {
    match r {
        Relation::Fey => Some(0),
        Relation::Same => Some(1),
        Relation::Harmonious => Some(2),
        Relation::Neutral => Some(3),
        Relation::Opposing => Some(4),
        Relation::Dead => None,
    }
}

/// Writes an observation front to back. `out` arrives zeroed (the `Encoding` contract), so only
/// the entries that are not zero are written, and nothing allocates.
///
/// ```
/// use parlour_cards::CardSet;
/// use parlour_fey::Planes;
///
/// let mut out = [0.0; 92];
/// let mut p = Planes::new(&mut out);
/// p.cards(CardSet::single(3));
/// p.one_hot(3, Some(1));
/// p.scalar(0.5);
/// assert_eq!(p.finish(), 92);
/// assert_eq!((out[3], out[89], out[91]), (1.0, 1.0, 0.5));
/// ```
#[derive(Debug)]
pub struct Planes<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Planes<'a> {
    /// A cursor at the start of `out`.
    pub fn new(out: &'a mut [f32]) -> Planes<'a> {
        Planes { out, at: 0 }
    }

    /// The next `len` entries, to fill in any order (a seat-relative block, say).
    ///
    /// # Panics
    /// If `out` is shorter than the layout.
    pub fn block(&mut self, len: usize) -> &mut [f32] {
        let start = self.at;
        self.at += len;
        &mut self.out[start..self.at]
    }

    /// A card plane: 1 at each card id in `cards`.
    pub fn cards(&mut self, cards: CardSet) {
        set_cards(self.block(CARD_PLANE), cards);
    }

    /// A card plane with at most one card set.
    pub fn card(&mut self, card: Option<u8>) {
        self.one_hot(CARD_PLANE, card.map(usize::from));
    }

    /// A one-hot of `len` entries; `None` (or an index past the end) leaves them all 0.
    pub fn one_hot(&mut self, len: usize, index: Option<usize>) {
        let block = self.block(len);
        if let Some(slot) = index.and_then(|i| block.get_mut(i)) {
            *slot = 1.0;
        }
    }

    /// A one-hot over the seats, observer first; `None` for no seat.
    pub fn seat(&mut self, observer: Seat, seat: Option<Seat>, players: u8) {
        self.one_hot(
            usize::from(players),
            seat.map(|s| relative(observer, s, players)),
        );
    }

    /// One entry per seat, observer first, with `value(seat)` in it.
    pub fn per_seat(&mut self, observer: Seat, players: u8, value: impl Fn(Seat) -> f32) {
        let block = self.block(usize::from(players));
        for (k, slot) in block.iter_mut().enumerate() {
            *slot = value(observer.offset(k as u32, players));
        }
    }

    /// One card plane per seat, observer first, with `cards(seat)` in it.
    pub fn cards_per_seat(&mut self, observer: Seat, players: u8, cards: impl Fn(Seat) -> CardSet) {
        let block = self.block(CARD_PLANE * usize::from(players));
        for (k, plane) in block.chunks_exact_mut(CARD_PLANE).enumerate() {
            set_cards(plane, cards(observer.offset(k as u32, players)));
        }
    }

    /// One entry: 1 when `on`.
    pub fn flag(&mut self, on: bool) {
        self.scalar(if on { 1.0 } else { 0.0 });
    }

    /// One entry holding `x`.
    pub fn scalar(&mut self, x: f32) {
        self.block(1)[0] = x;
    }

    /// The table block ([`table_len`] entries): the fey sign one-hot; then per seat, observer
    /// first, the seat's sign one-hot and, for each of the 8 signs in id order, a one-hot of its
    /// relation to that seat's sign (Fey, Same, Harmonious, Neutral, Opposing). All 0 before the
    /// opening setup, when the table holds placeholders.
    pub fn table(&mut self, table: &FeyTable, observer: Seat) {
        let players = table.players();
        let block = self.block(table_len(players));
        if !table.is_set() {
            return;
        }
        let (fey, seats) = block.split_at_mut(Sign::COUNT);
        fey[table.fey().index() as usize] = 1.0;
        let mat = table.mat();
        for (k, chunk) in seats.chunks_exact_mut(TABLE_SEAT_LEN).enumerate() {
            let own = table.sign(observer.offset(k as u32, players));
            let (sign, relations) = chunk.split_at_mut(Sign::COUNT);
            sign[own.index() as usize] = 1.0;
            for (card, rel) in Sign::ALL.iter().zip(relations.chunks_exact_mut(RELATIONS)) {
                if let Some(i) = relation_index(mat.relation(own, *card)) {
                    rel[i] = 1.0;
                }
            }
        }
    }

    /// Ends the observation and returns its length, which must be all of `out`.
    ///
    /// # Panics
    /// In debug builds, when the layout written is shorter than `out` (a layout and its
    /// declared shape that disagree).
    pub fn finish(self) -> usize {
        debug_assert_eq!(
            self.at,
            self.out.len(),
            "observation layout and shape differ"
        );
        self.at
    }
}

/// Sets entry `id` of `plane` for each card id in `cards` (ids past the plane are ignored).
#[inline]
pub fn set_cards(plane: &mut [f32], cards: CardSet) {
    // Two 64-bit halves iterate faster than one u128.
    for (half, base) in [(cards.0 as u64, 0usize), ((cards.0 >> 64) as u64, 64)] {
        let mut bits = half;
        while bits != 0 {
            let id = base + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(slot) = plane.get_mut(id) {
                *slot = 1.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FeyRules, TableSetup};

    #[test]
    fn seats_are_relative_to_the_observer() {
        assert_eq!(relative(Seat(2), Seat(2), 4), 0);
        assert_eq!(relative(Seat(2), Seat(3), 4), 1);
        assert_eq!(relative(Seat(2), Seat(0), 4), 2);
        assert_eq!(relative(Seat(2), Seat(1), 4), 3);
    }

    #[test]
    fn table_block_of_mat_a_shows_star_beside_flame() {
        // MAT-A (fey Bone), P0 Star, P1 Wave: observer P1 sees itself first.
        let setup = TableSetup::parse(
            "mat bone: flame star stone wave wind tree tone; signs star wave; first 0",
        )
        .unwrap();
        let mut table = FeyTable::new(2);
        table.check_opening(&FeyRules::default(), &setup).unwrap();
        let mut out = vec![0.0; table_len(2)];
        Planes::new(&mut out).table(&table, Seat(1));
        assert!(out.iter().all(|&x| x == 0.0), "nothing before the setup");
        table.apply(&setup);
        let mut p = Planes::new(&mut out);
        p.table(&table, Seat(1));
        assert_eq!(p.finish(), 8 + 2 * 48);
        assert_eq!(out[Sign::Bone.index() as usize], 1.0);
        let seat = |k: usize| &out[8 + k * TABLE_SEAT_LEN..8 + (k + 1) * TABLE_SEAT_LEN];
        let rel = |k: usize, s: Sign| {
            let r = &seat(k)[8 + s.index() as usize * 5..][..5];
            r.iter().position(|&x| x == 1.0)
        };
        assert_eq!(seat(0)[Sign::Wave.index() as usize], 1.0);
        assert_eq!(seat(1)[Sign::Star.index() as usize], 1.0);
        assert_eq!(rel(1, Sign::Flame), Some(2), "Star is harmonious to Flame");
        assert_eq!(rel(1, Sign::Star), Some(1));
        assert_eq!(rel(0, Sign::Flame), Some(4), "Wave opposes Flame");
        assert_eq!(rel(0, Sign::Bone), Some(0));
        assert_eq!(out.iter().filter(|&&x| x == 1.0).count(), 1 + 2 * 9);
    }
}
