//! Conversions between Python values and the engine's: options, seats, JSON, errors.

use parlour_core::{Options, Seat};
use parlour_games::{GameInfo, find, games as registered};
use pyo3::exceptions::{PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use serde_json::{Value, json};

/// Every game: id, name, player counts (every count some options allow, and those the default
/// options allow), summary, how the first player is chosen, whether seats sometimes act at
/// once, the most player actions at the default options, options (id, kind, default, help,
/// bounds, choices) and whether it has a solver.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let list: Vec<Value> = registered().iter().map(game_json).collect();
    json_to_py(py, &Value::Array(list))
}

fn game_json(g: &GameInfo) -> Value {
    // A count the default options refuse needs a variant (Reading the Play's two players).
    let defaults = Options::defaults(g.options);
    let at_defaults: Vec<u8> = g
        .players
        .clone()
        .filter(|&n| g.limits(n, &defaults).is_ok())
        .collect();
    json!({
        "id": g.id,
        "name": g.name,
        "min_players": g.players.start(),
        "max_players": g.players.end(),
        "default_players": g.default_players(),
        "players_at_defaults": at_defaults,
        "summary": g.summary,
        "first_player": g.first_player.id(),
        "simultaneous": g.simultaneous,
        "max_steps": g.max_steps(),
        "has_solver": g.has_solver,
        "options": g.options,
    })
}

/// What bounds a game of `game_id` with `players` (default: the usual count) and `options`:
/// `max_steps`, the most player actions (`None` where the game declares no bound);
/// `max_action_ids`, the most action ids a game takes (the game's declared budget where it
/// declares no step bound); `observation_low` and
/// `observation_high`, the least and most of any entry of the game's encoding.
#[pyfunction]
#[pyo3(signature = (game_id, players=None, options=None))]
pub fn limits<'py>(
    py: Python<'py>,
    game_id: &str,
    players: Option<i64>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let info = game_info(game_id)?;
    let n = self::players(&info, players)?;
    let options = self::options(&info, options)?;
    let limits = info
        .limits(n, &options)
        .map_err(|e| PyValueError::new_err(format!("{}: {e}", info.id)))?;
    let out = PyDict::new(py);
    out.set_item("max_steps", limits.max_steps)?;
    out.set_item("max_action_ids", limits.max_action_ids)?;
    out.set_item("observation_low", limits.observation_bounds.0)?;
    out.set_item("observation_high", limits.observation_bounds.1)?;
    Ok(out)
}
/// A seed argument: an int in 0..2^64-1, as records keep it. PyO3's own conversion answers
/// `-1` with a bare `OverflowError`; this names the range in a `ValueError` instead.
pub fn seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    in_u64(value, || {
        format!("seed {value} is out of range: seeds are 0..2^64-1")
    })
}

/// An environment or game number (`game_seed`'s `env` and `game`): an int in 0..2^64-1, named
/// in a `ValueError` when out of range, as [`seed`] does.
pub fn number(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    in_u64(value, || {
        format!("{value} is out of range: environment and game numbers are 0..2^64-1")
    })
}

/// `value` as a `u64`; out of range, a `ValueError` saying `what` and the top of the range.
fn in_u64(value: &Bound<'_, PyAny>, what: impl FnOnce() -> String) -> PyResult<u64> {
    value.extract::<u64>().map_err(|e| {
        if e.is_instance_of::<PyOverflowError>(value.py()) {
            PyValueError::new_err(format!("{} (0 to {})", what(), u64::MAX))
        } else {
            e
        }
    })
}

/// An optional seed argument (`None` or as [`seed`]).
pub fn optional_seed(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if value.is_none() {
        Ok(None)
    } else {
        seed(value).map(Some)
    }
}

/// The game's info, or a `KeyError` listing the known ids.
pub fn game_info(id: &str) -> PyResult<GameInfo> {
    find(id).map_err(|e| PyKeyError::new_err(e.to_string()))
}

/// Options from `None`, a `k=v,...` string or a dict of values (bools, ints, strings).
pub fn options(info: &GameInfo, value: Option<&Bound<'_, PyAny>>) -> PyResult<Options> {
    let bad = |e: parlour_core::OptionError| PyValueError::new_err(format!("{}: {e}", info.id));
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Options::defaults(info.options));
    };
    if value.is_instance_of::<PyString>() {
        return info.parse_options(&value.extract::<String>()?).map_err(bad);
    }
    let dict = value
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("options must be a dict, a `k=v,...` string or None"))?;
    let mut pairs = Vec::with_capacity(dict.len());
    for (k, v) in dict.iter() {
        let key: String = k.extract()?;
        let text = if let Ok(b) = v.cast::<PyBool>() {
            b.is_true().to_string()
        } else {
            v.str()?.extract::<String>()?
        };
        pairs.push((key, text));
    }
    Options::parse(
        info.options,
        pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(bad)
}

/// The player count asked for, or the game's default, checked.
pub fn players(info: &GameInfo, players: Option<i64>) -> PyResult<u8> {
    let n = players.unwrap_or(i64::from(info.default_players()));
    if !(i64::from(*info.players.start())..=i64::from(*info.players.end())).contains(&n) {
        return Err(PyValueError::new_err(format!(
            "{} takes {} to {} players, not {n}",
            info.id,
            info.players.start(),
            info.players.end()
        )));
    }
    Ok(n as u8)
}

/// A seat of an `n`-player game, or a `ValueError`.
pub fn seat(seat: i64, players: u8) -> PyResult<Seat> {
    if (0..i64::from(players)).contains(&seat) {
        Ok(Seat(seat as u8))
    } else {
        Err(PyValueError::new_err(format!(
            "seat {seat} does not exist in a {players}-player game (seats 0 to {})",
            players - 1
        )))
    }
}

/// A JSON value as Python objects (dicts, lists, str, int, float, bool, None).
pub fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    let text = value.to_string();
    py.import("json")?.call_method1("loads", (text,))
}
