//! `parlour.VectorEnv`: many games stepped per call in Rust, on all cores.

use std::sync::Mutex;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use parlour_env::{GameEnd, Rewards, StepOut, VecEnv, VecEnvError, try_filled};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::IllegalAction;
use crate::convert::game_info;
use crate::game::Game;

/// `num_envs` games of one kind stepped together. Each `step` takes one action id per game,
/// for the seat due there (`current`); chance, and opponent bots where asked for, play inside;
/// a game that ends sets `dones`, keeps its end in `final_observation`, `final_scores` and
/// `final_returns`, and restarts from its next seed, so the returned observation is already
/// the new game's. `rewards` are win shares at the end (`"win-share"`) or score changes in
/// every step (`"score-delta"`).
#[pyclass(module = "parlour._native")]
pub struct VectorEnv {
    /// Locked only to satisfy Python's sharing rules: calls come one at a time.
    inner: Mutex<VecEnv>,
    num_envs: usize,
    players: u8,
    obs_len: usize,
    ids: usize,
}

/// Outputs of one call, before they become numpy arrays.
struct Buffers {
    obs: Option<Vec<f32>>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    current: Vec<i64>,
}

impl VectorEnv {
    /// The buffers of one call; `VecEnv::new` checked that their sizes fit.
    fn buffers(&self, observe: bool) -> PyResult<Buffers> {
        let n = self.num_envs;
        let obs = if observe {
            Some(try_filled(n * self.obs_len, 0.0).map_err(vec_error)?)
        } else {
            None
        };
        Ok(Buffers {
            obs,
            mask: try_filled(n * self.ids, false).map_err(vec_error)?,
            rewards: try_filled(n * usize::from(self.players), 0.0).map_err(vec_error)?,
            dones: try_filled(n, false).map_err(vec_error)?,
            current: try_filled(n, 0).map_err(vec_error)?,
        })
    }

    /// One of the ends kept by the last step, as an `[N, cols]` array: NaN rows where no game
    /// ended.
    fn finals<'py>(
        &self,
        py: Python<'py>,
        cols: usize,
        pick: impl for<'a> Fn(GameEnd<'a>) -> Option<&'a [f32]>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.inner.lock().expect("no step panicked");
        let mut data = try_filled(self.num_envs * cols, f32::NAN).map_err(vec_error)?;
        for (i, row) in data.chunks_exact_mut(cols).enumerate() {
            if let Some(end) = inner.final_of(i).and_then(&pick) {
                row.copy_from_slice(end);
            }
        }
        matrix(py, data, self.num_envs, cols)
    }
}

impl Buffers {
    fn out(&mut self) -> StepOut<'_> {
        StepOut {
            obs: self.obs.as_deref_mut(),
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            current: &mut self.current,
        }
    }
}

fn vec_error(e: VecEnvError) -> PyErr {
    match e {
        VecEnvError::Illegal { .. } => IllegalAction::new_err(e.to_string()),
        VecEnvError::OutOfMemory { .. } => PyMemoryError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

fn matrix<'py, T: numpy::Element>(
    py: Python<'py>,
    data: Vec<T>,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_vec(py, data)
        .reshape([rows, cols])?
        .into_any())
}

fn observations<'py>(
    py: Python<'py>,
    data: Option<Vec<f32>>,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyAny>> {
    match data {
        Some(d) => matrix(py, d, rows, cols),
        None => Ok(py.None().into_bound(py)),
    }
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (game_id, num_envs, players=None, seed=0, options=None, opponents=None, learner_seats=None, rewards="win-share"))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    fn new(
        game_id: &str,
        num_envs: usize,
        players: Option<i64>,
        #[pyo3(from_py_with = crate::convert::seed)] seed: u64,
        options: Option<&Bound<'_, PyAny>>,
        opponents: Option<&str>,
        learner_seats: Option<Vec<i64>>,
        rewards: &str,
    ) -> PyResult<Self> {
        let rewards = match rewards {
            "win-share" => Rewards::WinShare,
            "score-delta" => Rewards::ScoreDelta,
            other => {
                return Err(PyValueError::new_err(format!(
                    "rewards must be \"win-share\" or \"score-delta\", not {other:?}"
                )));
            }
        };
        let info = game_info(game_id)?;
        let n = crate::convert::players(&info, players)?;
        let opts = crate::convert::options(&info, options)?;
        let learners = learner_seats.unwrap_or_else(|| {
            if opponents.is_some() {
                vec![0]
            } else {
                (0..i64::from(n)).collect()
            }
        });
        let inner = VecEnv::new(game_id, num_envs, n, opts, seed, opponents, &learners)
            .map_err(vec_error)?
            .with_rewards(rewards);
        Ok(VectorEnv {
            num_envs: inner.num_envs(),
            players: inner.players(),
            obs_len: inner.observation_len(),
            ids: inner.num_distinct_actions(),
            inner: Mutex::new(inner),
        })
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// Seats per game.
    #[getter]
    fn players(&self) -> u8 {
        self.players
    }

    /// How many action ids there are.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.ids
    }

    /// Shape of one observation.
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.obs_len])
    }

    /// The seed the games derive from (the last given to `reset`).
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.lock().expect("no step panicked").seed()
    }

    /// `"win-share"` or `"score-delta"`.
    #[getter]
    fn rewards(&self) -> &'static str {
        match self.inner.lock().expect("no step panicked").rewards() {
            Rewards::WinShare => "win-share",
            Rewards::ScoreDelta => "score-delta",
        }
    }

    /// Starts new games: `(obs, mask, current)`; `obs` is None with `observe=False`. With
    /// `seed`, everything starts over from it (as a new `VectorEnv` of that seed); without, each
    /// game is followed by its next one.
    #[pyo3(signature = (seed=None, observe=true))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        #[pyo3(from_py_with = crate::convert::optional_seed)] seed: Option<u64>,
        observe: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut b = self.buffers(observe)?;
        let inner = self.inner.get_mut().expect("no step panicked");
        py.detach(|| inner.reset(seed, b.out()))
            .map_err(vec_error)?;
        let n = self.num_envs;
        PyTuple::new(
            py,
            [
                observations(py, b.obs, n, self.obs_len)?,
                matrix(py, b.mask, n, self.ids)?,
                PyArray1::from_vec(py, b.current).into_any(),
            ],
        )
    }

    /// Steps every game by its action id: `(obs, mask, rewards, dones, current)`; `obs` is None
    /// with `observe=False`.
    #[pyo3(signature = (actions, observe=true))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        observe: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions: Vec<i64> = if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
            a.as_slice()?.to_vec()
        } else if let Ok(v) = actions.extract::<Vec<i64>>() {
            v
        } else {
            return Err(PyTypeError::new_err(
                "actions must be a 1-D int64 numpy array or a list of ints, one per game",
            ));
        };
        let mut b = self.buffers(observe)?;
        let inner = self.inner.get_mut().expect("no step panicked");
        py.detach(|| inner.step(&actions, b.out()))
            .map_err(vec_error)?;
        let n = self.num_envs;
        PyTuple::new(
            py,
            [
                observations(py, b.obs, n, self.obs_len)?,
                matrix(py, b.mask, n, self.ids)?,
                matrix(py, b.rewards, n, usize::from(self.players))?,
                PyArray1::from_vec(py, b.dones).into_any(),
                PyArray1::from_vec(py, b.current).into_any(),
            ],
        )
    }

    /// A uniformly random legal id per game, drawn in Rust from each game's own seeded stream
    /// (random play or exploration without a round trip through numpy).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = try_filled(self.num_envs, 0).map_err(vec_error)?;
        let inner = self.inner.get_mut().expect("no step panicked");
        py.detach(|| inner.random_actions(&mut out))
            .map_err(vec_error)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Final observations `[N, L]` of the games that ended in the last `step`, each of the seat
    /// that stepped it; NaN rows where none ended (and all NaN after `step(observe=False)`).
    #[getter]
    fn final_observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.finals(py, self.obs_len, |e| e.observation)
    }

    /// Final scores `[N, players]` of the games that ended in the last `step`; NaN elsewhere.
    #[getter]
    fn final_scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.finals(py, usize::from(self.players), |e| Some(e.scores))
    }

    /// Win shares `[N, players]` of the games that ended in the last `step`; NaN elsewhere.
    #[getter]
    fn final_returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.finals(py, usize::from(self.players), |e| Some(e.returns))
    }

    /// The number (from 0) of the game each environment holds: game `k` of environment `i`
    /// is seeded `game_seed(seed, i, k)`.
    fn game_numbers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let inner = self.inner.lock().expect("no step panicked");
        let mut out = try_filled(self.num_envs, 0).map_err(vec_error)?;
        for (i, k) in out.iter_mut().enumerate() {
            *k = inner.game_number(i).expect("one per environment");
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// The observation's named parts, as `Game.observation_layout()`.
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let inner = self.inner.lock().expect("no step panicked");
        let env = inner.env(0).expect("at least one environment");
        crate::layout::to_py(py, &env.observation_layout())
    }

    /// A copy of game `i` (it keeps no record).
    fn game(&self, i: usize) -> PyResult<Game> {
        let inner = self.inner.lock().expect("no step panicked");
        let env = inner.env(i).ok_or_else(|| {
            PyValueError::new_err(format!("no game {i}: there are {}", self.num_envs))
        })?;
        Ok(Game {
            env: env.clone_box(),
        })
    }

    fn __len__(&self) -> usize {
        self.num_envs
    }
}

/// The seed of environment `env`'s `game`-th game (from 0) in a `VectorEnv` seeded `seed`
/// (SplitMix64 over the seed, the environment and the game number: distinct triples give
/// unrelated seeds). PettingZoo's `env(seed=s)` plays `game_seed(s, 0, k)` as its `k`-th game.
#[pyfunction]
#[pyo3(signature = (seed, env=0, game=0))]
pub fn game_seed(
    #[pyo3(from_py_with = crate::convert::seed)] seed: u64,
    #[pyo3(from_py_with = crate::convert::number)] env: u64,
    #[pyo3(from_py_with = crate::convert::number)] game: u64,
) -> u64 {
    parlour_env::game_seed(seed, env, game)
}
