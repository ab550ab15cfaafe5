use std::ops::RangeInclusive;

use parlour_core::{Game, OptionSpec, Options, SetupError};
use parlour_record::{Match, Record, RecordError, ReplayError};
use thiserror::Error;

use crate::DynMatch;

/// What the registry knows of a game without its type.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Registry id.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Allowed player counts.
    pub players: RangeInclusive<u8>,
    /// Variant options.
    pub options: &'static [OptionSpec],
}

impl GameInfo {
    /// The info of game type `G`.
    #[must_use]
    pub fn of<G: Game>() -> Self {
        GameInfo {
            id: G::ID,
            name: G::NAME,
            players: G::PLAYERS,
            options: G::OPTIONS,
        }
    }

    /// Options from a `k=v,...` list against this game's specs.
    ///
    /// # Errors
    /// Unknown options or bad values.
    pub fn parse_options(&self, list: &str) -> Result<Options, parlour_core::OptionError> {
        Options::parse_list(self.options, list)
    }

    /// A sensible default player count: the smallest count of at least 4 the game allows, or its
    /// largest if fewer.
    #[must_use]
    pub fn default_players(&self) -> u8 {
        4.clamp(*self.players.start(), *self.players.end())
    }
}

/// A game id the registry does not know.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("unknown game `{id}` (known: {known})")]
pub struct UnknownGame {
    /// The id asked for.
    pub id: String,
    /// The known ids.
    pub known: String,
}

/// Errors of starting or replaying a game by id.
#[derive(Debug, Error)]
pub enum RegistryError {
    /// No such game.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
    /// Setup rejected.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Replay failed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Every registered game, in registry order.
#[must_use]
pub fn games() -> Vec<GameInfo> {
    crate::__registry!(__game_infos {})
}

/// The game with this id.
///
/// # Errors
/// An unknown id, listing the known ones.
pub fn find(id: &str) -> Result<GameInfo, UnknownGame> {
    let all = games();
    all.iter()
        .find(|g| g.id == id)
        .cloned()
        .ok_or_else(|| UnknownGame {
            id: id.to_owned(),
            known: all.iter().map(|g| g.id).collect::<Vec<_>>().join(", "),
        })
}

/// A new game by id, before its first chance event.
///
/// # Errors
/// Unknown id or a setup the game rejects.
pub fn new_match(
    id: &str,
    players: u8,
    options: Options,
    seed: u64,
) -> Result<Box<dyn DynMatch>, RegistryError> {
    find(id)?;
    crate::with_game!(id, G => Ok(Box::new(Match::<G>::new(players, options, seed)?)))
}

/// Replays a record of any registered game.
///
/// # Errors
/// Unknown game, a bad record or an entry that cannot be applied.
pub fn replay(record: &Record) -> Result<Box<dyn DynMatch>, RegistryError> {
    if record.format != parlour_record::FORMAT {
        return Err(ReplayError::Record(RecordError::Format(record.format.clone())).into());
    }
    find(&record.game)?;
    crate::with_game!(record.game.as_str(), G => Ok(Box::new(Match::<G>::from_record(record)?)))
}
