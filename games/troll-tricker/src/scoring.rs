//! Trick and hand scoring (spec §2.4, §2.5) as pure functions.

use parlour_cards::CardSet;
use parlour_core::{Outcome, Seat, SeatSet};
use parlour_fey::{Card, Mat, Relation, Sign};

/// Cards of each sign as a bit mask over card ids (`sign * 11 .. sign * 11 + 11`).
pub const SIGN_MASK: [u128; 8] = {
    let mut m = [0u128; 8];
    let mut s = 0;
    while s < 8 {
        m[s] = ((1u128 << 11) - 1) << (11 * s);
        s += 1;
    }
    m
};

/// Why a trick scored what it did (the lines of spec §2.5).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TrickReason {
    /// The led card was fey: 1 point to whoever wins (D-TT-4).
    LedFey,
    /// A fey card won a non-fey lead ("sloughing a fey"): 3 points (or 5/4/3 by player count
    /// under `fey_trump_points_by_player_count`).
    SloughedFey,
    /// The led sign won; points by the winner's relation to it.
    Led(Relation),
}

/// The card that wins a trick (spec §2.4): the highest fey card if any was played, else the
/// highest card of the led sign. `cards` are the cards of the trick, `led` the led card's sign.
///
/// # Panics
/// If `cards` holds neither a fey card nor a card of the led sign (impossible for a real trick,
/// whose led card is of the led sign).
#[must_use]
pub fn trick_winner(cards: CardSet, led: Sign, fey: Sign) -> Card {
    let fey_cards = cards.0 & SIGN_MASK[fey.index() as usize];
    let pool = if fey_cards != 0 {
        fey_cards
    } else {
        cards.0 & SIGN_MASK[led.index() as usize]
    };
    let id = CardSet(pool).last().expect("the led card is in the trick");
    Card::from_id(id).expect("trick cards are deck cards")
}

/// Points for winning a trick (spec §2.5): `winner_sign` is the winner's personal sign,
/// `led` the led card's sign, `winning` the winning card's sign.
#[must_use]
pub fn trick_points(
    mat: &Mat,
    players: u8,
    winner_sign: Sign,
    led: Sign,
    winning: Sign,
    fey_points_by_count: bool,
) -> (i32, TrickReason) {
    let fey = mat.fey();
    if led == fey {
        (1, TrickReason::LedFey)
    } else if winning == fey {
        let pts = if fey_points_by_count {
            zero_trick_bonus(players)
        } else {
            3
        };
        (pts, TrickReason::SloughedFey)
    } else {
        let rel = mat.relation(winner_sign, led);
        (rel.base_points(), TrickReason::Led(rel))
    }
}

/// The bonus for taking no trick in a hand (spec §2.5, §8.8): 5 with 3 players, 4 with 4,
/// 3 with 5 or more. The same numbers are the fey-win points of
/// `fey_trump_points_by_player_count`.
#[must_use]
pub const fn zero_trick_bonus(players: u8) -> i32 {
    match players {
        0..=3 => 5,
        4 => 4,
        _ => 3,
    }
}

/// The final result: highest score wins, ties share (D-GEN-6); with `tiebreak_most_tricks`, the
/// tied seats with the most total tricks win (still tied: shared).
#[must_use]
pub fn final_outcome(scores: &[i32], tricks: &[u16], tiebreak_most_tricks: bool) -> Outcome {
    let mut outcome = Outcome::highest_wins(scores.to_vec());
    if tiebreak_most_tricks && outcome.winners.len() > 1 {
        let best = outcome
            .winners
            .iter()
            .map(|s| tricks[s.index()])
            .max()
            .unwrap_or(0);
        outcome.winners = outcome
            .winners
            .iter()
            .filter(|s| tricks[s.index()] == best)
            .collect::<SeatSet>();
    }
    outcome
}

/// Seats in `seats` order that took no trick, for the zero-trick bonus.
pub fn zero_trick_seats(tricks_this_hand: &[u8]) -> impl Iterator<Item = Seat> + '_ {
    tricks_this_hand
        .iter()
        .enumerate()
        .filter(|(_, t)| **t == 0)
        .map(|(i, _)| Seat(i as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sign::*;

    fn mat_a() -> Mat {
        Mat::parse("bone: flame star stone wave wind tree tone").unwrap()
    }

    fn set(cards: &[(Sign, u8)]) -> CardSet {
        cards.iter().map(|&(s, v)| Card::new(s, v).id()).collect()
    }

    #[test]
    fn highest_of_led_sign_wins_without_fey() {
        let t = set(&[(Flame, 6), (Flame, 3), (Stone, 4), (Flame, 10)]);
        assert_eq!(trick_winner(t, Flame, Bone), Card::new(Flame, 10));
    }

    #[test]
    fn highest_fey_beats_any_led_card() {
        let t = set(&[(Star, 5), (Bone, 4), (Bone, 9), (Star, 11)]);
        assert_eq!(trick_winner(t, Star, Bone), Card::new(Bone, 9));
    }

    #[test]
    fn led_sign_relation_scores_the_trick() {
        let m = mat_a();
        assert_eq!(trick_points(&m, 4, Star, Flame, Flame, false).0, 3); // TT-1
        assert_eq!(trick_points(&m, 4, Tone, Flame, Flame, false).0, 3); // TT-1 variant
        assert_eq!(trick_points(&m, 4, Star, Wind, Wind, false).0, 1); // TT-5
        assert_eq!(trick_points(&m, 4, Wind, Wind, Wind, false).0, 4); // TT-5 variant
        assert_eq!(trick_points(&m, 4, Star, Wave, Wave, false).0, 2); // TT-6
        assert_eq!(trick_points(&m, 4, Tone, Stone, Stone, false).0, 1); // TT-7
        let b = Mat::parse("wave: tree flame bone star tone wind stone").unwrap();
        assert_eq!(trick_points(&b, 4, Star, Flame, Flame, false).0, 2); // TT-11
    }

    #[test]
    fn sloughed_fey_scores_three_or_by_player_count() {
        let m = mat_a();
        assert_eq!(
            trick_points(&m, 4, Wind, Wave, Bone, false),
            (3, TrickReason::SloughedFey)
        ); // TT-2
        assert_eq!(trick_points(&m, 3, Wind, Wave, Bone, true).0, 5); // TT-2 variant
        assert_eq!(trick_points(&m, 4, Wind, Wave, Bone, true).0, 4);
        assert_eq!(trick_points(&m, 6, Wind, Wave, Bone, true).0, 3);
    }

    #[test]
    fn fey_lead_scores_one_for_any_winner() {
        let m = mat_a();
        assert_eq!(
            trick_points(&m, 4, Wave, Bone, Bone, false),
            (1, TrickReason::LedFey)
        ); // TT-4
        assert_eq!(trick_points(&m, 3, Wave, Bone, Bone, true).0, 1);
    }

    #[test]
    fn zero_trick_bonus_by_player_count() {
        // TT-10.
        assert_eq!(zero_trick_bonus(3), 5);
        assert_eq!(zero_trick_bonus(4), 4);
        for n in 5..=7 {
            assert_eq!(zero_trick_bonus(n), 3);
        }
        let zero: Vec<Seat> = zero_trick_seats(&[5, 4, 2, 0]).collect();
        assert_eq!(zero, vec![Seat(3)]);
    }

    #[test]
    fn ties_share_unless_broken_by_tricks() {
        // TT-13.
        let o = final_outcome(&[30, 30, 25, 18], &[12, 10, 8, 3], false);
        assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(1)]);
        let o = final_outcome(&[30, 30, 25, 18], &[12, 10, 8, 3], true);
        assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![Seat(0)]);
        let o = final_outcome(&[30, 30, 25, 18], &[11, 11, 8, 3], true);
        assert_eq!(o.winners.len(), 2);
    }
}
