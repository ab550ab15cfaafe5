use parlour_core::{IllegalAction, Seat};
use parlour_record::StepError;
use thiserror::Error;

/// A step an environment refuses; nothing changes.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum EnvError {
    /// An id that begins or continues none of the seat's legal actions.
    #[error(
        "action id {id} is not legal for seat {seat} now{}",
        pending_text(pending)
    )]
    IllegalId {
        /// The seat.
        seat: Seat,
        /// The id.
        id: usize,
        /// The ids the seat had chosen before.
        pending: Vec<usize>,
    },
    /// An id past the action space.
    #[error("action id {id} is out of range (this game has {count} action ids)")]
    OutOfRange {
        /// The id.
        id: usize,
        /// How many ids the game has.
        count: usize,
    },
    /// A seat that does not sit at this table.
    #[error("seat {seat} does not exist in a {players}-player game")]
    NoSeat {
        /// The seat.
        seat: i64,
        /// The player count.
        players: u8,
    },
    /// A whole action the rules reject.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
    /// An action or chance text that does not parse or is illegal.
    #[error(transparent)]
    Step(#[from] StepError),
}

fn pending_text(pending: &[usize]) -> String {
    if pending.is_empty() {
        String::new()
    } else {
        format!(" (after ids {pending:?})")
    }
}
