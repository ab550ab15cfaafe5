//! Random playouts through the generic `Game` interface, measured as player moves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, derive_seed, rng_from_seed};
use parlour_rebel_runs::State;

/// Plays `games` seeded random games and returns the number of player moves.
fn playouts(players: u8, games: u64) -> u64 {
    let options = Options::defaults(State::OPTIONS);
    let mut buf = Vec::new();
    let mut moves = 0;
    for g in 0..games {
        let mut rng = rng_from_seed(derive_seed(42, g));
        let mut state = State::new(players, &options).expect("a valid table");
        moves += parlour_testkit::random_playout(&mut state, &mut rng, &mut buf, 10_000_000);
    }
    moves
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("rebel-runs");
    for players in [2u8, 4, 7] {
        let games = 20;
        let moves = playouts(players, games);
        group.throughput(Throughput::Elements(moves));
        group.bench_function(
            format!("random playouts, {players} players, {games} games"),
            |b| {
                b.iter(|| playouts(players, games));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
