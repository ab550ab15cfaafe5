use parlour_bots::UnknownBot;
use parlour_core::{GameRng, Options, Seat, SeatSet, derive_seed, rng_from_seed};
use parlour_games::{DynBot, RegistryError, make_bot};
use rand::Rng;
use rayon::iter::Either;
use rayon::prelude::*;
use thiserror::Error;

use crate::{DynEnv, History, make_env, try_filled};

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
    /// So many environments that one of their buffers could not be addressed at all.
    #[error("{num_envs} environments of {per_env} bytes each do not fit in memory at all")]
    TooLarge {
        /// The number of environments asked for.
        num_envs: usize,
        /// Bytes each needs in the step buffers.
        per_env: usize,
    },
    /// The allocator refused memory the environments or their buffers need.
    #[error("out of memory: could not allocate {bytes} bytes")]
    OutOfMemory {
        /// The size refused.
        bytes: usize,
    },
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

/// What a step reports in `rewards`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Rewards {
    /// Each seat's win share (`1/k` for each of `k` winners, 0 for the others) in the step a
    /// game ends; zeros in every other step.
    #[default]
    WinShare,
    /// Each seat's change of running score (the game's own points, `Game::scores`) over the
    /// step, bots' moves and chance included: over a game they add up to its final scores less
    /// its first. A game that ends counts its final scores; the next game counts from its start.
    ScoreDelta,
}

/// The seed of environment `env`'s `game`-th game (from 0) in a [`VecEnv`] seeded `seed`.
///
/// SplitMix64 ([`derive_seed`]) is applied three times, to a stream kept for games, then the
/// environment, then the game number, so every `(seed, env, game)` names an unrelated seed:
/// seed 1's games are never seed 2's, nor any environment's another's, up to a 64-bit
/// collision. Opponent bots and [`VecEnv::random_actions`] draw from streams of their own.
#[must_use]
pub fn game_seed(seed: u64, env: u64, game: u64) -> u64 {
    derive_seed(derive_seed(derive_seed(seed, GAMES), env), game)
}

/// The streams a [`VecEnv`]'s seed splits into: games, opponent bots, random actions.
const GAMES: u64 = 0;
const BOTS: u64 = 1;
const EXPLORE: u64 = 2;

/// The end of a game that finished in the last step ([`VecEnv::final_of`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct GameEnd<'a> {
    /// The final observation of the seat that stepped; `None` if the step wrote no
    /// observations.
    pub observation: Option<&'a [f32]>,
    /// The final scores.
    pub scores: &'a [f32],
    /// The win shares.
    pub returns: &'a [f32],
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
    /// The number (from 0) of the game the environment holds.
    games: u64,
    /// The legal ids last reported (sorted), to check the next action against.
    legal: Vec<usize>,
    /// Whether any seat is played by a bot.
    has_bots: bool,
    /// Draws [`VecEnv::random_actions`].
    rng: GameRng,
    /// Whether a game ended in the last step; then the three below hold its end.
    ended: bool,
    /// Whether `final_obs` was written (the step asked for observations).
    final_observed: bool,
    /// The final observation of the seat that stepped.
    final_obs: Vec<f32>,
    final_scores: Vec<f32>,
    final_returns: Vec<f32>,
    /// Running scores when last reported ([`Rewards::ScoreDelta`] only).
    base: Vec<i32>,
    /// Score gained in games that ended since ([`Rewards::ScoreDelta`] only).
    gained: Vec<f32>,
}

/// Many games of one kind stepped together, in parallel: each call takes one action id per
/// environment (for the seat due there), plays chance and opponent bots inside, and restarts
/// finished games from the next seed ([`game_seed`]).
pub struct VecEnv {
    slots: Vec<Slot>,
    game: String,
    opponents: Option<String>,
    learners: SeatSet,
    seed: u64,
    players: u8,
    obs_len: usize,
    ids: usize,
    rewards: Rewards,
    started: bool,
}

impl VecEnv {
    /// `num_envs` games of `game` from `seed` (environment `i`'s `k`-th game is seeded
    /// [`game_seed`]`(seed, i, k)`). With `opponents`, seats not in `learners` are played by that
    /// bot; without, the caller plays every seat. Rewards are win shares unless
    /// [`VecEnv::with_rewards`] says otherwise.
    ///
    /// # Errors
    /// An unknown game or bot, a rejected setup, no environments, bad learner seats, or more
    /// environments than memory holds ([`VecEnvError::TooLarge`], [`VecEnvError::OutOfMemory`]).
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
        let first = make_env(
            game,
            players,
            options.clone(),
            game_seed(seed, 0, 0),
            History::None,
            false,
        )?;
        let (obs_len, ids) = (first.observation_len(), first.num_distinct_actions());
        check_size(num_envs, obs_len, ids, players)?;
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(num_envs)
            .map_err(|_| VecEnvError::OutOfMemory {
                bytes: num_envs.saturating_mul(size_of::<Slot>()),
            })?;
        let mut first = Some(first);
        for index in 0..num_envs as u64 {
            let env = match first.take() {
                Some(env) => env,
                None => make_env(
                    game,
                    players,
                    options.clone(),
                    game_seed(seed, index, 0),
                    History::None,
                    false,
                )?,
            };
            let bots = make_bots(game, opponents, learner_set, players, seed, index)?;
            let n = usize::from(players);
            slots.push(Slot {
                env,
                has_bots: bots.iter().any(Option::is_some),
                bots,
                index,
                games: 0,
                legal: Vec::new(),
                rng: explore_rng(seed, index),
                ended: false,
                final_observed: false,
                final_obs: try_filled(obs_len, 0.0)?,
                final_scores: try_filled(n, 0.0)?,
                final_returns: try_filled(n, 0.0)?,
                base: try_filled(n, 0)?,
                gained: try_filled(n, 0.0)?,
            });
        }
        Ok(VecEnv {
            slots,
            game: game.to_owned(),
            opponents: opponents.map(str::to_owned),
            learners: learner_set,
            seed,
            players,
            obs_len,
            ids,
            rewards: Rewards::WinShare,
            started: false,
        })
    }

    /// The same environments reporting `rewards` in each step.
    #[must_use]
    pub fn with_rewards(mut self, rewards: Rewards) -> Self {
        self.rewards = rewards;
        self
    }

    /// What a step reports in `rewards`.
    #[must_use]
    pub fn rewards(&self) -> Rewards {
        self.rewards
    }

    /// The seed the environments' games derive from (the last given to [`VecEnv::reset`]).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
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

    /// The number (from 0) of the game environment `i` holds: with [`VecEnv::seed`] it names
    /// the game's seed ([`game_seed`]).
    #[must_use]
    pub fn game_number(&self, i: usize) -> Option<u64> {
        self.slots.get(i).map(|s| s.games)
    }

    /// How the game of environment `i` ended in the last step; `None` where no game ended there
    /// (or after a reset).
    #[must_use]
    pub fn final_of(&self, i: usize) -> Option<GameEnd<'_>> {
        self.slots.get(i).filter(|s| s.ended).map(|s| GameEnd {
            observation: s.final_observed.then_some(&s.final_obs[..]),
            scores: &s.final_scores,
            returns: &s.final_returns,
        })
    }

    /// Starts new games and reports their first observations (`rewards` and `dones` are
    /// zeroed). With `seed`, every environment starts over from it: game 0 of each, and opponents
    /// and [`VecEnv::random_actions`] from their first draws, exactly as a new `VecEnv` of that
    /// seed. Without, each environment moves on to its next game (the first reset plays game 0),
    /// so no game is played twice.
    ///
    /// # Errors
    /// Buffers of the wrong length.
    pub fn reset(&mut self, seed: Option<u64>, out: StepOut<'_>) -> Result<(), VecEnvError> {
        self.check(&out, None)?;
        if let Some(seed) = seed {
            // Bots are made before anything changes, so a failure leaves the batch as it was.
            let mut bots = Vec::new();
            bots.try_reserve_exact(self.slots.len())
                .map_err(|_| VecEnvError::OutOfMemory {
                    bytes: self.slots.len().saturating_mul(size_of::<Vec<usize>>()),
                })?;
            for slot in &self.slots {
                bots.push(make_bots(
                    &self.game,
                    self.opponents.as_deref(),
                    self.learners,
                    self.players,
                    seed,
                    slot.index,
                )?);
            }
            for (slot, bots) in self.slots.iter_mut().zip(bots) {
                slot.bots = bots;
                slot.rng = explore_rng(seed, slot.index);
                slot.games = 0;
            }
            self.seed = seed;
        } else if self.started {
            for slot in &mut self.slots {
                slot.games += 1;
            }
        }
        self.started = true;
        let (seed, kind) = (self.seed, self.rewards);
        self.run(
            out,
            rayon::iter::repeat_n(0, self.slots.len()),
            |slot, _| {
                slot.env.restart(game_seed(seed, slot.index, slot.games));
                slot.play_bots(seed, None, false, kind);
                slot.ended = false;
                if kind == Rewards::ScoreDelta {
                    slot.gained.fill(0.0);
                    slot.base.copy_from_slice(&slot.env.game().scores());
                }
            },
        );
        Ok(())
    }

    /// Steps every environment by its action id (for the seat due there). Finished games report
    /// their end ([`VecEnv::final_of`]) and restart.
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
        let (seed, kind) = (self.seed, self.rewards);
        // Without observations (random play, say) a finished game costs no observation either.
        let observe = out.obs.is_some();
        self.run(out, actions.par_iter().copied(), |slot, id| {
            let seat = slot
                .env
                .current()
                .expect("a seat is due where a mask was given");
            slot.env
                .step_quiet(seat, id as usize)
                .expect("checked against the mask");
            slot.ended = false;
            slot.play_bots(seed, Some(seat), observe, kind);
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
        // `new` checked that these products fit.
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

    fn run(
        &mut self,
        out: StepOut<'_>,
        actions: impl IndexedParallelIterator<Item = i64>,
        f: impl Fn(&mut Slot, i64) + Sync,
    ) {
        let (obs_len, ids, players) = (self.obs_len, self.ids, usize::from(self.players));
        let kind = self.rewards;
        let n = self.slots.len();
        let obs = match out.obs {
            Some(o) => Either::Left(o.par_chunks_mut(obs_len).map(Some)),
            None => Either::Right(rayon::iter::repeat_n((), n).map(|()| None)),
        };
        self.slots
            .par_iter_mut()
            .zip(actions)
            .zip(obs)
            .zip(out.mask.par_chunks_mut(ids))
            .zip(out.rewards.par_chunks_mut(players))
            .zip(out.dones.par_iter_mut())
            .zip(out.current.par_iter_mut())
            // Each game's step is short: hand out work in runs, not one by one.
            .with_min_len(64)
            .for_each(|((((((slot, id), obs), mask), rewards), done), current)| {
                f(slot, id);
                *done = slot.ended;
                match kind {
                    Rewards::WinShare if slot.ended => rewards.copy_from_slice(&slot.final_returns),
                    Rewards::WinShare => rewards.fill(0.0),
                    Rewards::ScoreDelta => slot.score_delta(rewards),
                }
                slot.report(obs, mask, current);
            });
    }
}

/// Checks that `num_envs` environments fit with the buffers of one step, before any is made:
/// a size past `isize::MAX` bytes is absurd ([`VecEnvError::TooLarge`]); one the allocator
/// refuses now is [`VecEnvError::OutOfMemory`]. The check reserves the memory and gives it back,
/// so a batch that could not be finished fails here, not halfway through its games.
fn check_size(num_envs: usize, obs_len: usize, ids: usize, players: u8) -> Result<(), VecEnvError> {
    let floats = size_of::<f32>();
    let seats = usize::from(players);
    // Kept per environment: its slot, final observation, final scores, win shares and score
    // bookkeeping. Each step's buffers: observation, mask, rewards, done, current seat.
    let per_env = obs_len
        .checked_mul(2 * floats)
        .and_then(|b| b.checked_add(ids))
        .and_then(|b| b.checked_add(seats * 6 * floats + 1 + size_of::<i64>()))
        .and_then(|b| b.checked_add(size_of::<Slot>()));
    let total = per_env
        .and_then(|b| b.checked_mul(num_envs))
        .filter(|&t| isize::try_from(t).is_ok());
    let Some(total) = total else {
        return Err(VecEnvError::TooLarge {
            num_envs,
            per_env: per_env.unwrap_or(usize::MAX),
        });
    };
    let mut probe = Vec::<u8>::new();
    probe
        .try_reserve_exact(total)
        .map_err(|_| VecEnvError::OutOfMemory { bytes: total })?;
    // An allocation nothing reads may be optimised away, and with it the check.
    std::hint::black_box(probe.as_mut_ptr());
    Ok(())
}

/// The opponent bots of environment `index`, one entry per seat (`None` for a learner's).
fn make_bots(
    game: &str,
    opponents: Option<&str>,
    learners: SeatSet,
    players: u8,
    seed: u64,
    index: u64,
) -> Result<Vec<Option<Box<dyn DynBot>>>, VecEnvError> {
    let mut bots = Vec::with_capacity(usize::from(players));
    for s in Seat::all(players) {
        bots.push(match opponents {
            Some(spec) if !learners.contains(s) => Some(make_bot(
                game,
                spec,
                derive_seed(derive_seed(seed, BOTS), index),
                u64::from(s.0) + 1,
            )?),
            _ => None,
        });
    }
    Ok(bots)
}

fn explore_rng(seed: u64, index: u64) -> GameRng {
    rng_from_seed(derive_seed(derive_seed(seed, EXPLORE), index))
}

impl Slot {
    /// Lets opponent bots move until a learner seat is due, restarting finished games. A game
    /// that ends keeps its end: `observer`'s final observation (if `observe`; none in a reset),
    /// scores and win shares.
    fn play_bots(&mut self, seed: u64, observer: Option<Seat>, observe: bool, kind: Rewards) {
        if !self.has_bots && self.env.current().is_some() {
            return;
        }
        loop {
            match self.env.current() {
                None => {
                    self.finish(observer, observe, kind);
                    self.games += 1;
                    self.env.restart(game_seed(seed, self.index, self.games));
                    if kind == Rewards::ScoreDelta {
                        self.base.copy_from_slice(&self.env.game().scores());
                    }
                }
                Some(seat) => match &mut self.bots[seat.index()] {
                    Some(bot) => self.env.play_bot(&mut **bot, seat),
                    None => return,
                },
            }
        }
    }

    /// Keeps the end of the finished game the environment holds.
    fn finish(&mut self, observer: Option<Seat>, observe: bool, kind: Rewards) {
        self.ended = observer.is_some();
        self.final_observed = observe && self.ended;
        self.env.returns(&mut self.final_returns);
        let outcome = self.env.game().outcome();
        let scores = outcome.as_ref().map(|o| &o.scores);
        for (s, out) in self.final_scores.iter_mut().enumerate() {
            *out = scores.map_or(f32::NAN, |sc| sc[s] as f32);
        }
        if let Some(seat) = observer.filter(|_| observe) {
            self.env.observe(seat, &mut self.final_obs);
        }
        if kind == Rewards::ScoreDelta {
            for ((g, &f), &b) in self
                .gained
                .iter_mut()
                .zip(&self.final_scores)
                .zip(&self.base)
            {
                *g += f - b as f32;
            }
        }
    }

    /// The score gained since the last report, then counts from now.
    fn score_delta(&mut self, rewards: &mut [f32]) {
        let now = self.env.game().scores();
        for (((r, g), b), &n) in rewards
            .iter_mut()
            .zip(&mut self.gained)
            .zip(&mut self.base)
            .zip(&now)
        {
            *r = *g + (n - *b) as f32;
            *g = 0.0;
            *b = n;
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
