//! One websocket connection: decode the client's messages, pass them to its table, and write
//! the table's messages back. Generic over any `Sink` and `Stream` of messages so tests drive it
//! over channels (axum's testing-websockets example).

use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use parlour_core::Seat;
use parlour_protocol::{Asked, Attention, ClientMsg, DecodeError, RejectCode, ServerMsg};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tracing::{Instrument, debug, info_span};

use crate::AppState;
use crate::outgoing::Outgoing;
use crate::table::{Asker, Cmd, OUTBOX, RematchDone};

/// Messages a connection may send in a burst before it is throttled.
const BURST: f64 = 100.0;
/// Messages per second it may send after a burst.
const RATE: f64 = 50.0;
/// Throttled messages after which a connection is closed.
const STRIKES: u32 = 50;

/// A token bucket: `BURST` messages at once, `RATE` per second after that.
struct Bucket {
    tokens: f64,
    at: Instant,
    strikes: u32,
}

impl Bucket {
    fn new() -> Self {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
            strikes: 0,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * RATE;
        self.tokens = (self.tokens + refill).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.strikes += 1;
            false
        }
    }
}

struct Joined {
    table: mpsc::Sender<Cmd>,
    seat: Option<Seat>,
}

/// Keeps the connection count right however the connection ends.
struct Counted<'a>(&'a AppState);

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.shared.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Serves one connection until the client leaves, the table drops it, or the server shuts
/// down.
pub async fn run_socket<S, R, E>(app: AppState, sink: S, stream: R)
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, E>> + Unpin,
{
    let conn = app.shared.next_conn.fetch_add(1, Ordering::Relaxed);
    app.shared.connections.fetch_add(1, Ordering::Relaxed);
    let _counted = Counted(&app);
    connection(&app, conn, sink, stream)
        .instrument(info_span!("conn", id = conn))
        .await;
}

/// Close code "service restart" (RFC 6455 registry): this process is stopping.
const RESTART: u16 = 1012;
/// Close code "try again later": the table stopped in this process.
const TRY_AGAIN: u16 = 1013;
const STOPPING: &str = "this server process is stopping: reconnect";
const TABLE_STOPPED: &str = "the table is no longer served by this connection's process: reconnect";

/// A close frame that tells the client to connect again (docs/table-protocol.md).
fn reconnect(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }))
}

async fn send<S: Sink<Message> + Unpin>(app: &AppState, sink: &mut S, msg: &ServerMsg) -> bool {
    send_out(app, sink, Outgoing::new(msg)).await
}

/// Writes a message encoded before (a table's, shared with other connections).
async fn send_out<S: Sink<Message> + Unpin>(app: &AppState, sink: &mut S, out: Outgoing) -> bool {
    if let Some((code, answers)) = out.refused() {
        app.shared.metrics.refused(code.as_str());
        debug!(code = code.as_str(), answers = ?answers, "refused");
    }
    sink.send(Message::Text(out.text().clone())).await.is_ok()
}

async fn connection<S, R, E>(app: &AppState, conn: u64, mut sink: S, mut stream: R)
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, E>> + Unpin,
{
    debug!("connected");
    let mut shutdown = app.shutdown.clone();
    let mut bucket = Bucket::new();
    let mut joined: Option<Joined> = None;
    let mut outbox: Option<mpsc::Receiver<Outgoing>> = None;
    loop {
        let at_table = outbox.is_some();
        let out = async {
            match outbox.as_mut() {
                Some(rx) => rx.recv().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            // A connection at a table closes once its table has been handed over (below).
            _ = shutdown.changed(), if !at_table => {
                let _ = sink.send(reconnect(RESTART, STOPPING)).await;
                break;
            }
            msg = out => match msg {
                Some(out) => if !send_out(app, &mut sink, out).await { break },
                // The table dropped this connection (too slow) or stopped here: handed over on
                // a drain, or taken over by another process.
                None => {
                    let frame = if *shutdown.borrow() {
                        reconnect(RESTART, STOPPING)
                    } else {
                        reconnect(TRY_AGAIN, TABLE_STOPPED)
                    };
                    let _ = sink.send(frame).await;
                    break;
                }
            },
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let r = ServerMsg::rejected(RejectCode::BadMessage, "messages are JSON text");
                        if !send(app, &mut sink, &r).await { break }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                if !bucket.take() {
                    if bucket.strikes >= STRIKES {
                        debug!("closing a flooding connection");
                        let _ = sink.send(Message::Close(None)).await;
                        break;
                    }
                    let r = ServerMsg::rejected_answering(
                        RejectCode::Throttled,
                        "too many messages; slow down",
                        &Asked::of(text.as_str()),
                    );
                    if !send(app, &mut sink, &r).await { break }
                    // Make the flood itself slow.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
                let reply = handle(app, conn, text.as_str(), &mut joined, &mut outbox).await;
                if let Some(r) = reply
                    && !send(app, &mut sink, &r).await
                {
                    break;
                }
            }
        }
    }
    if let Some(j) = joined {
        let _ = j.table.send(Cmd::Leave { conn }).await;
    }
    debug!("disconnected");
}

/// Handles one client message; returns a refusal to send back, if any.
async fn handle(
    app: &AppState,
    conn: u64,
    text: &str,
    joined: &mut Option<Joined>,
    outbox: &mut Option<mpsc::Receiver<Outgoing>>,
) -> Option<ServerMsg> {
    // Named in every refusal, so a client with several messages in flight knows which it was.
    let msg = match ClientMsg::decode(text) {
        Ok(m) => m,
        Err(e @ DecodeError::TooLarge { .. }) => {
            return Some(ServerMsg::rejected_answering(
                RejectCode::TooLarge,
                e.to_string(),
                &Asked::of(text),
            ));
        }
        Err(e) => {
            return Some(ServerMsg::rejected_answering(
                RejectCode::BadMessage,
                e.to_string(),
                &Asked::of(text),
            ));
        }
    };
    let asked = Asked::of_decoded(&msg, text);
    let (table_id, token) = match msg {
        ClientMsg::Join { table, token } => (table, Some(token)),
        ClientMsg::Spectate { table } => (table, None),
        ClientMsg::Act { action, step } => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(Joined { seat: None, .. }) => Some(ServerMsg::rejected_answering(
                    RejectCode::Spectator,
                    "spectators cannot act",
                    &asked,
                )),
                Some(Joined {
                    table,
                    seat: Some(seat),
                }) => {
                    forward(
                        table,
                        Cmd::Act {
                            conn,
                            seat: *seat,
                            action,
                            step,
                            asked: asked.clone(),
                        },
                        &asked,
                    )
                    .await
                }
            };
        }
        ClientMsg::Resign => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(Joined { seat: None, .. }) => Some(ServerMsg::rejected_answering(
                    RejectCode::Spectator,
                    "spectators cannot resign",
                    &asked,
                )),
                Some(Joined {
                    table,
                    seat: Some(seat),
                }) => {
                    forward(
                        table,
                        Cmd::Resign {
                            conn,
                            seat: *seat,
                            asked: asked.clone(),
                        },
                        &asked,
                    )
                    .await
                }
            };
        }
        ClientMsg::View => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(j) => forward(&j.table, Cmd::View { conn }, &asked).await,
            };
        }
        ClientMsg::Hint => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(Joined { seat: None, .. }) => Some(ServerMsg::rejected_answering(
                    RejectCode::Spectator,
                    "spectators cannot ask for hints",
                    &asked,
                )),
                Some(Joined {
                    table,
                    seat: Some(seat),
                }) => {
                    forward(
                        table,
                        Cmd::Hint {
                            conn,
                            seat: *seat,
                            asked: asked.clone(),
                        },
                        &asked,
                    )
                    .await
                }
            };
        }
        ClientMsg::Presence { state } => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(Joined { seat: None, .. }) => Some(ServerMsg::rejected_answering(
                    RejectCode::Spectator,
                    "spectators have no presence to report",
                    &asked,
                )),
                Some(Joined { table, .. }) => {
                    let away = state == Attention::Away;
                    forward(table, Cmd::Attention { conn, away }, &asked).await
                }
            };
        }
        ClientMsg::RematchDecline => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(Joined { seat: None, .. }) => Some(ServerMsg::rejected_answering(
                    RejectCode::Spectator,
                    "spectators cannot decline a rematch",
                    &asked,
                )),
                Some(Joined {
                    table,
                    seat: Some(seat),
                }) => {
                    forward(
                        table,
                        Cmd::DeclineRematch {
                            conn,
                            seat: *seat,
                            asked: asked.clone(),
                        },
                        &asked,
                    )
                    .await
                }
            };
        }
        ClientMsg::Rematch => {
            return match joined {
                None => Some(not_joined(&asked)),
                Some(Joined { seat: None, .. }) => Some(ServerMsg::rejected_answering(
                    RejectCode::Spectator,
                    "spectators cannot ask for a rematch",
                    &asked,
                )),
                Some(Joined {
                    table,
                    seat: Some(seat),
                }) => rematch(app, conn, table, *seat, &asked).await,
            };
        }
    };
    if joined.is_some() {
        return Some(ServerMsg::rejected_answering(
            RejectCode::NotJoined,
            "this connection is already at a table; open another to join again",
            &asked,
        ));
    }
    let (tx, rx) = mpsc::channel(OUTBOX);
    let (reply, answer) = oneshot::channel();
    let join = Cmd::Join {
        token,
        conn,
        tx,
        reply,
    };
    let table = match app.send(&table_id, join).await {
        Ok(Some(t)) => t,
        Ok(None) => {
            return Some(ServerMsg::rejected_answering(
                RejectCode::UnknownTable,
                "no such table",
                &asked,
            ));
        }
        Err(crate::AppError::Elsewhere(m)) => {
            return Some(ServerMsg::rejected_answering(
                RejectCode::TableElsewhere,
                m,
                &asked,
            ));
        }
        Err(e) => {
            tracing::warn!(error = %e, "reaching a table failed");
            return Some(internal(&asked));
        }
    };
    match answer.await {
        Ok(Ok(seat)) => {
            *joined = Some(Joined { table, seat });
            *outbox = Some(rx);
            None
        }
        Ok(Err(refusal)) => Some(refusal.to_msg(&asked)),
        Err(_) => Some(internal(&asked)),
    }
}

/// Asks the table for its rematch; the table sends the new table's id to the connection (and
/// everyone else); a new table is started here.
async fn rematch(
    app: &AppState,
    conn: u64,
    table: &mpsc::Sender<Cmd>,
    seat: Seat,
    asked: &Asked,
) -> Option<ServerMsg> {
    let (reply, answer) = oneshot::channel();
    let ask = Cmd::Rematch {
        conn: Some(conn),
        by: Asker::Seat(seat),
        reply,
    };
    if table.send(ask).await.is_err() {
        return Some(internal(asked));
    }
    match answer.await {
        Ok(Ok(RematchDone::Made { table, made })) => {
            if made {
                app.start_new(&table).await;
            }
            None
        }
        Ok(Ok(RematchDone::Offered(_))) => None,
        Ok(Err(refusal)) => Some(refusal.to_msg(asked)),
        Err(_) => Some(internal(asked)),
    }
}

async fn forward(table: &mpsc::Sender<Cmd>, cmd: Cmd, asked: &Asked) -> Option<ServerMsg> {
    table.send(cmd).await.err().map(|_| internal(asked))
}

fn not_joined(asked: &Asked) -> ServerMsg {
    ServerMsg::rejected_answering(
        RejectCode::NotJoined,
        "join or spectate a table first",
        asked,
    )
}

fn internal(asked: &Asked) -> ServerMsg {
    ServerMsg::rejected_answering(
        RejectCode::Internal,
        "the table is not available; try again",
        asked,
    )
}
