//! `parlour.Game`: one game in progress, by id, with its encoding.

use numpy::PyArray1;
use parlour_core::{Seat, ToAct, Viewer};
use parlour_env::{DynEnv, EnvError, History, env_from_record, make_env};
use parlour_record::Record;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::convert::{game_info, json_to_py, seat};
use crate::{CHANCE, IllegalAction, SIMULTANEOUS, TERMINAL};

/// A game in progress: the full state, kept in Rust. Each seat sees it through `view(seat)`
/// and `observation(seat)`, which hold only what that seat may know. Chance is drawn from the
/// seed unless `explicit_chance` is set.
#[pyclass(module = "parlour._native")]
pub struct Game {
    pub(crate) env: Box<dyn DynEnv>,
}

pub(crate) fn illegal(e: &EnvError) -> PyErr {
    IllegalAction::new_err(e.to_string())
}

impl Game {
    fn seat(&self, s: i64) -> PyResult<Seat> {
        seat(s, self.env.game().players())
    }

    fn viewer(&self, s: Option<i64>) -> PyResult<Option<Seat>> {
        s.map(|s| self.seat(s)).transpose()
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game_id, players=None, options=None, seed=0, explicit_chance=false))]
    fn new(
        game_id: &str,
        players: Option<i64>,
        options: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = crate::convert::seed)] seed: u64,
        explicit_chance: bool,
    ) -> PyResult<Self> {
        let info = game_info(game_id)?;
        let n = crate::convert::players(&info, players)?;
        let opts = crate::convert::options(&info, options)?;
        let env = make_env(game_id, n, opts, seed, History::Kept, explicit_chance)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game { env })
    }

    /// The game a record (JSON text, as `record()` writes) leads to.
    #[staticmethod]
    #[pyo3(signature = (text, explicit_chance=false))]
    fn from_record(text: &str, explicit_chance: bool) -> PyResult<Self> {
        let record = Record::from_json(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let env = env_from_record(&record, explicit_chance)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game { env })
    }

    /// Registry id.
    #[getter]
    fn id(&self) -> &'static str {
        self.env.game().game_id()
    }

    /// Display name.
    #[getter]
    fn name(&self) -> &'static str {
        self.env.game().game_name()
    }

    /// Number of seats.
    #[getter]
    fn players(&self) -> u8 {
        self.env.game().players()
    }

    /// The seed chance is drawn from.
    #[getter]
    fn seed(&self) -> u64 {
        self.env.game().seed()
    }

    /// Whether chance nodes wait for `draw_chance` or `apply_chance`.
    #[getter]
    fn explicit_chance(&self) -> bool {
        self.env.explicit_chance()
    }

    /// How many action ids there are.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.env.num_distinct_actions()
    }

    /// Shape of `observation(seat)`: one flat axis.
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.env.observation_len()])
    }

    /// Shape of the game's own encoding (the first part of an observation).
    #[getter]
    fn game_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.env.game_observation_shape())
    }

    /// The observation's named parts, in order: dicts of `name`, `offset`, `shape`, `meaning`,
    /// `low` and `high` (the range of the part's entries).
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        crate::layout::to_py(py, &self.env.observation_layout())
    }

    /// The most ids an action takes.
    #[getter]
    fn max_spelling_len(&self) -> usize {
        self.env.max_spelling_len()
    }

    /// Seats to act now (empty at chance or at the end).
    fn to_act(&self) -> Vec<i64> {
        self.env
            .game()
            .to_act()
            .seats()
            .iter()
            .map(|s| i64::from(s.0))
            .collect()
    }

    /// The seat whose step is due (the lowest to act), or `CHANCE`, or `TERMINAL`.
    fn current_player(&self) -> i64 {
        match self.env.game().to_act() {
            ToAct::Terminal => TERMINAL,
            ToAct::Chance => CHANCE,
            ToAct::Seats(_) => self.env.current().map_or(TERMINAL, |s| i64::from(s.0)),
        }
    }

    /// `CHANCE`, `TERMINAL`, `SIMULTANEOUS` when several seats act at once, else the seat.
    fn node_player(&self) -> i64 {
        match self.env.game().to_act() {
            ToAct::Seats(s) if s.len() > 1 => SIMULTANEOUS,
            _ => self.current_player(),
        }
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.env.game().to_act() == ToAct::Terminal
    }

    /// Whether a chance event is due (only with `explicit_chance`).
    fn is_chance(&self) -> bool {
        self.env.game().to_act() == ToAct::Chance
    }

    /// Whether several seats act at once (secret simultaneous choices).
    fn is_simultaneous(&self) -> bool {
        self.env.game().to_act().seats().len() > 1
    }

    /// `seat`'s legal actions, whole, in notation.
    fn legal_actions(&self, seat: i64) -> PyResult<Vec<String>> {
        Ok(self.env.game().legal(self.seat(seat)?))
    }

    /// The ids `seat` may step next (after its pending ids), sorted.
    fn legal_action_ids(&mut self, seat: i64) -> PyResult<Vec<usize>> {
        let mut out = Vec::new();
        let seat = self.seat(seat)?;
        self.env.legal_ids_mut(seat, &mut out);
        Ok(out)
    }

    /// `legal_action_ids` as a boolean mask over every id.
    fn legal_action_mask<'py>(
        &mut self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut ids = Vec::new();
        let seat = self.seat(seat)?;
        self.env.legal_ids_mut(seat, &mut ids);
        let mut mask = vec![false; self.env.num_distinct_actions()];
        for id in ids {
            mask[id] = true;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The ids `seat` has chosen of an action it has not finished spelling.
    fn pending(&self, seat: i64) -> PyResult<Vec<usize>> {
        Ok(self.env.pending(self.seat(seat)?))
    }

    /// `seat` acts: a whole action in notation (str), or one action id (int). Returns the
    /// completed action's notation, or None while a spelling goes on. Raises `IllegalAction`
    /// and changes nothing when the rules do not allow it.
    fn apply(&mut self, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let s = self.seat(seat)?;
        if let Ok(id) = action.extract::<i64>() {
            let id = usize::try_from(id)
                .map_err(|_| IllegalAction::new_err(format!("action id {id} is negative")))?;
            return self.env.step(s, id).map_err(|e| illegal(&e));
        }
        if let Ok(text) = action.extract::<String>() {
            self.env.apply_text(s, &text).map_err(|e| illegal(&e))?;
            return Ok(Some(text));
        }
        Err(PyTypeError::new_err(
            "an action is its notation (str) or an action id (int)",
        ))
    }

    /// The ids that spell `seat`'s legal action given in notation.
    fn action_ids(&self, seat: i64, action: &str) -> PyResult<Vec<usize>> {
        self.env
            .spell_text(self.seat(seat)?, action)
            .map_err(|e| illegal(&e))
    }

    /// The name of an action id.
    fn action_id_text(&self, id: usize) -> PyResult<String> {
        if id >= self.env.num_distinct_actions() {
            return Err(PyValueError::new_err(format!(
                "action id {id} is out of range (this game has {})",
                self.env.num_distinct_actions()
            )));
        }
        Ok(self.env.action_id_text(id))
    }

    /// `seat`'s observation (float32, `observation_shape`): only what `seat` may know.
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut out = vec![0.0; self.env.observation_len()];
        self.env.observe(self.seat(seat)?, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// What the due chance event is and how its outcome is written (None if none is due).
    fn chance_hint(&self) -> Option<String> {
        self.env.game().chance_hint()
    }

    /// Draws the due chance outcome from the seed; its text.
    fn draw_chance(&mut self) -> PyResult<String> {
        self.env
            .draw_chance()
            .ok_or_else(|| IllegalAction::new_err("no chance event is due"))
    }

    /// Applies a stated chance outcome.
    fn apply_chance(&mut self, text: &str) -> PyResult<()> {
        self.env.apply_chance_text(text).map_err(|e| illegal(&e))
    }

    /// `seat`'s view as a dict (None: a spectator's).
    #[pyo3(signature = (seat=None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.env.game().view_json(self.viewer(seat)?))
    }

    /// `seat`'s view drawn as text (None: a spectator's).
    #[pyo3(signature = (seat=None))]
    fn view_text(&self, seat: Option<i64>) -> PyResult<String> {
        Ok(self.env.game().view_text(self.viewer(seat)?))
    }

    /// Running scores (final once over).
    fn scores(&self) -> Vec<i32> {
        self.env.game().scores()
    }

    /// `{"scores": [...], "winners": [...]}` once over, else None.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.env
            .game()
            .outcome()
            .map(|o| {
                let v = serde_json::json!({
                    "scores": o.scores,
                    "winners": o.winners.iter().map(|s| s.0).collect::<Vec<_>>(),
                });
                json_to_py(py, &v)
            })
            .transpose()
    }

    /// Win share per seat once over (`1/k` for each of `k` winners), zeros before.
    fn returns(&self) -> Vec<f32> {
        let mut out = vec![0.0; usize::from(self.env.game().players())];
        self.env.returns(&mut out);
        out
    }

    /// Rounds (hands, deals) begun.
    fn round(&self) -> u32 {
        self.env.game().round()
    }

    /// Everything that happened, as `seat` may see it (None: a spectator).
    #[pyo3(signature = (seat=None))]
    fn log(&self, seat: Option<i64>) -> PyResult<Vec<String>> {
        let viewer = Viewer::from(self.viewer(seat)?);
        let game = self.env.game();
        if !game.keeps_history() {
            return Err(PyValueError::new_err("a resampled game keeps no log"));
        }
        Ok(game.log(viewer))
    }

    /// An independent copy.
    fn clone(&self) -> Self {
        Game {
            env: self.env.clone_box(),
        }
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// The record so far as JSON text (`parlour replay` reads it; `Game.from_record` too).
    fn record(&self) -> PyResult<String> {
        let game = self.env.game();
        if !game.keeps_history() {
            return Err(PyValueError::new_err("a resampled game has no record"));
        }
        Ok(game.record().to_json())
    }

    /// Ids of the cards (or other secrets) `seat` must not see now (None: a spectator).
    #[pyo3(signature = (seat=None))]
    fn secrets(&self, seat: Option<i64>) -> PyResult<Vec<String>> {
        Ok(self.env.game().secrets(self.viewer(seat)?))
    }

    /// A game `seat` cannot tell from this one: what it cannot see drawn anew from `seed`
    /// (OpenSpiel's `resample_from_infostate`). It has no record or log.
    fn resample(
        &self,
        seat: i64,
        #[pyo3(from_py_with = crate::convert::seed)] seed: u64,
    ) -> PyResult<Self> {
        Ok(Game {
            env: self.env.resample(self.seat(seat)?, seed),
        })
    }

    fn __str__(&self) -> String {
        self.env.game().view_text(None)
    }

    fn __repr__(&self) -> String {
        format!(
            "<parlour.Game {} players={} seed={} round={}{}>",
            self.env.game().game_id(),
            self.env.game().players(),
            self.env.game().seed(),
            self.env.game().round(),
            if self.is_terminal() { " over" } else { "" }
        )
    }
}
