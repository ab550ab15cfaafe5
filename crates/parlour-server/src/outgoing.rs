//! A server message encoded once: a table builds each message one time, and every connection it
//! goes to shares the same text (a clone is a reference count, not a copy).

use axum::extract::ws::Utf8Bytes;
use parlour_protocol::{MsgKind, RejectCode, ServerMsg};

/// A [`ServerMsg`] as the JSON text a connection writes, shared among its connections.
#[derive(Clone, Debug)]
pub(crate) struct Outgoing {
    text: Utf8Bytes,
    /// The refusal's code and what it answers, if it is one: counted when it is sent.
    refused: Option<(RejectCode, Option<MsgKind>)>,
}

impl Outgoing {
    /// Encodes `msg` ([`ServerMsg::encode`]: the bytes on the wire do not change).
    pub(crate) fn new(msg: &ServerMsg) -> Outgoing {
        let refused = match msg {
            ServerMsg::Rejected { code, answers, .. } => Some((*code, *answers)),
            _ => None,
        };
        Outgoing {
            text: msg.encode().into(),
            refused,
        }
    }

    /// The encoded text.
    pub(crate) fn text(&self) -> &Utf8Bytes {
        &self.text
    }

    /// The refusal's code and the kind of message it answers, if it is a refusal.
    pub(crate) fn refused(&self) -> Option<(RejectCode, Option<MsgKind>)> {
        self.refused
    }
}

impl From<ServerMsg> for Outgoing {
    fn from(msg: ServerMsg) -> Outgoing {
        Outgoing::new(&msg)
    }
}
