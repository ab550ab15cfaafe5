//! Random playouts through the generic `Game` interface, measured as player moves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, rng_from_seed};
use parlour_holy_matrimony::State;
use parlour_testkit::random_playout;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("holy-matrimony");
    for players in [2u8, 4, 7] {
        // Random commits rarely reach 55, so games run to `max_rounds`; cap them at 50 rounds
        // (about 50 x n commits per game; the throughput uses one probe game's count).
        let opts = Options::parse_list(State::OPTIONS, "max_rounds=50").expect("valid options");
        let start = State::new(players, &opts).expect("valid setup");
        let mut rng = rng_from_seed(1);
        let mut buf = Vec::new();
        let mut probe = start.clone();
        let moves = random_playout(&mut probe, &mut rng, &mut buf, 1_000_000);
        group.throughput(Throughput::Elements(moves));
        group.bench_function(format!("random playout {players}p"), |b| {
            b.iter(|| {
                let mut s = start.clone();
                random_playout(&mut s, &mut rng, &mut buf, 1_000_000)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
