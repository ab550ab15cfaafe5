//! `parlour serve`: the authoritative online table server.
//!
//! People and bots sit at tables; each table is one task that alone owns its game, checks every
//! action with the rules engine, stores each step in the database before anyone hears of it, and
//! sends each seat only its own view (docs/table-protocol.md). Tables survive a restart: every
//! unfinished table is rebuilt by replaying its stored entries, and its bots play on.
//!
//! With PostgreSQL several processes share one database: each serves only the tables whose lease
//! it holds ([`Store::take_lease`]), and a table whose owner died is taken over, by replaying its
//! entries, by the next process asked for it once the lease has expired (docs/serving.md).
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use parlour_server::{Config, Store, serve};
//!
//! let store = Store::connect("sqlite://parlour.db").await?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! serve(listener, store, Config::default(), std::future::pending()).await?;
//! # Ok(())
//! # }
//! ```

mod api;
mod backup;
mod bots;
mod clock;
mod error;
mod json_errors;
mod limits;
mod metrics;
mod names;
mod outgoing;
mod public_url;
mod qr;
mod reject;
mod replay;
mod resume;
mod rules;
mod socket;
mod store;
mod table;
mod token;
mod web;

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{Mutex, mpsc, watch};
use tracing::{info, warn};

pub use api::{game_entries, metrics_router, router};
pub use backup::{BackupError, BackupSummary, backup_sqlite};
pub use error::AppError;
pub use public_url::{PublicUrlError, public_url};
pub use socket::run_socket;
pub use store::{
    LEASE, PgStore, RENEW_EVERY, SeatRow, SqliteStore, Store, StoreError, StoredTable,
};
pub use table::LoadError;
pub use token::{hash_token, is_table_id, new_seed, new_table_id, new_token, token_matches};

use crate::limits::TableSlot;
use crate::table::{Cmd, Table};

/// A connection's number, for logs and for a table's subscriber list.
pub type ConnId = u64;

/// Server settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Origins (`scheme://host[:port]`) allowed to open websockets. Empty: only pages served
    /// from this server's own host (the `Origin`'s host must equal the `Host` header).
    /// Requests without an `Origin` (programs, not browsers) are always allowed.
    pub allowed_origins: Vec<String>,
    /// How long a finished table with no connection stays in memory.
    pub unload_after: Duration,
    /// Tables one client address may make per minute (0: no limit). Only where the peer's
    /// address is known ([`serve`] knows it).
    pub tables_per_minute: u32,
    /// Unfinished tables this process holds at most; more are refused with 503 (0: no limit).
    pub max_open_tables: u64,
    /// How often a process looks for tables in play that no live process holds, and takes
    /// them over (PostgreSQL).
    pub adopt_every: Duration,
    /// A person's request for a table another live process serves takes the table over at once,
    /// instead of being answered `table-elsewhere` until its lease is free: for processes behind
    /// a proxy that routes each table by its id (docs/serving.md), where the proxy decides.
    pub take_over: bool,
    /// The address people reach the server at, as [`public_url`] returns it: every link the
    /// server hands out starts with it, and QR codes hold it. `None`: links are paths only
    /// (and a QR code takes its origin from the page). [`serve`] fills in its listening
    /// address when this is `None`, unless that address is unspecified (`0.0.0.0`).
    pub public_url: Option<String>,
    /// `/metrics` is served apart ([`metrics_router`], [`serve_with_metrics`]), not by
    /// [`router`].
    pub metrics_apart: bool,
}

/// How long a stopping process waits for its tables to finish the commands under way.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// How long a stopping process waits for its connections to close.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Tables one look for orphans takes over at most: a dead process's tables spread over the
/// processes left.
const ADOPT_AT_ONCE: i64 = 50;

/// Default of [`Config::tables_per_minute`].
pub const TABLES_PER_MINUTE: u32 = 30;
/// Default of [`Config::max_open_tables`].
pub const MAX_OPEN_TABLES: u64 = 10_000;

impl Default for Config {
    fn default() -> Self {
        Config {
            allowed_origins: Vec::new(),
            unload_after: Duration::from_secs(60),
            tables_per_minute: TABLES_PER_MINUTE,
            max_open_tables: MAX_OPEN_TABLES,
            adopt_every: LEASE,
            take_over: false,
            public_url: None,
            metrics_apart: false,
        }
    }
}

/// Counters for `/api/stats`, shared by every task.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub(crate) tables_open: AtomicU64,
    pub(crate) connections: AtomicU64,
    pub(crate) actions_applied: AtomicU64,
    pub(crate) next_conn: AtomicU64,
    /// [`Config::public_url`], for the tables' `welcome`.
    pub(crate) public_url: Option<String>,
    /// What `/metrics` shows.
    pub(crate) metrics: metrics::Metrics,
}

/// Everything the handlers share: the database, the running tables and the counters.
#[derive(Clone)]
pub struct AppState {
    pub(crate) store: Store,
    pub(crate) config: Arc<Config>,
    pub(crate) shared: Arc<Shared>,
    /// The loaded tables. The map's own lock is only held to find or add a table's cell, never
    /// across an `.await`; loading, unloading and reaching a table lock its cell alone, so one
    /// table's database round trips never hold up another's.
    tables: Arc<std::sync::Mutex<HashMap<String, Arc<Cell>>>>,
    pub(crate) per_address: Option<Arc<limits::PerAddress>>,
    shutdown: watch::Receiver<bool>,
    shutdown_tx: Arc<watch::Sender<bool>>,
}

impl AppState {
    /// The shared state over `store`, with every unfinished table restored and its bots
    /// playing again (with PostgreSQL: every one whose lease this process can take).
    ///
    /// # Errors
    /// The database failed. A table that no longer replays is logged and skipped.
    pub async fn new(store: Store, config: Config) -> Result<AppState, StoreError> {
        let (shutdown_tx, shutdown) = watch::channel(false);
        let app = AppState {
            store,
            per_address: limits::PerAddress::new(config.tables_per_minute).map(Arc::new),
            shared: Arc::new(Shared {
                public_url: config.public_url.clone(),
                ..Shared::default()
            }),
            config: Arc::new(config),
            tables: Arc::default(),
            shutdown,
            shutdown_tx: Arc::new(shutdown_tx),
        };
        let ids = app.store.unfinished().await?;
        let mut n = 0;
        for id in ids {
            match app.table(&id).await {
                Ok(_) => n += 1,
                // Another live process serves it.
                Err(AppError::Elsewhere(_)) => {}
                Err(e) => warn!(table = %id, error = %e, "table not restored"),
            }
        }
        if n > 0 {
            info!(tables = n, "restored unfinished tables");
        }
        if app.store.leases() {
            tokio::spawn(app.clone().adopt_orphans());
        }
        Ok(app)
    }

    /// Now and then takes over the tables in play whose process died or let go, so their bots
    /// and clocks go on even if nobody asks for them (several processes on PostgreSQL).
    async fn adopt_orphans(self) {
        let mut shutdown = self.shutdown.clone();
        let mut tick = tokio::time::interval(self.config.adopt_every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            let ids = match self.store.orphans(ADOPT_AT_ONCE).await {
                Ok(ids) => ids,
                Err(e) => {
                    warn!(error = %e, "could not look for tables without a live process");
                    continue;
                }
            };
            for id in ids {
                match self.table(&id).await {
                    Ok(_) => info!(table = %id, "took over a table whose process is gone"),
                    // Another process was quicker, or this one is stopping.
                    Err(AppError::Elsewhere(_)) => {}
                    Err(e) => warn!(table = %id, error = %e, "could not take over a table"),
                }
            }
        }
    }

    /// Table `id`'s cell, added if need be.
    fn cell(&self, id: &str) -> Arc<Cell> {
        let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(cell) = tables.get(id) {
            return cell.clone();
        }
        // Now and then forget the cells of tables not loaded (unloaded, or no such table) that
        // nobody is using, so the map does not grow with every table ever asked for.
        if tables.len() % 256 == 255 {
            tables.retain(|_, cell| {
                Arc::strong_count(cell) > 1
                    || cell
                        .try_lock()
                        .map_or(true, |r| r.as_ref().is_some_and(|r| !r.task.is_finished()))
            });
        }
        tables.entry(id.to_owned()).or_default().clone()
    }

    /// The running table `id`, loading it from the database if need be.
    pub(crate) async fn table(&self, id: &str) -> Result<Option<mpsc::Sender<Cmd>>, AppError> {
        if !is_table_id(id) {
            return Ok(None);
        }
        let cell = self.cell(id);
        let mut running = cell.lock().await;
        self.load(id, &cell, &mut running, false).await
    }

    /// Table `id`'s inbox, loading the table if it is not running; the caller holds its cell
    /// (`running`), so two requests never start two tasks for one table. `take_over`: take the
    /// lease even from a live process.
    async fn load(
        &self,
        id: &str,
        cell: &Arc<Cell>,
        running: &mut Option<Running>,
        take_over: bool,
    ) -> Result<Option<mpsc::Sender<Cmd>>, AppError> {
        // Its leases are given up: loading a table now would take one again.
        if *self.shutdown.borrow() {
            return Err(AppError::Elsewhere(
                "this server process is stopping".to_owned(),
            ));
        }
        if let Some(r) = running.take() {
            if !r.tx.is_closed() {
                let tx = r.tx.clone();
                *running = Some(r);
                return Ok(Some(tx));
            }
            // An unloaded table gives up its lease as its task ends: wait for that, or the
            // release would come after this load's lease and free the table to other processes.
            let _ = r.task.await;
        }
        // The lease first, then the load: every entry its previous owner stored is then in it.
        let leased = if take_over {
            self.store.take_over_lease(id).await?
        } else {
            self.store.take_lease(id).await?
        };
        let Some(stored) = self.store.load(id).await? else {
            return Ok(None);
        };
        if !leased {
            return Err(AppError::Elsewhere(
                "another server process serves this table".to_owned(),
            ));
        }
        // An unfinished table loaded under a lease was another process's, or this one's before
        // a restart.
        if self.store.leases() && stored.status != parlour_protocol::Status::Finished {
            self.shared.metrics.takeovers.inc();
            info!(table = %id, step = stored.entries.len(), "took over a table's lease");
        }
        let r = Table::spawn(
            stored,
            self.store.clone(),
            self.shared.clone(),
            self.config.unload_after,
            None,
            Arc::downgrade(cell),
        )
        .map_err(|e| AppError::Internal(e.to_string()))?;
        let tx = r.tx.clone();
        *running = Some(r);
        Ok(Some(tx))
    }

    /// Sends `cmd` to table `id`, loading it if need be; returns the table's inbox, or `None`
    /// if there is no such table.
    ///
    /// The table's cell stays locked until `cmd` is queued: a table unloads only with its cell
    /// locked and its inbox empty, so a command sent here is never lost to an unload (it reaches
    /// this task, or the task that loads the table again).
    pub(crate) async fn send(
        &self,
        id: &str,
        cmd: Cmd,
    ) -> Result<Option<mpsc::Sender<Cmd>>, AppError> {
        if !is_table_id(id) {
            return Ok(None);
        }
        let cell = self.cell(id);
        let mut running = cell.lock().await;
        let mut cmd = cmd;
        // A table whose task stopped since (its lease was lost) is loaded once more.
        for _ in 0..2 {
            let take_over = self.config.take_over;
            let Some(table) = self.load(id, &cell, &mut running, take_over).await? else {
                return Ok(None);
            };
            match table.send(cmd).await {
                Ok(()) => return Ok(Some(table)),
                Err(mpsc::error::SendError(back)) => cmd = back,
            }
        }
        Err(AppError::Internal("a table stopped".to_owned()))
    }

    /// Starts a stored new table.
    pub(crate) async fn start_table(
        &self,
        stored: StoredTable,
        slot: TableSlot,
    ) -> Result<(), AppError> {
        let cell = self.cell(&stored.id);
        let mut running = cell.lock().await;
        if running.as_ref().is_some_and(|r| !r.tx.is_closed()) {
            // Already loaded from the database by a request quicker than this one.
            return Ok(());
        }
        if *self.shutdown.borrow() {
            // Stored, and its lease given up with the others: another process serves it.
            return Ok(());
        }
        let r = Table::spawn(
            stored,
            self.store.clone(),
            self.shared.clone(),
            self.config.unload_after,
            Some(slot),
            Arc::downgrade(&cell),
        )
        .map_err(|e| AppError::Internal(e.to_string()))?;
        *running = Some(r);
        Ok(())
    }

    /// Starts table `id`, stored just now by another table's task (a rematch); a failure is
    /// logged, and the table is loaded when first asked for.
    pub(crate) async fn start_new(&self, id: &str) {
        if let Err(e) = self.table(id).await {
            warn!(table = %id, error = %e, "a new table did not start; it starts when asked for");
        }
    }

    /// Counters for `/api/stats`.
    #[must_use]
    pub fn stats(&self) -> parlour_protocol::Stats {
        parlour_protocol::Stats {
            tables_open: self.shared.tables_open.load(Ordering::Relaxed),
            connections: self.shared.connections.load(Ordering::Relaxed),
            actions_applied: self.shared.actions_applied.load(Ordering::Relaxed),
            resident_bytes: resident_bytes(),
        }
    }

    /// Hands every table over (a drain, before an upgrade): loads no table from now on, stops
    /// each table's task once the command under way (a write, say) is done, which gives up its
    /// lease so another process can serve it at once and closes its connections, telling them
    /// to reconnect; then closes the connections that joined no table.
    pub async fn shut_down(&self) {
        // Every load checks this with its table's cell locked, so none starts from now on.
        let _ = self.shutdown_tx.send(true);
        let cells: Vec<Arc<Cell>> = self
            .tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .map(|(_, cell)| cell)
            .collect();
        // A load under way when the flag was set holds its cell: wait for it, then stop it.
        let mut tasks = Vec::new();
        for cell in cells {
            let running = cell.lock().await.take();
            if let Some(r) = running {
                let _ = r.tx.send(Cmd::Stop).await;
                tasks.push(r.task);
            }
        }
        let handed = tasks.len();
        let deadline = tokio::time::Instant::now() + STOP_WAIT;
        for mut task in tasks {
            // A task stuck past this (a database that does not answer) is dropped; its lease
            // expires on its own.
            if tokio::time::timeout_at(deadline, &mut task).await.is_err() {
                task.abort();
            }
        }
        info!(tables = handed, "tables handed over");
        if let Err(e) = self.store.release_all().await {
            warn!(error = %e, "could not release the leases; they expire on their own");
        }
        // Their tables gone, the connections send their close frames and end: wait for that,
        // so the process does not exit under them.
        let start = tokio::time::Instant::now();
        while self.shared.connections.load(Ordering::Relaxed) > 0 && start.elapsed() < CLOSE_WAIT {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// A loaded table: its inbox, and its task, which ends after giving up the table's lease.
pub(crate) struct Running {
    pub(crate) tx: mpsc::Sender<Cmd>,
    pub(crate) task: tokio::task::JoinHandle<()>,
}

/// One table's place in [`AppState`]'s map: the running table, if it is loaded. Locked to load,
/// reach or unload that table.
pub(crate) type Cell = Mutex<Option<Running>>;

/// This process's resident memory from `/proc/self/status`, or `None` where there is no such
/// file (not Linux).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_vm_rss(&status)
}

/// The `VmRSS:   1234 kB` line of a `/proc/<pid>/status` text, in bytes.
fn parse_vm_rss(status: &str) -> Option<u64> {
    let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
    let kb = line.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
    Some(kb * 1024)
}

/// Serves the HTTP API and websockets on `listener` until `shutdown` completes, then closes
/// connections and the database.
///
/// # Errors
/// The database failed at start, or the listener failed.
pub async fn serve(
    listener: TcpListener,
    store: Store,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_on(listener, None, store, config, shutdown).await
}

/// [`serve`], with `/metrics` on `metrics` alone (say, a loopback address) rather than on
/// `listener`.
///
/// # Errors
/// The database failed at start, or a listener failed.
pub async fn serve_with_metrics(
    listener: TcpListener,
    metrics: TcpListener,
    store: Store,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let config = Config {
        metrics_apart: true,
        ..config
    };
    serve_on(listener, Some(metrics), store, config, shutdown).await
}

async fn serve_on(
    listener: TcpListener,
    metrics: Option<TcpListener>,
    store: Store,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let mut config = config;
    let local = listener.local_addr()?;
    if config.public_url.is_none() && !local.ip().is_unspecified() {
        config.public_url = Some(format!("http://{local}"));
    }
    let app = AppState::new(store.clone(), config).await?;
    if let Some(metrics) = metrics {
        let r = metrics_router(app.clone());
        // Ends with the process: scrapes hold no state worth a graceful stop.
        tokio::spawn(async move {
            if let Err(e) = axum::serve(metrics, r).await {
                warn!(error = %e, "the metrics listener failed");
            }
        });
    }
    let signal_app = app.clone();
    let (stop_accepting, stopped) = tokio::sync::oneshot::channel::<()>();
    // On the signal the listener closes at once (a proxy's health check then fails and sends
    // new connections elsewhere) while the tables are handed over.
    let handing_over = tokio::spawn(async move {
        shutdown.await;
        info!("shutting down: handing the tables over");
        let _ = stop_accepting.send(());
        signal_app.shut_down().await;
    });
    let service = router(app).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(async move {
            let _ = stopped.await;
        })
        .await?;
    let _ = handing_over.await;
    store.close().await;
    Ok(())
}

/// Errors of [`serve`].
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The listener failed.
    #[error("listener: {0}")]
    Io(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vm_rss_is_read_in_bytes() {
        let status = "Name:\tparlour\nVmPeak:\t  9000 kB\nVmRSS:\t    1234 kB\nThreads:\t4\n";
        assert_eq!(parse_vm_rss(status), Some(1234 * 1024));
        assert_eq!(parse_vm_rss("Name:\tparlour\n"), None);
        assert_eq!(parse_vm_rss("VmRSS:\tlots\n"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_resident_memory() {
        assert!(resident_bytes().is_some_and(|b| b > 0));
    }
}
