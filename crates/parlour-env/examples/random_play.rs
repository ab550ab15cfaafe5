//! Random play through a batch for a fixed number of steps, for profilers (instruction counts
//! do not depend on the machine's load): `random_play [GAME] [PLAYERS] [STEPS] [observe]`.

use std::time::Instant;

use parlour_env::{StepOut, VecEnv};
use parlour_games::find;

const ENVS: usize = 1024;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("troll-tricker", String::as_str);
    let players: u8 = args
        .get(2)
        .map_or(4, |s| s.parse().expect("a player count"));
    let steps: usize = args
        .get(3)
        .map_or(200, |s| s.parse().expect("a step count"));
    let observe = args.get(4).is_some_and(|s| s == "observe");
    let options = find(game)
        .expect("a game id")
        .parse_options("")
        .expect("defaults");
    let learners: Vec<i64> = (0..i64::from(players)).collect();
    let mut v = VecEnv::new(game, ENVS, players, options, 1, None, &learners).expect("a setup");
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
    v.reset(None, out!()).expect("buffers fit");
    let start = Instant::now();
    for _ in 0..steps {
        v.random_actions(&mut actions).expect("after reset");
        v.step(&actions, out!()).expect("legal ids");
    }
    let moves = (steps * ENVS) as f64;
    println!(
        "{game}: {moves} moves, {:.0} moves/s",
        moves / start.elapsed().as_secs_f64()
    );
}
