//! Simulations of a real game: determinism, records, and bots that differ in strength.

use parlour_core::{Game, Options};
use parlour_record::{Match, Record};
use parlour_sim::{SimConfig, play_one, simulate};
use parlour_troll_tricker::State;

fn config(games: u64, bots: &[&str], threads: usize) -> SimConfig {
    SimConfig {
        players: 4,
        options: Options::defaults(State::OPTIONS),
        games,
        bots: bots.iter().map(|b| (*b).to_owned()).collect(),
        seed: 77,
        threads,
        keep_records: false,
    }
}

fn no_records(_: u64, _: &Record) -> Result<(), String> {
    Ok(())
}

#[test]
fn kept_records_replay_to_the_simulated_result() {
    let mut cfg = config(1, &["greedy", "random"], 1);
    let fast = play_one::<State>(&cfg, 3).unwrap();
    cfg.keep_records = true;
    let kept = play_one::<State>(&cfg, 3).unwrap();
    assert_eq!(
        fast.scores, kept.scores,
        "the fast path and the recording path play the same game"
    );
    let replayed = Match::<State>::from_record(kept.record.as_ref().unwrap()).unwrap();
    assert_eq!(replayed.state().outcome().unwrap().scores, kept.scores);
}

#[test]
fn greedy_beats_random_at_troll_tricker() {
    let report = simulate::<State>(
        &config(400, &["greedy", "random", "random", "random"], 0),
        &|_| {},
        &no_records,
    )
    .unwrap();
    let greedy = &report.seats[0];
    assert_eq!(greedy.bot, "greedy");
    // A random seat wins about a quarter of 4-player games.
    assert!(
        greedy.ci95[0] > 0.25,
        "greedy win rate {:.3} (interval {:?})",
        greedy.win_rate,
        greedy.ci95
    );
    assert!(
        report.seats[1..]
            .iter()
            .all(|s| s.win_rate < greedy.win_rate)
    );
}

#[test]
fn progress_is_reported_once_per_game() {
    let count = std::sync::atomic::AtomicU64::new(0);
    let report = simulate::<State>(
        &config(50, &["random"], 2),
        &|n| {
            count.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        },
        &no_records,
    )
    .unwrap();
    assert_eq!(count.into_inner(), 50);
    assert_eq!(report.games, 50);
    assert!(
        (report.length.actions.mean - 132.0).abs() < 1e-9,
        "3 hands × 11 tricks × 4 players"
    );
}
