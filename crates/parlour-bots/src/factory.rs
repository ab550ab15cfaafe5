use parlour_core::{Search, derive_seed, rng_from_seed};
use thiserror::Error;

use crate::{Bot, Budget, GreedyBot, IsmctsBot, IsmctsConfig, Playout, PolicyBot, RandomBot};

/// A bot name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("unknown bot `{0}` (known: {KNOWN_BOTS})")]
pub struct UnknownBot(pub String);

/// The bot names [`make_bot`] accepts, for help texts.
pub const KNOWN_BOTS: &str = "random, greedy, ismcts (= ismcts:medium), ismcts:easy, \
                              ismcts:medium, ismcts:hard, ismcts:<N> (N iterations), \
                              ismcts:<N>ms (N milliseconds per decision), \
                              any ismcts name + `:full` (playouts to the end) \
                              or `:blind` (not reading hands from play), \
                              and a game's own policies (kings-feast: solver)";

/// Builds the bot named `spec` for a seat. Its random stream is derived from `seed` and
/// `stream` (match seed and seat), so a match replays exactly (except for time-budgeted bots,
/// `ismcts:<N>ms`, whose play depends on the machine's speed).
///
/// | name | bot |
/// | --- | --- |
/// | `random` | [`RandomBot`] |
/// | `greedy` | [`GreedyBot`] |
/// | `ismcts`, `ismcts:medium` | [`IsmctsBot`], [`IsmctsConfig::MEDIUM_ITERATIONS`] iterations |
/// | `ismcts:easy` | [`IsmctsConfig::EASY_ITERATIONS`] iterations |
/// | `ismcts:hard` | [`IsmctsConfig::HARD_ITERATIONS`] iterations |
/// | `ismcts:<N>` | `N` iterations per decision (`N` ≥ 1) |
/// | `ismcts:<N>ms` | `N` milliseconds per decision (`N` ≥ 1) |
/// | any `ismcts` name + `:full` | the same, with playouts to the end ([`Playout::Full`]) instead of the game's cut-off ([`Search::playout_rounds`]) |
/// | any `ismcts` name + `:blind` | the same, counting every determinization alike instead of weighing them by the others' play ([`Search::play_log_likelihood`]) |
/// | any name of [`Search::policy`] | [`PolicyBot`]: that game's own policy (`solver` in The King's Feast) |
///
/// # Errors
/// An unknown name.
///
/// # Examples
/// ```
/// # use parlour_bots::{make_bot, parse_ismcts, IsmctsConfig, Budget};
/// assert_eq!(parse_ismcts("ismcts:250"), Some(IsmctsConfig::with_budget(Budget::Iterations(250))));
/// assert_eq!(parse_ismcts("ismcts:40ms"), Some(IsmctsConfig::with_budget(Budget::Millis(40))));
/// assert_eq!(parse_ismcts("ismcts:hard"), Some(IsmctsConfig::hard()));
/// assert_eq!(parse_ismcts("ismcts:0"), None);
/// assert_eq!(parse_ismcts("ismcts:hard:full").map(|c| c.playout), Some(parlour_bots::Playout::Full));
/// assert_eq!(parse_ismcts("ismcts:hard:blind").map(|c| c.read_play), Some(false));
/// ```
pub fn make_bot<G: Search>(
    spec: &str,
    seed: u64,
    stream: u64,
) -> Result<Box<dyn Bot<G>>, UnknownBot> {
    let rng = rng_from_seed(derive_seed(seed, stream));
    let spec = spec.trim();
    match spec {
        "random" => Ok(Box::new(RandomBot::new(rng))),
        "greedy" => Ok(Box::new(GreedyBot::new(rng))),
        other => match parse_ismcts(other) {
            Some(config) => Ok(Box::new(IsmctsBot::<G>::new(other, config, rng))),
            None => match G::policy(other) {
                Some(policy) => Ok(Box::new(PolicyBot::new(other, policy, rng))),
                None => Err(UnknownBot(other.to_owned())),
            },
        },
    }
}

/// The settings an `ismcts…` bot name stands for (see [`make_bot`]), or `None` if `spec` is not
/// one.
#[must_use]
pub fn parse_ismcts(spec: &str) -> Option<IsmctsConfig> {
    let mut spec = spec.trim();
    let (mut full, mut blind) = (false, false);
    loop {
        if let Some(base) = spec.strip_suffix(":full").filter(|_| !full) {
            full = true;
            spec = base;
        } else if let Some(base) = spec.strip_suffix(":blind").filter(|_| !blind) {
            blind = true;
            spec = base;
        } else {
            break;
        }
    }
    let mut config = parse_ismcts_budget(spec)?;
    if full {
        config.playout = Playout::Full;
    }
    config.read_play = !blind;
    Some(config)
}

/// An `ismcts…` name without its `:full` and `:blind` suffixes.
fn parse_ismcts_budget(spec: &str) -> Option<IsmctsConfig> {
    let level = match spec {
        "ismcts" => return Some(IsmctsConfig::medium()),
        s => s.strip_prefix("ismcts:")?,
    };
    match level {
        "easy" => Some(IsmctsConfig::easy()),
        "medium" => Some(IsmctsConfig::medium()),
        "hard" => Some(IsmctsConfig::hard()),
        n => {
            let budget = match n.strip_suffix("ms") {
                Some(ms) => Budget::Millis(positive(ms)?),
                None => Budget::Iterations(u32::try_from(positive(n)?).ok()?),
            };
            Some(IsmctsConfig::with_budget(budget))
        }
    }
}

fn positive(text: &str) -> Option<u64> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| *n > 0)
}
