//! Batched stepping, random play: `cargo bench -p parlour-env`. One step is one move of one
//! game; throughput is in moves per second (`RAYON_NUM_THREADS=1` for one core).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_env::{StepOut, VecEnv};
use parlour_games::find;

const ENVS: usize = 1024;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("vec_env");
    group.throughput(Throughput::Elements(ENVS as u64));
    for (game, players) in [("troll-tricker", 4), ("rebel-runs", 4), ("haunted", 4)] {
        for observe in [false, true] {
            let options = find(game).unwrap().parse_options("").unwrap();
            let learners: Vec<i64> = (0..i64::from(players)).collect();
            let mut v = VecEnv::new(game, ENVS, players, options, 1, None, &learners).unwrap();
            let mut obs = vec![0.0; ENVS * v.observation_len()];
            let mut mask = vec![false; ENVS * v.num_distinct_actions()];
            let mut rewards = vec![0.0; ENVS * usize::from(players)];
            let mut dones = vec![false; ENVS];
            let mut current = vec![0; ENVS];
            let mut actions = vec![0; ENVS];
            macro_rules! out {
                () => {
                    StepOut {
                        obs: observe.then_some(&mut obs[..]),
                        mask: &mut mask,
                        rewards: &mut rewards,
                        dones: &mut dones,
                        current: &mut current,
                    }
                };
            }
            v.reset(None, out!()).unwrap();
            let name = format!("{game}/{}", if observe { "observe" } else { "masks" });
            group.bench_function(name, |b| {
                b.iter(|| {
                    v.random_actions(&mut actions).unwrap();
                    v.step(&actions, out!()).unwrap();
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
