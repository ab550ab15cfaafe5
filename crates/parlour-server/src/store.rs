//! Durable tables: each table's setup and its record entries, appended as they happen.
//!
//! [`Store`] is an enum over database back ends so the table code never names one: SQLite for one
//! server process, PostgreSQL for several processes sharing one database. With PostgreSQL a process
//! serves a table only while it holds the table's lease (a row in `leases` with an owner and an
//! expiry), and every write checks the lease in its own transaction. With either, a table's
//! steps are stored in group commits (`group`): one transaction holds the steps of every table
//! waiting to store one.

mod group;
mod postgres;

use group::GroupCommit;
use group::sqlite::SqliteGroup;
pub use postgres::{LEASE, PgStore, RENEW_EVERY};

use std::collections::BTreeMap;
use std::str::FromStr;

use parlour_protocol::{ClockSettings, SeatKind, Status};
use serde_json::Value;
use sqlx::SqliteConnection;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use thiserror::Error;

/// Errors of the store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// A database URL this build cannot serve.
    #[error("unsupported database url `{0}` (use sqlite://PATH or postgres://USER@HOST/DB)")]
    Unsupported(String),
    /// This process no longer holds the table's lease: another process may serve it, so
    /// nothing was written.
    #[error("the lease on table `{0}` is lost")]
    LeaseLost(String),
    /// The operating system's generator failed.
    #[error("random numbers: {0}")]
    Random(String),
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// Migrating the schema failed.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored row does not make sense.
    #[error("corrupt stored table `{table}`: {reason}")]
    Corrupt {
        /// Table id.
        table: String,
        /// What is wrong.
        reason: String,
    },
}

/// One seat as stored.
#[derive(Clone, Debug)]
pub struct SeatRow {
    /// The seat number.
    pub seat: u8,
    /// Person or bot.
    pub kind: SeatKind,
    /// The person's name, or the bot's spec.
    pub name: String,
    /// SHA-256 of a person's token.
    pub token_hash: Option<Vec<u8>>,
    /// Whether the person has joined at least once.
    pub joined: bool,
}

/// A table as stored: enough to rebuild it exactly.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Table id.
    pub id: String,
    /// Registry id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Every option by id.
    pub options: BTreeMap<String, Value>,
    /// The secret seed.
    pub seed: u64,
    /// Stage.
    pub status: Status,
    /// The seat that resigned, if any.
    pub resigned: Option<u8>,
    /// The seats in order.
    pub seats: Vec<SeatRow>,
    /// Record entries in order.
    pub entries: Vec<String>,
    /// The turn clocks' settings, if the table has clocks.
    pub clock: Option<ClockSettings>,
    /// Each seat's time bank in milliseconds as of the latest stored step (empty without
    /// clocks, or if none was stored: then every seat has the full bank).
    pub banks: Vec<u64>,
    /// The table made as this one's rematch, if any.
    pub rematch: Option<String>,
}

/// An SQLite pool and the writer that stores steps in group commits.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
    group: GroupCommit,
}

/// The database behind the server.
#[derive(Clone, Debug)]
pub enum Store {
    /// SQLite (bundled; one file). One process: leases always succeed and cost nothing.
    Sqlite(SqliteStore),
    /// PostgreSQL, shared by any number of processes, each serving the tables it leases.
    Postgres(PgStore),
}

/// The SQLite migrations in `migrations/`, compiled in so the binary carries its schema. Their
/// text must never change: a database records each applied migration's checksum, and one made
/// by the hand-made list these replaced opens only if the files stay as they were.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

fn kind_text(k: SeatKind) -> &'static str {
    match k {
        SeatKind::Human => "human",
        SeatKind::Bot => "bot",
    }
}

fn parse_kind(table: &str, s: &str) -> Result<SeatKind, StoreError> {
    match s {
        "human" => Ok(SeatKind::Human),
        "bot" => Ok(SeatKind::Bot),
        other => Err(corrupt(table, format!("seat kind `{other}`"))),
    }
}

fn status_text(s: Status) -> &'static str {
    match s {
        Status::Waiting => "waiting",
        Status::Playing => "playing",
        Status::Finished => "finished",
    }
}

fn parse_status(table: &str, s: &str) -> Result<Status, StoreError> {
    match s {
        "waiting" => Ok(Status::Waiting),
        "playing" => Ok(Status::Playing),
        "finished" => Ok(Status::Finished),
        other => Err(corrupt(table, format!("status `{other}`"))),
    }
}

fn corrupt(table: &str, reason: impl Into<String>) -> StoreError {
    StoreError::Corrupt {
        table: table.to_owned(),
        reason: reason.into(),
    }
}

fn small(table: &str, what: &str, v: i64) -> Result<u8, StoreError> {
    u8::try_from(v).map_err(|_| corrupt(table, format!("{what} {v}")))
}

fn clock_text(c: Option<ClockSettings>) -> Option<String> {
    c.map(|c| serde_json::to_string(&c).expect("clock settings serialise"))
}

fn parse_clock(table: &str, text: Option<&str>) -> Result<Option<ClockSettings>, StoreError> {
    text.map(|t| serde_json::from_str(t).map_err(|e| corrupt(table, format!("clock: {e}"))))
        .transpose()
}

fn banks_text(banks: &[u64]) -> String {
    serde_json::to_string(banks).expect("banks serialise")
}

fn parse_banks(table: &str, text: Option<&str>) -> Result<Vec<u64>, StoreError> {
    text.map_or(Ok(Vec::new()), |t| {
        serde_json::from_str(t).map_err(|e| corrupt(table, format!("banks: {e}")))
    })
}

// The statements both back ends run, with `$N` parameters (SQLite reads them too), and the
// rows they read: the two schemas differ only in column types that decode to the same Rust
// types (BIGINT and INTEGER to i64, BYTEA and BLOB to bytes, BOOLEAN and INTEGER to bool).

const INSERT_TABLE: &str = "INSERT INTO tables \
    (id, game, players, options, seed, status, resigned, created_at, clock, banks, rematch) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
const INSERT_SEAT: &str = "INSERT INTO seats (table_id, seat, kind, name, token_hash, joined) \
    VALUES ($1, $2, $3, $4, $5, $6)";
const SELECT_TABLE: &str = "SELECT game, players, options, seed, status, resigned, clock, banks, \
    rematch FROM tables WHERE id = $1";
const SELECT_SEATS: &str = "SELECT seat, kind, name, token_hash, joined FROM seats \
    WHERE table_id = $1 ORDER BY seat";
const SELECT_ENTRIES: &str = "SELECT entry FROM entries WHERE table_id = $1 ORDER BY idx";
const SELECT_REMATCH: &str = "SELECT rematch FROM tables WHERE id = $1";
const SELECT_UNFINISHED: &str =
    "SELECT id FROM tables WHERE status <> 'finished' ORDER BY created_at, id";

/// Binds a new table's row to [`INSERT_TABLE`].
macro_rules! bind_table {
    ($query:expr, $t:expr) => {{
        let t: &StoredTable = $t;
        $query
            .bind(&t.id)
            .bind(&t.game)
            .bind(i64::from(t.players))
            .bind(serde_json::to_string(&t.options).expect("options serialise"))
            .bind(t.seed.cast_signed())
            .bind(status_text(t.status))
            .bind(t.resigned.map(i64::from))
            .bind(now_secs())
            .bind(clock_text(t.clock))
            .bind((!t.banks.is_empty()).then(|| banks_text(&t.banks)))
            .bind(t.rematch.as_deref())
    }};
}

/// Binds one seat of table `id` to [`INSERT_SEAT`].
macro_rules! bind_seat {
    ($query:expr, $id:expr, $s:expr) => {{
        let s: &SeatRow = $s;
        $query
            .bind($id)
            .bind(i64::from(s.seat))
            .bind(kind_text(s.kind))
            .bind(&s.name)
            .bind(s.token_hash.as_deref())
            .bind(s.joined)
    }};
}

pub(crate) use {bind_seat, bind_table};

/// A `tables` row as stored.
#[derive(sqlx::FromRow)]
struct TableCols {
    game: String,
    players: i64,
    options: String,
    seed: i64,
    status: String,
    resigned: Option<i64>,
    clock: Option<String>,
    banks: Option<String>,
    rematch: Option<String>,
}

/// A `seats` row as stored.
#[derive(sqlx::FromRow)]
struct SeatCols {
    seat: i64,
    kind: String,
    name: String,
    token_hash: Option<Vec<u8>>,
    joined: bool,
}

impl TableCols {
    /// The stored table `id` these rows make, checking every value.
    fn into_stored(
        self,
        id: &str,
        seats: Vec<SeatCols>,
        entries: Vec<String>,
    ) -> Result<StoredTable, StoreError> {
        let seats = seats
            .into_iter()
            .map(|s| {
                Ok(SeatRow {
                    seat: small(id, "seat", s.seat)?,
                    kind: parse_kind(id, &s.kind)?,
                    name: s.name,
                    token_hash: s.token_hash,
                    joined: s.joined,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(StoredTable {
            id: id.to_owned(),
            game: self.game,
            players: small(id, "players", self.players)?,
            options: serde_json::from_str(&self.options)
                .map_err(|e| corrupt(id, format!("options: {e}")))?,
            seed: self.seed.cast_unsigned(),
            status: parse_status(id, &self.status)?,
            resigned: self
                .resigned
                .map(|r| small(id, "resigned seat", r))
                .transpose()?,
            seats,
            entries,
            clock: parse_clock(id, self.clock.as_deref())?,
            banks: parse_banks(id, self.banks.as_deref())?,
            rematch: self.rematch,
        })
    }
}

/// Inserts a new table's row and its seats.
async fn insert_sqlite(conn: &mut SqliteConnection, t: &StoredTable) -> Result<(), StoreError> {
    bind_table!(sqlx::query(INSERT_TABLE), t)
        .execute(&mut *conn)
        .await?;
    for s in &t.seats {
        bind_seat!(sqlx::query(INSERT_SEAT), &t.id, s)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

impl Store {
    /// Opens (creating if need be) the database at `url` and brings its schema up to date.
    ///
    /// # Errors
    /// An unsupported URL, or a database that cannot be opened or migrated.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        if url.starts_with("sqlite:") {
            let opts = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true);
            // One connection: SQLite writes one transaction at a time anyway, and several
            // connections wait for its lock by sleeping, which cost more than the writes. A
            // file's connection does not go stale, so it is not pinged (a hand-off to its thread)
            // each time it is taken.
            let pool = SqlitePoolOptions::new()
                .max_connections(1)
                .test_before_acquire(false)
                .connect_with(opts)
                .await?;
            MIGRATOR.run(&pool).await?;
            let group = GroupCommit::start(SqliteGroup(pool.clone()));
            Ok(Store::Sqlite(SqliteStore { pool, group }))
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Store::Postgres(PgStore::connect(url).await?))
        } else {
            Err(StoreError::Unsupported(url.to_owned()))
        }
    }

    /// Stores a new table with no entries.
    ///
    /// # Errors
    /// The database failed.
    pub async fn create_table(&self, t: &StoredTable) -> Result<(), StoreError> {
        let pool = match self {
            Store::Sqlite(s) => &s.pool,
            Store::Postgres(pg) => return pg.create_table(t).await,
        };
        let mut tx = pool.begin().await?;
        insert_sqlite(&mut tx, t).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores `new` as the rematch of finished table `old`, unless `old` has one already:
    /// returns the id of `old`'s rematch, `new.id` if it was made now. With PostgreSQL the new
    /// table's lease is this process's, as with [`Store::create_table`].
    ///
    /// # Errors
    /// The database failed, or (PostgreSQL) this process no longer holds `old`'s lease; nothing
    /// was stored.
    pub async fn create_rematch(&self, old: &str, new: &StoredTable) -> Result<String, StoreError> {
        let pool = match self {
            Store::Sqlite(s) => &s.pool,
            Store::Postgres(pg) => return pg.create_rematch(old, new).await,
        };
        let mut tx = pool.begin().await?;
        // The write first: it takes SQLite's write lock before anything is read.
        let done = sqlx::query("UPDATE tables SET rematch = ? WHERE id = ? AND rematch IS NULL")
            .bind(&new.id)
            .bind(old)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            let existing: Option<Option<String>> = sqlx::query_scalar(SELECT_REMATCH)
                .bind(old)
                .fetch_optional(&mut *tx)
                .await?;
            return existing
                .flatten()
                .ok_or_else(|| corrupt(old, "no such table to rematch"));
        }
        insert_sqlite(&mut tx, new).await?;
        tx.commit().await?;
        Ok(new.id.clone())
    }

    /// Appends entries `first..` of a table and sets its status and (if `banks` is given) its
    /// seats' time banks in milliseconds, in one transaction: after it returns, they survive a
    /// crash. That transaction may hold other tables' steps too (a group commit).
    ///
    /// # Errors
    /// The database failed, or (PostgreSQL) this process no longer holds the table's lease;
    /// nothing was stored.
    pub async fn append(
        &self,
        table: &str,
        first: u64,
        entries: &[String],
        status: Status,
        banks: Option<&[u64]>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.group.append(table, first, entries, status, banks).await,
            Store::Postgres(pg) => pg.group.append(table, first, entries, status, banks).await,
        }
    }

    /// Sets a table's status (and who resigned).
    ///
    /// # Errors
    /// The database failed, or the lease is lost.
    pub async fn set_status(
        &self,
        table: &str,
        status: Status,
        resigned: Option<u8>,
    ) -> Result<(), StoreError> {
        let pool = match self {
            Store::Sqlite(s) => &s.pool,
            Store::Postgres(pg) => return pg.set_status(table, status, resigned).await,
        };
        sqlx::query("UPDATE tables SET status = ?, resigned = ? WHERE id = ?")
            .bind(status_text(status))
            .bind(resigned.map(i64::from))
            .bind(table)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Marks a person's seat as joined.
    ///
    /// # Errors
    /// The database failed, or the lease is lost.
    pub async fn set_joined(&self, table: &str, seat: u8) -> Result<(), StoreError> {
        let pool = match self {
            Store::Sqlite(s) => &s.pool,
            Store::Postgres(pg) => return pg.set_joined(table, seat).await,
        };
        sqlx::query("UPDATE seats SET joined = 1 WHERE table_id = ? AND seat = ?")
            .bind(table)
            .bind(i64::from(seat))
            .execute(pool)
            .await?;
        Ok(())
    }

    /// A table with its seats and entries, or `None` if there is no such table.
    ///
    /// # Errors
    /// The database failed, or the rows are corrupt.
    pub async fn load(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let pool = match self {
            Store::Sqlite(s) => &s.pool,
            Store::Postgres(pg) => return pg.load(id).await,
        };
        let Some(row) = sqlx::query_as::<_, TableCols>(SELECT_TABLE)
            .bind(id)
            .fetch_optional(pool)
            .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query_as(SELECT_SEATS)
            .bind(id)
            .fetch_all(pool)
            .await?;
        let entries = sqlx::query_scalar(SELECT_ENTRIES)
            .bind(id)
            .fetch_all(pool)
            .await?;
        row.into_stored(id, seats, entries).map(Some)
    }

    /// Ids of every table not finished, oldest first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let pool = match self {
            Store::Sqlite(s) => &s.pool,
            Store::Postgres(pg) => return pg.unfinished().await,
        };
        Ok(sqlx::query_scalar(SELECT_UNFINISHED)
            .fetch_all(pool)
            .await?)
    }

    /// Tables in play whose lease no live process holds, at most `limit` (PostgreSQL; SQLite's
    /// one process holds every table, so none).
    ///
    /// # Errors
    /// The database failed.
    pub async fn orphans(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(Vec::new()),
            Store::Postgres(pg) => pg.orphans(limit).await,
        }
    }

    /// This process's lease owner id (PostgreSQL), random per [`Store::connect`].
    #[must_use]
    pub fn owner(&self) -> Option<&str> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(pg) => Some(pg.owner()),
        }
    }

    /// Whether leases mean anything here: false for SQLite, whose one process serves every table.
    #[must_use]
    pub fn leases(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// Takes the lease on table `id` for this process if it is free, expired, or already ours;
    /// it then lasts [`LEASE`] unless renewed. False if another live process holds it or there
    /// is no such table. Always true with SQLite.
    ///
    /// # Errors
    /// The database failed.
    pub async fn take_lease(&self, id: &str) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(true),
            Store::Postgres(pg) => pg.take_lease(id).await,
        }
    }

    /// Takes the lease on table `id` for this process even if another live process holds it (a
    /// proxy sends the table's clients here now). That process's write under way is stored
    /// first; its next write or renewal finds the lease lost and stops the table there. False
    /// if there is no such table. Always true with SQLite.
    ///
    /// # Errors
    /// The database failed.
    pub async fn take_over_lease(&self, id: &str) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(true),
            Store::Postgres(pg) => pg.take_over_lease(id).await,
        }
    }

    /// Extends this process's lease on `id` by [`LEASE`]. False if the lease is no longer ours.
    /// Always true with SQLite.
    ///
    /// # Errors
    /// The database failed.
    pub async fn renew_lease(&self, id: &str) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(true),
            Store::Postgres(pg) => pg.renew_lease(id).await,
        }
    }

    /// Gives up this process's lease on `id` (if it holds it), so another process may serve the
    /// table at once.
    ///
    /// # Errors
    /// The database failed.
    pub async fn release_lease(&self, id: &str) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => Ok(()),
            Store::Postgres(pg) => pg.release_lease(id).await,
        }
    }

    /// Gives up every lease this process holds (on a graceful shutdown).
    ///
    /// # Errors
    /// The database failed.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => Ok(()),
            Store::Postgres(pg) => pg.release_all().await,
        }
    }

    /// Closes the connections (after the last write).
    pub async fn close(&self) {
        match self {
            Store::Sqlite(s) => s.pool.close().await,
            Store::Postgres(pg) => pg.close().await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: &str) -> StoredTable {
        StoredTable {
            id: id.to_owned(),
            game: "haunted".to_owned(),
            players: 2,
            options: BTreeMap::from([("a".to_owned(), Value::Bool(true))]),
            seed: u64::MAX - 1,
            status: Status::Playing,
            resigned: None,
            seats: vec![
                SeatRow {
                    seat: 0,
                    kind: SeatKind::Human,
                    name: "Ann".to_owned(),
                    token_hash: Some(vec![7; 32]),
                    joined: false,
                },
                SeatRow {
                    seat: 1,
                    kind: SeatKind::Bot,
                    name: "greedy".to_owned(),
                    token_hash: None,
                    joined: true,
                },
            ],
            entries: Vec::new(),
            clock: None,
            banks: Vec::new(),
            rematch: None,
        }
    }

    #[tokio::test]
    async fn clock_banks_and_rematches_are_stored() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("s.db").display());
        let store = Store::connect(&url).await.unwrap();
        let clock = ClockSettings {
            bank_secs: 60,
            increment_secs: 5,
        };
        let mut t = table("t1");
        t.clock = Some(clock);
        store.create_table(&t).await.unwrap();
        let fresh = store.load("t1").await.unwrap().unwrap();
        assert_eq!(fresh.clock, Some(clock));
        assert!(fresh.banks.is_empty());
        store
            .append(
                "t1",
                0,
                &["0: y".into()],
                Status::Playing,
                Some(&[41_500, 60_000]),
            )
            .await
            .unwrap();
        // A step without banks leaves them as they were.
        store
            .append("t1", 1, &["1: z".into()], Status::Playing, None)
            .await
            .unwrap();
        assert_eq!(
            store.load("t1").await.unwrap().unwrap().banks,
            [41_500, 60_000]
        );

        let mut new = table("t2");
        new.clock = Some(clock);
        assert_eq!(store.create_rematch("t1", &new).await.unwrap(), "t2");
        // Once made, a rematch stays the same: the second new table is not stored.
        let other = table("t3");
        assert_eq!(store.create_rematch("t1", &other).await.unwrap(), "t2");
        assert!(store.load("t3").await.unwrap().is_none());
        let old = store.load("t1").await.unwrap().unwrap();
        assert_eq!(old.rematch.as_deref(), Some("t2"));
        let made = store.load("t2").await.unwrap().unwrap();
        assert_eq!(made.clock, Some(clock));
        assert_eq!(made.seats[0].token_hash, old.seats[0].token_hash);
        assert_eq!(made.rematch, None);
    }

    #[tokio::test]
    async fn only_sqlite_and_postgres_urls_are_served() {
        assert!(matches!(
            Store::connect("mysql://localhost/x").await,
            Err(StoreError::Unsupported(_))
        ));
    }
}
