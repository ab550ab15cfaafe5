//! Determinization: a full state consistent with what one seat knows.
//!
//! The observer knows its own hand, every card played (the current trick and the face-up discard
//! pile), the size of every hand and of the draw pile, and two public facts about where the other
//! cards can be:
//!
//! * **voids**: a seat that neither followed a led sign nor played fey holds no card of that sign
//!   for the rest of the hand;
//! * **deal provenance**: when the draw pile ran out during this hand's deal, the cards dealt
//!   before the reshuffle (a set everyone knows: the draw pile at the start of the hand) are in
//!   hands only, and each seat holds a known number of them (deal order is public).
//!
//! The hidden cards are redealt among the other hands and the draw pile honouring all of this.
//! Such a deal always exists (the true state is one), so the sampler never fails and never hands
//! back the true hidden cards as a fallback.
//!
//! Method, per provenance class: shuffle the class's unknown cards, then give them out one by
//! one, each to a place drawn with probability proportional to its remaining room among the
//! places that may hold its sign, keeping the rest feasible. Feasibility of the remainder is
//! Hall's condition on the aggregated problem (at most 8 signs × 7 places, capacities are
//! counts), checked only over sets of signs some place is void in: any set containing a sign
//! every place may hold has all the room there is. A run of random swaps between places then
//! moves the result towards the uniform distribution over all consistent deals (the swap chain
//! has that distribution as its stationary one). Without voids the first pass is already a
//! uniformly random deal and the swaps are skipped.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::Rng;

use crate::State;

/// Hidden places: up to 6 other hands and the draw pile.
const MAX_PLACES: usize = 7;

/// Redeals the cards `observer` cannot see (other hands and the draw pile) among those places,
/// keeping every size, every public void and the deal provenance (see the module docs).
pub(crate) fn sample_consistent(s: &State, observer: Seat, rng: &mut GameRng) -> State {
    // Place k < seats.len() is seat seats[k]'s hand; the last place is the draw pile.
    let mut seats = [Seat(0); MAX_PLACES];
    let mut count = 0;
    for p in Seat::all(s.n) {
        if p != observer {
            seats[count] = p;
            count += 1;
        }
    }
    let places = count + 1;
    let mut held = [CardSet::EMPTY; MAX_PLACES];
    // Signs each place may hold (bit per sign index).
    let mut allowed = [0xFFu8; MAX_PLACES];
    for k in 0..count {
        held[k] = s.hands[seats[k]];
        allowed[k] = !s.voids[seats[k]];
    }
    held[count] = s.draw;

    let mut out = s.clone();
    for p in &seats[..count] {
        out.hands[*p] = CardSet::EMPTY;
    }
    out.draw = CardSet::EMPTY;
    let unknown = held[..places].iter().fold(CardSet::EMPTY, |a, h| a.or(*h));
    let before = s.pre_reshuffle;
    for class in [unknown.and(before), unknown.minus(before)] {
        if class.is_empty() {
            continue;
        }
        let mut room = [0u32; MAX_PLACES];
        for k in 0..places {
            room[k] = held[k].and(class).len();
        }
        let got = deal_class(class, &room[..places], &allowed[..places], rng);
        for k in 0..count {
            out.hands[seats[k]] = out.hands[seats[k]].or(got[k]);
        }
        out.draw = out.draw.or(got[count]);
    }
    // The seat to play may be another seat, whose hand just changed.
    out.refresh_legal();
    out
}

/// Deals `cards` into places with room `room` (summing to the number of cards), place `k`
/// taking only signs in `allowed[k]`.
///
/// # Panics
/// If no such deal exists; callers pass a problem the true state solves.
fn deal_class(
    cards: CardSet,
    room: &[u32],
    allowed: &[u8],
    rng: &mut GameRng,
) -> [CardSet; MAX_PLACES] {
    let places = room.len();
    let mut room: [u32; MAX_PLACES] = {
        let mut r = [0; MAX_PLACES];
        r[..places].copy_from_slice(room);
        r
    };
    // Places (bit per place) that may hold each sign, and the signs some place with room is
    // void in: only sets of those can break Hall's condition.
    let mut elig = [0u8; 8];
    let mut restricted = 0u8;
    for (sign, e) in elig.iter_mut().enumerate() {
        for k in 0..places {
            if allowed[k] >> sign & 1 == 1 {
                *e |= 1 << k;
            } else if room[k] > 0 {
                restricted |= 1 << sign;
            }
        }
    }
    let mut left = [0u32; 8];
    let mut order = [0u8; 88];
    let mut sign_of = [0u8; 88];
    let mut m = 0;
    for c in cards.iter() {
        order[m] = c;
        m += 1;
    }
    for (sign, l) in left.iter_mut().enumerate() {
        *l = cards.and(sign_cards(sign)).len();
    }
    let order = &mut order[..m];
    for i in (1..m).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    for (i, &c) in order.iter().enumerate() {
        sign_of[i] = c / 11;
    }
    let restricted = restricted & signs_present(&left);
    let mut hall = Hall::new(&left, &room, &elig, restricted);

    let mut place_of = [0u8; 88];
    for (i, &sign) in sign_of[..m].iter().enumerate() {
        let sign = usize::from(sign);
        left[sign] -= 1;
        hall.take_sign(sign);
        let mut candidates = elig[sign];
        loop {
            let mut total = 0;
            let mut bits = candidates;
            while bits != 0 {
                total += room[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            assert!(
                total > 0,
                "a consistent deal exists (the true state), so some place stays feasible"
            );
            let mut pick = rng.random_range(0..total);
            let mut bits = candidates;
            let k = loop {
                let k = bits.trailing_zeros() as usize;
                if pick < room[k] {
                    break k;
                }
                pick -= room[k];
                bits &= bits - 1;
            };
            if hall.try_take_room(k) {
                room[k] -= 1;
                place_of[i] = k as u8;
                break;
            }
            candidates &= !(1 << k);
        }
    }

    if restricted != 0 {
        // Random transpositions between places that both may hold the other's card: symmetric
        // proposals accepted when consistent, so uniform over consistent deals is stationary.
        for _ in 0..2 * m {
            let i = rng.random_range(0..m);
            let j = rng.random_range(0..m);
            let (a, b) = (place_of[i], place_of[j]);
            if a != b
                && elig[usize::from(sign_of[i])] >> b & 1 == 1
                && elig[usize::from(sign_of[j])] >> a & 1 == 1
            {
                place_of[i] = b;
                place_of[j] = a;
            }
        }
    }

    let mut got = [0u128; MAX_PLACES];
    for (i, &c) in order.iter().enumerate() {
        got[usize::from(place_of[i])] |= 1 << c;
    }
    got.map(CardSet)
}

/// The cards of sign index `sign` (cards `11·sign .. 11·sign + 10`).
fn sign_cards(sign: usize) -> CardSet {
    CardSet(0x7FF << (11 * sign))
}

/// Signs with cards left to place, as a bit mask.
fn signs_present(left: &[u32; 8]) -> u8 {
    left.iter()
        .enumerate()
        .filter(|(_, l)| **l > 0)
        .fold(0, |m, (s, _)| m | 1 << s)
}

/// Most Hall constraints: one per set of places (at most `2^MAX_PLACES`).
const MAX_CONSTRAINTS: usize = 1 << MAX_PLACES;

/// Hall's condition for the cards still to place, kept up to date card by card.
///
/// Of all sets of restricted signs, only the largest one with a given reach (the places that
/// may hold one of its signs) can be the first to break the condition: it needs the most room
/// of the sets with that reach. So there is one constraint per reach `Z` that some set of
/// restricted signs has, on the signs `M(Z)` of `restricted` that only `Z` may hold: the
/// cards left of `M(Z)` must fit in the room of `Z`. Placing a card of a sign in `M(Z)` lowers
/// both sides, one elsewhere only the room of the `Z` that contain its place; the check is the
/// same as [`feasible`]'s walk over every set of restricted signs, at a constant cost per card.
struct Hall {
    len: usize,
    /// Per constraint: cards left of its signs, and room in its places.
    need: [u32; MAX_CONSTRAINTS],
    fits: [u32; MAX_CONSTRAINTS],
    /// Constraints (bit per constraint) whose signs include the sign.
    by_sign: [u128; 8],
    /// Constraints whose places include the place.
    by_place: [u128; MAX_PLACES],
}

impl Hall {
    fn new(left: &[u32; 8], room: &[u32; MAX_PLACES], elig: &[u8; 8], restricted: u8) -> Self {
        let mut hall = Hall {
            len: 0,
            need: [0; MAX_CONSTRAINTS],
            fits: [0; MAX_CONSTRAINTS],
            by_sign: [0; 8],
            by_place: [0; MAX_PLACES],
        };
        if restricted == 0 {
            return hall;
        }
        // Every reach of a non-empty set of restricted signs: unions of their `elig`.
        let mut reaches = 0u128;
        let mut r = restricted;
        while r != 0 {
            let e = elig[r.trailing_zeros() as usize];
            let mut add = 1u128 << e;
            let mut z = reaches;
            while z != 0 {
                let zi = z.trailing_zeros();
                add |= 1 << (zi | u32::from(e));
                z &= z - 1;
            }
            reaches |= add;
            r &= r - 1;
        }
        let mut z = reaches;
        while z != 0 {
            let places = z.trailing_zeros() as u8;
            z &= z - 1;
            let j = hall.len;
            hall.len += 1;
            let mut signs = restricted;
            while signs != 0 {
                let sign = signs.trailing_zeros() as usize;
                signs &= signs - 1;
                if elig[sign] & !places == 0 {
                    hall.by_sign[sign] |= 1 << j;
                    hall.need[j] += left[sign];
                }
            }
            let mut p = places;
            while p != 0 {
                let k = p.trailing_zeros() as usize;
                p &= p - 1;
                hall.by_place[k] |= 1 << j;
                hall.fits[j] += room[k];
            }
        }
        hall
    }

    /// A card of `sign` is about to be placed.
    fn take_sign(&mut self, sign: usize) {
        let mut c = self.by_sign[sign];
        while c != 0 {
            self.need[c.trailing_zeros() as usize] -= 1;
            c &= c - 1;
        }
    }

    /// Takes one room of place `k` if every constraint still holds after it.
    fn try_take_room(&mut self, k: usize) -> bool {
        let touched = self.by_place[k];
        let mut c = touched;
        while c != 0 {
            let j = c.trailing_zeros() as usize;
            if self.need[j] >= self.fits[j] {
                return false;
            }
            c &= c - 1;
        }
        let mut c = touched;
        while c != 0 {
            self.fits[c.trailing_zeros() as usize] -= 1;
            c &= c - 1;
        }
        true
    }
}

/// Hall's condition for the remaining cards: every set of restricted signs fits in the room of
/// the places that may hold one of them. (Sets with an unrestricted sign reach every place, whose
/// room equals the cards left.) The reference for [`Hall`], in the tests.
#[cfg(test)]
fn feasible(left: &[u32; 8], room: &[u32; MAX_PLACES], elig: &[u8; 8], restricted: u8) -> bool {
    let restricted = restricted & signs_present(left);
    // Walk the non-empty subsets of `restricted`, building sums from the subset less its
    // lowest sign (already visited: it is numerically smaller).
    let mut need = [0u32; 256];
    let mut reach = [0u8; 256];
    // `(s - restricted) & restricted` steps through the subsets in increasing order.
    let mut s = 0u8;
    loop {
        s = s.wrapping_sub(restricted) & restricted;
        if s == 0 {
            break;
        }
        let low = s.trailing_zeros() as usize;
        let rest = usize::from(s & (s - 1));
        need[usize::from(s)] = need[rest] + left[low];
        reach[usize::from(s)] = reach[rest] | elig[low];
        let mut r = reach[usize::from(s)];
        let mut fits = 0;
        while r != 0 {
            fits += room[r.trailing_zeros() as usize];
            r &= r - 1;
        }
        if need[usize::from(s)] > fits {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::rng_from_seed;

    /// A brute-force Hall check over every subset of signs.
    fn feasible_naive(left: &[u32; 8], room: &[u32; MAX_PLACES], elig: &[u8; 8]) -> bool {
        (1u32..256).all(|set| {
            let need: u32 = (0..8).filter(|s| set >> s & 1 == 1).map(|s| left[s]).sum();
            let reach = (0..8)
                .filter(|s| set >> s & 1 == 1)
                .fold(0u8, |r, s| r | elig[s]);
            let fits: u32 = (0..MAX_PLACES)
                .filter(|k| reach >> k & 1 == 1)
                .map(|k| room[k])
                .sum();
            need <= fits
        })
    }

    #[test]
    fn hall_check_over_restricted_signs_matches_brute_force() {
        let mut rng = rng_from_seed(3);
        for _ in 0..2000 {
            let places = rng.random_range(2..=MAX_PLACES);
            let mut room = [0u32; MAX_PLACES];
            let mut elig = [0u8; 8];
            let mut left = [0u32; 8];
            for r in room.iter_mut().take(places) {
                *r = rng.random_range(0..5);
            }
            let total: u32 = room.iter().sum();
            for _ in 0..total {
                left[rng.random_range(0..8)] += 1;
            }
            let draw = 1u8 << (places - 1);
            let mut restricted = 0u8;
            for (s, e) in elig.iter_mut().enumerate() {
                *e = draw;
                for (k, r) in room.iter().enumerate().take(places - 1) {
                    if rng.random_range(0..3) > 0 {
                        *e |= 1 << k;
                    } else if *r > 0 {
                        restricted |= 1 << s;
                    }
                }
            }
            assert_eq!(
                feasible(&left, &room, &elig, restricted),
                feasible_naive(&left, &room, &elig),
                "left {left:?} room {room:?} elig {elig:?}"
            );
        }
    }

    /// Following [`Hall`] card by card on random problems: every placement it accepts or refuses
    /// is the one the walk over every set of restricted signs (checked itself against brute
    /// force above) accepts or refuses.
    #[test]
    fn incremental_hall_check_matches_the_walk_over_sign_sets() {
        let mut rng = rng_from_seed(4);
        let mut refused = 0;
        for _ in 0..3000 {
            let places = rng.random_range(2..=MAX_PLACES);
            let mut room = [0u32; MAX_PLACES];
            let mut elig = [0u8; 8];
            let mut left = [0u32; 8];
            for r in room.iter_mut().take(places) {
                *r = rng.random_range(0..6);
            }
            let draw = 1u8 << (places - 1);
            let mut restricted = 0u8;
            for (s, e) in elig.iter_mut().enumerate() {
                *e = draw;
                for (k, r) in room.iter().enumerate().take(places - 1) {
                    if rng.random_range(0..3) > 0 {
                        *e |= 1 << k;
                    } else if *r > 0 {
                        restricted |= 1 << s;
                    }
                }
            }
            // A feasible start: deal a random card of an eligible sign into each unit of room.
            for (k, r) in room.iter().enumerate().take(places) {
                for _ in 0..*r {
                    let signs: Vec<usize> = (0..8).filter(|s| elig[*s] >> k & 1 == 1).collect();
                    left[signs[rng.random_range(0..signs.len())]] += 1;
                }
            }
            let restricted = restricted & signs_present(&left);
            let mut hall = Hall::new(&left, &room, &elig, restricted);
            while left.iter().any(|l| *l > 0) {
                let present: Vec<usize> = (0..8).filter(|s| left[*s] > 0).collect();
                let sign = present[rng.random_range(0..present.len())];
                left[sign] -= 1;
                hall.take_sign(sign);
                let mut candidates: Vec<usize> = (0..places)
                    .filter(|k| elig[sign] >> k & 1 == 1 && room[*k] > 0)
                    .collect();
                loop {
                    assert!(!candidates.is_empty(), "a feasible problem has a place");
                    let k = candidates.swap_remove(rng.random_range(0..candidates.len()));
                    room[k] -= 1;
                    let ok = feasible(&left, &room, &elig, restricted);
                    room[k] += 1;
                    assert_eq!(hall.try_take_room(k), ok, "left {left:?} room {room:?}");
                    if ok {
                        room[k] -= 1;
                        break;
                    }
                    refused += 1;
                }
            }
        }
        assert!(refused > 100, "only {refused} refusals tested");
    }
}
