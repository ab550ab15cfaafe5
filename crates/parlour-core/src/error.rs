use thiserror::Error;

/// An action (or a stated chance outcome) that the rules do not allow now.
///
/// The state it was tried on is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("{reason} [{rule}]")]
pub struct IllegalAction {
    /// A short kebab-case name of the rule broken, e.g. `must-follow-suit`.
    pub rule: &'static str,
    /// What is wrong, in words.
    pub reason: String,
}

impl IllegalAction {
    /// An error naming `rule` with an explanation.
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Self {
        IllegalAction {
            rule,
            reason: reason.into(),
        }
    }

    /// The common error for acting out of turn.
    #[must_use]
    pub fn not_your_turn(seat: crate::Seat) -> Self {
        IllegalAction::new("turn-order", format!("seat {seat} is not to act now"))
    }

    /// The common error for an action at a chance node, or a chance outcome at a player node.
    #[must_use]
    pub fn wrong_node(expected: &str) -> Self {
        IllegalAction::new("node-kind", format!("{expected} is due, not this"))
    }
}

/// A game could not be set up as asked.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// The player count is outside the game's range.
    #[error("{game} takes {min} to {max} players, not {got}")]
    PlayerCount {
        /// The game's id.
        game: &'static str,
        /// Fewest players.
        min: u8,
        /// Most players.
        max: u8,
        /// What was asked.
        got: u8,
    },
    /// An option is unknown or has a bad value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// Anything else (bad layout data, a contradictory combination of options).
    #[error("{0}")]
    Invalid(String),
}

/// A variant option could not be read.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum OptionError {
    /// No such option for this game.
    #[error("unknown option `{name}` (known: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// The game's option ids, comma-separated.
        known: String,
    },
    /// The value does not fit the option.
    #[error("option `{name}`: {reason}")]
    BadValue {
        /// The option id.
        name: String,
        /// What is wrong.
        reason: String,
    },
}

/// Text that is not valid notation for an action, a chance outcome or a card.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("cannot read `{input}`: {reason}")]
pub struct ParseError {
    /// The text given.
    pub input: String,
    /// What is wrong.
    pub reason: String,
}

impl ParseError {
    /// An error for `input`.
    pub fn new(input: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseError {
            input: input.into(),
            reason: reason.into(),
        }
    }
}
