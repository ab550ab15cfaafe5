//! Perft: legal-move counts from fixed seeded deals, against golden numbers in
//! `troll-tricker.perft`, each cross-checked by a naive count written straight from spec §2.3.

use parlour_core::{Game, Seat, ToAct};
use parlour_fey::{Card, Sign};
use parlour_testkit::check_perft_file;
use parlour_troll_tricker::State;

/// Naive enumeration: hands as card lists, the legal rule re-read from the spec text.
fn naive(
    hands: &mut [Vec<Card>],
    leader: usize,
    trick: &mut Vec<Card>,
    fey: Sign,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let n = hands.len();
    if trick.is_empty() && hands.iter().all(Vec::is_empty) {
        return 1; // end of the hand: a chance node
    }
    let seat = (leader + trick.len()) % n;
    let hand = hands[seat].clone();
    let legal: Vec<Card> = match trick.first() {
        None => hand.clone(),
        Some(led) => {
            let led = led.sign();
            let pick = |s: &dyn Fn(&Card) -> bool| {
                hand.iter().copied().filter(|c| s(c)).collect::<Vec<_>>()
            };
            if led == fey {
                let f = pick(&|c| c.sign() == fey);
                if f.is_empty() { hand.clone() } else { f }
            } else if hand.iter().any(|c| c.sign() == led) {
                pick(&|c| c.sign() == led || c.sign() == fey)
            } else {
                hand.clone()
            }
        }
    };
    if depth == 1 {
        return legal.len() as u64;
    }
    let mut total = 0;
    for c in legal {
        hands[seat].retain(|x| *x != c);
        trick.push(c);
        if trick.len() == n {
            let led = trick[0].sign();
            let best = |s: Sign| {
                trick
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.sign() == s)
                    .max_by_key(|(_, c)| c.value())
                    .map(|(i, _)| i)
            };
            let pos = best(fey).or_else(|| best(led)).unwrap();
            let saved = std::mem::take(trick);
            total += naive(hands, (leader + pos) % n, trick, fey, depth - 1);
            *trick = saved;
        } else {
            total += naive(hands, leader, trick, fey, depth - 1);
        }
        trick.pop();
        hands[seat].push(c);
    }
    total
}

fn naive_count(s: &State, depth: u32) -> u64 {
    let n = s.players();
    let mut hands: Vec<Vec<Card>> = (0..n)
        .map(|p| {
            s.hand_of(Seat(p))
                .iter()
                .filter_map(Card::from_id)
                .collect()
        })
        .collect();
    let ToAct::Seats(seats) = s.to_act() else {
        panic!("not a player node")
    };
    let leader = seats.first().unwrap().index();
    naive(&mut hands, leader, &mut Vec::new(), s.fey(), depth)
}

#[test]
fn perft_matches_golden_counts_and_naive_enumeration() {
    let checked = check_perft_file(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/troll-tricker.perft"),
        parlour_testkit::dealt::<State>,
        |s, depth| Some(naive_count(s, depth)),
    );
    assert!(checked >= 6);
}
