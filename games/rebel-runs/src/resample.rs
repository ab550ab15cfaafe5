//! Determinization (`sample_consistent`): what an observer cannot see is dealt again.

use parlour_cards::{CardSet, redeal};
use parlour_core::{BySeat, GameRng, Seat};
use rand::seq::SliceRandom;

use crate::state::State;

impl State {
    /// Resamples what `observer` cannot see: the stock order and the other hands' unknown cards,
    /// keeping hand sizes, publicly known cards (taken from the discards) in their hands, and,
    /// after a reshuffle, the stock within the reshuffled cards and at most as many of those in
    /// a hand as that seat drew from the new stock.
    pub(crate) fn resample_hidden(&mut self, observer: Seat, rng: &mut GameRng) {
        let others: Vec<Seat> = Seat::all(self.players).filter(|&s| s != observer).collect();
        let mut hidden = self.stock_set();
        let mut slots = BySeat::splat(0usize);
        let mut unknown = BySeat::splat(CardSet::EMPTY);
        for &o in &others {
            unknown[o] = self.hands[o].minus(self.known[o]);
            slots[o] = unknown[o].len() as usize;
            hidden = hidden.or(unknown[o]);
            self.hands[o] = self.known[o];
        }
        let stock_len = self.stock().len();
        if !self.reshuffled {
            // The common case: the stock and the unknown cards in hands are one pool.
            let mut places = Vec::with_capacity(others.len() + 1);
            places.push(self.stock_set());
            places.extend(others.iter().map(|&o| unknown[o]));
            let dealt = redeal(rng, &places);
            let top = self.stock_top as usize;
            self.stock[top..top + stock_len].copy_from_slice(dealt.cards(0));
            for (k, &o) in others.iter().enumerate() {
                self.hands[o] = self.hands[o].or(dealt.set(k + 1));
            }
            return;
        }
        let (stock_cards, mut to_hands) = {
            let mut pool = parlour_cards::shuffled(hidden.and(self.reshuffle_pool), rng);
            let rest = pool.split_off(stock_len.min(pool.len()));
            let old = parlour_cards::shuffled(hidden.minus(self.reshuffle_pool), rng);
            // Seats that may hold reshuffled cards: one eligible slot per draw since the
            // reshuffle, at most their unknown card count.
            let mut eligible: Vec<Seat> = others
                .iter()
                .flat_map(|&o| {
                    std::iter::repeat_n(o, slots[o].min(self.draws_since_reshuffle[o] as usize))
                })
                .collect();
            if eligible.len() < rest.len() {
                eligible = others
                    .iter()
                    .flat_map(|&o| std::iter::repeat_n(o, slots[o]))
                    .collect();
            }
            eligible.shuffle(rng);
            let mut per_seat: BySeat<Vec<u8>> = BySeat::default();
            for (card, &o) in rest.iter().zip(&eligible) {
                per_seat[o].push(*card);
            }
            let mut old = old.into_iter();
            for &o in &others {
                while per_seat[o].len() < slots[o] {
                    per_seat[o].push(old.next().expect("as many old cards as free slots"));
                }
            }
            (pool, per_seat)
        };
        for (i, &c) in stock_cards.iter().enumerate() {
            self.stock[self.stock_top as usize + i] = c;
        }
        for &o in &others {
            for c in to_hands[o].drain(..) {
                self.hands[o].insert(c);
            }
        }
    }
}
