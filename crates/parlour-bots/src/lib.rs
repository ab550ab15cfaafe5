//! Bots that play any parlour game through the [`Game`](parlour_core::Game) trait alone.
//!
//! A bot sees an [`Observation`]: its seat's view, its legal actions and determinizations drawn
//! from its own knowledge, never the hidden state.

mod bot;
mod factory;
mod observation;

pub use bot::{Bot, GreedyBot, RandomBot};
pub use factory::{KNOWN_BOTS, UnknownBot, make_bot};
pub use observation::Observation;
