//! Why a table refuses an operation: each reason carries the `rejected` code the protocol sends
//! (docs/table-protocol.md) and the message a person reads.

use parlour_core::Seat;
use parlour_protocol::{Asked, RejectCode, ServerMsg, Status};
use thiserror::Error;

use crate::StoreError;

/// A table's refusal of a join, an action, a resignation, a hint or a rematch. Nothing changed
/// at the table.
#[derive(Debug, Error)]
pub(crate) enum Rejection {
    /// An action or a resignation needs a table in play.
    #[error("the table is {}", status_word(*.0))]
    Status(Status),
    /// A hint needs a table in play.
    #[error("the table is not in play")]
    NotInPlay,
    /// A rematch needs a finished table.
    #[error("a rematch follows a finished table; this one is still on")]
    StillOn,
    /// The seat is not to act.
    #[error("seat {0} is not to act now")]
    NotYourTurn(Seat),
    /// The action was decided on a state that changed since.
    #[error("decided at step {decided}, but the table is at step {now}")]
    Stale {
        /// The step the client decided at.
        decided: u64,
        /// The table's step.
        now: u64,
    },
    /// The rules refuse the action, or it does not parse.
    #[error("{0}")]
    Illegal(String),
    /// The token is none of this table's seats.
    #[error("that token is not a seat of this table")]
    BadToken,
    /// The game has no solver to ask for a hint.
    #[error("{0} has no solver to give hints")]
    NoSolver(String),
    /// The action could not be stored, so it was rolled back.
    #[error("the action could not be stored; try again")]
    ActionNotStored(#[source] StoreError),
    /// The resignation could not be stored.
    #[error("could not resign; try again")]
    ResignNotStored(#[source] StoreError),
    /// No rematch is on offer to decline (none was offered, one was declined, or it was made).
    #[error("no rematch is on offer")]
    NoOffer,
    /// The rematch could not be made (the cause is logged).
    #[error("could not make the rematch; try again")]
    RematchFailed,
}

/// `waiting`, `playing` or `finished`, as the refusals have always said it.
fn status_word(s: Status) -> &'static str {
    match s {
        Status::Waiting => "waiting",
        Status::Playing => "playing",
        Status::Finished => "finished",
    }
}

impl Rejection {
    /// The code sent with the refusal.
    pub(crate) fn code(&self) -> RejectCode {
        match self {
            Rejection::Status(_)
            | Rejection::NotInPlay
            | Rejection::StillOn
            | Rejection::NoOffer => RejectCode::NotPlaying,
            Rejection::NotYourTurn(_) => RejectCode::NotYourTurn,
            Rejection::Stale { .. } => RejectCode::Stale,
            Rejection::Illegal(_) => RejectCode::Illegal,
            Rejection::BadToken => RejectCode::BadToken,
            Rejection::NoSolver(_) => RejectCode::BadMessage,
            Rejection::ActionNotStored(_)
            | Rejection::ResignNotStored(_)
            | Rejection::RematchFailed => RejectCode::Internal,
        }
    }

    /// The `rejected` message sent to the asking connection, naming the message it answers.
    pub(crate) fn to_msg(&self, asked: &Asked) -> ServerMsg {
        ServerMsg::rejected_answering(self.code(), self.to_string(), asked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wire text of every refusal is what clients were sent before it had a type.
    #[test]
    fn refusals_keep_their_codes_and_words() {
        let lost = || StoreError::LeaseLost("t1".to_owned());
        let cases = [
            (
                Rejection::Status(Status::Waiting),
                r#"{"type":"rejected","code":"not-playing","reason":"the table is waiting"}"#,
            ),
            (
                Rejection::Status(Status::Finished),
                r#"{"type":"rejected","code":"not-playing","reason":"the table is finished"}"#,
            ),
            (
                Rejection::NotYourTurn(Seat(2)),
                r#"{"type":"rejected","code":"not-your-turn","reason":"seat 2 is not to act now"}"#,
            ),
            (
                Rejection::Stale { decided: 3, now: 5 },
                r#"{"type":"rejected","code":"stale","reason":"decided at step 3, but the table is at step 5"}"#,
            ),
            (
                Rejection::NoSolver("haunted".to_owned()),
                r#"{"type":"rejected","code":"bad-message","reason":"haunted has no solver to give hints"}"#,
            ),
            (
                Rejection::ActionNotStored(lost()),
                r#"{"type":"rejected","code":"internal","reason":"the action could not be stored; try again"}"#,
            ),
            (
                Rejection::ResignNotStored(lost()),
                r#"{"type":"rejected","code":"internal","reason":"could not resign; try again"}"#,
            ),
            (
                Rejection::NoOffer,
                r#"{"type":"rejected","code":"not-playing","reason":"no rematch is on offer"}"#,
            ),
            (
                Rejection::BadToken,
                r#"{"type":"rejected","code":"bad-token","reason":"that token is not a seat of this table"}"#,
            ),
        ];
        for (r, wire) in cases {
            assert_eq!(r.to_msg(&Asked::default()).encode(), wire);
        }
    }
}
