//! Reading the others' hands from their play: how likely the cards each other seat played this
//! hand were, had it held the hidden cards of a determinization.
//!
//! The model of a sensible player is the game's own evaluation one card ahead: a card costs
//! what it takes from the hand's trick-taking power (fey cards and values above 7, as in
//! [`Search::evaluate`]), and the last card of a trick earns the trick's points if it wins (a fey
//! card beats every card of another sign, else the highest card of the led sign wins).
//! A seat picks a legal card with probability proportional to `exp(β · value)`, mixed with a
//! uniform choice so that a player who plays otherwise (a strong one, say) is never ruled out.
//! So a seat that followed with a 10 most likely held nothing lower of that sign, and a seat
//! that let a trick go as last player most likely could not take it.
//!
//! Only public facts and the determinization's cards enter: the cards played this hand in order
//! and each seat's hand in the determinization, to which its later plays are added back.

use std::sync::LazyLock;

use parlour_cards::CardSet;
#[cfg(doc)]
use parlour_core::Game;
use parlour_core::Seat;
use parlour_fey::Sign;

use crate::State;
use crate::scoring::{SIGN_MASK, trick_points};
use crate::trick::card_bit;

/// Sharpness of the model: value differences are in points (a fey card is worth 0.6).
const BETA: f64 = 10.0;
/// Share of uniformly random play in the model.
const NOISE: f64 = 0.05;

/// `exp(BETA · value)` of a card's cost to the hand: by whether it is fey, then by its value.
static COST_WEIGHT: LazyLock<[[f64; 11]; 2]> = LazyLock::new(|| {
    let mut w = [[0.0; 11]; 2];
    for (fey, row) in w.iter_mut().enumerate() {
        for (v, x) in row.iter_mut().enumerate() {
            *x = (BETA * card_value(fey == 1, v as u8 + 1)).exp();
        }
    }
    w
});

/// What playing a card takes from the hand's trick-taking power, as [`Search::evaluate`] counts
/// it (as a negative value; a test keeps the two in step).
fn card_value(fey: bool, value: u8) -> f64 {
    let fey = if fey { -0.6 } else { 0.0 };
    fey - 0.05 * f64::from(value.saturating_sub(7))
}

/// Log-likelihood of the other seats' plays this hand given the hands in `s` (see the module
/// docs). Plays of `observer` do not count: its own hand is known.
pub(crate) fn play_log_likelihood(s: &State, observer: Seat) -> f64 {
    let n = usize::from(s.n);
    let made = usize::from(s.trick_no) * n + usize::from(s.trick_len);
    if made == 0 {
        return 0.0;
    }
    let cost = &*COST_WEIGHT;
    let fey = s.table.fey();
    let fey_mask = SIGN_MASK[fey.index() as usize];
    let weight = |c: u8| cost[usize::from(fey_mask & card_bit(c) != 0)][usize::from(c % 11)];
    let mut held = [0u128; 7];
    for (p, h) in held.iter_mut().enumerate().take(n) {
        *h = s.hands[p].0;
    }
    let (mut log, mut product) = (0.0, 1.0f64);
    // Backwards, so that each seat's hand at a play is its hand now plus what it played since.
    for j in (0..made).rev() {
        let (t, k) = (j / n, j % n);
        let seat = s.seat_after(s.trick_leaders[t], k as u8);
        let card = s.plays[j];
        held[seat.index()] |= card_bit(card);
        if seat == observer {
            continue;
        }
        let hand = held[seat.index()];
        let start = t * n;
        let led = Sign::from_index(s.plays[start] / 11);
        let led_mask = if k == 0 {
            u128::MAX
        } else {
            SIGN_MASK[led.index() as usize]
        };
        let legal = if hand & led_mask != 0 {
            hand & (led_mask | fey_mask)
        } else {
            hand
        };
        let options = CardSet(legal);
        let count = options.len();
        if count <= 1 {
            continue;
        }
        let (mut z, mut played) = (0.0, 0.0);
        if k + 1 == n {
            // The last card decides the trick: a winning card also earns its points.
            let win = Closing::new(s, seat, &s.plays[start..j], led, fey_mask);
            for c in options.iter() {
                let w = weight(c) * win.bonus(c);
                z += w;
                if c == card {
                    played = w;
                }
            }
        } else {
            for c in options.iter() {
                z += weight(c);
            }
            played = weight(card);
        }
        product *= NOISE / f64::from(count) + (1.0 - NOISE) * played / z;
        if product < 1e-200 {
            log += product.ln();
            product = 1.0;
        }
    }
    log + product.ln()
}

/// The end of a trick as its last card sees it: which cards would win it, and the weight of
/// the points each kind of win earns.
struct Closing {
    /// The best fey card played, if any.
    best_fey: Option<u8>,
    /// The best card of the led sign played.
    best_led: u8,
    fey_mask: u128,
    led_mask: u128,
    /// `exp(BETA · points)` for a win with a fey card and with a card of the led sign.
    fey_win: f64,
    led_win: f64,
}

impl Closing {
    fn new(s: &State, seat: Seat, before: &[u8], led: Sign, fey_mask: u128) -> Closing {
        let led_mask = SIGN_MASK[led.index() as usize];
        let best = |mask: u128| {
            before
                .iter()
                .copied()
                .filter(|&c| card_bit(c) & mask != 0)
                .max()
        };
        let points = |winning: Sign| {
            let (p, _) = trick_points(
                s.table.mat(),
                s.n,
                s.table.sign(seat),
                led,
                winning,
                s.rules.fey_trump_points_by_player_count,
            );
            (BETA * f64::from(p)).exp()
        };
        let fey = s.table.fey();
        Closing {
            best_fey: best(fey_mask),
            best_led: best(led_mask).expect("the led card is of the led sign"),
            fey_mask,
            led_mask,
            fey_win: points(fey),
            led_win: points(led),
        }
    }

    /// `exp(BETA · points)` if `c` would win the trick, else 1.
    fn bonus(&self, c: u8) -> f64 {
        let bit = card_bit(c);
        if bit & self.fey_mask != 0 {
            if self.best_fey.is_none_or(|b| c > b) {
                self.fey_win
            } else {
                1.0
            }
        } else if self.best_fey.is_none() && bit & self.led_mask != 0 && c > self.best_led {
            self.led_win
        } else {
            1.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Action;
    use crate::rules::OPTIONS;
    use crate::state::Phase;
    use parlour_core::{Game, Options, Search};
    use parlour_fey::Card;

    fn id(text: &str) -> u8 {
        Card::parse(text).unwrap().id()
    }

    fn set(cards: &[&str]) -> CardSet {
        cards.iter().map(|t| id(t)).collect()
    }

    /// Three players on the traditional mat (fey Bone), seat 0 to lead, with these hands.
    fn dealt(hands: [&[&str]; 3]) -> State {
        let o = Options::parse_list(OPTIONS, "traditional_mat").unwrap();
        let mut s = State::new(3, &o).unwrap();
        s.phase = Phase::Play;
        s.leader = Seat(0);
        s.turn = Seat(0);
        for (p, h) in hands.iter().enumerate() {
            s.hands[p] = set(h);
        }
        s.refresh_legal();
        s
    }

    fn play(s: &mut State, seat: u8, card: &str) {
        let card = Card::parse(card).unwrap();
        s.apply(Seat(seat), Action::Play(card), &mut ()).unwrap();
    }

    /// `s` with `from` in `seat`'s hand replaced by `to`.
    fn swapped(s: &State, seat: usize, from: &str, to: &str) -> State {
        let mut t = s.clone();
        t.hands[seat] = t.hands[seat].minus(set(&[from])).or(set(&[to]));
        t
    }

    /// The model's probability of playing a card worth `played` among cards worth `values`.
    fn model(played: f64, values: &[f64]) -> f64 {
        let z: f64 = values.iter().map(|v| (BETA * v).exp()).sum();
        NOISE / values.len() as f64 + (1.0 - NOISE) * (BETA * played).exp() / z
    }

    #[test]
    fn following_high_suggests_nothing_lower_was_held() {
        let mut s = dealt([
            &["wave-6", "tree-5"],
            &["wave-10", "wave-3", "tree-1"],
            &["wave-1", "tree-4", "stone-2"],
        ]);
        play(&mut s, 0, "wave-6");
        play(&mut s, 1, "wave-10");
        // Seat 1 might still hold wave-3 (it chose the 10 over it) or tree-2 (the 10 was forced).
        let kept_low = play_log_likelihood(&s, Seat(0));
        let forced = play_log_likelihood(&swapped(&s, 1, "wave-3", "tree-2"), Seat(0));
        let expected = model(-0.15, &[-0.15, 0.0]).ln();
        assert!((kept_low - forced - expected).abs() < 1e-9);
        assert!(kept_low < forced);
    }

    #[test]
    fn letting_a_trick_go_as_last_player_suggests_it_could_not_be_taken() {
        let mut s = dealt([
            &["wave-6", "tree-5"],
            &["wave-7", "tree-1"],
            &["wave-2", "wave-11", "stone-2"],
        ]);
        play(&mut s, 0, "wave-6");
        play(&mut s, 1, "wave-7");
        play(&mut s, 2, "wave-2");
        let could_take = play_log_likelihood(&s, Seat(0));
        let could_not = play_log_likelihood(&swapped(&s, 2, "wave-11", "wave-3"), Seat(0));
        assert!(
            could_not - could_take > 1.5,
            "{could_not} against {could_take}"
        );
    }

    #[test]
    fn the_closing_card_wins_exactly_where_the_rules_say() {
        use parlour_core::rng_from_seed;
        use rand::seq::SliceRandom;
        let s = dealt([&[], &[], &[]]);
        let fey = s.table.fey();
        let fey_mask = SIGN_MASK[fey.index() as usize];
        let mut rng = rng_from_seed(3);
        let mut deck: Vec<u8> = (0..88).collect();
        for _ in 0..2_000 {
            deck.shuffle(&mut rng);
            let (before, rest) = deck.split_at(2);
            let led = Sign::from_index(before[0] / 11);
            let closing = Closing::new(&s, Seat(2), before, led, fey_mask);
            for &c in &rest[..20] {
                let trick = CardSet(before.iter().fold(card_bit(c), |a, &b| a | card_bit(b)));
                let wins = crate::scoring::trick_winner(trick, led, fey).id() == c;
                assert_eq!(closing.bonus(c) > 1.0, wins, "{before:?} then {c}");
            }
        }
    }

    #[test]
    fn a_cards_value_is_what_evaluate_loses_when_it_leaves_the_hand() {
        let mut s = dealt([&[], &[], &[]]);
        let fey_mask = SIGN_MASK[s.table.fey().index() as usize];
        for c in 0..88u8 {
            s.hands[0] = CardSet(card_bit(c) | card_bit((c + 13) % 88) | card_bit((c + 40) % 88));
            let with = s.evaluate(Seat(0));
            s.hands[0] = s.hands[0].minus(CardSet(card_bit(c)));
            let without = s.evaluate(Seat(0));
            let value = card_value(card_bit(c) & fey_mask != 0, c % 11 + 1);
            assert!((without - with - value).abs() < 1e-9, "card {c}");
        }
    }

    #[test]
    fn the_observers_own_plays_and_forced_plays_tell_nothing() {
        let mut s = dealt([
            &["wave-6", "tree-5"],
            &["wave-10", "wave-3", "tree-1"],
            &["wave-1", "tree-4", "stone-2"],
        ]);
        assert_eq!(play_log_likelihood(&s, Seat(0)), 0.0);
        play(&mut s, 0, "wave-6");
        play(&mut s, 1, "wave-10");
        let other = swapped(&s, 1, "wave-3", "tree-2");
        assert_eq!(
            play_log_likelihood(&s, Seat(1)),
            play_log_likelihood(&other, Seat(1))
        );
        // Seat 0's lead counts for seat 1: it had two cards to choose from.
        assert!(play_log_likelihood(&s, Seat(1)) < 0.0);
        // Seat 2 holds one wave card: following with it is forced.
        play(&mut s, 2, "wave-1");
        let moved = swapped(&s, 2, "tree-4", "flame-4");
        assert_eq!(
            play_log_likelihood(&s, Seat(0)),
            play_log_likelihood(&moved, Seat(0))
        );
    }
}
