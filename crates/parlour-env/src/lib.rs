//! Fixed-size learning environments over every parlour game.
//!
//! Each game defines an [`parlour_core::Encoding`]: an observation tensor per seat and a fixed
//! set of action ids. [`Env`] steps one game id by id, spelling actions that take several ids
//! and drawing chance from the seed; [`DynEnv`] is the same behind a trait object for any
//! registered game ([`make_env`]); [`VecEnv`] steps many games at once on all cores, with
//! opponent bots ([`parlour_games::make_bot`]) playing inside.

mod buffer;
mod dyn_env;
mod env;
mod error;
mod spellings;
mod vec_env;

pub use buffer::try_filled;
pub use dyn_env::{DynEnv, env_from_record, make_env};
pub use env::{Env, History};
pub use error::EnvError;
pub use vec_env::{GameEnd, Rewards, StepOut, VecEnv, VecEnvError, game_seed};
