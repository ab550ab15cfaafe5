//! Determinization: a full state consistent with what one seat knows.

use parlour_cards::CardSet;
use parlour_core::{GameRng, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::State;

/// Redeals the cards the observer cannot see (other hands and the draw pile) among those places,
/// keeping every size and every void a seat has shown this hand (a seat that neither followed
/// nor played fey holds no card of the led sign). Tries a few random constrained deals; if all
/// fail (very rare), returns the state as it is, which is always consistent.
pub(crate) fn sample_consistent(s: &State, observer: Seat, rng: &mut GameRng) -> State {
    let n = s.n as usize;
    let mut unknown = s.draw;
    let mut others: Vec<usize> = Vec::with_capacity(n);
    for p in 0..n {
        if p != observer.index() {
            unknown = unknown.or(s.hands[p]);
            others.push(p);
        }
    }
    let mut cards: Vec<u8> = unknown.iter().collect();
    // Most constrained signs first.
    let void_count = |c: u8| {
        others
            .iter()
            .filter(|&&p| s.voids[p] >> (c / 11) & 1 == 1)
            .count()
    };
    for _ in 0..16 {
        cards.shuffle(rng);
        cards.sort_by_key(|&c| std::cmp::Reverse(void_count(c)));
        // Place index k < others.len() is a seat, others.len() the draw pile.
        let mut room: Vec<u32> = others.iter().map(|&p| s.hands[p].len()).collect();
        room.push(s.draw.len());
        let mut got = vec![CardSet::EMPTY; room.len()];
        let mut ok = true;
        for &c in &cards {
            let sign = c / 11;
            let eligible = |k: usize| {
                room[k] > 0 && (k == others.len() || s.voids[others[k]] >> sign & 1 == 0)
            };
            let total: u32 = (0..room.len())
                .filter(|&k| eligible(k))
                .map(|k| room[k])
                .sum();
            if total == 0 {
                ok = false;
                break;
            }
            let mut pick = rng.random_range(0..total);
            let k = (0..room.len())
                .filter(|&k| eligible(k))
                .find(|&k| {
                    if pick < room[k] {
                        true
                    } else {
                        pick -= room[k];
                        false
                    }
                })
                .expect("pick is below the total room");
            room[k] -= 1;
            got[k].insert(c);
        }
        if ok {
            let mut out = s.clone();
            for (k, &p) in others.iter().enumerate() {
                out.hands[p] = got[k];
            }
            out.draw = got[others.len()];
            return out;
        }
    }
    s.clone()
}
