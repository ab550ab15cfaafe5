//! The environments over every registered game: spellings, masks, bots and batches.

use parlour_core::{Seat, ToAct, derive_seed, rng_from_seed};
use parlour_env::{
    DynEnv, History, Rewards, StepOut, VecEnv, VecEnvError, env_from_record, game_seed, make_env,
};
use parlour_games::{find, games};
use rand::Rng;

fn env(id: &str, players: u8, seed: u64, history: History) -> Box<dyn DynEnv> {
    let options = find(id).unwrap().parse_options("").unwrap();
    make_env(id, players, options, seed, history, false).unwrap()
}

fn observation(e: &dyn DynEnv, seat: Seat) -> Vec<f32> {
    let mut out = vec![0.0; e.observation_len()];
    e.observe(seat, &mut out);
    out
}

/// Player counts worth covering: the smallest, the default and the largest (those the default
/// options allow: two-player Reading the Play needs an option).
fn counts(id: &str) -> Vec<u8> {
    let g = find(id).unwrap();
    let mut c = vec![*g.players.start(), g.default_players(), *g.players.end()];
    c.dedup();
    let options = g.parse_options("").unwrap();
    c.retain(|&n| make_env(id, n, options.clone(), 0, History::None, false).is_ok());
    c
}

#[test]
fn every_legal_action_is_reached_by_stepping_its_spelling_and_nothing_else_is_accepted() {
    for g in games() {
        for players in counts(g.id) {
            for seed in 0..1 {
                let mut e = env(g.id, players, seed, History::Kept);
                let mut rng = rng_from_seed(derive_seed(seed, 77));
                let mut ids = Vec::new();
                let mut steps = 0;
                while let Some(seat) = e.current() {
                    steps += 1;
                    assert!(steps < 100_000, "{}: no end", g.id);
                    // Every whole action: its spelling, stepped on a copy, applies exactly it.
                    let legal = e.game().legal(seat);
                    let pending = e.pending(seat);
                    let mut next = Vec::new();
                    for text in legal.iter().take(16) {
                        let spelling = e.spell_text(seat, text).unwrap();
                        if spelling.len() > pending.len() && spelling.starts_with(&pending) {
                            next.push(spelling[pending.len()]);
                        }
                        if !pending.is_empty() {
                            continue;
                        }
                        let mut copy = e.clone_box();
                        for (i, &id) in spelling.iter().enumerate() {
                            let done = copy.step(seat, id).unwrap_or_else(|e| {
                                panic!("{}: {text} spelt {spelling:?}: {e}", g.id)
                            });
                            if i + 1 == spelling.len() {
                                assert_eq!(done.as_deref(), Some(text.as_str()), "{}", g.id);
                            } else {
                                assert_eq!(done, None, "{}: {text} ended early", g.id);
                                assert_eq!(copy.pending(seat), spelling[..=i], "{}", g.id);
                            }
                        }
                        let entries = copy.game().record().actions;
                        assert_eq!(
                            entries.get(e.game().entries().len()),
                            Some(&format!("{}: {text}", seat.0)),
                            "{}: the spelling did not apply `{text}`",
                            g.id
                        );
                    }
                    e.legal_ids(seat, &mut ids);
                    if legal.len() <= 16 {
                        next.sort_unstable();
                        next.dedup();
                        assert_eq!(ids, next, "{}: mask is not the legal next ids", g.id);
                    }
                    // An id outside the mask is refused and changes nothing.
                    let before = observation(&*e, seat);
                    if let Some(bad) = (0..e.num_distinct_actions()).find(|i| !ids.contains(i)) {
                        assert!(e.step(seat, bad).is_err(), "{}: id {bad} accepted", g.id);
                        assert_eq!(observation(&*e, seat), before, "{}", g.id);
                    }
                    assert!(e.step(seat, e.num_distinct_actions()).is_err());
                    let id = ids[rng.random_range(0..ids.len())];
                    e.step(seat, id).unwrap();
                }
                assert_eq!(e.game().to_act(), ToAct::Terminal, "{}", g.id);
                let mut r = vec![0.0; usize::from(players)];
                e.returns(&mut r);
                let total: f32 = r.iter().sum();
                let winners = e.game().outcome().unwrap().winners.len();
                assert!(
                    (total - if winners > 0 { 1.0 } else { 0.0 }).abs() < 1e-6,
                    "{}: win shares {r:?}",
                    g.id
                );
                // The record replays in the engine's own replayer to the same game and log.
                let record = e.game().record();
                let m = parlour_games::replay(&record).unwrap();
                assert_eq!(m.view_json(None), e.game().view_json(None), "{}", g.id);
                assert_eq!(m.scores(), e.game().scores(), "{}", g.id);
                let spectator = parlour_core::Viewer::Spectator;
                assert_eq!(m.log(spectator), e.game().log(spectator), "{}", g.id);
                let replayed = env_from_record(&record, false).unwrap();
                assert_eq!(replayed.game().record(), record, "{}", g.id);
                for s in Seat::all(players) {
                    assert_eq!(observation(&*replayed, s), observation(&*e, s), "{}", g.id);
                }
            }
        }
    }
}

#[test]
fn a_resampled_game_looks_the_same_to_its_observer_pending_ids_included() {
    for g in games() {
        let players = find(g.id).unwrap().default_players();
        let mut e = env(g.id, players, 5, History::None);
        let mut rng = rng_from_seed(5);
        let mut ids = Vec::new();
        for step in 0..60u64 {
            let Some(seat) = e.current() else { break };
            let r = e.resample(seat, step);
            assert_eq!(observation(&*r, seat), observation(&*e, seat), "{}", g.id);
            assert_eq!(r.pending(seat), e.pending(seat));
            assert!(!r.game().keeps_history());
            e.legal_ids(seat, &mut ids);
            e.step(seat, ids[rng.random_range(0..ids.len())]).unwrap();
        }
    }
}

struct Batch {
    obs: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    current: Vec<i64>,
}

impl Batch {
    fn new(v: &VecEnv) -> Self {
        let n = v.num_envs();
        Batch {
            obs: vec![0.0; n * v.observation_len()],
            mask: vec![false; n * v.num_distinct_actions()],
            rewards: vec![0.0; n * usize::from(v.players())],
            dones: vec![false; n],
            current: vec![0; n],
        }
    }
    fn out(&mut self) -> StepOut<'_> {
        StepOut {
            obs: Some(&mut self.obs),
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            current: &mut self.current,
        }
    }
    /// A random legal id per environment.
    fn pick(&self, v: &VecEnv, rng: &mut impl Rng) -> Vec<i64> {
        self.mask
            .chunks(v.num_distinct_actions())
            .map(|m| {
                let legal: Vec<usize> = (0..m.len()).filter(|&i| m[i]).collect();
                legal[rng.random_range(0..legal.len())] as i64
            })
            .collect()
    }
}

fn run(
    game: &str,
    opponents: Option<&str>,
    seed: u64,
    steps: usize,
) -> (Vec<f32>, usize, Vec<f32>) {
    let options = find(game).unwrap().parse_options("").unwrap();
    let mut v = VecEnv::new(game, 8, 3, options, seed, opponents, &[0]).unwrap();
    let mut b = Batch::new(&v);
    v.reset(None, b.out()).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut finished = 0;
    let mut rewards = vec![0.0; 3];
    for _ in 0..steps {
        let actions = b.pick(&v, &mut rng);
        v.step(&actions, b.out()).unwrap();
        if opponents.is_some() {
            assert!(
                b.current.iter().all(|&c| c == 0),
                "only the learner is asked"
            );
        }
        for (i, &d) in b.dones.iter().enumerate() {
            let row = &b.rewards[i * 3..i * 3 + 3];
            if d {
                finished += 1;
                let total: f32 = row.iter().sum();
                assert!(total <= 1.0 + 1e-6, "win shares {row:?}");
                for (r, x) in rewards.iter_mut().zip(row) {
                    *r += x;
                }
            } else {
                assert!(row.iter().all(|&x| x == 0.0), "a reward before the end");
            }
        }
    }
    (b.obs, finished, rewards)
}

#[test]
fn a_batch_is_the_same_from_the_same_seed_and_restarts_finished_games() {
    let (a, finished, _) = run("troll-tricker", None, 1, 400);
    let (b, _, _) = run("troll-tricker", None, 1, 400);
    let (c, _, _) = run("troll-tricker", None, 2, 400);
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert!(
        finished >= 8,
        "every game of 8 ends within 400 steps: {finished}"
    );
}

#[test]
fn opponents_play_inside_the_batch_so_only_the_learner_seat_is_asked() {
    let (_, finished, rewards) = run("troll-tricker", Some("random"), 3, 300);
    assert!(finished >= 8, "{finished}");
    assert!(rewards.iter().sum::<f32>() > 0.0);
}

#[test]
fn an_illegal_id_steps_no_game() {
    let options = find("troll-tricker").unwrap().parse_options("").unwrap();
    let mut v = VecEnv::new(
        "troll-tricker",
        4,
        4,
        options.clone(),
        9,
        None,
        &[0, 1, 2, 3],
    )
    .unwrap();
    let mut fresh = VecEnv::new("troll-tricker", 4, 4, options, 9, None, &[0, 1, 2, 3]).unwrap();
    let mut b = Batch::new(&v);
    let mut f = Batch::new(&fresh);
    v.reset(None, b.out()).unwrap();
    fresh.reset(None, f.out()).unwrap();
    let mut rng = rng_from_seed(1);
    let mut actions = b.pick(&v, &mut rng);
    let good = actions.clone();
    let bad = (0..v.num_distinct_actions()).find(|&i| !b.mask[v.num_distinct_actions() * 2 + i]);
    actions[2] = bad.unwrap() as i64;
    let e = v.step(&actions, b.out()).unwrap_err();
    assert!(e.to_string().contains("environment 2"), "{e}");
    assert!(v.step(&[0], b.out()).is_err(), "too few actions");
    v.step(&good, b.out()).unwrap();
    fresh.step(&good, f.out()).unwrap();
    assert_eq!(b.obs, f.obs);
    assert_eq!(b.current, f.current);
}

fn troll_tricker(n: usize, seed: u64, opponents: Option<&str>, learners: &[i64]) -> VecEnv {
    let options = find("troll-tricker").unwrap().parse_options("").unwrap();
    VecEnv::new("troll-tricker", n, 4, options, seed, opponents, learners).unwrap()
}

#[test]
fn a_finished_game_keeps_its_end_and_score_deltas_add_up_to_its_scores() {
    for opponents in [None, Some("random")] {
        let learners: &[i64] = if opponents.is_some() {
            &[1]
        } else {
            &[0, 1, 2, 3]
        };
        let mut v = troll_tricker(6, 4, opponents, learners).with_rewards(Rewards::ScoreDelta);
        let mut b = Batch::new(&v);
        v.reset(None, b.out()).unwrap();
        let mut rng = rng_from_seed(8);
        let mut totals = [[0.0_f32; 4]; 6];
        let mut ended = 0;
        while ended < 12 {
            let actions = b.pick(&v, &mut rng);
            let before: Vec<_> = (0..6).map(|i| v.env(i).unwrap().clone_box()).collect();
            v.step(&actions, b.out()).unwrap();
            for i in 0..6 {
                for (t, r) in totals[i].iter_mut().zip(&b.rewards[i * 4..i * 4 + 4]) {
                    *t += r;
                }
                let Some(end) = v.final_of(i) else {
                    assert!(!b.dones[i]);
                    continue;
                };
                assert!(b.dones[i]);
                ended += 1;
                // The game as it stood before the step, played on by the same moves.
                let mut g = before[i].clone_box();
                let seat = g.current().unwrap();
                g.step_quiet(seat, actions[i] as usize).unwrap();
                let o = g.game().outcome();
                if let Some(o) = o {
                    let want: Vec<f32> = o.scores.iter().map(|&s| s as f32).collect();
                    assert_eq!(end.scores, &want[..]);
                    let mut r = vec![0.0; 4];
                    g.returns(&mut r);
                    assert_eq!(end.returns, &r[..]);
                    let mut seen = vec![0.0; g.observation_len()];
                    g.observe(seat, &mut seen);
                    assert_eq!(
                        end.observation,
                        Some(&seen[..]),
                        "the final observation of the seat that stepped"
                    );
                } else {
                    // Bots ended it: its scores are still a real end, not zeros.
                    assert!(end.scores.iter().any(|&s| s != 0.0));
                }
                assert_eq!(
                    &totals[i][..],
                    end.scores,
                    "score deltas add up to the final scores"
                );
                totals[i] = [0.0; 4];
            }
        }
    }
}

#[test]
fn reset_without_a_seed_moves_on_and_with_one_starts_over() {
    let mut v = troll_tricker(3, 5, Some("random"), &[0]);
    let mut b = Batch::new(&v);
    v.reset(None, b.out()).unwrap();
    let first = b.obs.clone();
    let seeds = |v: &VecEnv| {
        (0..3)
            .map(|i| v.env(i).unwrap().game().seed())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        seeds(&v),
        (0..3).map(|i| game_seed(5, i, 0)).collect::<Vec<_>>()
    );
    v.reset(None, b.out()).unwrap();
    assert_eq!(
        seeds(&v),
        (0..3).map(|i| game_seed(5, i, 1)).collect::<Vec<_>>()
    );
    assert_ne!(b.obs, first);
    // Played a while, then reseeded: the same as a new batch of that seed, bots included.
    let mut rng = rng_from_seed(1);
    for _ in 0..30 {
        let a = b.pick(&v, &mut rng);
        v.step(&a, b.out()).unwrap();
    }
    v.reset(Some(9), b.out()).unwrap();
    let mut fresh = troll_tricker(3, 9, Some("random"), &[0]);
    let mut f = Batch::new(&fresh);
    fresh.reset(None, f.out()).unwrap();
    for _ in 0..200 {
        assert_eq!(
            (&b.obs, &b.rewards, &b.dones),
            (&f.obs, &f.rewards, &f.dones)
        );
        let mut a = vec![0; 3];
        v.random_actions(&mut a).unwrap();
        let mut c = vec![0; 3];
        fresh.random_actions(&mut c).unwrap();
        assert_eq!(a, c);
        v.step(&a, b.out()).unwrap();
        fresh.step(&c, f.out()).unwrap();
    }
}

#[test]
fn seeds_give_disjoint_game_streams() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..8 {
        for env in 0..32 {
            for game in 0..64 {
                assert!(
                    seen.insert(game_seed(seed, env, game)),
                    "{seed} {env} {game}"
                );
            }
        }
    }
}

#[test]
fn absurd_sizes_are_errors_not_aborts() {
    let options = find("troll-tricker").unwrap().parse_options("").unwrap();
    let too_large = VecEnv::new(
        "troll-tricker",
        usize::MAX / 8,
        4,
        options.clone(),
        0,
        None,
        &[0],
    );
    assert!(matches!(too_large, Err(VecEnvError::TooLarge { .. })));
    // Addressable, but far past any machine's memory.
    let huge = VecEnv::new("troll-tricker", 1 << 44, 4, options, 0, None, &[0]);
    // Refused as a whole by the size check (two observations per environment), not halfway.
    let want = (1_usize << 44) * 912 * 4 * 2;
    assert!(
        matches!(huge, Err(VecEnvError::OutOfMemory { bytes }) if bytes > want),
        "{:?}",
        huge.err()
    );
}

#[test]
fn every_games_layout_names_its_whole_observation_and_bounds_each_entry() {
    for g in games() {
        for players in counts(g.id) {
            let mut e = env(g.id, players, 3, History::None);
            let layout = e.observation_layout();
            let mut next = 0;
            let mut names = std::collections::HashSet::new();
            for part in &layout {
                assert_eq!(
                    part.offset, next,
                    "{}: {} follows the last part",
                    g.id, part.name
                );
                assert!(names.insert(part.name), "{}: {} twice", g.id, part.name);
                assert!(part.low <= part.high, "{}: {}", g.id, part.name);
                next += part.len();
            }
            assert_eq!(next, e.observation_len(), "{}: the parts cover it", g.id);
            let mut rng = rng_from_seed(derive_seed(players.into(), 5));
            let mut ids = Vec::new();
            let mut seen = vec![false; layout.len()];
            for _ in 0..400 {
                let Some(seat) = e.current() else { break };
                let obs = observation(&*e, seat);
                for (k, part) in layout.iter().enumerate() {
                    for &x in &obs[part.offset..part.offset + part.len()] {
                        assert!(
                            (part.low..=part.high).contains(&x),
                            "{} ({players} players): {} holds {x}, outside [{}, {}]",
                            g.id,
                            part.name,
                            part.low,
                            part.high
                        );
                        seen[k] |= x != 0.0;
                    }
                }
                e.legal_ids(seat, &mut ids);
                e.step(seat, ids[rng.random_range(0..ids.len())]).unwrap();
            }
            assert!(seen.iter().any(|&s| s), "{}: some part is ever set", g.id);
        }
    }
}
