use thiserror::Error;

/// Why a lab run, a merge or a report could not be made.
#[derive(Debug, Error)]
pub enum LabError {
    /// The study asked for something the game or the lab cannot do (a player count, an option
    /// value, a bot name, a malformed sweep).
    #[error("{0}")]
    Spec(String),
    /// A game broke: a bot chose an illegal action, or the game did not end.
    #[error("cell {cell}, game {game} (seed {seed}): {reason}")]
    Game {
        /// The cell's label.
        cell: String,
        /// The game's index in its cell.
        game: u64,
        /// Its seed.
        seed: u64,
        /// What happened.
        reason: String,
    },
    /// Shard files that cannot be merged (another study, a missing or repeated shard, another
    /// format).
    #[error("{0}")]
    Shard(String),
    /// Reading or writing a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}
