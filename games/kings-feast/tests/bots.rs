//! The ISMCTS bot and the `solver` policy choose the one best move in end positions of The
//! King's Feast, posed as studies (every card fixed and known, so the puzzle has full
//! information): the Coachman's swap that seats everyone, the one Vizier pair of 36 that does,
//! and ending a perfect feast rather than activating the last face-up card. Each position is
//! first proven with the exact solver: after the expected action a score of 0 is still
//! reachable, after every other legal action it is not.

use parlour_bots::{Observation, make_bot};
use parlour_core::{Game, Seat};
use parlour_kings_feast::State;
use parlour_kings_feast::{SolveLimits, for_each_turn, solve_exact};
use parlour_testkit::Scenario;

/// The smallest budget that chose right on each of 200 seeds in all three positions: below it a
/// search whose first Coachman playouts go badly can settle on the Guard (seeds 10 and 47).
const ISMCTS: &str = "ismcts:200";
const SEEDS: std::ops::Range<u64> = 0..3;

/// The position after `entries` on a study board: `setup` in `vU`/`vD` tokens and its `goal`,
/// rows separated by `/`.
fn position(setup: &str, goal: &str, entries: &[&str]) -> State {
    let options = format!(
        "arrangement=name: s\ntitle: S\nprovenance: DESIGNED\nsetup:\n{}\ngoal:\n{}\n",
        setup.replace('/', "\n"),
        goal.replace('/', "\n")
    );
    Scenario::<State>::new(1, &options, 0, entries)
        .state()
        .clone()
}

/// The best final score reachable from `st` (full information), proven by the exact search.
fn best_score(st: &State) -> i32 {
    let plan = solve_exact(st, &SolveLimits::default());
    assert!(plan.score_proven, "{plan:?}");
    plan.score
}

/// Proves that `best` is the only legal action after which a final score of 0 is reachable
/// (exact search on the true state), then checks that the ISMCTS and solver bots choose it.
fn assert_bots_choose(st: &State, best: &str) {
    let mut legal = Vec::new();
    st.legal_actions(Seat(0), &mut legal);
    let mut reaches_zero = Vec::new();
    for &a in &legal {
        let mut next = st.clone();
        next.apply(Seat(0), a, &mut ())
            .expect("a legal action applies");
        if best_score(&next) == 0 {
            reaches_zero.push(st.action_text(a));
        }
    }
    assert!(legal.len() > 1, "the position offers a choice");
    assert_eq!(reaches_zero, [best], "only `{best}` keeps a perfect feast");

    let obs = Observation::new(st, Seat(0));
    for name in [ISMCTS, "solver"] {
        for seed in SEEDS {
            let mut bot = make_bot::<State>(name, seed, 0).unwrap();
            let action = bot.choose(&obs);
            assert_eq!(st.action_text(action), best, "{name}, seed {seed}");
        }
    }
}

#[test]
fn coachman_seats_everyone_where_the_guard_scatters_the_row() {
    // The Coachman swaps the 3 and the 2 into place; the Guard would move the 11 to the row's
    // start and shift the rest, more than the Coachman and one swap can undo.
    let st = position("3D 7U 2D 9U 11D", "2 7 3 9 11", &[]);
    assert_bots_choose(&st, "activate 0,1");
}

#[test]
fn vizier_exchanges_the_one_misplaced_pair() {
    // Only the Vizier is face up, so this is the last turn, and the board is one exchange (the
    // 13 and the 3) away from the goal: any other pair, with or without the turn's adjacent
    // swap, leaves at least two guests misplaced.
    let st = position(
        "1D 2D 13D / 7D 9D 11D / 3D 15U 18D",
        "1 2 3 / 7 9 11 / 13 15 18",
        &["0: activate 2,1"],
    );
    assert_bots_choose(&st, "pair 0,2 2,0");
}

#[test]
fn a_perfect_feast_is_ended_not_stirred() {
    // After the Hermit's turn the board matches the goal; activating the Coachman would swap the
    // Assassin and the 3, two seats apart, and leave every card face down.
    let st = position("2U 1D 7U 3D", "2 1 7 3", &["0: activate 0,0", "0: no-swap"]);
    assert_bots_choose(&st, "end");
}

#[test]
fn a_search_from_inside_a_turn_finds_the_turn_ending_unchanged() {
    // After the Coachman's activation the board already matches; the turn's end without a swap
    // leaves the board as it is, which the search once discarded as its own root.
    let st = position("3D 7U 2D 9U 11D", "2 7 3 9 11", &["0: activate 0,1"]);
    let plan = solve_exact(&st, &SolveLimits::default());
    assert!(plan.score_proven);
    assert_eq!(plan.score, 0, "{plan:?}");
    // Every end of this turn is a board the search also finds from the turn's start.
    let mut best = i32::MAX;
    for_each_turn(&st, |s, _| best = best.min(best_score(s)));
    assert_eq!(best, 0);
}
