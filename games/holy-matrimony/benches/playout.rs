//! Random playouts through the generic `Game` interface, measured as player actions per second
//! (the shared `parlour_testkit::bench_playouts`).

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_holy_matrimony::State;
use parlour_testkit::bench_playouts;

fn playouts(c: &mut Criterion) {
    // Random commits rarely reach the target, so games run to `max_rounds`; cap them at 50.
    bench_playouts::<State>(c, 2, "max_rounds=50");
    bench_playouts::<State>(c, 4, "max_rounds=50");
    bench_playouts::<State>(c, 7, "max_rounds=50");
}

criterion_group!(benches, playouts);
criterion_main!(benches);
