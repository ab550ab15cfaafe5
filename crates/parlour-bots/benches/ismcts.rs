//! ISMCTS iterations per second on the tiny trick game (3 players, from the first decision).

#[path = "../tests/support/tiny_tricks.rs"]
mod tiny_tricks;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_bots::{Budget, IsmctsBot, IsmctsConfig, Observation};
use parlour_core::{Game, Options, Seat, rng_from_seed};
use tiny_tricks::State;

const ITERATIONS: u32 = 1_000;

fn bench(c: &mut Criterion) {
    let mut state = State::new(3, &Options::defaults(State::OPTIONS)).expect("3 players");
    parlour_testkit::settle_chance(&mut state, &mut rng_from_seed(1));
    let seat = state.to_act().first_seat().expect("a player acts");
    assert_eq!(seat, Seat(0));
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.bench_function("tiny-tricks 3p, 1000 iterations", |b| {
        let mut bot = IsmctsBot::<State>::new(
            "bench",
            IsmctsConfig::with_budget(Budget::Iterations(ITERATIONS)),
            rng_from_seed(2),
        );
        b.iter(|| bot.analyse(&Observation::new(&state, seat)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
