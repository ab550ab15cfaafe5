//! `parlour.bot(name)`: the engine's bots, playing any game through a seat's observation.

use std::collections::HashMap;
use std::sync::Mutex;

use parlour_games::{DynBot, make_bot};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::IllegalAction;
use crate::game::Game;

/// A bot by name (`random`, `greedy`, `ismcts:easy|medium|hard`, `ismcts:<N>`,
/// `ismcts:<N>ms`, a game's own policy such as `solver`). It sees only the observation of the
/// seat it plays for, never the hidden cards.
/// A bot per game and seat.
type Seated = HashMap<(&'static str, u8), Box<dyn DynBot>>;

#[pyclass(module = "parlour._native")]
pub struct Bot {
    name: String,
    seed: u64,
    /// One bot per game and seat, made when first asked.
    bots: Mutex<Seated>,
}

/// The bot named `name`, its randomness drawn from `seed`.
#[pyfunction]
#[pyo3(signature = (name, seed=0))]
pub fn bot(name: &str, #[pyo3(from_py_with = crate::convert::seed)] seed: u64) -> PyResult<Bot> {
    // A name is good if some registered game has that bot (a game's own policy is its alone).
    let mut first_error = None;
    for info in parlour_games::games() {
        match make_bot(info.id, name, seed, 0) {
            Ok(_) => {
                first_error = None;
                break;
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if let Some(e) = first_error {
        return Err(PyValueError::new_err(e.to_string()));
    }
    Ok(Bot {
        name: name.to_owned(),
        seed,
        bots: Mutex::new(HashMap::new()),
    })
}

#[pymethods]
impl Bot {
    /// The bot's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The action the bot takes for `seat` in `game`, in notation (the game is unchanged).
    /// Releases the GIL while it thinks.
    fn act(&self, py: Python<'_>, game: PyRef<'_, Game>, seat: i64) -> PyResult<String> {
        let s = crate::convert::seat(seat, game.env.game().players())?;
        if !game.env.game().to_act().seats().contains(s) {
            return Err(IllegalAction::new_err(format!(
                "seat {seat} has nothing to do now"
            )));
        }
        let id = game.env.game().game_id();
        let mut bots = self
            .bots
            .lock()
            .expect("no bot panics while holding the lock");
        let bot = match bots.entry((id, s.0)) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => e.insert(
                make_bot(id, &self.name, self.seed, u64::from(s.0) + 1)
                    .map_err(|e| PyValueError::new_err(format!("{id}: {e}")))?,
            ),
        };
        let env = game.env.game();
        Ok(py.detach(|| bot.choose(env, s)))
    }

    fn __repr__(&self) -> String {
        format!("<parlour.Bot {} seed={}>", self.name, self.seed)
    }
}
