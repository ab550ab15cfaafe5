//! Random playouts through the generic `Game` interface, measured as player moves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, rng_from_seed};
use parlour_testkit::random_playout;
use parlour_troll_tricker::State;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("troll-tricker");
    for players in [3u8, 4, 7] {
        let start = State::new(players, &Options::defaults(State::OPTIONS)).expect("valid setup");
        let mut rng = rng_from_seed(1);
        let mut buf = Vec::new();
        // Every game has exactly 3 hands x 11 tricks x n plays.
        group.throughput(Throughput::Elements(33 * u64::from(players)));
        group.bench_function(format!("random playout {players}p"), |b| {
            b.iter(|| {
                let mut s = start.clone();
                random_playout(&mut s, &mut rng, &mut buf, 10_000)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
