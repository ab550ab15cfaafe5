//! The parlour table protocol (`parlour-table/1`): every message between an online table
//! (`parlour serve`) and its clients, as Rust types.
//!
//! Websocket messages are JSON objects tagged by `type` ([`ClientMsg`], [`ServerMsg`]); the HTTP
//! API's bodies are [`CreateTable`], [`CreatedTable`], [`TableSummary`], [`Rematched`],
//! [`Stats`], [`SeatRecord`], [`GameEntry`] and [`Replay`]. docs/table-protocol.md describes the
//! contract these types implement.
//!
//! ```
//! use parlour_protocol::ClientMsg;
//!
//! let msg = ClientMsg::decode(r#"{"type": "act", "action": "play wave-8", "step": 12}"#).unwrap();
//! assert_eq!(msg, ClientMsg::Act { action: "play wave-8".into(), step: 12 });
//! assert!(ClientMsg::decode(r#"{"type": "shout"}"#).is_err());
//! ```

#[macro_use]
mod wire_names;

mod http;
mod messages;
mod rematch;

pub use http::{
    CLOCK_BANK_SECS, CLOCK_INCREMENT_SECS, ChoiceHelp, ClockSettings, CreateTable, CreatedSeat,
    CreatedTable, GameEntry, GameRules, OptionEntry, OptionsInput, REPLAY_FORMAT, Rematched,
    Replay, ReplayStep, SEAT_RECORD_FORMAT, SeatAction, SeatKind, SeatRecord, SeatSpec,
    SeatSummary, Stats, TableSummary,
};
pub use messages::{
    Asked, Attention, ClientMsg, ClockState, DecodeError, FORMAT, MAX_MESSAGE_BYTES, MsgKind,
    OutcomeMsg, PresenceState, RejectCode, SeatPresence, ServerMsg, Status,
};
pub use rematch::{RematchAnswer, RematchOffer};
