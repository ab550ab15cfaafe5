use std::fmt;

use serde::{Deserialize, Serialize};

/// A position at the table, numbered from 0. Seat `s + 1` (mod n) sits to the left of seat `s`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise (to the left) at a table of `players`.
    #[must_use]
    pub const fn next(self, players: u8) -> Seat {
        Seat((self.0 + 1) % players)
    }

    /// The seat `steps` places clockwise at a table of `players`.
    #[must_use]
    pub const fn offset(self, steps: u32, players: u8) -> Seat {
        Seat(((self.0 as u32 + steps) % players as u32) as u8)
    }

    /// All seats of a table of `players`, in order.
    pub fn all(players: u8) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        (0..players).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of seats (at most 16), as a bitset. Iterates in seat order.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct SeatSet(u16);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Every seat of a table of `players`.
    #[must_use]
    pub const fn all(players: u8) -> SeatSet {
        SeatSet(((1u32 << players) - 1) as u16)
    }

    /// Just one seat.
    #[must_use]
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// How many seats are in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set.
    #[must_use]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Seat(s))
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(d)?;
        if let Some(bad) = seats.iter().find(|s| s.0 >= 16) {
            return Err(serde::de::Error::custom(format!("seat {bad} out of range")));
        }
        Ok(seats.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_iterates_in_order() {
        let set: SeatSet = [Seat(3), Seat(0), Seat(5)].into_iter().collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![Seat(0), Seat(3), Seat(5)]
        );
        assert_eq!(set.first(), Some(Seat(0)));
        assert_eq!(set.len(), 3);
        assert!(!set.contains(Seat(1)));
        assert_eq!(SeatSet::all(4).len(), 4);
    }

    #[test]
    fn next_seat_wraps() {
        assert_eq!(Seat(3).next(4), Seat(0));
        assert_eq!(Seat(1).offset(5, 4), Seat(2));
    }
}
