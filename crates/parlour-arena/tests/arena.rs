//! The arena on a controllable game (Pick) and on a hidden-hand trick game.

#[path = "support/pick.rs"]
mod pick;
#[path = "../../parlour-bots/tests/support/tiny_tricks.rs"]
mod tiny_tricks;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use parlour_arena::{ArenaConfig, ArenaError, RatingSystem, run_arena, seating_period};

fn config(bots: &[&str], games: u64, options: &str) -> ArenaConfig {
    let mut c = ArenaConfig::new(bots.iter().copied(), games);
    c.options = options.to_owned();
    c.seed = 11;
    c
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn every_bot_takes_every_seat_equally() {
    // Seat 0 always wins, so wins count the games a bot sat in seat 0.
    let games = 60;
    assert_eq!(seating_period(3, 3), 6);
    let report = run_arena::<pick::State>(&config(
        &["random", "random", "greedy"],
        games,
        "rule=seat0",
    ))
    .unwrap();
    assert_eq!(report.players, 3);
    for b in &report.bots {
        assert_eq!(b.seats_played, games);
        assert!(close(b.wins, 20.0), "{report}");
    }
    // Two bots at four seats: each takes two seats per game.
    let mut c = config(&["random", "greedy"], 10, "rule=seat0");
    c.players = Some(4);
    let report = run_arena::<pick::State>(&c).unwrap();
    assert_eq!(report.players, 4);
    for b in &report.bots {
        assert_eq!(b.seats_played, 20);
        assert!(close(b.wins, 5.0), "{report}");
    }
    // Three bots at two seats: each plays two thirds of the games.
    let mut c = config(&["random", "greedy", "ismcts:5"], 30, "rule=seat0");
    c.players = Some(2);
    let report = run_arena::<pick::State>(&c).unwrap();
    for b in &report.bots {
        assert_eq!(b.seats_played, 20);
        assert!(close(b.wins, 10.0), "{report}");
    }
}

#[test]
fn a_shared_win_counts_one_kth() {
    let report =
        run_arena::<pick::State>(&config(&["random", "greedy", "random"], 12, "rule=tie")).unwrap();
    for b in &report.bots {
        assert!(close(b.wins, 4.0), "{report}");
        assert!(close(b.win_rate, 1.0 / 3.0));
        assert!(b.ci95[0] < 1.0 / 3.0 && 1.0 / 3.0 < b.ci95[1]);
    }
    // Greedy always picks 9: two greedy bots tie every game (half each) and beat random,
    // which wins only when it also picks 9 (and then shares three ways).
    let report =
        run_arena::<pick::State>(&config(&["greedy", "greedy", "random"], 60, "")).unwrap();
    let [g1, g2, r] = &report.bots[..] else {
        panic!("three bots")
    };
    assert!(close(g1.wins + g2.wins + r.wins, 60.0), "{report}");
    assert!(g1.wins > 27.0 && g2.wins > 27.0 && r.wins < 3.0, "{report}");
    assert!(g1.rating > r.rating && g2.rating > r.rating, "{report}");
}

#[test]
fn reports_do_not_depend_on_the_thread_count() {
    let run = |threads: Option<usize>| {
        let mut c = config(&["ismcts:20", "greedy", "random"], 24, "");
        c.threads = threads;
        run_arena::<tiny_tricks::State>(&c).unwrap()
    };
    let one = run(Some(1));
    assert_eq!(one.without_times(), run(Some(2)).without_times());
    assert_eq!(one.without_times(), run(Some(3)).without_times());
    assert_eq!(one.without_times(), run(None).without_times());
    assert!(one.bots.iter().all(|b| b.mean_decision_ms >= 0.0));
    let total: f64 = one.bots.iter().map(|b| b.wins).sum();
    assert!(close(total, 24.0), "every game has one win to share: {one}");
    // Another seed gives another tournament.
    let mut c = config(&["ismcts:20", "greedy", "random"], 24, "");
    c.seed = 12;
    assert_ne!(
        run_arena::<tiny_tricks::State>(&c).unwrap().without_times(),
        one.without_times()
    );
}

#[test]
fn blind_play_and_elo_ratings() {
    let mut c = config(&["ismcts:100", "random"], 40, "blind");
    c.rating = RatingSystem::Elo;
    let report = run_arena::<tiny_tricks::State>(&c).unwrap();
    assert_eq!(report.players, 2);
    let total: f64 = report.bots.iter().map(|b| b.rating).sum();
    assert!(
        (total - 2000.0).abs() < 1e-6,
        "Elo is zero-sum from 1000 each: {report}"
    );
}

#[test]
fn report_serialises_to_the_documented_shape() {
    let report = run_arena::<pick::State>(&config(&["greedy", "random"], 4, "")).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&json), ["bots", "game", "games", "players"]);
    assert_eq!(
        keys(&json["bots"][0]),
        [
            "ci95",
            "mean_decision_ms",
            "name",
            "rating",
            "seats_played",
            "win_rate",
            "wins"
        ]
    );
    assert_eq!(json["game"], "pick");
    assert_eq!(json["bots"][1]["name"], "random");
    assert_eq!(json["bots"][0]["ci95"].as_array().unwrap().len(), 2);
    let back: parlour_arena::ArenaReport = serde_json::from_value(json).unwrap();
    assert_eq!(back, report);
    let table = report.to_string();
    assert!(
        table.contains("greedy") && table.contains("95% CI"),
        "{table}"
    );
}

#[test]
fn progress_is_reported_for_every_game() {
    let seen = Arc::new(AtomicU64::new(0));
    let max = Arc::new(AtomicU64::new(0));
    let mut c = config(&["random", "random"], 50, "");
    let (s, m) = (Arc::clone(&seen), Arc::clone(&max));
    c.progress = Some(Arc::new(move |done| {
        s.fetch_add(1, Ordering::Relaxed);
        m.fetch_max(done, Ordering::Relaxed);
    }));
    run_arena::<pick::State>(&c).unwrap();
    assert_eq!(seen.load(Ordering::Relaxed), 50);
    assert_eq!(max.load(Ordering::Relaxed), 50);
}

#[test]
fn bad_configurations_are_errors() {
    assert!(matches!(
        run_arena::<pick::State>(&config(&["random", "nobody"], 4, "")),
        Err(ArenaError::UnknownBot(_))
    ));
    assert!(matches!(
        run_arena::<pick::State>(&config(&[], 4, "")),
        Err(ArenaError::NoBots)
    ));
    assert!(matches!(
        run_arena::<pick::State>(&config(&["random"], 4, "rule=nobody")),
        Err(ArenaError::Options(_))
    ));
    let mut c = config(&["random"], 4, "");
    c.players = Some(9);
    assert!(matches!(
        run_arena::<pick::State>(&c),
        Err(ArenaError::Setup(_))
    ));
    // One bot alone fills the smallest table.
    let report = run_arena::<pick::State>(&config(&["random"], 4, "")).unwrap();
    assert_eq!((report.players, report.bots[0].seats_played), (2, 8));
}
