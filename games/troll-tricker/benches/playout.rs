//! Random playouts through the generic `Game` interface, measured as player actions per second
//! (the shared `parlour_testkit::bench_playouts`).

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_testkit::bench_playouts;
use parlour_troll_tricker::State;

fn playouts(c: &mut Criterion) {
    bench_playouts::<State>(c, 3, "");
    bench_playouts::<State>(c, 4, "");
    bench_playouts::<State>(c, 7, "");
}

criterion_group!(benches, playouts);
criterion_main!(benches);
