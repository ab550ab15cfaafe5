//! The bot's prior for a commitment (`Search::action_prior`): the exact round score plus what the
//! cards kept are worth in the next round.
//!
//! Every seat scores on its own, so the best round score (what `greedy` plays) is the whole of
//! a round; the skill is in the cards kept. Their worth is estimated by sampling the next round
//! (refill and church card from the cards the seat cannot see) and taking the best round score
//! there. All commitments of one position share the same samples, so their differences
//! are not noise. Under the variants that redraw the table each round, the next round is played
//! on the current table: the values still count toward 21, the points are a guess.

use parlour_cards::CardSet;
use parlour_core::{Seat, rng_from_seed};
use parlour_fey::{Card, full_deck};
use rand::seq::SliceRandom;

use crate::State;
use crate::state::HAND_SIZE;

/// Next rounds sampled per prior.
const SAMPLES: usize = 32;
/// Weight of the next round's expected best score against this round's score (a kept card is
/// not played yet, and the game may end first). Measured: 0.6–1.0 beat `greedy` alike.
const KEEP_WEIGHT: f64 = 0.7;

impl State {
    /// The prior of committing `cards`: cumulative score, the round's score and
    /// [`KEEP_WEIGHT`] times the mean best score of the next round with the cards kept.
    pub(crate) fn commit_prior(&self, seat: Seat, cards: CardSet) -> f64 {
        let s = Seat(seat.0 % 7);
        let Some(church) = self.church() else {
            return f64::from(self.scores[s]);
        };
        let now = self.score_of(s, cards, church);
        let kept = self.hands[s].minus(cards);
        let refill = usize::from(HAND_SIZE) - kept.len() as usize;
        // As far as the seat knows, any card it cannot see may come next.
        let mut pool = full_deck()
            .minus(self.hands[s])
            .minus(self.discard)
            .minus(self.church);
        if (self.draw.len() as usize) <= refill {
            // A reshuffle would come: draw from the discard pile too.
            pool = pool.or(self.discard);
        }
        let mut cards_left: Vec<u8> = pool.iter().collect();
        if cards_left.len() <= refill {
            return f64::from(self.scores[s] + now);
        }
        // Seeded by what the seat sees alone, so every commitment (and every determinization)
        // sees the same next rounds.
        let seed = (self.hands[s].0 ^ (self.discard.0 << 1) ^ u128::from(self.rounds_played))
            .to_le_bytes()
            .chunks(8)
            .fold(0u64, |h, c| {
                (h ^ u64::from_le_bytes(c.try_into().expect("8 bytes")))
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            });
        let mut rng = rng_from_seed(seed);
        let mut future = 0.0;
        for _ in 0..SAMPLES {
            cards_left.shuffle(&mut rng);
            let hand = cards_left[..refill].iter().fold(kept, |mut h, &c| {
                h.insert(c);
                h
            });
            let next_church =
                Card::from_id(*cards_left.last().expect("more cards than the refill"))
                    .expect("deck card");
            future += f64::from(self.best_subset(s, hand, next_church).1);
        }
        f64::from(self.scores[s] + now) + KEEP_WEIGHT * future / SAMPLES as f64
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::{Game, Options, Search, ToAct};

    use super::*;
    use crate::{Action, OPTIONS};

    /// A 3-seat game dealt from `seed`, at its first commitment.
    fn dealt(seed: u64) -> State {
        let o = Options::parse_list(OPTIONS, "").expect("default options");
        let mut s = State::new(3, &o).expect("3 seats");
        let mut rng = rng_from_seed(seed);
        while s.to_act() == ToAct::Chance {
            let c = s.sample_chance(&mut rng);
            s.apply_chance(c, &mut ()).expect("sampled chance applies");
        }
        s
    }

    fn priors(s: &State, seat: Seat) -> Vec<(Action, f64)> {
        let mut legal = Vec::new();
        s.legal_actions(seat, &mut legal);
        legal
            .iter()
            .map(|&a| (a, s.action_prior(seat, a)))
            .collect()
    }

    #[test]
    fn the_prior_is_the_round_score_plus_a_share_of_the_next_round() {
        let s = dealt(5);
        let seat = Seat(1);
        let church = s.church().expect("church up");
        let hand = s.hand_of(seat);
        for (a, prior) in priors(&s, seat) {
            let now = f64::from(s.score_of(Seat(1), a.cards(), church));
            let future = (prior - now) / KEEP_WEIGHT;
            // The next round's best is at least the empty commitment's (the church card's points
            // minus the distance to 21), at most eight Same cards' points and the fey bonus.
            assert!(future > -21.0 && future <= 37.0, "{a:?}: {future}");
            if a.cards() == hand {
                // Nothing kept: a fresh hand of seven, the same for every sample set.
                assert!(future > 0.0, "a fresh hand of seven scores: {future}");
            }
        }
        // The priors depend only on what the seat sees: the same in every determinization.
        let mut rng = rng_from_seed(3);
        for _ in 0..3 {
            let world = s.sample_consistent(seat, &mut rng);
            assert_ne!(world.draw, s.draw);
            assert_eq!(priors(&world, seat), priors(&s, seat));
        }
    }

    #[test]
    fn the_cards_kept_change_some_choices_but_not_most() {
        let (mut differ, mut total) = (0, 0);
        for seed in 0..60 {
            let s = dealt(seed);
            for seat in Seat::all(3) {
                let (greedy, _) = s.best_round_score(seat).expect("church up");
                let best = priors(&s, seat)
                    .into_iter()
                    .fold(None::<(Action, f64)>, |b, (a, p)| match b {
                        Some((_, bp)) if bp >= p => b,
                        _ => Some((a, p)),
                    })
                    .expect("a legal commitment");
                total += 1;
                differ += usize::from(best.0.cards() != greedy);
            }
        }
        assert!(
            differ * 20 >= total && differ * 2 <= total,
            "the prior's choice differs from the best round score in {differ} of {total}"
        );
    }
}
