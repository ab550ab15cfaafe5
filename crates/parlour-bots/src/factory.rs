use parlour_core::{Game, derive_seed, rng_from_seed};
use thiserror::Error;

use crate::{Bot, GreedyBot, RandomBot};

/// A bot name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("unknown bot `{0}` (known: {KNOWN_BOTS})")]
pub struct UnknownBot(pub String);

/// The bot names [`make_bot`] accepts, for help texts.
pub const KNOWN_BOTS: &str = "random, greedy";

/// Builds the bot named `spec` for a seat. Its random stream is derived from `seed` and
/// `stream` (match seed and seat), so a match replays exactly.
///
/// # Errors
/// An unknown name.
pub fn make_bot<G: Game>(
    spec: &str,
    seed: u64,
    stream: u64,
) -> Result<Box<dyn Bot<G>>, UnknownBot> {
    let rng = rng_from_seed(derive_seed(seed, stream));
    match spec.trim() {
        "random" => Ok(Box::new(RandomBot::new(rng))),
        "greedy" => Ok(Box::new(GreedyBot::new(rng))),
        other => Err(UnknownBot(other.to_owned())),
    }
}
