//! Bots that play any parlour game through the [`Game`](parlour_core::Game) trait alone.
//!
//! A bot sees an [`Observation`]: its seat's view, its legal actions and determinizations drawn
//! from its own knowledge, never the hidden state.
//!
//! * [`RandomBot`]: uniformly random legal actions.
//! * [`GreedyBot`]: one-ply lookahead on [`Search::evaluate`](parlour_core::Search::evaluate).
//! * [`IsmctsBot`]: information-set Monte Carlo tree search (SO-ISMCTS), the strong bot, at
//!   three difficulty levels or a chosen budget.
//!
//! [`make_bot`] builds any of them from a name (`random`, `greedy`, `ismcts:hard`,
//! `ismcts:2000`, `ismcts:50ms`; see [`KNOWN_BOTS`]).

mod bot;
mod factory;
mod ismcts;
mod observation;
mod worlds;

#[cfg(test)]
#[path = "../tests/support/tiny_tricks.rs"]
mod tiny_tricks;

pub use bot::{Bot, GreedyBot, PolicyBot, RandomBot};
pub use factory::{KNOWN_BOTS, UnknownBot, make_bot, parse_ismcts};
pub use ismcts::{Budget, IsmctsBot, IsmctsConfig, Playout, RootStat};
pub use observation::Observation;
