//! Random playouts through the generic `Game` interface, measured as player actions per second
//! (the shared `parlour_testkit::bench_playouts`).

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_queen_of_scots::State;
use parlour_testkit::bench_playouts;

fn playouts(c: &mut Criterion) {
    bench_playouts::<State>(c, 2, "");
    bench_playouts::<State>(c, 4, "");
}

criterion_group!(benches, playouts);
criterion_main!(benches);
