//! One way for every game to measure random playouts (criterion, behind the `criterion`
//! feature).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use parlour_core::{Game, Options, rng_from_seed};

use crate::random_playout;

/// Games in one measured batch; seeds `0..PLAYOUT_BATCH`.
pub const PLAYOUT_BATCH: u64 = 16;

/// Steps after which a benchmark playout is a bug, not a long game.
const MAX_PLAYOUT_STEPS: u64 = 10_000_000;

/// Benchmarks random playouts of `G` with `players` seats and `options` (`k=v,...`): each
/// iteration plays the same [`PLAYOUT_BATCH`] games from a fresh state, seeded `0..PLAYOUT_BATCH`, and the
/// throughput is their player actions, so criterion reports actions per second. The benchmark
/// is named `<game id>/random playouts, <players>p[, <options>]`.
///
/// # Panics
/// If the game rejects the player count or the options, or a playout breaks the game's
/// contract (see [`random_playout`]).
pub fn bench_playouts<G: Game>(c: &mut Criterion, players: u8, options: &str) {
    let options_set = Options::parse_list(G::OPTIONS, options)
        .unwrap_or_else(|e| panic!("{}: options `{options}`: {e}", G::ID));
    let fresh = G::new(players, &options_set)
        .unwrap_or_else(|e| panic!("{}: {players} players: {e}", G::ID));
    let mut buf = Vec::new();
    let mut batch = || {
        (0..PLAYOUT_BATCH)
            .map(|seed| {
                let mut state = fresh.clone();
                random_playout(
                    &mut state,
                    &mut rng_from_seed(seed),
                    &mut buf,
                    MAX_PLAYOUT_STEPS,
                )
            })
            .sum::<u64>()
    };
    // The batch is seeded, so every iteration takes exactly these actions.
    let actions = batch();
    let name = if options.is_empty() {
        format!("random playouts, {players}p")
    } else {
        format!("random playouts, {players}p, {options}")
    };
    let mut group = c.benchmark_group(G::ID);
    group.throughput(Throughput::Elements(actions));
    group.bench_function(name, |b| b.iter(|| black_box(batch())));
    group.finish();
}
