//! Random playouts through the generic `Game` interface, measured as player actions per second
//! (the shared `parlour_testkit::bench_playouts`), one benchmark per built-in arrangement.

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_kings_feast::State;
use parlour_testkit::bench_playouts;

fn playouts(c: &mut Criterion) {
    for arr in parlour_kings_feast::BUILTIN_NAMES {
        bench_playouts::<State>(c, 1, &format!("arrangement={arr}"));
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
