//! Perft: commit counts from fixed seeded deals, against golden numbers in
//! `holy-matrimony.perft`, cross-checked by a naive count of the subsets of each hand.

use parlour_core::{Game, ToAct};
use parlour_holy_matrimony::State;
use parlour_testkit::check_perft_file;

/// Naive: seats commit lowest first; a seat has one commit per subset of its hand, counted by
/// testing all 256 byte masks over the hand's positions; after the last commit comes a chance
/// node (one leaf).
fn naive_count(s: &State, depth: u32) -> u64 {
    let ToAct::Seats(seats) = s.to_act() else {
        return 1;
    };
    let mut total = 1u64;
    for (k, seat) in seats.iter().enumerate() {
        if k as u32 >= depth {
            break;
        }
        let size = s.hand_of(seat).len();
        let subsets = (0u32..256).filter(|m| m >> size == 0).count() as u64;
        total *= subsets;
    }
    total
}

#[test]
fn perft_matches_golden_counts_and_naive_enumeration() {
    let checked = check_perft_file(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/holy-matrimony.perft"),
        parlour_testkit::dealt::<State>,
        |s, depth| Some(naive_count(s, depth)),
    );
    assert!(checked >= 5);
}
