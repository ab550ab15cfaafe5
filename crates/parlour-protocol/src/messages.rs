use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::{RematchOffer, TableSummary};

/// The protocol's format tag, sent in every [`ServerMsg::Welcome`].
pub const FORMAT: &str = "parlour-table/1";

/// The largest message either side accepts, in bytes of JSON text.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// A message from a client to the table server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ClientMsg {
    /// Take a seat with its secret token (from the table's creation).
    Join {
        /// Table id.
        table: String,
        /// The seat's token.
        token: String,
    },
    /// Watch a table as a spectator: public information only.
    Spectate {
        /// Table id.
        table: String,
    },
    /// Play an action. `step` is the step of the latest [`ServerMsg::State`] the client saw; an
    /// action decided on an out-of-date state is refused as `stale`.
    Act {
        /// The action in the game's notation (one of the `legal` texts).
        action: String,
        /// The step the client decided on.
        step: u64,
    },
    /// Give up: the table ends and the seat loses.
    Resign,
    /// Ask for the current state again.
    View,
    /// Offer a rematch of a finished table, or accept the one on offer: a new table with the
    /// same game, options, clock and seats, whose seats take the same tokens, made once every
    /// person has accepted. Asking once it is made answers the same table.
    Rematch,
    /// Decline the rematch on offer; the offer is over (anyone may offer again).
    RematchDecline,
    /// Ask what the game's solver would play now for this seat (games with a solver: The King's
    /// Feast). It sees only what the seat sees. Answered to this connection only.
    Hint,
    /// Whether the person is looking at this connection's page (`here`) or not (`away`: the tab
    /// is hidden). Seats only; the table tells everyone the seat's [`ServerMsg::Presence`].
    Presence {
        /// Here or away.
        state: Attention,
    },
}

/// What a seated connection reports of its person in [`ClientMsg::Presence`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Attention {
    /// The page is in view.
    Here,
    /// The page is hidden (another tab, a locked phone).
    Away,
}

/// Whether a seat's player is at the table now, from its live connections.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PresenceState {
    /// Some connection of the seat has its page in view; bots are always online.
    Online,
    /// The seat is connected, but every one of its pages is hidden.
    Away,
    /// No connection holds the seat.
    Offline,
}

/// One seat's presence in [`ServerMsg::Presence`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatPresence {
    /// The seat.
    pub seat: u8,
    /// Online, away or offline.
    pub state: PresenceState,
    /// Live connections holding the seat (0 for a bot): above 1, the seat is open on several
    /// devices or tabs.
    pub devices: u32,
}

impl ClientMsg {
    /// Decodes one message, refusing text over [`MAX_MESSAGE_BYTES`].
    ///
    /// # Errors
    /// Oversized text, malformed JSON, an unknown `type` or missing fields.
    pub fn decode(text: &str) -> Result<ClientMsg, DecodeError> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(DecodeError::TooLarge { len: text.len() });
        }
        serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
    }

    /// The message as JSON text.
    #[must_use]
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("client messages serialise")
    }
}

/// Why a message could not be decoded.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum DecodeError {
    /// Longer than [`MAX_MESSAGE_BYTES`].
    #[error("message of {len} bytes is over the limit of {MAX_MESSAGE_BYTES}")]
    TooLarge {
        /// Its length in bytes.
        len: usize,
    },
    /// Not a message of this protocol.
    #[error("malformed message: {0}")]
    Malformed(String),
}

/// A table's stage.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Some person has not taken their seat yet; nothing is dealt.
    Waiting,
    /// In play.
    Playing,
    /// Over: see the outcome.
    Finished,
}

/// How a finished table ended.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OutcomeMsg {
    /// Final score per seat (running scores if someone resigned).
    pub scores: Vec<i32>,
    /// Seats sharing first place; empty if someone resigned.
    pub winners: Vec<u8>,
    /// The seat that resigned, if the game did not run to its end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<u8>,
}

/// The turn clocks of a table at one moment (in a [`ServerMsg::State`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockState {
    /// Each seat's bank in milliseconds when the message was sent. A bot's seat keeps its bank:
    /// only people's clocks run.
    pub remaining_ms: Vec<u64>,
    /// The seats whose clock runs now (people who must act); a client counts them down.
    pub running: Vec<u8>,
}

wire_names! {
    /// Why a client message was refused. Sent to the offending socket only; nothing changed.
    pub enum RejectCode {
        /// Not a message of this protocol.
        BadMessage = "bad-message",
        /// Over [`MAX_MESSAGE_BYTES`].
        TooLarge = "too-large",
        /// Too many messages too fast.
        Throttled = "throttled",
        /// No such table.
        UnknownTable = "unknown-table",
        /// The token is not one of this table's seats.
        BadToken = "bad-token",
        /// `join` or `spectate` first (or a second `join` on one socket).
        NotJoined = "not-joined",
        /// Spectators cannot act.
        Spectator = "spectator",
        /// The table is not at the stage the message needs: `act` and `resign` need a table in
        /// play (not waiting for people, not finished), `rematch` a finished one.
        NotPlaying = "not-playing",
        /// This seat is not to act now.
        NotYourTurn = "not-your-turn",
        /// The action was decided on an out-of-date state; look again.
        Stale = "stale",
        /// The rules refuse it (or it does not parse).
        Illegal = "illegal",
        /// The server failed; try again.
        Internal = "internal",
        /// Another server process serves this table now (several processes share one database);
        /// try again through the proxy that routes tables, or after a while.
        TableElsewhere = "table-elsewhere",
    }
}

/// A message from the table server to one client.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMsg {
    /// The answer to `join` or `spectate`; a [`ServerMsg::State`] follows at once.
    Welcome {
        /// Always [`FORMAT`].
        format: String,
        /// The table.
        table: TableSummary,
        /// The client's seat, or `None` for a spectator.
        seat: Option<u8>,
        /// Everything that happened so far, as this client may see it.
        log: Vec<String>,
        /// The address the server's links start with (`scheme://host[:port]`), when it knows
        /// it (an addition to `parlour-table/1`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        public_url: Option<String>,
    },
    /// The table as this client may see it, sent after every step and on request.
    State {
        /// Number of record entries so far (actions and chance outcomes); echo it in `act`.
        step: u64,
        /// The table's stage.
        status: Status,
        /// The game's view for this seat (or a spectator), as JSON.
        view: Value,
        /// What the latest step caused, as this client may see it.
        events: Vec<String>,
        /// Seats that must act now (several for simultaneous secret choices).
        to_act: Vec<u8>,
        /// This seat's legal actions in canonical order (empty unless it is to act).
        legal: Vec<String>,
        /// The result once finished.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<OutcomeMsg>,
        /// The turn clocks as the message was sent, or `None` for a table without clocks.
        #[serde(default)]
        clock: Option<ClockState>,
    },
    /// A line from the table itself, not from the game's log (a clock ran out, a rematch was
    /// made). It is not part of any record.
    Notice {
        /// For a person to read.
        text: String,
    },
    /// A rematch of this table was made: the same seats (and tokens) at table `table`.
    Rematch {
        /// The new table's id.
        table: String,
    },
    /// A rematch is on offer, or an answer to it changed (sent to every connection, and to a
    /// connection joining while an offer is open). An offer with a `declined` answer is over.
    RematchOffer(RematchOffer),
    /// The answer to [`ClientMsg::Hint`]: what the solver would play at `step`.
    Hint {
        /// The step the hint is for.
        step: u64,
        /// One of the seat's `legal` texts at that step.
        action: String,
    },
    /// Who is at the table: every seat's presence, sent to every connection when it changes
    /// (and to a connection when it joins).
    Presence {
        /// One entry per seat, in seat order.
        seats: Vec<SeatPresence>,
    },
    /// The client's message was refused; nothing changed.
    Rejected {
        /// What kind of refusal.
        code: RejectCode,
        /// Why, for a person.
        reason: String,
        /// The `type` of the refused message, when it had a known one (an addition to
        /// `parlour-table/1`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answers: Option<MsgKind>,
        /// The refused message's `id`, echoed as sent, if it had one (an addition).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
    },
}

wire_names! {
    /// The `type` of a client message, named in the `rejected` that answers it.
    pub enum MsgKind {
        /// [`ClientMsg::Join`].
        Join = "join",
        /// [`ClientMsg::Spectate`].
        Spectate = "spectate",
        /// [`ClientMsg::Act`].
        Act = "act",
        /// [`ClientMsg::Resign`].
        Resign = "resign",
        /// [`ClientMsg::View`].
        View = "view",
        /// [`ClientMsg::Rematch`].
        Rematch = "rematch",
        /// [`ClientMsg::RematchDecline`].
        RematchDecline = "rematch-decline",
        /// [`ClientMsg::Hint`].
        Hint = "hint",
        /// [`ClientMsg::Presence`].
        Presence = "presence",
    }
}

/// Which client message a refusal answers: its `type` and the optional `id` the client gave it
/// (any JSON string or number; other values are ignored).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Asked {
    /// The message's `type`, if it was one of the protocol's.
    pub kind: Option<MsgKind>,
    /// The message's `id`, if it had a string or a number there.
    pub id: Option<Value>,
}

impl Asked {
    /// Reads the `type` and `id` of a client message's text, however malformed the rest is:
    /// nothing for text that is not a JSON object or is over [`MAX_MESSAGE_BYTES`].
    #[must_use]
    pub fn of(text: &str) -> Asked {
        #[derive(Deserialize)]
        struct Envelope {
            #[serde(rename = "type", default)]
            kind: Option<Value>,
            #[serde(default)]
            id: Option<Value>,
        }
        // Only an object has named fields (serde would read an array's items as fields too).
        if text.len() > MAX_MESSAGE_BYTES || !text.trim_start().starts_with('{') {
            return Asked::default();
        }
        let Ok(e) = serde_json::from_str::<Envelope>(text) else {
            return Asked::default();
        };
        Asked {
            kind: e.kind.and_then(|k| serde_json::from_value(k).ok()),
            id: e.id.filter(|id| id.is_string() || id.is_number()),
        }
    }
}

impl Asked {
    /// What a refusal of `msg` names, `text` being what it was decoded from: the kind comes
    /// from the decoded message, and the text is read again only when it holds an `id`, so a
    /// message without one costs no second parse.
    #[must_use]
    pub fn of_decoded(msg: &ClientMsg, text: &str) -> Asked {
        let kind = match msg {
            ClientMsg::Join { .. } => MsgKind::Join,
            ClientMsg::Spectate { .. } => MsgKind::Spectate,
            ClientMsg::Act { .. } => MsgKind::Act,
            ClientMsg::Resign => MsgKind::Resign,
            ClientMsg::View => MsgKind::View,
            ClientMsg::Rematch => MsgKind::Rematch,
            ClientMsg::RematchDecline => MsgKind::RematchDecline,
            ClientMsg::Hint => MsgKind::Hint,
            ClientMsg::Presence { .. } => MsgKind::Presence,
        };
        let id = if text.contains("\"id\"") {
            Asked::of(text).id
        } else {
            None
        };
        Asked {
            kind: Some(kind),
            id,
        }
    }
}

impl ServerMsg {
    /// A refusal that names no message (see [`ServerMsg::rejected_answering`]).
    #[must_use]
    pub fn rejected(code: RejectCode, reason: impl Into<String>) -> ServerMsg {
        ServerMsg::Rejected {
            code,
            reason: reason.into(),
            answers: None,
            id: None,
        }
    }

    /// A refusal of the message `asked`.
    #[must_use]
    pub fn rejected_answering(
        code: RejectCode,
        reason: impl Into<String>,
        asked: &Asked,
    ) -> ServerMsg {
        ServerMsg::Rejected {
            code,
            reason: reason.into(),
            answers: asked.kind,
            id: asked.id.clone(),
        }
    }

    /// The message as JSON text.
    #[must_use]
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }

    /// Decodes one message (for clients and tests).
    ///
    /// # Errors
    /// Oversized text or text that is not a server message.
    pub fn decode(text: &str) -> Result<ServerMsg, DecodeError> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(DecodeError::TooLarge { len: text.len() });
        }
        serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RematchAnswer;
    use proptest::prelude::*;

    #[test]
    fn client_messages_round_trip() {
        let all = [
            ClientMsg::Join {
                table: "t1".into(),
                token: "abc".into(),
            },
            ClientMsg::Spectate { table: "t1".into() },
            ClientMsg::Act {
                action: "play wave-8".into(),
                step: 3,
            },
            ClientMsg::Resign,
            ClientMsg::View,
            ClientMsg::Rematch,
            ClientMsg::RematchDecline,
            ClientMsg::Presence {
                state: Attention::Away,
            },
        ];
        for m in all {
            assert_eq!(ClientMsg::decode(&m.encode()), Ok(m));
        }
    }

    #[test]
    fn server_messages_round_trip() {
        let m = ServerMsg::State {
            step: 4,
            status: Status::Finished,
            view: serde_json::json!({"hand": ["flame-1"]}),
            events: vec!["seat 1 plays wave-8".into()],
            to_act: vec![],
            legal: vec![],
            outcome: Some(OutcomeMsg {
                scores: vec![1, 2],
                winners: vec![1],
                resigned: None,
            }),
            clock: Some(ClockState {
                remaining_ms: vec![1500, 300_000],
                running: vec![0],
            }),
        };
        assert_eq!(ServerMsg::decode(&m.encode()), Ok(m));
        for m in [
            ServerMsg::Notice {
                text: "Ann's time ran out: a bot played for them".into(),
            },
            ServerMsg::Rematch { table: "t2".into() },
        ] {
            assert_eq!(ServerMsg::decode(&m.encode()), Ok(m));
        }
        assert_eq!(
            ServerMsg::Rematch { table: "t2".into() }.encode(),
            r#"{"type":"rematch","table":"t2"}"#
        );
        assert_eq!(ClientMsg::Rematch.encode(), r#"{"type":"rematch"}"#);
        assert_eq!(
            ClientMsg::RematchDecline.encode(),
            r#"{"type":"rematch-decline"}"#
        );
        let offer = ServerMsg::RematchOffer(RematchOffer {
            by: 1,
            answers: vec![
                RematchAnswer::Waiting,
                RematchAnswer::Accepted,
                RematchAnswer::Declined,
            ],
        });
        assert_eq!(
            offer.encode(),
            r#"{"type":"rematch-offer","by":1,"answers":["waiting","accepted","declined"]}"#
        );
        assert_eq!(ServerMsg::decode(&offer.encode()), Ok(offer));
        let r = ServerMsg::rejected(RejectCode::Stale, "look again");
        assert_eq!(
            r.encode(),
            r#"{"type":"rejected","code":"stale","reason":"look again"}"#
        );
        let asked = Asked::of(r#"{"type":"act","action":"pass","step":3,"id":"a7"}"#);
        let r = ServerMsg::rejected_answering(RejectCode::Stale, "look again", &asked);
        assert_eq!(
            r.encode(),
            r#"{"type":"rejected","code":"stale","reason":"look again","answers":"act","id":"a7"}"#
        );
        assert_eq!(ServerMsg::decode(&r.encode()), Ok(r));
    }

    #[test]
    fn every_wire_name_is_what_serde_writes_and_reads() {
        fn check<T>(all: &[T], as_str: fn(T) -> &'static str)
        where
            T: Copy + PartialEq + std::fmt::Debug + Serialize + serde::de::DeserializeOwned,
        {
            for &v in all {
                let text = serde_json::to_string(&v).unwrap();
                assert_eq!(text, format!("\"{}\"", as_str(v)), "{v:?}");
                assert_eq!(serde_json::from_str::<T>(&text).unwrap(), v);
            }
        }
        check(RejectCode::ALL, RejectCode::as_str);
        check(MsgKind::ALL, MsgKind::as_str);
    }

    #[test]
    fn reject_codes_are_the_documented_ones() {
        // docs/table-protocol.md's contract: these names, no more.
        let names: Vec<&str> = RejectCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(
            names,
            [
                "bad-message",
                "too-large",
                "throttled",
                "unknown-table",
                "bad-token",
                "not-joined",
                "spectator",
                "not-playing",
                "not-your-turn",
                "stale",
                "illegal",
                "internal",
                "table-elsewhere",
            ]
        );
        assert_eq!(RejectCode::COUNT, 13);
    }

    #[test]
    fn each_message_kind_is_the_type_its_message_is_sent_with() {
        let messages = [
            ClientMsg::Join {
                table: "t".into(),
                token: "k".into(),
            },
            ClientMsg::Spectate { table: "t".into() },
            ClientMsg::Act {
                action: "pass".into(),
                step: 1,
            },
            ClientMsg::Resign,
            ClientMsg::View,
            ClientMsg::Rematch,
            ClientMsg::RematchDecline,
            ClientMsg::Hint,
            ClientMsg::Presence {
                state: Attention::Away,
            },
        ];
        let kinds: Vec<MsgKind> = messages
            .iter()
            .map(|m| {
                let text = m.encode();
                let kind = Asked::of_decoded(m, &text).kind.unwrap();
                let sent: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(sent["type"], kind.as_str(), "{text}");
                kind
            })
            .collect();
        assert_eq!(kinds, MsgKind::ALL);
    }

    #[test]
    fn a_decoded_message_is_named_as_its_text_is() {
        for text in [
            r#"{"type":"view"}"#,
            r#"{"type":"view","id":7}"#,
            r#"{"id":"a1","type":"act","step":3,"action":"pass"}"#,
            r#"{"type":"hint","id":[1]}"#,
            r#"{"type":"presence","state":"away","id":"p"}"#,
        ] {
            let msg = ClientMsg::decode(text).unwrap();
            assert_eq!(Asked::of_decoded(&msg, text), Asked::of(text), "{text}");
        }
    }

    #[test]
    fn a_refusal_names_the_message_it_answers() {
        let asked = |t: &str| {
            let a = Asked::of(t);
            (a.kind, a.id)
        };
        assert_eq!(asked(r#"{"type":"view"}"#), (Some(MsgKind::View), None));
        assert_eq!(
            asked(r#"{"id":12,"type":"rematch-decline"}"#),
            (Some(MsgKind::RematchDecline), Some(serde_json::json!(12)))
        );
        // An id is kept even when the rest is not a message this protocol knows.
        assert_eq!(
            asked(r#"{"type":"fly","id":"x"}"#),
            (None, Some(serde_json::json!("x")))
        );
        assert_eq!(
            asked(r#"{"type":"act","id":{"deep":1}}"#),
            (Some(MsgKind::Act), None)
        );
        assert_eq!(asked("not json"), (None, None));
        assert_eq!(asked("[1,2]"), (None, None));
        let big = format!(
            r#"{{"type":"view","id":"{}"}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        );
        assert_eq!(asked(&big), (None, None));
        // Every message's own type is named.
        for m in [
            ClientMsg::Spectate { table: "t".into() },
            ClientMsg::Resign,
            ClientMsg::Hint,
        ] {
            assert!(Asked::of(&m.encode()).kind.is_some(), "{m:?}");
        }
    }

    #[test]
    fn presence_messages_have_their_documented_form() {
        assert_eq!(
            ClientMsg::decode(r#"{"type":"presence","state":"here"}"#),
            Ok(ClientMsg::Presence {
                state: Attention::Here
            })
        );
        for bad in [
            r#"{"type":"presence","state":"asleep"}"#,
            r#"{"type":"presence"}"#,
            r#"{"type":"presence","state":1}"#,
        ] {
            assert!(
                matches!(ClientMsg::decode(bad), Err(DecodeError::Malformed(_))),
                "{bad}"
            );
        }
        let m = ServerMsg::Presence {
            seats: vec![
                SeatPresence {
                    seat: 0,
                    state: PresenceState::Online,
                    devices: 2,
                },
                SeatPresence {
                    seat: 1,
                    state: PresenceState::Offline,
                    devices: 0,
                },
            ],
        };
        assert_eq!(
            m.encode(),
            r#"{"type":"presence","seats":[{"seat":0,"state":"online","devices":2},{"seat":1,"state":"offline","devices":0}]}"#
        );
        assert_eq!(ServerMsg::decode(&m.encode()), Ok(m));
    }

    #[test]
    fn unknown_type_is_a_clear_error() {
        let e = ClientMsg::decode(r#"{"type":"shout","text":"hi"}"#).unwrap_err();
        assert!(e.to_string().contains("unknown variant `shout`"), "{e}");
    }

    #[test]
    fn a_state_without_clocks_says_null_and_old_states_still_read() {
        let m = ServerMsg::State {
            step: 1,
            status: Status::Playing,
            view: Value::Null,
            events: vec![],
            to_act: vec![0],
            legal: vec![],
            outcome: None,
            clock: None,
        };
        let text = m.encode();
        assert!(text.contains(r#""clock":null"#), "{text}");
        let old = r#"{"type":"state","step":1,"status":"playing","view":null,"events":[],"to_act":[0],"legal":[]}"#;
        assert_eq!(ServerMsg::decode(old), Ok(m));
    }

    #[test]
    fn malformed_json_and_missing_fields_are_errors() {
        for text in [
            "",
            "{",
            "[]",
            "null",
            r#"{"type":"act"}"#,
            r#"{"action":"x"}"#,
        ] {
            assert!(
                matches!(ClientMsg::decode(text), Err(DecodeError::Malformed(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn oversized_messages_are_refused_before_parsing() {
        let text = format!(
            r#"{{"type":"act","action":"{}","step":1}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        );
        assert_eq!(
            ClientMsg::decode(&text),
            Err(DecodeError::TooLarge { len: text.len() })
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn decoder_never_panics_on_random_text(text in ".{0,300}") {
            let _ = ClientMsg::decode(&text);
        }

        #[test]
        fn decoder_never_panics_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = ClientMsg::decode(&text);
        }

        #[test]
        fn decoder_never_panics_on_near_messages(
            ty in "(join|spectate|act|resign|view|rematch|presence|[a-z]{0,6})",
            field in "(table|token|action|step|state|[a-z]{0,5})",
            value in r#"("[^"\\]{0,10}"|-?[0-9]{1,25}|null|true|\[\]|\{\})"#,
        ) {
            let text = format!(r#"{{"type":"{ty}","{field}":{value}}}"#);
            let _ = ClientMsg::decode(&text);
        }
    }
}
