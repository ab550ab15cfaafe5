use parlour_bots::UnknownBot;
use parlour_core::{GameRng, Options, Seat, SeatSet, derive_seed, rng_from_seed};
use parlour_games::{DynBot, RegistryError, make_bot};
use rand::Rng;
use rayon::prelude::*;
use thiserror::Error;

use crate::{DynEnv, History, make_env};

/// Errors of building or stepping a [`VecEnv`].
#[derive(Debug, Error)]
pub enum VecEnvError {
    /// Unknown game or a setup it rejects.
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// Unknown opponent bot.
    #[error(transparent)]
    Bot(#[from] UnknownBot),
    /// No environments asked for.
    #[error("num_envs must be at least 1")]
    NoEnvs,
    /// A learner seat outside the table, or none.
    #[error(
        "learner seats {seats:?} must be distinct seats of a {players}-player game, at least one"
    )]
    LearnerSeats {
        /// The seats asked for.
        seats: Vec<i64>,
        /// The player count.
        players: u8,
    },
    /// A buffer of the wrong length.
    #[error("{what} has {got} entries, expected {expected}")]
    Shape {
        /// Which buffer.
        what: &'static str,
        /// Its length.
        got: usize,
        /// The length wanted.
        expected: usize,
    },
    /// `step` or `random_actions` before the first `reset`.
    #[error("call reset() before step()")]
    NotReset,
    /// An action id the environment's current seat may not take; nothing was stepped.
    #[error("environment {env}: action id {id} is not legal for seat {seat} now")]
    Illegal {
        /// Index of the environment.
        env: usize,
        /// The id given.
        id: i64,
        /// The seat to act there.
        seat: u8,
    },
}

/// Where a step's results go: one row per environment.
pub struct StepOut<'a> {
    /// Observations of each environment's current seat, `num_envs × observation_len`; `None`
    /// skips them (random play, or a policy that reads only masks).
    pub obs: Option<&'a mut [f32]>,
    /// Legal next ids of that seat, `num_envs × num_distinct_actions`.
    pub mask: &'a mut [bool],
    /// Win shares of a game that ended in this step (zeros otherwise), `num_envs × players`.
    pub rewards: &'a mut [f32],
    /// Whether a game ended in this step (the environment then holds a new game).
    pub dones: &'a mut [bool],
    /// The seat whose step is due next in each environment.
    pub current: &'a mut [i64],
}

struct Slot {
    env: Box<dyn DynEnv>,
    /// One per seat: the opponent bot, or `None` for a learner seat.
    bots: Vec<Option<Box<dyn DynBot>>>,
    index: u64,
    games: u64,
    /// The legal ids last reported (sorted), to check the next action against.
    legal: Vec<usize>,
    /// Whether any seat is played by a bot.
    has_bots: bool,
    /// Draws [`VecEnv::random_actions`].
    rng: GameRng,
}

/// Many games of one kind stepped together, in parallel: each call takes one action id per
/// environment (for the seat due there), plays chance and opponent bots inside, and restarts
/// finished games from the next seed.
pub struct VecEnv {
    slots: Vec<Slot>,
    seed: u64,
    players: u8,
    obs_len: usize,
    ids: usize,
    started: bool,
}

impl VecEnv {
    /// `num_envs` games of `game` from `seed` (environment `i`'s `k`-th game has a seed derived
    /// from both). With `opponents`, seats not in `learners` are played by that bot; without,
    /// the caller plays every seat.
    ///
    /// # Errors
    /// An unknown game or bot, a rejected setup, no environments, or bad learner seats.
    pub fn new(
        game: &str,
        num_envs: usize,
        players: u8,
        options: Options,
        seed: u64,
        opponents: Option<&str>,
        learners: &[i64],
    ) -> Result<Self, VecEnvError> {
        if num_envs == 0 {
            return Err(VecEnvError::NoEnvs);
        }
        let mut learner_set = SeatSet::EMPTY;
        for &s in learners {
            let bad = s < 0 || s >= i64::from(players) || learner_set.contains(Seat(s as u8));
            if bad {
                return Err(VecEnvError::LearnerSeats {
                    seats: learners.to_vec(),
                    players,
                });
            }
            learner_set.insert(Seat(s as u8));
        }
        if opponents.is_some() && learner_set.is_empty() {
            return Err(VecEnvError::LearnerSeats {
                seats: learners.to_vec(),
                players,
            });
        }
        let mut slots = Vec::with_capacity(num_envs);
        for index in 0..num_envs as u64 {
            let env = make_env(
                game,
                players,
                options.clone(),
                game_seed(seed, index, 0),
                History::None,
                false,
            )?;
            let mut bots = Vec::with_capacity(usize::from(players));
            for s in Seat::all(players) {
                bots.push(match opponents {
                    Some(spec) if !learner_set.contains(s) => Some(make_bot(
                        game,
                        spec,
                        derive_seed(seed, index),
                        u64::from(s.0) + 1,
                    )?),
                    _ => None,
                });
            }
            slots.push(Slot {
                env,
                has_bots: bots.iter().any(Option::is_some),
                bots,
                index,
                games: 0,
                legal: Vec::new(),
                rng: rng_from_seed(derive_seed(seed, index ^ 0x5EED_AC71)),
            });
        }
        let obs_len = slots[0].env.observation_len();
        let ids = slots[0].env.num_distinct_actions();
        Ok(VecEnv {
            slots,
            seed,
            players,
            obs_len,
            ids,
            started: false,
        })
    }

    /// Number of environments.
    #[must_use]
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Seats per game.
    #[must_use]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Length of one observation.
    #[must_use]
    pub fn observation_len(&self) -> usize {
        self.obs_len
    }

    /// Number of action ids.
    #[must_use]
    pub fn num_distinct_actions(&self) -> usize {
        self.ids
    }

    /// Environment `i`'s game.
    #[must_use]
    pub fn env(&self, i: usize) -> Option<&dyn DynEnv> {
        self.slots.get(i).map(|s| &*s.env)
    }

    /// Restarts every environment from the seed and reports the first observations (`rewards`
    /// and `dones` are zeroed).
    ///
    /// # Errors
    /// Buffers of the wrong length.
    pub fn reset(&mut self, out: StepOut<'_>) -> Result<(), VecEnvError> {
        self.check(&out, None)?;
        self.started = true;
        let seed = self.seed;
        self.run(out, |slot| {
            slot.games = 0;
            slot.env.restart(game_seed(seed, slot.index, 0));
            slot.play_bots(seed)
        });
        Ok(())
    }

    /// Steps every environment by its action id (for the seat due there). Finished games report
    /// their win shares and restart.
    ///
    /// # Errors
    /// Buffers of the wrong length, or an id not legal in some environment (then nothing is
    /// stepped).
    pub fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), VecEnvError> {
        self.check(&out, Some(actions))?;
        if !self.started {
            return Err(VecEnvError::NotReset);
        }
        for (env, (slot, &id)) in self.slots.iter().zip(actions).enumerate() {
            let ok = usize::try_from(id).is_ok_and(|i| slot.legal.binary_search(&i).is_ok());
            if !ok {
                return Err(VecEnvError::Illegal {
                    env,
                    id,
                    seat: slot.env.current().map_or(u8::MAX, |s| s.0),
                });
            }
        }
        let seed = self.seed;
        self.run_with(out, actions, |slot, id| {
            let seat = slot
                .env
                .current()
                .expect("a seat is due where a mask was given");
            slot.env
                .step_quiet(seat, id as usize)
                .expect("checked against the mask");
            slot.play_bots(seed)
        });
        Ok(())
    }

    /// A uniformly random legal id per environment (from the last reported masks), drawn from
    /// each environment's own stream: exploration, or random play without a policy.
    ///
    /// # Errors
    /// `out` of the wrong length.
    pub fn random_actions(&mut self, out: &mut [i64]) -> Result<(), VecEnvError> {
        if !self.started {
            return Err(VecEnvError::NotReset);
        }
        if out.len() != self.slots.len() {
            return Err(VecEnvError::Shape {
                what: "actions",
                got: out.len(),
                expected: self.slots.len(),
            });
        }
        self.slots
            .par_iter_mut()
            .zip(out.par_iter_mut())
            .for_each(|(slot, a)| {
                *a = slot.legal[slot.rng.random_range(0..slot.legal.len())] as i64;
            });
        Ok(())
    }

    fn check(&self, out: &StepOut<'_>, actions: Option<&[i64]>) -> Result<(), VecEnvError> {
        let n = self.slots.len();
        let sizes = [
            (
                "obs",
                out.obs.as_ref().map_or(n * self.obs_len, |o| o.len()),
                n * self.obs_len,
            ),
            ("mask", out.mask.len(), n * self.ids),
            ("rewards", out.rewards.len(), n * usize::from(self.players)),
            ("dones", out.dones.len(), n),
            ("current", out.current.len(), n),
            ("actions", actions.map_or(n, <[i64]>::len), n),
        ];
        for (what, got, expected) in sizes {
            if got != expected {
                return Err(VecEnvError::Shape {
                    what,
                    got,
                    expected,
                });
            }
        }
        Ok(())
    }

    fn run(&mut self, out: StepOut<'_>, f: impl Fn(&mut Slot) -> Option<Vec<f32>> + Sync) {
        let zeros = vec![0; self.slots.len()];
        self.run_with(out, &zeros, |slot, _| f(slot));
    }

    fn run_with(
        &mut self,
        out: StepOut<'_>,
        actions: &[i64],
        f: impl Fn(&mut Slot, i64) -> Option<Vec<f32>> + Sync,
    ) {
        let (obs_len, ids, players) = (self.obs_len, self.ids, usize::from(self.players));
        let n = self.slots.len();
        let obs: Vec<Option<&mut [f32]>> = match out.obs {
            Some(o) => o.chunks_mut(obs_len).map(Some).collect(),
            None => (0..n).map(|_| None).collect(),
        };
        self.slots
            .par_iter_mut()
            .zip(actions.par_iter())
            .zip(obs.into_par_iter())
            .zip(out.mask.par_chunks_mut(ids))
            .zip(out.rewards.par_chunks_mut(players))
            .zip(out.dones.par_iter_mut())
            .zip(out.current.par_iter_mut())
            // Each game's step is short: hand out work in runs, not one by one.
            .with_min_len(64)
            .for_each(|((((((slot, &id), obs), mask), rewards), done), current)| {
                let finished = f(slot, id);
                *done = finished.is_some();
                match finished {
                    Some(r) => rewards.copy_from_slice(&r),
                    None => rewards.fill(0.0),
                }
                slot.report(obs, mask, current);
            });
    }
}

impl Slot {
    /// Lets opponent bots move until a learner seat is due, restarting finished games; the
    /// win shares of a game that ended on the way.
    fn play_bots(&mut self, seed: u64) -> Option<Vec<f32>> {
        if !self.has_bots && self.env.current().is_some() {
            return None;
        }
        let mut finished = None;
        loop {
            match self.env.current() {
                None => {
                    let mut r = vec![0.0; usize::from(self.env.game().players())];
                    self.env.returns(&mut r);
                    finished = Some(r);
                    self.games += 1;
                    self.env.restart(game_seed(seed, self.index, self.games));
                }
                Some(seat) => match &mut self.bots[seat.index()] {
                    Some(bot) => self.env.play_bot(&mut **bot, seat),
                    None => return finished,
                },
            }
        }
    }

    fn report(&mut self, obs: Option<&mut [f32]>, mask: &mut [bool], current: &mut i64) {
        let seat = self
            .env
            .current()
            .expect("a learner seat is due after play_bots");
        if let Some(obs) = obs {
            self.env.observe(seat, obs);
        }
        self.env.legal_ids_mut(seat, &mut self.legal);
        mask.fill(false);
        for &id in &self.legal {
            mask[id] = true;
        }
        *current = i64::from(seat.0);
    }
}

fn game_seed(seed: u64, env: u64, game: u64) -> u64 {
    derive_seed(derive_seed(seed, env), game)
}
