//! Random playouts through the generic `Game` interface, measured as player actions per second
//! (the shared `parlour_testkit::bench_playouts`).

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_haunted::State;
use parlour_testkit::bench_playouts;

fn playouts(c: &mut Criterion) {
    bench_playouts::<State>(c, 4, "");
}

criterion_group!(benches, playouts);
criterion_main!(benches);
