//! The native module of the `parlour` Python package (`parlour._native`): games by id with
//! their encodings (`Game`), bots by name (`Bot`) and many games stepped at once
//! (`VectorEnv`). The Python package re-exports it and adds PettingZoo and OpenSpiel
//! adapters.

use pyo3::prelude::*;

mod bot;
mod convert;
mod game;
mod layout;
mod vector;

pyo3::create_exception!(
    _native,
    IllegalAction,
    pyo3::exceptions::PyValueError,
    "An action, id or chance outcome the rules do not allow now; the game is unchanged."
);

/// OpenSpiel's player id of a chance node.
const CHANCE: i64 = -1;
/// OpenSpiel's player id of a node where several seats act at once.
const SIMULTANEOUS: i64 = -2;
/// OpenSpiel's player id of a finished game.
const TERMINAL: i64 = -4;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("IllegalAction", m.py().get_type::<IllegalAction>())?;
    m.add("CHANCE", CHANCE)?;
    m.add("SIMULTANEOUS", SIMULTANEOUS)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add_function(wrap_pyfunction!(convert::games, m)?)?;
    m.add_function(wrap_pyfunction!(convert::limits, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot, m)?)?;
    m.add_function(wrap_pyfunction!(vector::game_seed, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<vector::VectorEnv>()?;
    Ok(())
}
