//! Legal-action counts from fixed seeded positions (perft), golden numbers in
//! `tests/reading-the-play.perft`, each cross-checked by a naive count that tries every action
//! the notation can express and keeps those `apply` accepts.

use parlour_core::{Game, Options, Seat, ToAct, rng_from_seed};
use parlour_reading_the_play::{Action, CardRef, State, Traders};
use parlour_testkit::check_perft_file;

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reading-the-play.perft");

fn setup(seed: u64, players: u8, options: &str) -> State {
    let opts = Options::parse_list(State::OPTIONS, options).expect("options");
    let mut s = State::new(players, &opts).expect("setup");
    parlour_testkit::settle_chance(&mut s, &mut rng_from_seed(seed));
    s
}

/// Every action the notation can express, legal or not.
fn universe() -> Vec<Action> {
    let cards: Vec<CardRef> = (289..=316)
        .map(CardRef::Line)
        .chain([CardRef::YellowSign, CardRef::ElderSign])
        .collect();
    let mut all = vec![
        Action::Draw,
        Action::PlayElderSign,
        Action::DeclineElderSign,
        Action::DeclineSequence,
        Action::Reveal,
        Action::RevealPair,
        Action::Hold,
        Action::Interrupt,
        Action::Pass,
    ];
    for s in 0..6 {
        all.push(Action::PointAt(Seat(s)));
        for &c in &cards {
            all.push(Action::Give(Seat(s), c));
        }
    }
    for m in 1..64 {
        all.push(Action::Trade(Traders(m)));
    }
    for &c in &cards {
        all.push(Action::Commit(c));
        all.push(Action::Keep(c));
    }
    for low in 289..=316 {
        for high in 289..=316 {
            all.push(Action::StartSequence { low, high });
        }
    }
    all
}

/// Perft by brute force: the acting seat (lowest first) may take any action `apply` accepts.
fn naive(state: &State, depth: u32, universe: &[Action]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ToAct::Seats(seats) = state.to_act() else {
        return 1;
    };
    let seat = seats.first().expect("a seat");
    let mut total = 0;
    for &a in universe {
        let mut next = state.clone();
        if next.apply(seat, a, &mut ()).is_ok() {
            total += naive(&next, depth - 1, universe);
        }
    }
    total
}

#[test]
fn golden_counts_match_perft_and_the_naive_count() {
    let universe = universe();
    let checked = check_perft_file(GOLDEN, parlour_testkit::dealt::<State>, |s, depth| {
        Some(naive(s, depth, &universe))
    });
    assert!(checked >= 10);
}

/// Phase 1 by the rule itself: Draw when the deck has cards, and one Trade per non-empty set
/// of other players holding cards, when the Player holds a card that is not a Yellow Sign.
#[test]
fn phase_one_choices_follow_the_rule() {
    for seed in 0..40 {
        for players in 3..=6 {
            let s = setup(seed, players, "first_player_random");
            let p = s.player();
            let hand = s.hand(p);
            let others = Seat::all(players)
                .filter(|&o| o != p && !s.hand(o).is_empty())
                .count();
            let can_trade = hand.iter().any(|c| *c != CardRef::YellowSign);
            let expected = 1 + if can_trade { (1u64 << others) - 1 } else { 0 };
            assert_eq!(
                parlour_testkit::perft(&s, 1),
                expected,
                "seed {seed}, {players} players"
            );
        }
    }
}
