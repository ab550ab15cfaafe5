//! Random playouts of whole games (to 1000 points) through the generic `Game` interface,
//! measured in moves per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, rng_from_seed};
use parlour_queen_of_scots::State;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("queen-of-scots");
    for players in [2u8, 4] {
        let options = Options::defaults(State::OPTIONS);
        let fresh = State::new(players, &options).expect("setup");
        // Moves per batch of games, to report moves per second.
        let batch = 16u64;
        let mut moves = 0;
        let mut buf = Vec::new();
        for seed in 0..batch {
            let mut s = fresh.clone();
            moves += parlour_testkit::random_playout(
                &mut s,
                &mut rng_from_seed(seed),
                &mut buf,
                10_000_000,
            );
        }
        group.throughput(Throughput::Elements(moves));
        group.bench_function(
            format!("random games, {players} players ({batch} games)"),
            |b| {
                b.iter(|| {
                    for seed in 0..batch {
                        let mut s = fresh.clone();
                        black_box(parlour_testkit::random_playout(
                            &mut s,
                            &mut rng_from_seed(seed),
                            &mut buf,
                            10_000_000,
                        ));
                    }
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
