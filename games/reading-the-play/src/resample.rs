//! Determinization (`sample_consistent`): the cards an observer cannot place are dealt again
//! among the places they could be, keeping every size and everything the observer knows.
//!
//! Placement is constructive, never by retrying whole deals: each hidden card is dealt only where
//! the observer's knowledge allows it, and the result is uniform over the deals the observer
//! cannot tell apart (given the constraints below). It never keeps the true hidden cards because a
//! search failed. The rules constrain hidden cards in these places:
//!
//! * a Player who must still act in phase 1 with an empty deck, or must still commit to a trade,
//!   holds a card other than a Yellow Sign (spec: the Player never trades a Yellow Sign);
//! * a Player's committed trade card is not a Yellow Sign;
//! * while the interrupt window is open, a hidden Line 315 is in the hand of a player other than
//!   the revealer (only then may the window stay open for them);
//! * while the Player gives out the pool, a Trader's own card that left it is with the Player
//!   or a Trader (the Trader sees its card in the pool while it is there);
//! * in the Player's private steps (Elder Sign, sequencing, Line 316), which other seats see only
//!   as `player-turn`, the Player's hand keeps that step due: an Elder Sign beside a Yellow Sign,
//!   a run of two Lines, or Line 316 with nothing left to extend or to start.
//!
//! A constrained hand or commitment is drawn first, uniformly among the card sets that satisfy
//! its constraint (rejection over random sets, then an exhaustive count where that is rare);
//! the remaining hidden cards are then shuffled into the other places. Line 315 is swapped into a
//! uniformly chosen eligible slot, which keeps the deal uniform among those with 315 there.

use parlour_cards::CardSet;
use parlour_core::{BySeat, GameRng, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::card::{ELDER_SIGNS, LINE_315, LINE_316, SEQUENCE_LINES, YELLOW_SIGNS};
use crate::phase::{Phase, longest_run};
use crate::state::{PUBLIC, State};
use crate::view::hidden_cards;

/// A place that holds hidden cards, in the order they are refilled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Zone {
    Deck,
    Hand(Seat),
    Commit(Seat),
    Pool,
}

/// Random draws of a constrained set before counting every set instead.
const TRIES: usize = 256;

/// What a constrained zone's full contents (its known cards plus the drawn ones) must satisfy.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Need {
    /// A card other than a Yellow Sign.
    NonYellow,
    /// An Elder Sign and a Yellow Sign (the Elder Sign step is due).
    ElderStep,
    /// Fewer than three Yellow Signs and a run of two Lines (the sequencing step is due).
    SequenceStep,
    /// Line 316 and fewer than three Yellow Signs; with a Sequence, no held Line that extends
    /// it (it was extended); without one, no run of three (that would have forced one).
    FinishStep { extend: Option<CardSet> },
}

impl Need {
    fn holds(self, set: CardSet) -> bool {
        match self {
            Need::NonYellow => !set.minus(YELLOW_SIGNS).is_empty(),
            Need::ElderStep => {
                !set.and(ELDER_SIGNS).is_empty() && !set.and(YELLOW_SIGNS).is_empty()
            }
            Need::SequenceStep => set.and(YELLOW_SIGNS).len() < 3 && longest_run(set) >= 2,
            Need::FinishStep { extend } => {
                set.contains(LINE_316)
                    && set.and(YELLOW_SIGNS).len() < 3
                    && match extend {
                        Some(e) => set.and(e).is_empty(),
                        None => longest_run(set) < 3,
                    }
            }
        }
    }
}

pub(crate) fn sample(state: &State, observer: Seat, rng: &mut GameRng) -> State {
    let hidden = hidden_cards(state, Some(observer));
    let zones = zones(state, hidden);
    let constraint = constraint(state, observer, hidden);
    if let Some(allowed) = allowed_zones(state, observer, hidden, &zones) {
        let cards = deal_ruled(state, hidden, &zones, constraint, &allowed, rng);
        return refill(state, observer, hidden, &zones, &cards, rng);
    }
    let mut cards: Vec<u8> = Vec::with_capacity(hidden.len() as usize);
    let mut rest = hidden;
    // Draw the constrained zone first; it takes the first slots of its zone in `cards` order.
    let mut drawn = CardSet::EMPTY;
    if let Some((zone, need)) = constraint {
        let known = match zone {
            Zone::Hand(s) => state.hands[s].minus(hidden),
            _ => CardSet::EMPTY,
        };
        let k = zone_size(&zones, zone);
        drawn = draw_constrained(hidden, k, known, need, rng);
        rest = hidden.minus(drawn);
    }
    cards.extend(rest.iter());
    cards.shuffle(rng);
    // Splice the drawn cards in at their zone's place in refill order.
    if let Some((zone, _)) = constraint {
        let at = zone_start(&zones, zone);
        let mut d: Vec<u8> = drawn.iter().collect();
        d.shuffle(rng);
        cards.splice(at..at, d);
    }
    if state.phase == Phase::Interrupt && hidden.contains(LINE_315) {
        place_315(state, &zones, &mut cards, rng);
    }
    refill(state, observer, hidden, &zones, &cards, rng)
}

/// Per card index, the zones (bit per index in `zones`) where `observer` has not ruled the card
/// out (`State::ruled_out`); `None` when nothing hidden is ruled out of any zone.
fn allowed_zones(
    state: &State,
    observer: Seat,
    hidden: CardSet,
    zones: &[(Zone, usize)],
) -> Option<[u16; 64]> {
    let (allowed, any) = zone_masks(state, observer, hidden, zones);
    any.then_some(allowed)
}

/// Per card index, the zones where the card may be: not ruled out by `observer`, and for a
/// hidden 315 in the interrupt window, a hand other than the revealer's; with whether anything
/// hidden is ruled out of any zone.
fn zone_masks(
    state: &State,
    observer: Seat,
    hidden: CardSet,
    zones: &[(Zone, usize)],
) -> ([u16; 64], bool) {
    let mut allowed = [0u16; 64];
    let mut any = false;
    for c in hidden.iter() {
        let mut mask = 0u16;
        for (z, &(zone, _)) in zones.iter().enumerate() {
            let out = match zone {
                Zone::Deck => state.ruled_out_deck[observer.index()].contains(c),
                Zone::Hand(h) => state.ruled_out_of(observer, h).contains(c),
                Zone::Commit(_) | Zone::Pool => false,
            };
            if out {
                any = true;
            } else {
                mask |= 1 << z;
            }
        }
        allowed[usize::from(c)] = mask;
    }
    // A hidden 315 in the interrupt window is in the hand of a player other than the revealer.
    if state.phase == Phase::Interrupt && hidden.contains(LINE_315) {
        let mut mask = 0u16;
        for (z, &(zone, _)) in zones.iter().enumerate() {
            if matches!(zone, Zone::Hand(s) if s != state.player) {
                mask |= 1 << z;
            }
        }
        allowed[usize::from(LINE_315)] &= mask;
    }
    // A Trader sees its own card in the pool; once the Player kept or gave it, it is in the hand
    // of the Player or of a Trader.
    if matches!(state.phase, Phase::Keep | Phase::Give)
        && let Some(c) = state.commits[observer].filter(|&c| hidden.contains(c))
    {
        let mut with = state.traders;
        with.insert(state.player);
        let mut mask = 0u16;
        for (z, &(zone, _)) in zones.iter().enumerate() {
            if matches!(zone, Zone::Hand(s) if with.contains(s)) {
                mask |= 1 << z;
            }
        }
        allowed[usize::from(c)] &= mask;
        any = true;
    }
    (allowed, any)
}

/// The hidden cards whose place `observer` has deduced: in every deal that honours its
/// deductions (`State::ruled_out`), the sizes of the places and, in the interrupt window, a
/// hidden 315 in a hand other than the revealer's, each lies in one zone only (Hall's
/// condition fails for the rest anywhere else). The sampler deals under the same constraints,
/// so it never moves them.
pub(crate) fn deduced(state: &State, observer: Seat) -> CardSet {
    let hidden = hidden_cards(state, Some(observer));
    let zones = zones(state, hidden);
    let (allowed, _) = zone_masks(state, observer, hidden, &zones);
    let room: Vec<usize> = zones.iter().map(|z| z.1).collect();
    let mut pinned = CardSet::EMPTY;
    for c in hidden.iter() {
        let rest = hidden.minus(CardSet::single(c));
        let mut places = 0;
        for z in 0..zones.len() {
            if allowed[usize::from(c)] >> z & 1 == 0 || room[z] == 0 {
                continue;
            }
            let mut r = room.clone();
            r[z] -= 1;
            if fits(rest, &allowed, &r) {
                places += 1;
            }
        }
        debug_assert!(places > 0, "the true deal is allowed");
        if places == 1 {
            pinned.insert(c);
        }
    }
    pinned
}

/// Whether the cards `cards` (with their allowed zones) fit into zones with room `room`, each
/// in an allowed zone: Hall's condition over the unions of their allowed sets.
fn fits(cards: CardSet, allowed: &[u16; 64], room: &[usize]) -> bool {
    let mut masks: Vec<u16> = Vec::new();
    for c in cards.iter() {
        let m = allowed[usize::from(c)];
        if !masks.contains(&m) {
            masks.push(m);
        }
    }
    let mut unions: Vec<u16> = vec![0];
    for &m in &masks {
        for i in 0..unions.len() {
            let u = unions[i] | m;
            if !unions.contains(&u) {
                unions.push(u);
            }
        }
    }
    unions.iter().all(|&z| {
        let need = cards
            .iter()
            .filter(|&c| allowed[usize::from(c)] & !z == 0)
            .count();
        let space: usize = (0..room.len())
            .filter(|k| z >> k & 1 == 1)
            .map(|k| room[k])
            .sum();
        need <= space
    })
}

/// The hidden cards in refill order (zone by zone, as `zones`), each in a zone where the
/// observer has not ruled it out, with the constrained zone (if any) satisfying its need.
///
/// The constrained zone is drawn first, uniformly among the sets of allowed cards that meet its
/// need and leave the rest placeable. The cards allowed in only some zones are then placed one
/// by one, each in an allowed zone drawn in proportion to its room among those that keep the
/// rest placeable (Hall's condition), the others fill the remaining room at random, and a run
/// of random swaps between two cards that may each go where the other is moves the deal towards
/// the uniform one over all allowed deals (the swap chain has that as its stationary
/// distribution), as in Troll Tricker's determinization.
fn deal_ruled(
    state: &State,
    hidden: CardSet,
    zones: &[(Zone, usize)],
    constraint: Option<(Zone, Need)>,
    allowed: &[u16; 64],
    rng: &mut GameRng,
) -> Vec<u8> {
    let mut room: Vec<usize> = zones.iter().map(|z| z.1).collect();
    let mut place: Vec<Vec<u8>> = vec![Vec::new(); zones.len()];
    let mut rest = hidden;
    let mut fixed = None;
    if let Some((zone, need)) = constraint {
        let z = zones
            .iter()
            .position(|x| x.0 == zone)
            .expect("a constrained zone holds hidden cards");
        let known = match zone {
            Zone::Hand(s) => state.hands[s].minus(hidden),
            _ => CardSet::EMPTY,
        };
        let pool: CardSet = hidden
            .iter()
            .filter(|&c| allowed[usize::from(c)] >> z & 1 == 1)
            .collect();
        let k = room[z];
        room[z] = 0;
        let ok =
            |set: CardSet| need.holds(known.or(set)) && fits(hidden.minus(set), allowed, &room);
        let drawn = draw_where(pool, k, ok, rng);
        let mut d: Vec<u8> = drawn.iter().collect();
        d.shuffle(rng);
        place[z] = d;
        rest = hidden.minus(drawn);
        fixed = Some(z);
    }
    let all_open =
        |c: u8| (0..zones.len()).all(|z| room[z] == 0 || allowed[usize::from(c)] >> z & 1 == 1);
    let mut ruled: Vec<u8> = rest.iter().filter(|&c| !all_open(c)).collect();
    let mut free: Vec<u8> = rest.iter().filter(|&c| all_open(c)).collect();
    ruled.shuffle(rng);
    let mut left: CardSet = ruled.iter().copied().collect();
    for &c in &ruled {
        left.remove(c);
        let mut candidates = allowed[usize::from(c)];
        loop {
            let total: usize = (0..zones.len())
                .filter(|z| candidates >> z & 1 == 1)
                .map(|z| room[z])
                .sum();
            assert!(
                total > 0,
                "the true deal is allowed, so some zone stays feasible"
            );
            let mut pick = rng.random_range(0..total);
            let z = (0..zones.len())
                .filter(|z| candidates >> z & 1 == 1)
                .find(|&z| {
                    if pick < room[z] {
                        true
                    } else {
                        pick -= room[z];
                        false
                    }
                })
                .expect("pick is below the total room");
            room[z] -= 1;
            if fits(left, allowed, &room) {
                place[z].push(c);
                break;
            }
            room[z] += 1;
            candidates &= !(1 << z);
        }
    }
    free.shuffle(rng);
    let mut next = free.into_iter();
    for (z, r) in room.iter().enumerate() {
        for _ in 0..*r {
            place[z].push(next.next().expect("the room left is the free cards"));
        }
    }
    // Swaps between the zones other than the constrained one.
    let mut slots: Vec<(usize, usize)> = Vec::new();
    for (z, cards) in place.iter().enumerate() {
        if Some(z) != fixed {
            slots.extend((0..cards.len()).map(|i| (z, i)));
        }
    }
    let m = slots.len();
    for _ in 0..2 * m {
        let (za, ia) = slots[rng.random_range(0..m)];
        let (zb, ib) = slots[rng.random_range(0..m)];
        let (a, b) = (place[za][ia], place[zb][ib]);
        if za != zb
            && allowed[usize::from(a)] >> zb & 1 == 1
            && allowed[usize::from(b)] >> za & 1 == 1
        {
            place[za][ia] = b;
            place[zb][ib] = a;
        }
    }
    place.concat()
}

/// The places of hidden cards with how many each holds, in refill order.
fn zones(state: &State, hidden: CardSet) -> Vec<(Zone, usize)> {
    let mut zones: Vec<(Zone, usize)> = Vec::new();
    // The deck's order is unknown to everybody: it is always dealt again.
    zones.push((Zone::Deck, state.deck_set().and(hidden).len() as usize));
    for s in Seat::all(state.n) {
        let k = state.hands[s].and(hidden).len() as usize;
        if k > 0 {
            zones.push((Zone::Hand(s), k));
        }
    }
    if state.phase == Phase::Commit {
        for s in Seat::all(state.n) {
            if state.commits[s].is_some_and(|c| hidden.contains(c)) {
                zones.push((Zone::Commit(s), 1));
            }
        }
    }
    if matches!(state.phase, Phase::Keep | Phase::Give) {
        let k = state.pool.and(hidden).len() as usize;
        if k > 0 {
            zones.push((Zone::Pool, k));
        }
    }
    zones
}

fn zone_size(zones: &[(Zone, usize)], zone: Zone) -> usize {
    zones.iter().find(|z| z.0 == zone).map_or(0, |z| z.1)
}

fn zone_start(zones: &[(Zone, usize)], zone: Zone) -> usize {
    zones.iter().take_while(|z| z.0 != zone).map(|z| z.1).sum()
}

/// The one zone whose hidden contents the rules constrain for `observer` now, if any.
fn constraint(state: &State, observer: Seat, hidden: CardSet) -> Option<(Zone, Need)> {
    let p = state.player;
    if p == observer {
        return None;
    }
    let hand = state.hands[p];
    let (zone, need) = match state.phase {
        // With cards to draw the Player may always act; without, only by trading.
        Phase::DrawOrTrade if state.deck_len == 0 => (Zone::Hand(p), Need::NonYellow),
        Phase::Commit => match state.commits[p] {
            Some(c) if hidden.contains(c) => (Zone::Commit(p), Need::NonYellow),
            Some(_) => return None,
            None => (Zone::Hand(p), Need::NonYellow),
        },
        Phase::ElderSign => (Zone::Hand(p), Need::ElderStep),
        Phase::Sequence => (Zone::Hand(p), Need::SequenceStep),
        Phase::Finish => {
            let extend = state.seqs[p].map(|(lo, hi)| {
                let mut e = CardSet::single(hi + 1);
                if lo > 0 {
                    e.insert(lo - 1);
                }
                e.and(SEQUENCE_LINES)
            });
            (Zone::Hand(p), Need::FinishStep { extend })
        }
        _ => return None,
    };
    // Already met by what the observer knows of the zone: nothing to condition on.
    let known = match zone {
        Zone::Hand(_) => hand.minus(hidden),
        _ => CardSet::EMPTY,
    };
    let k = match zone {
        Zone::Hand(_) => hand.and(hidden).len(),
        _ => 1,
    };
    if k == 0 || need.holds(known) && need_is_monotone(need) {
        return None;
    }
    Some((zone, need))
}

/// Whether adding cards can never break `need` (so known cards that meet it settle it).
fn need_is_monotone(need: Need) -> bool {
    matches!(need, Need::NonYellow | Need::ElderStep)
}

/// `k` cards of `pool`, uniform among the sets that together with `known` satisfy `need`.
///
/// Random sets first; where the satisfying sets are too rare for that, every `k`-subset is
/// counted and one drawn uniformly (reservoir sampling). The true hidden cards satisfy `need`, so
/// a satisfying set always exists.
fn draw_constrained(
    pool: CardSet,
    k: usize,
    known: CardSet,
    need: Need,
    rng: &mut GameRng,
) -> CardSet {
    let cards: Vec<u8> = pool.iter().collect();
    let mut scratch = cards.clone();
    for _ in 0..TRIES {
        let (chosen, _) = scratch.partial_shuffle(rng, k);
        let set: CardSet = chosen.iter().copied().collect();
        if need.holds(known.or(set)) {
            return set;
        }
    }
    let mut pick = CardSet::EMPTY;
    let mut seen: u64 = 0;
    for_each_subset(&cards, k, &mut |set| {
        if need.holds(known.or(set)) {
            seen += 1;
            if rng.random_range(0..seen) == 0 {
                pick = set;
            }
        }
    });
    debug_assert!(seen > 0, "the true hidden cards satisfy {need:?}");
    pick
}

/// `k` cards of `pool`, uniform among the sets for which `ok` holds (one does: the true deal's).
/// Random sets first, then every set counted (reservoir sampling) where those are rare.
fn draw_where(pool: CardSet, k: usize, ok: impl Fn(CardSet) -> bool, rng: &mut GameRng) -> CardSet {
    let cards: Vec<u8> = pool.iter().collect();
    let mut scratch = cards.clone();
    for _ in 0..TRIES {
        let (chosen, _) = scratch.partial_shuffle(rng, k);
        let set: CardSet = chosen.iter().copied().collect();
        if ok(set) {
            return set;
        }
    }
    let mut pick = CardSet::EMPTY;
    let mut seen: u64 = 0;
    for_each_subset(&cards, k, &mut |set| {
        if ok(set) {
            seen += 1;
            if rng.random_range(0..seen) == 0 {
                pick = set;
            }
        }
    });
    debug_assert!(seen > 0, "the true hidden cards qualify");
    pick
}

/// Calls `f` with every `k`-card subset of `cards`.
fn for_each_subset(cards: &[u8], k: usize, f: &mut impl FnMut(CardSet)) {
    fn go(cards: &[u8], k: usize, acc: CardSet, f: &mut impl FnMut(CardSet)) {
        if k == 0 {
            f(acc);
            return;
        }
        for i in 0..cards.len() {
            if cards.len() - i < k {
                break;
            }
            let mut next = acc;
            next.insert(cards[i]);
            go(&cards[i + 1..], k - 1, next, f);
        }
    }
    go(cards, k, CardSet::EMPTY, f);
}

/// Moves a hidden Line 315 into a uniformly chosen slot of a hand other than the revealer's.
fn place_315(state: &State, zones: &[(Zone, usize)], cards: &mut [u8], rng: &mut GameRng) {
    let mut eligible: Vec<usize> = Vec::new();
    let mut pos = 0;
    for &(z, k) in zones {
        if matches!(z, Zone::Hand(s) if s != state.player) {
            eligible.extend(pos..pos + k);
        }
        pos += k;
    }
    // The true deal has 315 in such a hand, so there is a slot.
    if eligible.is_empty() {
        debug_assert!(
            false,
            "a hidden 315 during the interrupt window is in a hand"
        );
        return;
    }
    let at = eligible[rng.random_range(0..eligible.len())];
    let now = cards
        .iter()
        .position(|&c| c == LINE_315)
        .expect("315 is hidden");
    cards.swap(at, now);
}

fn refill(
    state: &State,
    observer: Seat,
    hidden: CardSet,
    zones: &[(Zone, usize)],
    cards: &[u8],
    rng: &mut GameRng,
) -> State {
    let mut s = state.clone();
    let mut next = cards.iter().copied();
    for &(zone, k) in zones {
        match zone {
            Zone::Deck => {
                let deck = &mut s.deck[..usize::from(s.deck_len)];
                for slot in deck.iter_mut() {
                    if hidden.contains(*slot) {
                        *slot = next.next().expect("enough cards");
                    }
                }
                deck.shuffle(rng);
            }
            Zone::Hand(h) => {
                let mut hand = s.hands[h].minus(hidden);
                for _ in 0..k {
                    hand.insert(next.next().expect("enough cards"));
                }
                s.hands[h] = hand;
            }
            Zone::Commit(h) => s.commits[h] = next.next(),
            Zone::Pool => {
                let mut pool = s.pool.minus(hidden);
                for _ in 0..k {
                    pool.insert(next.next().expect("enough cards"));
                }
                s.pool = pool;
            }
        }
    }
    // Who gave which pooled card is unknown to the observer; forget it.
    if matches!(s.phase, Phase::Keep | Phase::Give) {
        for (i, c) in s.commits.iter_mut().enumerate() {
            if i != observer.index() {
                *c = None;
            }
        }
    }
    // Other players' deductions need not hold in this deal; the observer's and the public ones
    // do (the deal honours them).
    for (o, row) in s.ruled_out.iter_mut().enumerate() {
        if o != observer.index() && o != PUBLIC {
            *row = BySeat::splat(CardSet::EMPTY);
        }
    }
    for (o, row) in s.ruled_out_deck.iter_mut().enumerate() {
        if o != observer.index() && o != PUBLIC {
            *row = CardSet::EMPTY;
        }
    }
    // Other players' knowledge of moved cards no longer holds.
    let hands = s.hands;
    for row in &mut s.known {
        for (k, hand) in row.iter_mut().zip(hands) {
            *k = k.and(hand);
        }
    }
    // Others' votes cast but not yet revealed: any other seat.
    if s.phase == Phase::Vote {
        let n = usize::from(s.n);
        for (i, v) in s.votes.iter_mut().enumerate().take(n) {
            if i != observer.index() && v.is_some() {
                let mut t = rng.random_range(0..n - 1);
                if t >= i {
                    t += 1;
                }
                *v = Some(Seat(u8::try_from(t).expect("at most 6 seats")));
            }
        }
    }
    // Others' hidden answers in the interrupt window: a pass is always possible.
    if s.phase == Phase::Interrupt {
        for (i, a) in s.answers.iter_mut().enumerate() {
            if i != observer.index() && a.is_some() {
                *a = Some(false);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use parlour_core::{Audit, Game, ToAct, rng_from_seed};
    use parlour_testkit::play_seeded;

    use super::*;

    /// Visits the positions of random games where `observer` is not the Player and the rules
    /// constrain the Player's hidden cards, with the constrained zone and the number of card sets
    /// that satisfy the constraint.
    fn constrained_positions(
        players: u8,
        seeds: std::ops::Range<u64>,
        mut f: impl FnMut(&State, Seat, Zone, Need),
    ) {
        for seed in seeds {
            play_seeded::<State>(players, "", seed, |d, rng| {
                let st = d.state;
                for obs in Seat::all(players) {
                    let hidden = hidden_cards(st, Some(obs));
                    if let Some((zone, need)) = constraint(st, obs, hidden) {
                        f(st, obs, zone, need);
                    }
                }
                d.uniform(rng)
            });
        }
    }

    fn zone_cards(st: &State, zone: Zone, hidden: CardSet) -> CardSet {
        match zone {
            Zone::Hand(s) => st.hands[s].and(hidden),
            Zone::Commit(s) => st.commits[s].map_or(CardSet::EMPTY, CardSet::single),
            _ => unreachable!("only hands and commitments are constrained"),
        }
    }

    fn satisfying(st: &State, obs: Seat, zone: Zone, need: Need) -> u64 {
        let hidden = hidden_cards(st, Some(obs));
        let known = match zone {
            Zone::Hand(s) => st.hands[s].minus(hidden),
            _ => CardSet::EMPTY,
        };
        let k = zone_cards(st, zone, hidden).len() as usize;
        let cards: Vec<u8> = hidden.iter().collect();
        // Too many sets to count quickly: certainly more than one qualifies, as the rules'
        // constraints exclude far fewer than half of them.
        let all = (0..k).fold(1u64, |acc, i| {
            acc * (cards.len() - i) as u64 / (i as u64 + 1)
        });
        if all > 20_000 {
            return u64::MAX;
        }
        // Where the seat has ruled cards out, a set qualifies only if its cards may be in the
        // zone and the other hidden cards still fit where they may be.
        let zones = zones(st, hidden);
        let allowed = allowed_zones(st, obs, hidden, &zones);
        let z = zones.iter().position(|x| x.0 == zone);
        let mut n = 0;
        for_each_subset(&cards, k, &mut |set| {
            let placeable = match (allowed, z) {
                (Some(allowed), Some(z)) => {
                    let mut room: Vec<usize> = zones.iter().map(|x| x.1).collect();
                    room[z] = 0;
                    set.iter().all(|c| allowed[usize::from(c)] >> z & 1 == 1)
                        && fits(hidden.minus(set), &allowed, &room)
                }
                _ => true,
            };
            n += u64::from(placeable && need.holds(known.or(set)));
        });
        n
    }

    #[test]
    fn constrained_hands_are_redrawn_within_the_rules_and_never_kept_true() {
        let mut rng = rng_from_seed(99);
        let mut positions = 0;
        let mut by_need = BTreeMap::new();
        for players in [3, 4, 6] {
            constrained_positions(players, 0..40, |st, obs, zone, need| {
                positions += 1;
                let kind = format!("{need:?}").split(' ').next().unwrap().to_owned();
                let seen = by_need.entry(kind).or_insert(0);
                *seen += 1;
                // Enough of each kind; the rest only count.
                if *seen > 150 {
                    return;
                }
                let count = satisfying(st, obs, zone, need);
                assert!(count >= 1, "the true cards satisfy {need:?}");
                let hidden = hidden_cards(st, Some(obs));
                let truth = zone_cards(st, zone, hidden);
                let mut differs = false;
                for _ in 0..64 {
                    let s = sample(st, obs, &mut rng);
                    assert_eq!(s.phase, st.phase);
                    assert_eq!(s.to_act(), st.to_act());
                    if let ToAct::Seats(seats) = s.to_act() {
                        for seat in seats.iter() {
                            let mut legal = Vec::new();
                            s.legal_actions(seat, &mut legal);
                            assert!(!legal.is_empty(), "seat {seat} can act in every sample");
                        }
                    }
                    let known = match zone {
                        Zone::Hand(p) => s.hands[p].minus(hidden),
                        _ => CardSet::EMPTY,
                    };
                    let got = zone_cards(&s, zone, hidden);
                    assert!(need.holds(known.or(got)), "{need:?} broken in a sample");
                    differs |= got != truth;
                }
                // With at least two possible sets, 64 uniform draws all equal to the truth has
                // probability at most 2^-64.
                if count >= 2 {
                    assert!(differs, "{need:?}: every sample kept the true cards");
                }
            });
        }
        // Each kind of constraint was met along the way.
        eprintln!("{positions} constrained positions: {by_need:?}");
        assert!(positions > 100, "only {positions} constrained positions");
        for need in ["NonYellow", "ElderStep", "SequenceStep", "FinishStep"] {
            assert!(
                by_need.contains_key(need),
                "no {need} position in {by_need:?}"
            );
        }
    }

    #[test]
    fn constrained_draws_are_uniform_over_the_sets_that_qualify() {
        // Positions with few qualifying sets, each sampled often: every set must come up about
        // equally (chi-square, rejecting at p < 1e-6 per position).
        let mut rng = rng_from_seed(5);
        let mut tested = 0;
        constrained_positions(4, 0..60, |st, obs, zone, need| {
            if tested >= 12 {
                return;
            }
            let count = satisfying(st, obs, zone, need);
            if !(3..=12).contains(&count) {
                return;
            }
            tested += 1;
            let hidden = hidden_cards(st, Some(obs));
            let draws = 600 * count;
            let mut seen: BTreeMap<u128, u64> = BTreeMap::new();
            for _ in 0..draws {
                let s = sample(st, obs, &mut rng);
                *seen.entry(zone_cards(&s, zone, hidden).0).or_insert(0) += 1;
            }
            assert_eq!(
                seen.len() as u64,
                count,
                "{need:?}: not every qualifying set occurs"
            );
            let expected = draws as f64 / count as f64;
            let chi2: f64 = seen
                .values()
                .map(|&o| (o as f64 - expected).powi(2) / expected)
                .sum();
            // The 1 - 1e-6 quantile of chi-square with up to 11 degrees of freedom is below 48.
            assert!(
                chi2 < 48.0,
                "{need:?}: chi-square {chi2:.1} over {count} sets"
            );
        });
        assert!(tested >= 4, "only {tested} small constrained positions");
    }

    #[test]
    fn deduced_cards_are_never_sampled_where_the_seat_rules_them_out() {
        let mut rng = rng_from_seed(17);
        let mut ruled_positions = 0;
        for players in [3, 4, 5, 6] {
            for seed in 0..30 {
                play_seeded::<State>(players, "", 1000 + seed, |d, play| {
                    let st = d.state;
                    st.check_invariants().unwrap();
                    for obs in Seat::all(players) {
                        let hidden = hidden_cards(st, Some(obs));
                        let zones = zones(st, hidden);
                        if allowed_zones(st, obs, hidden, &zones).is_none() {
                            continue;
                        }
                        ruled_positions += 1;
                        for _ in 0..4 {
                            let s = sample(st, obs, &mut rng);
                            s.check_invariants().unwrap();
                            assert_eq!(s.view(Some(obs)), st.view(Some(obs)));
                            for h in Seat::all(players) {
                                assert!(
                                    s.hands[h].and(st.ruled_out_of(obs, h)).is_empty(),
                                    "a card seat {obs} ruled out of seat {h} is there"
                                );
                            }
                            assert!(
                                s.deck_set().and(st.ruled_out_deck[obs.index()]).is_empty(),
                                "a card seat {obs} ruled out of the deck is there"
                            );
                        }
                    }
                    d.uniform(play)
                });
            }
        }
        assert!(
            ruled_positions > 200,
            "only {ruled_positions} positions with deductions"
        );
    }

    /// A Trader whose card the Player kept or gave away sees that it left the pool: a deal never
    /// puts it back there, so the sample hides exactly what the true state hides.
    #[test]
    fn a_traders_card_out_of_the_pool_stays_out() {
        let mut rng = rng_from_seed(23);
        let mut seen = 0;
        for players in [3, 4, 5, 6] {
            for seed in 0..40 {
                play_seeded::<State>(players, "", 3000 + seed, |d, play| {
                    let st = d.state;
                    for obs in st.traders.iter() {
                        let hidden = hidden_cards(st, Some(obs));
                        let Some(c) = st.commits[obs].filter(|&c| hidden.contains(c)) else {
                            continue;
                        };
                        seen += 1;
                        for _ in 0..4 {
                            let s = sample(st, obs, &mut rng);
                            assert_eq!(hidden_cards(&s, Some(obs)), hidden);
                            assert!(!s.pool.contains(c), "seat {obs}'s card is back");
                            let holder = Seat::all(players).find(|&h| s.hands[h].contains(c));
                            assert!(
                                holder.is_some_and(|h| h == s.player || s.traders.contains(h)),
                                "seat {obs}'s card went outside the trade"
                            );
                        }
                    }
                    d.uniform(play)
                });
            }
        }
        assert!(
            seen > 50,
            "only {seen} positions with a Trader's card out of the pool"
        );
    }

    #[test]
    fn pinned_cards_stay_put_and_the_others_still_move() {
        // Positions where a seat has deduced where some hidden cards are: every sample keeps
        // them, and where other hidden cards could be elsewhere, some sample moves one.
        let mut rng = rng_from_seed(23);
        let (mut pinned_positions, mut moved_positions) = (0, 0);
        for players in [3, 4, 5, 6] {
            for seed in 0..20 {
                play_seeded::<State>(players, "", 2000 + seed, |d, play| {
                    let st = d.state;
                    for obs in Seat::all(players) {
                        let pinned = deduced(st, obs);
                        if pinned.is_empty() {
                            continue;
                        }
                        pinned_positions += 1;
                        let hidden = hidden_cards(st, Some(obs));
                        let zones = zones(st, hidden);
                        let place = |s: &State, c: u8| {
                            zones.iter().position(|&(z, _)| match z {
                                Zone::Deck => s.deck_set().contains(c),
                                Zone::Hand(h) => s.hands[h].contains(c),
                                Zone::Commit(h) => s.commits[h] == Some(c),
                                Zone::Pool => s.pool.contains(c),
                            })
                        };
                        let free = hidden.minus(pinned);
                        let mut moved = false;
                        for _ in 0..16 {
                            let s = sample(st, obs, &mut rng);
                            for c in pinned.iter() {
                                assert_eq!(place(&s, c), place(st, c), "a pinned card moved");
                            }
                            moved |= free.iter().any(|c| place(&s, c) != place(st, c));
                        }
                        moved_positions += usize::from(moved);
                    }
                    d.uniform(play)
                });
            }
        }
        eprintln!("{pinned_positions} positions with pinned cards, {moved_positions} moved others");
        assert!(
            pinned_positions > 50,
            "only {pinned_positions} positions with pinned cards"
        );
        assert!(moved_positions > pinned_positions / 2);
    }
}
