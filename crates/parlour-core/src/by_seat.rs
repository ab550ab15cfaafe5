use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

use crate::Seat;

/// The most seats any parlour game seats: the slots of a [`BySeat`].
pub const MAX_SEATS: usize = 7;

const SLOTS: usize = MAX_SEATS;

/// Per-seat data for a table of up to [`BySeat::MAX`] seats, indexed by [`Seat`] (shakmaty's
/// `ByColor`).
///
/// Every slot exists whatever the table size; seats beyond the table keep their default value.
/// Serialises exactly as the array it wraps.
///
/// ```
/// use parlour_core::{BySeat, Seat};
///
/// let mut tricks: BySeat<u8> = BySeat::default();
/// tricks[Seat(2)] += 1;
/// assert_eq!(tricks[Seat(2)], 1);
/// let doubled = tricks.map(|t| t * 2);
/// assert_eq!(doubled.iter().take(3).copied().collect::<Vec<_>>(), [0, 0, 2]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>([T; SLOTS]);

impl<T> BySeat<T> {
    /// The most seats any parlour game seats ([`MAX_SEATS`]).
    pub const MAX: usize = MAX_SEATS;

    /// The same value in every seat.
    #[must_use]
    pub const fn splat(value: T) -> Self
    where
        T: Copy,
    {
        BySeat([value; SLOTS])
    }

    /// Each seat's value from `f(seat)`, called in seat order.
    #[must_use]
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }

    /// Wraps an array indexed by seat number.
    #[must_use]
    pub const fn from_array(array: [T; SLOTS]) -> Self {
        BySeat(array)
    }

    /// The array indexed by seat number.
    #[must_use]
    pub fn into_array(self) -> [T; SLOTS] {
        self.0
    }

    /// The values of every slot, seat 0 first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values of every slot, mutably, seat 0 first.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// The values of the first `players` seats (a table of that size).
    ///
    /// # Panics
    /// If `players` exceeds [`BySeat::MAX`].
    #[must_use]
    pub fn seats(&self, players: u8) -> &[T] {
        &self.0[..usize::from(players)]
    }

    /// The values of the first `players` seats, mutably.
    ///
    /// # Panics
    /// If `players` exceeds [`BySeat::MAX`].
    pub fn seats_mut(&mut self, players: u8) -> &mut [T] {
        &mut self.0[..usize::from(players)]
    }

    /// The values of the slots from seat `players` on (seats beyond a table of that size).
    ///
    /// # Panics
    /// If `players` exceeds [`BySeat::MAX`].
    #[must_use]
    pub fn beyond(&self, players: u8) -> &[T] {
        &self.0[usize::from(players)..]
    }

    /// Applies `f` to every slot.
    #[must_use]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// References to every slot, as a `BySeat`.
    #[must_use]
    pub fn as_ref(&self) -> BySeat<&T> {
        BySeat(self.0.each_ref())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;

    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// Indexing by seat number, for loops that count seats as `0..players`.
impl<T> Index<usize> for BySeat<T> {
    type Output = T;

    fn index(&self, seat: usize) -> &T {
        &self.0[seat]
    }
}

impl<T> IndexMut<usize> for BySeat<T> {
    fn index_mut(&mut self, seat: usize) -> &mut T {
        &mut self.0[seat]
    }
}

impl<T> From<[T; SLOTS]> for BySeat<T> {
    fn from(array: [T; SLOTS]) -> Self {
        BySeat(array)
    }
}

impl<T> IntoIterator for BySeat<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, { SLOTS }>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a BySeat<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut BySeat<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_by_seat_and_by_number_alike() {
        let mut b = BySeat::from_fn(|s| i32::from(s.0) * 10);
        assert_eq!(b[Seat(3)], 30);
        assert_eq!(b[3usize], 30);
        b[Seat(6)] = -1;
        assert_eq!(b.into_array(), [0, 10, 20, 30, 40, 50, -1]);
    }

    #[test]
    fn slices_split_the_table_from_the_empty_seats() {
        let b = BySeat::from_fn(|s| s.0);
        assert_eq!(b.seats(3), [0, 1, 2]);
        assert_eq!(b.beyond(5), [5, 6]);
        assert_eq!(b.map(|x| x + 1)[Seat(0)], 1);
        assert_eq!(BySeat::splat(4u8).iter().sum::<u8>(), 28);
    }

    #[test]
    fn serialises_as_the_bare_array() {
        let b = BySeat::from_array([1, 2, 3, 4, 5, 6, 7]);
        let json = serde_json::to_string(&b).expect("integers serialise");
        assert_eq!(json, "[1,2,3,4,5,6,7]");
        assert_eq!(serde_json::from_str::<BySeat<i32>>(&json).ok(), Some(b));
    }
}
