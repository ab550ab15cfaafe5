//! Random playouts through the generic `Game` interface, measured as moves per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, rng_from_seed};
use parlour_haunted::State;
use parlour_testkit::random_playout;

fn playouts(c: &mut Criterion) {
    let opts = Options::defaults(State::OPTIONS);
    let fresh = State::new(4, &opts).expect("4 players is a valid table");
    // Count the moves of one batch to report a moves/s throughput.
    let mut buf = Vec::new();
    let mut moves = 0;
    for seed in 0..20 {
        let mut s = fresh.clone();
        moves += random_playout(&mut s, &mut rng_from_seed(seed), &mut buf, 1_000_000);
    }
    let mut group = c.benchmark_group("haunted");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("random_playout_4p_x20", |b| {
        b.iter(|| {
            for seed in 0..20 {
                let mut s = fresh.clone();
                black_box(random_playout(
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
