//! Random playouts through the generic `Game` interface, measured in moves per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, rng_from_seed};
use parlour_reading_the_play::State;

fn playouts(c: &mut Criterion) {
    let options = Options::defaults(State::OPTIONS);
    let fresh = State::new(4, &options).expect("setup");
    // Moves per playout, averaged over a fixed batch, to report moves per second.
    let batch = 64u64;
    let mut moves = 0;
    let mut buf = Vec::new();
    for seed in 0..batch {
        let mut s = fresh.clone();
        moves +=
            parlour_testkit::random_playout(&mut s, &mut rng_from_seed(seed), &mut buf, 1_000_000);
    }
    let mut group = c.benchmark_group("reading-the-play");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("random playouts, 4 players (64 games)", |b| {
        b.iter(|| {
            for seed in 0..batch {
                let mut s = fresh.clone();
                black_box(parlour_testkit::random_playout(
                    &mut s,
                    &mut rng_from_seed(seed),
                    &mut buf,
                    1_000_000,
                ));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
