//! Determinization (`sample_consistent`): the cards an observer cannot place are dealt again
//! among the places they could be, keeping every size and everything the observer knows.
//!
//! Placement is constructive, never by retrying whole deals: each hidden card is dealt only where
//! the observer's knowledge allows it, and the result is uniform over the deals the observer
//! cannot tell apart (given the constraints below). It never keeps the true hidden cards because a
//! search failed. The rules constrain hidden cards in three places:
//!
//! * a Player who must still act in phase 1 with an empty deck, or must still commit to a trade,
//!   holds a card other than a Yellow Sign (spec: the Player never trades a Yellow Sign);
//! * a Player's committed trade card is not a Yellow Sign;
//! * while the interrupt window is open, a hidden Line 315 is in the hand of a player other than
//!   the revealer (only then may the window stay open for them);
//! * in the Player's private steps (Elder Sign, sequencing, Line 316), which other seats see only
//!   as `player-turn`, the Player's hand keeps that step due: an Elder Sign beside a Yellow Sign,
//!   a run of two Lines, or Line 316 with nothing left to extend or to start.
//!
//! A constrained hand or commitment is drawn first, uniformly among the card sets that satisfy
//! its constraint (rejection over random sets, then an exhaustive count where that is rare);
//! the remaining hidden cards are then shuffled into the other places. Line 315 is swapped into a
//! uniformly chosen eligible slot, which keeps the deal uniform among those with 315 there.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::card::{ELDER_SIGNS, LINE_315, LINE_316, SEQUENCE_LINES, YELLOW_SIGNS};
use crate::phase::{Phase, longest_run};
use crate::state::State;
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

    use parlour_core::{Game, Options, ToAct, rng_from_seed};

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
            let mut st = State::new(players, &Options::defaults(State::OPTIONS)).unwrap();
            let mut rng = rng_from_seed(seed);
            let mut buf = Vec::new();
            loop {
                match st.to_act() {
                    ToAct::Terminal => break,
                    ToAct::Chance => {
                        let c = st.sample_chance(&mut rng);
                        st.apply_chance(c, &mut ()).unwrap();
                    }
                    ToAct::Seats(seats) => {
                        for obs in Seat::all(players) {
                            let hidden = hidden_cards(&st, Some(obs));
                            if let Some((zone, need)) = constraint(&st, obs, hidden) {
                                f(&st, obs, zone, need);
                            }
                        }
                        let seat = seats.first().unwrap();
                        st.legal_actions(seat, &mut buf);
                        let a = buf[rng.random_range(0..buf.len())];
                        st.apply(seat, a, &mut ()).unwrap();
                    }
                }
            }
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
        let mut n = 0;
        for_each_subset(&cards, k, &mut |set| {
            n += u64::from(need.holds(known.or(set)))
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
}
