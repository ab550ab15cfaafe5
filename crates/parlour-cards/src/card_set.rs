use std::fmt;

/// A set of up to 128 cards, each named by its index `0..128`, as one `u128`.
///
/// Iteration is in index order. Every operation is a few instructions and never allocates.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct CardSet(pub u128);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);

    /// Cards `0..n`.
    #[must_use]
    pub const fn first_n(n: u32) -> CardSet {
        if n >= 128 {
            CardSet(u128::MAX)
        } else {
            CardSet((1u128 << n) - 1)
        }
    }

    /// Just card `i`.
    #[must_use]
    pub const fn single(i: u8) -> CardSet {
        CardSet(1u128 << i)
    }

    /// Whether card `i` is in the set.
    #[must_use]
    pub const fn contains(self, i: u8) -> bool {
        self.0 >> i & 1 == 1
    }

    /// Adds card `i`.
    pub fn insert(&mut self, i: u8) {
        self.0 |= 1u128 << i;
    }

    /// Removes card `i`.
    pub fn remove(&mut self, i: u8) {
        self.0 &= !(1u128 << i);
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest card.
    #[must_use]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest card.
    #[must_use]
    pub const fn last(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(127 - self.0.leading_zeros() as u8)
        }
    }

    /// The `k`-th lowest card (0-based).
    #[must_use]
    pub fn nth(self, k: u32) -> Option<u8> {
        self.iter().nth(k as usize)
    }

    /// Cards in both sets.
    #[must_use]
    pub const fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in either set.
    #[must_use]
    pub const fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in `self` but not in `other`.
    #[must_use]
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards, lowest first.
    #[must_use]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`CardSet`], lowest card first.
#[derive(Clone, Debug)]
pub struct Iter(u128);

impl Iterator for Iter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = u8;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<u8> for CardSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: CardSet = [0u8, 5, 87, 127].into_iter().collect();
        assert_eq!(a.len(), 4);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 5, 87, 127]);
        assert_eq!(a.first(), Some(0));
        assert_eq!(a.last(), Some(127));
        assert_eq!(a.nth(2), Some(87));
        let b = CardSet::first_n(6);
        assert_eq!(a.and(b).iter().collect::<Vec<_>>(), vec![0, 5]);
        assert_eq!(a.minus(b).len(), 2);
        assert!(a.and(b).is_subset(a));
        assert_eq!(CardSet::first_n(88).len(), 88);
        assert_eq!(CardSet::first_n(128).len(), 128);
    }
}
