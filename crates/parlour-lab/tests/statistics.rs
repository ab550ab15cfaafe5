//! The lab's statistics against a game whose law is known: a fair coin toss must show no seat
//! advantage at the stated 5% false-positive rate, and a biased one must be found.

#[path = "support/coin.rs"]
mod coin;

use coin::CoinToss;
use parlour_lab::{
    FindingKind, Grid, LabSpec, Report, RunControl, Shard, SkillSpec, Sweep, build_report, run,
};

fn spec(players: Vec<u8>, options: &[(&str, &str)], games: u64, seed: u64) -> LabSpec {
    LabSpec {
        game: "coin-toss".into(),
        players,
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        sweeps: vec![],
        lineups: vec![vec!["random".into()]],
        games,
        skill: None,
        ladder: None,
        seed,
        pace: 5.0,
    }
}

fn study(spec: &LabSpec) -> Report {
    let grid = Grid::new::<CoinToss>(spec).expect("a valid study");
    let control = RunControl {
        threads: 1,
        ..RunControl::default()
    };
    let results = run::<CoinToss>(spec, &grid, Shard::WHOLE, &control).expect("coin tosses end");
    build_report(&grid, &results)
}

fn seat_p(r: &Report, cell: usize) -> f64 {
    let id = r.cells[cell].seat_test.as_ref().expect("a seat test");
    r.tests.iter().find(|t| &t.id == id).expect("the test").p
}

/// Rejections at 5% over `n` independent fair studies: binomial(n, 0.05), whose 99.9% range
/// for n = 400 is 6..36 (mean 20).
fn false_positives(options: &[(&str, &str)], players: u8) -> (usize, usize, usize) {
    let mut rejected = 0;
    let mut below_half = 0;
    let mut covered = 0;
    for seed in 0..400 {
        let r = study(&spec(vec![players], options, 300, seed));
        let p = seat_p(&r, 0);
        rejected += usize::from(p < 0.05);
        below_half += usize::from(p < 0.5);
        let w = r.cells[0].seats[0].win_rate;
        let fair = r.cells[0].fair_share;
        covered += usize::from(w.ci95[0] <= fair && fair <= w.ci95[1]);
    }
    (rejected, below_half, covered)
}

#[test]
fn a_fair_game_shows_a_seat_advantage_at_the_stated_rate_only() {
    let (rejected, below_half, covered) = false_positives(&[], 3);
    assert!(
        (6..=36).contains(&rejected),
        "{rejected} of 400 fair studies rejected at 5%"
    );
    // p-values of a true null are uniform: about half below 0.5.
    assert!(
        (160..=240).contains(&below_half),
        "{below_half} of 400 below 0.5"
    );
    // The 95% interval of seat 1's win rate holds its true 1/3 about 95% of the time.
    assert!(
        (364..=396).contains(&covered),
        "interval covered the truth {covered} times of 400"
    );
}

#[test]
fn ties_and_games_without_a_winner_do_not_make_a_fair_game_unfair() {
    let (rejected, _, _) =
        false_positives(&[("no_winner_percent", "30"), ("shared_percent", "10")], 4);
    assert!(
        (6..=36).contains(&rejected),
        "{rejected} of 400 fair studies rejected at 5%"
    );
    let r = study(&spec(
        vec![4],
        &[("no_winner_percent", "30"), ("shared_percent", "10")],
        4000,
        9,
    ));
    let c = &r.cells[0];
    assert_eq!(c.no_winner + c.shared_win + c.sole_winner, 4000);
    // The seat test counts only games with one winner.
    let t = r
        .tests
        .iter()
        .find(|t| Some(&t.id) == c.seat_test.as_ref())
        .unwrap();
    assert_eq!(t.games, c.sole_winner);
    assert!(c.no_winner_rate.ci95[0] < 0.30 && 0.30 < c.no_winner_rate.ci95[1]);
    // Equal share: the won games (a shared win is one won game) split over 4 seats.
    assert!((c.fair_share - (1.0 - c.no_winner_rate.value) / 4.0).abs() < 1e-12);
    let shares: f64 = c.seats.iter().map(|s| s.win_rate.value).sum();
    assert!((shares - (1.0 - c.no_winner_rate.value)).abs() < 1e-9);
}

#[test]
fn a_biased_game_is_found_and_the_favoured_seat_named() {
    // Seat 1 wins 40%, seats 2 and 3 30% each.
    for seed in 0..20 {
        let r = study(&spec(vec![3], &[("first_seat_percent", "40")], 2000, seed));
        let p = seat_p(&r, 0);
        assert!(p < 0.001, "seed {seed}: p = {p}");
        let line = r
            .summary
            .iter()
            .find(|f| f.kind == FindingKind::Significant)
            .expect("a significant finding");
        assert!(
            line.text
                .contains("the seats do not win equally: seat 1 wins"),
            "{}",
            line.text
        );
    }
}

#[test]
fn a_sweep_that_changes_the_odds_is_a_significant_comparison() {
    let mut s = spec(vec![3], &[], 3000, 4);
    s.sweeps = vec![Sweep {
        option: "first_seat_percent".into(),
        values: vec!["0".into(), "45".into()],
        files: Vec::new(),
    }];
    let r = study(&s);
    let cmp = r
        .comparisons
        .iter()
        .find(|c| c.measure == "seat 1's win rate")
        .expect("a comparison of seat 1's win rate");
    let t = r
        .tests
        .iter()
        .find(|t| Some(&t.id) == cmp.test.as_ref())
        .unwrap();
    assert!(t.significant, "{t:?}");
    assert_eq!(t.name, "two-proportion z test");
    // From a third to 45%: +11.7 points, within four standard errors (about 1.25 points).
    assert!((cmp.difference - 0.117).abs() < 0.05, "{}", cmp.difference);
    // The metric that says seat 1 won is compared too, as a rate.
    let m = r
        .comparisons
        .iter()
        .find(|c| c.measure == "games seat 1 won alone")
        .expect("the game's own flag is compared");
    assert!(m.values[1] > m.values[0] + 0.05, "{:?}", m.values);
}

#[test]
fn the_skill_check_finds_no_skill_in_a_game_of_pure_luck() {
    let mut s = spec(vec![1, 3], &[], 100, 2);
    s.skill = Some(SkillSpec {
        bot: "ismcts:20".into(),
        against: vec!["greedy".into(), "random".into()],
        games: 600,
    });
    let r = study(&s);
    let skill: Vec<_> = r.cells.iter().filter(|c| c.kind == "skill").collect();
    // One row alone at the table (nobody to play against), two at 3 players.
    assert_eq!(skill.len(), 3);
    assert_eq!(skill[0].lineup, "ismcts:20 alone");
    for c in &skill[1..] {
        let s = c.skill.as_ref().unwrap();
        let t = r
            .tests
            .iter()
            .find(|t| Some(&t.id) == s.test.as_ref())
            .unwrap();
        assert!(!t.significant, "{}: {t:?}", c.label);
        assert!((s.fair_share - 1.0 / 3.0).abs() < 1e-12);
        assert!(s.edge.abs() < 0.08, "{}: edge {}", c.label, s.edge);
    }
}

#[test]
fn a_drawn_start_that_favours_the_starter_shows_by_position_not_by_seat() {
    // The starter wins 40% at 3 players, but the start is drawn: every seat starts a third of
    // the games, so by table seat the game looks fair.
    let r = study(&spec(
        vec![3],
        &[
            ("first_seat_percent", "40"),
            ("random_start", "1"),
            ("no_winner_percent", "10"),
        ],
        3000,
        7,
    ));
    let c = &r.cells[0];
    assert!(r.first_player_random && c.start_varies);
    assert!(seat_p(&r, 0) > 0.05, "by seat the game is fair");
    assert_eq!(c.positions.len(), 3);
    let first = c.positions[0].win_rate;
    // 40% of the 90% of games with a winner.
    assert!(first.ci95[0] < 0.36 && 0.36 < first.ci95[1], "{first:?}");
    let id = c.position_test.as_ref().expect("a position test");
    let t = r.tests.iter().find(|t| &t.id == id).expect("the test");
    assert!(t.significant, "the starter's edge is found: {t:?}");
    // Games with no winner are reported as stopped by a cap, kept apart from the lengths.
    let cap = c.caps["no_winner_percent"];
    assert_eq!(c.capped, c.no_winner);
    assert!(cap.ci95[0] < 0.10 && 0.10 < cap.ci95[1], "{cap:?}");
    assert_eq!(
        c.actions_uncapped.expect("some games were capped").n,
        c.games - c.capped
    );
}

#[test]
fn a_fixed_start_reports_no_positions_and_no_caps() {
    let r = study(&spec(vec![3], &[("first_seat_percent", "40")], 300, 1));
    let c = &r.cells[0];
    assert!(!r.first_player_random && !c.start_varies);
    assert!(c.positions.is_empty() && c.position_test.is_none());
    assert!(c.caps.is_empty() && c.actions_uncapped.is_none());
    assert_eq!(r.capped, 0);
}
