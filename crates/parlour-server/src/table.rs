//! One task per table: it alone owns the game, applies every action after the engine checks it,
//! stores each step before anyone hears of it, and sends each seat only what that seat may see
//! (boardgame.io's master).

use std::collections::{BTreeMap, BTreeSet};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::time::Instant;

use parlour_core::{Seat, SeatSet, ToAct, Viewer, Voice};
use parlour_games::{DynMatch, ViewSnapshot};
use parlour_protocol::{
    Asked, FORMAT, OutcomeMsg, RematchAnswer, RematchOffer, SEAT_RECORD_FORMAT, SeatAction,
    SeatKind, SeatPresence, SeatRecord, SeatSummary, ServerMsg, Status, TableSummary,
};
use parlour_record::{Entry, Record};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tracing::{Instrument, info, info_span, warn};

use crate::AppError;
use crate::bots::{BotJob, SeatBot, make_seat_bot};
use crate::clock::Clocks;
use crate::limits::TableSlot;
use crate::names::seat_names;
use crate::outgoing::Outgoing;
use crate::reject::Rejection;
use crate::replay::ReplaySource;
use crate::resume::resume;
use crate::store::{LEASE, RENEW_EVERY, SeatRow, Store, StoreError, StoredTable};
use crate::token::{new_seed, new_table_id, token_matches};
use crate::{Cell, ConnId, Running, Shared};

mod presence;
mod steps;

/// One step's state message per viewer, encoded ([`Table::frame`]).
type Frame = BTreeMap<Option<Seat>, Outgoing>;

/// Messages queued for one connection; a connection that lets this many pile up is dropped.
pub(crate) const OUTBOX: usize = 256;

/// How soon an idle table looks again whether it may unload, when a request was on its way.
const UNLOAD_RETRY: Duration = Duration::from_millis(10);

/// The bot that plays a person's move when their clock runs out, and a seat's moves from the
/// time its own bot fails.
const STAND_IN: &str = "greedy";

/// Who asks for a rematch.
pub(crate) enum Asker {
    /// A seated connection.
    Seat(Seat),
    /// Whoever holds this token (HTTP).
    Token(String),
}

/// A rematch as its table answers it.
pub(crate) enum RematchDone {
    /// Every person has accepted: the new table.
    Made {
        /// The new table.
        table: String,
        /// Whether it was made now (else before); a new table is started by the asker.
        made: bool,
    },
    /// The offer stands: some person has not answered yet.
    Offered(RematchOffer),
}

/// What a table's task is asked to do.
pub(crate) enum Cmd {
    /// A connection takes a seat (`token`) or watches (`None`). The table sends `welcome` and a
    /// `state` to `tx`, then answers with the seat; or answers with a refusal.
    Join {
        token: Option<String>,
        conn: ConnId,
        tx: mpsc::Sender<Outgoing>,
        reply: oneshot::Sender<Result<Option<Seat>, Rejection>>,
    },
    /// A seated connection plays. `asked` is named in a refusal, as with every command below
    /// that a connection sends.
    Act {
        conn: ConnId,
        seat: Seat,
        action: String,
        step: u64,
        asked: Asked,
    },
    /// A seated connection resigns.
    Resign {
        conn: ConnId,
        seat: Seat,
        asked: Asked,
    },
    /// A connection asks for the state again.
    View { conn: ConnId },
    /// A seated connection asks for the solver's move.
    Hint {
        conn: ConnId,
        seat: Seat,
        asked: Asked,
    },
    /// A connection went away.
    Leave { conn: ConnId },
    /// The process is stopping: the task ends, giving up the table's lease, and its
    /// connections close.
    Stop,
    /// A seated connection's page was hidden (`away`) or shown again.
    Attention { conn: ConnId, away: bool },
    /// The seat whose token this is, if any.
    SeatOf {
        token: String,
        reply: oneshot::Sender<Option<Seat>>,
    },
    /// A bot decided.
    BotDone {
        seat: Seat,
        bot: Box<dyn SeatBot>,
        action: String,
        step: u64,
    },
    /// A bot's decision panicked: its seat is given the fallback bot.
    BotFailed { seat: Seat },
    /// The bot standing in for a person whose clock ran out decided.
    StandInDone {
        seat: Seat,
        bot: Box<dyn SeatBot>,
        action: String,
        step: u64,
    },
    /// A seat offers a rematch of the finished table, or accepts the one on offer. `conn` is the
    /// asking connection, if any: it is sent the new table's id when it was made before.
    Rematch {
        conn: Option<ConnId>,
        by: Asker,
        reply: oneshot::Sender<Result<RematchDone, Rejection>>,
    },
    /// A seated connection declines the rematch on offer.
    DeclineRematch {
        conn: ConnId,
        seat: Seat,
        asked: Asked,
    },
    /// The public summary.
    Summary {
        reply: oneshot::Sender<TableSummary>,
    },
    /// The full record, once finished.
    Record {
        reply: oneshot::Sender<Option<Record>>,
    },
    /// What a seat's replay is built from: by its token at any time, or by seat number once the
    /// table is finished.
    Replay {
        who: ReplayWho,
        reply: oneshot::Sender<Result<ReplaySource, AppError>>,
    },
    /// One seat's redacted record, if `token` is one of this table's.
    SeatRecord {
        token: String,
        reply: oneshot::Sender<Option<SeatRecord>>,
    },
}

/// Whose replay is asked for.
pub(crate) enum ReplayWho {
    /// The seat of this token.
    Token(String),
    /// This seat, once the table is finished.
    Seat(u8),
}

struct Sub {
    conn: ConnId,
    seat: Option<Seat>,
    tx: mpsc::Sender<Outgoing>,
    /// Its page is hidden (`presence` `away`).
    away: bool,
}

pub(crate) struct Table {
    id: String,
    game: String,
    players: u8,
    options: BTreeMap<String, Value>,
    seed: u64,
    m: Box<dyn DynMatch>,
    status: Status,
    resigned: Option<u8>,
    seats: Vec<SeatRow>,
    /// The names people read for the seats ([`seat_names`]).
    names: Vec<String>,
    /// Idle bots; `None` for people and for bots thinking now.
    bots: Vec<Option<Box<dyn SeatBot>>>,
    /// The turn clocks, if the table has them.
    clocks: Option<Clocks>,
    /// Per person's seat, the idle bot that plays when their clock runs out (made at the first
    /// time out).
    stand_ins: Vec<Option<Box<dyn SeatBot>>>,
    /// Bot seats whose own bot failed, played by the fallback bot since.
    fallen_back: SeatSet,
    /// The table made as this one's rematch.
    rematch: Option<String>,
    /// The rematch on offer, until every person accepts or one declines. Kept in memory only: a
    /// restart, or unloading the idle table, drops it (anyone may offer again).
    offer: Option<RematchOffer>,
    subs: Vec<Sub>,
    /// The seats' presence as last told.
    presence: Vec<SeatPresence>,
    /// Entries stored so far.
    step: u64,
    /// Per seat: the step at which its view or legal set last changed, not counting other
    /// seats' commitments at a simultaneous node while its legal set stays the same. An action
    /// decided before that is stale; one decided after it is not, even if other seats moved
    /// since (simultaneous choices).
    changed_at: Vec<u64>,
    /// Per seat: its view and legal set as last noted ([`Table::note_changes`]).
    seen: Vec<Option<(ViewSnapshot, Vec<String>)>>,
    /// The entries and status `seen` was noted at: while they are the table's, a seat's state
    /// message is built from `seen` rather than from the game again.
    seen_at: Option<(usize, Status)>,
    /// Per viewer (`None` = spectators): the events whose log lines it has been sent.
    log_sent: BTreeMap<Option<Seat>, usize>,
    store: Store,
    shared: Arc<Shared>,
    inbox: mpsc::WeakSender<Cmd>,
    /// This table's place in the server's map, locked while it unloads.
    cell: Weak<Cell>,
    unload_after: Duration,
    /// Another process took the table's lease (PostgreSQL): this task stops.
    lost: bool,
}

/// Errors of rebuilding a stored table.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The game or its record would not replay.
    #[error("table `{table}` does not replay: {reason}")]
    Replay {
        /// Table id.
        table: String,
        /// Why.
        reason: String,
    },
}

fn viewer(seat: Option<Seat>) -> Viewer {
    seat.map_or(Viewer::Spectator, Viewer::Seat)
}

/// What the table is told of a bot's decision for `seat` at `step`: its action, or, if it
/// panicked (`Err`), that a seat's own bot failed. A stand-in that failed is only logged: the
/// person can still act, and their empty clock runs out again at once.
fn decided_cmd(
    seat: Seat,
    decided: Result<(Box<dyn SeatBot>, String), String>,
    stand_in: bool,
    step: u64,
) -> Option<Cmd> {
    match decided {
        Ok((bot, action)) if stand_in => Some(Cmd::StandInDone {
            seat,
            bot,
            action,
            step,
        }),
        Ok((bot, action)) => Some(Cmd::BotDone {
            seat,
            bot,
            action,
            step,
        }),
        Err(e) if stand_in => {
            warn!(%seat, error = %e, "a stand-in bot failed");
            None
        }
        Err(e) => {
            warn!(%seat, error = %e, "a bot failed");
            Some(Cmd::BotFailed { seat })
        }
    }
}

/// A caught panic's message, as a blocking thread's `JoinError` would give it.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    let message = panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic");
    format!("panicked with message {message:?}")
}

impl Table {
    /// Rebuilds a stored table by replaying its entries, and starts its task.
    pub(crate) fn spawn(
        stored: StoredTable,
        store: Store,
        shared: Arc<Shared>,
        unload_after: Duration,
        slot: Option<TableSlot>,
        cell: Weak<Cell>,
    ) -> Result<Running, LoadError> {
        let (table, tx, rx) = Table::load(stored, store, shared, unload_after, slot, cell)?;
        Ok(table.start(tx, rx))
    }

    /// Rebuilds a stored table by replaying its entries; its inbox is returned with it.
    fn load(
        stored: StoredTable,
        store: Store,
        shared: Arc<Shared>,
        unload_after: Duration,
        slot: Option<TableSlot>,
        cell: Weak<Cell>,
    ) -> Result<(Table, mpsc::Sender<Cmd>, mpsc::Receiver<Cmd>), LoadError> {
        let fail = |reason: String| LoadError::Replay {
            table: stored.id.clone(),
            reason,
        };
        let record = Record {
            format: parlour_record::FORMAT.to_owned(),
            game: stored.game.clone(),
            players: stored.players,
            options: stored.options.clone(),
            seed: stored.seed,
            actions: stored.entries.clone(),
        };
        let m = resume(&record).map_err(|e| fail(e.to_string()))?;
        let mut bots = Vec::new();
        for s in &stored.seats {
            bots.push(match s.kind {
                SeatKind::Human => None,
                SeatKind::Bot => Some(
                    make_seat_bot(&stored.game, &s.name, stored.seed, Seat(s.seat))
                        .map_err(|e| fail(e.to_string()))?,
                ),
            });
        }
        let clocks = stored.clock.map(|settings| {
            let human = stored
                .seats
                .iter()
                .map(|s| s.kind == SeatKind::Human)
                .collect();
            Clocks::new(settings, human, &stored.banks)
        });
        let (tx, rx) = mpsc::channel(OUTBOX);
        let table = Table {
            id: stored.id,
            game: stored.game,
            players: stored.players,
            options: stored.options,
            seed: stored.seed,
            m,
            status: stored.status,
            resigned: stored.resigned,
            names: seat_names(stored.seats.iter().map(|s| (s.kind, s.name.as_str()))),
            seats: stored.seats,
            stand_ins: (0..stored.players).map(|_| None).collect(),
            bots,
            clocks,
            fallen_back: SeatSet::EMPTY,
            rematch: stored.rematch,
            offer: None,
            subs: Vec::new(),
            presence: Vec::new(),
            step: stored.entries.len() as u64,
            changed_at: vec![0; usize::from(stored.players)],
            seen: (0..stored.players).map(|_| None).collect(),
            seen_at: None,
            log_sent: BTreeMap::new(),
            store,
            shared,
            inbox: tx.downgrade(),
            cell,
            unload_after,
            lost: false,
        };
        // Counted before the task runs, so a request right after this one sees the table. A new
        // table counted itself when its request took a place.
        if table.status != Status::Finished {
            match slot {
                Some(slot) => slot.keep(),
                None => {
                    table.shared.tables_open.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        Ok((table, tx, rx))
    }

    /// Starts the task of a loaded table: it resumes play and serves its inbox.
    fn start(self, tx: mpsc::Sender<Cmd>, rx: mpsc::Receiver<Cmd>) -> Running {
        let span = info_span!("table", id = %self.id, game = %self.game);
        let mut table = self;
        let task = tokio::spawn(
            async move {
                table.note_changes(None);
                // Clocks start afresh: time while no process served the table is not charged.
                table.run_clocks();
                if table.status == Status::Playing {
                    info!(step = table.step, "table resumes");
                    // After a crash between storing an action and the chance it made due (in
                    // tables stored before steps were stored together), the replay drew that
                    // chance from the seed, as the table would have: it is stored now.
                    table.progress().await;
                }
                table.run(rx).await;
                if table.status != Status::Finished {
                    table.shared.tables_open.fetch_sub(1, Ordering::Relaxed);
                }
                // Unloaded or stopped: another process may serve the table from now on.
                if let Err(e) = table.store.release_lease(&table.id).await {
                    warn!(error = %e, "could not release the lease; it expires on its own");
                }
            }
            .instrument(span),
        );
        Running { tx, task }
    }

    async fn run(&mut self, mut rx: mpsc::Receiver<Cmd>) {
        let mut renew = tokio::time::interval(RENEW_EVERY);
        renew.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut renewed = Instant::now();
        let mut idle_until = Instant::now() + self.unload_after;
        loop {
            if self.lost {
                warn!("the lease is lost: another process serves this table now");
                break;
            }
            // A finished table nobody watches is unloaded after a while; it is loaded again
            // from the database when asked for.
            let idle = self.status == Status::Finished && self.subs.is_empty();
            let unload = async {
                if idle {
                    tokio::time::sleep_until(idle_until).await;
                } else {
                    std::future::pending::<()>().await;
                }
            };
            // A person's clock runs out.
            let deadline = self.clocks.as_ref().and_then(Clocks::next_deadline);
            let time_out = async {
                match deadline {
                    Some(d) => tokio::time::sleep_until(d).await,
                    None => std::future::pending::<()>().await,
                }
            };
            let cmd = tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => cmd,
                    None => break,
                },
                () = unload => {
                    if self.may_unload(&mut rx) {
                        info!("unloading an idle finished table");
                        break;
                    }
                    // Looked at again shortly, once the request coming has been served.
                    idle_until = Instant::now() + self.unload_after.max(UNLOAD_RETRY);
                    continue;
                }
                () = time_out => {
                    self.time_out();
                    continue;
                }
                _ = renew.tick(), if self.store.leases() => {
                    match self.store.renew_lease(&self.id).await {
                        Ok(true) => renewed = Instant::now(),
                        Ok(false) => self.lost = true,
                        // Past its expiry the lease may be another's: stop rather than serve a
                        // table that may be moving on elsewhere. Writes would fail anyway.
                        Err(e) if renewed.elapsed() >= LEASE => {
                            warn!(error = %e, "could not renew the lease before it expired");
                            self.lost = true;
                        }
                        Err(e) => warn!(error = %e, "could not renew the lease; trying again"),
                    }
                    continue;
                }
            };
            idle_until = Instant::now() + self.unload_after;
            if self.due() {
                // Steps whose store failed earlier: try again.
                self.progress().await;
            }
            match cmd {
                Cmd::Stop => {
                    info!(step = self.step, "handing the table over");
                    break;
                }
                Cmd::Join {
                    token,
                    conn,
                    tx,
                    reply,
                } => self.join(token, conn, tx, reply).await,
                Cmd::Act {
                    conn,
                    seat,
                    action,
                    step,
                    asked,
                } => {
                    if let Err(r) = self.act(seat, &action, step).await {
                        self.send_to(conn, r.to_msg(&asked));
                    }
                }
                Cmd::Resign { conn, seat, asked } => {
                    if let Err(r) = self.resign(seat).await {
                        self.send_to(conn, r.to_msg(&asked));
                    }
                }
                Cmd::View { conn } => {
                    if let Some(seat) = self.subs.iter().find(|s| s.conn == conn).map(|s| s.seat) {
                        let msg = self.state_msg(seat, Vec::new());
                        self.send_to(conn, msg);
                    }
                }
                Cmd::Hint { conn, seat, asked } => {
                    if let Err(r) = self.hint(conn, seat) {
                        self.send_to(conn, r.to_msg(&asked));
                    }
                }
                Cmd::Leave { conn } => {
                    self.subs.retain(|s| s.conn != conn);
                    self.share_presence(None);
                }
                Cmd::Attention { conn, away } => self.attention(conn, away),
                Cmd::SeatOf { token, reply } => {
                    let _ = reply.send(self.seat_of(&token));
                }
                Cmd::BotDone {
                    seat,
                    bot,
                    action,
                    step,
                } => {
                    self.bots[seat.index()] = Some(bot);
                    if let Err(r) = self.act(seat, &action, step).await
                        && !matches!(r, Rejection::Stale { .. } | Rejection::Status(_))
                    {
                        // Not the action itself: it may be a hidden choice.
                        warn!(%seat, error = %r, "bot action refused");
                    }
                    self.schedule_bots();
                }
                Cmd::BotFailed { seat } => self.bot_failed(seat),
                Cmd::StandInDone {
                    seat,
                    bot,
                    action,
                    step,
                } => self.stand_in_done(seat, bot, &action, step).await,
                Cmd::Rematch { conn, by, reply } => {
                    let answer = self.rematch(conn, by).await;
                    let _ = reply.send(answer);
                }
                Cmd::DeclineRematch { conn, seat, asked } => {
                    if let Err(r) = self.decline_rematch(seat) {
                        self.send_to(conn, r.to_msg(&asked));
                    }
                }
                Cmd::Summary { reply } => {
                    let _ = reply.send(self.summary());
                }
                Cmd::Record { reply } => {
                    let _ = reply.send((self.status == Status::Finished).then(|| self.m.record()));
                }
                Cmd::Replay { who, reply } => {
                    let _ = reply.send(self.replay_source(who));
                }
                Cmd::SeatRecord { token, reply } => {
                    let r = self.seat_of(&token).map(|s| self.seat_record(s));
                    let _ = reply.send(r);
                }
            }
        }
    }

    /// Whether this idle table may stop now; if so its inbox is closed. Requests are sent with
    /// the table's cell locked (`AppState::send`), so with the cell locked here and the inbox
    /// empty, none is on its way: each one sent later finds the inbox closed and loads the
    /// table again, and none is lost with the task. A busy cell means a request is coming.
    fn may_unload(&self, rx: &mut mpsc::Receiver<Cmd>) -> bool {
        let Some(cell) = self.cell.upgrade() else {
            // The server dropped its tables (shutting down).
            return true;
        };
        let Ok(_reaching) = cell.try_lock() else {
            return false;
        };
        if !rx.is_empty() {
            return false;
        }
        rx.close();
        true
    }

    /// The seat whose token this is, checking every seat in constant time.
    fn seat_of(&self, token: &str) -> Option<Seat> {
        let mut found = None;
        for s in &self.seats {
            if let Some(hash) = &s.token_hash
                && token_matches(token, hash)
            {
                found = Some(Seat(s.seat));
            }
        }
        found
    }

    async fn join(
        &mut self,
        token: Option<String>,
        conn: ConnId,
        tx: mpsc::Sender<Outgoing>,
        reply: oneshot::Sender<Result<Option<Seat>, Rejection>>,
    ) {
        let seat = match token {
            None => None,
            Some(t) => match self.seat_of(&t) {
                Some(s) => Some(s),
                None => {
                    let _ = reply.send(Err(Rejection::BadToken));
                    return;
                }
            },
        };
        info!(conn, seat = ?seat.map(|s| s.0), "joined");
        let mut start = false;
        if let Some(s) = seat {
            let row = &mut self.seats[s.index()];
            if !row.joined {
                row.joined = true;
                if let Err(e) = self.store.set_joined(&self.id, s.0).await {
                    self.store_failed(&e);
                    warn!(error = %e, "could not store a join");
                }
            }
            start = self.status == Status::Waiting && self.seats.iter().all(|r| r.joined);
        }
        let log = self.m.log_in(viewer(seat), 0, Voice::table(&self.names));
        // Other connections of this viewer, if any, have been sent the same lines.
        self.log_sent.insert(seat, self.m.event_count());
        let welcome = ServerMsg::Welcome {
            format: FORMAT.to_owned(),
            table: self.summary(),
            seat: seat.map(|s| s.0),
            log,
            public_url: self.shared.public_url.clone(),
        };
        let first = self.state_msg(seat, Vec::new());
        if tx.try_send(welcome.into()).is_err() || tx.try_send(first.into()).is_err() {
            return;
        }
        self.subs.push(Sub {
            conn,
            seat,
            tx,
            away: false,
        });
        let _ = reply.send(Ok(seat));
        self.share_presence(Some(conn));
        if let Some(offer) = &self.offer {
            let msg = ServerMsg::RematchOffer(offer.clone());
            self.send_to(conn, msg);
        }
        if start {
            if let Err(e) = self.store.set_status(&self.id, Status::Playing, None).await {
                self.store_failed(&e);
                warn!(error = %e, "could not store the start");
                return;
            }
            self.status = Status::Playing;
            info!("every seat is taken: play starts");
            self.run_clocks();
            self.progress().await;
        }
    }

    /// Starts the game's solver on `seat`'s position (it sees only that seat's observation); its
    /// move is sent to `conn` alone. Nothing is recorded and the table's own random streams are
    /// not touched.
    fn hint(&mut self, conn: ConnId, seat: Seat) -> Result<(), Rejection> {
        if self.status != Status::Playing {
            return Err(Rejection::NotInPlay);
        }
        if self.legal(seat).is_empty() {
            return Err(Rejection::NotYourTurn(seat));
        }
        let Ok(bot) = make_seat_bot(&self.game, "solver", self.step, seat) else {
            return Err(Rejection::NoSolver(self.game.clone()));
        };
        let Some(tx) = self
            .subs
            .iter()
            .find(|s| s.conn == conn)
            .map(|s| s.tx.clone())
        else {
            return Ok(());
        };
        let job = bot.think(&*self.m, seat);
        let step = self.step;
        tokio::spawn(
            async move {
                match tokio::task::spawn_blocking(job).await {
                    Ok((_, action)) => {
                        let _ = tx.try_send(ServerMsg::Hint { step, action }.into());
                    }
                    Err(e) => warn!(%seat, error = %e, "the solver failed on a hint"),
                }
            }
            .in_current_span(),
        );
        Ok(())
    }

    async fn resign(&mut self, seat: Seat) -> Result<(), Rejection> {
        if self.status == Status::Finished {
            return Err(Rejection::Status(self.status));
        }
        if let Err(e) = self
            .store
            .set_status(&self.id, Status::Finished, Some(seat.0))
            .await
        {
            self.store_failed(&e);
            warn!(error = %e, "could not store a resignation");
            return Err(Rejection::ResignNotStored(e));
        }
        info!(%seat, "seat resigned");
        self.status = Status::Finished;
        self.resigned = Some(seat.0);
        self.shared.tables_open.fetch_sub(1, Ordering::Relaxed);
        self.run_clocks();
        self.broadcast();
        Ok(())
    }

    /// Runs the clocks of exactly the people who must act now.
    fn run_clocks(&mut self) {
        let to_act = self.to_act();
        if let Some(c) = self.clocks.as_mut() {
            c.run(&to_act, Instant::now());
        }
    }

    /// Every person whose bank is empty now gets a bot to play their move.
    fn time_out(&mut self) {
        let Some(c) = self.clocks.as_mut() else {
            return;
        };
        for seat in c.expire(Instant::now()) {
            info!(%seat, "a clock ran out: a bot plays for the seat");
            let bot = match self.stand_ins[seat.index()].take() {
                Some(bot) => bot,
                None => make_seat_bot(&self.game, STAND_IN, self.seed, seat)
                    .expect("the stand-in bot plays every game"),
            };
            self.think(seat, bot, true);
        }
    }

    /// The stand-in for a person whose clock ran out decided: it plays through the same path
    /// as everyone, and every connection is told.
    async fn stand_in_done(&mut self, seat: Seat, bot: Box<dyn SeatBot>, action: &str, step: u64) {
        self.stand_ins[seat.index()] = Some(bot);
        if let Some(c) = self.clocks.as_mut() {
            c.back(seat);
        }
        match self.act(seat, action, step).await {
            Ok(()) => {
                let name = self.names[seat.index()].clone();
                self.notice(&format!("{name}'s time ran out: a bot played for them"));
            }
            // The person acted meanwhile, or the table moved on: nothing to do. If the seat
            // must still act its empty clock runs again, and runs out at once.
            Err(r) => {
                if !matches!(
                    r,
                    Rejection::Stale { .. } | Rejection::Status(_) | Rejection::NotYourTurn(_)
                ) {
                    warn!(%seat, error = %r, "a stand-in's action was refused");
                }
                self.run_clocks();
            }
        }
    }

    /// A seat's bot panicked while deciding: the fallback bot plays the seat from now on (until
    /// the table is loaded again), everyone is told, and play goes on.
    fn bot_failed(&mut self, seat: Seat) {
        let name = self.seats[seat.index()].name.clone();
        if name == STAND_IN || self.fallen_back.contains(seat) {
            // The fallback itself failed: another one would fail alike.
            warn!(%seat, "the fallback bot failed; the seat waits");
            return;
        }
        let bot = make_seat_bot(&self.game, STAND_IN, self.seed, seat)
            .expect("the fallback bot plays every game");
        self.bots[seat.index()] = Some(bot);
        self.fallen_back.insert(seat);
        // Named as people know the seat; the seat counted from 1.
        let who = self.names[seat.index()].clone();
        self.notice(&format!(
            "{who} (seat {}) failed: a greedy bot plays for it from now on",
            seat.0 + 1
        ));
        self.schedule_bots();
    }

    /// Offers the rematch of this finished table, or accepts the offer for `by`'s seat. Bots
    /// accept at once; when every person has, the rematch is made (once: later requests get the
    /// same table) with the same game, options, clock and seats, a new seed, and the same seat
    /// tokens.
    async fn rematch(&mut self, conn: Option<ConnId>, by: Asker) -> Result<RematchDone, Rejection> {
        let seat = match by {
            Asker::Seat(seat) => seat,
            Asker::Token(token) => self.seat_of(&token).ok_or(Rejection::BadToken)?,
        };
        if self.status != Status::Finished {
            return Err(Rejection::StillOn);
        }
        if let Some(table) = self.rematch.clone() {
            if let Some(conn) = conn {
                let msg = ServerMsg::Rematch {
                    table: table.clone(),
                };
                self.send_to(conn, msg);
            }
            return Ok(RematchDone::Made {
                table: table.clone(),
                made: false,
            });
        }
        let fresh = self.offer.is_none();
        let offer = self.offer.get_or_insert_with(|| RematchOffer {
            by: seat.0,
            answers: self
                .seats
                .iter()
                .map(|s| match s.kind {
                    SeatKind::Bot => RematchAnswer::Accepted,
                    SeatKind::Human => RematchAnswer::Waiting,
                })
                .collect(),
        });
        let changed = offer.answers[seat.index()] != RematchAnswer::Accepted;
        offer.answers[seat.index()] = RematchAnswer::Accepted;
        let offer = offer.clone();
        if !offer.agreed() {
            let msg = ServerMsg::RematchOffer(offer.clone());
            if !changed {
                // Asked again: only the asker is reminded.
                if let Some(conn) = conn {
                    self.send_to(conn, msg);
                }
                return Ok(RematchDone::Offered(offer));
            }
            info!(%seat, by = offer.by, "rematch accepted; waiting for the others");
            if fresh {
                let name = self.names[seat.index()].clone();
                self.notice(&format!("{name} offers a rematch"));
            }
            self.tell_all(&msg);
            return Ok(RematchDone::Offered(offer));
        }
        let internal = |e: &dyn std::fmt::Display| {
            warn!(error = %e, "could not make a rematch");
            Rejection::RematchFailed
        };
        let seats: Vec<SeatRow> = self
            .seats
            .iter()
            .map(|s| SeatRow {
                joined: s.kind == SeatKind::Bot,
                ..s.clone()
            })
            .collect();
        let status = if seats.iter().all(|s| s.joined) {
            Status::Playing
        } else {
            Status::Waiting
        };
        let new = StoredTable {
            id: new_table_id().map_err(|e| internal(&e))?,
            game: self.game.clone(),
            players: self.players,
            options: self.options.clone(),
            seed: new_seed().map_err(|e| internal(&e))?,
            status,
            resigned: None,
            seats,
            entries: Vec::new(),
            clock: self.clocks.as_ref().map(Clocks::settings),
            banks: Vec::new(),
            rematch: None,
        };
        let table = match self.store.create_rematch(&self.id, &new).await {
            Ok(table) => table,
            Err(e) => {
                self.store_failed(&e);
                return Err(internal(&e));
            }
        };
        self.rematch = Some(table.clone());
        self.offer = None;
        let made = table == new.id;
        info!(%seat, rematch = %table, made, "rematch");
        // Every page learns that all accepted (the last one too) before the new table's id.
        let agreed = ServerMsg::RematchOffer(offer.clone());
        self.tell_all(&agreed);
        self.tell_all(&ServerMsg::Rematch {
            table: table.clone(),
        });
        let name = self.names[usize::from(offer.by)].clone();
        self.notice(&format!(
            "{name} asked for a rematch: the same seats are ready at a new table"
        ));
        Ok(RematchDone::Made { table, made })
    }

    /// `seat` declines the rematch on offer: the offer is over, and everyone is told who
    /// declined (anyone may offer again).
    fn decline_rematch(&mut self, seat: Seat) -> Result<(), Rejection> {
        if self.status != Status::Finished {
            return Err(Rejection::StillOn);
        }
        let Some(mut offer) = self.offer.take() else {
            return Err(Rejection::NoOffer);
        };
        offer.answers[seat.index()] = RematchAnswer::Declined;
        info!(%seat, by = offer.by, "rematch declined");
        self.tell_all(&ServerMsg::RematchOffer(offer));
        let name = self.names[seat.index()].clone();
        self.notice(&format!("{name} declined the rematch"));
        Ok(())
    }

    /// Tells every connection something about the table itself.
    fn notice(&mut self, text: &str) {
        self.tell_all(&ServerMsg::Notice {
            text: text.to_owned(),
        });
    }

    /// Sends `msg`, encoded once, to every connection; one that cannot keep up is dropped (it
    /// may join again).
    fn tell_all(&mut self, msg: &ServerMsg) {
        let out = Outgoing::new(msg);
        self.subs.retain(|sub| sub.tx.try_send(out.clone()).is_ok());
    }

    /// A lost lease stops the table: whatever it holds may be stale by now.
    fn store_failed(&mut self, e: &StoreError) {
        if matches!(e, StoreError::LeaseLost(_)) {
            self.lost = true;
        }
    }

    /// Notes the step at which each seat's view or legal set last changed; `acted` is the seat
    /// whose action the newest step is, if it is one.
    fn note_changes(&mut self, acted: Option<Seat>) {
        for s in Seat::all(self.players) {
            let legal = self.legal(s);
            let seen = &self.seen[s.index()];
            // Another seat committed at a simultaneous node, and this seat still chooses from
            // the same legal set: a commitment shows only that it was made (`ToAct::Seats`), so
            // this seat's choice means what it meant, and is not stale.
            let beside = acted.is_some_and(|a| a != s)
                && !legal.is_empty()
                && seen.as_ref().is_some_and(|(_, l)| *l == legal);
            let now = Some((self.m.view_snapshot(Some(s)), legal));
            if *seen != now {
                self.seen[s.index()] = now;
                if !beside {
                    self.changed_at[s.index()] = self.step;
                }
            }
        }
        self.seen_at = Some((self.m.entries().len(), self.status));
    }

    /// `seat`'s view and legal set as noted, if nothing changed since.
    fn seen_now(&self, seat: Seat) -> Option<&(ViewSnapshot, Vec<String>)> {
        if self.seen_at != Some((self.m.entries().len(), self.status)) {
            return None;
        }
        self.seen[seat.index()].as_ref()
    }

    fn to_act(&self) -> Vec<u8> {
        match (self.status, self.m.to_act()) {
            (Status::Playing, ToAct::Seats(s)) => s.iter().map(|s| s.0).collect(),
            _ => Vec::new(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        match (self.status, self.m.to_act()) {
            (Status::Playing, ToAct::Seats(s)) if s.contains(seat) => self.m.legal(seat),
            _ => Vec::new(),
        }
    }

    fn outcome(&self) -> Option<OutcomeMsg> {
        if self.status != Status::Finished {
            return None;
        }
        if let Some(r) = self.resigned {
            return Some(OutcomeMsg {
                scores: self.m.scores(),
                winners: Vec::new(),
                resigned: Some(r),
            });
        }
        self.m.outcome().map(|o| OutcomeMsg {
            scores: o.scores,
            winners: o.winners.iter().map(|s| s.0).collect(),
            resigned: None,
        })
    }

    fn state_msg(&self, seat: Option<Seat>, events: Vec<String>) -> ServerMsg {
        // A seat's view and legal set were built to note changes; the view is not built twice.
        let (view, legal) = match seat.and_then(|s| self.seen_now(s)) {
            Some((view, legal)) => (view.to_json(), legal.clone()),
            None => (
                self.m.view_json(seat),
                seat.map(|s| self.legal(s)).unwrap_or_default(),
            ),
        };
        ServerMsg::State {
            step: self.step,
            status: self.status,
            view,
            events,
            to_act: self.to_act(),
            legal,
            outcome: self.outcome(),
            clock: self.clocks.as_ref().map(|c| c.state(Instant::now())),
        }
    }

    /// Sends every connection the new state as its seat sees it, with the log lines it has not
    /// been sent yet.
    fn broadcast(&mut self) {
        let frame = self.frame();
        self.send_frame(frame);
    }

    /// The state message of every viewer someone watches as, with the log lines it has not been
    /// sent yet; each is encoded once, for all of that viewer's connections.
    ///
    /// A viewer nobody watches is not built: it gets its whole log in `welcome` when someone
    /// joins as it.
    fn frame(&mut self) -> Frame {
        let mut frame = Frame::new();
        let watched: BTreeSet<Option<Seat>> = self.subs.iter().map(|s| s.seat).collect();
        let now = self.m.event_count();
        for v in watched {
            let sent = self.log_sent.get(&v).copied().unwrap_or(0).min(now);
            let events = self.m.log_in(viewer(v), sent, Voice::table(&self.names));
            self.log_sent.insert(v, now);
            frame.insert(v, Outgoing::new(&self.state_msg(v, events)));
        }
        frame
    }

    /// Sends each connection its viewer's message of `frame`.
    fn send_frame(&mut self, frame: Frame) {
        self.subs.retain(|sub| {
            let msg = frame[&sub.seat].clone();
            // A connection that cannot keep up is dropped; it may join again.
            sub.tx.try_send(msg).is_ok()
        });
    }

    fn send_to(&mut self, conn: ConnId, msg: ServerMsg) {
        let out = Outgoing::from(msg);
        self.subs
            .retain(|sub| sub.conn != conn || sub.tx.try_send(out.clone()).is_ok());
    }

    /// Starts the decision of every idle bot that must act ([`Table::think`]).
    fn schedule_bots(&mut self) {
        if self.status != Status::Playing {
            return;
        }
        let ToAct::Seats(seats) = self.m.to_act() else {
            return;
        };
        for seat in seats.iter() {
            let Some(bot) = self.bots[seat.index()].take() else {
                continue;
            };
            self.think(seat, bot, false);
        }
    }

    /// Runs `bot`'s decision for `seat`; its action comes back to the table's inbox (as a
    /// stand-in's for a person whose clock ran out, if `stand_in`). A quick bot (random, greedy)
    /// decides here on the table's task, which costs less than the hop to a blocking thread and
    /// back; a searching bot decides on a blocking thread ([`Table::run_bot_job`]).
    fn think(&self, seat: Seat, mut bot: Box<dyn SeatBot>, stand_in: bool) {
        if !bot.quick() {
            self.run_bot_job(seat, bot.think(&*self.m, seat), stand_in);
            return;
        }
        let decided = self
            .choose_caught(&mut bot, seat)
            .map(|action| (bot, action));
        let Some(cmd) = decided_cmd(seat, decided, stand_in, self.step) else {
            return;
        };
        let Some(tx) = self.inbox.upgrade() else {
            return;
        };
        // Queued behind whatever the inbox holds, as a decision from a blocking thread is.
        if let Err(mpsc::error::TrySendError::Full(cmd)) = tx.try_send(cmd) {
            tokio::spawn(async move {
                let _ = tx.send(cmd).await;
            });
        }
    }

    /// A quick bot's choice for `seat`, made here; a panic is caught and given as its text, as a
    /// blocking thread's would be, so that the seat's bot is replaced.
    fn choose_caught(&self, bot: &mut Box<dyn SeatBot>, seat: Seat) -> Result<String, String> {
        std::panic::catch_unwind(AssertUnwindSafe(|| bot.choose(&*self.m, seat)))
            .map_err(|panic| panic_text(&*panic))
    }

    /// Runs a bot's decision for `seat` on a blocking thread; see [`Table::think`]. If it
    /// panics, a seat's own bot is replaced ([`Cmd::BotFailed`]).
    fn run_bot_job(&self, seat: Seat, job: BotJob, stand_in: bool) {
        let step = self.step;
        let inbox = self.inbox.clone();
        tokio::spawn(
            async move {
                let decided = tokio::task::spawn_blocking(job)
                    .await
                    .map_err(|e| e.to_string());
                if let Some(cmd) = decided_cmd(seat, decided, stand_in, step)
                    && let Some(tx) = inbox.upgrade()
                {
                    let _ = tx.send(cmd).await;
                }
            }
            .in_current_span(),
        );
    }

    fn summary(&self) -> TableSummary {
        TableSummary {
            id: self.id.clone(),
            game: self.game.clone(),
            players: self.players,
            options: self.options.clone(),
            seats: self
                .seats
                .iter()
                .zip(&self.names)
                .map(|(s, label)| SeatSummary {
                    seat: s.seat,
                    kind: s.kind,
                    name: s.name.clone(),
                    label: label.clone(),
                    joined: s.joined,
                })
                .collect(),
            status: self.status,
            step: self.step,
            outcome: self.outcome(),
            clock: self.clocks.as_ref().map(Clocks::settings),
            rematch: self.rematch.clone(),
        }
    }

    fn replay_source(&self, who: ReplayWho) -> Result<ReplaySource, AppError> {
        let seat = match who {
            ReplayWho::Token(t) => self.seat_of(&t).ok_or_else(|| {
                AppError::Forbidden("that token is not a seat of this table".to_owned())
            })?,
            // A seat the table lacks is a bad request at any stage (docs/table-protocol.md).
            ReplayWho::Seat(s) if s >= self.players => {
                return Err(AppError::BadRequest(format!(
                    "the table has seats 0 to {}, not {s}",
                    self.players - 1
                )));
            }
            ReplayWho::Seat(_) if self.status != Status::Finished => {
                return Err(AppError::Forbidden(
                    "every seat's replay is public once the table is finished; a seat may \
                     read its own with its token"
                        .to_owned(),
                ));
            }
            ReplayWho::Seat(s) => Seat(s),
        };
        Ok(ReplaySource {
            table: self.id.clone(),
            record: self.m.record(),
            seat,
            names: self.names.clone(),
            status: self.status,
            outcome: self.outcome(),
        })
    }

    fn seat_record(&self, seat: Seat) -> SeatRecord {
        let actions = self
            .m
            .record()
            .actions
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match Entry::parse(e) {
                Ok(Entry::Action(s, text)) if s == seat => Some(SeatAction {
                    step: i as u64,
                    action: text.to_owned(),
                }),
                _ => None,
            })
            .collect();
        SeatRecord {
            format: SEAT_RECORD_FORMAT.to_owned(),
            table: self.id.clone(),
            game: self.game.clone(),
            players: self.players,
            options: self.options.clone(),
            seat: seat.0,
            step: self.step,
            status: self.status,
            actions,
            log: self.m.log(Viewer::Seat(seat)),
            view: self.m.view_json(Some(seat)),
            outcome: self.outcome(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::extract::ws::Utf8Bytes;

    /// A table loaded but not started, its database (in the directory), and its inbox.
    pub(super) type Loaded = (
        tempfile::TempDir,
        Store,
        Table,
        mpsc::Sender<Cmd>,
        mpsc::Receiver<Cmd>,
    );

    /// A stored two-seat table of Haunted with `bot` in both seats, loaded but not started; the
    /// directory holds its database.
    async fn loaded(bot: &str) -> Loaded {
        let seats = (0..2).map(|seat| (seat, SeatKind::Bot, bot)).collect();
        stored_and_loaded("haunted", seats, 7).await
    }

    /// A stored table of `game` in play with `seats` (seat, kind, name or bot) and `seed`, loaded
    /// but not started; the directory holds its database.
    pub(super) async fn stored_and_loaded(
        game: &str,
        seats: Vec<(u8, SeatKind, &str)>,
        seed: u64,
    ) -> Loaded {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let store = Store::connect(&url).await.unwrap();
        let players = u8::try_from(seats.len()).unwrap();
        let seats = seats
            .into_iter()
            .map(|(seat, kind, name)| SeatRow {
                seat,
                kind,
                name: name.to_owned(),
                token_hash: None,
                joined: true,
            })
            .collect();
        let stored = StoredTable {
            id: "t1".to_owned(),
            game: game.to_owned(),
            players,
            options: BTreeMap::new(),
            seed,
            status: Status::Playing,
            resigned: None,
            seats,
            entries: Vec::new(),
            clock: None,
            banks: Vec::new(),
            rematch: None,
        };
        store.create_table(&stored).await.unwrap();
        let shared = Arc::new(Shared::default());
        let (table, tx, rx) = Table::load(
            stored,
            store.clone(),
            shared,
            Duration::from_secs(60),
            None,
            Weak::new(),
        )
        .unwrap();
        (dir, store, table, tx, rx)
    }

    /// A bot that panics while deciding hands its seat to the fallback bot: everyone at the
    /// table is told, and the game is played (and stored) to its end.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_bot_is_replaced_by_the_fallback_and_play_goes_on() {
        let (_dir, store, mut table, tx, rx) = loaded("random").await;
        let (sub, mut heard) = mpsc::channel(OUTBOX);
        let (reply, joined) = oneshot::channel();
        let join = Cmd::Join {
            token: None,
            conn: 1,
            tx: sub,
            reply,
        };
        tx.send(join).await.unwrap();
        // Each seat's own bot is taken away, and a decision that panics runs in its place.
        for seat in Seat::all(2) {
            table.bots[seat.index()] = None;
            let fails: BotJob = Box::new(|| panic!("a bot fails"));
            table.run_bot_job(seat, fails, false);
        }
        let _running = table.start(tx, rx);
        assert_eq!(joined.await.unwrap().unwrap(), None);

        let mut notices = Vec::new();
        let last = loop {
            let out = tokio::time::timeout(Duration::from_secs(60), heard.recv())
                .await
                .expect("the game goes on")
                .expect("the table keeps its spectator");
            match ServerMsg::decode(out.text()).unwrap() {
                ServerMsg::Notice { text } => notices.push(text),
                ServerMsg::State {
                    status: Status::Finished,
                    step,
                    outcome,
                    ..
                } => break (step, outcome),
                _ => {}
            }
        };
        notices.sort();
        assert_eq!(
            notices,
            [
                "Random bot 1 (seat 1) failed: a greedy bot plays for it from now on",
                "Random bot 2 (seat 2) failed: a greedy bot plays for it from now on",
            ]
        );
        let (step, outcome) = last;
        assert!(outcome.is_some());
        let kept = store.load("t1").await.unwrap().unwrap();
        assert_eq!(kept.status, Status::Finished);
        assert_eq!(kept.entries.len() as u64, step);
        // Seat 0 and seat 1 both acted, so both fallbacks played.
        for seat in ["0: ", "1: "] {
            assert!(kept.entries.iter().any(|e| e.starts_with(seat)), "{seat}");
        }
    }

    /// The first seat to act after the deal.
    fn deal(table: &mut Table) -> Seat {
        table.m.draw_due_chance();
        table.step = table.m.entries().len() as u64;
        let ToAct::Seats(seats) = table.m.to_act() else {
            panic!("a seat acts after the deal");
        };
        seats.first().expect("someone acts")
    }

    /// A quick bot that panics.
    struct Fails;

    impl SeatBot for Fails {
        fn name(&self) -> String {
            "fails".to_owned()
        }
        fn quick(&self) -> bool {
            true
        }
        fn choose(&mut self, _: &dyn DynMatch, _: Seat) -> String {
            panic!("a quick bot fails")
        }
        fn think(self: Box<Self>, _: &dyn DynMatch, _: Seat) -> BotJob {
            Box::new(|| panic!("a quick bot fails"))
        }
        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }
    }

    /// A quick bot decides on the table's own task: its action is in the table's inbox before
    /// the task yields (this runtime has one thread, so nothing else ran meanwhile).
    #[tokio::test]
    async fn a_quick_bot_decides_at_once_without_another_thread() {
        let (_dir, _store, mut table, _tx, mut rx) = loaded("random").await;
        let seat = deal(&mut table);
        let bot = table.bots[seat.index()].take().unwrap();
        assert!(bot.quick());
        table.think(seat, bot, false);
        let Ok(Cmd::BotDone {
            seat: s,
            bot,
            action,
            step,
        }) = rx.try_recv()
        else {
            panic!("the bot's action is queued at once");
        };
        assert_eq!((s, step), (seat, table.step));
        assert_eq!(bot.name(), "random");
        assert!(table.m.legal(seat).contains(&action), "{action}");

        // A stand-in decides alike.
        let bot = make_seat_bot("haunted", STAND_IN, 7, seat).unwrap();
        table.think(seat, bot, true);
        assert!(matches!(rx.try_recv(), Ok(Cmd::StandInDone { seat: s, .. }) if s == seat));
    }

    /// A quick bot's panic is caught on the table's task, and its seat's bot is replaced.
    #[tokio::test]
    async fn a_quick_bots_panic_is_caught_and_its_seat_told_to_the_table() {
        let (_dir, _store, mut table, _tx, mut rx) = loaded("random").await;
        let seat = deal(&mut table);
        table.think(seat, Box::new(Fails), false);
        assert!(matches!(rx.try_recv(), Ok(Cmd::BotFailed { seat: s }) if s == seat));
        // A failed stand-in is only logged: the person may still act.
        table.think(seat, Box::new(Fails), true);
        assert!(rx.try_recv().is_err());
    }

    /// A searching bot still decides on a blocking thread: nothing is queued until the task
    /// yields, and then its action comes.
    #[tokio::test]
    async fn a_searching_bot_decides_on_a_blocking_thread() {
        let (_dir, _store, mut table, _tx, mut rx) = loaded("ismcts:10").await;
        let seat = deal(&mut table);
        let bot = table.bots[seat.index()].take().unwrap();
        assert!(!bot.quick());
        table.think(seat, bot, false);
        assert!(rx.try_recv().is_err(), "not decided inline");
        let Some(Cmd::BotDone {
            seat: s, action, ..
        }) = rx.recv().await
        else {
            panic!("the bot decides");
        };
        assert_eq!(s, seat);
        assert!(table.m.legal(seat).contains(&action), "{action}");
    }

    /// Every connection of one viewer is sent the same encoded text, not a copy each, and a
    /// seat's state built from the views noted for staleness is the one built afresh.
    #[tokio::test]
    async fn a_viewers_connections_share_one_encoded_state() {
        let (_dir, _store, mut table, _tx, _rx) = loaded("random").await;
        deal(&mut table);
        table.note_changes(None);
        let mut heard = Vec::new();
        for conn in 1..=3 {
            let (tx, rx) = mpsc::channel(OUTBOX);
            let seat = (conn != 3).then_some(Seat(0));
            table.subs.push(Sub {
                conn,
                seat,
                tx,
                away: false,
            });
            heard.push(rx);
        }
        table.broadcast();
        let texts: Vec<Utf8Bytes> = heard
            .iter_mut()
            .map(|rx| rx.try_recv().unwrap().text().clone())
            .collect();
        assert_eq!(texts[0].as_ptr(), texts[1].as_ptr(), "one text for seat 0");
        assert_ne!(texts[0], texts[2], "a spectator sees less");
        let ServerMsg::State { legal, .. } = ServerMsg::decode(&texts[0]).unwrap() else {
            panic!("a state");
        };
        assert_eq!(legal, table.legal(Seat(0)));

        for seat in Seat::all(2) {
            let noted = table.state_msg(Some(seat), Vec::new()).encode();
            table.seen_at = None;
            assert_eq!(noted, table.state_msg(Some(seat), Vec::new()).encode());
            table.note_changes(None);
        }
    }
}
