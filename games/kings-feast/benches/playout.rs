//! Random playouts through the generic interface, measured as moves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::{Game, Options, rng_from_seed};
use parlour_kings_feast::State;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("kings-feast");
    for arr in parlour_kings_feast::BUILTIN_NAMES {
        let opts = Options::parse_list(State::OPTIONS, &format!("arrangement={arr}"))
            .expect("valid options");
        let fresh = State::new(1, &opts).expect("valid setup");
        // Count the moves of a fixed batch once, to report moves per second.
        let mut rng = rng_from_seed(1);
        let mut buf = Vec::new();
        let mut moves = 0;
        for _ in 0..100 {
            let mut st = fresh.clone();
            moves += parlour_testkit::random_playout(&mut st, &mut rng, &mut buf, 1_000_000);
        }
        group.throughput(Throughput::Elements(moves));
        group.bench_function(format!("random_playouts_100/{arr}"), |b| {
            b.iter(|| {
                let mut rng = rng_from_seed(1);
                let mut buf = Vec::new();
                let mut total = 0;
                for _ in 0..100 {
                    let mut st = fresh.clone();
                    total +=
                        parlour_testkit::random_playout(&mut st, &mut rng, &mut buf, 1_000_000);
                }
                total
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
