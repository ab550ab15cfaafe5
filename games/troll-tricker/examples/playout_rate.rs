//! Plays random games and prints the number of player moves, for timing with a CPU-time tool
//! (`time cargo run --release --example playout_rate -- 4 20000`): moves / user seconds is the
//! per-core rate without other load on the machine counted in.

use parlour_core::{Game, Options, rng_from_seed};
use parlour_testkit::random_playout;
use parlour_troll_tricker::State;

/// Nanoseconds this thread has run on a CPU (Linux `schedstat`), so other load on the machine
/// does not count; falls back to 0 elsewhere.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let start = State::new(players, &Options::defaults(State::OPTIONS)).expect("valid setup");
    let mut rng = rng_from_seed(1);
    let mut buf = Vec::new();
    let t = std::time::Instant::now();
    let c = cpu_ns();
    let mut moves = 0;
    for _ in 0..games {
        let mut s = start.clone();
        moves += random_playout(&mut s, &mut rng, &mut buf, 10_000);
    }
    let secs = t.elapsed().as_secs_f64();
    let cpu = (cpu_ns() - c) as f64 / 1e9;
    // Trick play alone: one dealt hand replayed with random cards.
    let mut dealt = start.clone();
    parlour_testkit::settle_chance(&mut dealt, &mut rng);
    let t2 = std::time::Instant::now();
    let c2 = cpu_ns();
    let mut hand_moves = 0u64;
    for _ in 0..games * 3 {
        let mut s = dealt.clone();
        while let parlour_core::ToAct::Seats(seats) = s.to_act() {
            let seat = seats.first().expect("a seat");
            parlour_testkit::random_action(&mut s, seat, &mut rng, &mut buf);
            hand_moves += 1;
        }
    }
    let secs2 = t2.elapsed().as_secs_f64();
    let cpu2 = (cpu_ns() - c2) as f64 / 1e9;
    println!(
        "trick play only: {hand_moves} moves, {secs2:.3} s wall, {:.1} M moves/s per CPU second",
        hand_moves as f64 / cpu2 / 1e6
    );
    println!(
        "{players} players: {games} games, {moves} moves, {secs:.3} s wall, {:.1} M moves/s wall, {:.1} M moves/s per CPU second",
        moves as f64 / secs / 1e6,
        moves as f64 / cpu / 1e6
    );
}
